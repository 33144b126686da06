"""EXPECTIMINIMAX, as AIMA writes it (4th ed. §5.5; 3rd ed. §5.5): minimax with chance nodes.

A node's kind says what happens there (:mod:`abteach.games.kinds`): MAX takes
the largest of its children's values, MIN the smallest, and a CHANCE node the
average of its outcomes' values weighted by their probabilities.  CS188's
*expectimax* is the same search on a tree whose MIN nodes are chance nodes.

Read each function beside its listing (``ab.listing("expectiminimax")``): one
Python line per pseudocode line, each with at most one ``log.*`` call.
Probabilities that are exact (int or :class:`~fractions.Fraction`) keep the
values exact.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.kinds import CHANCE
from abteach.games.players import MAX, MIN
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run


def expectiminimax(game: Any, state: Any = None, *, depth: int | None = None, evaluate: Evaluate | None = None,
                   order: Order | None = None, trace: bool = True) -> SearchResult:
    """Search ``game`` from ``state`` with expectiminimax: every node is visited.

    Parameters
    ----------
    game : Tree or Game
        A tree with chance nodes (``ab.tree(..., probabilities={...})``) or a game whose
        ``to_move(state)`` may be ``'CHANCE'`` and which then gives ``probabilities(state)``.
    state : optional
        Where to start; defaults to ``game.initial``.
    depth, evaluate
        Stop this many plies down (a chance node counts as a ply) and score the state with
        ``evaluate(state, player)``.
    order : callable, optional
        ``order(state, actions)``: the order to search children in.
    trace : bool
        Keep every event (``result.trace``).

    Returns
    -------
    SearchResult
        ``move`` is MAX's best move at the start; none when chance is to move there.

    Examples
    --------
    >>> import abteach as ab
    >>> fig513 = ab.tree([[2, 3], [1, 4]], probabilities={(0,): [0.9, 0.1], (1,): [0.9, 0.1]})
    >>> r = ab.expectiminimax(fig513)
    >>> round(r.value, 9), r.move_name
    (2.1, 'a1')
    """
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder_for(problem.root, trace)
    value = run(expectiminimax_search, problem, log)
    return finish(problem, log, value, Spec("expectiminimax", depth_limited=depth is not None))


def expectiminimax_search(p: Problem, log: Tally) -> float:
    """EXPECTIMINIMAX(s), dispatched on TO-MOVE(s), then MAX-VALUE, MIN-VALUE and CHANCE-VALUE."""

    def expectiminimax(s: Any) -> float:
        return log.by_kind(p.kind(s), {MAX: max_value, MIN: min_value, CHANCE: chance_value})(s)

    def max_value(s: Any) -> float:
        log.call("max.def", MAX)
        if p.is_cutoff(s, log.ply): return log.leaf("max.terminal", p.utility(s))
        v = log.v("max.init", -inf)
        for a in log.each(p.actions(s)):
            v = log.v("max.update", max(v, expectiminimax(p.result(s, a))))
        return log.exit("max.return", v)

    def min_value(s: Any) -> float:
        log.call("min.def", MIN)
        if p.is_cutoff(s, log.ply): return log.leaf("min.terminal", p.utility(s))
        v = log.v("min.init", +inf)
        for a in log.each(p.actions(s)):
            v = log.v("min.update", min(v, expectiminimax(p.result(s, a))))
        return log.exit("min.return", v)

    def chance_value(s: Any) -> float:
        log.call("chance.def", CHANCE, info=p.probabilities(s))
        if p.is_cutoff(s, log.ply): return log.leaf("chance.terminal", p.utility(s))
        v = log.v("chance.init", 0)
        for r, P in log.each(p.outcomes(s)):
            v = log.v("chance.update", v + P * expectiminimax(p.result(s, r)))
        return log.exit("chance.return", v)

    return expectiminimax(p.state)
