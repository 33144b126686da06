"""``ab.browser_stepper``: the name the browser stepper had before it became :func:`abteach.stepper`.

There is one stepper, drawn in the browser (:mod:`abteach.widgets.stepper`); this keeps the older name and its
``step=`` keyword working.

Examples
--------
>>> import abteach as ab
>>> w = browser_stepper(ab.alphabeta(ab.examples.FIG_5_2), step=3)
>>> type(w).__name__, w.value, len(w.data["steps"])
('Stepper', 3, 56)
"""

from __future__ import annotations

from typing import Any

from abteach.widgets.stepper import ESM_PATH, SPEEDS, Stepper, _as_trace

#: The browser stepper's class, now the stepper's.
BrowserStepper = Stepper


def browser_stepper(search: Any, *, step: int = 0, speed: str = "normal", size: Any = None) -> Stepper:
    """Step through a search in the browser, opened at ``step``: :func:`abteach.stepper` with a first step.

    Parameters
    ----------
    search : SearchResult or Trace
    step : int
        The step to open at, from 0 to the number of steps.
    speed : {'slow', 'normal', 'fast'}
    size : {'screen', 'projector'} or Size, optional

    Raises
    ------
    TypeError
        ``search`` is neither a search result nor a trace, or ``step`` is not a whole number.
    ValueError
        A search with no events or too many, a step out of range, or an unknown speed.

    Examples
    --------
    >>> import abteach as ab
    >>> browser_stepper(ab.minimax(ab.examples.FIG_5_2), step=99)
    Traceback (most recent call last):
    ...
    ValueError: step must be from 0 to 43, the steps of this search, not 99
    """
    trace = _as_trace(search, "browser_stepper")
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(map(repr, SPEEDS))}, not {speed!r}")
    return Stepper({trace.algorithm.label: trace}, size=size, speed=speed, step=step)


__all__ = ["BrowserStepper", "browser_stepper", "ESM_PATH"]
