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
  ``size="projector"``); a tree too wide for that is shown in part, the
  part that holds the node the step is about and as much of the way up to
  the root as fits, moving with the steps (:mod:`abteach.widgets.follow`);
* the pseudocode sits beside the picture when both fit and moves below it
  when they do not (:func:`fit_css`), the picture's box counting as at
  least :data:`PICTURE_LEAST_PIXELS` wide even when its text would let it
  shrink further (an overview has none), so it is never squeezed to a
  sliver beside the pseudocode; below, it shows only the function that
  holds the running line, with the call stack beside it and the legend
  after, so the tree and the line that runs are on screen together; a line
  too long for its box wraps between words;
* the sentence on what happened is written once, above the picture.

While the kernel is idle, a live stepper draws the pictures of the next steps ahead
(:data:`DRAW_AHEAD`), so a click mostly finds its picture drawn.

Every frame of a stepper is drawn on one canvas (:func:`abteach.views.draw.frame_size`
of its first and last frames), so nothing moves while stepping; the legend is
drawn once.  A tree too wide for :data:`MAX_PICTURE_PIXELS` is drawn as an
overview, without its small text, which keeps each step fast.
"""

from __future__ import annotations

import asyncio
import html
import math
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Iterable, cast

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from abteach.search.events import fmt
from abteach.trace.narrate import minus_signs
from abteach.views.alt import frame_alt, frame_alt_html, legend_alt
from abteach.views.draw import draw_search_legend, frame_focus, frame_size
from abteach.views.export import figure_bytes, frame_png
from abteach.views.options import check_search
from abteach.views.sizes import Size, resolve_size
from abteach.views.styles import principal_variation
from abteach.views.tables import CODE_FONT, code_line_html, listing_width, words_html
from abteach.trace.frames import Frame, Trace
from abteach.widgets.described import DescribedImage
from abteach.widgets.fallback import with_fallback
from abteach.widgets.follow import follow_css, follow_margin
from abteach.widgets.theme import light_card
from abteach.widgets.tiles import Tiles

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

#: How many steps past the one shown a live stepper draws ahead while the kernel is idle.
DRAW_AHEAD: Final = 2
#: Seconds between two pictures drawn ahead, so messages from the page go first.
DRAW_AHEAD_PAUSE: Final = 0.01

#: Font sizes in CSS pixels: (pseudocode, sentence) for drawings at a size with a small or a large font.
_FONTS: Final = {"screen": (13, 15), "projector": (15, 18)}


def _fonts(size: Size) -> tuple[int, int]:
    return _FONTS["projector" if size.font >= 13 else "screen"]


def _css(size: Size) -> str:
    code_px, text_px = _fonts(size)
    return f"""
<style>
/* Its text is dark, on white like its pictures, whatever the notebook's theme: legible in a dark theme too. */
{light_card(".ab-stepper, .ab-static-stepper")}
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
/* Reopened without its kernel, every part would carry the "disconnected" mark: the stepper's own says it once. */
.ab-stepper .jupyter-widgets-disconnected::before {{ content: none; }}
</style>
"""


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


def listing_html(trace: Trace, frame: Frame) -> str:
    """The pseudocode with the line that just ran marked (bold, outlined, and an arrow, not colour alone).

    Each line wraps, if it must, only between words (see :func:`abteach.views.tables.code_line_html`).
    """
    return _listing_block(trace, range(1, len(trace.listing.lines) + 1), _current(trace, frame), "ab-listing")


def _current(trace: Trace, frame: Frame) -> int | None:
    """The number of the listing line that ``frame`` just ran, if it is one of the listing's."""
    return trace.listing.number(frame.line) if frame.line in trace.listing else None


def _listing_block(trace: Trace, numbers: Iterable[int], current: int | None, cls: str) -> str:
    """The listing's title and the lines ``numbers``, the ``current`` one marked."""
    rows = []
    for number in numbers:
        text = trace.listing.lines[number - 1][1]
        here = number == current
        rows.append(code_line_html(text, f"{'▶' if here else ' '} {number:>2}  ",
                                   cls="ab-line ab-current-line" if here else "ab-line",
                                   attrs=f" data-line='{number}'"))
    return (f"<div class='{cls}'><div class='ab-listing-title'>{words_html(trace.listing.title)}</div>"
            f"<div class='ab-code-block'>{''.join(rows)}</div></div>")


def _number(x: float | None) -> str:
    """A number of the stack as the sentences print it: ``−3``, ``+∞``, with the minus sign."""
    return minus_signs(fmt(x))


def stack_html(trace: Trace, frame: Frame) -> str:
    """The call stack, innermost call on top, with each call's α, β and v.

    Each call is named as its algorithm names a call frame (:meth:`~abteach.trace.protocol.Algorithm.frame_name`).

    Examples
    --------
    >>> import abteach as ab
    >>> tr = ab.negamax(ab.examples.FIG_5_2).trace
    >>> "NEGAMAX(B)" in stack_html(tr, tr.frame(7)), "VALUE" in stack_html(tr, tr.frame(7))
    (True, False)
    """
    if not frame.stack:
        return "<div class='ab-stack'><b>Call stack</b>: empty</div>"
    windowed = trace.algorithm.windowed
    head = "<tr><th>call</th>" + ("<th>α</th><th>β</th>" if windowed else "") + "<th>v</th></tr>"
    rows = []
    for path in reversed(frame.stack):
        s = frame.node(path)
        call = html.escape(trace.algorithm.frame_name(s.player, trace.name(path)))
        cells = [call] + ([_number(s.alpha), _number(s.beta)] if windowed else []) + \
            [_number(s.v) if s.v is not None else ""]
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


#: The narrowest a picture's box is laid out beside the pseudocode, in pixels, even where its text would let
#: it shrink further (an overview has no text): about half a wide notebook, so the tree's shape still shows.
#: Where the box and the pseudocode do not both fit in a row, the pseudocode moves below the picture, which
#: then takes the whole width; without this floor an overview was squeezed to a few pixels beside it.
PICTURE_LEAST_PIXELS: Final = 480


class _Picture:
    """How big a stepper's pictures are, and so how its picture box is laid out.

    ``min_width`` is how narrow the picture itself may be shown and keep its text legible; ``least`` how
    narrow its box is laid out: ``min_width``, but never under :data:`PICTURE_LEAST_PIXELS` (or the
    picture's own width, if smaller).  The row of picture and pseudocode wraps at ``least``.

    >>> from abteach.views.sizes import SIZES
    >>> png = bytes(16) + (1200).to_bytes(4, "big") + (245).to_bytes(4, "big")
    >>> overview = _Picture(SIZES["projector"], png, (33.3, 6.8))   # drawn at 1200 px, not 3330
    >>> overview.overview, overview.min_width, overview.least
    (True, 0, 480)
    """

    def __init__(self, size: Size, png: bytes, canvas: tuple[float, float]) -> None:
        self.width, self.height = png_size(png)
        # An overview is drawn at a lower resolution than the size's: its text is gone, it may shrink freely.
        self.overview = canvas[0] * size.dpi > self.width + 1
        scale = 0.0 if self.overview else size.min_scale
        self.min_width = min(self.width, math.ceil(self.width * scale))
        self.least = max(self.min_width, min(self.width, PICTURE_LEAST_PIXELS))

    def box_layout(self) -> widgets.Layout:
        # The flex basis is what the row wraps at: a basis of 0 would keep the pseudocode beside at any width.
        return widgets.Layout(flex=f"1 1 {self.least}px", max_width=f"{self.width}px",
                              min_width=f"min(100%, {self.least}px)", overflow="hidden",
                              align_items="flex-start")

    def image_layout(self) -> widgets.Layout:
        return widgets.Layout(width="100%", min_width=f"{self.min_width}px", height="auto")


#: The pseudocode keeps at least this many characters a line beside the picture; where there is less
#: room, it moves below.  Longer lines wrap between words.
SIDE_CHARS: Final = 60


#: The widest the legend under the pseudocode is drawn, in pixels: about a notebook's width at 1024 pixels
#: with the file browser open.
LEGEND_BELOW_PIXELS: Final = 580

#: A monospace character's width, in ems (DejaVu Sans Mono's is 0.602): the side box's width in pixels.
CODE_CHAR_EM: Final = 0.61

#: The gap between the picture and the pseudocode beside it, in pixels (``.ab-body``'s ``gap``).
BODY_GAP: Final = 16


def side_pixels(traces: Iterable[Trace], size: Size) -> int:
    """How wide the pseudocode's box is at least: :data:`SIDE_CHARS` characters, or the longest line if shorter.

    In pixels rather than characters, so the width at which it moves below the picture is known
    (see :func:`fit_css`).

    >>> import abteach as ab
    >>> side_pixels([ab.alphabeta(ab.examples.FIG_5_2).trace], resolve_size("screen"))
    484
    """
    chars = min(SIDE_CHARS, max(listing_width(t.listing) for t in traces))
    return math.ceil(chars * CODE_CHAR_EM * _fonts(size)[0]) + 8  # the lines' padding


def _side_layout(traces: Iterable[Trace], size: Size) -> widgets.Layout:
    px = side_pixels(traces, size)
    return widgets.Layout(flex=f"1 1 {px}px", min_width=f"min(100%, {px}px)", overflow="visible")


def fit_css(name: str, below: int) -> str:
    """Rules for a live stepper whose pseudocode moves below its picture when its body is narrower than ``below``.

    Beside the picture the whole listing shows; below it, only the function that holds the running line,
    with the call stack beside it and the legend after them, so the line that runs shows on screen
    together with the tree.

    >>> "@container ab-body (width < 1051px)" in fit_css("ab-fit-1051", 1051)
    True
    """
    scope = f".ab-stepper.{name}"
    return f"""
<style>
{scope} .ab-body {{ container-type: inline-size; container-name: ab-body; }}
{scope} .ab-function, {scope} .ab-legend-below {{ display: none; }}
@container ab-body (width < {below}px) {{
  {scope} .ab-all-lines, {scope} .ab-picture .ab-legend {{ display: none !important; }}
  {scope} .ab-function, {scope} .ab-legend-below {{ display: block; }}
  {scope} .ab-side {{ flex-direction: row; flex-wrap: wrap; gap: 0 24px; }}
}}
</style>
"""


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

    def __init__(self, traces: dict[str, Trace], *, size: str | Size | None = None, speed: str = "normal") -> None:
        if speed not in SPEEDS:
            raise ValueError(f"unknown speed {speed!r}; choose one of {sorted(SPEEDS)}")
        self.traces = traces
        # An unknown size fails here, before any widget exists; chosen once, so a later
        # ab.use_size(...) does not change a stepper already shown.
        self.size = self._size = size = resolve_size(size)
        self.draw_options = frame_options(traces.values(), size)
        self._use(next(iter(traces)))
        last = len(self.frames) - 1
        first = self._png(0)
        self._picture = _Picture(self._size, first, self.draw_options["canvas"])

        self.image = DescribedImage(frame_alt(self.trace, 0), format="png", value=first,
                                    layout=self._picture.image_layout())
        legend = draw_search_legend(traces.values(), size=size, width=self._picture.width / self._size.dpi)
        self.legend = DescribedImage(legend_alt(legend) or "No legend.", format="png",
                                     value=figure_bytes(legend) if legend is not None else b"",
                                     layout=self._picture.image_layout())
        # A copy under the pseudocode, shown in place of the one under the picture when the pseudocode is
        # below (fit_css): the running line then comes straight after the tree.
        # It is drawn no wider than a narrow notebook, in more rows if need be, so a wide tree's legend
        # is not shrunk past reading.
        below_px = min(self._picture.width, LEGEND_BELOW_PIXELS)
        narrow = (draw_search_legend(traces.values(), size=size, width=below_px / self._size.dpi)
                  if below_px < self._picture.width else legend)
        self.legend_below = DescribedImage(self.legend.alt, format="png",
                                           value=figure_bytes(narrow) if narrow is not None else b"",
                                           layout=widgets.Layout(max_width=f"min(100%, {below_px}px)",
                                                                 height="auto", flex="0 0 100%", margin="0"))
        if (self._picture.min_width > LEGEND_BELOW_PIXELS or self._picture.overview) and narrow is not None:
            # The picture's box shows a part of a wide picture, or an overview shrunk to as little as
            # PICTURE_LEAST_PIXELS: a legend drawn at the picture's width would shrink past reading there.
            self.legend.value = self.legend_below.value
            self.legend.layout = widgets.Layout(max_width=f"min(100%, {below_px}px)", height="auto")
        if legend is None:
            self.legend.layout.display = self.legend_below.layout.display = "none"
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
        self.picture.add_class("ab-follow")
        # The whole listing beside the picture; below it, only the function that runs (see fit_css).
        self.function = widgets.HTML()
        self.side = widgets.VBox([self.listing, self.function, self.stack, self.legend_below],
                                 layout=_side_layout(traces.values(), self._size))
        self.body = widgets.HBox([self.picture, self.side],
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                       overflow="visible"))
        # The browser test and any custom CSS find the parts by these classes.
        for name, w in [("image", self.image), ("legend", self.legend), ("slider", self.slider),
                        ("play", self.play), ("speed", self.speed), ("listing", self.listing),
                        ("all-lines", self.listing), ("function", self.function),
                        ("legend-below", self.legend_below),
                        ("stack", self.stack), ("explanation", self.explanation), ("choice", self.choice),
                        ("best-play", self.best_play),
                        ("controls", self.controls), ("picture", self.picture), ("side", self.side),
                        ("body", self.body), ("note", self.note)]:
            w.add_class(f"ab-{name}")
        for key, b in self.buttons.items():
            b.add_class(f"ab-{key}")
        below = self._picture.least + side_pixels(traces.values(), self._size) + BODY_GAP
        fit = f"ab-fit-{below}"
        super().__init__([widgets.HTML(_css(self._size) + fit_css(fit, below) + follow_css(".ab-stepper")),
                          self.choice, self.controls,
                          self.explanation, self.best_play, self.body],
                         layout=widgets.Layout(overflow="visible"))
        self.add_class("ab-stepper")
        self.add_class(fit)
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

    def follow_margin(self, step: int) -> str:
        """The picture's CSS margin at ``step``: shifted so the node the step is about is in view.

        See :mod:`abteach.widgets.follow`; a picture that fits its box does not move.
        """
        focus = frame_focus(self.trace, step, size=self.size, **self.draw_options)
        return follow_margin(focus, self._picture.min_width)

    def _on_step(self, change: dict) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        frame = self.frames[step]
        # The picture's place first: once its new picture shows, the page already has where it goes.
        self.image.layout.margin = self.follow_margin(step)
        self.image.value = self._png(step)
        self.image.alt = frame_alt(self.trace, frame)
        self.listing.value = listing_html(self.trace, frame)
        self.function.value = function_html(self.trace, frame)
        self.stack.value = stack_html(self.trace, frame)
        self.explanation.value = explanation_html(frame)
        best = best_play_html(frame)
        self.best_play.value = best
        self.best_play.layout.display = "flex" if best else "none"
        self._draw_ahead(step)

    def _draw_ahead(self, step: int) -> None:
        """Draw the pictures the next clicks will ask for while the kernel is idle, one per turn of its loop.

        The next steps, the one before and the last: drawing a frame is most of a click's time, and a
        picture drawn ahead is shown at once.  Each picture is drawn between the kernel's messages, so a
        click waits for at most one; once the student has moved on, the drawing ahead follows the new step.
        Without a running event loop (a script, a test) nothing is drawn ahead.
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        last = len(self.frames) - 1
        wanted = [k for k in (*range(step + 1, step + 1 + DRAW_AHEAD), step - 1, last) if 0 <= k <= last]
        label = self._label

        def draw_next() -> None:
            if not wanted or self.slider.value != step or self._label != label:
                return
            self._png(wanted.pop(0))
            loop.call_later(DRAW_AHEAD_PAUSE, draw_next)

        loop.call_later(DRAW_AHEAD_PAUSE, draw_next)

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


#: The most frames a pre-rendered stepper holds.  A longer trace is sampled evenly, always keeping its first
#: and last steps and the one it starts at, and says so on the page.  Every lecture tree on Fig. 5.2 (at most
#: 56 frames) keeps all its steps; drawing a frame is what makes exporting a lecture slow.
MAX_STATIC_FRAMES: Final = 60


def static_steps(last: int, keep: Iterable[int] = (), most: int | None = MAX_STATIC_FRAMES) -> list[int]:
    """The steps a pre-rendered stepper of steps ``0 .. last`` keeps: all of them, or ``most`` spread evenly.

    The first and last steps and every step in ``keep`` are always kept.

    >>> static_steps(5)
    [0, 1, 2, 3, 4, 5]
    >>> static_steps(100, keep=[37], most=6)
    [0, 25, 37, 50, 75, 100]
    """
    if isinstance(last, bool) or not isinstance(last, int) or last < 0:
        raise ValueError(f"last must be a step number, 0 or more, not {last!r}")
    keep = sorted({int(k) for k in keep})
    if any(not 0 <= k <= last for k in keep):
        raise ValueError(f"keep must be steps from 0 to {last}, not {keep}")
    if most is None or last + 1 <= most:
        return list(range(last + 1))
    if most < 2 + len(keep):
        raise ValueError(f"most must leave room for the first and last steps and {keep}, not {most}")
    extra = [k for k in keep if k not in (0, last)]
    spread = most - len(extra)
    return sorted({round(i * last / (spread - 1)) for i in range(spread)} | set(extra))


def _blocks(trace: Trace) -> list[list[int]]:
    """The listing's functions: runs of line numbers (from 1) between blank lines."""
    blocks: list[list[int]] = [[]]
    for number, (_, text) in enumerate(trace.listing.lines, start=1):
        if text.strip():
            blocks[-1].append(number)
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def function_html(trace: Trace, frame: Frame) -> str:
    """The function of the pseudocode that holds the line that just ran, marked as in :func:`listing_html`.

    A slide has no room for a whole listing beside a legible picture, so slides show this instead.
    """
    current = _current(trace, frame)
    blocks = _blocks(trace)
    block = next((b for b in blocks if current in b), blocks[0] if blocks else [])
    return _listing_block(trace, block, current, "ab-listing ab-listing-now")


def _static_css(size: Size) -> str:
    code_px, _ = _fonts(size)
    return f"""
<style>
.ab-static-stepper .ab-tiles {{ display: grid; }}
.ab-static-stepper .ab-tiles > .ab-tile {{ display: block; margin: 0; max-width: none; min-width: 0; }}
.ab-static-stepper .ab-function {{ display: none; }}
.ab-sampled-note {{ font-size: {code_px}px; color: #1a1a1a; }}
</style>
"""


#: The room a cell's output has on a reveal.js slide, in CSS pixels (the slide is 960×700, scaled to the screen
#: as a whole; the slides show no prompts), and how much of its height a stepper's picture and pseudocode may
#: take: the rest is the cell's code, the controls and the sentence.
SLIDE: Final = (936, 700)
SLIDE_BODY: Final = 470

#: The CSS custom property through which a slide tells a picture's follow rule how wide the picture is shown
#: (:func:`abteach.widgets.follow.follow_margin`): on a slide its height, not its legible width, is the limit.
SLIDE_WIDTH_VARIABLE: Final = "--ab-slide-width"

#: The narrowest picture box beside the pseudocode on a slide, in CSS pixels: a box narrower than this shows
#: too little of a tree around its node, so the pseudocode goes below instead.
SLIDE_BOX_LEAST: Final = 360


@dataclass(frozen=True)
class SlidePlan:
    """How a stepper sits on a slide, in CSS pixels of the 960×700 slide.

    ``box`` is the width of the picture's box, ``shown`` the width the picture is drawn at in it (at
    least ``box``: a wider picture follows the step's node, as on a page), ``side`` the pseudocode's
    width and ``font`` its size; ``how`` is ``"beside"`` or ``"below"``.
    """

    how: str
    font: int
    box: int
    shown: int
    side: int


def slide_plan(trace: Trace, size: Size, width: int, height: int) -> SlidePlan:
    """Where a stepper's picture and pseudocode go on a slide, and how large the picture is.

    A slide cannot scroll, so the height decides: the picture is never
    taller than :data:`SLIDE_BODY` (less the pseudocode, when that goes
    below it).  Within that, it is shown at its legible width
    (:attr:`~abteach.views.sizes.Size.min_scale` of its size) or wider, up
    to its own size, and a picture wider than its box follows the step's
    node (:mod:`abteach.widgets.follow`) rather than shrink.  The function
    that runs (:func:`function_html`) sits beside the picture, in the
    largest font that leaves the picture its whole legible width; else below
    it, if the whole picture is legible there; else beside it in 13 px, the
    picture following in a box at least :data:`SLIDE_BOX_LEAST` wide; else
    below it, the picture shrunk to the height left.

    Examples
    --------
    >>> import abteach as ab
    >>> tall = slide_plan(ab.alphabeta(ab.examples.WIKIPEDIA).trace, resolve_size("projector"), 2437, 701)
    >>> tall.how, tall.shown > tall.box, tall.shown * 701 / 2437 <= SLIDE_BODY
    ('beside', True, True)
    """
    blocks = _blocks(trace)
    chars = max((len(trace.listing.lines[n - 1][1]) for b in blocks for n in b), default=0) + len(" 99  ") + 1
    lines = max((len(b) for b in blocks), default=0) + 1
    room, gap = SLIDE[0], 16
    tallest = SLIDE_BODY * width / height  # as wide as the picture may be for its height
    least = min(width * size.min_scale, tallest)

    def side_for(font: int) -> int:
        # A monospace character is 0.6 em; the call stack goes under the function.
        return math.ceil(chars * font * 0.6) + 8

    def text_fits(font: int) -> bool:
        return lines * font * 1.35 + 110 <= SLIDE_BODY

    for font in (15, 14, 13, 12):
        box = min(width, room - side_for(font) - gap, tallest)
        if box >= least and text_fits(font):
            return SlidePlan("beside", font, math.floor(box), math.floor(box), side_for(font))
    # Below the picture, which takes what height is left.
    font = 13
    low = (SLIDE_BODY - (lines * font * 1.35 + 20)) * width / height
    below = SlidePlan("below", font, math.floor(min(width, room, low)), math.floor(min(width, room, low)), room)
    if below.box >= least:
        return below  # the whole picture, legible
    box = min(width, room - side_for(font) - gap, tallest)
    if box >= SLIDE_BOX_LEAST and text_fits(font):
        return SlidePlan("beside", font, math.floor(box), math.floor(least), side_for(font))
    # Fitting the slide comes first: the picture is shrunk to the height left.
    return below


def _slide_css(trace: Trace, size: Size, width: int, height: int, name: str) -> str:
    """Rules for a stepper on a slide, as :func:`slide_plan` lays it out.

    The legend is left out: there is no room for it.
    """
    plan = slide_plan(trace, size, width, height)
    how, font = plan.how, plan.font
    scope = f".reveal .ab-static-stepper.{name}"
    rules = [
        f"{scope} .ab-all-lines, {scope} .ab-legend {{ display: none !important; }}",
        f"{scope} .ab-function {{ display: block !important; }}",
        f"{scope} .ab-body {{ flex-wrap: {'nowrap' if how == 'beside' else 'wrap'} !important; }}",
        # The box shows the part of the picture that holds the step's node: the picture's own margin
        # (abteach.widgets.follow) reads the width it is shown at here from the variable.
        f"{scope} .ab-follow {{ flex: none !important; width: {plan.box}px !important; "
        f"max-width: 100% !important; min-width: 0 !important; {SLIDE_WIDTH_VARIABLE}: {plan.shown}px; }}",
        f"{scope} .ab-follow > .ab-image {{ flex: none !important; width: 100% !important; "
        f"min-width: var({SLIDE_WIDTH_VARIABLE}) !important; max-width: none !important; }}",
        f"{scope} .ab-side {{ flex: {'1 1 0' if how == 'beside' else '1 1 100%'} !important; "
        f"min-width: {'0' if how == 'below' else f'{plan.side}px'} !important; font-size: {font}px !important; }}",
        f"{scope} .ab-side, {scope} .ab-side * {{ font-size: {font}px !important; line-height: 1.3 !important; }}",
    ]
    if how == "below":
        # The call stack beside the function, under the picture.
        rules.append(f"{scope} .ab-side {{ flex-direction: row !important; flex-wrap: wrap; gap: 0 24px; }}")
    return "<style>\n" + "\n".join(rules) + "\n</style>\n"


def _sampled_note(kept: int, steps: int) -> str:
    return (f"<div class='ab-sampled-note'>This copy shows {kept} of the steps 0 to {steps - 1}, spread evenly, "
            "with the first and the last; the slider gives each one's step number. "
            "The notebook steps through every one.</div>")


def static_stepper(trace: Trace, *, size: str | Size | None = None, step: int = 0,
                   max_frames: int | None = MAX_STATIC_FRAMES,
                   draw_options: dict[str, Any] | None = None) -> widgets.VBox:
    """Frames pre-rendered into a ``widgets.Stack``, switched by a slider linked in the browser.

    The pages are laid out as the live stepper's are, every frame is drawn
    on one canvas, so nothing moves from step to step, and the legend is
    drawn once, below.  ``box.children`` are the style sheets, the note on
    sampled steps, the controls (Play and the slider), the Stack and the
    legend; each page of the Stack is a VBox of the sentence and a box
    holding the picture's box (its first child, class ``ab-follow``, which
    shows the part of a wide picture that holds the step's node; the picture
    in it has the frame's PNG as its ``value``) and the pseudocode beside
    it.  Each picture is cut into tiles and each distinct tile stored once
    (:mod:`abteach.widgets.tiles`), so a saved page grows by what a step
    changes.

    Parameters
    ----------
    trace : Trace or SearchResult
    size : {'screen', 'projector'} or Size
    step : int
        The step shown first.
    max_frames : int or None
        At most this many frames are drawn; a longer trace shows that many
        steps spread evenly (:func:`static_steps`, always with ``step``), with
        a note saying so, and its slider gives their step numbers.  ``None``
        draws every frame.
    draw_options : dict, optional
        What every frame is drawn with (see :func:`frame_options`); by default
        this trace's own.  Several copies shown under one switch pass the
        same, so they share one canvas.

    Examples
    --------
    >>> import abteach as ab
    >>> box = static_stepper(ab.alphabeta(ab.examples.FIG_5_2), step=29)
    >>> stack = box.children[3]
    >>> len(stack.children), stack.selected_index
    (56, 29)
    """
    trace = _as_trace(trace, "static_stepper", "trace")
    size = size_ = resolve_size(size)
    frames = trace.all_frames
    last = len(frames) - 1
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
        raise ValueError(f"step must be from 0 to {last}, not {step!r}")
    if max_frames is not None and (isinstance(max_frames, bool) or not isinstance(max_frames, int)
                                   or max_frames < 3):
        raise ValueError(f"max_frames must be a whole number of at least 3, or None, not {max_frames!r}")
    options = dict(draw_options) if draw_options is not None else frame_options([trace], size)
    steps = static_steps(last, [step], max_frames)
    pngs = [frame_png(trace, k, size=size, **options) for k in steps]
    picture = _Picture(size_, pngs[0], options["canvas"])
    # Layouts and styles are models of their own in a saved page: one of each, shared by every page.
    # Each picture sits in a box that shows the part holding the step's node (abteach.widgets.follow).
    clip_layout = widgets.Layout(width=f"{picture.width}px", max_width=f"min(100%, {picture.width}px)",
                                 min_width=f"min(100%, {picture.least}px)", flex=f"1 1 {picture.least}px",
                                 overflow="hidden", align_items="flex-start")
    picture_layouts: dict[str, widgets.Layout] = {}

    def picture_layout(step: int) -> widgets.Layout:
        margin = follow_margin(frame_focus(trace, step, size=size, **options), picture.min_width,
                               variable=SLIDE_WIDTH_VARIABLE)
        if margin not in picture_layouts:
            picture_layouts[margin] = widgets.Layout(width="100%", min_width=f"{picture.min_width}px",
                                                     height="auto", margin=margin)
        return picture_layouts[margin]

    # min_width 0 all the way down: otherwise a box is as wide as a tree's legible width, past the page's edge,
    # where there is no box to scroll in; the picture then shrinks to fit instead.
    side_layout = _side_layout([trace], size_)
    body_layout = widgets.Layout(flex_flow="row wrap", align_items="flex-start", overflow="visible", min_width="0")
    page_layout, html_layout, html_style = widgets.Layout(overflow="visible", min_width="0"), widgets.Layout(), HTMLStyle()
    tiles = Tiles()
    # The pseudocode and the call stack repeat from step to step: each distinct one is stored once.
    shared: dict[tuple[str, ...], widgets.Widget] = {}

    def html_part(value: str, name: str) -> widgets.HTML:
        if (name, value) not in shared:
            part = widgets.HTML(value, layout=html_layout, style=html_style)
            part.add_class(name)
            shared[(name, value)] = part
        return cast(widgets.HTML, shared[(name, value)])

    pages = []
    for k, png in zip(steps, pngs):
        f = frames[k]
        image = tiles.picture(png, picture_layout(k))
        clip = widgets.VBox([image], layout=clip_layout)
        clip.add_class("ab-follow")
        parts = (listing_html(trace, f), function_html(trace, f), stack_html(trace, f))
        if parts not in shared:
            side = widgets.VBox([html_part(p, name) for p, name in zip(parts, ("ab-all-lines", "ab-function",
                                                                                "ab-call-stack"))],
                                layout=side_layout)
            side.add_class("ab-side")
            shared[parts] = side
        body = widgets.HBox([clip, shared[parts]], layout=body_layout)
        image.add_class("ab-image")
        body.add_class("ab-body")
        # The tiles are shared between steps, so the picture's text rides with the step's sentence.
        sentence = widgets.HTML(explanation_html(f) + frame_alt_html(trace, f), layout=html_layout, style=html_style)
        pages.append(widgets.VBox([sentence, body], layout=page_layout))
    index = steps.index(step)
    stack = widgets.Stack(pages, selected_index=index, layout=widgets.Layout(min_width="0"))
    stack.add_class("ab-frames")
    slider: widgets.Widget
    if len(steps) == len(frames):
        slider = widgets.IntSlider(value=step, min=0, max=last, description="step",
                                   style={"description_width": "initial"},
                                   layout=widgets.Layout(flex="1 1 300px", width="auto", min_width="260px"))
        widgets.jslink((slider, "value"), (stack, "selected_index"))
    else:
        # The slider moves through the kept steps and reads out their real numbers.
        slider = widgets.SelectionSlider(options=[(str(k), k) for k in steps], index=index, description="step",
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(flex="1 1 300px", width="auto", min_width="260px"))
        widgets.jslink((slider, "index"), (stack, "selected_index"))
    slider.add_class("ab-slider")
    play = widgets.Play(value=index, min=0, max=len(steps) - 1, interval=SPEEDS["normal"])
    widgets.jslink((play, "value"), (slider, "value" if isinstance(slider, widgets.IntSlider) else "index"))
    controls = widgets.HBox([play, slider], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                  overflow="visible"))
    controls.add_class("ab-controls")
    note = widgets.HTML(_sampled_note(len(steps), len(frames)) if len(steps) < len(frames) else "",
                        layout=widgets.Layout(display="flex" if len(steps) < len(frames) else "none"))
    note.add_class("ab-sampled")
    legend_figure = draw_search_legend([trace], size=size, width=picture.width / size_.dpi)
    legend = DescribedImage(legend_alt(legend_figure) or "No legend.", format="png",
                           value=figure_bytes(legend_figure) if legend_figure is not None else b"",
                           layout=widgets.Layout(width=f"{picture.width}px", max_width="100%", height="auto",
                                                 display="block" if legend_figure is not None else "none"))
    legend.add_class("ab-legend")
    overview = widgets.HTML(_OVERVIEW_NOTE, layout=widgets.Layout(display="flex" if picture.overview else "none"))
    overview.add_class("ab-note")
    # The slide rules depend on the picture's shape and the pseudocode's: a class names both.
    name = f"ab-slide-{picture.width}x{picture.height}-{zlib.crc32((trace.listing.title + str(trace.listing)).encode()):08x}"
    css = (_css(size_) + _static_css(size_) + follow_css(".ab-static-stepper")
           + _slide_css(trace, size_, picture.width, picture.height, name))
    box = widgets.VBox([widgets.HTML(css), note, controls, stack, legend, overview],
                       layout=widgets.Layout(overflow="visible", min_width="0"))
    box.add_class("ab-static-stepper")
    box.add_class(name)
    return box


def stepper(search: Any, *, size: str | Size | None = None, speed: str = "normal", step: int = 0) -> Stepper:
    """Step through a search: ``ab.stepper(ab.alphabeta(tree))``.

    Parameters
    ----------
    search : SearchResult or Trace, or a dict of them
        What to replay.  It is never re-run.  A dict such as
        ``{"prune on ties": r1, "strict": r2}`` adds a switch between them.
    size : str or Size, optional
        Drawing size: ``"screen"`` or ``"projector"`` (bigger text for a
        lecture hall: α, β and v stay at least 14 pixels tall on screen).
        By default the size :func:`abteach.use_size` chose, else ``"screen"``.
    speed : {'slow', 'normal', 'fast'}
        How fast Play advances.  Nothing plays until the user presses Play.
    step : int
        The step it opens at, 0 (before the search starts) by default: a long
        search can open where it gets interesting, and the user steps back for the rest.

    Examples
    --------
    >>> import abteach as ab
    >>> s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
    >>> s.go(29); s.explanation.value.count("c2 and c3 are pruned")
    1
    >>> ab.stepper(ab.alphabeta(ab.examples.FIG_5_2), step=29).value
    29
    """
    if isinstance(search, dict):
        if not search:
            raise ValueError("stepper needs at least one search to show")
        traces = {str(label): _as_trace(s, argument=f"search[{label!r}]") for label, s in search.items()}
    else:
        traces = {_label(_as_trace(search)): _as_trace(search)}
    # Checked before any widget is built; the steps are those of the search shown first.
    last = len(next(iter(traces.values())))
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be a whole number, not {step!r} of type {type(step).__name__}")
    if not 0 <= step <= last:
        raise ValueError(f"step must be from 0 to {last}, the steps of this search, not {step}")
    shown = Stepper(traces, size=size, speed=speed)
    shown.go(step)
    return shown


def _label(trace: Trace) -> str:
    return trace.algorithm.label
