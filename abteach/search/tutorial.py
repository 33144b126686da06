"""Alpha-beta as tutorials write it: one function with a ``maximizing`` flag.

A running ``max_eval`` / ``min_eval`` is kept, and α or β is updated from the
child's value *before* the cutoff test ``β ≤ α``.  It prunes exactly as the
textbook does.  Read it beside ``ab.listing("alphabeta_tutorial")``.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import TESTS, Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.search.rules import Edition

#: Both branches test β ≤ α.
TUTORIAL_TESTS = {**TESTS, "max.test": ("β", "≤", "α"), "min.test": ("β", "≤", "α")}


def alphabeta_tutorial(game: Any, state: Any = None, *, depth: int | None = None,
                       evaluate: Evaluate | None = None, order: Order | None = None,
                       trace: bool = True) -> SearchResult:
    """Alpha-beta written as tutorials write it; same arguments and result as :func:`abteach.alphabeta`.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.alphabeta_tutorial(ab.examples.TUTORIAL)
    >>> r.value, [ab.examples.TUTORIAL.name(p) for p in r.pruned]
    (3, ['I'])
    """
    check_flag("trace", trace)
    problem = Problem(game, state, depth, evaluate, order)
    log = recorder_for(problem.root, trace, tests=TUTORIAL_TESTS)
    value = run(running_eval, problem, log)
    return finish(problem, log, value, Spec("alphabeta_tutorial", Edition.FOURTH, depth_limited=depth is not None))


def running_eval(p: Problem, log: Tally) -> float:
    """ALPHA-BETA(node, depth, α, β, maximizing); returns the root value."""

    def alpha_beta(node: Any, α: float, β: float, maximizing: bool) -> float:
        role = "max" if maximizing else "min"  # which half of the listing this call reads
        log.call(f"{role}.def", MAX if maximizing else MIN, α, β)
        if p.is_cutoff(node, log.ply): return log.leaf(f"{role}.terminal", p.utility(node))
        if maximizing:
            max_eval = log.v("max.init", -inf)
            for child in log.each(p.actions(node)):
                eval_ = alpha_beta(p.result(node, child), α, β, False)
                max_eval = log.v("max.update", max(max_eval, eval_))
                α = log.alpha("max.window", max(α, eval_))
                if log.cut("max.test", β <= α): break
            return log.exit("max.return", max_eval)
        else:
            min_eval = log.v("min.init", +inf)
            for child in log.each(p.actions(node)):
                eval_ = alpha_beta(p.result(node, child), α, β, True)
                min_eval = log.v("min.update", min(min_eval, eval_))
                β = log.beta("min.window", min(β, eval_))
                if log.cut("min.test", β <= α): break
            return log.exit("min.return", min_eval)

    return alpha_beta(p.state, -inf, +inf, p.root_is_max)
