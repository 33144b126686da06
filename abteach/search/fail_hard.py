"""Alpha-beta as the encyclopedia writes it: α or β moves first, then ``β ≤ α`` is tested, and α (or β) is returned.

There is no running v.  Each child's value goes straight into the bound,
``α := max(α, alphabeta(child, ...))``, the loop breaks when ``β ≤ α``, and the
call returns the bound.  Every call starts with α < β, so the break comes
exactly when the textbook's ``v ≥ β`` / ``v ≤ α`` fires, and the same leaves
are evaluated.  What a call returns differs: ``max(α, v)`` at a MAX node and
``min(β, v)`` at a MIN node, where the textbook returns v itself.  So it is
clamped at one end only, and called *fail-hard* for that: a MAX node never
returns less than the α it was given, a MIN node never more than its β; a
MAX node that cuts off still returns its v above β, a MIN node its v below α.

Read it beside ``ab.listing("alphabeta_fail_hard")``.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import TESTS, Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run

#: Both branches test β ≤ α.
FAIL_HARD_TESTS = {**TESTS, "max.test": ("β", "≤", "α"), "min.test": ("β", "≤", "α")}


def alphabeta_fail_hard(game: Any, state: Any = None, *, depth: int | None = None,
                        evaluate: Evaluate | None = None, order: Order | None = None,
                        trace: bool = True) -> SearchResult:
    """Alpha-beta in the encyclopedia's fail-hard form; same arguments and result as :func:`abteach.alphabeta`.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.alphabeta_fail_hard(ab.examples.FIG_5_2)
    >>> r.value, r.move_name, r.pruned
    (3, 'a1', [(1, 1), (1, 2)])
    """
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder_for(problem.root, trace, tests=FAIL_HARD_TESTS)
    value = run(fail_hard, problem, log)
    return finish(problem, log, value, Spec("alphabeta_fail_hard", depth_limited=depth is not None))


def fail_hard(p: Problem, log: Tally) -> float:
    """alphabeta(node, depth, α, β, maximizingPlayer); returns the root value."""

    def alphabeta(node: Any, α: float, β: float, maximizing: bool) -> float:
        role = "max" if maximizing else "min"  # which half of the listing this call reads
        log.call(f"{role}.def", MAX if maximizing else MIN, α, β)
        if p.is_cutoff(node, log.ply): return log.leaf(f"{role}.terminal", p.utility(node))
        if maximizing:
            for child in log.each(p.actions(node)):
                α = log.alpha("max.window", max(α, alphabeta(p.result(node, child), α, β, False)))
                if log.cut("max.test", β <= α): break
            return log.exit("max.return", α)
        else:
            for child in log.each(p.actions(node)):
                β = log.beta("min.window", min(β, alphabeta(p.result(node, child), α, β, True)))
                if log.cut("min.test", β <= α): break
            return log.exit("min.return", β)

    return alphabeta(p.state, -inf, +inf, p.root_is_max)
