"""Fig. 5.5, or any figure's stages, beside the algorithm: a widget that shows where they disagree.

:func:`figure_vs_algorithm` puts the figure's drawing of a stage
(:func:`abteach.views.fig55.draw_stage`) beside the algorithm's
(:func:`abteach.views.fig55.draw_stage_frame`) under a stage slider, with the
stage's disagreements written out below and a switch between searches.  It is
handed searches already run, and never runs one; the drawings and tables are
:mod:`abteach.views.fig55`'s.
"""

from __future__ import annotations

import html
import io
import math
from typing import Any, Mapping, Sequence, cast

import ipywidgets as widgets
from matplotlib.figure import Figure
from PIL import Image

from abteach.views.alt import frame_alt
from abteach.views.draw import frame_size, styles_size
from abteach.views.export import figure_bytes, frame_png
from abteach.views.fig55 import (FIGURE_MARK_LABEL, MARK, disagreements_html, draw_stage, stage_alt, stage_caption,
                                 stage_frame_options, stage_of, stage_styles, stage_table)
from abteach.lessons.fig55 import FIG_5_5, Disagreement, FigureStage, compare_stage, is_fig_5_5, stage_step
from abteach.views.palette import WHITE
from abteach.views.sizes import Size, resolve_size
from abteach.views.styles import frame_caption
from abteach.trace.frames import Trace
from abteach.games.errors import shown
from abteach.games.trees import Path, Tree
from abteach.widgets.described import DescribedImage
from abteach.widgets.fallback import with_fallback
from abteach.widgets.theme import light_card
from abteach.widgets.stepper import png_size


def css(size: Size) -> str:
    """The style sheet of the widget's parts (class ``ab-fig55``), its text sized for ``size``.

    The static copy (:mod:`abteach.widgets.offline`) puts it above its own
    parts, which carry the same classes, so both read alike.
    """
    text_px = 15 if size.font >= 13 else 14
    table_px = 15 if size.font >= 13 else 13
    return f"""
<style>
/* Dark text on white, like its drawings, whatever the notebook's theme. */
{light_card(".ab-fig55")}
.ab-fig55 .ab-disagreements table {{ border-collapse: collapse; font-size: {table_px}px; color: #1a1a1a;
  margin-top: 4px; }}
.ab-fig55 .ab-disagreements td, .ab-fig55 .ab-disagreements th {{
  padding: 2px 8px; border-bottom: 1px solid #cccccc; text-align: left; vertical-align: top; }}
.ab-fig55 .ab-disagreements {{ font-size: {text_px}px; color: #1a1a1a; }}
.ab-fig55 .ab-stage-nodes table {{ border-collapse: collapse; font-size: {table_px}px; color: #1a1a1a; }}
.ab-fig55 .ab-stage-nodes td, .ab-fig55 .ab-stage-nodes th {{ padding: 1px 8px; border-bottom: 1px solid #cccccc; }}
.ab-fig55 .ab-stage-nodes caption {{ text-align: left; font-weight: bold; color: #1a1a1a; }}
.ab-fig55 .ab-fig55-heading, .ab-fig55 .ab-figure-title, .ab-fig55 .ab-algorithm-title {{
  font-size: {text_px}px; line-height: 1.35; color: #1a1a1a; }}
.ab-fig55 .ab-fig55-images {{ gap: 8px 16px; }}
.ab-fig55 .ab-fig55-side img {{ display: block; max-width: none; margin: 0; }}
</style>
"""


def _trace_of(result: Any, label: str) -> Trace:
    trace = getattr(result, "trace", result)
    if isinstance(trace, Trace):
        return trace
    if trace is None and hasattr(result, "trace"):
        raise ValueError(f"the search {label!r} has no trace: run it with trace=True")
    raise TypeError(f"the search {label!r} must be a search result or a Trace, not {shown(result)}")


def _side_by_side(left: bytes, right: bytes) -> bytes:
    """Two PNGs in one, tops aligned, on white: the picture shown where widgets cannot run."""
    with Image.open(io.BytesIO(left)) as a, Image.open(io.BytesIO(right)) as b:
        gap = 16
        canvas = Image.new("RGB", (a.width + gap + b.width, max(a.height, b.height)), WHITE)
        canvas.paste(a.convert("RGB"), (0, 0))
        canvas.paste(b.convert("RGB"), (a.width + gap, 0))
    buf = io.BytesIO()
    canvas.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def _title_html(text: str) -> str:
    """A drawing's caption as HTML: its first line bold."""
    head, _, rest = text.partition("\n")
    return f"<div><b>{html.escape(head)}</b>" + "".join(f"<br>{html.escape(line)}" for line in rest.split("\n")
                                                    if rest) + "</div>"


class FigureVsAlgorithm(widgets.VBox):
    """A figure's stages (Fig. 5.5 by default) and the algorithm side by side, one stage at a time.

    Build one with :func:`figure_vs_algorithm`.  ``stage`` is the label of the
    stage shown, ``search`` the label of the search shown.

    The two drawings sit side by side where they fit and one above the other
    where they do not; each is shown at its own size, shrinking only as far as
    keeps α, β and v legible (:attr:`abteach.views.sizes.Size.min_scale`), and
    scrolling sideways past that.  Both are drawn on one canvas for every
    stage and search, so nothing moves with the slider.  Their titles are
    written above them, once.

    Attributes
    ----------
    slider : ipywidgets.SelectionSlider
        The stage, class ``ab-stage-slider``.
    search_switch : ipywidgets.ToggleButtons
        The search shown, class ``ab-search`` (hidden when there is only one).
    figure_image, algorithm_image : ipywidgets.Image
        The two drawings, classes ``ab-figure-image`` and ``ab-algorithm-image``.
    figure_title, algorithm_title : ipywidgets.HTML
        What each drawing shows, above it: classes ``ab-figure-title`` and ``ab-algorithm-title``.
    nodes : ipywidgets.HTML
        Every node the stage mentions, figure beside algorithm (:func:`stage_table`), class ``ab-stage-nodes``.
    disagreements : ipywidgets.HTML
        The stage's disagreements with their reasons, class ``ab-disagreements``.
    """

    def __init__(self, traces: Mapping[str, Trace], stages: Sequence[FigureStage], *, size: str | Size | None = None,
                 start: str | None = None) -> None:
        self.traces = dict(traces)
        self.stages = tuple(stages)
        self.size = resolve_size(size)
        # Compare everything now: bad stage data or a search of another tree fails
        # here, with fig55's message, before any widget exists.
        self._found = {label: {s.label: compare_stage(s, t) for s in self.stages}
                       for label, t in self.traces.items()}
        labels = [s.label for s in self.stages]
        first = labels[0] if start is None else stage_of(start, None, self.stages).label
        self._pngs: dict[tuple[str, str, str], bytes] = {}  # per widget: (side, search, stage) -> PNG
        self.canvas = self._canvas()

        self.search_switch = widgets.ToggleButtons(
            options=list(self.traces), value=next(iter(self.traces)), description="search",
            layout=widgets.Layout(display="flex" if len(self.traces) > 1 else "none"))
        self.slider = widgets.SelectionSlider(
            options=[(f"({label})", label) for label in labels], value=first, description="stage",
            continuous_update=True, readout=True, layout=widgets.Layout(width="420px", max_width="100%"))
        self.heading = widgets.HTML()
        self.figure_title = widgets.HTML()
        self.algorithm_title = widgets.HTML()
        self.figure_image = DescribedImage("The figure's drawing of the first stage.", format="png")
        self.algorithm_image = DescribedImage("The algorithm's search tree at the first stage.", format="png")
        self.nodes = widgets.HTML(layout=widgets.Layout(overflow="visible"))
        self.disagreements = widgets.HTML(layout=widgets.Layout(overflow="visible"))
        self.slider.observe(lambda _: self._show(), names="value")
        self.search_switch.observe(lambda _: self._show(), names="value")
        self._show()
        # Both drawings have the canvas's size; lay their boxes out from it.
        width, _ = png_size(bytes(self.figure_image.value))
        least = min(width, math.ceil(width * self.size.min_scale))
        sides = []
        for title, image, name in [(self.figure_title, self.figure_image, "ab-figure"),
                                   (self.algorithm_title, self.algorithm_image, "ab-algorithm")]:
            image.layout = widgets.Layout(width="100%", min_width=f"{least}px", height="auto")
            side = widgets.VBox([title, image], layout=widgets.Layout(
                flex=f"1 1 {least}px", max_width=f"{width}px", min_width=f"min(100%, {least}px)",
                overflow="auto hidden", align_items="flex-start"))
            side.add_class("ab-fig55-side")
            side.add_class(name)
            sides.append(side)
        images = widgets.HBox(sides, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                            overflow="visible"))
        images.add_class("ab-fig55-images")
        # The browser test and any custom CSS find the parts by these classes.
        for w, name in [(self.search_switch, "ab-search"), (self.slider, "ab-stage-slider"),
                        (self.heading, "ab-fig55-heading"), (self.figure_image, "ab-figure-image"),
                        (self.algorithm_image, "ab-algorithm-image"), (self.figure_title, "ab-figure-title"),
                        (self.algorithm_title, "ab-algorithm-title"), (self.nodes, "ab-stage-nodes"),
                        (self.disagreements, "ab-disagreements")]:
            w.add_class(name)
        super().__init__([widgets.HTML(css(self.size)), self.search_switch, self.slider, self.heading, images,
                          self.nodes, self.disagreements], layout=widgets.Layout(overflow="visible"))
        self.add_class("ab-fig55")

    def _canvas(self) -> tuple[float, float]:
        """One canvas, in inches, that both drawings of every stage, in every search, fit on."""
        tree = cast(Tree, next(iter(self.traces.values())).tree)
        sizes = []
        for label, trace in self.traces.items():
            for s in self.stages:
                marked = tuple(dict.fromkeys(d.path for d in self._found[label][s.label]))
                sizes.append(styles_size(stage_styles(tree, s, highlight=marked), size=self.size,
                                         mark_label=FIGURE_MARK_LABEL))
                sizes.append(frame_size(trace, stage_step(s, trace), size=self.size,
                                        **stage_frame_options(trace, s, marked, label, False)))
        return max(w for w, _ in sizes), max(h for _, h in sizes)

    # -- what is shown ------------------------------------------------------------
    @property
    def stage(self) -> str:
        """The label of the stage shown."""
        return self.slider.value

    @property
    def search(self) -> str:
        """The label of the search shown."""
        return self.search_switch.value

    @property
    def trace(self) -> Trace:
        return self.traces[self.search]

    @property
    def current(self) -> list[Disagreement]:
        """The disagreements of the stage shown, for the search shown."""
        return self._found[self.search][self.stage]

    @property
    def highlighted(self) -> tuple[Path, ...]:
        """The nodes marked on both drawings: those in :attr:`current`, each once, in preorder."""
        return tuple(dict.fromkeys(d.path for d in self.current))

    def go(self, label: str) -> None:
        """Show the stage called ``label``.

        Raises
        ------
        KeyError
            A label that is not one of the stages (the message lists them).
        """
        self.slider.value = stage_of(label, None, self.stages).label

    def use(self, label: str) -> None:
        """Show the search called ``label``.

        Raises
        ------
        KeyError
            A label that is not one of the searches (the message lists them).
        """
        if label not in self.traces:
            raise KeyError(f"no search {label!r}; the searches are {list(self.traces)}")
        self.search_switch.value = label

    def _figure(self, caption: bool) -> Figure:
        s = stage_of(self.stage, None, self.stages)
        canvas = self.canvas if not caption else (self.canvas[0], 0.0)
        return draw_stage(cast(Tree, self.trace.tree), s, highlight=self.highlighted, size=self.size,
                          caption=caption, canvas=canvas)

    def _algorithm_options(self, caption: bool) -> dict[str, Any]:
        s = stage_of(self.stage, None, self.stages)
        canvas = self.canvas if not caption else (self.canvas[0], 0.0)
        return {**stage_frame_options(self.trace, s, self.highlighted, self.search, caption), "canvas": canvas}

    def figure_png(self) -> bytes:
        """The figure's drawing of the stage shown, as the widget shows it (its title is above it), as PNG bytes."""
        key = ("figure", self.search, self.stage)
        if key not in self._pngs:
            self._pngs[key] = figure_bytes(self._figure(False), "png")
        return self._pngs[key]

    def algorithm_png(self) -> bytes:
        """The algorithm's drawing at the stage's step, as the widget shows it, as PNG bytes."""
        key = ("algorithm", self.search, self.stage)
        if key not in self._pngs:
            s = stage_of(self.stage, None, self.stages)
            self._pngs[key] = frame_png(self.trace, stage_step(s, self.trace), size=self.size,
                                        **self._algorithm_options(False))
        return self._pngs[key]

    def figure_alt(self) -> str:
        """What the figure's drawing of the stage shown says, in words (its text alternative)."""
        return stage_alt(cast(Tree, self.trace.tree), stage_of(self.stage, None, self.stages), self.highlighted)

    def algorithm_alt(self) -> str:
        """What the algorithm's drawing of the stage shown says, in words (its text alternative)."""
        s = stage_of(self.stage, None, self.stages)
        return f"The algorithm ({self.search}): {frame_alt(self.trace, stage_step(s, self.trace))}"

    def _show(self) -> None:
        s = stage_of(self.stage, None, self.stages)
        step = stage_step(s, self.trace)
        nodes = len(self.highlighted)
        book = is_fig_5_5(s, self.trace.tree)
        verdict = (f"{MARK} marks the {nodes} node{'s' if nodes != 1 else ''} where they disagree."
                   if nodes else "They agree at every node.")
        # Not "left" and "right": where the screen is narrow the drawings stack.
        self.heading.value = (
            f"<div><b>{'Fig. 5.5' if book else 'The figure at stage'} ({html.escape(s.label)})</b>, the ranges it "
            f"draws, beside <b>the algorithm ({html.escape(self.search)})</b> at step {step} of {len(self.trace)}, "
            f"with α, β and v. {verdict}</div>")
        self.figure_title.value = _title_html(stage_caption(s, self.trace.tree))
        title = stage_frame_options(self.trace, s, self.highlighted, self.search, True)["title"]
        self.algorithm_title.value = _title_html(f"{title}\n{frame_caption(self.trace, self.trace.frame(step))}")
        self.figure_image.value = self.figure_png()
        self.algorithm_image.value = self.algorithm_png()
        self.figure_image.alt, self.algorithm_image.alt = self.figure_alt(), self.algorithm_alt()
        self.nodes.value = stage_table(s, self.trace)._repr_html_()
        self.disagreements.value = disagreements_html(s, self.trace, self.current)

    # -- without a kernel -----------------------------------------------------------
    def png(self) -> bytes:
        """Both drawings of the stage shown in one PNG, each with its title: what shows where widgets cannot run."""
        s = stage_of(self.stage, None, self.stages)
        figure = figure_bytes(self._figure(True), "png")
        algorithm = frame_png(self.trace, stage_step(s, self.trace), size=self.size, **self._algorithm_options(True))
        return _side_by_side(figure, algorithm)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # A picture of the stage shown, for renderers that cannot run widgets.
        return with_fallback(super()._repr_mimebundle_(**kwargs), self.png(), repr(self))

    def __repr__(self) -> str:
        ds = self.current
        if ds:
            names = ", ".join(self.trace.name(p) for p in self.highlighted)
            what = f"{len(ds)} disagreement{'s' if len(ds) != 1 else ''} at {names}"
        else:
            what = "no disagreement"
        step = stage_step(stage_of(self.stage, None, self.stages), self.trace)
        return f"FigureVsAlgorithm({self.search}, stage ({self.stage}) at step {step} of {len(self.trace)}: {what})"


def figure_vs_algorithm(searches: Mapping[str, Any], stages: Sequence[FigureStage] = FIG_5_5, *,
                        size: str | Size | None = None, start: str | None = None) -> FigureVsAlgorithm:
    """A figure beside the algorithm: a stage slider, both trees, and what disagrees, written out.

    The figure is Fig. 5.5 unless ``stages`` says otherwise; only then do the
    titles name the book.

    Parameters
    ----------
    searches : mapping of str to SearchResult or Trace
        The searches to compare with the figure, already run, e.g.
        ``{"3rd edition": ab.alphabeta(tree), "4th edition": ab.alphabeta(tree, edition=4)}``.
        Two or more add a switch between them.
    stages : sequence of FigureStage
        :data:`abteach.lessons.fig55.FIG_5_5` by default, or a caller's stages
        for another tree (:func:`abteach.lessons.fig55.figure_stage`).
    size : {'screen', 'projector'} or Size
    start : str, optional
        The label of the stage shown first; the first stage by default.

    Returns
    -------
    FigureVsAlgorithm

    Raises
    ------
    ValueError
        No searches, no stages, a search without a trace, or stages that do
        not fit a search (:func:`abteach.lessons.fig55.compare`'s message).
    KeyError
        An unknown ``start`` label.

    Examples
    --------
    >>> import abteach as ab
    >>> fig52 = ab.examples.FIG_5_2
    >>> w = figure_vs_algorithm({"3rd edition": ab.alphabeta(fig52), "4th edition": ab.alphabeta(fig52, edition=4)})
    >>> w
    FigureVsAlgorithm(3rd edition, stage (a) at step 9 of 55: no disagreement)
    >>> w.go("e"); w.use("4th edition"); w
    FigureVsAlgorithm(4th edition, stage (e) at step 38 of 53: 1 disagreement at A)
    >>> w.go("f"); w
    FigureVsAlgorithm(4th edition, stage (f) at step 53 of 53: no disagreement)
    >>> figure_vs_algorithm({})
    Traceback (most recent call last):
    ...
    ValueError: figure_vs_algorithm needs at least one search to compare with the figure
    """
    if not isinstance(searches, Mapping):
        raise TypeError("searches must be a dict of label to search result, "
                        f"e.g. {{'3rd edition': ab.alphabeta(tree)}}, not {shown(searches)}")
    if not searches:
        raise ValueError("figure_vs_algorithm needs at least one search to compare with the figure")
    stages = tuple(stages)
    if not stages:
        raise ValueError("figure_vs_algorithm needs at least one stage of the figure")
    traces = {str(label): _trace_of(r, str(label)) for label, r in searches.items()}
    return FigureVsAlgorithm(traces, stages, size=size, start=start)


__all__ = ["FigureVsAlgorithm", "figure_vs_algorithm", "css"]
