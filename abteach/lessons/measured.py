"""What the lessons measure, as data, and the laws they are measured against: no search here.

The experiments of :mod:`abteach.lessons.complexity`, :mod:`abteach.lessons.enhancements`
and :mod:`abteach.lessons.ordering` run searches and hand back the dataclasses
below; the views draw them (:mod:`abteach.views.plots`,
:mod:`abteach.widgets.reorder_view`).  Keeping the shapes and the closed-form
laws apart from the experiments lets a view read them, and check what it is
handed, without loading a search.  Each name is also its experiment module's.

Examples
--------
>>> knuth_moore(3, 4), no_pruning(3, 4)
(17, 81)
"""

from __future__ import annotations

import math
import numbers
import statistics
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from abteach.games.trees import Path, Tree

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


# -- the experiments on the searches beyond the textbook ------------------------------------

#: The kinds of tree, in the order tables and plots show them.
TREE_KINDS: tuple[str, ...] = ("perfectly ordered", "worst ordered", "random", "correlated")


@dataclass(frozen=True)
class Row:
    """One search on one kind of tree at one depth, averaged over the trials.

    Attributes
    ----------
    tree, search : str
        The kind of tree (:data:`TREE_KINDS`) and the search (:data:`SEARCHES`).
    depth : int
    leaves : float
        Mean leaves evaluated, every evaluation counted (earlier passes and re-searches too).
    memory : float
        Mean table entries kept at the end (0 for searches without a table).
    passes : float
        Mean passes over the tree.
    """

    tree: str
    search: str
    depth: int
    leaves: float
    memory: float
    passes: float


@dataclass(frozen=True)
class Measurement:
    """Leaves evaluated by every search on the same trees; see :func:`measure`."""

    b: int
    depths: tuple[int, ...]
    trials: int
    rows: tuple[Row, ...] = field(repr=False)

    def knuth_moore(self, d: int) -> int:
        """The minimal tree at depth ``d``: no search that proves the value evaluates fewer leaves."""
        return knuth_moore(self.b, d)

    def full(self, d: int) -> int:
        """``b**d``: every leaf."""
        return no_pruning(self.b, d)

    def leaves(self, tree: str, search: str) -> list[float]:
        """Mean leaves of ``search`` on ``tree`` trees at each depth."""
        return [r.leaves for r in self.rows if r.tree == tree and r.search == search]

    def searches(self) -> list[str]:
        return list(dict.fromkeys(r.search for r in self.rows))

    def table(self, d: int | None = None) -> tuple[list[tuple[Any, ...]], list[str]]:
        """Rows and columns at depth ``d`` (the deepest by default): leaves by search and tree, as a ratio too.

        Each cell is the mean leaves evaluated and, in brackets, that over the minimal tree.
        """
        d = self.depths[-1] if d is None else d
        if d not in self.depths:
            raise ValueError(f"d must be one of the depths measured, {list(self.depths)}, not {d!r}")
        km = self.knuth_moore(d)
        rows: list[tuple[Any, ...]] = []
        for s in self.searches():
            cells = []
            memory = 0.0
            for kind in TREE_KINDS:
                r = next(r for r in self.rows if r.tree == kind and r.search == s and r.depth == d)
                cells.append(f"{r.leaves:,.0f} ({r.leaves / km:.2f}×)")
                memory = max(memory, r.memory)
            rows.append((s, *cells, f"{memory:,.0f}"))
        rows.append(("minimal tree (Knuth–Moore)", *[f"{km:,} (1.00×)"] * len(TREE_KINDS), ""))
        rows.append((f"b^d", *[f"{self.full(d):,}"] * len(TREE_KINDS), ""))
        return rows, ["search", *TREE_KINDS, "table entries"]



# -- every ordering of a small tree, searched ------------------------------------------------

Permutation = tuple[int, ...]
ReorderKey = tuple[Permutation, ...]


@dataclass(frozen=True, eq=False)
class Reorderings:
    """Alpha-beta run on every ordering of a small tree's children, computed once, looked up by key.

    Build it with :func:`reorderings`.  A *key* holds one permutation per
    node of :attr:`nodes`, in that order; each permutation lists the node's
    children by their original index.

    Attributes
    ----------
    tree : Tree
        The tree in its own order.
    nodes : tuple of paths
        The nodes whose children are permuted (paths in :attr:`tree`).
    trees : mapping of key to Tree
        Each reordered tree, names kept.
    results : mapping of key to SearchResult
        A traced alpha-beta search of each reordered tree.
    """

    tree: Tree
    nodes: tuple[Path, ...]
    trees: Mapping[ReorderKey, Tree] = field(repr=False)
    results: Mapping[ReorderKey, Any] = field(repr=False)

    @property
    def identity(self) -> ReorderKey:
        """The key of the tree's own order."""
        return tuple(tuple(range(len(self.tree.nodes[p].children))) for p in self.nodes)

    def key(self, orders: Mapping[str, Sequence[str]] | None = None) -> ReorderKey:
        """The key for orders written with names: ``{"D": ["d3", "d1", "d2"]}``.

        Nodes not named keep their own order.

        Examples
        --------
        >>> import abteach as ab
        >>> from abteach.lessons.ordering import reorderings
        >>> r = reorderings(ab.examples.FIG_5_2)
        >>> r.key({"D": ["d3", "d1", "d2"]})
        ((0, 1, 2), (0, 1, 2), (0, 1, 2), (2, 0, 1))
        """
        orders = dict(orders or {})
        by_name = {self.tree.nodes[p].name: i for i, p in enumerate(self.nodes)}
        key = list(self.identity)
        for name, children in orders.items():
            if name not in by_name:
                raise ValueError(f"{name!r} is not a reorderable node; choose from {sorted(by_name)}")
            node = self.tree.nodes[self.nodes[by_name[name]]]
            kids = [c.name for c in node.children]
            if sorted(children) != sorted(kids) or len(set(children)) != len(kids):
                raise ValueError(f"the order for {name} must list each of its children {kids} once, "
                                 f"not {list(children)!r}")
            key[by_name[name]] = tuple(kids.index(c) for c in children)
        return tuple(key)

    def _get(self, key: ReorderKey) -> ReorderKey:
        key = tuple(tuple(p) for p in key)
        if key not in self.results:
            raise KeyError(f"no ordering {key!r}: a key has one permutation for each of "
                           f"{[self.tree.nodes[p].name for p in self.nodes]}")
        return key

    def result(self, key: ReorderKey) -> Any:
        """The search of the tree reordered by ``key``."""
        return self.results[self._get(key)]

    def tree_for(self, key: ReorderKey) -> Tree:
        """The tree reordered by ``key``."""
        return self.trees[self._get(key)]

    def pruned_names(self, key: ReorderKey) -> list[str]:
        """The names of the children a cutoff skipped, in the order they were skipped."""
        t = self.tree_for(key)
        return [t.name(p) for p in self.result(key).pruned]

    def child_names(self, key: ReorderKey) -> dict[str, list[str]]:
        """Each reorderable node's children, by name, in the order ``key`` gives them."""
        key = self._get(key)
        return {self.tree.nodes[p].name: [self.tree.nodes[p].children[i].name for i in perm]
                for p, perm in zip(self.nodes, key)}

    @property
    def fewest_leaves(self) -> int:
        return min(r.leaves for r in self.results.values())

    @property
    def most_leaves(self) -> int:
        return max(r.leaves for r in self.results.values())

    def histogram(self) -> dict[int, int]:
        """How many orderings evaluate each number of leaves.

        Examples
        --------
        >>> import abteach as ab
        >>> from abteach.lessons.ordering import reorderings
        >>> reorderings(ab.examples.FIG_5_2).histogram()
        {5: 48, 6: 96, 7: 432, 8: 384, 9: 336}
        """
        counts: dict[int, int] = {}
        for r in self.results.values():
            counts[r.leaves] = counts.get(r.leaves, 0) + 1
        return dict(sorted(counts.items()))

    def keys_with(self, leaves: int) -> list[ReorderKey]:
        """Every key whose search evaluates exactly ``leaves`` leaves, in key order."""
        return sorted(k for k, r in self.results.items() if r.leaves == leaves)

    def __len__(self) -> int:
        return len(self.results)
