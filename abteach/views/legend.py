"""The legend under a drawing: which symbols it explains, packed into rows and drawn in inches."""

from __future__ import annotations

import math
from typing import Any, Final, Mapping

from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

from abteach.views.label_layout import text_width
from abteach.views.palette import BLUE, GREEN, INK, LIGHT, ORANGE, PURPLE, UNSEEN, VERMILLION, WHITE
from abteach.games.kinds import node_kinds
from abteach.views.sizes import Size
from abteach.views.styles import Style
from abteach.trace.frames import Status
from abteach.games.trees import Path

def legend_handles(styles: Mapping[Path, Style], size: Size, frame_mode: bool, mark_label: str) -> list:
    """Legend entries for the kinds of node and the statuses that ``styles`` show, in a fixed order."""
    lw = size.line
    kinds = {s.kind for s in styles.values()}
    h: list = []
    for kind in node_kinds().values():
        # Each kind the drawing shows, in the order kinds were registered (MAX, MIN, then chance and any other):
        # its registered shape, and who moves there or what happens there.
        if kind.name.lower() in kinds:
            label = (f"{kind.name} to move" if kind.mover
                     else kind.says("it").replace(" at it", "").replace(" it", ""))
            h.append(Line2D([], [], ls="", marker=kind.marker, ms=size.small * 1.3, mfc=WHITE, mec=INK,
                            label=label))
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


LEGEND_ROW: Final = 1.9   # legend row height, in ems of the small font
_GLYPH: Final = 2.6       # legend symbol width, in ems of the small font


def legend_rows(handles: list, size: Size, width: float) -> list[list[tuple[Any, float]]]:
    """Pack legend entries into centred rows that fit ``width`` inches: (handle, entry width) pairs."""
    rows: list[list[tuple[Any, float]]] = []
    used = math.inf
    for h in handles:
        w = (_GLYPH * size.small + 0.5 * size.small + text_width(h.get_label(), size.small) + 1.2 * size.small) / 72
        if used + w > width - 0.3:
            rows.append([])
            used = 0.0
        rows[-1].append((h, w))
        used += w
    return rows


def draw_legend(fig: Figure, rows: list[list[tuple[Any, float]]], size: Size, width: float) -> None:
    """A legend drawn straight onto the figure, in inches.

    Matplotlib's own legend lays itself out on every draw, which costs a
    stepper more than the whole tree does.
    """
    inch = fig.dpi_scale_trans
    glyph = _GLYPH * size.small / 72
    for i, row in enumerate(rows):
        y = (len(rows) - i - 0.5) * LEGEND_ROW * size.small / 72 + 0.3 * size.small / 72
        x = (width - sum(w for _, w in row)) / 2
        for h, w in row:
            if isinstance(h, Patch):
                art: Artist = Rectangle((x, y - 0.35 * size.small / 72), glyph, 0.7 * size.small / 72, transform=inch)
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


__all__ = ["LEGEND_ROW", "legend_handles", "legend_rows", "draw_legend"]
