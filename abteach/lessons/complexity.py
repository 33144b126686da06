"""How many leaves alpha-beta looks at: the theory, and experiments that test it.

Theory (all for a uniform tree of branching ``b`` and depth ``d``):

- :func:`knuth_moore`: perfect ordering looks at exactly
  ``b**ceil(d/2) + b**floor(d/2) - 1`` leaves, the minimal tree.
- ``b**d`` (:func:`no_pruning`): minimax, and alpha-beta on a worst-case tree
  in pessimal order.  On other trees of depth ≥ 4 some deep cutoffs survive
  every ordering, so pessimal order evaluates a little less.
- :func:`pearl_rstar`: with independent, continuous leaf values in random
  order, the effective branching factor tends to ``R*(b) = ξ/(1−ξ)``, where
  ``ξ`` is the positive root of ``x**b + x − 1 = 0`` (Pearl, 1982).
- :func:`rule_of_thumb`: the textbooks' ``b**(3d/4)`` for random order, from a
  1973 Monte Carlo study at shallow depths.

The experiments return dataclasses holding the measurements and the seconds
they took, so a lecture can print, plot and budget them.

Examples
--------
>>> from abteach.lessons.complexity import knuth_moore, pearl_rstar, rule_of_thumb
>>> knuth_moore(10, 4), 10 ** 4
(199, 10000)
>>> round(pearl_rstar(2), 4)
1.618
>>> rule_of_thumb(16, 4)
4096.0
"""

from __future__ import annotations

import math
import numbers
import random
import statistics
import time
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence

from abteach.games.generate import RandomGame, random_tree
from abteach.lessons.ordering import RandomOrder, best_order, shallow_order, worst_order
from abteach.trace.algorithms import alphabeta
from abteach.games.trees import Tree

# -- theory ------------------------------------------------------------------------


def _check_bd(b: Any, d: Any) -> None:
    if isinstance(b, bool) or not isinstance(b, numbers.Integral) or b < 1:
        raise ValueError(f"b must be a whole number ≥ 1, not {b!r}")
    if isinstance(d, bool) or not isinstance(d, numbers.Integral) or d < 0:
        raise ValueError(f"d must be a whole number ≥ 0, not {d!r}")


def knuth_moore(b: int, d: int) -> int:
    """Leaves alpha-beta evaluates under perfect ordering: ``b**ceil(d/2) + b**floor(d/2) − 1``.

    This is also the size of the minimal proof tree: no algorithm that proves
    the minimax value can evaluate fewer (Knuth & Moore, 1975).

    Examples
    --------
    >>> from abteach.lessons.complexity import knuth_moore
    >>> [knuth_moore(2, d) for d in range(1, 7)]
    [2, 3, 5, 7, 11, 15]
    >>> [knuth_moore(3, d) for d in range(1, 7)]
    [3, 5, 11, 17, 35, 53]
    """
    _check_bd(b, d)
    return b ** ((d + 1) // 2) + b ** (d // 2) - 1


def no_pruning(b: int, d: int) -> int:
    """Leaves minimax evaluates, and alpha-beta under pessimal ordering: ``b**d``.

    Examples
    --------
    >>> from abteach.lessons.complexity import no_pruning
    >>> no_pruning(3, 4)
    81
    """
    _check_bd(b, d)
    return b ** d


def deepening_floor(b: int, d: int) -> int:
    """The fewest leaves iterative deepening to depth ``d`` can evaluate, every pass counted.

    Pass ``k`` proves the value at depth ``k``, and a table from shallower
    passes cannot stand in for any of it (its entries are not deep enough), so
    on a tree each pass evaluates at least its own minimal tree:
    ``knuth_moore(b, 1) + … + knuth_moore(b, d)``.

    Examples
    --------
    >>> from abteach.lessons.complexity import deepening_floor, knuth_moore
    >>> deepening_floor(4, 6), knuth_moore(4, 6)  # 4 + 7 + 19 + 31 + 79 + 127
    (267, 127)
    """
    _check_bd(b, d)
    return sum(knuth_moore(b, k) for k in range(1, d + 1))


def pearl_xi(b: float) -> float:
    """The root ``ξ`` in (0, 1) of ``x**b + x − 1 = 0``, found by bisection to full precision.

    Examples
    --------
    >>> from abteach.lessons.complexity import pearl_xi
    >>> round(pearl_xi(2), 6)   # the golden ratio's reciprocal
    0.618034
    """
    if isinstance(b, bool) or not isinstance(b, numbers.Real) or not 1 <= b < math.inf:
        raise ValueError(f"b must be a number ≥ 1, not {b!r}")
    # x**b + x − 1 rises from −1 at 0 to 1 at 1, so bisection cannot miss the root.
    lo, hi = 0.0, 1.0
    while True:
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            return mid
        if mid ** b + mid - 1 > 0:
            hi = mid
        else:
            lo = mid


def pearl_rstar(b: float) -> float:
    """Pearl's asymptotic effective branching factor of alpha-beta in random order: ``ξ/(1−ξ)``.

    Examples
    --------
    >>> from abteach.lessons.complexity import pearl_rstar
    >>> [round(pearl_rstar(b), 4) for b in (2, 3, 4, 10)]
    [1.618, 2.1479, 2.6297, 5.0635]
    """
    xi = pearl_xi(b)
    return xi / (1 - xi)


def pearl_exponent(b: float) -> float:
    """``log_b R*(b)``: random order costs about ``b**(pearl_exponent(b) · d)`` leaves.

    Examples
    --------
    >>> from abteach.lessons.complexity import pearl_exponent
    >>> round(pearl_exponent(2), 3), round(pearl_exponent(10), 3)
    (0.694, 0.704)
    """
    if b == 1:
        raise ValueError("b must be > 1: with one child per node every order is the same")
    return math.log(pearl_rstar(b)) / math.log(b)


def rule_of_thumb(b: float, d: float) -> float:
    """The textbooks' ``b**(3d/4)`` for random order.

    Examples
    --------
    >>> from abteach.lessons.complexity import rule_of_thumb
    >>> rule_of_thumb(2, 8)
    64.0
    """
    return float(b) ** (3 * d / 4)


# -- counting leaves on explicit trees ---------------------------------------------

#: Named orderings for :func:`count_leaves`: each makes an ``order`` for one tree
#: from that tree and a seed (``None`` means the tree's own left-to-right order).
ORDERINGS: Mapping[str, Callable[[Tree, int], Any]] = MappingProxyType({
    "best": lambda t, seed: best_order(t),
    "worst": lambda t, seed: worst_order(t),
    "random": lambda t, seed: RandomOrder(seed),
    "natural": lambda t, seed: None,
})


@dataclass(frozen=True)
class LeafCounts:
    """Leaves alpha-beta evaluated on ``len(counts)`` random trees of one shape, under one ordering.

    Attributes
    ----------
    branching, depth : int
        The trees' shape.
    ordering : str
        The ordering's name.
    counts : tuple of int
        Leaves evaluated on each tree.
    seconds : float
        Wall-clock time of the whole experiment, trees included.
    """

    branching: int
    depth: int
    ordering: str
    counts: tuple[int, ...]
    seconds: float

    @property
    def mean(self) -> float:
        return statistics.fmean(self.counts)

    @property
    def knuth_moore(self) -> int:
        return knuth_moore(self.branching, self.depth)

    @property
    def no_pruning(self) -> int:
        return no_pruning(self.branching, self.depth)


def _seeds(seed: int | str, n: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(n)]


def _check_trials(trials: Any) -> None:
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 1:
        raise ValueError(f"trials must be a whole number ≥ 1, not {trials!r}")


def count_leaves(b: int, d: int, ordering: str | Callable[[Tree], Any] = "random", *, trials: int = 10,
                 seed: int | str = 0, correlated: bool = False) -> LeafCounts:
    """Search ``trials`` random uniform trees with alpha-beta and count the leaves it evaluates.

    The trees (:func:`abteach.games.generate.random_tree`) have real leaf values, all
    distinct, as the theory assumes.

    Parameters
    ----------
    b, d : int
        Branching factor and depth.
    ordering : {'best', 'worst', 'random', 'natural'} or callable
        A name from :data:`ORDERINGS`, or ``f(tree) -> order``.
    trials : int
        How many trees.
    seed : int or str
        Seeds the trees (and random orderings); the same seed gives the same counts.
    correlated : bool
        Generate correlated trees instead of independent leaves.

    Examples
    --------
    >>> from abteach.lessons.complexity import count_leaves
    >>> count_leaves(3, 4, "best", trials=3).counts        # knuth_moore(3, 4) == 17
    (17, 17, 17)
    >>> count_leaves(3, 3, "worst", trials=3).counts       # 3**3 == 27
    (27, 27, 27)
    >>> count_leaves(3, 4, "worst", trials=3).counts       # deep cutoffs survive: < 3**4
    (80, 78, 78)
    >>> count_leaves(3, 4, "random", trials=3, seed=1).counts
    (45, 58, 45)
    """
    _check_bd(b, d)
    _check_trials(trials)
    if isinstance(ordering, str):
        if ordering not in ORDERINGS:
            raise ValueError(f"ordering must be one of {sorted(ORDERINGS)} or a function of the tree, "
                             f"not {ordering!r}")
        name, make = ordering, ORDERINGS[ordering]
    else:
        name, make = getattr(ordering, "__name__", "custom"), (lambda t, s: ordering(t))
    start = time.perf_counter()
    counts = []
    for s in _seeds(seed, trials):
        t = random_tree(b, d, seed=s, integer=False, correlated=correlated)
        counts.append(alphabeta(t, order=make(t, s), trace=False).leaves)
    return LeafCounts(b, d, name, tuple(counts), time.perf_counter() - start)


# -- the effective branching factor of random order --------------------------------

#: Depths at which :func:`effective_branching` runs in under a second per ``b``
#: at 20 trials; the estimate uses the deepest two, the rest show the trend.
DEFAULT_DEPTHS: Mapping[int, tuple[int, ...]] = MappingProxyType({
    2: (2, 4, 6, 8, 10, 12), 3: (2, 4, 6, 8), 4: (2, 4, 6), 5: (2, 4, 6),
    6: (2, 4, 6), 7: (1, 3, 5), 8: (1, 3, 5),
})


@dataclass(frozen=True)
class BranchingEstimate:
    """The leaves alpha-beta evaluates in random order, by depth, and the growth rate they show.

    Attributes
    ----------
    branching : int
    depths : tuple of int
    mean_leaves : tuple of float
        Mean leaves evaluated at each depth, over ``trials`` trees.
    stderr : tuple of float
        The standard error of each mean.
    trials : int
    seconds : float
    estimate : float
        The effective branching factor: ``(mean(d) / mean(d − 2)) ** (1/2)``
        between the deepest two measured depths of the same parity.

    Notes
    -----
    Pearl's ``R*`` is a limit, ``lim (leaves(d)) ** (1/d)``.  At depths that run
    in seconds, the ``d``-th root is far from it: it carries the constant factor
    as ``C ** (1/d)``, which fades only like ``1/d`` (for ``b = 2`` it is still
    1.73 at ``d = 16``, 7 % above ``R* = 1.618``).  A least-squares line through
    ``log leaves`` over many depths averages in the steeper growth of shallow
    trees.  The local two-ply growth rate is the quantity whose limit is ``R*``
    and the closest to it at any depth reached, so it is the estimate; it
    approaches ``R*`` from above, by about 3 % at ``d = 12`` for ``b = 2`` and
    7-8 % at ``d = 6`` for ``b = 4..8``.  Two plies, not one, because the
    growth from an even depth to an odd one differs from the growth back.
    """

    branching: int
    depths: tuple[int, ...]
    mean_leaves: tuple[float, ...]
    stderr: tuple[float, ...]
    trials: int
    seconds: float
    estimate: float

    @property
    def rstar(self) -> float:
        """Pearl's limit for this branching factor."""
        return pearl_rstar(self.branching)

    @property
    def relative_error(self) -> float:
        """``estimate / R* − 1``."""
        return self.estimate / self.rstar - 1

    @property
    def roots(self) -> tuple[float, ...]:
        """``mean_leaves(d) ** (1/d)`` at each depth: the naive estimate, for comparison."""
        return tuple(m ** (1 / d) for d, m in zip(self.depths, self.mean_leaves))

    @property
    def local_rates(self) -> dict[int, float]:
        """The two-ply growth rate ending at each depth that has a measured depth two plies above it."""
        by_depth = dict(zip(self.depths, self.mean_leaves))
        return {d: (m / by_depth[d - 2]) ** 0.5 for d, m in by_depth.items() if d - 2 in by_depth}


def effective_branching(b: int, depths: Sequence[int] | None = None, *, trials: int = 20,
                        seed: int | str = 0, shuffle: bool = False) -> BranchingEstimate:
    """Measure the effective branching factor of alpha-beta in random order.

    Each depth searches ``trials`` random uniform trees with independent leaves
    (:class:`abteach.games.generate.RandomGame`: made on demand, so depth is limited
    by the search's cost, not by memory).

    Parameters
    ----------
    b : int
        Branching factor, ≥ 2.
    depths : sequence of int, optional
        At least two depths differing by two; default :data:`DEFAULT_DEPTHS`.
    trials : int
        Trees per depth.
    seed : int or str
        The same seed gives the same measurement.
    shuffle : bool
        Also shuffle each node's children (:class:`abteach.lessons.ordering.RandomOrder`).
        The leaves are independent and identically distributed, so the tree's
        own order already *is* a random order of the values: shuffling changes
        which leaves are looked at but not how many on average, and costs
        about 2.5 times as long.

    Returns
    -------
    BranchingEstimate

    Examples
    --------
    >>> from abteach.lessons.complexity import effective_branching, pearl_rstar
    >>> e = effective_branching(2, trials=20, seed=0)
    >>> round(e.estimate, 3), round(pearl_rstar(2), 3)
    (1.793, 1.618)
    """
    _check_trials(trials)
    if isinstance(b, bool) or not isinstance(b, numbers.Integral) or b < 2:
        raise ValueError(f"b must be a whole number ≥ 2, not {b!r}")
    if depths is None:
        depths = DEFAULT_DEPTHS.get(b, (2, 4))
    depths = tuple(sorted(set(depths)))
    for d in depths:
        _check_bd(b, d)
    pairs = [d for d in depths if d - 2 in depths]
    if not pairs:
        raise ValueError(f"depths must include two depths two plies apart, such as (4, 6); got {depths!r}")
    start = time.perf_counter()
    means, errors = [], []
    for d in depths:
        counts = []
        for s in _seeds(f"{seed}|{b}|{d}", trials):
            order = RandomOrder(s) if shuffle else None
            counts.append(alphabeta(RandomGame(b, d, seed=s), order=order, trace=False).leaves)
        means.append(statistics.fmean(counts))
        errors.append(statistics.stdev(counts) / math.sqrt(trials) if trials > 1 else math.nan)
    top = max(pairs)
    by_depth = dict(zip(depths, means))
    estimate = (by_depth[top] / by_depth[top - 2]) ** 0.5
    return BranchingEstimate(b, depths, tuple(means), tuple(errors), trials, time.perf_counter() - start, estimate)


def branching_table(bs: Iterable[int] = range(2, 9), *, trials: int = 20, seed: int | str = 0
                    ) -> list[BranchingEstimate]:
    """:func:`effective_branching` for each ``b`` at its default depths: measured R* beside Pearl's.

    Examples
    --------
    >>> from abteach.lessons.complexity import branching_table
    >>> for e in branching_table((2, 3)):
    ...     print(e.branching, f"{e.estimate:.2f}", f"{e.rstar:.2f}")
    2 1.79 1.62
    3 2.33 2.15
    """
    return [effective_branching(b, trials=trials, seed=seed) for b in bs]


# -- which law fits -----------------------------------------------------------------


@dataclass(frozen=True)
class ExponentFit:
    """A least-squares line through ``log_b(leaves)`` against depth, and the laws it is compared with.

    Attributes
    ----------
    branching : int
    exponent : float
        The fitted slope ``e`` in ``leaves ≈ C · b**(e·d)``.
    constant : float
        The fitted ``C``.
    laws : dict of str to float
        Each law's exponent: perfect ordering ``1/2``, Pearl ``log_b R*``, the
        rule of thumb ``3/4``, no pruning ``1``.
    """

    branching: int
    exponent: float
    constant: float
    laws: dict[str, float] = field(default_factory=dict)

    @property
    def closest(self) -> str:
        """The law whose exponent is nearest the fitted one."""
        return min(self.laws, key=lambda name: abs(self.laws[name] - self.exponent))


def fit_exponent(b: int, depths: Sequence[int], leaves: Sequence[float]) -> ExponentFit:
    """Fit ``leaves ≈ C · b**(e·d)`` and say which law's exponent ``e`` is nearest.

    Fit depths of one parity: odd and even depths sit on two different lines
    (compare :func:`knuth_moore`), and mixing them tilts the fit.

    Parameters
    ----------
    b : int
        The branching factor, ≥ 2: the base of the logarithm.
    depths : sequence of int
        Two or more different depths.
    leaves : sequence of float
        The leaf count at each depth, each above 0: the fit is on a log scale.

    Raises
    ------
    TypeError
        ``b``, a depth or a count that is not a number.
    ValueError
        ``b`` below 2, fewer than two depths, or a count of 0 or less (the
        message names its place and depth), infinite or NaN.

    Examples
    --------
    >>> from abteach.lessons.complexity import fit_exponent, knuth_moore
    >>> f = fit_exponent(3, [4, 6, 8], [knuth_moore(3, d) for d in (4, 6, 8)])
    >>> round(f.exponent, 2), f.closest
    (0.51, 'perfect')
    >>> fit_exponent(3, [4, 6], [9, 0])
    Traceback (most recent call last):
    ...
    ValueError: leaves[1] is 0 (at depth 6); a count to fit must be above 0: its logarithm is taken
    """
    if isinstance(b, bool) or not isinstance(b, numbers.Integral):
        raise TypeError(f"b must be a whole number, the branching factor, not {b!r} of type {type(b).__name__}")
    if b < 2:
        raise ValueError(f"b must be a branching factor of 2 or more, not {b!r}: the fit takes logarithms to base b")
    for argument, seq in (("depths", depths), ("leaves", leaves)):
        # A numpy array is no Sequence, but a sized iterable serves as well.
        if isinstance(seq, (str, bytes)) or not isinstance(seq, Iterable) or not hasattr(seq, "__len__"):
            raise TypeError(f"{argument} must be a sequence of numbers, not {seq!r} of type {type(seq).__name__}")
    for k, d in enumerate(depths):
        if isinstance(d, bool) or not isinstance(d, numbers.Integral):
            raise TypeError(f"depths[{k}] must be a whole number, not {d!r} of type {type(d).__name__}")
    for k, n in enumerate(leaves):
        if isinstance(n, bool) or not isinstance(n, numbers.Real):
            raise TypeError(f"leaves[{k}] must be a number, a leaf count, not {n!r} of type {type(n).__name__}")
    if len(depths) != len(leaves) or len(depths) < 2:
        raise ValueError(f"need two or more depths, each with a leaf count; got {len(depths)} depths "
                         f"and {len(leaves)} counts")
    if len(set(depths)) < 2:
        raise ValueError(f"need at least two different depths, not {list(depths)!r}")
    for k, (d, n) in enumerate(zip(depths, leaves)):
        if math.isnan(n) or math.isinf(n):
            raise ValueError(f"leaves[{k}] is {n!r} (at depth {d}); a count to fit must be a finite number")
        if n <= 0:
            raise ValueError(f"leaves[{k}] is {n!r} (at depth {d}); a count to fit must be above 0: "
                             "its logarithm is taken")
    xs = [float(d) for d in depths]
    ys = [math.log(n, b) for n in leaves]
    slope, intercept = statistics.linear_regression(xs, ys)
    laws = {"perfect": 0.5, "Pearl": pearl_exponent(b), "rule of thumb": 0.75, "no pruning": 1.0}
    return ExponentFit(b, slope, float(b) ** intercept, laws)


# -- iterative deepening's ordering on correlated trees -------------------------------


@dataclass(frozen=True)
class OrderingRow:
    """One ordering's mean cost over the trees of an :func:`ordering_experiment`.

    ``leaves`` counts what the final search evaluated; ``ordering_cost`` counts
    the evaluations the ordering itself spent (shallow searches), zero for the
    orderings that cost nothing to compute or that no program could compute.
    """

    ordering: str
    leaves: float
    ordering_cost: float

    @property
    def total(self) -> float:
        return self.leaves + self.ordering_cost


@dataclass(frozen=True)
class OrderingComparison:
    """Mean leaves under several orderings, beside the minimal tree and the full tree."""

    branching: int
    depth: int
    trials: int
    noise: float
    rows: tuple[OrderingRow, ...]
    seconds: float

    @property
    def knuth_moore(self) -> int:
        return knuth_moore(self.branching, self.depth)

    @property
    def no_pruning(self) -> int:
        return no_pruning(self.branching, self.depth)

    def row(self, ordering: str) -> OrderingRow:
        for r in self.rows:
            if r.ordering == ordering:
                return r
        raise KeyError(f"no ordering {ordering!r}; have {[r.ordering for r in self.rows]}")


def ordering_experiment(b: int, d: int, *, lookaheads: Sequence[int] = (1, 2, 3), trials: int = 10,
                        seed: int | str = 0, noise: float = 0.1) -> OrderingComparison:
    """Compare orderings on correlated trees: random, shallow searches of each lookahead, perfect.

    Correlated trees (:func:`abteach.games.generate.random_tree` with
    ``correlated=True``) are where iterative deepening's ordering works: a
    shallow search's values predict the deep ones.  The result sets each
    ordering's mean leaves beside the Knuth-Moore minimum it can approach.

    Examples
    --------
    >>> from abteach.lessons.complexity import ordering_experiment
    >>> c = ordering_experiment(3, 6, lookaheads=(2,), trials=4, seed=0)
    >>> [(r.ordering, round(r.leaves)) for r in c.rows], c.knuth_moore
    ([('random', 253), ('shallow 2', 74), ('best', 53)], 53)
    """
    _check_bd(b, d)
    _check_trials(trials)
    start = time.perf_counter()
    names = ["random", *(f"shallow {k}" for k in lookaheads), "best"]
    leaves: dict[str, list[int]] = {n: [] for n in names}
    costs: dict[str, list[int]] = {n: [] for n in names}
    for s in _seeds(seed, trials):
        t = random_tree(b, d, seed=s, integer=False, correlated=True, noise=noise)
        orders: list[tuple[str, Any]] = [("random", RandomOrder(s))]
        orders += [(f"shallow {k}", shallow_order(t, k)) for k in lookaheads]
        orders.append(("best", best_order(t)))
        for name, order in orders:
            leaves[name].append(alphabeta(t, order=order, trace=False).leaves)
            costs[name].append(getattr(order, "evaluations", 0))
    rows = tuple(OrderingRow(n, statistics.fmean(leaves[n]), statistics.fmean(costs[n])) for n in names)
    return OrderingComparison(b, d, trials, noise, rows, time.perf_counter() - start)


# -- leaves against depth, under each ordering, beside every law ----------------------

#: The deepest random-order search :func:`growth_experiment` runs for each ``b``:
#: about half a second per ``b`` at 20 trials.
GROWTH_DEPTHS: Mapping[int, int] = MappingProxyType({2: 12, 3: 8, 4: 7, 5: 6, 6: 6, 7: 5, 8: 5})

#: Best and worst order need every node's minimax value, so an explicit tree:
#: :func:`growth_experiment` measures them only on trees with at most this many leaves.
EXPLICIT_LEAVES = 1024


@dataclass(frozen=True)
class GrowthCurve:
    """Leaves alpha-beta evaluates at each depth for one branching factor, under three orderings.

    Attributes
    ----------
    branching : int
    random : BranchingEstimate
        Random order at every depth from 1 to the deepest searched.
    best, worst : tuple of LeafCounts
        Perfect and pessimal order at every depth whose full tree has at most
        :data:`EXPLICIT_LEAVES` leaves.
    """

    branching: int
    random: BranchingEstimate
    best: tuple[LeafCounts, ...]
    worst: tuple[LeafCounts, ...]

    @property
    def fit_depths(self) -> tuple[int, ...]:
        """The random-order depths the exponent is fitted on: those of the deepest one's parity.

        Depth 1 is left out when two deeper depths remain: one ply prunes nothing,
        so it bends the line.
        """
        top = max(self.random.depths)
        same = tuple(d for d in self.random.depths if d % 2 == top % 2)
        deeper = tuple(d for d in same if d >= 2)
        return deeper if len(deeper) >= 2 else same

    @property
    def fit(self) -> ExponentFit:
        """``leaves ≈ C · b**(e·d)`` fitted to the random-order means at :attr:`fit_depths`."""
        by_depth = dict(zip(self.random.depths, self.random.mean_leaves))
        depths = self.fit_depths
        return fit_exponent(self.branching, depths, [by_depth[d] for d in depths])


@dataclass(frozen=True)
class GrowthExperiment:
    """One :class:`GrowthCurve` per branching factor, and what the whole experiment cost."""

    curves: tuple[GrowthCurve, ...]
    trials: int
    seconds: float

    def curve(self, b: int) -> GrowthCurve:
        for c in self.curves:
            if c.branching == b:
                return c
        raise KeyError(f"no curve for b={b!r}; have b = {[c.branching for c in self.curves]}")


def growth_experiment(bs: Iterable[int] = range(2, 9), *, depths: Mapping[int, int] | None = None,
                      trials: int = 20, explicit_trials: int = 3, max_leaves: int = EXPLICIT_LEAVES,
                      seed: int | str = 0) -> GrowthExperiment:
    """Count the leaves alpha-beta evaluates, depth by depth, under random, best and worst order.

    Random order runs on :class:`abteach.games.generate.RandomGame` trees, made on
    demand, so it reaches deeper than the explicit trees that best and worst
    order need.  Best order's count is fixed by the tree's shape
    (:func:`knuth_moore`), and worst order's nearly so, which is why they need
    fewer trials.

    Parameters
    ----------
    bs : iterable of int
        Branching factors, each ≥ 2.
    depths : mapping of int to int, optional
        The deepest random-order search for each ``b``, ≥ 3; default
        :data:`GROWTH_DEPTHS` (and 4 for a ``b`` it does not list).
    trials : int
        Random trees per depth under random order.
    explicit_trials : int
        Random trees per depth under best and worst order.
    max_leaves : int
        Measure best and worst order only where ``b**d ≤ max_leaves``.
    seed : int or str
        The same seed gives the same counts.

    Returns
    -------
    GrowthExperiment

    Examples
    --------
    >>> from abteach.lessons.complexity import growth_experiment
    >>> g = growth_experiment([3], depths={3: 4}, trials=5, max_leaves=30)
    >>> c = g.curve(3)
    >>> c.random.depths, [x.counts[0] for x in c.best], [x.depth for x in c.worst]
    ((1, 2, 3, 4), [3, 5, 11], [1, 2, 3])
    """
    _check_trials(trials)
    _check_trials(explicit_trials)
    if isinstance(max_leaves, bool) or not isinstance(max_leaves, numbers.Integral) or max_leaves < 1:
        raise ValueError(f"max_leaves must be a whole number ≥ 1, not {max_leaves!r}")
    bs = list(bs)
    if not bs:
        raise ValueError("bs must list at least one branching factor, such as range(2, 9)")
    deepest = dict(GROWTH_DEPTHS if depths is None else depths)
    start = time.perf_counter()
    curves = []
    for b in bs:
        if isinstance(b, bool) or not isinstance(b, numbers.Integral) or b < 2:
            raise ValueError(f"every b must be a whole number ≥ 2, not {b!r}")
        top = deepest.get(b, 4)
        # Two depths of one parity are the fewest an exponent can be fitted to.
        if isinstance(top, bool) or not isinstance(top, numbers.Integral) or top < 3:
            raise ValueError(f"the deepest depth for b={b} must be a whole number ≥ 3, not {top!r}")
        rand = effective_branching(b, range(1, top + 1), trials=trials, seed=seed)
        explicit = [d for d in range(1, top + 1) if b ** d <= max_leaves]
        best = tuple(count_leaves(b, d, "best", trials=explicit_trials, seed=seed) for d in explicit)
        worst = tuple(count_leaves(b, d, "worst", trials=explicit_trials, seed=seed) for d in explicit)
        curves.append(GrowthCurve(b, rand, best, worst))
    return GrowthExperiment(tuple(curves), trials, time.perf_counter() - start)
