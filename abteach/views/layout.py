"""Where to put each node of a game tree: a tidy layered layout, and a networkx graph.

networkx has no tidy tree layout (its layered layouts space each level evenly
and do not centre a parent over its children), so this module places the
leaves left to right, one unit apart, and each inner node midway between its
first and last child.  Depth ``d`` is drawn at ``y = -d``.

Two nodes at the same depth are always at least one unit apart: their
subtrees hold disjoint runs of leaves, and each node sits inside its own run.

Examples
--------
>>> import abteach as ab
>>> from abteach.views.layout import tidy_layout
>>> pos = tidy_layout(ab.examples.FIG_5_2)
>>> pos[()], pos[(1,)], pos[(2, 2)]
((4.0, 0.0), (4.0, -1.0), (8.0, -2.0))
"""

from __future__ import annotations

from typing import Iterable, Mapping

import networkx as nx

from abteach.games.errors import shown
from abteach.games.trees import Path, Tree, path_str

Position = tuple[float, float]


def children_map(paths: Iterable[Path]) -> dict[Path, list[Path]]:
    """Each path's children among ``paths``, left to right by child index.

    Parameters
    ----------
    paths : iterable of tuple of int
        A prefix-closed set of paths: every path's parent is in it too.

    Raises
    ------
    ValueError
        If the set has no root ``()`` or a path's parent is missing.

    Examples
    --------
    >>> children_map([(), (1,), (0,), (0, 0)])
    {(): [(0,), (1,)], (1,): [], (0,): [(0, 0)], (0, 0): []}
    """
    kids: dict[Path, list[Path]] = {tuple(p): [] for p in paths}
    if () not in kids:
        raise ValueError("the paths to lay out must include the root ()")
    for p in kids:
        if p:
            parent = p[:-1]
            if parent not in kids:
                raise ValueError(f"node {path_str(p)} is given without its parent {path_str(parent)}")
            kids[parent].append(p)
    for sibs in kids.values():
        sibs.sort(key=lambda q: q[-1])
    return kids


def preorder(kids: Mapping[Path, list[Path]]) -> list[Path]:
    """Paths parents-first, left to right; iterative, so depth never hits the recursion limit."""
    order: list[Path] = []
    stack: list[Path] = [()]
    while stack:
        p = stack.pop()
        order.append(p)
        stack.extend(reversed(kids[p]))
    return order


def tidy_layout(nodes: Tree | Iterable[Path], *, x_gap: float = 1.0, y_gap: float = 1.0) -> dict[Path, Position]:
    """Positions ``{path: (x, y)}`` for a tidy drawing of a tree, root at the top.

    Parameters
    ----------
    nodes : Tree or iterable of paths
        A whole tree, or a prefix-closed set of paths (the visited part of a
        search over a game that is not an explicit tree, or a tree cut at
        some depth).  Children are ordered by child index.
    x_gap : float
        Distance between neighbouring leaves.
    y_gap : float
        Distance between depths; depth ``d`` is at ``y = -d * y_gap``.

    Returns
    -------
    dict
        Path to ``(x, y)``, in preorder.  Leaves are at ``0, x_gap, 2 * x_gap, ...``
        left to right; every inner node is at the mean of its first and last
        child's ``x``.

    Examples
    --------
    Uneven trees are fine: a leaf high up takes one slot like any other.

    >>> import abteach as ab
    >>> pos = tidy_layout(ab.tree([1, [2, 3, 4]]))
    >>> [pos[p] for p in [(), (0,), (1,), (1, 0), (1, 2)]]
    [(1.0, 0.0), (0.0, -1.0), (2.0, -1.0), (1.0, -2.0), (3.0, -2.0)]
    """
    if not isinstance(nodes, Tree) and (isinstance(nodes, (str, bytes)) or not isinstance(nodes, Iterable)):
        raise TypeError(f"nodes must be an abteach Tree or a collection of paths, such as [(), (0,), (1,)], "
                        f"not {shown(nodes)}")
    paths = nodes.nodes.keys() if isinstance(nodes, Tree) else nodes
    kids = children_map(paths)
    order = preorder(kids)
    x: dict[Path, float] = {}
    next_leaf = 0
    # Preorder meets the leaves left to right ...
    for p in order:
        if not kids[p]:
            x[p] = next_leaf * x_gap
            next_leaf += 1
    # ... and reversed preorder meets every child before its parent.
    for p in reversed(order):
        if kids[p]:
            x[p] = (x[kids[p][0]] + x[kids[p][-1]]) / 2
    return {p: (x[p], -len(p) * y_gap + 0.0) for p in order}


def to_networkx(tree: Tree, *, positions: bool = True) -> nx.DiGraph:
    """The tree as a directed graph whose nodes are paths, edges pointing from parent to child.

    Parameters
    ----------
    tree : Tree
    positions : bool
        Also store each node's :func:`tidy_layout` position as ``pos``.

    Returns
    -------
    networkx.DiGraph
        Node attributes: ``name``, ``player`` (``'MAX'``/``'MIN'``), ``value``
        (``None`` at inner nodes), ``move`` (into the node; ``None`` at the
        root), ``depth``, ``leaf`` and, with ``positions``, ``pos``.  Edge
        attribute: ``move``.  Graph attribute: ``root``, the root's path ``()``.

    Examples
    --------
    >>> import abteach as ab
    >>> g = to_networkx(ab.examples.FIG_5_2)
    >>> g.number_of_nodes(), g.number_of_edges()
    (13, 12)
    >>> g.nodes[(1,)]["name"], g.edges[(), (1,)]["move"], g.nodes[(1, 0)]["value"]
    ('C', 'a2', 2)
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"to_networkx needs an abteach Tree as tree, such as ab.examples.FIG_5_2, not {shown(tree)}")
    g: nx.DiGraph[Path] = nx.DiGraph(root=())
    pos = tidy_layout(tree) if positions else {}
    for p, node in tree.nodes.items():
        attrs: dict[str, object] = dict(name=node.name, player=node.player, value=node.value, move=node.move,
                     depth=len(p), leaf=node.is_leaf)
        if positions:
            attrs["pos"] = pos[p]
        g.add_node(p, **attrs)
        if p:
            g.add_edge(p[:-1], p, move=node.move)
    return g


__all__ = ["tidy_layout", "to_networkx", "children_map", "preorder", "Position"]
