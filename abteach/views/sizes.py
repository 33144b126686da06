"""How big drawings are: font sizes, marker sides, line widths and spacing, by name."""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Final, Mapping

from abteach.views.options import check_dpi

@dataclass(frozen=True)
class Size:
    """How big everything is drawn.  Lengths in points unless they say inches.

    Use a name from :data:`SIZES` (``"screen"``, ``"projector"``), or build
    your own.

    Raises
    ------
    TypeError
        A name that is not a string, or a length that is not a real number.
    ValueError
        A length that is not finite and above 0, or a ``dpi`` above
        :data:`abteach.views.options.MAX_DPI`.

    Examples
    --------
    >>> Size("hall", font=20, small=16, marker=50, line=2.2, level=1.8, min_slot=1, min_width=12, dpi=-5)
    Traceback (most recent call last):
    ...
    ValueError: Size.dpi must be a number of dots per inch above 0 and at most 1200 (abteach.views.options.MAX_DPI), not -5
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
    legible: float = 10.0  # pixels: a widget shrinks α/β/v to this on screen, then scrolls the picture instead

    @property
    def small_px(self) -> float:
        """How tall α, β and v are in the picture, in pixels: the small font at this size's dpi."""
        return self.small * self.dpi / 72

    @property
    def min_scale(self) -> float:
        """How far a widget may shrink the picture (1 is its own size) and keep α, β and v :attr:`legible`."""
        return min(1.0, self.legible / self.small_px)

    def __post_init__(self) -> None:
        # A bad length would surface deep inside matplotlib, as a blank or a
        # gigantic figure; say which one it is instead.
        if not isinstance(self.name, str):
            raise TypeError(f"Size.name must be a string, not {self.name!r}")
        check_dpi(self.dpi, "Size.dpi")
        for f in fields(self):
            if f.name in ("name", "dpi"):
                continue
            x = getattr(self, f.name)
            if isinstance(x, bool) or not isinstance(x, numbers.Real):
                raise TypeError(f"Size.{f.name} must be a number, not {x!r}")
            if not (math.isfinite(x) and float(x) > 0):
                raise ValueError(f"Size.{f.name} must be a finite number above 0, not {x!r}")


#: The named sizes.  ``"projector"`` is for lecture halls: bigger text and
#: thicker lines, readable from the back rows.  Widgets show α, β and v at
#: least 14 pixels tall with it (:attr:`Size.legible`), 10 with ``"screen"``.
SIZES: Final[Mapping[str, Size]] = MappingProxyType({
    "screen": Size("screen", font=10, small=8.5, marker=30, line=1.2, level=1.05,
                   min_slot=0.6, min_width=6.5, dpi=100),
    "projector": Size("projector", font=16, small=13.5, marker=46, line=2.0, level=1.4,
                      min_slot=0.7, min_width=6, dpi=100, legible=14),
})


def resolve_size(size: str | Size) -> Size:
    """The :class:`Size` for a name in :data:`SIZES`, or ``size`` itself."""
    if isinstance(size, Size):
        return size
    if isinstance(size, str) and size in SIZES:
        return SIZES[size]
    if not isinstance(size, str):
        raise TypeError(f"size must be one of {', '.join(map(repr, SIZES))} or an abteach.views.draw.Size, "
                        f"not {size!r}")
    raise ValueError(f"unknown size {size!r}: use one of {', '.join(map(repr, SIZES))}, or an abteach.views.draw.Size")


__all__ = ["Size", "SIZES", "resolve_size"]
