"""MINIMAX, as AIMA prints it (3rd ed. Fig. 5.3 / 4th ed. Fig. 5.3).

Read each function beside its listing (``ab.listing("minimax", 3)``): one
Python line per pseudocode line, each with at most one ``log.*`` call.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.rules import Edition
from abteach.search.record import Tally, recorder_for
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
