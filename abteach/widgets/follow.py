"""A wide picture follows the node its step is about: the part shown moves with the search.

A stepper's picture keeps its text legible (see :attr:`abteach.views.sizes.Size.min_scale`),
so a wide tree is wider than the notebook.  Rather than leave the reader to
scroll, the picture is shifted left inside its box so that the node the
frame is about (:func:`abteach.views.draw.frame_focus`), its name and its α,
β and v are in view, and as much of the way up to the root as the box has
room for: all of it when it fits, else the node sits at the edge nearest the
root and the path fills the rest.

The box's width is known only to the browser, so the shift is a CSS length
written in terms of it (``100cqw``, the width of the picture's box, which is
a size container).  The same rule works in JupyterLab, in Voilà, in an
exported page with no kernel and on a slide (where the picture's height, not
its legible width, sets how wide it is shown, and the slide's style sheet
passes that width in a CSS variable), and costs no script.  :func:`shift` is the
rule in numbers, for tests and for reasoning about it; :func:`follow_margin`
writes the same rule as CSS.

Examples
--------
>>> from abteach.views.draw import Focus
>>> far_left = Focus(left=0.05, right=0.12, root=0.5, root_left=0.48, root_right=0.54)
>>> shift(far_left, view=600, least=1300, width=1500)    # the node at the box's left edge, plus the gap
-41.0
>>> shift(far_left, view=1600, least=1300, width=1500)   # a box wide enough: nothing moves
0.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Final, TypeVar, Union

from abteach.views.draw import Focus

#: Pixels kept between the followed node's labels and the box's edge.
FOLLOW_GAP: Final = 24

#: How long the picture takes to slide to its new place, in seconds (none if the reader asks for less motion).
SLIDE_SECONDS: Final = 0.25


@dataclass(frozen=True)
class _Css:
    """A CSS length expression, combined with + and - and scaled by numbers, as :func:`shift` needs."""

    text: str

    def __add__(self, other: "Length") -> "_Css":
        return _Css(f"({self.text} + {_css(other)})")

    def __radd__(self, other: "Length") -> "_Css":
        return _Css(f"({_css(other)} + {self.text})")

    def __sub__(self, other: "Length") -> "_Css":
        return _Css(f"({self.text} - {_css(other)})")

    def __rsub__(self, other: "Length") -> "_Css":
        return _Css(f"({_css(other)} - {self.text})")

    def __mul__(self, k: float) -> "_Css":
        return _Css(f"({_number(k)} * {self.text})")

    __rmul__ = __mul__


Length = Union[float, _Css]
L = TypeVar("L", float, _Css)


def _number(k: float) -> str:
    return f"{k:.6f}".rstrip("0").rstrip(".") or "0"


def _css(x: Length) -> str:
    return x.text if isinstance(x, _Css) else f"{_number(float(x))}px"


def _css_max(*xs: Length) -> _Css:
    return _Css(f"max({', '.join(map(_css, xs))})")


def _css_min(*xs: Length) -> _Css:
    return _Css(f"min({', '.join(map(_css, xs))})")


def _rule(focus: Focus, view: L, least: L, gap: float, hi: Callable[..., L], lo: Callable[..., L]) -> L:
    """The picture's left margin (0 or less) in a box ``view`` wide: the one rule, in numbers or in CSS.

    The picture is as wide as its box but never below ``least`` (its box is never wider than the
    picture), so it is ``max(least, view)`` wide.
    """
    shown = hi(least, view)
    a, b = focus.left * shown, focus.right * shown
    if focus.root >= focus.right:
        # The root is to the right: the node on the left edge, unless the node and the root fit together.
        offset = hi(gap - a, 0.5 * view - 0.5 * (a + focus.root_right * shown))
    elif focus.root <= focus.left:
        offset = lo(view - b - gap, 0.5 * view - 0.5 * (focus.root_left * shown + b))
    else:
        offset = 0.5 * view - 0.5 * (a + b)
    # Never past either end of the picture, and never to the right of its start.
    return lo(0, hi(view - shown, offset))


def shift(focus: Focus, view: float, least: float, width: float, gap: float = FOLLOW_GAP) -> float:
    """How far left, in pixels (0 or less), a picture ``width`` wide is moved in a box ``view`` wide.

    ``least`` is the narrowest the picture is shown (its legible width); the box is at most ``width``.

    Examples
    --------
    >>> shift(Focus(0.45, 0.55, 0.5, 0.45, 0.55), view=400, least=1000, width=1000)   # the root, centred
    -300.0
    """
    view = min(float(view), float(width))
    return float(_rule(focus, view, float(least), gap, max, min))


def follow_margin(focus: Focus, least: int, gap: float = FOLLOW_GAP, *, variable: str | None = None) -> str:
    """The CSS ``margin`` of a picture that follows ``focus``, in a box that is a size container.

    With ``variable`` (a CSS custom property such as ``--ab-least``), the picture's legible width is
    read from it where a style sheet sets it, and is ``least`` elsewhere: a slide, which has a height
    to keep to, shows the picture at another width and sets that width there.

    >>> follow_margin(Focus(0.45, 0.55, 0.5, 0.45, 0.55), least=1000).startswith("0px 0px 0px min(0px, max(")
    True
    >>> "var(--ab-least, 1000px)" in follow_margin(Focus(0.45, 0.55, 0.5, 0.45, 0.55), 1000, variable="--ab-least")
    True
    """
    if variable is not None and not re.fullmatch(r"--[a-z][a-z0-9-]*", variable):
        raise ValueError(f"variable must be a CSS custom property name such as '--ab-least', not {variable!r}")
    width = _Css(f"{least}px") if variable is None else _Css(f"var({variable}, {least}px)")
    margin = _rule(focus, _Css("100cqw"), width, gap, _css_max, _css_min)
    return f"0px 0px 0px {margin.text}"


def follow_css(scope: str) -> str:
    """Rules for pictures that follow their node, in boxes of class ``ab-follow`` under ``scope``."""
    return f"""
<style>
{scope} .ab-follow {{ container-type: inline-size; container-name: ab-follow; overflow: hidden !important; }}
{scope} .ab-follow > .ab-image {{ transition: margin-left {SLIDE_SECONDS}s ease-out; }}
@media (prefers-reduced-motion: reduce) {{ {scope} .ab-follow > .ab-image {{ transition: none; }} }}
</style>
"""


__all__ = ["FOLLOW_GAP", "SLIDE_SECONDS", "follow_css", "follow_margin", "shift"]
