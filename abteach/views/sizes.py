"""How big drawings are: font sizes, marker sides, line widths and spacing, by name."""

from __future__ import annotations

import contextvars
import math
import numbers
import sys
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Final, Mapping

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


#: The size drawings take when neither a call's ``size=`` nor :func:`use_size` says otherwise.
DEFAULT_SIZE: Final = "screen"

# Outside IPython (a script, a test), the setting lives in the running context; in a kernel, on its shell,
# so that it lasts from one cell to the next whatever context each cell runs in.
_CHOSEN: Final[contextvars.ContextVar[Size | None]] = contextvars.ContextVar("abteach_size", default=None)
_SHELL_ATTRIBUTE: Final = "abteach_size"


def _shell() -> Any:
    """The running IPython shell, or None; IPython is not imported here if nothing else has."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return get() if get is not None else None


def _check_size(size: object, argument: str) -> Size:
    if isinstance(size, Size):
        return size
    if isinstance(size, str) and size in SIZES:
        return SIZES[size]
    names = ", ".join(map(repr, SIZES))
    if not isinstance(size, str):
        raise TypeError(f"{argument} must be one of {names} or an abteach.views.draw.Size, not {size!r}")
    where = "" if argument == "size" else f" for {argument}"
    raise ValueError(f"unknown size {size!r}{where}: use one of {names}, or an abteach.views.draw.Size")


def use_size(size: str | Size | None) -> None:
    """Draw at ``size`` from now on, in this kernel: one setting for a whole lecture.

    Every drawing and widget that is not given ``size=`` takes this one; an
    explicit ``size=`` always wins.  The setting belongs to the running
    kernel (its IPython shell; outside IPython, the running context), so two
    notebooks open side by side keep their own.

    Parameters
    ----------
    size : {'screen', 'projector'} or Size or None
        ``"projector"`` for a lecture hall (α, β and v at least 14 pixels tall
        in a stepper), ``"screen"`` for a desk, or a :class:`Size` of your own.
        ``None`` goes back to the default, :data:`DEFAULT_SIZE`.

    Raises
    ------
    TypeError
        ``size`` is neither a name, a Size nor None.
    ValueError
        ``size`` is a name that is not in :data:`SIZES`.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.use_size("projector")
    >>> fig = ab.examples.FIG_5_2
    >>> bool(ab.draw_tree(fig).get_figwidth() == ab.draw_tree(fig, size="projector").get_figwidth())
    True
    >>> current_size().name, ab.stepper(ab.alphabeta(ab.examples.FIG_5_2), size="screen").size.name
    ('projector', 'screen')
    >>> ab.use_size(None)
    >>> current_size().name
    'screen'
    >>> ab.use_size("hall")
    Traceback (most recent call last):
    ...
    ValueError: unknown size 'hall' for use_size(size=...): use one of 'screen', 'projector', or an abteach.views.draw.Size
    """
    chosen = None if size is None else _check_size(size, "use_size(size=...)")
    shell = _shell()
    if shell is not None:
        setattr(shell, _SHELL_ATTRIBUTE, chosen)
    else:
        _CHOSEN.set(chosen)


def current_size() -> Size:
    """The size drawings take when not given one: what :func:`use_size` chose, else :data:`DEFAULT_SIZE`.

    >>> current_size().name
    'screen'
    """
    shell = _shell()
    chosen = getattr(shell, _SHELL_ATTRIBUTE, None) if shell is not None else _CHOSEN.get()
    return chosen if isinstance(chosen, Size) else SIZES[DEFAULT_SIZE]


def resolve_size(size: str | Size | None) -> Size:
    """The :class:`Size` for a name in :data:`SIZES`, ``size`` itself, or :func:`current_size` for None."""
    if size is None:
        return current_size()
    return _check_size(size, "size")


__all__ = ["Size", "SIZES", "DEFAULT_SIZE", "resolve_size", "use_size", "current_size"]
