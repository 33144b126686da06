"""A search stepped through in the browser: one small ES module draws every frame, with no kernel per step.

A view: it renders the frames of a trace the search already recorded, and
never runs a search.  :func:`abteach.views.frame_data.frame_data` describes
every frame once, as data (the layout once, then what each step changes);
the widget's front end, ``static/stepper.js``, a plain ES module run by
`anywidget <https://anywidget.dev>`_, draws it as inline SVG with real text
and steps forward, back, to the first or last step, plays, follows a slider
and the keys ←, →, Home, End and Space, all in the page.

Where widgets do not run (GitHub, nbviewer, a saved notebook opened without
its kernel), the output still carries a PNG of the current frame, drawn by
matplotlib from the same styles (:func:`abteach.views.export.frame_png`).

This is new: the lectures still use :func:`abteach.stepper`.

Examples
--------
>>> import abteach as ab
>>> w = browser_stepper(ab.alphabeta(ab.examples.FIG_5_2))
>>> w
BrowserStepper(alpha-beta, 3rd edition, prunes on ties, step 0 of 55: Alpha-beta is about to search from A with the widest window, α = −∞ and β = +∞.)
>>> len(w.data["steps"])
56
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import anywidget
import traitlets

from abteach.games.trees import collector_paused
from abteach.trace.frames import Trace
from abteach.views.export import frame_png
from abteach.views.frame_data import frame_data
from abteach.views.options import check_search
from abteach.widgets.fallback import with_fallback
from abteach.widgets.stepper import MAX_PICTURE_PIXELS, MAX_STEPS, SPEEDS

#: The front end: one ES module, shipped with the package, no build step.
ESM_PATH: Final = Path(__file__).with_name("static") / "stepper.js"


class BrowserStepper(anywidget.AnyWidget):
    """Every frame of one search, drawn and stepped in the browser.

    Attributes
    ----------
    data : dict
        :func:`abteach.views.frame_data.frame_data` of the trace.
    step : int
        The step the page opens at (the page steps on its own afterwards).
    interval : int
        Milliseconds between steps while playing.
    """

    _esm = ESM_PATH.read_text(encoding="utf-8")
    data = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    interval = traitlets.Int(SPEEDS["normal"]).tag(sync=True)

    def __init__(self, trace: Trace, *, step: int = 0, speed: str = "normal", size: Any = None) -> None:
        self.trace = trace
        self.size = size
        with collector_paused():  # a long search's data is a great many small dicts and lists
            data = frame_data(trace)
        super().__init__(data=data, step=step, interval=SPEEDS[speed])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A picture of the step the widget opens at, for renderers that cannot run widgets.
        png = frame_png(self.trace, self.step, size=self.size, max_pixels=MAX_PICTURE_PIXELS)
        return with_fallback(super()._repr_mimebundle_(**kwargs), png, repr(self))

    def __repr__(self) -> str:
        return (f"BrowserStepper({self.data['title']}, step {self.step} of {len(self.trace)}: "
                f"{self.trace.frame(self.step).explanation})")


def browser_stepper(search: Any, *, step: int = 0, speed: str = "normal", size: Any = None) -> BrowserStepper:
    """Step through a search in the browser: instant steps, real text, no kernel per step.

    Parameters
    ----------
    search : SearchResult or Trace
        A search already run, e.g. ``ab.alphabeta(tree)``.
    step : int
        The step to open at, from 0 to the number of steps.
    speed : {'slow', 'normal', 'fast'}
        How fast Play steps.
    size : {'screen', 'projector'} or Size, optional
        The size of the picture saved for renderers without widgets.

    Returns
    -------
    BrowserStepper

    Raises
    ------
    TypeError
        ``search`` is neither a search result nor a trace, or ``step`` is not a whole number.
    ValueError
        A search with no events or too many (more than :data:`abteach.widgets.stepper.MAX_STEPS`),
        a step out of range, or an unknown speed.

    Examples
    --------
    >>> import abteach as ab
    >>> browser_stepper(ab.minimax(ab.examples.FIG_5_2), step=99)
    Traceback (most recent call last):
    ...
    ValueError: step must be from 0 to 43 (the search's steps), not 99
    """
    trace = check_search(search, "browser_stepper", "search")
    if not len(trace):
        raise ValueError(f"browser_stepper needs a search with events to step through, but search is {trace!r}")
    if len(trace) > MAX_STEPS:
        raise ValueError(f"this trace has {len(trace)} steps, more than a stepper shows ({MAX_STEPS}); "
                         "search a smaller tree, or limit the search with depth=...")
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be a whole number, not {step!r}")
    if not 0 <= step <= len(trace):
        raise ValueError(f"step must be from 0 to {len(trace)} (the search's steps), not {step!r}")
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(map(repr, SPEEDS))}, not {speed!r}")
    return BrowserStepper(trace, step=step, speed=speed, size=size)


__all__ = ["BrowserStepper", "browser_stepper", "ESM_PATH"]
