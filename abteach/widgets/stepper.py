"""The step-through widget: a search's frames, one at a time, with the pseudocode following along.

A view: it renders the frames of a trace the search already recorded, and
never runs a search.  Without a kernel (a saved notebook, GitHub, an exported
page) it still shows a picture of its current frame, and :meth:`Stepper.static`
gives a version whose slider works with no kernel at all.

Layout
------
The widget fits the width it is given, from a projector's 1024 pixels with
JupyterLab's file browser open to a wide screen:

* the controls wrap onto a second row rather than shrink;
* the picture is shown at its own size, and shrinks to fit only down to
  :attr:`abteach.views.sizes.Size.min_scale` of it, where α, β and v are
  still :attr:`~abteach.views.sizes.Size.legible` (14 pixels with
  ``size="projector"``); a tree too wide for that scrolls sideways instead;
* the pseudocode sits beside the picture when both fit and moves below it
  when they do not; a line too long for its box wraps between words;
* the sentence on what happened is written once, above the picture.

Every frame of a stepper is drawn on one canvas (:func:`abteach.views.draw.frame_size`
of its first and last frames), so nothing moves while stepping; the legend is
drawn once.  A tree too wide for :data:`MAX_PICTURE_PIXELS` is drawn as an
overview, without its small text, which keeps each step fast.
"""

from __future__ import annotations

import html
import math
import struct
from functools import lru_cache
from typing import Any, Final, Iterable

import ipywidgets as widgets

from abteach.search.events import fmt
from abteach.views.draw import draw_search_legend, frame_size
from abteach.views.export import figure_bytes, frame_png
from abteach.views.sizes import Size, resolve_size
from abteach.views.styles import principal_variation
from abteach.views.tables import CODE_FONT, code_line_html, listing_width, words_html
from abteach.trace.frames import Frame, Trace
from abteach.widgets.fallback import with_fallback

#: Traces longer than this are refused.  Frames are made on demand, so the bound is the trace itself.
MAX_STEPS = 200_000

#: The widest a stepper's picture is drawn, in pixels.  A wider tree is drawn
#: as an overview, :data:`OVERVIEW_PIXELS` wide: its shape and how far the
#: search has got, without the text that would be too small to read, which
#: also keeps each step quick.
MAX_PICTURE_PIXELS: Final = 3200

#: How wide an overview is drawn, in pixels: about the widest a notebook shows.
OVERVIEW_PIXELS: Final = 1200

SPEEDS: dict[str, int] = {"slow": 1500, "normal": 800, "fast": 300}

#: Font sizes in CSS pixels: (pseudocode, sentence) for drawings at a size with a small or a large font.
_FONTS: Final = {"screen": (13, 15), "projector": (15, 18)}


def _fonts(size: Size) -> tuple[int, int]:
    return _FONTS["projector" if size.font >= 13 else "screen"]


def _css(size: Size) -> str:
    code_px, text_px = _fonts(size)
    return f"""
<style>
.ab-stepper .ab-controls, .ab-static-stepper .ab-controls {{ gap: 4px 6px; }}
.ab-stepper .ab-controls > *, .ab-static-stepper .ab-controls > * {{ flex: none; }}
.ab-stepper .ab-body, .ab-static-stepper .ab-body {{ gap: 8px 16px; }}
.ab-picture .ab-image, .ab-picture .ab-legend {{ display: block; max-width: none; margin: 0; }}
.ab-side {{ font-family: {CODE_FONT}; font-size: {code_px}px; }}
.ab-listing {{ font-size: {code_px}px; line-height: 1.45; color: #1a1a1a; background: #ffffff; }}
.ab-listing .ab-listing-title {{ font-family: var(--jp-ui-font-family, sans-serif); font-weight: bold;
  margin-bottom: 2px; }}
.ab-listing .ab-line {{ padding: 0 4px; }}
.ab-listing .ab-current-line {{ background: #fde9b8; font-weight: bold; outline: 2px solid #7a4b00; }}
.ab-stack {{ font-family: var(--jp-ui-font-family, sans-serif); margin-top: 6px; }}
.ab-stack table {{ border-collapse: collapse; font-size: {code_px}px; color: #1a1a1a; }}
.ab-stack td, .ab-stack th {{ padding: 1px 8px; border-bottom: 1px solid #cccccc; text-align: left; }}
.ab-explanation, .ab-best-play {{ font-size: {text_px}px; line-height: 1.35; color: #1a1a1a; padding: 4px 0; }}
.ab-overview-note {{ font-size: {code_px}px; color: #1a1a1a; }}
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
    """The pseudocode with the line that just ran marked (bold, outlined, and an arrow, not colour alone).

    Each line wraps, if it must, only between words (see :func:`abteach.views.tables.code_line_html`).
    """
    rows = []
    current = trace.listing.number(frame.line) if frame.line in trace.listing else None
    for number, (_, text) in enumerate(trace.listing.lines, start=1):
        here = number == current
        rows.append(code_line_html(text, f"{'▶' if here else ' '} {number:>2}  ",
                                   cls="ab-line ab-current-line" if here else "ab-line",
                                   attrs=f" data-line='{number}'"))
    return (f"<div class='ab-listing'><div class='ab-listing-title'>{words_html(trace.listing.title)}</div>"
            f"<div class='ab-code-block'>{''.join(rows)}</div></div>")


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
    """The sentence on what just happened."""
    return f"<div class='ab-explanation'><b>Step {frame.step}.</b> {html.escape(frame.explanation)}</div>"


def best_play_html(frame: Frame) -> str:
    """Once the search is done, the best line of play (drawn thick in the picture); before, nothing."""
    pv = principal_variation(frame)
    if not pv:
        return ""
    moves = " → ".join(html.escape(frame.trace.move_name(p)) for p in pv)
    return f"<div class='ab-best-play-line'><b>Best play:</b> {moves}.</div>"


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels of PNG bytes, read from its header.

    >>> png_size(bytes(16) + (650).to_bytes(4, "big") + (300).to_bytes(4, "big"))
    (650, 300)
    """
    width, height = struct.unpack(">II", bytes(png[16:24]))
    return width, height


def frame_options(traces: Iterable[Trace], size: str | Size) -> dict[str, Any]:
    """The drawing options of every frame a stepper over ``traces`` shows, for :func:`abteach.frame_png`.

    No caption (the stepper writes the sentence above the picture) and no
    legend (drawn once, beside); one canvas for all frames of all the traces,
    the largest of their first and last frames; and at most
    :data:`MAX_PICTURE_PIXELS` wide.

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> options = frame_options([tr], "projector")
    >>> png = ab.frame_png(tr, 29, size="projector", **options)   # the stepper's picture of step 29
    """
    traces = list(traces)
    options: dict[str, Any] = {"caption": False, "legend": False, "max_pixels": MAX_PICTURE_PIXELS}
    sizes = [frame_size(t, step, size=size, **options) for t in traces for step in sorted({0, len(t)})]
    if max(w for w, _ in sizes) * resolve_size(size).dpi > MAX_PICTURE_PIXELS:
        # An overview: no text to read, so no need for more pixels than a notebook shows.
        options["max_pixels"] = OVERVIEW_PIXELS
        sizes = [frame_size(t, step, size=size, **options) for t in traces for step in sorted({0, len(t)})]
    options["canvas"] = (max(w for w, _ in sizes), max(h for _, h in sizes))
    return options


class _Picture:
    """How big a stepper's pictures are, and so how its picture box is laid out."""

    def __init__(self, size: Size, png: bytes, canvas: tuple[float, float]) -> None:
        self.width, self.height = png_size(png)
        # An overview is drawn at a lower resolution than the size's: its text is gone, it may shrink freely.
        self.overview = canvas[0] * size.dpi > self.width + 1
        scale = 0.0 if self.overview else size.min_scale
        self.min_width = min(self.width, math.ceil(self.width * scale))

    def box_layout(self) -> widgets.Layout:
        return widgets.Layout(flex=f"1 1 {self.min_width}px", max_width=f"{self.width}px",
                              min_width=f"min(100%, {self.min_width}px)", overflow="auto hidden",
                              align_items="flex-start")

    def image_layout(self) -> widgets.Layout:
        return widgets.Layout(width="100%", min_width=f"{self.min_width}px", height="auto")


#: The pseudocode keeps at least this many characters a line beside the picture; where there is less
#: room, it moves below.  Longer lines wrap between words.
SIDE_CHARS: Final = 60


def _side_layout(traces: Iterable[Trace]) -> widgets.Layout:
    # ch is the pseudocode font's character width: the side box is set in that font.
    chars = min(SIDE_CHARS, max(listing_width(t.listing) for t in traces))
    return widgets.Layout(flex=f"1 1 {chars}ch", min_width=f"min(100%, {chars}ch)", overflow="visible")


_OVERVIEW_NOTE: Final = ("<div class='ab-overview-note'>This tree is too big to label at this size: the picture "
                         "shows its shape and how far the search has got; the call stack gives the values. "
                         "<code>ab.draw_frame(trace, step, max_depth=...)</code> draws its top levels with every "
                         "label.</div>")


class Stepper(widgets.VBox):
    """Step through a search, forward and back, with the pseudocode line that runs.

    Build one with :func:`stepper`.  ``value`` is the current step.

    Attributes
    ----------
    draw_options : dict
        What every picture is drawn with: ``ab.frame_png(trace, step, size=..., **draw_options)``
        is the picture of ``step`` (see :func:`frame_options`).
    """

    def __init__(self, traces: dict[str, Trace], *, size: str | Size = "screen", speed: str = "normal") -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r}; choose one of {sorted(SPEEDS)}")
        self.traces = traces
        self.size = size
        self._size = resolve_size(size)  # an unknown size fails here, before any widget exists
        self.draw_options = frame_options(traces.values(), size)
        self._use(next(iter(traces)))
        last = len(self.frames) - 1
        first = self._png(0)
        self._picture = _Picture(self._size, first, self.draw_options["canvas"])

        self.image = widgets.Image(format="png", value=first, layout=self._picture.image_layout())
        legend = draw_search_legend(traces.values(), size=size, width=self._picture.width / self._size.dpi)
        self.legend = widgets.Image(format="png", value=figure_bytes(legend) if legend is not None else b"",
                                    layout=self._picture.image_layout())
        if legend is None:
            self.legend.layout.display = "none"
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description="step",
                                        continuous_update=True, readout=True, style={"description_width": "initial"},
                                        layout=widgets.Layout(flex="1 1 300px", width="auto", min_width="260px"))
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
        self.best_play = widgets.HTML(layout=widgets.Layout(display="none"))
        self.note = widgets.HTML(_OVERVIEW_NOTE,
                                 layout=widgets.Layout(display="flex" if self._picture.overview else "none"))

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
        self.choice.observe(self._on_choice, names="value")

        self.controls = widgets.HBox([self.buttons["first"], self.buttons["back"], self.play,
                                      self.buttons["forward"], self.buttons["last"], self.slider, self.speed],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                           overflow="visible"))
        self.picture = widgets.VBox([self.image, self.legend, self.note], layout=self._picture.box_layout())
        self.side = widgets.VBox([self.listing, self.stack], layout=_side_layout(traces.values()))
        self.body = widgets.HBox([self.picture, self.side],
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                       overflow="visible"))
        # The browser test and any custom CSS find the parts by these classes.
        for name, w in [("image", self.image), ("legend", self.legend), ("slider", self.slider),
                        ("play", self.play), ("speed", self.speed), ("listing", self.listing),
                        ("stack", self.stack), ("explanation", self.explanation), ("choice", self.choice),
                        ("best-play", self.best_play),
                        ("controls", self.controls), ("picture", self.picture), ("side", self.side),
                        ("body", self.body), ("note", self.note)]:
            w.add_class(f"ab-{name}")
        for key, b in self.buttons.items():
            b.add_class(f"ab-{key}")
        super().__init__([widgets.HTML(_css(self._size)), self.choice, self.controls, self.explanation,
                          self.best_play, self.body],
                         layout=widgets.Layout(overflow="visible"))
        self.add_class("ab-stepper")
        self._show(0)

    def _use(self, label: str) -> None:
        trace = self.traces[label]
        self._label = label
        self.trace = trace
        self.frames = trace.all_frames
        size, options = self.size, self.draw_options
        self._png = lru_cache(maxsize=256)(lambda step: frame_png(trace, step, size=size, **options))

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

    def picture_png(self, step: int | None = None) -> bytes:
        """The picture the stepper shows at ``step`` (the current step by default), as PNG bytes."""
        return self._png(self.value if step is None else step)

    def _on_step(self, change: dict) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        frame = self.frames[step]
        self.image.value = self._png(step)
        self.listing.value = listing_html(self.trace, frame)
        self.stack.value = stack_html(self.trace, frame)
        self.explanation.value = explanation_html(frame)
        best = best_play_html(frame)
        self.best_play.value = best
        self.best_play.layout.display = "flex" if best else "none"

    # -- without a kernel ---------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        # A picture of the current frame for renderers that cannot run widgets: with its
        # sentence and legend, since nothing else of the stepper shows there.
        png = frame_png(self.trace, self.value, size=self.size, max_pixels=MAX_PICTURE_PIXELS)
        return with_fallback(super()._repr_mimebundle_(**kwargs), png, repr(self))

    def __repr__(self) -> str:
        frame = self.frames[self.value]
        return (f"Stepper({self._label}, "
                f"step {self.value} of {len(self.frames) - 1}: {frame.explanation})")

    def static(self) -> widgets.VBox:
        """A copy that steps with no kernel: every frame pre-rendered, the slider linked in the browser.

        Use it for exported HTML and slides; it keeps working after the kernel is gone.
        """
        return static_stepper(self.trace, size=self.size)


def static_stepper(trace: Trace, *, size: str | Size = "screen") -> widgets.VBox:
    """Every frame pre-rendered into a ``widgets.Stack``, switched by a slider linked in the browser.

    The pages are laid out as the live stepper's are, and every frame, legend
    included, is drawn on one canvas, so nothing moves from step to step.
    ``box.children`` are the style sheet, the controls (Play and the slider)
    and the Stack; each page of the Stack is a VBox of the sentence and a box
    holding the picture (its first child) and the pseudocode beside it.
    """
    trace = _as_trace(trace)
    size_ = resolve_size(size)
    frames = trace.all_frames
    options: dict[str, Any] = {"caption": False, "max_pixels": MAX_PICTURE_PIXELS}
    sizes = [frame_size(trace, f.step, size=size, **options) for f in frames]
    options["canvas"] = (max(w for w, _ in sizes), max(h for _, h in sizes))
    pngs = [frame_png(trace, f.step, size=size, **options) for f in frames]
    picture = _Picture(size_, pngs[0], options["canvas"])
    pages = []
    for f, png in zip(frames, pngs):
        # No box to scroll in here: the picture shrinks to fit, but not below legible unless it must.
        image = widgets.Image(format="png", value=png,
                              layout=widgets.Layout(width=f"{picture.width}px", max_width="100%", height="auto",
                                                    min_width=f"min(100%, {picture.min_width}px)",
                                                    flex=f"1 1 {picture.min_width}px"))
        side = widgets.VBox([widgets.HTML(listing_html(trace, f)), widgets.HTML(stack_html(trace, f))],
                            layout=_side_layout([trace]))
        body = widgets.HBox([image, side], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                                 overflow="visible"))
        for w, name in ((image, "ab-image"), (side, "ab-side"), (body, "ab-body")):
            w.add_class(name)
        pages.append(widgets.VBox([widgets.HTML(explanation_html(f)), body], layout=widgets.Layout(overflow="visible")))
    stack = widgets.Stack(pages, selected_index=0)
    slider = widgets.IntSlider(value=0, min=0, max=len(frames) - 1, description="step",
                               style={"description_width": "initial"},
                               layout=widgets.Layout(flex="1 1 300px", width="auto", min_width="260px"))
    play = widgets.Play(value=0, min=0, max=len(frames) - 1, interval=SPEEDS["normal"])
    widgets.jslink((play, "value"), (slider, "value"))
    widgets.jslink((slider, "value"), (stack, "selected_index"))
    controls = widgets.HBox([play, slider], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                  overflow="visible"))
    controls.add_class("ab-controls")
    box = widgets.VBox([widgets.HTML(_css(size_)), controls, stack], layout=widgets.Layout(overflow="visible"))
    box.add_class("ab-static-stepper")
    return box


def stepper(search: Any, *, size: str | Size = "screen", speed: str = "normal") -> Stepper:
    """Step through a search: ``ab.stepper(ab.alphabeta(tree))``.

    Parameters
    ----------
    search : SearchResult or Trace, or a dict of them
        What to replay.  It is never re-run.  A dict such as
        ``{"prune on ties": r1, "strict": r2}`` adds a switch between them.
    size : str or Size
        Drawing size: ``"screen"`` or ``"projector"`` (bigger text for a
        lecture hall: α, β and v stay at least 14 pixels tall on screen).
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
