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
    "play": "abteach.widgets.play", "mcts_tree": "abteach.views.mcts", "visit_chart": "abteach.views.mcts",
    "score_plot": "abteach.views.mcts", "board_png": "abteach.views.boards", "draw_board": "abteach.views.boards",
    "practice": "abteach.widgets.practice", "worksheet": "abteach.views.worksheet",
    "mistake": "abteach.views.mistakes", "mistake_table": "abteach.views.mistakes",
    "mistake_stepper": "abteach.widgets.mistakes",
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
    from abteach.widgets.play import play
    from abteach.views.mcts import mcts_tree, score_plot, visit_chart
    from abteach.views.boards import board_png, draw_board
    from abteach.widgets.practice import practice
    from abteach.views.worksheet import worksheet
    from abteach.widgets.stepper import stepper
    from abteach.widgets.browser_stepper import browser_stepper
    from abteach.views.mistakes import mistake, mistake_table
    from abteach.widgets.mistakes import mistake_stepper
    from abteach.views.fig55_tables import disagreement_counts, disagreement_table, figure_table, stage_steps_table
    from abteach.views.sizes import use_size


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
