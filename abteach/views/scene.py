"""The part of a tree or search one drawing shows, summarised when it is too big to draw whole."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterable, Mapping

from abteach.search.events import Kind
from abteach.views.layout import children_map, preorder
from abteach.trace.frames import Trace
from abteach.games.trees import Path, Tree

#: The most nodes one drawing shows.  A bigger tree (or search) is summarised:
#: it is drawn down to the deepest level that keeps within this many nodes, and
#: each node on that level says how many nodes below it are left out.  Up to
#: about 300 nodes every label stays legible at 100 % zoom.
MAX_NODES: Final = 400

#: The most leaves (nodes with nothing drawn below them) one drawing shows;
#: they set its width.  Deeper levels are summarised past this, as for
#: :data:`MAX_NODES`.
MAX_LEAVES: Final = 200

#: When a drawing must be summarised (and no ``max_depth`` is given), it goes
#: only as deep as keeps its bottom row within this many nodes: an overview.
#: It always shows the root's children, even when they are more than this
#: (but within :data:`MAX_LEAVES`): this is a preferred width, not a limit.
SUMMARY_LEAVES: Final = 81


@dataclass(frozen=True)
class Scene:
    """The part of a tree a drawing shows."""

    paths: tuple[Path, ...]               # preorder
    kids: Mapping[Path, list[Path]]
    leaves: frozenset[Path]               # leaves of the game (not of a cut)
    hidden: Mapping[Path, int]
    shown: int
    total: int
    cut: int | None                       # the deepest depth shown, when summarised


def check_max_depth(max_depth: object) -> None:
    """Raise a ValueError naming ``max_depth`` unless it is a whole number ≥ 0 or None."""
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError(f"max_depth must be a whole number ≥ 0 or None, not {max_depth!r}")


def build_scene(paths: Iterable[Path], leaves: Iterable[Path], max_depth: int | None, what: str) -> Scene:
    """The scene for the nodes at ``paths`` (prefix-closed), of which ``leaves`` are the game's leaves.

    Parameters
    ----------
    paths, leaves : iterable of Path
    max_depth : int or None
        Show nothing deeper; ``None`` shows everything that fits.
    what : str
        What is drawn, for the error message (``"this tree"``).

    Raises
    ------
    ValueError
        A bad ``max_depth``, or a root with more children than one drawing can
        show (:data:`MAX_LEAVES`, or :data:`MAX_NODES` with the root); the
        message names the limits broken.
    """
    check_max_depth(max_depth)
    kids_all = children_map(paths)
    per_depth: dict[int, int] = {}
    leaves = frozenset(leaves)
    true_leaves: dict[int, int] = {}
    for p in kids_all:
        per_depth[len(p)] = per_depth.get(len(p), 0) + 1
        if not kids_all[p]:
            true_leaves[len(p)] = true_leaves.get(len(p), 0) + 1
    deepest = max(per_depth)
    want = deepest if max_depth is None else min(max_depth, deepest)

    def deepest_fitting(max_nodes: int, max_leaves: int) -> int:
        cut, total, ended = 0, 0, 0
        for d in range(want + 1):
            total += per_depth[d]
            # Drawn down to depth d, the bottom row is every node at d plus every leaf above it.
            if total > max_nodes or per_depth[d] + ended > max_leaves:
                break
            ended += true_leaves.get(d, 0)
            cut = d
        return cut

    cut = deepest_fitting(MAX_NODES, MAX_LEAVES)
    if cut < want and cut < 1:
        raise ValueError(_too_wide(what, per_depth[1]))
    if cut < want and max_depth is None:
        # It must be summarised anyway, so make the summary an overview that fits a screen.
        # The overview's width is a preference, not a limit: a root whose children fit
        # MAX_LEAVES but not SUMMARY_LEAVES is still drawn down to its children.
        cut = max(deepest_fitting(MAX_NODES, SUMMARY_LEAVES), 1)
    if cut == deepest:
        order = tuple(preorder(kids_all))
        return Scene(order, kids_all, frozenset(leaves), {}, len(order), len(order), None)
    hidden: dict[Path, int] = {}
    for p in kids_all:
        if len(p) > cut:
            hidden[p[:cut]] = hidden.get(p[:cut], 0) + 1
    kids = {p: ([] if len(p) == cut else ks) for p, ks in kids_all.items() if len(p) <= cut}
    order = tuple(preorder(kids))
    return Scene(order, kids, frozenset(leaves), hidden, len(order), len(kids_all), cut)


def _too_wide(what: str, children: int) -> str:
    """Why a root with ``children`` children cannot be drawn, naming exactly the limits it breaks."""
    # Drawn one level deep, the root's children are the bottom row (MAX_LEAVES)
    # and, with the root, every node drawn (MAX_NODES).
    broken = []
    if children > MAX_LEAVES:
        broken.append(f"{MAX_LEAVES} side by side (abteach.views.scene.MAX_LEAVES)")
    if children + 1 > MAX_NODES:
        broken.append(f"{MAX_NODES} nodes in all (abteach.views.scene.MAX_NODES)")
    return (f"cannot draw {what}: its root alone has {children} children, and one drawing shows at most "
            f"{' and '.join(broken)}")


def tree_scene(tree: Tree, max_depth: int | None) -> Scene:
    """The scene for a drawing of ``tree``, at most ``max_depth`` deep."""
    return build_scene(tree.nodes.keys(), (p for p, n in tree.nodes.items() if n.is_leaf), max_depth, "this tree")


def trace_scene(trace: Trace, max_depth: int | None) -> Scene:
    """The scene for every frame of ``trace``: the whole tree, or every node the search reaches."""
    if trace.tree is not None:
        return tree_scene(trace.tree, max_depth)
    return build_scene(*reached_nodes(trace), max_depth, "this search")


def reached_nodes(trace: Trace) -> tuple[set[Path], set[Path]]:
    """Every node a search over a game reaches, and which of them are leaves.

    Laying out all of them keeps nodes in their places from frame to frame.
    """
    reached: set[Path] = {()}
    leaves: set[Path] = set()
    for e in trace.events:
        reached.add(e.node)
        reached.update(e.skipped)
        if e.kind == Kind.LEAF:
            leaves.add(e.node)
    for p in list(reached):  # close under prefixes, should a search report a child before its parent
        while p and p[:-1] not in reached:
            p = p[:-1]
            reached.add(p)
    return reached, leaves


__all__ = ["MAX_NODES", "MAX_LEAVES", "SUMMARY_LEAVES", "Scene", "build_scene", "check_max_depth", "tree_scene",
           "trace_scene", "reached_nodes"]
