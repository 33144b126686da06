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

Perfect and pessimal ordering read true minimax values, so they need the whole
tree; each ordering object computes what it needs once and keeps it itself.

Examples
--------
>>> import abteach as ab
>>> from abteach.ordering import best_order, worst_order
>>> t = ab.examples.FIG_5_2
>>> [ab.alphabeta(t, order=f(t), trace=False).leaves for f in (best_order, worst_order)]
[5, 9]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from abteach.players import MAX, Player
from abteach.search import alphabeta
from abteach.trees import Node, Path, Tree

Evaluate = Callable[[Any, Player], float]


def minimax_values(tree: Tree) -> dict[Path, float]:
    """The minimax value (for MAX) of every node of ``tree``, keyed by path.

    One pass from the leaves up, so the whole table costs one minimax search
    rather than one search per node.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.ordering import minimax_values
    >>> v = minimax_values(ab.examples.FIG_5_2)
    >>> v[()], v[(0,)], v[(1,)], v[(2,)]
    (3, 3, 2, 2)
    """
    values: dict[Path, float] = {}
    # `nodes` lists parents before children, so the reverse sees every child first.
    for path, node in reversed(list(tree.nodes.items())):
        if node.is_leaf:
            values[path] = node.value
        else:
            kids = [values[c.path] for c in node.children]
            values[path] = max(kids) if node.player == MAX else min(kids)
    return values


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
    >>> from abteach.ordering import best_order
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
    >>> from abteach.ordering import worst_order
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
    States must have a ``path`` (tree nodes and :class:`abteach.generate.Position`
    do); other states are keyed by their ``repr``.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.ordering import RandomOrder
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
        (:meth:`abteach.generate.RandomTree.estimate`).
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
            return child.value
        if self.depth == 1:
            self.evaluations += 1
            return self.evaluate(child, MAX)
        r = alphabeta(self.tree, child, depth=self.depth - 1, evaluate=self.evaluate, trace=False)
        self.evaluations += r.leaves
        return r.value


def shallow_order(tree: Tree, depth: int = 2, evaluate: Evaluate | None = None) -> ShallowOrder:
    """Order by a ``depth``-ply search's values (see :class:`ShallowOrder`).

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.generate import random_tree
    >>> from abteach.ordering import shallow_order, best_order
    >>> t = random_tree(3, 6, seed=2, correlated=True, integer=False)
    >>> ab.alphabeta(t, trace=False).leaves
    218
    >>> ab.alphabeta(t, order=shallow_order(t, 2), trace=False).leaves
    80
    >>> ab.alphabeta(t, order=best_order(t), trace=False).leaves
    53
    """
    return ShallowOrder(tree, depth, evaluate)
