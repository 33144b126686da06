"""Play against the search: click a cell (tic-tac-toe) or a column (Connect Four), and the engine replies.

Beside the board the widget shows what the engine found before its move:
its value and the line it expects, how much it searched, and for MCTS the
visits and mean reward of every move.  Undo, a new game, who starts, and
which engine with which budget are buttons and menus.  Where no kernel runs
it shows a picture of the board instead.  The engines search in
:mod:`abteach.agents.players`, which the front door's ``ab.play`` hands the
widget: nothing here searches.

Examples
--------
>>> import abteach as ab
>>> w = ab.play(ab.TicTacToe(), engine="perfect")
>>> w.click(4); w.state.cells.count("X"), w.state.cells.count("O")
(1, 1)
>>> w.undo(); w.state.cells
'.........'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as widgets

from abteach.games.errors import shown
from abteach.views.boards import board_png, cells_of
from abteach.widgets.fallback import with_fallback
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
    def think(self, player: Any, game: Any, state: Any) -> Thought: ...

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

_CSS = """
<style>
/* Dark text on white, like its board, whatever the notebook's theme. */
""" + light_card(".ab-play") + """
.ab-play .ab-cell button, .ab-play button.ab-cell { font-size: 22px; font-weight: bold; }
.ab-play .ab-play-status { font-size: 16px; color: #1a1a1a; }
.ab-play .ab-thinking { font-size: 13px; color: #1a1a1a; }
.ab-play .ab-thinking table { border-collapse: collapse; }
.ab-play .ab-thinking td, .ab-play .ab-thinking th { padding: 1px 8px; border-bottom: 1px solid #ccc; }
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


class Play(widgets.VBox):
    """A game against an engine, in the notebook.  Build one with :func:`play`.

    Attributes
    ----------
    state : the current position
    history : list of positions, the first the start
    thought : Thought or None
        What the engine found before its last move.
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

        self.cells = []
        for r in range(self.height):
            for c in range(self.width):
                b = widgets.Button(description=" ", layout=widgets.Layout(width="52px", height="52px"),
                                   tooltip=f"column {c}" if self.columns else f"{'abc'[c]}{r + 1}")
                b.add_class("ab-cell")
                b.add_class(f"ab-cell-{r}-{c}")
                b.on_click(lambda _, c=c, r=r: self.click(c if self.columns else r * self.width + c))
                self.cells.append(b)
        # Fixed rows, aligned to the top: a tall thinking panel beside the board must not stretch it.
        grid = widgets.GridBox(self.cells, layout=widgets.Layout(
            grid_template_columns=f"repeat({self.width}, 56px)", grid_auto_rows="56px", grid_gap="2px",
            align_self="flex-start", flex="0 0 auto"))
        self.status = widgets.HTML()
        self.status.add_class("ab-play-status")
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

        controls = widgets.HBox([self.undo_button, self.new_button])
        menus = widgets.HBox([self.engine, self.budget], layout=widgets.Layout(flex_flow="row wrap"))
        side = widgets.VBox([widgets.HTML("<b>The engine's thinking</b>"), self.thinking],
                            layout=widgets.Layout(flex="1 1 0", padding="0 0 0 16px", min_width="260px"))
        # The thinking goes below the board when both do not fit side by side (a 7-column board at 1024 px
        # with the file browser open), rather than run past the page's edge.
        board = widgets.HBox([grid, side], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        board.add_class("ab-board")
        side.add_class("ab-thinking-panel")
        super().__init__([widgets.HTML(_CSS), self.status, board, controls, self.starts, menus])
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

    def click(self, action: Any) -> None:
        """The person plays ``action``; the engine replies unless the game is over."""
        s = self.state
        if self.game.is_terminal(s) or self.game.to_move(s) != self.you:
            return
        if action not in self.game.actions(s):
            self.status.value = f"<b>{html.escape(self._name(action))}</b> cannot be played here: pick another."
            return
        self.history.append(self.game.result(s, action))
        self._reply()

    def _reply(self) -> None:
        if not self.game.is_terminal(self.state):
            self.status.value = "The engine is thinking…"
            self._set_enabled(False)
            self.thought = self.agents.think(self.player(), self.game, self.state)
            self.history.append(self.game.result(self.state, self.thought.move))
        self._show()

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
        self._show()

    def new_game(self) -> None:
        self.history = [self.game.initial]
        self.thought = None
        if self.starts.value != "you start":
            self._reply()
        else:
            self._show()

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
        for b in self.cells:
            b.disabled = not on

    def _show(self) -> None:
        _, _, grid = cells_of(self.game, self.state)
        over = self.game.is_terminal(self.state)
        legal = set(self.game.actions(self.state))
        for r in range(self.height):
            for c in range(self.width):
                b = self.cells[r * self.width + c]
                ch = grid[r][c]
                b.description = ch if ch != "." else " "
                b.button_style = {"X": "danger", "O": "warning"}.get(ch, "") if self.columns else ""
                action = c if self.columns else r * self.width + c
                b.disabled = over or action not in legal
        self.status.value = f"<b>{html.escape(self.outcome())}</b>"
        self.undo_button.disabled = len(self.history) <= (1 if self.starts.value == "you start" else 2)
        self.thinking.value = self._thinking_html()

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


__all__ = ["play", "Play", "make_player", "BUDGETS"]
