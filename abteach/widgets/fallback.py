"""What a widget shows where no kernel runs it: a picture and a line of text beside the widget view.

Exported HTML, GitHub and nbviewer cannot run widgets; they show the richest
other form in a cell's output, so every widget that stands for a drawing adds
a PNG of what it currently shows, and its ``repr`` as the plain text.
"""

from __future__ import annotations

from typing import Any


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
        The widget's plain-text form.

    Returns
    -------
    dict or tuple
        The data with ``image/png`` and ``text/plain`` set; a tuple stays a tuple.

    Examples
    --------
    >>> with_fallback(None, b"png", "Stepper(...)")
    {'image/png': b'png', 'text/plain': 'Stepper(...)'}
    >>> with_fallback(({"a": 1}, {}), b"png", "x")
    ({'a': 1, 'image/png': b'png', 'text/plain': 'x'}, {})
    """
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if data is None:
        data = {}
    data["image/png"] = png
    data["text/plain"] = text
    return bundle if isinstance(bundle, tuple) else data


__all__ = ["with_fallback"]
