"""How big drawings are: font sizes, marker sides, line widths and spacing, by name."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Mapping

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
    raise ValueError(f"unknown size {size!r}: use one of {', '.join(map(repr, SIZES))}, or an abteach.views.draw.Size")


__all__ = ["Size", "SIZES", "resolve_size"]
