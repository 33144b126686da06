"""What a widget shows where no kernel runs it: a picture and a line of text beside the widget view.

Exported HTML, GitHub and nbviewer cannot run widgets; they show the richest
other form in a cell's output, so every widget that stands for a drawing adds
a PNG of what it currently shows, and a sentence saying what the picture is
and what it shows now as the plain text (not the widget's ``repr``: a reader of
a handout or a screen reader gets words, not a constructor call).
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Mapping

#: What each widget is, in words, by the class name its ``repr`` starts with.
WIDGET_WORDS: Mapping[str, str] = MappingProxyType({
    "Stepper": "A search, step by step",
    "BrowserStepper": "A search, step by step",
    "Play": "A game to play",
    "ReorderView": "Alpha-beta on a tree whose children you reorder",
    "Practice": "A practice tree to fill in",
    "FigureVsAlgorithm": "The textbook's figure beside the algorithm",
})


def plain_text(text: str) -> str:
    """The sentence a renderer without widgets shows: what the widget is, and what its picture shows now.

    ``text`` is the widget's ``repr``, ``Name(what it shows)``; anything else
    is returned unchanged.

    Examples
    --------
    >>> plain_text("Stepper(NegaScout, step 0 of 64: NegaScout is about to search from A.)")
    'A search, step by step (a picture of it as it stands; it runs in Jupyter): NegaScout, step 0 of 64: NegaScout is about to search from A.'
    >>> plain_text("ReorderView(A: B C D | B: b1 b2 b3 -> 7 of 9 leaves evaluated; pruned: c2 c3)")
    'Alpha-beta on a tree whose children you reorder (a picture of it as it stands; it runs in Jupyter): A: B C D; B: b1 b2 b3 → 7 of 9 leaves evaluated; pruned: c2 c3.'
    >>> plain_text("Practice(15 nodes, rule='strict', edition=3)")
    'A practice tree to fill in (a picture of it as it stands; it runs in Jupyter): 15 nodes, rule strict, edition 3.'
    >>> plain_text("Stepper(alpha-beta, step 24 of 30: pruned: v=5 ≤ α=5)")[-33:]
    'step 24 of 30: pruned: v=5 ≤ α=5.'
    """
    found = re.fullmatch(r"(\w+)\((.*)\)", text, flags=re.DOTALL)
    if found is None:
        return text
    name, shows = found.groups()
    what = WIDGET_WORDS.get(name, re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).capitalize())
    shows = shows.replace(" | ", "; ").replace(" -> ", " → ")
    # A keyword argument of the repr, a whole comma-separated item (rule='strict'), reads "rule strict"; an
    # equation inside a sentence ("v=5 ≤ α=5") keeps its signs.
    shows = re.sub(r"(?:^|(?<=, ))(\w+)=('?)([^',]*)\2(?=,|$)", r"\1 \3", shows)
    if not shows.endswith((".", "!", "?")):
        shows += "."
    return f"{what} (a picture of it as it stands; it runs in Jupyter): {shows}"


def with_fallback(bundle: Any, png: bytes, text: str) -> Any:
    """``bundle``, from a widget's ``_repr_mimebundle_``, with ``png`` and ``text`` added for renderers without widgets.

    Parameters
    ----------
    bundle : dict, tuple of (dict, dict), or None
        What :meth:`ipywidgets.Widget._repr_mimebundle_` returned: data, or
        data and metadata.
    png : bytes
        A picture of what the widget shows now.
    text : str
        The widget's ``repr``; the bundle gets :func:`plain_text` of it.

    Returns
    -------
    dict or tuple
        The data with ``image/png`` and ``text/plain`` set; a tuple stays a tuple.

    Examples
    --------
    >>> with_fallback(None, b"png", "Play(TicTacToe against perfect: Your move (X): click a square.)")
    {'image/png': b'png', 'text/plain': 'A game to play (a picture of it as it stands; it runs in Jupyter): TicTacToe against perfect: Your move (X): click a square.'}
    >>> with_fallback(({"a": 1}, {}), b"png", "x")
    ({'a': 1, 'image/png': b'png', 'text/plain': 'x'}, {})
    """
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if data is None:
        data = {}
    data["image/png"] = png
    data["text/plain"] = plain_text(text)
    return bundle if isinstance(bundle, tuple) else data


__all__ = ["with_fallback", "plain_text", "WIDGET_WORDS"]
