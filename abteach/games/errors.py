"""How an error message shows the bad value it names, in every layer.

Error messages name the argument and show the value given, so a reader sees
at once what went wrong.  A value's ``repr`` can be long (a board, a nested
list), so it is cut to a line; its type is said too, since ``'3'`` and ``3``
look alike in a sentence.
"""

from __future__ import annotations

from typing import Any, Final

#: The most characters of a value's repr an error message shows.
MAX_SHOWN: Final = 100


def shown(value: Any) -> str:
    """``value`` as an error message shows it: its repr, cut to :data:`MAX_SHOWN` characters, and its type.

    Parameters
    ----------
    value : object
        The bad value.

    Returns
    -------
    str

    Examples
    --------
    >>> shown(42)
    '42 of type int'
    >>> shown("XX. OO. ...")
    "'XX. OO. ...' of type str"
    >>> shown(list(range(100)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14…7, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99] of type list'
    """
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the error being reported
        text = f"<{type(value).__name__} object>"
    if len(text) > MAX_SHOWN:
        half = (MAX_SHOWN - 1) // 2
        text = text[:half] + "…" + text[len(text) - (MAX_SHOWN - 1 - half):]
    return f"{text} of type {type(value).__name__}"


__all__ = ["shown", "MAX_SHOWN"]
