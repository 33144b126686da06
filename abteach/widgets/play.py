"""Play against the search: click a cell (tic-tac-toe) or a column (Connect Four), and the engine replies.

The board is drawn in the page by an ES module, ``static/board.js``, run by
`anywidget <https://anywidget.dev>`_: inline SVG with real text, from the
board's description in :func:`abteach.views.boards.board_data` (the printed
picture draws the same).  Each cell is a button with its own name, reached
with Tab and the arrow keys and played with Enter or Space (keys JupyterLab's
shortcuts never see); a live region says each move and how the game stands.
Drawing, hover and focus need no kernel: only a move goes to it, as one
message, and the engine's reply comes back as the next board.

Beside the board the widget shows what the engine found before its move:
its value and the line it expects, how much it searched, and for MCTS the
visits and mean reward of every move; below, the engine's last search in a
stepper (:func:`abteach.stepper`), when it is one that can be stepped through.
Undo, a new game, who starts, and which engine with which budget are buttons
and menus.  Where no kernel runs it shows a picture of the board instead.
The engines search in :mod:`abteach.agents.players`, which the front door's
``ab.play`` hands the widget: nothing here searches.

Examples
--------
>>> import abteach as ab
>>> w = ab.play(ab.TicTacToe(), engine="perfect")
>>> w.click(4); w.state.cells.count("X"), w.state.cells.count("O")
(1, 1)
>>> w.cells[4].description, w.cells[4].disabled, w.cells[4].label
('X', True, 'b2: X')
>>> w.undo(); w.state.cells
'.........'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Final, Protocol

import anywidget
import ipywidgets as widgets
import traitlets

from abteach.games.errors import shown
from abteach.views.boards import board_data, board_png, cells_of
from abteach.widgets.fallback import with_fallback
from abteach.widgets.stepper import Stepper, stepper
from abteach.widgets.theme import light_card

if TYPE_CHECKING:  # what an engine reports, made below; only its type is named here
    from abteach.agents.players import Thought


class Agents(Protocol):
    """The engines the widget is handed: :mod:`abteach.agents.players` has them all."""

    def perfect(self, *, seed: int = 0) -> Any: ...
    def alphabeta(self, depth: int = 4) -> Any: ...
    def engine(self, seconds: float = 1.0) -> Any: ...
    def mcts(self, playouts: int = 1000, *, seed: int = 0) -> Any: ...
    def random(self, seed: int = 0) -> Any: ...
    def think(self, player: Any, game: Any, state: Any, *, trace: bool = False) -> Thought: ...

#: The engines a student can pick, and the budgets each offers (the first is the default).
BUDGETS: dict[str, tuple[tuple[str, Any], ...]] = {
    "perfect": (("exact", "exact"),),
    "alpha-beta": tuple((f"depth {d}", d) for d in (2, 4, 6, 1, 3, 5, 8)),
    "engine": tuple((f"{t:g} s", t) for t in (0.5, 1.0, 2.0, 0.1, 0.25, 5.0)),
    "MCTS": tuple((f"{n:,} playouts", n) for n in (1000, 100, 300, 3000, 10000)),
    "random": (("none", "none"),),
}

#: How each engine is named in the menu: the perfect player is minimax searched to the end.
LABELS = {"perfect": "minimax (perfect)", "alpha-beta": "alpha-beta", "engine": "engine", "MCTS": "MCTS",
          "random": "random"}

#: Perfect play solves the game; boards with more cells than this take too long to solve move by move.
MAX_SOLVED_CELLS = 20

#: The longest search the widget steps through after a move: longer ones (MCTS with 1,000 playouts, about
#: 6,500 steps) would take seconds a move to describe and a megabyte or more to send.
MAX_SEARCH_STEPS: Final = 5000

#: The board's front end: one ES module, shipped with the package, no build step.
BOARD_ESM: Final = Path(__file__).with_name("static") / "board.js"

_CSS = """
<style>
/* Dark text on white, like its board, whatever the notebook's theme. */
""" + light_card(".ab-play") + """
.ab-play .ab-thinking { font-size: 13px; color: #1a1a1a; }
.ab-play .ab-thinking table { border-collapse: collapse; }
.ab-play .ab-thinking td, .ab-play .ab-thinking th { padding: 1px 8px; border-bottom: 1px solid #ccc; }
.ab-play .ab-search-note { font-size: 13px; color: #1a1a1a; }
</style>
"""


def make_player(agents: Agents, engine: str, budget: Any, seed: int = 0) -> Any:
    """The player of ``agents`` for a menu choice: ``make_player(players, "MCTS", 1000)``."""
    if engine not in BUDGETS:
        raise ValueError(f"engine must be one of {', '.join(map(repr, BUDGETS))}, not {engine!r}")
    if engine == "perfect":
        return agents.perfect(seed=seed)
    if engine == "alpha-beta":
        return agents.alphabeta(budget)
    if engine == "engine":
        return agents.engine(budget)
    if engine == "MCTS":
        return agents.mcts(budget, seed=seed)
    return agents.random(seed)


@dataclass(frozen=True)
class Cell:
    """One cell as the page shows it: its text, whether it can be played, and the name a screen reader says."""

    description: str
    disabled: bool
    label: str


class Board(anywidget.AnyWidget):
    """The board in the page (``static/board.js``): it draws, the kernel only hears of moves.

    Attributes
    ----------
    board : dict
        :func:`abteach.views.boards.board_data` of the position, with the playable cells marked.
    status : str
        How the game stands, shown above the board.
    announce : str
        The sentence the live region says: the moves just played and how the game stands.
    busy : bool
        The engine is thinking: the page takes no move meanwhile.
    """

    _esm = BOARD_ESM.read_text(encoding="utf-8")
    board = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    announce = traitlets.Unicode("").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_play: Callable[[Any], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_play = on_play
        self.on_msg(self._message)

    def _message(self, _: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") != "play":
            return
        # Busy, then not: the page, which marked itself busy at the click, always hears the end of it.
        self.busy = True
        try:
            self._on_play(content.get("action"))
        finally:
            self.busy = False


class Play(widgets.VBox):
    """A game against an engine, in the notebook.  Build one with :func:`play`.

    Attributes
    ----------
    state : the current position
    history : list of positions, the first the start
    thought : Thought or None
        What the engine found before its last move.
    board : Board
        The board in the page.
    cells : tuple of Cell
        The cells as the page shows them, rows from the top.
    search : Stepper or None
        The engine's last search, step by step, when it can be stepped through.
    """

    def __init__(self, game: Any, *, engine: str | None = None, budget: Any = None, you_first: bool = True,
                 seed: int = 0, agents: Agents) -> None:
        self.agents = agents
        if not hasattr(game, "initial") or not callable(getattr(game, "actions", None)):
            raise TypeError(f"game must be a game to play, such as ab.TicTacToe() or ab.ConnectFour(), "
                            f"not {shown(game)}")
        if engine is None:
            w, h, _ = cells_of(game, game.initial)
            small = w * h <= MAX_SOLVED_CELLS or not callable(getattr(game.initial, "rows", None))
            engine = "perfect" if small else "engine"
        if engine not in BUDGETS:
            raise ValueError(f"engine must be one of {', '.join(map(repr, BUDGETS))}, not {engine!r}")
        options = dict(BUDGETS[engine])
        if budget is not None and budget not in options.values():
            raise ValueError(f"budget for {engine} must be one of {list(options.values())}, not {budget!r}")
        if not isinstance(you_first, bool):
            raise TypeError(f"you_first must be True or False, not {you_first!r}")
        self.game = game
        self.width, self.height, _ = cells_of(game, game.initial)  # refuses other games, before any widget
        # Tic-tac-toe is always solvable; Connect Four only on small boards.
        self.solvable = (self.width * self.height <= MAX_SOLVED_CELLS
                         or not callable(getattr(game.initial, "rows", None)))
        if engine == "perfect" and not self.solvable:
            raise ValueError(f"engine 'perfect' solves the game, and a {self.width} × {self.height} board is too big "
                             f"to solve move by move (at most {MAX_SOLVED_CELLS} cells); pick 'engine', "
                             "'alpha-beta' or 'MCTS'")
        self.columns = callable(getattr(game.initial, "rows", None))
        self.seed = seed
        self.history: list[Any] = [game.initial]
        self.thought: Thought | None = None
        self.you_first = you_first

        self.board = Board(self._clicked)
        self.board.add_class("ab-board-view")
        self.search: Stepper | None = None
        self.thinking = widgets.HTML()
        self.thinking.add_class("ab-thinking")
        engines = [(LABELS[e], e) for e in BUDGETS if e != "perfect" or self.solvable]
        self.engine = widgets.Dropdown(options=engines, value=engine, description="engine",
                                       layout=widgets.Layout(width="220px"))
        self.budget = widgets.Dropdown(options=BUDGETS[engine], description="budget",
                                       layout=widgets.Layout(width="220px"))
        if budget is not None:
            self.budget.value = budget
        self.starts = widgets.ToggleButtons(options=["you start", "engine starts"],
                                            value="you start" if you_first else "engine starts")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.new_button = widgets.Button(description="New game", icon="refresh")
        for name, w in (("engine", self.engine), ("budget", self.budget), ("starts", self.starts),
                        ("undo", self.undo_button), ("new", self.new_button)):
            w.add_class(f"ab-{name}")
        self.engine.observe(self._on_engine, names="value")
        self.starts.observe(lambda change: self.new_game(), names="value")
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_game())

        self.search_box = widgets.VBox()
        self.search_box.add_class("ab-search")
        controls = widgets.HBox([self.undo_button, self.new_button])
        menus = widgets.HBox([self.engine, self.budget], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([widgets.HTML("<b>The engine's thinking</b>"), self.thinking],
                            layout=widgets.Layout(flex="1 1 0", padding="0 0 0 16px", min_width="260px"))
        # The thinking goes below the board when both do not fit side by side (a 7-column board at 1024 px
        # with the file browser open), rather than run past the page's edge.
        board = widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap",
                                                                      align_items="flex-start"))
        board.add_class("ab-board")
        side.add_class("ab-thinking-panel")
        # The search goes last, full width: a tree with its pseudocode is wider than the room beside a board.
        super().__init__([widgets.HTML(_CSS), board, controls, self.starts, menus, self.search_box])
        self.add_class("ab-play")
        self.new_game()

    # -- the game -------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.history[-1]

    @property
    def you(self) -> Any:
        """The side the person plays: the first mover's, if they start."""
        first = self.game.to_move(self.game.initial)
        second = self.game.to_move(self.game.result(self.game.initial, self.game.actions(self.game.initial)[0]))
        return first if self.starts.value == "you start" else second

    def player(self) -> Any:
        return make_player(self.agents, self.engine.value, self.budget.value, self.seed)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells as the page shows them now, rows from the top: text, whether playable, name."""
        return tuple(Cell(c["text"], not c["playable"], c["label"]) for c in self.board.board["cells"])

    @property
    def status(self) -> str:
        """The line above the board: how the game stands, or why a move was refused."""
        return self.board.status

    def click(self, action: Any) -> None:
        """The person plays ``action``; the engine replies unless the game is over."""
        s = self.state
        if self.game.is_terminal(s) or self.game.to_move(s) != self.you:
            return
        if action not in self.game.actions(s):
            self.board.status = f"{self._name(action)} cannot be played here: pick another."
            return
        self.history.append(self.game.result(s, action))
        self._reply(said=f"You played {self.game.move_name(s, action)}.")

    def _clicked(self, action: Any) -> None:
        # From the page: a JSON number.  A move the game does not know is refused by name, as a click's is.
        if isinstance(action, float) and action.is_integer():
            action = int(action)
        self.click(action)

    def _reply(self, said: str = "") -> None:
        if not self.game.is_terminal(self.state):
            self.board.status = "The engine is thinking…"
            self._set_enabled(False)
            before = self.state
            self.thought = self.agents.think(self.player(), self.game, before, trace=True)
            self.history.append(self.game.result(before, self.thought.move))
            said = f"{said} The engine played {self.game.move_name(before, self.thought.move)}.".strip()
        self._show(said)

    def undo(self) -> None:
        """Take back the person's last move and the engine's reply."""
        while len(self.history) > 1:
            self.history.pop()
            if self.game.to_move(self.state) == self.you:
                break
        # When the engine starts, its first move stays: undo never leaves the engine to move.
        if self.game.to_move(self.state) != self.you and not self.game.is_terminal(self.state):
            self._reply()
            return
        self.thought = None
        self._show("Moves taken back.")

    def new_game(self) -> None:
        self.history = [self.game.initial]
        self.thought = None
        if self.starts.value != "you start":
            self._reply("A new game.")
        else:
            self._show("A new game.")

    def _on_engine(self, change: dict) -> None:
        self.budget.options = BUDGETS[change["new"]]
        self.budget.value = BUDGETS[change["new"]][0][1]

    # -- showing it ------------------------------------------------------------------
    def outcome(self) -> str:
        """How the game stands, in words."""
        s, game = self.state, self.game
        if not game.is_terminal(s):
            return f"Your move ({self.you}): click a {'column' if self.columns else 'square'}."
        u = game.utility(s, self.you)
        return "You win!" if u > 0 else ("The engine wins." if u < 0 else "A draw.")

    def _name(self, action: Any) -> str:
        return str(self.game.move_name(self.state, action)) if hasattr(self.game, "move_name") else str(action)

    def _set_enabled(self, on: bool) -> None:
        data = dict(self.board.board)
        data["cells"] = [{**c, "playable": c["playable"] and on} for c in data.get("cells", [])]
        self.board.board = data

    def _last_move(self) -> Any:
        """The cell of the engine's last move, (column, row from the top), to ring; None if it has not moved."""
        if self.thought is None or len(self.history) < 2:
            return None
        before, after = cells_of(self.game, self.history[-2])[2], cells_of(self.game, self.history[-1])[2]
        changed = [(c, r) for r, (a, b) in enumerate(zip(before, after)) for c in range(len(a)) if a[c] != b[c]]
        return changed[0] if len(changed) == 1 else None

    def _show(self, said: str = "") -> None:
        over = self.game.is_terminal(self.state)
        legal = () if over or self.game.to_move(self.state) != self.you else self.game.actions(self.state)
        self.board.board = board_data(self.game, self.state, legal=legal, highlight=self._last_move())
        self.board.status = self.outcome()
        self.board.announce = f"{said} {self.outcome()}".strip()
        self.undo_button.disabled = len(self.history) <= (1 if self.starts.value == "you start" else 2)
        self.thinking.value = self._thinking_html()
        self._show_search()

    def _show_search(self) -> None:
        """The engine's last search in a stepper, opened at its end; or a sentence saying why there is none."""
        old, self.search = self.search, None
        t = self.thought
        if t is None:
            children: list[widgets.Widget] = []
        elif t.search is not None and 0 < len(t.search.trace) <= MAX_SEARCH_STEPS:
            self.search = stepper(t.search, step=len(t.search.trace))
            self.search.add_class("ab-search-stepper")
            heading = widgets.HTML(f"<b>Its search for that move, step by step</b> ({len(t.search.trace):,} "
                                   "steps; it opens at the end: step back to see how it got there)")
            heading.add_class("ab-search-note")
            children = [heading, self.search]
        else:
            steps = len(t.search.trace) if t.search is not None else 0
            why = t.why_no_search or (f"Its search took {steps:,} steps, more than are stepped through here "
                                      f"({MAX_SEARCH_STEPS:,}): a smaller budget shows it step by step.")
            note = widgets.HTML(f"<i>{html.escape(why)}</i>")
            note.add_class("ab-search-note")
            children = [note]
        self.search_box.children = children
        if old is not None:
            old.close()

    def _thinking_html(self) -> str:
        t = self.thought
        if t is None:
            return "<i>Nothing yet: the engine has not moved.</i>"
        before = self.history[-2] if len(self.history) >= 2 else self.state
        name = html.escape(str(self.game.move_name(before, t.move)))
        rows = "".join(f"<tr><td>{html.escape(str(self.game.move_name(before, a)))}</td>"
                       f"<td>{html.escape(text)}</td></tr>" for a, text in t.per_move.items())
        table = f"<table><tr><th>move</th><th>what it found</th></tr>{rows}</table>" if rows else ""
        return (f"<div>{html.escape(self.player_name())} played <b>{name}</b>.</div>"
                f"<div>{html.escape(t.summary)}</div>{table}")

    def player_name(self) -> str:
        return str(self.player().name)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A picture of the board for renderers that cannot run widgets.
        return with_fallback(super()._repr_mimebundle_(**kwargs),
                             board_png(self.game, self.state, caption=self.outcome()), repr(self))

    def __repr__(self) -> str:
        return f"Play({type(self.game).__name__} against {self.player_name()}: {self.outcome()})"


def play(game: Any, *, engine: str | None = None, budget: Any = None, you_first: bool = True,
         seed: int = 0, agents: Agents) -> Play:
    """Play ``game`` (tic-tac-toe or Connect Four) against an engine in the notebook.

    Parameters
    ----------
    game : TicTacToe or ConnectFour
    engine : {'perfect', 'alpha-beta', 'engine', 'MCTS', 'random'}, optional
        Who replies; the menu in the widget changes it later.  'perfect'
        (minimax to the end) is for games small enough to solve (tic-tac-toe,
        Connect Four up to 20 cells), and the default for them; otherwise the
        engine is.
    budget : optional
        The depth for alpha-beta, seconds a move for the engine, playouts for
        MCTS; one of :data:`BUDGETS`.  The first of each by default.
    you_first : bool
        Whether the person moves first.
    seed : int
        For the engines that draw random numbers.
    agents : module
        Where the engines are: :mod:`abteach.agents.players` (the front door's ``ab.play`` hands it).
    """
    return Play(game, engine=engine, budget=budget, you_first=you_first, seed=seed, agents=agents)


__all__ = ["play", "Play", "Board", "Cell", "make_player", "BUDGETS", "BOARD_ESM", "MAX_SEARCH_STEPS"]
