"""A picture widget with a text alternative, for readers who hear the page rather than see it.

``ipywidgets.Image`` renders an ``<img>`` with no ``alt``.  Its ``tooltip``
reaches the page as the image's ``title``, which is its accessible name, but
the widget manager shows a tooltip only beside an empty ``description``
(``DOMWidgetView.updateTooltip`` reads ``description.length``), and an image
has no description: a tooltip alone stops the picture from rendering.
:class:`DescribedImage` carries that empty description, so ``alt`` works in
JupyterLab, Voila and exported pages alike.

Examples
--------
>>> picture = DescribedImage(alt="Search tree before the first step.", format="png")
>>> picture.alt, picture.tooltip
('Search tree before the first step.', 'Search tree before the first step.')
>>> picture.alt = "Search tree at step 1 of 55."
>>> picture.tooltip
'Search tree at step 1 of 55.'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
from traitlets import Unicode


class DescribedImage(widgets.Image):
    """An ``ipywidgets.Image`` whose ``alt`` text names it on the page (as its ``title``).

    Parameters
    ----------
    alt : str
        What the picture shows, in words.  Required: a picture with no text
        alternative is what this class exists to prevent.
    **kwargs
        As for ``ipywidgets.Image``.

    Raises
    ------
    ValueError
        ``alt`` is empty or not a string.
    """

    # Always sent, even empty: the widget manager reads its length before it shows the tooltip.
    description = Unicode("").tag(sync=True)

    def __init__(self, alt: str, **kwargs: Any) -> None:
        _check_alt(alt)
        super().__init__(tooltip=alt, **kwargs)

    @property
    def alt(self) -> str:
        """The text alternative; setting it updates the page."""
        return str(self.tooltip or "")

    @alt.setter
    def alt(self, text: str) -> None:
        _check_alt(text)
        self.tooltip = text


def _check_alt(text: object) -> None:
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"alt must be a non-empty sentence saying what the picture shows, not {text!r}")


__all__ = ["DescribedImage"]
