"""Draw game trees and search frames in the textbook's conventions.

This is a view: it renders a :class:`abteach.Tree` or one
:class:`abteach.Frame` of a :class:`abteach.Trace`, and never runs a search.

Conventions
-----------
* MAX nodes are ▲, MIN nodes ▼, leaves are boxes holding their utility; a
  returned value is written in its node (``≤2`` when the search proved only an
  upper bound on the node's value, ``≥5`` only a lower bound; a node that searched
  every child shows its exact value even when its caller reads the return as a bound).  Move names label the edges, node names sit
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
:mod:`abteach.views.export`.

How each node looks is worked out, without drawing, in :mod:`abteach.views.styles`
(what a drawing shows in :mod:`abteach.views.scene`); colours and their contrast
checks are in :mod:`abteach.views.palette`, sizes in :mod:`abteach.views.sizes`, the room
labels need in :mod:`abteach.views.label_layout` and the legend in
:mod:`abteach.views.legend`.  The names of those modules a view needs are importable
from here as well.

Examples
--------
>>> import abteach as ab
>>> from abteach.views.draw import draw_frame, draw_tree
>>> fig = draw_tree(ab.examples.FIG_5_2)
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> fig = draw_frame(tr, 29, size="projector")
>>> bool(fig.get_figwidth() >= SIZES["projector"].min_width)
True
"""

from __future__ import annotations

import base64
import html
import inspect
import io
import math
import numbers
import textwrap
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Iterable, Mapping, cast

import networkx as nx
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.transforms import ScaledTranslation, Transform

from abteach.views.label_layout import (CHAR_EM, LINE_EM, MOVE_AT, Metrics, Note, annotation_shift, extents,
                                        half_marker, metrics, name_width, pruned_notes, reach, slot_inches, stagger,
                                        text_height, text_width)
from abteach.views.alt import frame_alt, legend_alt, tree_alt
from abteach.views.layout import Position, children_map, tidy_layout
from abteach.views.legend import LEGEND_ROW, draw_legend, legend_handles, legend_rows
from abteach.views.options import check_flag, check_paths, check_paths_in_tree, check_text, check_trace
from abteach.views.palette import (BLUE, GRAPHIC_PAIRS, GREEN, INK, LIGHT, MUTED, ORANGE, PURPLE, TEXT_PAIRS, UNSEEN,
                             VERMILLION, WHITE, contrast_ratio, relative_luminance)
from abteach.views.scene import MAX_LEAVES, MAX_NODES, SUMMARY_LEAVES, check_max_depth, tree_scene
from abteach.views.sizes import SIZES, Size, resolve_size
from abteach.views.styles import (Style, below_note, frame_caption, frame_view, mark_nodes, node_styles,
                            principal_variation, resolve_frame, summary_caption, tree_scene_styles, tree_styles)
from abteach.trace.frames import Frame, Trace
from abteach.games.errors import shown
from abteach.games.trees import Path, Tree, path_str

# Agg refuses images wider or taller than 2**16 pixels; stay well inside.
_MAX_PIXELS: Final = 30_000


class Drawing(Figure):
    """A matplotlib Figure that shows itself in Jupyter without pyplot, with a text alternative.

    Nothing registers it with pyplot, so it never leaks or shows twice; its
    text form is stable (no sizes), so stored notebook outputs compare cleanly.

    A drawing described in words (:meth:`described`) shows as an HTML
    ``<img>`` whose ``alt`` is that text, beside the plain PNG: JupyterLab
    and exported pages prefer the HTML, so a screen reader says what the
    picture shows; wherever HTML is not shown the PNG still is.

    Examples
    --------
    >>> fig = Drawing(figsize=(1, 1), dpi=20).described('A blank  square.')
    >>> bundle = fig._repr_mimebundle_()
    >>> sorted(bundle), bundle["text/html"].endswith('alt="A blank square.">')
    (['image/png', 'text/html'], True)
    >>> Drawing(figsize=(1, 1))._repr_mimebundle_() is None  # no words: the PNG alone, as before
    True
    """

    #: What the picture shows, in words; empty until :meth:`described` says.
    alt: str = ""

    def described(self, alt: str) -> Drawing:
        """Give the drawing its text alternative (white space folded to single spaces); the drawing itself.

        Raises
        ------
        ValueError
            ``alt`` is empty or not a string.
        """
        if not isinstance(alt, str) or not alt.strip():
            raise ValueError(f"alt must be a non-empty sentence saying what the picture shows, not {alt!r}")
        self.alt = " ".join(alt.split())
        return self

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str] | None:
        # IPython asks for this first; None leaves it to _repr_png_ and __repr__, so an undescribed drawing is
        # the PNG it always was.  The PNG is drawn once and shared by both forms.
        if not self.alt:
            return None
        png = base64.b64encode(self._repr_png_()).decode("ascii")
        return {"image/png": png,
                "text/html": f'<img src="data:image/png;base64,{png}" alt="{html.escape(self.alt)}">'}

    def __repr__(self) -> str:
        return "<abteach drawing>"


def _check_ax(ax: object) -> None:
    if ax is not None and not isinstance(ax, Axes):
        raise TypeError(f"ax must be matplotlib Axes to draw into, or None for a new figure, not {ax!r}")


def _check_tree_options(names: object, moves: object, legend: object) -> None:
    check_flag(names, "names", none=True)
    check_flag(moves, "moves", none=True)
    check_flag(legend, "legend")


#: Text smaller than this, in pixels of the picture, is left out: nobody could read it.
MIN_TEXT_PX: Final = 6.0

#: In an overview (see ``max_pixels``), each level keeps at least this share of its height in pixels.
_OVERVIEW_LEVEL: Final = 0.5

#: The room for α, β and v that every inner node of a frame keeps, visited or not, so that a
#: frame is as wide as the one after it.
_ROOM: Final = "α=−∞\nβ=+∞\nv=−∞"


@dataclass(frozen=True)
class _Plan:
    """Where everything goes, in inches, worked out before any artist exists."""

    width: float
    height: float
    dpi: float
    slot: float            # inches per layout unit
    level: float           # inches per depth
    depth: int
    top: float
    bottom: float
    below: float
    note_h: float
    left_in: float
    right_in: float
    xmin: float
    xmax: float
    tree_h: float
    cap_h: float
    leg_h: float
    gap_h: float           # blank between the tree and the legend, to fill a canvas
    m: Metrics
    notes: list[tuple[Note, int]]
    cap_lines: list[str]
    handles: list
    rows: list
    small_text: bool       # α/β/v, moves, notes and the legend are big enough to read
    text: bool             # names, values and the caption are


def _check_canvas(canvas: object) -> tuple[float, float] | None:
    if canvas is None:
        return None
    if (not isinstance(canvas, (tuple, list)) or len(canvas) != 2
            or any(isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x) or x < 0
                   for x in canvas)):
        raise TypeError(f"canvas must be (width, height) in inches, two finite numbers ≥ 0, or None, not {canvas!r}")
    return float(canvas[0]), float(canvas[1])


def _check_max_pixels(max_pixels: object) -> None:
    if max_pixels is not None and (isinstance(max_pixels, bool) or not isinstance(max_pixels, int)
                                   or not 100 <= max_pixels <= _MAX_PIXELS):
        raise ValueError(f"max_pixels must be a whole number of pixels from 100 to {_MAX_PIXELS}, or None, "
                         f"not {max_pixels!r}")


def _spacing(styles: Mapping[Path, Style], pos: Mapping[Path, Position], ghosts: Mapping[Path, Style] | None,
             frame_mode: bool) -> tuple[dict[Path, Style], dict[Path, str]]:
    """The styles that set the spacing (drawn nodes, and nodes laid out but not drawn yet), and room for α/β/v.

    In a frame every inner node keeps room for α, β and v, which it may show at
    another step, so that the frames of one search have one size: the second
    dict holds the annotation each node makes room for, where it is not its own.
    """
    spaced = {**(ghosts or {}), **styles}
    out = {p: spaced[p] for p in pos if p in spaced}
    room: dict[Path, str] = {}
    if frame_mode:
        least = text_width(_ROOM, 1)
        for p, s in out.items():
            if s.kind != "leaf" and not s.hidden and text_width(s.annotation, 1) < least:
                room[p] = _ROOM
    return out, room


def _plan(styles: Mapping[Path, Style], pos: Mapping[Path, Position], all_kids: Mapping[Path, list[Path]],
          size: Size, *, caption: str, legend: bool, frame_mode: bool, ghosts: Mapping[Path, Style] | None,
          mark_label: str, canvas: tuple[float, float] | None = None, max_pixels: int | None = None) -> _Plan:
    """Lay a drawing out: its size, margins, rows of notes and of the legend, and its resolution."""
    kids = {p: [c for c in all_kids.get(p, ()) if c in styles] for p in styles}
    spaced, room = _spacing(styles, pos, ghosts, frame_mode)
    m = metrics(styles, size)
    # In a frame any node may carry the current-node ring at some step: room for it too.
    slot = slot_inches(spaced, pos, {p: all_kids.get(p, []) for p in spaced}, m, size, ring_room=frame_mode,
                       annotations=room)
    depth = max(len(p) for p in pos)
    notes = stagger(pruned_notes(styles, pos, kids, slot, size), 0.3 * size.small / 72)

    xs = [x for x, _ in pos.values()]
    left_in = right_in = 0.2
    xmin, xmax = min(xs), max(xs)
    for p, s in spaced.items():
        lo, hi = extents(s, m, size, current=True if frame_mode else None, annotation=room.get(p))
        left_in = max(left_in, lo / 72 - (pos[p][0] - xmin) * slot + 0.1)
        right_in = max(right_in, hi / 72 - (xmax - pos[p][0]) * slot + 0.1)
    for n, _ in notes:
        left_in = max(left_in, xmin * slot - n.x0 + 0.1)
        right_in = max(right_in, n.x1 - xmax * slot + 0.1)
    tree_w = (xmax - xmin) * slot + left_in + right_in
    want_w, want_h = canvas or (0.0, 0.0)
    width = max(tree_w, size.min_width, want_w)
    left_in += (width - tree_w) / 2
    right_in += (width - tree_w) / 2

    # Too wide for max_pixels: a lower resolution, text too small to read left out, levels kept apart.
    scale = min(1.0, max_pixels / (width * size.dpi)) if max_pixels is not None else 1.0
    dpi = size.dpi * scale
    small_text = size.small * dpi / 72 >= MIN_TEXT_PX
    text = size.font * dpi / 72 >= MIN_TEXT_PX
    level = size.level if scale >= 1 else max(size.level, _OVERVIEW_LEVEL * size.level / scale)
    if not small_text:
        notes = []

    # Vertical room (inches) above the root and below the deepest level.
    top = (m.ring / 2 + 0.3 * size.font) / 72
    hidden_h = (LINE_EM * size.small + 2) / 72 if small_text and any(s.hidden for s in styles.values()) else 0.0
    below = (max(m.box, m.tri) / 2 + 0.25 * size.font) / 72 + hidden_h
    note_h = text_height("a\nb", size.small) / 72 + 0.06
    bottom = below + 0.1
    for n, row in notes:
        bottom = max(bottom, below + (row + 1) * note_h - (n.y + depth) * level)
    tree_h = depth * level + top + bottom

    wrap = max(20, int(width * 72 / (CHAR_EM * size.font) * 0.95) - 2)
    cap_lines = ([line for para in caption.split("\n") for line in (textwrap.wrap(para, wrap) or [""])]
                 if caption and text else [])
    cap_h = (len(cap_lines) * LINE_EM * size.font + 0.8 * size.font) / 72 if cap_lines else 0.0
    handles = legend_handles(styles, size, frame_mode, mark_label) if legend and small_text else []
    rows = legend_rows(handles, size, width)
    leg_h = (len(rows) * LEGEND_ROW * size.small + 0.6 * size.small) / 72 if rows else 0.0
    height = max(tree_h + cap_h + leg_h, want_h)
    dpi = min(dpi, _MAX_PIXELS / max(width, height))
    return _Plan(width, height, dpi, slot, level, depth, top, bottom, below, note_h, left_in, right_in, xmin, xmax,
                 tree_h, cap_h, leg_h, height - (tree_h + cap_h + leg_h), m, notes, cap_lines, handles, rows,
                 small_text, text)


def _render(styles: Mapping[Path, Style], pos: Mapping[Path, Position], all_kids: Mapping[Path, list[Path]],
            caption: str, ghosts: Mapping[Path, Style] | None, size: Size, ax: Axes | None, *, legend: bool,
            frame_mode: bool, mark_label: str = "marked",
            canvas: tuple[float, float] | None = None, max_pixels: int | None = None) -> Figure:
    """Draw ``styles`` at ``pos``.  ``ghosts`` are nodes laid out but not drawn (yet): they get room.

    ``canvas`` and ``max_pixels`` apply to a figure of its own, not to a caller's ``ax``.
    """
    own = ax is None
    plan = _plan(styles, pos, all_kids, size, caption=caption, legend=legend, frame_mode=frame_mode, ghosts=ghosts,
                 mark_label=mark_label, canvas=canvas if own else None, max_pixels=max_pixels if own else None)
    kids = {p: [c for c in all_kids.get(p, ()) if c in styles] for p in styles}
    m, slot, level, depth = plan.m, plan.slot, plan.level, plan.depth
    width, height = plan.width, plan.height
    fig: Figure
    if ax is None:
        fig = Drawing(figsize=(width, height), dpi=plan.dpi)
        fig.patch.set_facecolor(WHITE)
        ax = fig.add_axes((0, (plan.leg_h + plan.gap_h) / height, 1, plan.tree_h / height))
    else:
        # The caller's axes are in a figure (or a subfigure, which draws like one here).
        fig = cast(Figure, ax.figure)
    ax.set_axis_off()
    ax.set_xlim(plan.xmin - plan.left_in / slot, plan.xmax + plan.right_in / slot)
    ax.set_ylim(-depth - plan.bottom / level, plan.top / level)
    ax.set_facecolor(WHITE)

    g: nx.DiGraph[Path] = nx.DiGraph()
    g.add_nodes_from(styles)
    # A line stays at least a pixel wide in an overview.
    lw = max(size.line, 72 / fig.dpi) if own else size.line
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
            seg = ((px, py - half_marker(styles[p[:-1]], m) * uy), (x, y + half_marker(s, m) * uy))
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
    for leaf in (False, True):
        ring = [p for p, s in styles.items() if s.current and (s.kind == "leaf") == leaf]
        if ring:
            side = m.ring_of(styles[ring[0]])
            coll = nx.draw_networkx_nodes(g, pos, nodelist=ring, node_shape="o", node_size=side ** 2,
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
    big, small = plan.text, plan.small_text  # in an overview, text too small to read is left out
    for p, s in styles.items():
        x, y = pos[p]
        if s.inside and big:
            # A triangle's text goes at its centroid, a third of the way in from the base.
            dy = {"^": -m.tri / 6, "v": m.tri / 6}.get(s.marker, 0.0)
            bbox = dict(boxstyle="square,pad=0.1", fc=LIGHT, ec="none") if s.hatch else None
            ax.text(x, y, s.inside, transform=at(0, dy), ha="center", va="center", fontsize=size.font,
                    color=s.text, zorder=5, bbox=bbox, fontweight="bold" if s.on_pv else "normal")
        side = reach(s, m)
        if s.name and big:
            ax.text(x, y, s.name, transform=at(-(side + m.gap), 0), ha="right", va="center", fontsize=size.font,
                    fontweight="bold", color=s.text, zorder=5)
        if s.mark and big:
            # Left of the name: the edges and the α/β/v block leave that side free.
            dx = side + m.gap + (name_width(s, size) + m.gap if s.name else 0) + 0.3 * size.font
            ax.text(x, y, s.mark, transform=at(-dx, 0), ha="right", va="center", fontsize=size.font,
                    fontweight="bold", color=INK, zorder=5,
                    bbox=dict(boxstyle="round,pad=0.2", fc=WHITE, ec=PURPLE, lw=1.6 * lw, ls="--"))
        if s.annotation and small:
            dy = annotation_shift(p, s, side + m.gap, styles, pos, kids, m, size, ux, uy)
            ax.text(x, y, s.annotation, transform=at(side + m.gap, dy), ha="left", va="center",
                    fontsize=size.small, color=INK, zorder=5, linespacing=1.05, bbox=white_box)
        if s.hidden and small:
            ax.text(x, y, below_note(s.hidden), transform=at(0, -(half_marker(s, m) + 2)), ha="center", va="top",
                    fontsize=size.small, color=MUTED, zorder=5)
        if s.move and p and small:
            (px, py), (x, y) = segments[p]
            emphasised = s.on_pv or s.on_stack
            ax.text(px + MOVE_AT * (x - px), py + MOVE_AT * (y - py), s.move, transform=ax.transData,
                    ha="center", va="center", fontsize=size.small, color=s.text, zorder=4.5, bbox=white_box,
                    fontweight="bold" if emphasised else "normal")
    for n, row in plan.notes:
        ax.text(n.x, n.y, n.text, transform=at(0, -(plan.below * 72 + 2 + row * plan.note_h * 72)), ha="center",
                va="top", fontsize=size.small, color=INK, zorder=5, linespacing=1.05, bbox=white_box)

    if own and plan.cap_lines:
        fig.text(0.12 / width, 1 - 0.4 * size.font / 72 / height, "\n".join(plan.cap_lines), ha="left", va="top",
                 fontsize=size.font, color=INK, linespacing=LINE_EM / 1.2)
    elif plan.cap_lines:
        ax.set_title("\n".join(plan.cap_lines), fontsize=size.font, color=INK, loc="left")
    if plan.handles and own:
        draw_legend(fig, plan.rows, size, width)
    elif plan.handles:
        ax.legend(handles=plan.handles, loc="lower right", frameon=False, fontsize=size.small)
    return fig


def draw_tree(tree: Tree, ax: Axes | None = None, *, size: str | Size | None = None, names: bool | None = None,
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
    TypeError
        ``tree`` is not a Tree, ``ax`` is not matplotlib Axes, a flag
        (``names``, ``moves``, ``legend``) is not a bool, or ``size`` is
        neither a name nor a Size.
    ValueError
        An unknown size, a bad ``max_depth``, or a root with more children
        than one drawing can show (the message names the limit).

    Examples
    --------
    >>> import abteach as ab
    >>> fig = draw_tree(ab.examples.FIG_5_2, size="projector")
    >>> fig = draw_tree(ab.tree([1, [2, [3, 4]]]), legend=False)
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"draw_tree draws an abteach.Tree as tree, not {shown(tree)}; "
                        "for a search over any game, draw a frame of its trace with draw_frame")
    _check_ax(ax)
    _check_tree_options(names, moves, legend)
    size = resolve_size(size)
    scene = tree_scene(tree, max_depth)
    styles = tree_scene_styles(tree, scene, names, moves)
    fig = _render(styles, tidy_layout(scene.paths), scene.kids, summary_caption(scene), None, size, ax,
                  legend=legend, frame_mode=False)
    # A tree too big to draw whole is too long to hear whole: its size and what the drawing leaves out instead.
    words = (tree_alt(tree) if scene.cut is None else
             f"Game tree of {len(tree)} nodes, rooted at {tree.root.name} ({tree.root.player}). "
             + summary_caption(scene))
    return _described(fig, words)


def _described(fig: Figure, words: str) -> Figure:
    """A figure of its own gets its text alternative; axes a caller gave belong to the caller's figure."""
    return fig.described(words) if isinstance(fig, Drawing) else fig


def draw_frame(trace: Trace, step_or_frame: Frame | int, ax: Axes | None = None, *, size: str | Size | None = None,
               names: bool | None = None, moves: bool | None = None, max_depth: int | None = None,
               caption: bool = True, legend: bool = True, stable: bool | None = None, title: str = "",
               highlight: Iterable[Path] = (), mark: str = "≠", mark_label: str = "marked",
               canvas: tuple[float, float] | None = None, max_pixels: int | None = None) -> Figure:
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
    canvas : (float, float), optional
        Draw on a figure at least this wide and tall, in inches, the tree
        centred at the top and the legend at the bottom: frames drawn on one
        canvas (see :func:`frame_size`) line up, as a stepper shows them.
    max_pixels : int, optional
        The widest the picture may be, in pixels at the size's dpi.  A wider
        drawing becomes an overview: a lower resolution, its levels kept
        apart, and any text that would be smaller than :data:`MIN_TEXT_PX`
        left out.  Neither ``canvas`` nor ``max_pixels`` applies with ``ax``.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    IndexError
        A step outside ``0..len(trace)``.
    TypeError
        ``trace`` is not a Trace, the step is not a whole number or a Frame,
        ``highlight`` is not a collection of paths (a string, a number, a
        single path), a flag is not a bool, or a text option is not a string.
    ValueError
        An unknown size, a bad ``max_depth``, too many nodes to draw, or a
        highlighted path that is not a node of the tree or is not drawn.
        Options are checked before anything is drawn.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> fig = draw_frame(tr, 29, highlight=[(1,)], mark_label="C's window")
    >>> draw_frame(tr, 99)
    Traceback (most recent call last):
    ...
    IndexError: step 99 is out of range: this trace has steps 0 to 55
    >>> draw_frame(tr, 29, highlight="C")
    Traceback (most recent call last):
    ...
    TypeError: highlight must be a collection of paths (tuples of child indices, e.g. [(1,), (2, 0)]), not the string 'C'
    """
    # Every option is checked before the frame is replayed or anything is drawn.
    size = resolve_size(size)
    _check_ax(ax)
    options = dict(names=names, moves=moves, max_depth=max_depth, caption=caption, legend=legend, stable=stable,
                   title=title, highlight=highlight, mark=mark, mark_label=mark_label, canvas=canvas,
                   max_pixels=max_pixels)
    styles, pos, kids, text, ghosts = _frame_scene(trace, step_or_frame, "draw_frame", options)
    fig = _render(styles, pos, kids, text, ghosts, size, ax, **_frame_render_options(options))
    words = frame_alt(trace, resolve_frame(trace, step_or_frame, "draw_frame"))
    return _described(fig, f"{title}. {words}" if title else words)


_FrameScene = tuple[dict[Path, Style], dict[Path, Position], Mapping[Path, list[Path]], str, dict[Path, Style]]


def _frame_scene(trace: Trace, step_or_frame: Frame | int, who: str, options: Mapping[str, Any]) -> _FrameScene:
    """Check a frame's options, then the styles, positions and children that draw it, and its caption and ghosts."""
    marked = _check_frame_args(trace, who, **options)
    frame = resolve_frame(trace, step_or_frame, who)
    styles, pos, scene, ghosts = frame_view(trace, frame, options["max_depth"], options["names"], options["moves"],
                                            options["stable"])
    for p in marked:
        if p not in styles:
            why = (f"the drawing stops at depth {scene.cut}" if scene.cut is not None and len(p) > scene.cut
                   else "the search has not reached it at this step")
            raise ValueError(f"highlight: cannot mark the node at path {path_str(p)}: it is not drawn, as {why}")
    styles = mark_nodes(styles, marked, options["mark"])
    lines = [options["title"]] if options["title"] else []
    if options["caption"]:
        lines.append(frame_caption(trace, frame))
        if scene.cut is not None:
            lines.append(summary_caption(scene))
    return styles, pos, scene.kids, "\n".join(lines), ghosts


def _frame_render_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return dict(legend=options["legend"], frame_mode=True, mark_label=options["mark_label"],
                canvas=_check_canvas(options["canvas"]), max_pixels=options["max_pixels"])


def frame_size(trace: Trace, step_or_frame: Frame | int, *, size: str | Size | None = None,
               **options: Any) -> tuple[float, float]:
    """How big, in inches, :func:`draw_frame` draws a frame with these options, worked out without drawing.

    The largest of a few frames' sizes is a ``canvas`` that they all fit on.

    Parameters
    ----------
    trace : Trace
    step_or_frame : int or Frame
    size : {'screen', 'projector'} or Size
    **options
        As for :func:`draw_frame` (not ``ax``).

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> w, h = frame_size(tr, len(tr), caption=False)
    >>> fig = draw_frame(tr, len(tr), caption=False)
    >>> (round(w, 3), round(h, 3)) == (round(fig.get_figwidth(), 3), round(fig.get_figheight(), 3))
    True
    """
    size = resolve_size(size)
    check_frame_options(trace, options, "frame_size")
    full = {**FRAME_OPTIONS, **options}
    styles, pos, kids, caption, ghosts = _frame_scene(trace, step_or_frame, "frame_size", full)
    render = _frame_render_options(full)
    plan = _plan(styles, pos, kids, size, caption=caption, ghosts=ghosts, **render)
    return plan.width, plan.height


@dataclass(frozen=True)
class Focus:
    """Where a frame's news is across its picture, as fractions of the picture's width (0 left, 1 right).

    ``left`` and ``right`` bound the node the frame is about (the current
    node, else the innermost call, else the root) with its name and its α, β
    and v; ``root_left`` and ``root_right`` bound the root the same way, and
    ``root`` is its centre.  A view too narrow for the whole picture shows
    the part that holds ``left`` to ``right`` and, as far as there is room,
    the way up to the root.
    """

    left: float
    right: float
    root: float
    root_left: float
    root_right: float


def frame_focus(trace: Trace, step_or_frame: Frame | int, *, size: str | Size | None = None,
                **options: Any) -> Focus:
    """Where :func:`draw_frame` puts the node a frame is about, and the root, worked out without drawing.

    Parameters
    ----------
    trace : Trace
    step_or_frame : int or Frame
    size : {'screen', 'projector'} or Size, optional
    **options
        As for :func:`draw_frame` (not ``ax``), the same as the picture was drawn with.

    Returns
    -------
    Focus

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.WIKIPEDIA).trace
    >>> start, leaf = frame_focus(tr, 0, caption=False), frame_focus(tr, 5, caption=False)
    >>> start.left < start.root < start.right      # before the search, the root is the news
    True
    >>> leaf.right < leaf.root                     # a leaf far left of the root
    True
    """
    size = resolve_size(size)
    check_frame_options(trace, options, "frame_focus")
    full = {**FRAME_OPTIONS, **options}
    styles, pos, kids, caption, ghosts = _frame_scene(trace, step_or_frame, "frame_focus", full)
    plan = _plan(styles, pos, kids, size, caption=caption, ghosts=ghosts, **_frame_render_options(full))
    frame = resolve_frame(trace, step_or_frame, "frame_focus")
    shown = [p for p in (*(q for q, st in styles.items() if st.current), *reversed(frame.stack), ()) if p in styles]
    node = shown[0]

    def across(p: Path) -> float:
        return ((pos[p][0] - plan.xmin) * plan.slot + plan.left_in) / plan.width

    def span(p: Path) -> tuple[float, float]:
        lo, hi = extents(styles[p], plan.m, size, current=True)
        return across(p) - lo / 72 / plan.width, across(p) + hi / 72 / plan.width

    return Focus(*span(node), across(()), *span(()))


def _check_frame_args(trace: object, who: str, *, names: object, moves: object, max_depth: object,
                      caption: object, legend: object, stable: object, title: object, highlight: object,
                      mark: object, mark_label: object, canvas: object = None,
                      max_pixels: object = None) -> tuple[Path, ...]:
    """Check :func:`draw_frame`'s options without drawing; return the highlighted paths."""
    tr = check_trace(trace, who)
    _check_canvas(canvas)
    _check_max_pixels(max_pixels)
    _check_tree_options(names, moves, legend)
    check_max_depth(max_depth)
    check_flag(caption, "caption")
    check_flag(stable, "stable", none=True)
    check_text(title, "title")
    check_text(mark, "mark")
    check_text(mark_label, "mark_label")
    marked = check_paths(highlight, "highlight")
    if tr.tree is not None:
        check_paths_in_tree(marked, tr.tree, "highlight")
    return marked


#: The options :func:`draw_frame` takes beside the trace, the step, ``ax`` and ``size``, with their defaults.
FRAME_OPTIONS: Final = MappingProxyType({
    name: p.default for name, p in inspect.signature(draw_frame).parameters.items()
    if p.kind is inspect.Parameter.KEYWORD_ONLY and name != "size"
})


def check_frame_options(trace: object, options: Mapping[str, Any], who: str) -> None:
    """Check drawing options meant for :func:`draw_frame`, before anything is drawn.

    The export functions pass their ``**draw_options`` here, so an unknown or
    bad option fails before a file is opened or a frame replayed.

    Parameters
    ----------
    trace : Trace
    options : mapping of str to object
        Keyword options for :func:`draw_frame` (not ``ax`` or ``size``).
    who : str
        The function the options were given to, for the message.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace, an option :func:`draw_frame` does not take,
        or an option of the wrong type.
    ValueError
        An option of the right type with a value that cannot be drawn, such
        as a highlighted path that is not a node of the tree.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> check_frame_options(tr, {"legend": False, "highlight": [(1,)]}, "save_frame")
    >>> check_frame_options(tr, {"colour": "red"}, "save_frame")
    Traceback (most recent call last):
    ...
    TypeError: save_frame got an unknown drawing option 'colour'; the options are names, moves, max_depth, caption, legend, stable, title, highlight, mark, mark_label, canvas, max_pixels
    """
    for name in options:
        if name not in FRAME_OPTIONS:
            extra = (f"; {who} draws its own figure, so ax is not an option here" if name == "ax" else
                     f"; the options are {', '.join(FRAME_OPTIONS)}")
            raise TypeError(f"{who} got an unknown drawing option {name!r}{extra}")
    _check_frame_args(trace, who, **{**FRAME_OPTIONS, **options})


def draw_styles(styles: Mapping[Path, Style], ax: Axes | None = None, *, size: str | Size | None = None,
                caption: str = "", legend: bool = True, mark_label: str = "marked",
                canvas: tuple[float, float] | None = None) -> Figure:
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
    canvas : (float, float), optional
        A figure at least this big, in inches, as for :func:`draw_frame`;
        :func:`styles_size` says how big a drawing is.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    TypeError
        ``styles`` is not a mapping, ``ax`` is not matplotlib Axes, or another
        option has the wrong type.
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
    _check_ax(ax)
    ordered, pos, kids, frame_mode = _styles_scene(styles, caption, legend, mark_label)
    return _render(ordered, pos, kids, caption, None, size, ax, legend=legend, frame_mode=frame_mode,
                   mark_label=mark_label, canvas=_check_canvas(canvas))


def _styles_scene(styles: object, caption: object, legend: object,
                  mark_label: object) -> tuple[dict[Path, Style], dict[Path, Position], dict[Path, list[Path]], bool]:
    check_text(caption, "caption")
    check_flag(legend, "legend")
    check_text(mark_label, "mark_label")
    if not isinstance(styles, Mapping):
        raise TypeError(f"styles must be a mapping of path to Style (see tree_styles), not {type(styles).__name__}")
    if not styles:
        raise ValueError("nothing to draw: styles is empty")
    kids = children_map(styles)
    pos = tidy_layout(styles)
    ordered = {p: styles[p] for p in pos}
    frame_mode = any(s.status is not None for s in styles.values())
    return ordered, pos, kids, frame_mode


def styles_size(styles: Mapping[Path, Style], *, size: str | Size | None = None, caption: str = "",
                legend: bool = True, mark_label: str = "marked") -> tuple[float, float]:
    """How big, in inches, :func:`draw_styles` draws ``styles``, worked out without drawing.

    Examples
    --------
    >>> import abteach as ab
    >>> w, h = styles_size(tree_styles(ab.examples.FIG_5_2), size="projector")
    >>> fig = draw_styles(tree_styles(ab.examples.FIG_5_2), size="projector")
    >>> (round(w, 3), round(h, 3)) == (round(fig.get_figwidth(), 3), round(fig.get_figheight(), 3))
    True
    """
    size = resolve_size(size)
    ordered, pos, kids, frame_mode = _styles_scene(styles, caption, legend, mark_label)
    plan = _plan(ordered, pos, kids, size, caption=cast(str, caption), legend=legend, frame_mode=frame_mode,
                 ghosts=None, mark_label=mark_label)
    return plan.width, plan.height


def draw_search_legend(traces: Iterable[Trace], *, size: str | Size | None = None, width: float | None = None,
                       mark_label: str = "marked") -> Figure | None:
    """The legend of every symbol the frames of these searches show, drawn once on a figure of its own.

    A view that shows frame after frame (a stepper) draws them with
    ``legend=False`` and this beside them: the key then stays put while the
    tree changes, and is drawn once rather than with every frame.

    Parameters
    ----------
    traces : iterable of Trace
    size : {'screen', 'projector'} or Size
    width : float, optional
        Inches; by default the size's ``min_width``.  Entries go into as many
        centred rows as they need.
    mark_label : str
        What a mark means, if the frames carry marks.

    Returns
    -------
    Figure or None
        None when there is nothing to explain.

    Examples
    --------
    >>> import abteach as ab
    >>> fig = draw_search_legend([ab.alphabeta(ab.examples.FIG_5_2).trace], width=6.5)
    >>> float(fig.get_figwidth())
    6.5
    """
    size = resolve_size(size)
    sample: dict[tuple[int, int, Path], Style] = {}
    for k, trace in enumerate(traces):
        check_trace(trace, "draw_search_legend")
        n = len(trace)
        # Before the search, early (a current node, a call stack), half-way and at the end (pruned, best play).
        for step in sorted({0, min(1, n), min(2, n), n // 2, n}):
            styles = frame_view(trace, trace.frame(step), None, None, None, None)[0]
            sample.update({(k, step, p): s for p, s in styles.items()})
    width = size.min_width if width is None else float(width)
    handles = legend_handles(sample, size, True, mark_label)  # type: ignore[arg-type]
    rows = legend_rows(handles, size, width)
    if not rows:
        return None
    height = (len(rows) * LEGEND_ROW * size.small + 0.6 * size.small) / 72
    fig = Drawing(figsize=(width, height), dpi=size.dpi)
    fig.patch.set_facecolor(WHITE)
    draw_legend(fig, rows, size, width)
    words = legend_alt(fig)
    return fig.described(words) if words else fig


__all__ = [
    "draw_tree", "draw_frame", "draw_styles", "Drawing", "check_trace", "check_frame_options", "FRAME_OPTIONS",
    "frame_size", "frame_focus", "Focus", "styles_size", "draw_search_legend", "MIN_TEXT_PX",
    # Re-exported from the modules that hold them, so ``from abteach.views.draw import ...`` keeps working.
    "mark_nodes", "node_styles", "tree_styles", "principal_variation", "frame_caption", "Style",
    "Size", "SIZES", "resolve_size",
    "contrast_ratio", "relative_luminance", "TEXT_PAIRS", "GRAPHIC_PAIRS",
    "INK", "MUTED", "WHITE", "LIGHT", "ORANGE", "BLUE", "GREEN", "VERMILLION", "UNSEEN", "PURPLE",
    "MAX_NODES", "MAX_LEAVES", "SUMMARY_LEAVES",
]
