"""Alpha-beta in negamax form: one function, the sign flipped each ply.

A node's value is taken from the side to move: ``value(node) = max over
children of −value(child)``, and the window passed down is (−β, −α).  It
evaluates the same leaves as the 3rd edition under the same tie rule.  The
values a frame shows at a MIN node are MIN's, so they are the textbook's with
the sign flipped.  Read it beside ``ab.listing("negamax")``.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.search.rules import TieRule

#: The one cutoff test, as the book prints it (the tie rule makes it strict).
NEGAMAX_TESTS = {"neg.test": ("v", "≥", "β")}


def negamax(game: Any, state: Any = None, *, prune_on_tie: bool = True, depth: int | None = None,
            evaluate: Evaluate | None = None, order: Order | None = None, trace: bool = True) -> SearchResult:
    """Alpha-beta in negamax form; same arguments and result as :func:`abteach.alphabeta`.

    ``result.value`` is for MAX, as with every search; inside the trace each
    node's values are for the player to move there.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.negamax(ab.examples.FIG_5_2)
    >>> r.value, r.move_name, r.pruned
    (3, 'a1', [(1, 1), (1, 2)])
    """
    tie = TieRule.of(prune_on_tie)
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder_for(problem.root, trace, tests=NEGAMAX_TESTS, tie=tie)
    log.negated = True
    value = run(tie.compile(negamax_search), problem, log)
    return finish(problem, log, value, Spec("negamax", tie=tie, depth_limited=depth is not None))


def negamax_search(p: Problem, log: Tally) -> float:
    """NEGAMAX(state, α, β, color); returns the root value for MAX."""

    def negamax(state: Any, α: float, β: float, color: int) -> float:
        log.call("neg.def", MAX if color > 0 else MIN, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("neg.terminal", color * p.utility(state))
        v = log.v("neg.init", -inf)
        for a in log.each(p.actions(state)):
            v = log.v("neg.update", max(v, -negamax(p.result(state, a), -β, -α, -color)))
            if log.cutoff("neg.test", v >= β): return v
            α = log.alpha("neg.window", max(α, v))
        return log.exit("neg.return", v)

    color = 1 if p.root_is_max else -1
    return color * negamax(p.state, -inf, +inf, color)

