"""Move orderings: the ``order`` argument of :func:`abteach.alphabeta` and :func:`abteach.minimax`.

An ordering is a callable ``order(state, actions)`` that returns the same
actions in the order the search should try them.  Alpha-beta's value never
depends on it; the number of leaves it looks at depends on little else.

- :func:`best_order`: perfect ordering, the best child for the mover first.
  Alpha-beta then looks at the minimal tree (Knuth & Moore).
- :func:`worst_order`: pessimal ordering, the best child last.  On a tree up
  to three plies deep nothing is pruned: all ``b**d`` leaves.  Deeper, a
  deep cutoff can happen whatever the order (a node may be refuted by a bound
  from two plies up), so ``b**d`` is reached only on worst-case trees, whose
  subtrees hold separate ranges of values.
- :func:`random_order`: a fixed random shuffle at every node (Pearl's case).
- :func:`shallow_order`: the children's values from a shallow search, as
  iterative deepening supplies them.  Good when values are correlated.

:func:`reordered` copies a tree with some nodes' children in a new order,
names kept; :func:`reorderings` searches every such ordering of a small tree
once, so a view can show any of them without searching.

Perfect and pessimal ordering read true minimax values, so they need the whole
tree; each ordering object computes what it needs once and keeps it itself.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.ordering import best_order, worst_order
>>> t = ab.examples.FIG_5_2
>>> [ab.alphabeta(t, order=f(t), trace=False).leaves for f in (best_order, worst_order)]
[5, 9]
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence, cast

from abteach.games.players import MAX, Player
# The one minimax over a whole tree; re-exported under the name the orderings' readers know it by.
from abteach.search.minimax import node_values as minimax_values
from abteach.trace.algorithms import alphabeta
# `tree` is a parameter name throughout this module, so the builder gets another name.
from abteach.games.trees import Node, Path, Tree
from abteach.games.trees import tree as build_tree
from abteach.lessons.measured import ReorderKey, Reorderings

Evaluate = Callable[[Any, Player], float]


@dataclass(frozen=True, eq=False)
class ValueOrder:
    """Order a node's children by a table of values: best for the mover first, or last.

    Parameters
    ----------
    values : mapping of path to float
        A value for MAX of every child that will be ordered.
    best_first : bool
        ``True`` puts the mover's best child first (MAX: highest, MIN: lowest).
    name : str
        A label for tables and plots.

    Ties keep the tree's own left-to-right order, so the ordering is deterministic.
    """

    values: Mapping[Path, float] = field(repr=False)
    best_first: bool = True
    name: str = "values"

    def __call__(self, state: Node, actions: Sequence[int]) -> list[int]:
        # MAX's best is the highest value, MIN's the lowest.
        descending = (state.player == MAX) == self.best_first
        return sorted(actions, key=lambda a: self.values[state.children[a].path], reverse=descending)


def best_order(tree: Tree) -> ValueOrder:
    """Perfect ordering on ``tree``: every node tries its best child first.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.ordering import best_order
    >>> t = ab.examples.FIG_5_2
    >>> order = best_order(t)
    >>> order(t.root, [0, 1, 2]), order(t.node((1,)), [0, 1, 2])
    ([0, 1, 2], [0, 1, 2])
    >>> order(t.node((2,)), [0, 1, 2])
    [2, 1, 0]
    """
    return ValueOrder(minimax_values(tree), best_first=True, name="best")


def worst_order(tree: Tree) -> ValueOrder:
    """Pessimal ordering on ``tree``: every node tries its best child last.

    It evaluates every leaf of a tree at most three plies deep, and of any
    tree whose sibling subtrees hold separate ranges of values; elsewhere
    deep cutoffs may remain (see the module notes).

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.ordering import worst_order
    >>> t = ab.examples.FIG_5_2
    >>> worst_order(t)(t.root, [0, 1, 2])
    [1, 2, 0]
    """
    return ValueOrder(minimax_values(tree), best_first=False, name="worst")


@dataclass(frozen=True)
class RandomOrder:
    """A random shuffle of every node's children, fixed by the seed.

    Each node's shuffle is drawn from the seed and the node's path, so it is the
    same however often, and in whatever order, the search visits the node.
    States must have a ``path`` (tree nodes and :class:`abteach.games.generate.Position`
    do); other states are keyed by their ``repr``.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.ordering import RandomOrder
    >>> t = ab.examples.FIG_5_2
    >>> RandomOrder(seed=4)(t.root, [0, 1, 2])
    [2, 0, 1]
    >>> RandomOrder(seed=1)(t.root, [0, 1, 2]) == RandomOrder(seed=1)(t.root, [0, 1, 2])
    True
    """

    seed: int | str
    name: str = "random"

    def __call__(self, state: Any, actions: Sequence[Any]) -> list[Any]:
        where = getattr(state, "path", None)
        shuffled = list(actions)
        random.Random(f"{self.seed}|{where if where is not None else repr(state)}").shuffle(shuffled)
        return shuffled


def random_order(seed: int | str) -> RandomOrder:
    """A seeded random ordering (see :class:`RandomOrder`)."""
    return RandomOrder(seed)


@dataclass(eq=False)
class ShallowOrder:
    """Order children by the values a shallow search gives them, as iterative deepening does.

    At each node, a ``depth``-ply alpha-beta search from that node scores its
    children: each child gets the value of a ``depth − 1``-ply search below it,
    with ``evaluate`` at the frontier and true utilities at leaves.  The best
    child for the mover goes first.  ``depth=1`` orders by the children's static
    evaluations alone.

    Each node is ordered once and remembered, and :attr:`evaluations` counts the
    frontier evaluations and leaves the ordering searches looked at: the
    ordering is not free, and a fair comparison counts it.

    Parameters
    ----------
    tree : Tree
        The tree to be searched.
    depth : int
        Plies of lookahead, ``≥ 1``.
    evaluate : callable, optional
        ``evaluate(state, player)``; defaults to the tree's own estimates
        (:meth:`abteach.games.generate.RandomTree.estimate`).
    """

    tree: Tree
    depth: int = 2
    evaluate: Evaluate | None = None
    name: str = ""
    evaluations: int = field(default=0, init=False)
    _orders: dict[Path, list[int]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.depth, bool) or not isinstance(self.depth, int) or self.depth < 1:
            raise ValueError(f"depth must be a whole number of plies ≥ 1, not {self.depth!r}")
        if self.evaluate is None:
            self.evaluate = getattr(self.tree, "estimate", None)
            if self.evaluate is None:
                raise ValueError("this tree has no static estimates: pass evaluate=f(state, player)")
        self.name = self.name or f"shallow {self.depth}"

    def __call__(self, state: Node, actions: Sequence[int]) -> list[int]:
        order = self._orders.get(state.path)
        if order is None:
            scores = {a: self._score(state.children[a]) for a in actions}
            # MAX tries the highest first, MIN the lowest; ties keep the tree's order.
            order = sorted(actions, key=scores.__getitem__, reverse=state.player == MAX)
            self._orders[state.path] = order
        return list(order)

    def _score(self, child: Node) -> float:
        if child.is_leaf:
            self.evaluations += 1
            return cast(float, child.value)  # a leaf has one
        if self.depth == 1:
            self.evaluations += 1
            return cast(Evaluate, self.evaluate)(child, MAX)  # set by __post_init__
        r = alphabeta(self.tree, child, depth=self.depth - 1, evaluate=self.evaluate, trace=False)
        self.evaluations += r.leaves
        return r.value


def shallow_order(tree: Tree, depth: int = 2, evaluate: Evaluate | None = None) -> ShallowOrder:
    """Order by a ``depth``-ply search's values (see :class:`ShallowOrder`).

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.games.generate import random_tree
    >>> from abteach.lessons.ordering import shallow_order, best_order
    >>> t = random_tree(3, 6, seed=2, correlated=True, integer=False)
    >>> ab.alphabeta(t, trace=False).leaves
    218
    >>> ab.alphabeta(t, order=shallow_order(t, 2), trace=False).leaves
    80
    >>> ab.alphabeta(t, order=best_order(t), trace=False).leaves
    53
    """
    return ShallowOrder(tree, depth, evaluate)


# -- every ordering of a small tree, searched up front ---------------------------------

#: :func:`reorderings` refuses to search more orderings than this: each is a traced
#: search of its own, about half a millisecond on a textbook-sized tree.
MAX_REORDERINGS = 5000


def reordered(tree: Tree, orders: Mapping[Path, Sequence[int]]) -> Tree:
    """A copy of ``tree`` in which some nodes list their children in a new order.

    Names and move names travel with their nodes, so on Fig. 5.2 with D's
    children reversed, ``d3`` is D's first child and is still called ``d3``.

    Parameters
    ----------
    tree : Tree
    orders : mapping of path to sequence of int
        For a node's path *in the original tree*, the original indices of its
        children in their new order: ``{(2,): (2, 0, 1)}`` puts D's third child
        first.  Nodes not listed keep their order.

    Raises
    ------
    ValueError
        A path that is not an inner node, or an order that is not a
        permutation of that node's children.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.ordering import reordered
    >>> t = reordered(ab.examples.FIG_5_2, {(2,): (2, 0, 1)})
    >>> t.to_nested(), [c.name for c in t.node((2,)).children]
    ([[3, 12, 8], [2, 4, 6], [2, 14, 5]], ['d3', 'd1', 'd2'])
    >>> [tuple(t.name(p) for p in ab.alphabeta(t).pruned)]
    [('c2', 'c3', 'd1', 'd2')]
    """
    _check_orders(tree, orders)
    names: dict[Path, str] = {}
    moves: dict[Path, str] = {}

    def copy(node: Node, new: Path) -> Any:
        names[new] = node.name
        if new:
            # A node with no move name of its own is reached by its original index: keep that label.
            moves[new] = node.move if node.move is not None else str(node.path[-1])
        if node.is_leaf:
            return node.value
        order = orders.get(node.path, range(len(node.children)))
        return [copy(node.children[i], new + (k,)) for k, i in enumerate(order)]

    # Recursion is safe: tree depth is capped at MAX_DEPTH.
    return build_tree(copy(tree.root, ()), root=tree.root.player, names=names, moves=moves)


def _check_orders(tree: Tree, orders: Mapping[Path, Sequence[int]]) -> None:
    if not isinstance(orders, Mapping):
        raise ValueError(f"orders must map node paths to child orders, such as {{(2,): (2, 0, 1)}}; "
                         f"not {orders!r}")
    for path, order in orders.items():
        node = tree.nodes.get(tuple(path)) if isinstance(path, tuple) else None
        if node is None or node.is_leaf:
            raise ValueError(f"orders names {path!r}, which is not the path of an inner node of this tree")
        n = len(node.children)
        if sorted(order) != list(range(n)):
            raise ValueError(f"the order for {node.name} must be a permutation of 0..{n - 1} "
                             f"(its {n} children), not {tuple(order)!r}")


def reorderings(tree: Tree, nodes: Sequence[Path] | None = None, *,
                max_orderings: int = MAX_REORDERINGS) -> Reorderings:
    """Search every ordering of the children of ``nodes`` with alpha-beta, once, up front.

    On Fig. 5.2 the four inner nodes A, B, C, D each have 3! = 6 orders, so
    there are 6**4 = 1296 searches, about a second in all.  A view can then
    show any ordering at once, and never runs a search itself.

    Parameters
    ----------
    tree : Tree
    nodes : sequence of paths, optional
        The inner nodes to reorder; default every inner node.
    max_orderings : int
        Refuse when the number of orderings would exceed this.

    Returns
    -------
    Reorderings

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.ordering import reorderings
    >>> r = reorderings(ab.examples.FIG_5_2)
    >>> len(r), r.fewest_leaves, r.most_leaves
    (1296, 5, 9)
    >>> r.pruned_names(r.key({"D": ["d3", "d1", "d2"]}))
    ['c2', 'c3', 'd1', 'd2']
    """
    if nodes is None:
        nodes = [p for p, n in tree.nodes.items() if not n.is_leaf]
    nodes = tuple(tuple(p) for p in nodes)
    for p in nodes:
        if p not in tree.nodes or tree.nodes[p].is_leaf:
            raise ValueError(f"nodes lists {p!r}, which is not the path of an inner node of this tree")
    if len(set(nodes)) != len(nodes):
        raise ValueError(f"nodes lists a path twice: {list(nodes)!r}")
    total = math.prod(math.factorial(len(tree.nodes[p].children)) for p in nodes)
    if total > max_orderings:
        raise ValueError(f"reordering {len(nodes)} nodes gives {total:,} orderings, more than "
                         f"max_orderings={max_orderings:,}; reorder fewer nodes or raise max_orderings")
    choices = [list(itertools.permutations(range(len(tree.nodes[p].children)))) for p in nodes]
    trees: dict[ReorderKey, Tree] = {}
    results: dict[ReorderKey, Any] = {}
    for key in itertools.product(*choices):
        t = reordered(tree, dict(zip(nodes, key)))
        trees[key] = t
        results[key] = alphabeta(t)
    return Reorderings(tree, nodes, MappingProxyType(trees), MappingProxyType(results))
