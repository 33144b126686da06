"""MINIMAX, as AIMA prints it (3rd ed. Fig. 5.3 / 4th ed. Fig. 5.3).

Read each function beside its listing (``ab.listing("minimax", 3)``): one
Python line per pseudocode line, each with at most one ``log.*`` call.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.games.trees import Path
from abteach.search.events import Kind
from abteach.search.expectiminimax import expectiminimax_search
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.rules import Edition
from abteach.search.record import Recorder, Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run


def minimax(game: Any, state: Any = None, *, edition: int = 3, depth: int | None = None,
            evaluate: Evaluate | None = None, order: Order | None = None, trace: bool = True) -> SearchResult:
    """Search ``game`` from ``state`` with plain minimax: every node is visited.

    Takes the same arguments as :func:`abteach.alphabeta` (without the pruning
    options) and returns the same :class:`SearchResult`, with nothing pruned.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.minimax(ab.examples.FIG_5_2)
    >>> r.value, r.move_name, r.leaves, r.pruned
    (3, 'a1', 9, [])
    """
    ed = Edition.of(edition)
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    spec = Spec("minimax", ed, depth_limited=depth is not None)
    log = recorder_for(problem.root, trace)
    value, move = run(minimax3 if ed == Edition.THIRD else minimax4, problem, log)
    return finish(problem, log, value, spec, move)


def node_values(game: Any, state: Any = None) -> dict[Path, float]:
    """The minimax value (for MAX) of every node below ``state``, by path: one search, every call's return kept.

    This is the one minimax over a whole tree that lessons and grading read
    (orderings, answers by hand, feedback).  It runs
    :func:`~abteach.search.expectiminimax.expectiminimax_search`, which reads
    each node's kind rather than alternating by depth, so on a tree without
    chance nodes every value is minimax's, and a chance node, where there is
    one, gets its expected value.

    Parameters
    ----------
    game : Tree or Game
        Searched to the end, so it must be finite and small enough to visit whole.
    state : optional
        Where to start; defaults to ``game.initial``.

    Returns
    -------
    dict of path to float
        Every node the search visits (all of them: nothing is pruned), leaves included.

    Examples
    --------
    >>> import abteach as ab
    >>> v = node_values(ab.examples.FIG_5_2)
    >>> v[()], v[(0,)], v[(1,)], v[(2,)], v[(2, 0)]
    (3, 3, 2, 2, 14)
    """
    problem = Problem(game, state)
    log = Recorder(problem.root)
    run(expectiminimax_search, problem, log)
    # A call's value is what it returns: a leaf its utility, an inner node its v at the end.
    return {e.node: e.value for e in log.events if e.kind in (Kind.LEAF, Kind.EXIT) and e.value is not None}


def minimax3(p: Problem, log: Tally) -> tuple[float, None]:
    """MINIMAX-DECISION, 3rd edition: v ← MAX(v, MIN-VALUE(...)); the value, and None for the arg max."""

    def max_value(state: Any) -> float:
        log.call("max.def", MAX)
        if p.is_cutoff(state, log.ply): return log.leaf("max.terminal", p.utility(state))
        v = log.v("max.init", -inf)
        for a in log.each(p.actions(state)):
            v = log.v("max.update", max(v, min_value(p.result(state, a))))
        return log.exit("max.return", v)

    def min_value(state: Any) -> float:
        log.call("min.def", MIN)
        if p.is_cutoff(state, log.ply): return log.leaf("min.terminal", p.utility(state))
        v = log.v("min.init", +inf)
        for a in log.each(p.actions(state)):
            v = log.v("min.update", min(v, max_value(p.result(state, a))))
        return log.exit("min.return", v)

    top = max_value if p.root_is_max else min_value
    return top(p.state), None


def minimax4(p: Problem, log: Tally) -> tuple[float, Any]:
    """MINIMAX-SEARCH, 4th edition: keep (v, move) and replace them on a strict improvement."""

    def max_value(state: Any) -> tuple[float, Any]:
        log.call("max.def", MAX)
        if p.is_cutoff(state, log.ply): return log.leaf("max.terminal", p.utility(state)), None
        v, move = log.v("max.init", -inf), None
        for a in log.each(p.actions(state)):
            v2, a2 = min_value(p.result(state, a))
            if log.test("max.improve", v2 > v):
                v, move = log.v("max.update", v2), a
        return log.exit("max.return", v), move

    def min_value(state: Any) -> tuple[float, Any]:
        log.call("min.def", MIN)
        if p.is_cutoff(state, log.ply): return log.leaf("min.terminal", p.utility(state)), None
        v, move = log.v("min.init", +inf), None
        for a in log.each(p.actions(state)):
            v2, a2 = max_value(p.result(state, a))
            if log.test("min.improve", v2 < v):
                v, move = log.v("min.update", v2), a
        return log.exit("min.return", v), move

    top = max_value if p.root_is_max else min_value
    return top(p.state)
