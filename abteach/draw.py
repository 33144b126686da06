"""Draw game trees and search frames in the textbook's conventions.

This is a view: it renders a :class:`abteach.Tree` or one
:class:`abteach.Frame` of a :class:`abteach.Trace`, and never runs a search.

Conventions
-----------
* MAX nodes are ▲, MIN nodes ▼, leaves are boxes holding their utility; a
  returned value is written in its node (``≤2`` when it is only an upper bound,
  ``≥5`` when only a lower bound).  Move names label the edges, node names sit
  to the left of their node.
* In a frame, every visited inner node shows its α, β and v to its right.
  The node the last event was about has a ring; the call stack is a thick
  solid path with filled nodes; pruned subtrees are hatched and dashed and
  carry the comparison that pruned them; nodes not yet visited are dotted.
  When the search is done, the chosen move and the principal variation are
  drawn thick.  Every status is told by line style, hatch, marker or text as
  well as by colour, and the colours are the colour-blind-safe Okabe–Ito set.
* A *marked* node (``highlight=`` in :func:`draw_frame`, or
  :attr:`Style.mark` via :func:`mark_nodes` and :func:`draw_styles`) gets a
  thick dashed ring in reddish purple and its mark (``≠`` by default) in a
  box beside its name, so a view can point at nodes without relying on colour.
* Text keeps a contrast ratio of at least 4.5 (WCAG AA) against whatever it
  sits on; :data:`TEXT_PAIRS` lists every pair used, and
  :func:`contrast_ratio` checks them.

Figures are plain :class:`matplotlib.figure.Figure` objects, not registered
with pyplot, so drawing many of them leaks nothing.  Jupyter shows one that is
a cell's result; elsewhere call ``fig.savefig(...)`` or use
:mod:`abteach.export`.

Examples
--------
>>> import abteach as ab
>>> from abteach.draw import draw_frame, draw_tree
>>> fig = draw_tree(ab.examples.FIG_5_2)
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> fig = draw_frame(tr, 29, size="projector")
>>> bool(fig.get_figwidth() >= SIZES["projector"].min_width)
True
"""

from __future__ import annotations

import io
import math
import textwrap
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Final, Iterable, Mapping, Sequence

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle
from matplotlib.transforms import ScaledTranslation, Transform

from abteach.events import Bound, Kind, fmt
from abteach.layout import Position, children_map, preorder, tidy_layout
from abteach.players import MAX, MIN
from abteach.trace import Frame, NodeState, Status, Trace
from abteach.trees import Path, Tree, path_str

# -- limits ------------------------------------------------------------------

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
SUMMARY_LEAVES: Final = 81

# Agg refuses images wider or taller than 2**16 pixels; stay well inside.
_MAX_PIXELS: Final = 30_000

# -- colours (Okabe & Ito, "Color Universal Design") ---------------------------

INK: Final = "#000000"
MUTED: Final = "#595959"       # de-emphasised text: 7.0 : 1 on white
WHITE: Final = "#FFFFFF"
LIGHT: Final = "#F0F0F0"       # fill of nodes not (or never to be) visited
ORANGE: Final = "#E69F00"      # Okabe–Ito orange: fill of nodes on the call stack
BLUE: Final = "#0072B2"        # Okabe–Ito blue: call stack and current node
GREEN: Final = "#009E73"       # Okabe–Ito bluish green: principal variation
VERMILLION: Final = "#D55E00"  # Okabe–Ito vermillion: pruned
UNSEEN: Final = "#8C8C8C"      # outline of nodes not yet visited
PURPLE: Final = "#CC79A7"      # Okabe–Ito reddish purple: the ring of a marked node

#: Every (text colour, background colour) pair the drawings use.  Each must
#: reach the WCAG AA contrast ratio for text, 4.5 : 1.
TEXT_PAIRS: Final[tuple[tuple[str, str], ...]] = (
    (INK, WHITE),     # names, α/β/v, values, move labels, notes, caption, legend
    (INK, LIGHT),     # values of pruned leaves, on their own light patch
    (MUTED, WHITE),   # names and move labels of nodes not visited
    (MUTED, LIGHT),   # values of leaves not visited or pruned
    (INK, ORANGE),    # a value inside a node on the call stack
)

#: Every line colour drawn on the white background.  WCAG asks 3 : 1 for
#: graphical objects that carry meaning.
GRAPHIC_PAIRS: Final[tuple[tuple[str, str], ...]] = (
    (INK, WHITE), (BLUE, WHITE), (GREEN, WHITE), (VERMILLION, WHITE), (UNSEEN, WHITE), (PURPLE, WHITE),
)


def relative_luminance(colour: str | Sequence[float]) -> float:
    """WCAG 2 relative luminance of a colour (any matplotlib colour spec).

    Examples
    --------
    >>> relative_luminance("#FFFFFF"), relative_luminance("black")
    (1.0, 0.0)
    """
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(foreground: str | Sequence[float], background: str | Sequence[float]) -> float:
    """WCAG 2 contrast ratio, from 1 (same colour) to 21 (black on white); order does not matter.

    Examples
    --------
    >>> round(contrast_ratio("#000000", "#FFFFFF"), 1)
    21.0
    >>> contrast_ratio(MUTED, WHITE) >= 4.5
    True
    """
    a, b = relative_luminance(foreground), relative_luminance(background)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


# -- sizes -------------------------------------------------------------------

@dataclass(frozen=True)
class Size:
    """How big everything is drawn.  Lengths in points unless they say inches.

    Use a name from :data:`SIZES` (``"screen"``, ``"projector"``), or build
    your own.
    """

    name: str
    font: float       # names, values, caption
    small: float      # α/β/v, move labels, notes, legend
    marker: float     # side of the box a ▲ or ▼ fits in
    line: float       # width of a plain edge
    level: float      # inches from one depth to the next
    min_slot: float   # inches between neighbouring leaves, at least
    min_width: float  # inches: narrower figures are widened
    dpi: float


#: The named sizes.  ``"projector"`` is for lecture halls: bigger text and
#: thicker lines, readable from the back rows.
SIZES: Final[Mapping[str, Size]] = MappingProxyType({
    "screen": Size("screen", font=10, small=8.5, marker=30, line=1.2, level=1.05,
                   min_slot=0.6, min_width=6.5, dpi=100),
    "projector": Size("projector", font=16, small=13.5, marker=46, line=2.0, level=1.6,
                      min_slot=0.95, min_width=10, dpi=100),
})


def resolve_size(size: str | Size) -> Size:
    """The :class:`Size` for a name in :data:`SIZES`, or ``size`` itself."""
    if isinstance(size, Size):
        return size
    if isinstance(size, str) and size in SIZES:
        return SIZES[size]
    raise ValueError(f"unknown size {size!r}: use one of {', '.join(map(repr, SIZES))}, or an abteach.draw.Size")


# -- what each node looks like --------------------------------------------------

@dataclass(frozen=True)
class Style:
    """How one node, and the edge into it from its parent, are drawn.

    ``status`` is ``None`` in a plain tree drawing.  Weights multiply the
    size's line width.  ``annotation`` is the α/β/v text beside an inner
    node, ``inside`` the text within the node (a leaf's utility, or an inner
    node's returned value), ``pruned_by`` the comparison that pruned this
    node (set only on the pruned child itself, not on nodes below it).
    ``mark``, when not empty, highlights the node: a thick dashed ring, and
    this text in a box beside its name.
    """

    path: Path
    kind: str                # "max", "min" or "leaf"
    status: Status | None
    marker: str              # matplotlib marker: "^" MAX, "v" MIN, "s" leaf
    face: str
    outline: str
    outline_style: str       # "-", "--" or ":"
    outline_weight: float
    hatch: str
    inside: str
    text: str                # colour of all text about this node
    name: str
    annotation: str
    move: str
    edge: str                # colour of the edge into this node
    edge_style: str
    edge_weight: float
    current: bool = False
    on_stack: bool = False
    on_pv: bool = False
    pruned_by: str = ""
    hidden: int = 0          # nodes below this one left out of a summarised drawing
    mark: str = ""           # highlight: a dashed ring, and this text beside the name

    @property
    def pruned(self) -> bool:
        return self.status is Status.PRUNED

    @property
    def dashed(self) -> bool:
        return self.edge_style == "--"


@dataclass(frozen=True)
class _Scene:
    """The part of a tree a drawing shows."""

    paths: tuple[Path, ...]               # preorder
    kids: Mapping[Path, list[Path]]
    leaves: frozenset[Path]               # leaves of the game (not of a cut)
    hidden: Mapping[Path, int]
    shown: int
    total: int
    cut: int | None                       # the deepest depth shown, when summarised


def _check_max_depth(max_depth: int | None) -> None:
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0):
        raise ValueError(f"max_depth must be a whole number ≥ 0 or None, not {max_depth!r}")


def _scene(paths: Iterable[Path], leaves: Iterable[Path], max_depth: int | None, what: str) -> _Scene:
    _check_max_depth(max_depth)
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
    if cut < want and max_depth is None:
        # It must be summarised anyway, so make the summary an overview that fits a screen.
        cut = deepest_fitting(MAX_NODES, SUMMARY_LEAVES)
    if cut < want and cut < 1:
        raise ValueError(
            f"cannot draw {what}: its root alone has {per_depth[1]} children, more than the "
            f"{min(MAX_NODES, MAX_LEAVES)} a drawing can show legibly (abteach.draw.MAX_NODES, MAX_LEAVES)"
        )
    if cut == deepest:
        order = tuple(preorder(kids_all))
        return _Scene(order, kids_all, frozenset(leaves), {}, len(order), len(order), None)
    hidden: dict[Path, int] = {}
    for p in kids_all:
        if len(p) > cut:
            hidden[p[:cut]] = hidden.get(p[:cut], 0) + 1
    kids = {p: ([] if len(p) == cut else ks) for p, ks in kids_all.items() if len(p) <= cut}
    order = tuple(preorder(kids))
    return _Scene(order, kids, frozenset(leaves), hidden, len(order), len(kids_all), cut)


def _tree_scene(tree: Tree, max_depth: int | None) -> _Scene:
    return _scene(tree.nodes.keys(), (p for p, n in tree.nodes.items() if n.is_leaf), max_depth, "this tree")


def _trace_scene(trace: Trace, max_depth: int | None) -> _Scene:
    if trace.tree is not None:
        return _tree_scene(trace.tree, max_depth)
    return _scene(*_reached(trace), max_depth, "this search")


def _reached(trace: Trace) -> tuple[set[Path], set[Path]]:
    """Every node a search over a game reaches, and which of them are leaves.

    Laying out all of them keeps nodes in their places from frame to frame.
    """
    reached: set[Path] = {()}
    leaves: set[Path] = set()
    for e in trace.events:
        reached.add(e.node)
        reached.update(e.skipped)
        if e.kind is Kind.LEAF:
            leaves.add(e.node)
    for p in list(reached):  # close under prefixes, should a search report a child before its parent
        while p and p[:-1] not in reached:
            p = p[:-1]
            reached.add(p)
    return reached, leaves


def _is_default_name(name: str, path: Path) -> bool:
    return name == path_str(path)


def _auto(flag: bool | None, default: bool) -> bool:
    return default if flag is None else bool(flag)


def _plain_style(path: Path, kind: str, *, name: str, inside: str, move: str, hidden: int) -> Style:
    return Style(path, kind, None, _MARKERS[kind], WHITE, INK, "-", 1.0, "", inside, INK, name, "", move,
                 INK, "-", 1.0, hidden=hidden)


_MARKERS: Final = MappingProxyType({"max": "^", "min": "v", "leaf": "s"})


def tree_styles(tree: Tree, *, max_depth: int | None = None, names: bool | None = None,
                moves: bool | None = None) -> dict[Path, Style]:
    """Styles for a plain drawing of ``tree``: structure, names, moves and leaf values.

    Parameters are as for :func:`draw_tree`.

    Examples
    --------
    >>> import abteach as ab
    >>> s = tree_styles(ab.examples.FIG_5_2)
    >>> s[()].marker, s[(0,)].marker, s[(0, 1)].inside, s[(1,)].move, s[()].name
    ('^', 'v', '12', 'a2', 'A')
    """
    return _tree_styles(tree, _tree_scene(tree, max_depth), names, moves)


def _tree_styles(tree: Tree, scene: _Scene, names: bool | None, moves: bool | None) -> dict[Path, Style]:
    show_names = _auto(names, any(not _is_default_name(n.name, p) for p, n in tree.nodes.items()))
    show_moves = _auto(moves, True)
    out: dict[Path, Style] = {}
    for p in scene.paths:
        node = tree.nodes[p]
        kind = "leaf" if node.is_leaf else ("max" if node.player == MAX else "min")
        out[p] = _plain_style(
            p, kind,
            name=_name_label(node.name, p, kind, node.move, show_names),
            inside=fmt(node.value) if node.is_leaf else "",
            move=(node.move or str(p[-1])) if (p and show_moves) else "",
            hidden=scene.hidden.get(p, 0),
        )
    return out


def _name_label(name: str, path: Path, kind: str, move: str | None, show: bool) -> str:
    # A leaf named like the move into it (b1 under move b1) would say it twice.
    if not show or _is_default_name(name, path) or (kind == "leaf" and name == move):
        return ""
    return name


def node_styles(trace: Trace, frame: Frame | int, *, max_depth: int | None = None,
                names: bool | None = None, moves: bool | None = None, stable: bool | None = None) -> dict[Path, Style]:
    """How every node shown is drawn at ``frame``: the pure part of :func:`draw_frame`.

    Parameters
    ----------
    trace : Trace
    frame : Frame or int
        A frame of ``trace``, or its step number.
    max_depth, names, moves, stable
        As for :func:`draw_frame`.

    Returns
    -------
    dict
        Path to :class:`Style`, in preorder, for every node drawn.

    Examples
    --------
    After C's cutoff on the textbook tree, c2 and c3 are pruned by "v=2 ≤ α=3":

    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> s = node_styles(tr, 29)
    >>> s[(1, 1)].status.value, s[(1, 1)].edge_style, s[(1, 1)].pruned_by
    ('pruned', '--', 'v=2 ≤ α=3')
    >>> print(s[(1,)].annotation)
    α=3
    β=+∞
    v=2
    """
    frame = _resolve_frame(trace, frame)
    return _frame_view(trace, frame, max_depth, names, moves, stable)[0]


def _frame_view(trace: Trace, frame: Frame, max_depth: int | None, names: bool | None, moves: bool | None,
                stable: bool | None) -> tuple[dict[Path, Style], dict[Path, Position], _Scene, dict[Path, Style]]:
    """Styles of the nodes drawn, positions, the scene, and the nodes laid out but not drawn."""
    scene = _trace_scene(trace, max_depth)
    if stable is None:
        stable = scene.cut is None  # a summary of a whole big search says little about one step
    if trace.tree is None and not stable:
        everything, leaves = _reached(trace)
        reached = [p for p in everything if not p or frame.node(p).status is not Status.UNVISITED]
        scene = _scene(reached, leaves, max_depth, "this search")
    styles = _frame_styles(trace, frame, scene, names, moves)
    ghosts: dict[Path, Style] = {}
    for p in scene.paths:
        if p not in styles:
            # Room for the α/β/v the node will show once reached, so the figure keeps its size.
            kind = "leaf" if p in scene.leaves else "max"
            ghosts[p] = Style(p, kind, Status.UNVISITED, _MARKERS[kind], LIGHT, UNSEEN, ":", 1.0, "", "", MUTED,
                              "", "" if kind == "leaf" else "α=−∞\nβ=+∞\nv=−∞", "", UNSEEN, ":", 1.0,
                              hidden=scene.hidden.get(p, 0))
    return styles, tidy_layout(scene.paths), scene, ghosts


def _resolve_frame(trace: Trace, step_or_frame: Frame | int) -> Frame:
    if not isinstance(trace, Trace):
        raise TypeError(f"expected an abteach.Trace (e.g. ab.alphabeta(game).trace), not {type(trace).__name__}")
    if isinstance(step_or_frame, Frame):
        if not 0 <= step_or_frame.step <= len(trace):
            raise IndexError(f"frame step {step_or_frame.step} is out of range: this trace has steps 0 to {len(trace)}")
        return step_or_frame
    return trace.frame(step_or_frame)  # raises TypeError / IndexError with the range


def principal_variation(frame: Frame) -> list[Path]:
    """The paths of the principal variation below the root, once the search is done; else ``[]``.

    Follows each node's best child (:attr:`NodeState.best`) from the root.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> principal_variation(tr.frame(len(tr)))
    [(0,), (0, 0)]
    """
    if frame.event is None or frame.event.kind is not Kind.DONE:
        return []
    pv: list[Path] = []
    p: Path = ()
    seen = 0
    while seen <= len(frame.nodes):  # a malformed trace could loop; a real one cannot be longer
        state = frame.nodes.get(p)
        if state is None or state.best is None:
            break
        p = p + (state.best,)
        if p not in frame.nodes:
            break
        pv.append(p)
        seen += 1
    return pv


def _inside_value(state: NodeState) -> str:
    if state.value is None:
        return ""
    prefix = {Bound.UPPER: "≤", Bound.LOWER: "≥"}.get(state.bound, "")
    return prefix + fmt(state.value)


def _annotation(state: NodeState) -> str:
    lines = []
    if state.alpha is not None or state.beta is not None:
        lines += [f"α={fmt(state.alpha)}", f"β={fmt(state.beta)}"]
    if state.v is not None:
        lines.append(f"v={fmt(state.v)}")
    return "\n".join(lines)


def _frame_styles(trace: Trace, frame: Frame, scene: _Scene, names: bool | None,
                  moves: bool | None) -> dict[Path, Style]:
    tree = trace.tree
    if tree is not None:
        show_names = _auto(names, any(not _is_default_name(n.name, p) for p, n in tree.nodes.items()))
    else:
        show_names = _auto(names, False)  # a game node's name is its whole move list: too long to draw
    show_moves = _auto(moves, True)
    stack = set(frame.stack)
    pv = set(principal_variation(frame))
    current = frame.current
    if frame.event is not None and frame.event.kind is Kind.DONE:
        current = None  # the principal variation is the news now
    if current is not None and scene.cut is not None and len(current) > scene.cut:
        current = current[:scene.cut]
    players: dict[Path, str] = {}
    out: dict[Path, Style] = {}
    for p in scene.paths:
        state = frame.node(p)
        if tree is None and p and state.status is Status.UNVISITED:
            continue  # a game's tree is not known in advance: draw only what the search has reached
        if tree is not None:
            node = tree.nodes[p]
            player, leaf_value = node.player, node.value
            raw_name, move = node.name, ((node.move or str(p[-1])) if p else "")
        else:
            parent_player = players.get(p[:-1], MIN)
            player = state.player or (MIN if parent_player == MAX else MAX)
            leaf_value = state.value if p in scene.leaves else None
            raw_name, move = path_str(p), trace.move_name(p) if p else ""
        players[p] = player
        kind = "leaf" if p in scene.leaves else ("max" if player == MAX else "min")
        status = state.status
        visited = status in (Status.ACTIVE, Status.DONE)
        if kind == "leaf":
            inside = fmt(leaf_value) if leaf_value is not None else ""
            annotation = ""
        else:
            inside = _inside_value(state) if status is Status.DONE else ""
            annotation = _annotation(state) if visited else ""
        on_pv = p in pv
        on_stack = p in stack
        face, outline, o_style, o_weight, hatch, text = {
            Status.UNVISITED: (LIGHT, UNSEEN, ":", 1.3, "", MUTED),
            Status.ACTIVE: (ORANGE, BLUE, "-", 2.4, "", INK),
            Status.DONE: (WHITE, INK, "-", 1.0, "", INK),
            Status.PRUNED: (LIGHT, VERMILLION, "--", 1.3, "////", MUTED),
        }[status]
        edge, e_style, e_weight = {
            Status.UNVISITED: (UNSEEN, ":", 1.0),
            Status.ACTIVE: (BLUE, "-", 2.8),
            Status.DONE: (INK, "-", 1.0),
            Status.PRUNED: (VERMILLION, "--", 1.1),
        }[status]
        if on_pv:
            outline, o_weight, edge, e_weight = GREEN, 2.6, GREEN, 4.2
        explicit = frame.nodes.get(p)
        pruned_by = explicit.pruned_by if explicit is not None and explicit.status is Status.PRUNED else ""
        out[p] = Style(
            path=p, kind=kind, status=status, marker=_MARKERS[kind], face=face, outline=outline,
            outline_style=o_style, outline_weight=o_weight, hatch=hatch, inside=inside, text=text,
            name=_name_label(raw_name, p, kind, move, show_names),
            annotation=annotation, move=move if show_moves else "",
            edge=edge, edge_style=e_style, edge_weight=e_weight,
            current=(p == current), on_stack=on_stack, on_pv=on_pv, pruned_by=pruned_by,
            hidden=scene.hidden.get(p, 0),
        )
    return out


# -- rendering -------------------------------------------------------------------

_CHAR_EM: Final = 0.62   # a generous average glyph width of DejaVu Sans, in ems
_LINE: Final = 1.25      # line height, in ems


def _text_width(text: str, font: float) -> float:
    """Estimated width in points (no renderer needed, so it is fast and deterministic)."""
    return max((len(line) for line in text.split("\n")), default=0) * _CHAR_EM * font


def _text_height(text: str, font: float) -> float:
    return (text.count("\n") + 1) * _LINE * font if text else 0.0


@dataclass(frozen=True)
class _Metrics:
    """Sizes, in points, derived from a size and the labels to fit."""

    tri: float     # side of a ▲/▼ marker
    box: float     # side of a leaf box
    ring: float    # diameter of the current-node ring
    halo: float    # diameter of the ring around a marked node, outside the current-node ring
    gap: float     # between a node and its side labels


def _metrics(styles: Mapping[Path, Style], size: Size) -> _Metrics:
    inner = [s.inside for s in styles.values() if s.kind != "leaf" and s.inside]
    leaves = [s.inside for s in styles.values() if s.kind == "leaf" and s.inside]
    # The text in a triangle sits at its centroid, where the triangle is 2/3 as wide as its base.
    tri = max([size.marker] + [(_text_width(t, size.font) + 0.4 * size.font) * 1.5 for t in inner])
    box = max([2.3 * size.font] + [_text_width(t, size.font) + 0.9 * size.font for t in leaves])
    ring = 1.4 * max(tri, box)
    return _Metrics(tri, box, ring, ring + 0.7 * size.font, 0.25 * size.font)


def _half(style: Style, m: _Metrics) -> float:
    return (m.box if style.kind == "leaf" else m.tri) / 2


def _side(style: Style, m: _Metrics) -> float:
    """How far (points) the node and its rings reach from its centre."""
    return max(_half(style, m), m.ring / 2 if style.current else 0, m.halo / 2 if style.mark else 0)


def _name_width(style: Style, size: Size) -> float:
    return _text_width(style.name, size.font) * 1.08 if style.name else 0.0


def _mark_width(style: Style, size: Size) -> float:
    # The mark is bold, in a padded box.
    return _text_width(style.mark, size.font) * 1.15 + 0.6 * size.font if style.mark else 0.0


def _extents(style: Style, m: _Metrics, size: Size) -> tuple[float, float]:
    """How far (points) the node and its side labels reach to the left and to the right."""
    side = _side(style, m)
    left = side + (m.gap + _name_width(style, size) if style.name else 0)
    left += m.gap + _mark_width(style, size) if style.mark else 0
    right = side + (m.gap + _text_width(style.annotation, size.small) if style.annotation else 0)
    return left, right


def _slot_inches(styles: Mapping[Path, Style], pos: Mapping[Path, Position], kids: Mapping[Path, list[Path]],
                 m: _Metrics, size: Size) -> float:
    """Inches per layout unit, wide enough that no two labels on one level overlap."""
    slot = size.min_slot
    pad = 0.35 * size.font
    by_depth: dict[int, list[Path]] = {}
    for p in styles:
        by_depth.setdefault(len(p), []).append(p)
    for row in by_depth.values():
        row.sort(key=lambda q: pos[q][0])
        for a, b in zip(row, row[1:]):
            need = _extents(styles[a], m, size)[1] + _extents(styles[b], m, size)[0] + pad
            slot = max(slot, need / 72 / (pos[b][0] - pos[a][0]))
    for parent, ks in kids.items():
        for a, b in zip(ks, ks[1:]):
            # Move labels sit at _MOVE_AT of the way down their edge.
            need = (_text_width(styles[a].move, size.small) + _text_width(styles[b].move, size.small)) / 2 + pad
            if styles[a].move and styles[b].move:
                slot = max(slot, need / 72 / (_MOVE_AT * (pos[b][0] - pos[a][0])))
    return slot


_MOVE_AT: Final = 0.58


@dataclass(frozen=True)
class _Note:
    x0: float   # inches, left end
    x1: float
    x: float    # layout units, centre
    y: float    # layout units, the level it hangs below
    text: str


def _pruned_notes(styles: Mapping[Path, Style], pos: Mapping[Path, Position], kids: Mapping[Path, list[Path]],
                  slot: float, size: Size) -> list[_Note]:
    groups: dict[tuple[Path, str], list[Path]] = {}
    for p, s in styles.items():
        if s.pruned_by:
            groups.setdefault((p[:-1], s.pruned_by), []).append(p)
    notes = []
    for (_, why), roots in groups.items():
        members: list[Path] = []
        stack = list(roots)
        while stack:
            q = stack.pop()
            members.append(q)
            stack.extend(kids.get(q, ()))
        xs = [pos[q][0] for q in members]
        x = (min(xs) + max(xs)) / 2
        text = f"pruned:\n{why}"
        half = _text_width(text, size.small) / 72 / 2
        notes.append(_Note(x * slot - half, x * slot + half, x, min(pos[q][1] for q in members), text))
    return notes


def _stagger(notes: list[_Note], pad: float) -> list[tuple[_Note, int]]:
    """Give each note a row below its level so that notes on one level never overlap."""
    placed: list[tuple[_Note, int]] = []
    ends: dict[tuple[float, int], float] = {}
    for n in sorted(notes, key=lambda n: (n.y, n.x0)):
        row = 0
        while ends.get((n.y, row), -math.inf) + pad > n.x0:
            row += 1
        ends[(n.y, row)] = n.x1
        placed.append((n, row))
    return placed


def _annotation_shift(p: Path, s: Style, left: float, styles: Mapping[Path, Style], pos: Mapping[Path, Position],
                      kids: Mapping[Path, list[Path]], m: _Metrics, size: Size, ux: float, uy: float) -> float:
    """Vertical offset (points) that keeps a node's α/β/v clear of the edges beside it.

    The block starts ``left`` points right of the node.  An edge coming in
    from a parent up to the right bounds it from above, the shallowest edge
    going down to the right bounds it from below.
    """
    x, y = pos[p]
    lines = s.annotation.count("\n") + 1
    height = ((lines - 1) * 1.05 * 1.2 + 1.2) * size.small + 0.3 * size.small
    half = _half(s, m)
    top, bottom = math.inf, -math.inf
    if p and pos[p[:-1]][0] > x:
        px, py = pos[p[:-1]]
        slope = ((py - y) / uy) / ((px - x) / ux)
        top = half + left * slope
    right = [pos[c][0] - x for c in kids.get(p, ()) if pos[c][0] > x]
    if right:
        slope = (1 / uy) / (max(right) / ux)
        bottom = -half - left * slope
    # Below the incoming edge first; if the band is too narrow, the edge below wins.
    return max(min(0.0, top - height / 2), bottom + height / 2)


def _legend_handles(styles: Mapping[Path, Style], size: Size, frame_mode: bool, mark_label: str) -> list:
    lw = size.line
    kinds = {s.kind for s in styles.values()}
    h: list = []
    if "max" in kinds:
        h.append(Line2D([], [], ls="", marker="^", ms=size.small * 1.3, mfc=WHITE, mec=INK, label="MAX to move"))
    if "min" in kinds:
        h.append(Line2D([], [], ls="", marker="v", ms=size.small * 1.3, mfc=WHITE, mec=INK, label="MIN to move"))
    if "leaf" in kinds:
        h.append(Line2D([], [], ls="", marker="s", ms=size.small * 1.3, mfc=WHITE, mec=INK, label="leaf (utility)"))
    marks = sorted({s.mark for s in styles.values() if s.mark})
    if marks:
        h.append(Patch(facecolor="none", edgecolor=PURPLE, ls="--", lw=2.0 * lw,
                       label=f"{' '.join(marks)} {mark_label}"))
    if not frame_mode:
        return h
    st = [s for s in styles.values()]
    if any(s.current for s in st):
        h.append(Line2D([], [], ls="", marker="o", ms=size.small * 1.6, mfc="none", mec=BLUE, mew=2 * lw,
                        label="current node"))
    if any(s.on_stack for s in st):
        h.append(Line2D([], [], color=BLUE, lw=2.8 * lw, marker="^", ms=size.small * 1.1, mfc=ORANGE, mec=BLUE,
                        label="call stack"))
    if any(s.pruned for s in st):
        h.append(Patch(facecolor=LIGHT, edgecolor=VERMILLION, hatch="////", ls="--", lw=1.3 * lw,
                       label="pruned"))
    if any(s.status is Status.UNVISITED for s in st):
        h.append(Line2D([], [], color=UNSEEN, lw=lw, ls=":", label="not visited yet"))
    if any(s.on_pv for s in st):
        h.append(Line2D([], [], color=GREEN, lw=4.2 * lw, label="best play"))
    return h


_LEGEND_ROW: Final = 1.9   # legend row height, in ems of the small font
_GLYPH: Final = 2.6        # legend symbol width, in ems of the small font


def _legend_rows(handles: list, size: Size, width: float) -> list[list[tuple[Any, float]]]:
    """Pack legend entries into centred rows that fit ``width`` inches: (handle, entry width) pairs."""
    rows: list[list[tuple[Any, float]]] = []
    used = math.inf
    for h in handles:
        w = (_GLYPH * size.small + 0.5 * size.small + _text_width(h.get_label(), size.small) + 1.2 * size.small) / 72
        if used + w > width - 0.3:
            rows.append([])
            used = 0.0
        rows[-1].append((h, w))
        used += w
    return rows


def _draw_legend(fig: Figure, rows: list[list[tuple[Any, float]]], size: Size, width: float) -> None:
    """A legend drawn straight onto the figure, in inches.

    Matplotlib's own legend lays itself out on every draw, which costs a
    stepper more than the whole tree does.
    """
    inch = fig.dpi_scale_trans
    glyph = _GLYPH * size.small / 72
    for i, row in enumerate(rows):
        y = (len(rows) - i - 0.5) * _LEGEND_ROW * size.small / 72 + 0.3 * size.small / 72
        x = (width - sum(w for _, w in row)) / 2
        for h, w in row:
            if isinstance(h, Patch):
                art = Rectangle((x, y - 0.35 * size.small / 72), glyph, 0.7 * size.small / 72, transform=inch)
                art.update_from(h)
                art.set_transform(inch)  # update_from copies the handle's transform too
                fig.add_artist(art)
            else:
                line = h.get_linestyle() not in ("None", "", " ")
                xs = [x, x + glyph] if line else [x + glyph / 2]
                art = Line2D(xs, [y] * len(xs), transform=inch)
                art.update_from(h)
                if line and h.get_marker() not in ("None", "", " ", None):
                    art.set_markevery([1])  # one marker, at the end of the line
                    art.set_data([x, x + glyph / 2, x + glyph], [y] * 3)
                art.set_transform(inch)
                fig.add_artist(art)
            fig.text(x + glyph + 0.5 * size.small / 72, y, h.get_label(), transform=inch, ha="left", va="center",
                     fontsize=size.small, color=INK)
            x += w


class Drawing(Figure):
    """A matplotlib Figure that shows itself in Jupyter without pyplot.

    Nothing registers it with pyplot, so it never leaks or shows twice; its
    text form is stable (no sizes), so stored notebook outputs compare cleanly.
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def __repr__(self) -> str:
        return "<abteach drawing>"


def _render(styles: Mapping[Path, Style], pos: Mapping[Path, Position], all_kids: Mapping[Path, list[Path]],
            size: Size, ax: Axes | None, *, caption: str, legend: bool, frame_mode: bool,
            ghosts: Mapping[Path, Style] | None = None, mark_label: str = "marked") -> Figure:
    """Draw ``styles`` at ``pos``.  ``ghosts`` are nodes laid out but not drawn (yet): they get room."""
    kids = {p: [c for c in all_kids.get(p, ()) if c in styles] for p in styles}
    spaced = {**(ghosts or {}), **styles}
    spaced = {p: spaced[p] for p in pos if p in spaced}
    m = _metrics(styles, size)
    slot = _slot_inches(spaced, pos, {p: all_kids.get(p, []) for p in spaced}, m, size)
    level = size.level
    depth = max(len(p) for p in pos)
    notes = _stagger(_pruned_notes(styles, pos, kids, slot, size), 0.3 * size.small / 72)

    # Vertical room (inches) above the root and below the deepest level.
    top = (m.ring / 2 + 0.3 * size.font) / 72
    hidden_h = (_LINE * size.small + 2) / 72 if any(s.hidden for s in styles.values()) else 0.0
    below = (max(m.box, m.tri) / 2 + 0.25 * size.font) / 72 + hidden_h
    note_h = _text_height("a\nb", size.small) / 72 + 0.06
    bottom = below + 0.1
    for n, row in notes:
        bottom = max(bottom, below + (row + 1) * note_h - (n.y + depth) * level)

    xs = [x for x, _ in pos.values()]
    left_in = right_in = 0.2
    xmin, xmax = min(xs), max(xs)
    for p, s in spaced.items():
        lo, hi = _extents(s, m, size)
        left_in = max(left_in, lo / 72 - (pos[p][0] - xmin) * slot + 0.1)
        right_in = max(right_in, hi / 72 - (xmax - pos[p][0]) * slot + 0.1)
    for n, _ in notes:
        left_in = max(left_in, xmin * slot - n.x0 + 0.1)
        right_in = max(right_in, n.x1 - xmax * slot + 0.1)
    tree_w = (xmax - xmin) * slot + left_in + right_in
    width = max(tree_w, size.min_width)
    left_in += (width - tree_w) / 2
    right_in += (width - tree_w) / 2
    tree_h = depth * level + top + bottom

    wrap = max(20, int(width * 72 / (_CHAR_EM * size.font) * 0.95) - 2)
    cap_lines = [line for para in caption.split("\n") for line in (textwrap.wrap(para, wrap) or [""])] if caption else []
    cap_h = (len(cap_lines) * _LINE * size.font + 0.8 * size.font) / 72 if cap_lines else 0.0
    handles = _legend_handles(styles, size, frame_mode, mark_label) if legend else []
    rows = _legend_rows(handles, size, width)
    leg_h = (len(rows) * _LEGEND_ROW * size.small + 0.6 * size.small) / 72 if rows else 0.0
    height = tree_h + cap_h + leg_h

    own = ax is None
    if own:
        dpi = min(size.dpi, _MAX_PIXELS / max(width, height))
        fig = Drawing(figsize=(width, height), dpi=dpi)
        fig.patch.set_facecolor(WHITE)
        ax = fig.add_axes((0, leg_h / height, 1, tree_h / height))
    else:
        fig = ax.figure
    ax.set_axis_off()
    ax.set_xlim(xmin - left_in / slot, xmax + right_in / slot)
    ax.set_ylim(-depth - bottom / level, top / level)
    ax.set_facecolor(WHITE)

    g = nx.DiGraph()
    g.add_nodes_from(styles)
    lw = size.line
    # Data units per point, read off the axes so user-supplied axes work too.
    box = ax.get_position()
    ux = (ax.get_xlim()[1] - ax.get_xlim()[0]) / (box.width * fig.get_figwidth() * 72)
    uy = (ax.get_ylim()[1] - ax.get_ylim()[0]) / (box.height * fig.get_figheight() * 72)

    # Edges run from the parent's bottom to the child's top, as in the textbook,
    # rather than centre to centre through the markers.
    plain: list[tuple[tuple[Position, Position], Style]] = []
    strong: list[tuple[tuple[Position, Position], Style]] = []
    for p, s in styles.items():
        if p:
            (px, py), (x, y) = pos[p[:-1]], pos[p]
            seg = ((px, py - _half(styles[p[:-1]], m) * uy), (x, y + _half(s, m) * uy))
            (strong if (s.on_pv or s.on_stack) else plain).append((seg, s))
    for group, z in ((plain, 1.0), (strong, 1.5)):
        if group:
            lines = LineCollection([seg for seg, _ in group], colors=[s.edge for _, s in group],
                                   linewidths=[s.edge_weight * lw for _, s in group],
                                   linestyles=[s.edge_style for _, s in group], zorder=z, capstyle="butt")
            ax.add_collection(lines)
    segments = {s.path: seg for group in (plain, strong) for seg, s in group}

    # Nodes, grouped by look.
    node_groups: dict[tuple, list[Path]] = {}
    for p, s in styles.items():
        node_groups.setdefault((s.marker, s.face, s.outline, s.outline_style, s.outline_weight, s.hatch), []).append(p)
    for (marker, face, outline, style, weight, hatch), nodes in node_groups.items():
        side = m.box if marker == "s" else m.tri
        coll = nx.draw_networkx_nodes(g, pos, nodelist=nodes, node_shape=marker, node_size=side ** 2,
                                      node_color=face, edgecolors=outline, linewidths=weight * lw, ax=ax,
                                      hide_ticks=False)
        coll.set_zorder(3)
        coll.set_linestyle(style)
        if hatch:
            coll.set_hatch(hatch)
    ring = [p for p, s in styles.items() if s.current]
    if ring:
        coll = nx.draw_networkx_nodes(g, pos, nodelist=ring, node_shape="o", node_size=m.ring ** 2,
                                      node_color="none", edgecolors=BLUE, linewidths=2.2 * lw, ax=ax,
                                      hide_ticks=False)
        coll.set_zorder(2.5)
    marked = [p for p, s in styles.items() if s.mark]
    if marked:
        coll = nx.draw_networkx_nodes(g, pos, nodelist=marked, node_shape="o", node_size=m.halo ** 2,
                                      node_color="none", edgecolors=PURPLE, linewidths=2.4 * lw, ax=ax,
                                      hide_ticks=False)
        coll.set_linestyle((0, (2.5, 1.5)))
        coll.set_zorder(2.4)

    # Text.  Offsets are in points, so labels keep their distance at any zoom.
    offsets: dict[tuple[float, float], Transform] = {}

    def at(dx: float, dy: float) -> Transform:
        if (dx, dy) not in offsets:
            offsets[(dx, dy)] = ax.transData + ScaledTranslation(dx / 72, dy / 72, fig.dpi_scale_trans)
        return offsets[(dx, dy)]

    white_box = dict(boxstyle="round,pad=0.12", fc=WHITE, ec="none")
    for p, s in styles.items():
        x, y = pos[p]
        if s.inside:
            # A triangle's text goes at its centroid, a third of the way in from the base.
            dy = {"^": -m.tri / 6, "v": m.tri / 6}.get(s.marker, 0.0)
            bbox = dict(boxstyle="square,pad=0.1", fc=LIGHT, ec="none") if s.hatch else None
            ax.text(x, y, s.inside, transform=at(0, dy), ha="center", va="center", fontsize=size.font,
                    color=s.text, zorder=5, bbox=bbox, fontweight="bold" if s.on_pv else "normal")
        side = _side(s, m)
        if s.name:
            ax.text(x, y, s.name, transform=at(-(side + m.gap), 0), ha="right", va="center", fontsize=size.font,
                    fontweight="bold", color=s.text, zorder=5)
        if s.mark:
            # Left of the name: the edges and the α/β/v block leave that side free.
            dx = side + m.gap + (_name_width(s, size) + m.gap if s.name else 0) + 0.3 * size.font
            ax.text(x, y, s.mark, transform=at(-dx, 0), ha="right", va="center", fontsize=size.font,
                    fontweight="bold", color=INK, zorder=5,
                    bbox=dict(boxstyle="round,pad=0.2", fc=WHITE, ec=PURPLE, lw=1.6 * lw, ls="--"))
        if s.annotation:
            dy = _annotation_shift(p, s, side + m.gap, styles, pos, kids, m, size, ux, uy)
            ax.text(x, y, s.annotation, transform=at(side + m.gap, dy), ha="left", va="center",
                    fontsize=size.small, color=INK, zorder=5, linespacing=1.05, bbox=white_box)
        if s.hidden:
            ax.text(x, y, f"+{s.hidden} below", transform=at(0, -(_half(s, m) + 2)), ha="center", va="top",
                    fontsize=size.small, color=MUTED, zorder=5)
        if s.move and p:
            (px, py), (x, y) = segments[p]
            emphasised = s.on_pv or s.on_stack
            ax.text(px + _MOVE_AT * (x - px), py + _MOVE_AT * (y - py), s.move, transform=ax.transData,
                    ha="center", va="center", fontsize=size.small, color=s.text, zorder=4.5, bbox=white_box,
                    fontweight="bold" if emphasised else "normal")
    for n, row in notes:
        ax.text(n.x, n.y, n.text, transform=at(0, -(below * 72 + 2 + row * note_h * 72)), ha="center", va="top",
                fontsize=size.small, color=INK, zorder=5, linespacing=1.05, bbox=white_box)

    if own and cap_lines:
        fig.text(0.12 / width, 1 - 0.4 * size.font / 72 / height, "\n".join(cap_lines), ha="left", va="top",
                 fontsize=size.font, color=INK, linespacing=_LINE / 1.2)
    elif cap_lines:
        ax.set_title("\n".join(cap_lines), fontsize=size.font, color=INK, loc="left")
    if handles and own:
        _draw_legend(fig, rows, size, width)
    elif handles:
        ax.legend(handles=handles, loc="lower right", frameon=False, fontsize=size.small)
    return fig


def _summary_caption(scene: _Scene) -> str:
    if scene.cut is None:
        return ""
    return (f"Showing depths 0–{scene.cut}: {scene.shown} of {scene.total} nodes; "
            "the nodes below are counted as \"+N below\".")


def draw_tree(tree: Tree, ax: Axes | None = None, *, size: str | Size = "screen", names: bool | None = None,
              moves: bool | None = None, max_depth: int | None = None, legend: bool = True) -> Figure:
    """Draw a game tree: ▲ MAX, ▼ MIN, leaves with their utilities, moves on the edges.

    Parameters
    ----------
    tree : Tree
    ax : matplotlib Axes, optional
        Draw into these axes.  By default a new figure is made, sized so that
        no labels overlap.
    size : {'screen', 'projector'} or Size
    names : bool, optional
        Write node names (A, B, ...).  By default they are written when the
        tree has any that differ from the path.
    moves : bool, optional
        Write move names on the edges (default ``True``).
    max_depth : int, optional
        Draw only this deep; nodes cut off are counted ("+6 below").  Trees
        with more than :data:`MAX_NODES` nodes are cut automatically.
    legend : bool
        Explain the symbols under the drawing.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        An unknown size, a bad ``max_depth``, or a root with more children
        than one drawing can show.

    Examples
    --------
    >>> import abteach as ab
    >>> fig = draw_tree(ab.examples.FIG_5_2, size="projector")
    >>> fig = draw_tree(ab.tree([1, [2, [3, 4]]]), legend=False)
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"draw_tree draws an abteach.Tree, not {type(tree).__name__}; "
                        "for a search over any game, draw a frame of its trace with draw_frame")
    size = resolve_size(size)
    scene = _tree_scene(tree, max_depth)
    styles = _tree_styles(tree, scene, names, moves)
    return _render(styles, tidy_layout(scene.paths), scene.kids, size, ax, caption=_summary_caption(scene),
                   legend=legend, frame_mode=False)


def frame_caption(trace: Trace, frame: Frame) -> str:
    """The text under a frame's title: the step, what just happened, and at the end the best play.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> print(frame_caption(tr, tr.frame(len(tr))))
    Step 55 of 55. Alpha-beta is done: the best move is a1, worth 3.
    Best play: a1 → b1.
    """
    text = f"Step {frame.step} of {len(trace)}. {frame.explanation}"
    pv = principal_variation(frame)
    if pv:
        text += "\nBest play: " + " → ".join(trace.move_name(p) for p in pv) + "."
    return text


def draw_frame(trace: Trace, step_or_frame: Frame | int, ax: Axes | None = None, *, size: str | Size = "screen",
               names: bool | None = None, moves: bool | None = None, max_depth: int | None = None,
               caption: bool = True, legend: bool = True, stable: bool | None = None, title: str = "",
               highlight: Iterable[Path] = (), mark: str = "≠", mark_label: str = "marked") -> Figure:
    """Draw the state of a search after ``step`` events.

    Every visited inner node shows α, β and v; the current node has a ring;
    the call stack is thick; pruned subtrees are hatched, dashed and labelled
    with the comparison that pruned them; at the last step the principal
    variation is drawn thick.  For a game that is not an explicit tree, the
    nodes the search has reached are drawn, placed where the whole search
    puts them so they stay still from step to step.

    Parameters
    ----------
    trace : Trace
        From a traced search, e.g. ``ab.alphabeta(game).trace``.
    step_or_frame : int or Frame
        A step from 0 (before the first event) to ``len(trace)``, or a frame.
    ax : matplotlib Axes, optional
        Draw into these axes instead of a new, well-sized figure.
    size : {'screen', 'projector'} or Size
    names, moves, max_depth, legend
        As for :func:`draw_tree`.
    caption : bool
        Write the step and the frame's explanation above the tree.
    stable : bool, optional
        For a game that is not an explicit tree: ``True`` keeps every node
        where the whole search puts it, so that frames line up and keep one
        size; ``False`` lays out only the nodes reached so far, which is more
        compact.  By default, stable unless the whole search is too big to
        draw unsummarised.  Explicit trees are always drawn whole.
    title : str
        A first line above the caption, e.g. what the drawing is compared with.
    highlight : iterable of paths
        Nodes to mark with a thick dashed ring and ``mark`` beside their name.
    mark : str
        The text a highlighted node carries; ``'≠'`` by default.
    mark_label : str
        What a mark means, for the legend: ``"≠ <mark_label>"``.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    IndexError
        A step outside ``0..len(trace)``.
    ValueError
        An unknown size, a bad ``max_depth``, too many nodes to draw, or a
        highlighted path that is not drawn.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> fig = draw_frame(tr, 29, highlight=[(1,)], mark_label="C's window")
    >>> draw_frame(tr, 99)
    Traceback (most recent call last):
    ...
    IndexError: step 99 is out of range: this trace has steps 0 to 55
    """
    size = resolve_size(size)
    frame = _resolve_frame(trace, step_or_frame)
    styles, pos, scene, ghosts = _frame_view(trace, frame, max_depth, names, moves, stable)
    styles = mark_nodes(styles, highlight, mark)
    lines = [title] if title else []
    if caption:
        lines.append(frame_caption(trace, frame))
        if scene.cut is not None:
            lines.append(_summary_caption(scene))
    return _render(styles, pos, scene.kids, size, ax, caption="\n".join(lines), legend=legend, frame_mode=True,
                   ghosts=ghosts, mark_label=mark_label)


def mark_nodes(styles: Mapping[Path, Style], paths: Iterable[Path], mark: str = "≠") -> dict[Path, Style]:
    """A copy of ``styles`` with the nodes at ``paths`` marked (see :attr:`Style.mark`).

    Raises
    ------
    ValueError
        A path that is not among ``styles`` (not drawn), or an empty ``mark``.

    Examples
    --------
    >>> import abteach as ab
    >>> s = mark_nodes(tree_styles(ab.examples.FIG_5_2), [(1,)])
    >>> s[(1,)].mark, s[(0,)].mark
    ('≠', '')
    >>> mark_nodes(tree_styles(ab.examples.FIG_5_2), [(7,)])
    Traceback (most recent call last):
    ...
    ValueError: cannot mark the node at path 7: it is not drawn
    """
    out = dict(styles)
    paths = [tuple(p) for p in paths]
    if paths and not mark:
        raise ValueError("a mark must be some text, e.g. '≠': an empty one would leave a ring unexplained")
    for p in paths:
        if p not in out:
            raise ValueError(f"cannot mark the node at path {path_str(p)}: it is not drawn")
        out[p] = replace(out[p], mark=mark)
    return out


def draw_styles(styles: Mapping[Path, Style], ax: Axes | None = None, *, size: str | Size = "screen",
                caption: str = "", legend: bool = True, mark_label: str = "marked") -> Figure:
    """Draw nodes styled by hand: the hook for views that annotate a tree their own way.

    Start from :func:`tree_styles` or :func:`node_styles`, change what the view
    needs with :func:`dataclasses.replace` (``annotation``, ``mark``, the
    outline of nodes to dim, ...), and draw the result here with the same
    layout, sizing and legend as :func:`draw_tree` and :func:`draw_frame`.

    Parameters
    ----------
    styles : mapping of path to Style
        A prefix-closed set of nodes.
    ax : matplotlib Axes, optional
    size : {'screen', 'projector'} or Size
    caption : str
        Text above the tree.
    legend : bool
        The legend names the statuses of nodes that have one (as in a frame)
        and, if any node is marked, ``"<mark> <mark_label>"``.
    mark_label : str

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    ValueError
        No styles, a set of paths with a node missing its parent, or an unknown size.

    Examples
    --------
    >>> import dataclasses
    >>> import abteach as ab
    >>> styles = tree_styles(ab.examples.FIG_5_2)
    >>> styles[()] = dataclasses.replace(styles[()], annotation="[3, +∞]")
    >>> fig = draw_styles(styles, caption="A after B has returned")
    """
    size = resolve_size(size)
    if not styles:
        raise ValueError("nothing to draw: styles is empty")
    kids = children_map(styles)
    pos = tidy_layout(styles)
    ordered = {p: styles[p] for p in pos}
    frame_mode = any(s.status is not None for s in styles.values())
    return _render(ordered, pos, kids, size, ax, caption=caption, legend=legend, frame_mode=frame_mode,
                   mark_label=mark_label)


__all__ = [
    "draw_tree", "draw_frame", "draw_styles", "mark_nodes", "node_styles", "tree_styles", "principal_variation",
    "frame_caption",
    "Style", "Size", "SIZES", "resolve_size", "contrast_ratio", "relative_luminance",
    "MAX_NODES", "MAX_LEAVES", "SUMMARY_LEAVES", "TEXT_PAIRS", "GRAPHIC_PAIRS",
]
