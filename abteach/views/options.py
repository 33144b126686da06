"""Checks for the options drawings and exports take, so bad input fails at once, by name.

Every public drawing and export function checks its options here before it
draws anything or touches a file, and each error names the argument and the
value it got.  A wrong type raises :class:`TypeError`, a value of the right
type that cannot be used raises :class:`ValueError`.

Examples
--------
>>> check_dpi(150)
150.0
>>> check_dpi(0)
Traceback (most recent call last):
...
ValueError: dpi must be a number of dots per inch above 0 and at most 1200 (abteach.views.options.MAX_DPI), not 0
>>> check_paths([(1,), [2, 0]])
((1,), (2, 0))
>>> check_paths("A")
Traceback (most recent call last):
...
TypeError: highlight must be a collection of paths (tuples of child indices, e.g. [(1,), (2, 0)]), not the string 'A'
"""

from __future__ import annotations

import math
import numbers
import os
from collections.abc import Iterable, Mapping
from pathlib import Path as FilePath
from typing import Any, Final

import numpy as np

from abteach.games.errors import shown
from abteach.games.trees import Path, Tree, path_str
from abteach.trace.frames import Trace

#: The highest resolution any drawing or export accepts, in dots per inch.
#: Print needs 300 to 600; past this, a tree drawing is hundreds of megabytes
#: of pixels that nobody can see.
MAX_DPI: Final = 1200

#: The most pixels an exported PNG may have on its longer side.  matplotlib's
#: Agg renderer refuses images past 2**16 pixels a side; this stays well inside,
#: as :mod:`abteach.views.draw` does for the figures it sizes itself.
MAX_PIXELS: Final = 30_000


def check_trace(trace: Any, who: str, argument: str = "trace") -> Trace:
    """``trace`` if it is a Trace; else a TypeError that says what ``who`` needs, and how to get it.

    Parameters
    ----------
    trace : object
        What was given.
    who : str
        The function that needs a trace, for the message.
    argument : str
        The name to give in the error message.

    Returns
    -------
    Trace

    Raises
    ------
    TypeError
        ``trace`` is not a Trace; a search result is told to pass its ``.trace``.

    Examples
    --------
    >>> import abteach as ab
    >>> check_trace(ab.alphabeta(ab.examples.FIG_5_2), "save_animation")
    Traceback (most recent call last):
    ...
    TypeError: save_animation needs an abteach.Trace as trace, not SearchResult(alphabeta, value=3, move='a1', leaves=7, nodes=11, cutoffs=2, pruned=2) of type SearchResult: pass the result's .trace
    """
    if isinstance(trace, Trace):
        return trace
    inner = getattr(trace, "trace", None)
    if isinstance(inner, Trace):
        hint = ": pass the result's .trace"
    elif hasattr(trace, "trace") and inner is None:
        hint = ": this search kept no trace; run it again with trace=True and pass its .trace"
    else:
        hint = " (e.g. ab.alphabeta(game).trace)"
    raise TypeError(f"{who} needs an abteach.Trace as {argument}, not {shown(trace)}{hint}")


def check_search(search: Any, who: str, argument: str = "search") -> Trace:
    """The trace of ``search``, a search result or a Trace; else a TypeError naming ``argument`` and the value.

    Examples
    --------
    >>> check_search(42, "stepper")
    Traceback (most recent call last):
    ...
    TypeError: stepper needs a search result or a Trace as search (e.g. ab.alphabeta(game)), not 42 of type int
    """
    trace = getattr(search, "trace", search)
    if isinstance(trace, Trace):
        return trace
    if hasattr(search, "trace") and trace is None:
        raise ValueError(f"{who}: {argument} has no trace: run the search with trace=True to show it")
    raise TypeError(f"{who} needs a search result or a Trace as {argument} (e.g. ab.alphabeta(game)), "
                    f"not {shown(search)}")


def check_dpi(dpi: Any, argument: str = "dpi") -> float:
    """``dpi`` as a float, if it is a usable resolution.

    Parameters
    ----------
    dpi : float
        Dots per inch: a real number above 0 and at most :data:`MAX_DPI`.
    argument : str
        The name to give in the error message.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        A bool, a string or anything else that is not a real number.
    ValueError
        NaN, ±inf, a number ≤ 0 or one above :data:`MAX_DPI`.

    Examples
    --------
    >>> check_dpi(True)
    Traceback (most recent call last):
    ...
    TypeError: dpi must be a number of dots per inch, such as 100 or 300, not True
    >>> check_dpi(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: dpi must be a number of dots per inch above 0 and at most 1200 (abteach.views.options.MAX_DPI), not nan
    """
    # bool is an int to Python, but dpi=True is a mistake, not 1 dot per inch.
    if isinstance(dpi, (bool, np.bool_)) or not isinstance(dpi, numbers.Real):
        raise TypeError(f"{argument} must be a number of dots per inch, such as 100 or 300, not {dpi!r}")
    value = float(dpi)
    if not (math.isfinite(value) and 0 < value <= MAX_DPI):
        raise ValueError(f"{argument} must be a number of dots per inch above 0 and at most {MAX_DPI} "
                         f"(abteach.views.options.MAX_DPI), not {dpi!r}")
    return value


def check_pixels(width_in: float, height_in: float, dpi: float, argument: str = "dpi") -> None:
    """Raise a ValueError naming ``dpi`` if a ``width_in`` × ``height_in`` inch image would be too big.

    Examples
    --------
    >>> check_pixels(10, 5, 300)
    >>> check_pixels(100, 5, 1200)
    Traceback (most recent call last):
    ...
    ValueError: dpi=1200 would make this drawing 120000 × 6000 pixels, more than 30000 on a side (abteach.views.options.MAX_PIXELS); use dpi ≤ 300
    """
    width, height = round(width_in * dpi), round(height_in * dpi)
    if max(width, height) > MAX_PIXELS:
        most = math.floor(MAX_PIXELS / max(width_in, height_in))
        raise ValueError(f"{argument}={dpi:g} would make this drawing {width} × {height} pixels, more than "
                         f"{MAX_PIXELS} on a side (abteach.views.options.MAX_PIXELS); use {argument} ≤ {most}")


def check_flag(value: Any, argument: str, *, none: bool = False) -> bool | None:
    """``value`` as a bool, if it is one (or ``None`` when ``none`` allows it).

    A string such as ``"no"`` is truthy, so taking it as a flag would do the
    opposite of what was meant (``overwrite="no"`` would replace a file).

    Examples
    --------
    >>> check_flag(False, "legend"), check_flag(None, "names", none=True)
    (False, None)
    >>> check_flag("no", "overwrite")
    Traceback (most recent call last):
    ...
    TypeError: overwrite must be True or False, not 'no'
    """
    if value is None and none:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    allowed = "True, False or None" if none else "True or False"
    raise TypeError(f"{argument} must be {allowed}, not {value!r}")


def check_text(value: Any, argument: str) -> str:
    """``value`` if it is a string; a TypeError naming ``argument`` if not.

    Examples
    --------
    >>> check_text(3, "title")
    Traceback (most recent call last):
    ...
    TypeError: title must be a string, not 3
    """
    if not isinstance(value, str):
        raise TypeError(f"{argument} must be a string, not {value!r}")
    return value


def _is_index(i: Any) -> bool:
    return isinstance(i, numbers.Integral) and not isinstance(i, (bool, np.bool_))


def check_paths(paths: Any, argument: str = "highlight") -> tuple[Path, ...]:
    """``paths`` as a tuple of paths, each once, in the order given.

    A path is a tuple of child indices (``()`` is the root, ``(1, 0)`` the
    first child of the second child); a list of indices is taken as the same
    path, as JSON writes it.

    Parameters
    ----------
    paths : iterable of paths
        A list, tuple or set of paths.
    argument : str
        The name to give in error messages.

    Raises
    ------
    TypeError
        ``paths`` is a string, a number, ``None`` or a single path rather than
        a collection of them, or it holds something that is not a path.
    ValueError
        A path with a negative index.

    Examples
    --------
    >>> check_paths({(0,)}), check_paths([()])
    (((0,),), ((),))
    >>> check_paths((1, 0))
    Traceback (most recent call last):
    ...
    TypeError: highlight must be a collection of paths, not the single path (1, 0): write [(1, 0)]
    >>> check_paths([(1.5,)])
    Traceback (most recent call last):
    ...
    TypeError: highlight holds (1.5,), which is not a path: a path is a tuple of child indices, e.g. (1, 0)
    """
    what = "a collection of paths (tuples of child indices, e.g. [(1,), (2, 0)])"
    if isinstance(paths, (str, bytes)):
        raise TypeError(f"{argument} must be {what}, not the string {paths!r}")
    if isinstance(paths, Mapping) or not isinstance(paths, Iterable):
        raise TypeError(f"{argument} must be {what}, not {paths!r}")
    items = tuple(paths)  # a generator can be read only once
    if items and all(_is_index(i) for i in items):
        raise TypeError(f"{argument} must be a collection of paths, not the single path {paths!r}: "
                        f"write [{tuple(int(i) for i in items)!r}]")
    out: dict[Path, None] = {}
    for p in items:
        if not isinstance(p, (tuple, list)) or not all(_is_index(i) for i in p):
            raise TypeError(f"{argument} holds {p!r}, which is not a path: "
                            "a path is a tuple of child indices, e.g. (1, 0)")
        path = tuple(int(i) for i in p)
        if any(i < 0 for i in path):
            raise ValueError(f"{argument} holds {p!r}, which is not a path: child indices are 0 or more")
        out[path] = None
    return tuple(out)


def check_paths_in_tree(paths: Iterable[Path], tree: Tree, argument: str = "highlight") -> None:
    """Raise a ValueError naming ``argument`` and the path for any of ``paths`` that ``tree`` does not have.

    Examples
    --------
    >>> import abteach as ab
    >>> check_paths_in_tree([(1, 1)], ab.examples.FIG_5_2)
    >>> check_paths_in_tree([(1, 3)], ab.examples.FIG_5_2)
    Traceback (most recent call last):
    ...
    ValueError: highlight: cannot mark the node at path 1.3: it is not a node of this tree
    """
    for p in paths:
        if p not in tree.nodes:
            raise ValueError(f"{argument}: cannot mark the node at path {path_str(p)}: it is not a node of this tree")


def check_filename(filename: Any, argument: str = "filename") -> FilePath:
    """``filename`` as a :class:`pathlib.Path`, if it is a string or a path-like object.

    Examples
    --------
    >>> check_filename(3)
    Traceback (most recent call last):
    ...
    TypeError: filename must be a file name (a string or pathlib.Path), not 3
    """
    if not isinstance(filename, (str, os.PathLike)) or isinstance(filename, bytes):
        raise TypeError(f"{argument} must be a file name (a string or pathlib.Path), not {filename!r}")
    path = FilePath(filename)
    if not str(filename) or path.name == "":
        raise ValueError(f"{argument} must name a file, not {str(filename)!r}")
    return path


__all__ = ["MAX_DPI", "MAX_PIXELS", "check_dpi", "check_pixels", "check_flag", "check_text", "check_paths",
           "check_paths_in_tree", "check_filename"]
