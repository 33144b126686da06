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
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence

from abteach.games.generate import RandomGame, random_tree
from abteach.lessons.ordering import RandomOrder, best_order, shallow_order, worst_order
from abteach.trace.algorithms import alphabeta
from abteach.games.trees import Tree
# The laws and the shapes of what is measured live apart from the experiments, with no search, so a view
# that draws them loads none; they are this module's names too.
from abteach.lessons.measured import (EXPLICIT_LEAVES, BranchingEstimate, ExponentFit, GrowthCurve, GrowthExperiment,
                                      LeafCounts, OrderingComparison, OrderingRow, _check_bd, deepening_floor,
                                      fit_exponent, knuth_moore, no_pruning, pearl_exponent, pearl_rstar, pearl_xi,
                                      rule_of_thumb)

#: Named orderings for :func:`count_leaves`: each makes an ``order`` for one tree
#: from that tree and a seed (``None`` means the tree's own left-to-right order).
ORDERINGS: Mapping[str, Callable[[Tree, int], Any]] = MappingProxyType({
    "best": lambda t, seed: best_order(t),
    "worst": lambda t, seed: worst_order(t),
    "random": lambda t, seed: RandomOrder(seed),
    "natural": lambda t, seed: None,
})


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


# -- iterative deepening's ordering on correlated trees -------------------------------


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
