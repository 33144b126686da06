"""How much room nodes and their labels take, and where the labels go so that none overlap.

Lengths are in points unless they say inches; widths of text are estimated
from its length, so no renderer is needed and layouts are deterministic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Mapping

from abteach.views.layout import Position
from abteach.views.sizes import Size
from abteach.views.styles import Style, pruned_note
from abteach.games.trees import Path

CHAR_EM: Final = 0.62  # a generous average glyph width of DejaVu Sans, in ems
LINE_EM: Final = 1.25  # line height, in ems


#: Advance widths of DejaVu Sans, matplotlib's font, in ems, for the characters drawings use most;
#: others count as :data:`CHAR_EM`.  Symbols such as = + − ∞ ≤ are far wider than letters.
_EMS: Final = {
    **dict.fromkeys("=+−∞≤≥≠<>→~", 0.85), **dict.fromkeys("0123456789", 0.64),
    **dict.fromkeys("abdeghnopqu", 0.64), **dict.fromkeys("cksvxyz", 0.59), **dict.fromkeys("ijl'", 0.28),
    "f": 0.36, "r": 0.42, "t": 0.4, "m": 0.98, "w": 0.82,
    **dict.fromkeys("ABCKRVXZ", 0.7), **dict.fromkeys("DGHNOQU", 0.79), **dict.fromkeys("EFLPSTY", 0.64),
    "I": 0.3, "J": 0.3, "M": 0.87, "W": 1.0, "α": 0.66, "β": 0.64,
    **dict.fromkeys(" ,.:;", 0.34), **dict.fromkeys("[]()-", 0.4),
}


def text_width(text: str, font: float) -> float:
    """Estimated width in points (no renderer needed, so it is fast and deterministic).

    >>> round(text_width("β=+∞", 10), 1), round(text_width("b1", 10), 1)
    (31.9, 12.8)
    """
    return _ems(text) * font


@lru_cache(maxsize=4096)
def _ems(text: str) -> float:
    """The width of the widest line of ``text``, in ems: labels repeat, so this is worth remembering."""
    ems = _EMS.get
    return max((sum(ems(c, CHAR_EM) for c in line) for line in text.split("\n")), default=0)


def text_height(text: str, font: float) -> float:
    """Estimated height in points of ``text`` at ``font`` points; 0 for no text."""
    return (text.count("\n") + 1) * LINE_EM * font if text else 0.0


@dataclass(frozen=True)
class Metrics:
    """Sizes, in points, derived from a size and the labels to fit."""

    tri: float     # side of a ▲/▼ marker
    box: float     # side of a leaf box
    ring: float    # diameter of the current-node ring around an inner node
    halo: float    # diameter of the ring around a marked node, outside the current-node ring
    gap: float     # between a node and its side labels
    leaf_ring: float = 0.0  # diameter of the current-node ring around a leaf (0: as an inner node's)

    def ring_of(self, style: Style) -> float:
        """The diameter of the current-node ring around ``style``'s node."""
        return self.leaf_ring if style.kind == "leaf" and self.leaf_ring else self.ring


def metrics(styles: Mapping[Path, Style], size: Size) -> Metrics:
    """Marker, ring and gap sizes that fit every value written inside a node of ``styles``."""
    inner = [s.inside for s in styles.values() if s.kind != "leaf" and s.inside]
    leaves = [s.inside for s in styles.values() if s.kind == "leaf" and s.inside]
    # The text in a triangle sits at its centroid, where the triangle is 2/3 as wide as its base.
    tri = max([size.marker] + [(text_width(t, size.font) + 0.4 * size.font) * 1.5 for t in inner])
    box = max([2.3 * size.font] + [text_width(t, size.font) + 0.9 * size.font for t in leaves])
    ring = 1.4 * max(tri, box)
    # A leaf's ring hugs its box: leaves sit closest together, so a ring as wide as a triangle's would set the width.
    return Metrics(tri, box, ring, ring + 0.7 * size.font, 0.25 * size.font, leaf_ring=min(ring, 1.4 * box))


def half_marker(style: Style, m: Metrics) -> float:
    """Half the side (points) of the node's marker: from its centre to its top or bottom."""
    return (m.box if style.kind == "leaf" else m.tri) / 2


def reach(style: Style, m: Metrics, current: bool | None = None) -> float:
    """How far (points) the node and its rings reach from its centre; ``current`` overrides the style's."""
    ring = style.current if current is None else current
    return max(half_marker(style, m), m.ring_of(style) / 2 if ring else 0, m.halo / 2 if style.mark else 0)


def name_width(style: Style, size: Size) -> float:
    """Width (points) of the node's name, bold; 0 when it has none."""
    return text_width(style.name, size.font) * 1.08 if style.name else 0.0


def _mark_width(style: Style, size: Size) -> float:
    # The mark is bold, in a padded box.
    return text_width(style.mark, size.font) * 1.15 + 0.6 * size.font if style.mark else 0.0


def extents(style: Style, m: Metrics, size: Size, *, current: bool | None = None,
            annotation: str | None = None) -> tuple[float, float]:
    """How far (points) the node and its side labels reach to the left and to the right.

    ``current`` and ``annotation`` override the style's, to make room for what the node shows at another step.
    """
    side = reach(style, m, current)
    text = style.annotation if annotation is None else annotation
    left = side + (m.gap + name_width(style, size) if style.name else 0)
    left += m.gap + _mark_width(style, size) if style.mark else 0
    right = side + (m.gap + text_width(text, size.small) if text else 0)
    return left, right


def slot_inches(styles: Mapping[Path, Style], pos: Mapping[Path, Position], kids: Mapping[Path, list[Path]],
                 m: Metrics, size: Size, *, ring_room: bool = False,
                 annotations: Mapping[Path, str] | None = None) -> float:
    """Inches per layout unit, wide enough that no two labels on one level overlap.

    With ``ring_room``, either node of each pair of neighbours may carry the
    current-node ring (one at a time, as in the frames of a search).
    ``annotations`` replace the styles' own, to make room for them.
    """
    room = annotations or {}
    slot = size.min_slot
    pad = 0.35 * size.font
    by_depth: dict[int, list[Path]] = {}
    for p in styles:
        by_depth.setdefault(len(p), []).append(p)
    if ring_room:
        plain = {p: extents(s, m, size, current=False, annotation=room.get(p)) for p, s in styles.items()}
        ringed = {p: extents(s, m, size, current=True, annotation=room.get(p)) for p, s in styles.items()}
    else:
        plain = ringed = {p: extents(s, m, size, annotation=room.get(p)) for p, s in styles.items()}
    for row in by_depth.values():
        row.sort(key=lambda q: pos[q][0])
        for a, b in zip(row, row[1:]):
            need = max(ringed[a][1] + plain[b][0], plain[a][1] + ringed[b][0]) + pad
            slot = max(slot, need / 72 / (pos[b][0] - pos[a][0]))
    for parent, ks in kids.items():
        for a, b in zip(ks, ks[1:]):
            # Move labels sit at MOVE_AT of the way down their edge.
            need = (text_width(styles[a].move, size.small) + text_width(styles[b].move, size.small)) / 2 + pad
            if styles[a].move and styles[b].move:
                slot = max(slot, need / 72 / (MOVE_AT * (pos[b][0] - pos[a][0])))
    return slot


#: How far down its edge, from the parent, a move label sits.
MOVE_AT: Final = 0.58


@dataclass(frozen=True)
class Note:
    """A "pruned: ..." note, hung below the subtree it explains."""

    x0: float   # inches, left end
    x1: float
    x: float    # layout units, centre
    y: float    # layout units, the level it hangs below
    text: str


def pruned_notes(styles: Mapping[Path, Style], pos: Mapping[Path, Position], kids: Mapping[Path, list[Path]],
                  slot: float, size: Size) -> list[Note]:
    """One note per group of siblings pruned by the same comparison, centred under their subtrees."""
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
        text = pruned_note(why)
        half = text_width(text, size.small) / 72 / 2
        notes.append(Note(x * slot - half, x * slot + half, x, min(pos[q][1] for q in members), text))
    return notes


def stagger(notes: list[Note], pad: float) -> list[tuple[Note, int]]:
    """Give each note a row below its level so that notes on one level never overlap."""
    placed: list[tuple[Note, int]] = []
    ends: dict[tuple[float, int], float] = {}
    for n in sorted(notes, key=lambda n: (n.y, n.x0)):
        row = 0
        while ends.get((n.y, row), -math.inf) + pad > n.x0:
            row += 1
        ends[(n.y, row)] = n.x1
        placed.append((n, row))
    return placed


def annotation_shift(p: Path, s: Style, left: float, styles: Mapping[Path, Style], pos: Mapping[Path, Position],
                      kids: Mapping[Path, list[Path]], m: Metrics, size: Size, ux: float, uy: float) -> float:
    """Vertical offset (points) that keeps a node's α/β/v clear of the edges beside it.

    The block starts ``left`` points right of the node.  An edge coming in
    from a parent up to the right bounds it from above, the shallowest edge
    going down to the right bounds it from below.
    """
    x, y = pos[p]
    lines = s.annotation.count("\n") + 1
    height = ((lines - 1) * 1.05 * 1.2 + 1.2) * size.small + 0.3 * size.small
    half = half_marker(s, m)
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


__all__ = [
    "CHAR_EM", "LINE_EM", "MOVE_AT", "text_width", "text_height", "Metrics", "metrics", "half_marker", "reach",
    "name_width", "extents", "slot_inches", "Note", "pruned_notes", "stagger", "annotation_shift",
]
