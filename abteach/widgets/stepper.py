"""The step-through widget: a search's frames, one at a time, with the pseudocode following along.

A view: it renders the frames of a trace the search already recorded, and
never runs a search.  Without a kernel (a saved notebook, GitHub, an exported
page) it still shows a picture of its current frame, and :meth:`Stepper.static`
gives a version whose slider works with no kernel at all.
"""

from __future__ import annotations

import html
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from abteach.search.events import fmt
from abteach.views.export import frame_png
from abteach.trace.frames import Frame, Trace
from abteach.widgets.fallback import with_fallback

#: Traces longer than this are refused.  Frames are made on demand, so the bound is the trace itself.
MAX_STEPS = 200_000

SPEEDS: dict[str, int] = {"slow": 1500, "normal": 800, "fast": 300}

_CSS = """
<style>
.ab-listing pre { font-size: 12px; line-height: 1.45; margin: 0; color: #1a1a1a; background: #ffffff; }
.ab-listing .ab-line { display: block; padding: 0 6px; white-space: pre; }
.ab-listing .ab-current-line { background: #fde9b8; font-weight: bold; outline: 2px solid #7a4b00; }
.ab-stack table { border-collapse: collapse; font-size: 13px; color: #1a1a1a; }
.ab-stack td, .ab-stack th { padding: 1px 8px; border-bottom: 1px solid #cccccc; text-align: left; }
.ab-explanation { font-size: 15px; color: #1a1a1a; padding: 4px 0; }
</style>
"""


def _as_trace(search: Any) -> Trace:
    trace = getattr(search, "trace", search)
    if not isinstance(trace, Trace):
        if getattr(search, "trace", "missing") is None:
            raise ValueError("this result has no trace: run the search with trace=True to step through it")
        raise TypeError(f"stepper needs a search result or a Trace, not {type(search).__name__}")
    if len(trace) > MAX_STEPS:
        raise ValueError(
            f"this trace has {len(trace)} steps, more than a stepper shows ({MAX_STEPS}); "
            "search a smaller tree, or limit the search with depth=..."
        )
    return trace


def listing_html(trace: Trace, frame: Frame) -> str:
    """The pseudocode with the line that just ran marked (bold, outlined, and an arrow, not colour alone)."""
    rows = []
    current = trace.listing.number(frame.line) if frame.line in trace.listing else None
    for number, (_, text) in enumerate(trace.listing.lines, start=1):
        mark = "▶" if number == current else " "
        cls = "ab-line ab-current-line" if number == current else "ab-line"
        rows.append(f"<span class='{cls}' data-line='{number}'>{mark} {number:>2}  {html.escape(text)}</span>")
    title = html.escape(trace.listing.title)
    return f"<div class='ab-listing'><b>{title}</b><pre>{''.join(rows)}</pre></div>"


def stack_html(trace: Trace, frame: Frame) -> str:
    """The call stack, innermost call on top, with each call's α, β and v."""
    if not frame.stack:
        return "<div class='ab-stack'><b>Call stack</b>: empty</div>"
    windowed = trace.algorithm.windowed
    head = "<tr><th>call</th>" + ("<th>α</th><th>β</th>" if windowed else "") + "<th>v</th></tr>"
    rows = []
    for path in reversed(frame.stack):
        s = frame.node(path)
        call = f"{s.player}-VALUE({html.escape(trace.name(path))})"
        cells = [call] + ([fmt(s.alpha), fmt(s.beta)] if windowed else []) + [fmt(s.v) if s.v is not None else ""]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<div class='ab-stack'><b>Call stack</b><table>{head}{''.join(rows)}</table></div>"


def explanation_html(frame: Frame) -> str:
    return f"<div class='ab-explanation'><b>Step {frame.step}.</b> {html.escape(frame.explanation)}</div>"


class Stepper(widgets.VBox):
    """Step through a search, forward and back, with the pseudocode line that runs.

    Build one with :func:`stepper`.  ``value`` is the current step.
    """

    def __init__(self, traces: dict[str, Trace], *, size: str = "screen", speed: str = "normal") -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r}; choose one of {sorted(SPEEDS)}")
        self.traces = traces
        self.size = size
        self._use(next(iter(traces)))
        self._png(0)  # an unknown size fails here, before any widget exists
        last = len(self.frames) - 1

        self.image = widgets.Image(format="png", value=self._png(0))
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="step",
                                        continuous_update=True, readout=True)
        self.play = widgets.Play(value=0, min=0, max=last, interval=SPEEDS[speed], description="play")
        self.speed = widgets.Dropdown(options=list(SPEEDS), value=speed, description="speed",
                                      layout=widgets.Layout(width="180px"))
        # Icons from JupyterLab's own icon font: not every browser font has ⏮ and ⏭,
        # and a plain ▶ would look like Play.
        buttons = {
            "first": ("fast-backward", "First step"),
            "back": ("step-backward", "Step back"),
            "forward": ("step-forward", "Step forward"),
            "last": ("fast-forward", "Last step"),
        }
        self.buttons = {key: widgets.Button(icon=icon, tooltip=tip, description="",
                                            layout=widgets.Layout(width="44px"))
                        for key, (icon, tip) in buttons.items()}
        self.listing = widgets.HTML()
        self.stack = widgets.HTML()
        self.explanation = widgets.HTML()

        # The browser test and any custom CSS find the parts by these classes.
        for name, w in [("image", self.image), ("slider", self.slider), ("play", self.play),
                        ("speed", self.speed), ("listing", self.listing), ("stack", self.stack),
                        ("explanation", self.explanation)]:
            w.add_class(f"ab-{name}")
        for key, b in self.buttons.items():
            b.add_class(f"ab-{key}")

        # Play drives the slider in the browser, so playing needs no kernel round trip per frame.
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.slider.observe(self._on_step, names="value")
        self.speed.observe(lambda change: setattr(self.play, "interval", SPEEDS[change["new"]]), names="value")
        self.buttons["first"].on_click(lambda _: self.go(0))
        self.buttons["back"].on_click(lambda _: self.go(self.slider.value - 1))
        self.buttons["forward"].on_click(lambda _: self.go(self.slider.value + 1))
        self.buttons["last"].on_click(lambda _: self.go(len(self.frames) - 1))
        # Several searches of one tree (editions, tie rules) share one stepper and a switch.
        self.choice = widgets.ToggleButtons(options=list(traces), value=self._label,
                                            layout=widgets.Layout(display="flex" if len(traces) > 1 else "none"))
        self.choice.add_class("ab-choice")
        self.choice.observe(self._on_choice, names="value")

        controls = widgets.HBox([self.buttons["first"], self.buttons["back"], self.play,
                                 self.buttons["forward"], self.buttons["last"], self.slider, self.speed])
        # The picture gets at most 60% of the width, so the listing's long lines fit beside it.
        self.image.layout = widgets.Layout(max_width="60%", height="auto", object_fit="contain")
        side = widgets.VBox([self.listing, self.stack], layout=widgets.Layout(flex="1 1 0", overflow="auto"))
        body = widgets.HBox([self.image, side])
        super().__init__([widgets.HTML(_CSS), self.choice, controls, self.explanation, body])
        self.add_class("ab-stepper")
        self._show(0)

    def _use(self, label: str) -> None:
        trace = self.traces[label]
        self._label = label
        self.trace = trace
        self.frames = trace.all_frames
        size = self.size
        self._png = lru_cache(maxsize=256)(lambda step: frame_png(trace, step, size=size))

    def _on_choice(self, change: dict) -> None:
        step = self.slider.value
        self._use(change["new"])
        last = len(self.frames) - 1
        # Lower the slider's value before its max, so neither is ever out of range.
        with self.hold_trait_notifications():
            self.slider.value = min(step, last)
            self.slider.max = self.play.max = last
        self._show(self.slider.value)

    # -- navigation -------------------------------------------------------------
    @property
    def value(self) -> int:
        return self.slider.value

    def go(self, step: int) -> None:
        """Show ``step``, clamped to the trace's range."""
        self.slider.value = max(0, min(len(self.frames) - 1, int(step)))

    def _on_step(self, change: dict) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        frame = self.frames[step]
        self.image.value = self._png(step)
        self.listing.value = listing_html(self.trace, frame)
        self.stack.value = stack_html(self.trace, frame)
        self.explanation.value = explanation_html(frame)

    # -- without a kernel ---------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        # A picture of the current frame for renderers that cannot run widgets.
        return with_fallback(super()._repr_mimebundle_(**kwargs), self._png(self.value), repr(self))

    def __repr__(self) -> str:
        frame = self.frames[self.value]
        return (f"Stepper({self._label}, "
                f"step {self.value} of {len(self.frames) - 1}: {frame.explanation})")

    def static(self) -> widgets.VBox:
        """A copy that steps with no kernel: every frame pre-rendered, the slider linked in the browser.

        Use it for exported HTML and slides; it keeps working after the kernel is gone.
        """
        return static_stepper(self.trace, size=self.size)


def static_stepper(trace: Trace, *, size: str = "screen") -> widgets.VBox:
    """Every frame pre-rendered into a ``widgets.Stack``, switched by a slider linked in the browser."""
    trace = _as_trace(trace)
    frames = trace.all_frames
    pages = [
        widgets.VBox([
            widgets.HTML(explanation_html(f)),
            widgets.HBox([widgets.Image(format="png", value=frame_png(trace, f.step, size=size)),
                          widgets.VBox([widgets.HTML(listing_html(trace, f)), widgets.HTML(stack_html(trace, f))])]),
        ])
        for f in frames
    ]
    stack = widgets.Stack(pages, selected_index=0)
    slider = widgets.IntSlider(value=0, min=0, max=len(frames) - 1, description="step")
    play = widgets.Play(value=0, min=0, max=len(frames) - 1, interval=SPEEDS["normal"])
    widgets.jslink((play, "value"), (slider, "value"))
    widgets.jslink((slider, "value"), (stack, "selected_index"))
    box = widgets.VBox([widgets.HTML(_CSS), widgets.HBox([play, slider]), stack])
    box.add_class("ab-static-stepper")
    return box


def stepper(search: Any, *, size: str = "screen", speed: str = "normal") -> Stepper:
    """Step through a search: ``ab.stepper(ab.alphabeta(tree))``.

    Parameters
    ----------
    search : SearchResult or Trace, or a dict of them
        What to replay.  It is never re-run.  A dict such as
        ``{"prune on ties": r1, "strict": r2}`` adds a switch between them.
    size : str
        Drawing size: ``"screen"`` or ``"projector"`` (bigger text for a lecture hall).
    speed : {'slow', 'normal', 'fast'}
        How fast Play advances.  Nothing plays until the user presses Play.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
    >>> s.go(29); s.explanation.value.count("c2 and c3 are pruned")
    1
    """
    if isinstance(search, dict):
        if not search:
            raise ValueError("stepper needs at least one search to show")
        traces = {str(label): _as_trace(s) for label, s in search.items()}
    else:
        traces = {_label(_as_trace(search)): _as_trace(search)}
    return Stepper(traces, size=size, speed=speed)


def _label(trace: Trace) -> str:
    return trace.algorithm.label
