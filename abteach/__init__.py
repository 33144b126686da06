"""abteach: teach and learn minimax and alpha-beta pruning.

The layers, one folder each, in the order data flows::

    games  ->  search  ->  trace  ->  lessons | agents  ->  grading  ->  views  ->  widgets

Each imports only those to its left; lessons and agents, side by side, do
not import each other.  This module is the one front door: the headless
parts load at once, the drawing and widget parts (matplotlib, networkx,
ipywidgets) on first use.

>>> import abteach as ab
>>> r = ab.alphabeta(ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> r.value, r.move, r.pruned
(3, 0, [(1, 1), (1, 2)])
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pathlib
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable

from abteach.games import (MAX, MAX_DEPTH, MIN, Board, ConnectFour, ConnectFourBoard, Game, HoldOrRoll, Node, Path,
                           Player, TicTacToe, Tree, examples, load_tree, random_tree, tree, tree_from_json)
from abteach.search.events import Bound, Event, Kind, fmt
from abteach.trace import Frame, Listing, NodeState, Status, Trace
from abteach.trace.registry import Registration, listing, register, registered
from abteach.search.rules import TieRule
from abteach.trace.algorithms import (Problem, SearchResult, alphabeta_fail_hard, alphabeta_tutorial,
                                      aspiration, iterative_deepening, minimax, mtdf, negamax_memory,
                                      mcts, negascout, null_window, sss_star)
from abteach.lessons import complexity, enhancements, fig55, mistakes, ordering
from abteach.search.solve import SolveLimitError, solve
from abteach.agents import players
from abteach.agents.match import match
from abteach import grading
from abteach.grading import from_cs188, to_cs188
from abteach.lessons.practice import check_answers, practice_tree



def _takes_rule(search: Callable[..., SearchResult]) -> Callable[..., SearchResult]:
    """``search`` (which has a tie rule) also taking ``rule='textbook'`` or ``'strict'``, as ``practice`` does.

    The name is turned into the tie rule here, at the front door, by the one
    vocabulary of :class:`~abteach.search.rules.TieRule`; the search itself
    reads only ``prune_on_tie``.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.alphabeta(ab.examples.TIED, rule="strict").tie
    TieRule(strict)
    >>> ab.alphabeta(ab.examples.TIED, rule="strcit")
    Traceback (most recent call last):
    ...
    ValueError: rule must be 'textbook' or 'strict', not 'strcit'
    """

    @functools.wraps(search)
    def run(*args: Any, rule: Any = None, **kwargs: Any) -> SearchResult:
        if rule is not None:
            if "prune_on_tie" in kwargs:
                raise TypeError(f"{search.__name__}: give rule= or prune_on_tie=, not both "
                                f"(rule={rule!r}, prune_on_tie={kwargs['prune_on_tie']!r})")
            kwargs["prune_on_tie"] = TieRule.named(rule).prunes_on_tie
        return search(*args, **kwargs)

    shown = inspect.signature(search)
    keyword = inspect.Parameter("rule", inspect.Parameter.KEYWORD_ONLY, default=None, annotation="str | None")
    run.__signature__ = shown.replace(parameters=[*shown.parameters.values(), keyword])  # type: ignore[attr-defined]
    return run


def _offered(entry: Registration) -> Callable[..., SearchResult]:
    """A registered search as the front door offers it: one with a tie rule takes ``rule=`` too."""
    return _takes_rule(entry.traced) if "prune_on_tie" in entry.options else entry.traced


def _front(name: str) -> Callable[..., SearchResult] | None:
    """The registered search ``ab.<name>``, or None."""
    for entry in registered().values():
        if entry.export and entry.export == name:
            return _offered(entry)
    return None


# The package's searches with a tie rule (the others are imported above as they are).
alphabeta = _offered(registered()["alphabeta"])
negamax = _offered(registered()["negamax"])

# Public names whose modules pull in matplotlib, networkx or ipywidgets: loaded when first asked for.
_LAZY = MappingProxyType({
    "draw_frame": "abteach.views.draw", "draw_tree": "abteach.views.draw",
    "frame_png": "abteach.views.export", "save_animation": "abteach.views.export",
    "save_frame": "abteach.views.export",
    "tidy_layout": "abteach.views.layout", "to_networkx": "abteach.views.layout",
    "node_styles": "abteach.views.styles",
    "side_by_side": "abteach.views.tables", "table": "abteach.views.tables", "trace_table": "abteach.views.tables",
    "stepper": "abteach.widgets.stepper",
    "browser_stepper": "abteach.widgets.browser_stepper",
    "figure_vs_algorithm": "abteach.widgets.fig55_view",
    "draw_stage": "abteach.views.fig55", "draw_stage_frame": "abteach.views.fig55",
    "disagreeing_nodes": "abteach.views.fig55", "stage_table": "abteach.views.fig55",
    "returns_table": "abteach.views.tables", "reorder_view": "abteach.widgets.reorder_view",
    "plot_growth": "abteach.views.plots", "plot_exponents": "abteach.views.plots",
    "plot_orderings": "abteach.views.plots", "law_table": "abteach.views.plots",
    "plot_enhancements": "abteach.views.plots",
    "mcts_tree": "abteach.views.mcts", "visit_chart": "abteach.views.mcts",
    "score_plot": "abteach.views.mcts", "board_png": "abteach.views.boards", "draw_board": "abteach.views.boards",
    "figure_table": "abteach.views.fig55_tables", "stage_steps_table": "abteach.views.fig55_tables",
    "disagreement_table": "abteach.views.fig55_tables", "disagreement_counts": "abteach.views.fig55_tables", "use_size": "abteach.views.sizes",
})

if TYPE_CHECKING:
    from abteach.views.draw import draw_frame, draw_tree
    from abteach.views.export import frame_png, save_animation, save_frame
    from abteach.views.layout import tidy_layout, to_networkx
    from abteach.views.styles import node_styles
    from abteach.views.tables import side_by_side, table, trace_table
    from abteach.views.fig55 import disagreeing_nodes, draw_stage, draw_stage_frame, stage_table
    from abteach.widgets.fig55_view import figure_vs_algorithm
    from abteach.views.tables import returns_table
    from abteach.widgets.reorder_view import reorder_view
    from abteach.views.plots import law_table, plot_enhancements, plot_exponents, plot_growth, plot_orderings
    from abteach.widgets.play import Play
    from abteach.views.mcts import mcts_tree, score_plot, visit_chart
    from abteach.views.boards import board_png, draw_board
    from abteach.widgets.practice import Practice
    from abteach.widgets.stepper import stepper
    from abteach.widgets.browser_stepper import browser_stepper
    from abteach.views.mistakes import MistakeView
    from abteach.views.tables import Table
    from abteach.widgets.stepper import Stepper
    from abteach.views.fig55_tables import disagreement_counts, disagreement_table, figure_table, stage_steps_table
    from abteach.views.sizes import use_size


# The classic mistakes in one call each: the searches run in lessons, the view or widget only shows them.
_mistakes = mistakes  # the module: mistake_table's parameter of that name hides it


def mistake(mistake_id: str, tree: Any = None, state: Any = None, **options: Any) -> MistakeView:
    """Show a classic mistake: its code beside the textbook's, and what it costs on a tree.

    Parameters
    ----------
    mistake_id : str
        A key of ``ab.mistakes.MISTAKES`` (``'no-window'``, ``'test-before-update'``, ...) or of
        ``ab.mistakes.TABLE_MISTAKES``.
    tree : Tree or Game, optional
        Where to run it; by default the mistake's own example, where it shows.
    state : optional
        The position to search from, for a game; by default its start.
    **options
        ``depth``, ``evaluate``, ``order``, as for ``ab.mistakes.diagnose``.

    Returns
    -------
    MistakeView
        Its ``diagnosis`` holds both searches, for a stepper or a table
        (:func:`abteach.views.mistakes.mistake_view`).

    Raises
    ------
    ValueError
        For an unknown mistake, naming the known ones.

    Examples
    --------
    >>> import abteach as ab
    >>> d = ab.mistake("test-before-update").diagnosis
    >>> d.leaves, d.correct_leaves
    (8, 7)
    >>> ab.mistake("no-such-thing")
    Traceback (most recent call last):
    ...
    ValueError: mistake_id must be one of ...; got 'no-such-thing'
    """
    from abteach.views.mistakes import mistake_view
    return mistake_view(_mistakes.diagnose(_mistakes.known(mistake_id), tree, state, **options))


def mistake_table(tree: Any = None, mistakes: Any = None) -> Table:
    """Every mistake in one table: value, move and leaves, against the correct search's.

    Parameters
    ----------
    tree : Tree, optional
        Run every mistake on this tree; by default each on its own example tree.
    mistakes : iterable of str, optional
        Which mistakes; by default all of ``ab.mistakes.MISTAKES``.  The table bugs,
        ``ab.mistakes.TABLE_MISTAKES``, are compared with ``ab.negamax_memory`` done right.

    Returns
    -------
    Table
        One row per mistake: ✓ right, ✗ wrong, ≈ another best move.

    Examples
    --------
    >>> import abteach as ab
    >>> print(ab.mistake_table(ab.examples.FIG_5_2, ["no-window", "alpha-in-min"]))
    mistake                  tree     value  move  leaves  correct leaves  first difference
    -----------------------  -------  -----  ----  ------  --------------  ----------------
    α and β not passed down  FIG_5_2  3 ✓    a1 ✓  9       7               step 10, at b2
    α updated in a MIN node  FIG_5_2  5 ✗    a3 ✗  5       7               step 9, at B
    """
    from abteach.views.tables import table
    ids = list(_mistakes.MISTAKES) if mistakes is None else [_mistakes.known(m) for m in mistakes]
    return table(_mistakes.summary_rows(_mistakes.diagnose(m, tree) for m in ids), _mistakes.SUMMARY_COLUMNS)


def mistake_stepper(mistake_id: str, tree: Any = None, **options: Any) -> Stepper:
    """Step through a mistake and the correct search, switching between them, opened where they part.

    Parameters
    ----------
    mistake_id : str
        A key of ``ab.mistakes.MISTAKES`` or ``ab.mistakes.TABLE_MISTAKES``.
    tree : Tree or Game, optional
        By default the mistake's own example.
    **options
        ``depth``, ``evaluate``, ``order``, as for ``ab.mistakes.diagnose``.

    Returns
    -------
    Stepper
        As :func:`abteach.widgets.mistakes.diagnosis_stepper` opens it, where the two part.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.mistake_stepper("alpha-in-min")
    >>> s.value, s.choice
    (9, 'correct')
    """
    from abteach.widgets.mistakes import diagnosis_stepper
    return diagnosis_stepper(_mistakes.diagnose(_mistakes.known(mistake_id), tree, **options))


def practice(tree: Tree | None = None, *, size: str = "small", shape: str = "uniform", rule: str = "textbook",
             edition: int = 3, ties: bool = False, seed: int | str = 0, windows: bool = False) -> Practice:
    """Practise alpha-beta by hand on a fresh seeded tree, with a verdict for every node.

    The widget (:func:`abteach.widgets.practice.practice`, which see for the options) is handed
    the lessons' :func:`check_answers` and :func:`practice_tree`: the searches run there.

    Examples
    --------
    >>> import abteach as ab
    >>> p = ab.practice(seed=3)
    >>> p.fill({path: "pruned" for path in p.rows}); c = p.run_check()
    >>> c.score < c.out_of, p.rows[()].verdict.value.startswith("<span class='ab-mark'>✗")
    (True, True)
    """
    from abteach.widgets.practice import practice as widget
    return widget(tree, size=size, shape=shape, rule=rule, edition=edition, ties=ties, seed=seed, windows=windows,
                  check=check_answers, new_tree=practice_tree)


def play(game: Any, *, engine: str | None = None, budget: Any = None, you_first: bool = True, seed: int = 0) -> Play:
    """Play ``game`` (tic-tac-toe or Connect Four) against an engine in the notebook.

    The widget (:func:`abteach.widgets.play.play`, which see for the options) is handed the
    engines of :mod:`abteach.agents.players`: they search there.

    Examples
    --------
    >>> import abteach as ab
    >>> w = ab.play(ab.TicTacToe(), engine="random", you_first=False)
    >>> w.state.cells.count("X"), w.player_name()  # the engine has opened, as X
    (1, 'random')
    """
    from abteach.widgets.play import play as widget
    return widget(game, engine=engine, budget=budget, you_first=you_first, seed=seed, agents=players)


def worksheet(roster: str | pathlib.Path, folder: str | pathlib.Path, *, course_seed: str | int, course: str = "",
              exercise: str = "hand", size: str = "small", shape: str = "uniform", rule: str = "textbook",
              ties: bool = True, edition: int = 3, overwrite: bool = False,
              progress: Callable[[int, int], None] | None = None) -> list[pathlib.Path]:
    """Write one printable PDF per student of ``roster`` into ``folder``, and an answer key.

    Parameters
    ----------
    roster : path
        A CSV with a student id column and, optionally, names: nbgrader's ``id``, ``first_name`` and
        ``last_name``, or a learning management system's export as it is (``ID``, ``Student ID``,
        ``SIS User ID``, ...; commas, semicolons or tabs); see :func:`abteach.grading.variants.roster`.
    folder : path
        Where to write ``<id>.pdf`` for each student and ``answer-key.pdf``; made if missing.  Each has an
        HTML twin with the same content, ``<id>.html`` and ``answer-key.html``, for screen readers.
    course_seed : str or int
        With each id, decides each student's tree; the grader derives the same trees again.
    course : str
        The title printed on each page.
    exercise, size, shape, rule, ties, edition
        As for :func:`abteach.grading.variants.student_tree`.  A tree too wide for a portrait page
        (``size="large"``) gets a landscape one.
    overwrite : bool
        Replace files already there, keeping their permissions.  Without it, an existing file is an
        error before anything is written.
    progress : callable, optional
        Called as ``progress(0, total)`` once everything is checked, then ``progress(done, total)``
        after each file written (a student's worksheet, then the key), so a caller can show how far it
        has got: drawing each tree takes a moment, and a class has many.

    Returns
    -------
    list of Path
        The students' PDFs in roster order, then the key (each has its ``.html`` twin beside it).

    Raises
    ------
    ValueError
        A bad roster (see :func:`abteach.grading.variants.roster`), an id ``answer-key`` (the key's own
        file), two ids that differ only in case, or a bad tree option; all before anything is written.
    FileExistsError
        A file to write exists and ``overwrite`` is false.
    """
    from abteach.grading.variants import roster as read_roster
    from abteach.grading.variants import sheets
    from abteach.views.worksheet import check_file_names, check_output, write_worksheets
    # Every argument is refused before any tree is solved; the sheets are made here and only drawn there.
    check_output(folder, overwrite, progress)
    check_file_names([sid for sid, _ in read_roster(roster)], roster)
    made = sheets(roster, course_seed, exercise=exercise, size=size, shape=shape, rule=rule, ties=ties,
                  edition=edition)
    return write_worksheets(made, folder, roster=roster, course=course, overwrite=overwrite, progress=progress)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is not None:
        return getattr(importlib.import_module(module), name)
    # A search registered after the package loaded is at the front door under its own name.
    search = _front(name)
    if search is not None:
        return search
    raise AttributeError(f"module 'abteach' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*__all__, *(e.export for e in registered().values() if e.export)})


__all__ = [
    "examples", "fig55", "mistakes", "mistake", "mistake_table", "mistake_stepper", "complexity", "ordering", "enhancements", "plot_enhancements", "draw_stage", "draw_stage_frame", "disagreeing_nodes",
    "figure_table", "stage_steps_table", "disagreement_table", "disagreement_counts",
    "stage_table", "returns_table", "reorder_view", "plot_growth", "plot_exponents", "plot_orderings", "law_table",
    "draw_tree", "draw_frame", "use_size", "node_styles", "frame_png", "save_frame",
    "save_animation", "tidy_layout", "to_networkx", "stepper", "browser_stepper", "figure_vs_algorithm",
    "random_tree", "trace_table", "side_by_side", "table",
    "tree", "tree_from_json", "load_tree", "Tree", "Node", "Path", "MAX_DEPTH",
    "Game", "TicTacToe", "Board", "ConnectFour", "ConnectFourBoard", "HoldOrRoll", "MAX", "MIN", "Player", "solve", "SolveLimitError", "mcts", "players", "match", "play", "mcts_tree", "visit_chart", "score_plot",
    "board_png", "draw_board",
    "alphabeta", "alphabeta_tutorial", "alphabeta_fail_hard", "negamax", "minimax", "SearchResult", "Problem",
    "negamax_memory", "iterative_deepening", "aspiration", "null_window", "negascout", "mtdf", "sss_star",
    "Trace", "Frame", "NodeState", "Status", "Event", "Kind", "Bound", "fmt",
    "listing", "Listing", "register", "registered", "Registration",
    "check_answers", "practice_tree", "practice", "grading", "worksheet", "to_cs188", "from_cs188",
]
