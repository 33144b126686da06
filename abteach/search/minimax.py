"""MINIMAX, as AIMA prints it (3rd ed. Fig. 5.3 / 4th ed. Fig. 5.3)."""

from __future__ import annotations

from math import inf
from typing import Any

from abteach.trace.listings import listing
from abteach.search.common import Problem, Recorder, SearchResult, Tally, finish, run


def minimax(game: Any, state: Any = None, *, edition: int = 3, depth: int | None = None,
            evaluate=None, order=None, trace: bool = True) -> SearchResult:
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
    if edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    problem = Problem(game, state, depth, evaluate, order)
    log = Recorder() if trace else Tally()
    value = run(minimax3 if edition == 3 else minimax4, problem, log)
    return finish(problem, log, value, algorithm="minimax", edition=edition, prune_on_tie=True,
                  listing=listing("minimax", edition, depth_limited=depth is not None))


def minimax3(p: Problem, log: Tally) -> float:
    """MINIMAX-DECISION, 3rd edition: v ← MAX(v, MIN-VALUE(...)); returns the root value."""

    def max_value(state, path):
        log.enter(path, "max.def", "MAX", None, None)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state))
        v = -inf
        log.value(path, "max.init", v)
        for i, a in p.actions(state):
            child = path + (i,)
            got = min_value(p.game.result(state, a), child)
            v = max(v, got)
            log.value(path, "max.update", v, child, got)
        return log.exit(path, "max.return", v, (None, None))

    def min_value(state, path):
        log.enter(path, "min.def", "MIN", None, None)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state))
        v = +inf
        log.value(path, "min.init", v)
        for i, a in p.actions(state):
            child = path + (i,)
            got = max_value(p.game.result(state, a), child)
            v = min(v, got)
            log.value(path, "min.update", v, child, got)
        return log.exit(path, "min.return", v, (None, None))

    top = max_value if p.root_is_max else min_value
    return top(p.state, ())


def minimax4(p: Problem, log: Tally) -> float:
    """MINIMAX-SEARCH, 4th edition: keep (v, move) and replace them on a strict improvement."""

    def max_value(state, path):
        log.enter(path, "max.def", "MAX", None, None)
        if p.is_cutoff(state, path):
            return log.leaf(path, "max.terminal", "MAX", p.utility(state)), None
        v, move = -inf, None
        log.value(path, "max.init", v)
        for i, a in p.actions(state):
            child = path + (i,)
            v2, a2 = min_value(p.game.result(state, a), child)
            if v2 > v:
                v, move = v2, a
                log.value(path, "max.update", v, child, v2)
            else:
                log.test(path, "max.improve", ("v2", v2, ">", "v", v), v)
        return log.exit(path, "max.return", v, (None, None)), move

    def min_value(state, path):
        log.enter(path, "min.def", "MIN", None, None)
        if p.is_cutoff(state, path):
            return log.leaf(path, "min.terminal", "MIN", p.utility(state)), None
        v, move = +inf, None
        log.value(path, "min.init", v)
        for i, a in p.actions(state):
            child = path + (i,)
            v2, a2 = max_value(p.game.result(state, a), child)
            if v2 < v:
                v, move = v2, a
                log.value(path, "min.update", v, child, v2)
            else:
                log.test(path, "min.improve", ("v2", v2, "<", "v", v), v)
        return log.exit(path, "min.return", v, (None, None)), move

    top = max_value if p.root_is_max else min_value
    value, move = top(p.state, ())
    return value
