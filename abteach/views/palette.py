"""The colours drawings use, and the WCAG contrast checks they pass.

Colours are the colour-blind-safe Okabe–Ito set (Okabe & Ito, "Color
Universal Design"), plus black, white and two greys.  Text keeps a contrast
ratio of at least 4.5 (WCAG AA) against whatever it sits on; :data:`TEXT_PAIRS`
lists every pair used, and :func:`contrast_ratio` checks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from matplotlib.colors import to_rgb

if TYPE_CHECKING:
    from matplotlib.typing import ColorType

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


def relative_luminance(colour: ColorType) -> float:
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


def contrast_ratio(foreground: ColorType, background: ColorType) -> float:
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


__all__ = [
    "INK", "MUTED", "WHITE", "LIGHT", "ORANGE", "BLUE", "GREEN", "VERMILLION", "UNSEEN", "PURPLE",
    "TEXT_PAIRS", "GRAPHIC_PAIRS", "relative_luminance", "contrast_ratio",
]
