"""The tutorial formulation of alpha-beta: one function, a ``maximizing`` flag,
a running ``max_eval`` / ``min_eval``, and α or β updated before the test ``β ≤ α``.

It is a third way to write the same algorithm.  Because a call always starts
with α < β, it prunes exactly the leaves the textbook prunes and returns the
same value; lecture 02 runs it beside Fig. 5.7 to show that.
"""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.trace.listings import tutorial_listing
from abteach.search.common import Problem, Recorder, SearchResult, Tally, finish, run


def alphabeta_tutorial(game: Any, state: Any = None, *, depth: int | None = None, evaluate=None,
                       order=None, trace: bool = True) -> SearchResult:
    """Alpha-beta written as tutorials write it; same arguments and result as :func:`abteach.alphabeta`.

    Examples
    --------
    >>> import abteach as ab
    >>> r = ab.alphabeta_tutorial(ab.examples.TUTORIAL)
    >>> r.value, [ab.examples.TUTORIAL.name(p) for p in r.pruned]
    (3, ['I'])
    """
    problem = Problem(game, state, depth, evaluate, order)
    log = Recorder() if trace else Tally()
    value = run(running_eval, problem, log)
    return finish(problem, log, value, algorithm="alphabeta_tutorial", edition=4, prune_on_tie=True,
                  listing=tutorial_listing())


def running_eval(p: Problem, log: Tally) -> float:
    """ALPHA-BETA(node, depth, α, β, maximizing); returns the root value."""

    def alpha_beta(node, path, α, β, maximizing):
        role = "max" if maximizing else "min"
        log.enter(path, f"{role}.def", "MAX" if maximizing else "MIN", α, β)
        if p.is_cutoff(node, path):
            return log.leaf(path, f"{role}.terminal", "MAX" if maximizing else "MIN", p.utility(node), α, β)
        window = (α, β)
        children = p.actions(node)
        if maximizing:
            max_eval = -inf
            log.value(path, "max.init", max_eval, alpha=α, beta=β)
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                eval_ = alpha_beta(p.game.result(node, a), child, α, β, False)
                max_eval = max(max_eval, eval_)
                log.value(path, "max.update", max_eval, child, eval_, α, β)
                α = max(α, eval_)
                log.window(path, "max.window", "alpha", max_eval, α, β)
                if β <= α:
                    log.cutoff(path, "max.test", ("β", β, "≤", "α", α),
                               [path + (j,) for j, _ in children[k + 1:]], max_eval, α, β)
                    break
                log.test(path, "max.test", ("β", β, "≤", "α", α), max_eval, α, β)
            return log.exit(path, "max.return", max_eval, window, α, β)
        else:
            min_eval = +inf
            log.value(path, "min.init", min_eval, alpha=α, beta=β)
            for k, (i, a) in enumerate(children):
                child = path + (i,)
                eval_ = alpha_beta(p.game.result(node, a), child, α, β, True)
                min_eval = min(min_eval, eval_)
                log.value(path, "min.update", min_eval, child, eval_, α, β)
                β = min(β, eval_)
                log.window(path, "min.window", "beta", min_eval, α, β)
                if β <= α:
                    log.cutoff(path, "min.test", ("β", β, "≤", "α", α),
                               [path + (j,) for j, _ in children[k + 1:]], min_eval, α, β)
                    break
                log.test(path, "min.test", ("β", β, "≤", "α", α), min_eval, α, β)
            return log.exit(path, "min.return", min_eval, window, α, β)

    return alpha_beta(p.state, (), -inf, +inf, p.root_is_max)
