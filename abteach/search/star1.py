"""STAR1: expectiminimax with alpha-beta pruning at every kind of node (Ballard 1983, "*-minimax").

Plain alpha-beta cannot prune below a chance node: one unseen outcome can
move an average anywhere.  If every leaf value is known to lie in ``[L, U]``
it cannot: a chance node whose outcomes 1..i−1 returned V_1..V_{i−1} lies in

    [lo, hi] = [Σ P_j·V_j + (1 − Σ P_j)·L,  Σ P_j·V_j + (1 − Σ P_j)·U],

so it is cut off as soon as ``hi ≤ α`` or ``lo ≥ β``, and each outcome is
searched with the window of values that could still keep it inside
``(α, β)``.  With equal probabilities 1/N these are Ballard's formulas
(FACTS.md §11): after i outcomes ``lo = (ΣV + (N−i)·L)/N`` and outcome i's
window is ``(max(L, A_i), min(U, B_i))`` with ``A_i = N·α − ΣV − U·(N−i)``:
``U + (α − hi)/P`` below is that, with hi the bound before outcome i.

MAX and MIN nodes are alpha-beta's (AIMA Fig. 5.7, 3rd edition, fail-soft).
Every value a node returns lies in ``[L, U]``, so a return outside its
window is a bound the caller can use, and the root's value is exact.

Probabilities may be any positive ones (the formulas divide by P(r)); an
outcome with probability 0 is refused, by the chance node's path.  Exact
probabilities (int, :class:`~fractions.Fraction`) keep every value exact, so
the value equals expectiminimax's exactly; with floats it agrees up to
rounding.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from math import inf
from typing import Any, Iterator

from abteach.games.kinds import CHANCE
from abteach.games.players import MAX, MIN
from abteach.games.trees import Node, Tree, path_str
from abteach.search.problem import Evaluate, Order, Problem, check_flag
from abteach.search.record import TESTS, Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run

#: The cutoff tests of a chance node, as (left, operator, right): its running bound is its ``v`` there.
STAR1_TESTS = {**TESTS, "chance.high": ("v", "≥", "β"), "chance.low": ("v", "≤", "α")}


def star1(game: Any, state: Any = None, *, lo: float, hi: float, depth: int | None = None,
          evaluate: Evaluate | None = None, order: Order | None = None, trace: bool = True) -> SearchResult:
    """Search ``game`` from ``state`` with Star1, given that every leaf value lies in ``[lo, hi]``.

    Parameters
    ----------
    game : Tree or Game
        A tree with chance nodes (``ab.tree(..., probabilities={...})``) or a game whose ``to_move(state)``
        may be ``'CHANCE'``.  Every chance outcome's probability must be > 0.
    state : optional
        Where to start; defaults to ``game.initial``.
    lo, hi : number
        L and U: bounds on every leaf's value (and every evaluation), ``lo < hi``.  A tree's leaves are
        checked before the search; a game's values as they are scored.
    depth, evaluate, order, trace
        As for :func:`~abteach.search.expectiminimax.expectiminimax`.

    Returns
    -------
    SearchResult
        ``value`` is the expectiminimax value; ``pruned`` the children its cutoffs skipped.

    Examples
    --------
    >>> import abteach as ab
    >>> t = ab.tree([[2, 3], [1, 4]], probabilities={(0,): [0.5, 0.5], (1,): [0.5, 0.5]})
    >>> r = ab.star1(t, lo=0, hi=4)
    >>> r.value, r.move_name, r.pruned
    (2.5, 'a1', [(1, 1)])
    """
    check_flag("trace", trace)
    low, high = checked_bounds(lo, hi)
    problem = Bounded(game, state, depth, evaluate, order, low=low, high=high)
    log = recorder_for(problem.root, trace, tests=STAR1_TESTS)
    value = run(star1_search, problem, log)
    return finish(problem, log, value, Spec("star1", depth_limited=depth is not None))


def star1_search(p: Bounded, log: Tally) -> float:
    """STAR1(s, α, β), dispatched on TO-MOVE(s), then MAX-VALUE, MIN-VALUE and CHANCE-VALUE."""
    L, U = p.low, p.high

    def star1(s: Any, α: float, β: float) -> float:
        return log.by_kind(p.kind(s), {MAX: max_value, MIN: min_value, CHANCE: chance_value})(s, α, β)

    def max_value(s: Any, α: float, β: float) -> float:
        log.call("max.def", MAX, α, β)
        if p.is_cutoff(s, log.ply): return log.leaf("max.terminal", p.utility(s))
        v = log.v("max.init", -inf)
        for a in log.each(p.actions(s)):
            v = log.v("max.update", max(v, star1(p.result(s, a), α, β)))
            if log.cutoff("max.test", v >= β): return v
            α = log.alpha("max.window", max(α, v))
        return log.exit("max.return", v)

    def min_value(s: Any, α: float, β: float) -> float:
        log.call("min.def", MIN, α, β)
        if p.is_cutoff(s, log.ply): return log.leaf("min.terminal", p.utility(s))
        v = log.v("min.init", +inf)
        for a in log.each(p.actions(s)):
            v = log.v("min.update", min(v, star1(p.result(s, a), α, β)))
            if log.cutoff("min.test", v <= α): return v
            β = log.beta("min.window", min(β, v))
        return log.exit("min.return", v)

    def chance_value(s: Any, α: float, β: float) -> float:
        log.call("chance.def", CHANCE, α, β, info=p.probabilities(s))
        if p.is_cutoff(s, log.ply): return log.leaf("chance.terminal", p.utility(s))
        lo, hi = L, U
        for r, P in log.each(p.outcomes(s)):
            v = star1(p.result(s, r), max(L, U + (α - hi) / P), min(U, L + (β - lo) / P))
            lo = log.v("chance.lo", lo + P * (v - L))
            if log.cutoff("chance.high", lo >= β): return lo
            hi = log.v("chance.hi", hi + P * (v - U))
            if log.cutoff("chance.low", hi <= α): return hi
        return log.exit("chance.return", lo)

    return star1(p.state, L, U)


def checked_bounds(lo: Any, hi: Any) -> tuple[float, float]:
    """``(lo, hi)`` if both are finite numbers with ``lo < hi``; else an error naming the argument."""
    for name, x in (("lo", lo), ("hi", hi)):
        if isinstance(x, bool) or not isinstance(x, numbers.Real):
            raise TypeError(f"star1: {name} must be a number, a bound on every leaf's value, not {x!r}")
        if not math.isfinite(x):
            raise ValueError(f"star1: {name} must be finite, not {x!r}: Star1 prunes only with finite bounds")
    if not lo < hi:
        raise ValueError(f"star1: lo must be below hi, not lo={lo!r}, hi={hi!r}")
    return lo, hi


@dataclass
class Bounded(Problem):
    """A problem whose values are known to lie in ``[low, high]``; a value outside, or an outcome that
    cannot happen, is refused by where it is.  A tree is checked below the start before any search."""

    low: float = -inf
    high: float = inf

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.game, Tree):
            for node in _below(self.state):
                if node.is_leaf:
                    self._check_value(node.value, f"the leaf at path {path_str(node.path)}")
                elif node.probabilities:
                    self._check_probabilities(node.probabilities, f"the chance node at path {path_str(node.path)}")

    def _where(self, state: Any) -> str:
        path_of = getattr(self.game, "path_of", None)
        return f"the node at path {path_str(tuple(path_of(state)))}" if path_of is not None else f"the state {state!r}"

    def _check_value(self, value: Any, where: str) -> None:
        if not self.low <= value <= self.high:
            raise ValueError(f"star1: {where} has the value {value!r}, outside [lo, hi] = "
                             f"[{self.low!r}, {self.high!r}]; give bounds that hold every leaf")

    def _check_probabilities(self, probabilities: Any, where: str) -> None:
        if any(P <= 0 for P in probabilities):
            raise ValueError(f"star1: {where} has probabilities {list(probabilities)!r}; Star1 divides by "
                             "each outcome's probability, so each must be > 0 (leave out an outcome that "
                             "cannot happen)")

    def utility(self, state: Any) -> float:
        value = super().utility(state)
        self._check_value(value, self._where(state))
        return value

    def probabilities(self, state: Any) -> tuple[float, ...]:
        probabilities = super().probabilities(state)
        self._check_probabilities(probabilities, self._where(state))
        return probabilities


def _below(node: Node) -> Iterator[Node]:
    """``node`` and every node under it: the part of a tree a search from ``node`` can reach."""
    yield node
    for child in node.children:
        yield from _below(child)


__all__ = ["star1", "star1_search", "checked_bounds", "Bounded", "STAR1_TESTS"]
