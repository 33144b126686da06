"""The step-through widget: a search's frames, one at a time, with the pseudocode following along.

A view: it renders the frames of a trace the search already recorded, and
never runs a search.  :func:`abteach.views.frame_data.frame_data` describes
every frame once, as data (the layout once, then what each step changes);
the widget's front end, ``static/stepper.js``, a plain ES module run by
`anywidget <https://anywidget.dev>`_, draws it as inline SVG with real text
and steps in the page, with no message to the kernel for a step: forward,
back, first, last, Play at a chosen speed, the slider, and the keys ←, →,
Home, End and Space (taken by the widget alone, so JupyterLab's command-mode
shortcuts never see them).  Beside the tree it shows the pseudocode with the
running line marked, the call stack, the sentence on what happened, the best
play once the search is done, and a legend; a stepper over several searches
(a dict) has a switch between them that keeps the step.

The text is real text: it zooms, and on a projector (``size="projector"``)
it is drawn larger.  A tree wider than its output scrolls inside its own box,
which follows the node the step is about.

Where widgets do not run (GitHub, nbviewer, nbval, a saved notebook opened
without its kernel), the output still carries a PNG of the current frame,
drawn by matplotlib from the same styles (:func:`abteach.views.export.frame_png`).
Exported pages and slides carry the module and the data themselves
(:func:`abteach.widgets.offline.offline_html`), so every step steps there too.

Examples
--------
>>> import abteach as ab
>>> s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
>>> s.go(29); s.shown()["sentence"].count("c2 and c3 are pruned")
1
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any, Final

import anywidget
import traitlets

from abteach.games.trees import collector_paused
from abteach.trace.frames import Trace
from abteach.views.export import frame_png
from abteach.views.frame_data import frame_data, replay
from abteach.views.options import check_search
from abteach.views.sizes import Size, resolve_size
from abteach.widgets.fallback import with_fallback

#: Traces longer than this are refused.
MAX_STEPS: Final = 200_000

#: The widest the picture saved for renderers without widgets is drawn, in pixels; a wider tree is drawn
#: as an overview (:data:`OVERVIEW_PIXELS` wide, without its small text).
MAX_PICTURE_PIXELS: Final = 3200

#: How wide an overview picture is drawn, in pixels: about the widest a notebook shows.
OVERVIEW_PIXELS: Final = 1200

#: About how wide a notebook's output is at 1024×768 with JupyterLab's file browser open, in pixels.
NARROW_OUTPUT_PIXELS: Final = 580

#: Milliseconds between two steps while playing, by speed.
SPEEDS: Final = {"slow": 1500, "normal": 800, "fast": 300}

#: How much larger than on a desk the page draws a stepper's text and tree, by size: on a projector the
#: small text (α, β, v: 13 px on a desk) is 15.6 px, above the 14 px a lecture hall needs.
SCALES: Final = {"screen": 1.0, "projector": 1.2}

#: The front end: one ES module, shipped with the package, no build step.
ESM_PATH: Final = Path(__file__).with_name("static") / "stepper.js"


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels of PNG bytes, read from its header.

    >>> png_size(bytes(16) + (650).to_bytes(4, "big") + (300).to_bytes(4, "big"))
    (650, 300)
    """
    width, height = struct.unpack(">II", bytes(png[16:24]))
    return width, height


def _as_trace(search: Any, who: str = "stepper", argument: str = "search") -> Trace:
    trace = check_search(search, who, argument)
    if not len(trace):
        raise ValueError(f"{who} needs a search with events to step through, but {argument} is {trace!r}")
    if len(trace) > MAX_STEPS:
        raise ValueError(
            f"this trace has {len(trace)} steps, more than a stepper shows ({MAX_STEPS}); "
            "search a smaller tree, or limit the search with depth=..."
        )
    return trace


def scale_of(size: Size) -> float:
    """How much larger than on a desk the page draws at ``size`` (:data:`SCALES`; a size of one's own by its font).

    >>> from abteach.views.sizes import SIZES
    >>> scale_of(SIZES["screen"]), scale_of(SIZES["projector"])
    (1.0, 1.2)
    """
    return SCALES.get(size.name, SCALES["projector"] if size.font >= 13 else SCALES["screen"])


class Stepper(anywidget.AnyWidget):
    """Step through one search or several, forward and back, with the pseudocode line that runs.

    Build one with :func:`stepper`.  ``value`` is the step Python last moved it to (:meth:`go`): the page
    steps on its own and tells the kernel nothing.

    Attributes
    ----------
    searches : list of dict
        What the page draws: for each search, ``{"label": ..., "data": frame_data(trace)}``.
    choice : str
        The label of the search shown; setting it switches the page too.
    step : int
        The step shown.
    interval : int
        Milliseconds between steps while playing.
    scale : float
        How much larger than on a desk the page draws (:data:`SCALES`).
    legible : float
        The least height, in pixels, of α, β and v on screen: the tree shrinks to fit its box down to this,
        then scrolls (:attr:`abteach.views.sizes.Size.legible`).
    """

    _esm = ESM_PATH.read_text(encoding="utf-8")
    searches = traitlets.List(traitlets.Dict()).tag(sync=True)
    choice = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    interval = traitlets.Int(SPEEDS["normal"]).tag(sync=True)
    speeds = traitlets.Dict(dict(SPEEDS)).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    legible = traitlets.Float(10.0).tag(sync=True)

    def __init__(self, traces: dict[str, Trace], *, size: str | Size | None = None, speed: str = "normal",
                 step: int = 0) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r}; choose one of {sorted(SPEEDS)}")
        # An unknown size fails here, before any work; chosen once, so a later ab.use_size(...) does not
        # change a stepper already shown.
        self.size = resolve_size(size)
        self.traces = traces
        self.speed = speed
        first = next(iter(traces))
        last = len(traces[first])
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be a whole number, not {step!r} of type {type(step).__name__}")
        if not 0 <= step <= last:
            raise ValueError(f"step must be from 0 to {last}, the steps of this search, not {step}")
        with collector_paused():  # a long search's data is a great many small dicts and lists
            self._data = {label: frame_data(trace) for label, trace in traces.items()}
        super().__init__(searches=[{"label": label, "data": data} for label, data in self._data.items()],
                         choice=first, step=step, interval=SPEEDS[speed], scale=scale_of(self.size),
                         legible=self.size.legible)

    @traitlets.validate("choice")
    def _valid_choice(self, proposal: dict) -> str:
        label = proposal["value"]
        if label not in self.traces:
            raise ValueError(f"choice must be one of {list(self.traces)}, not {label!r}")
        return str(label)

    @traitlets.observe("choice")
    def _keep_the_step_in_range(self, change: dict) -> None:
        self.step = min(self.step, len(self.traces[change["new"]]))

    # -- navigation -------------------------------------------------------------
    @property
    def trace(self) -> Trace:
        """The trace of the search shown."""
        return self.traces[self.choice]

    @property
    def data(self) -> dict[str, Any]:
        """:func:`abteach.views.frame_data.frame_data` of the search shown: what the page draws."""
        return self._data[self.choice]

    @property
    def value(self) -> int:
        return self.step

    @property
    def last(self) -> int:
        """The last step of the search shown."""
        return len(self.trace)

    def go(self, step: int) -> None:
        """Show ``step``, clamped to the search's steps; the page follows."""
        self.step = max(0, min(self.last, int(step)))
        # Sent even when unchanged here: the page steps on its own, so it may be elsewhere.
        self.send_state("step")

    def shown(self) -> dict[str, Any]:
        """What the page shows now, rebuilt from the data it draws (:func:`abteach.views.frame_data.replay`).

        ``nodes`` (each node's state, in the layout's order), ``line``, ``stack``, ``sentence``, ``best``
        and ``pass``.
        """
        return replay(self.data, self.step)

    def picture_png(self, step: int | None = None) -> bytes:
        """The picture saved for renderers without widgets, of ``step`` (the current step by default)."""
        return frame_png(self.trace, self.step if step is None else step, size=self.size,
                         max_pixels=MAX_PICTURE_PIXELS)

    # -- without a kernel ---------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A picture of the current frame for renderers that cannot run widgets (GitHub, nbviewer, nbval).
        return with_fallback(super()._repr_mimebundle_(**kwargs), self.picture_png(), repr(self))

    def __repr__(self) -> str:
        return f"Stepper({self.choice}, step {self.step} of {self.last}: {self.trace.frame(self.step).explanation})"


def stepper(search: Any, *, size: str | Size | None = None, speed: str = "normal", step: int = 0) -> Stepper:
    """Step through a search: ``ab.stepper(ab.alphabeta(tree))``.

    Parameters
    ----------
    search : SearchResult or Trace, or a dict of them
        What to replay.  It is never re-run.  A dict such as
        ``{"prune on ties": r1, "strict": r2}`` adds a switch between them.
    size : str or Size, optional
        Drawing size: ``"screen"`` or ``"projector"`` (bigger text for a
        lecture hall: α, β and v at least 14 pixels tall).
        By default the size :func:`abteach.use_size` chose, else ``"screen"``.
    speed : {'slow', 'normal', 'fast'}
        How fast Play advances.  Nothing plays until the user presses Play.
    step : int
        The step it opens at, 0 (before the search starts) by default: a long
        search can open where it gets interesting, and the user steps back for the rest.

    Returns
    -------
    Stepper

    Raises
    ------
    TypeError
        ``search`` is neither a search result nor a trace, or ``step`` is not a whole number.
    ValueError
        A search with no events or more than :data:`MAX_STEPS`, an empty dict, an unknown size or speed, or a
        step outside the steps of the search shown first.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
    >>> s.go(29); s.shown()["line"] == s.trace.listing.number("min.test")
    True
    >>> ab.stepper(ab.alphabeta(ab.examples.FIG_5_2), step=29).value
    29
    """
    if isinstance(search, dict):
        if not search:
            raise ValueError("stepper needs at least one search to show")
        traces = {str(label): _as_trace(s, argument=f"search[{label!r}]") for label, s in search.items()}
    else:
        trace = _as_trace(search)
        traces = {trace.algorithm.label: trace}
    # The step is checked before any data is built; the steps are those of the search shown first.
    return Stepper(traces, size=size, speed=speed, step=step)


__all__ = ["Stepper", "stepper", "png_size", "ESM_PATH", "MAX_STEPS", "SPEEDS", "SCALES", "scale_of",
           "MAX_PICTURE_PIXELS", "OVERVIEW_PIXELS", "NARROW_OUTPUT_PIXELS"]
