"""Fig. 5.5, or any figure's stages, beside the algorithm: a widget that shows where they disagree.

:func:`figure_vs_algorithm` puts the figure's drawing of a stage beside the
algorithm's at the stage's step, with the stage's nodes and disagreements
written out below and a switch between searches.  Every stage of every
search is described once, as data (:func:`abteach.views.fig55.stage_data`,
in :mod:`abteach.views.frame_data`'s encoding); the stepper's ES module
(``static/stepper.js``, run by anywidget) draws both trees as inline SVG with
real text and changes the stage in the page, with no message to the kernel:
the buttons, the slider, and the keys ←, →, Home and End (taken by the widget
alone, so JupyterLab's command-mode shortcuts never see them).  Each tree is
a tree a screen reader walks with the arrow keys, as the stepper's is.

It is handed searches already run, and never runs one.  Where widgets do not
run, the output carries a PNG of the stage shown, both drawings side by side,
drawn by matplotlib (:meth:`FigureVsAlgorithm.png`).
"""

from __future__ import annotations

import io
from typing import Any, Mapping, Sequence, cast

import anywidget
import traitlets
from matplotlib.figure import Figure
from PIL import Image

from abteach.views.alt import frame_alt
from abteach.views.draw import frame_size, styles_size
from abteach.views.export import figure_bytes, frame_png
from abteach.views.fig55 import (FIGURE_MARK_LABEL, draw_stage, stage_alt, stage_data, stage_frame_options, stage_of,
                                 stage_styles)
from abteach.lessons.fig55 import FIG_5_5, Disagreement, FigureStage, compare_stage, stage_step
from abteach.views.palette import WHITE
from abteach.views.sizes import Size, resolve_size
from abteach.trace.frames import Trace
from abteach.games.errors import shown
from abteach.games.trees import Path, Tree
from abteach.widgets.fallback import with_fallback
from abteach.widgets.stepper import ESM_PATH, scale_of


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


class FigureVsAlgorithm(anywidget.AnyWidget):
    """A figure's stages (Fig. 5.5 by default) and the algorithm side by side, one stage at a time.

    Build one with :func:`figure_vs_algorithm`.  ``stage`` is the label of the
    stage shown, ``search`` the label of the search shown; the page changes
    them on its own and tells the kernel nothing, and setting them (or
    :meth:`go` and :meth:`use`) moves the page.

    The two drawings sit side by side where they fit and one above the other
    where they do not; both are drawn on one size for every stage and search,
    so nothing moves with the stage.  A tree wider than its box scrolls in it.

    Attributes
    ----------
    figure : dict
        What the page draws: :func:`abteach.views.fig55.stage_data`.
    stage, search : str
        The stage and the search shown.
    scale : float
        How much larger than on a desk the page draws (:data:`abteach.widgets.stepper.SCALES`).
    """

    _esm = ESM_PATH.read_text(encoding="utf-8")
    figure = traitlets.Dict().tag(sync=True)
    stage = traitlets.Unicode("").tag(sync=True)
    search = traitlets.Unicode("").tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)

    def __init__(self, traces: Mapping[str, Trace], stages: Sequence[FigureStage], *, size: str | Size | None = None,
                 start: str | None = None) -> None:
        self.traces = dict(traces)
        self.stages = tuple(stages)
        self.size = resolve_size(size)
        labels = [s.label for s in self.stages]
        first = labels[0] if start is None else stage_of(start, None, self.stages).label
        # Everything compared and described now: bad stage data or a search of another tree fails here,
        # with fig55's message, before any widget exists.
        self._found = {label: {s.label: compare_stage(s, t) for s in self.stages}
                       for label, t in self.traces.items()}
        data = stage_data(self.traces, self.stages)
        self._stages = {x["label"]: {st["label"]: st for st in x["stages"]} for x in data["searches"]}
        self.canvas = self._canvas()
        super().__init__(figure=data, stage=first, search=next(iter(self.traces)), scale=scale_of(self.size))

    @traitlets.validate("stage")
    def _valid_stage(self, proposal: dict) -> str:
        return stage_of(proposal["value"], None, self.stages).label

    @traitlets.validate("search")
    def _valid_search(self, proposal: dict) -> str:
        label = proposal["value"]
        if label not in self.traces:
            raise KeyError(f"no search {label!r}; the searches are {list(self.traces)}")
        return str(label)

    # -- what is shown ------------------------------------------------------------
    @property
    def trace(self) -> Trace:
        """The trace of the search shown."""
        return self.traces[self.search]

    @property
    def current(self) -> list[Disagreement]:
        """The disagreements of the stage shown, for the search shown."""
        return self._found[self.search][self.stage]

    @property
    def highlighted(self) -> tuple[Path, ...]:
        """The nodes marked on both drawings: those in :attr:`current`, each once, in preorder."""
        return tuple(dict.fromkeys(d.path for d in self.current))

    def shown(self) -> dict[str, Any]:
        """What the page shows for the stage and search shown: that stage's entry of :attr:`figure`.

        ``step``, ``figure`` and ``algorithm`` (each node's state, in the layout's order), ``heading``,
        ``figureTitle``, ``algorithmTitle``, ``figureAlt``, ``algorithmAlt``, ``nodes``, ``disagreements``
        and ``marked`` (see :func:`abteach.views.fig55.stage_data`).
        """
        return dict(self._stages[self.search][self.stage])

    @property
    def heading(self) -> str:
        """The sentence above both drawings, as HTML."""
        return str(self.shown()["heading"])

    @property
    def figure_title(self) -> str:
        """What the figure's drawing shows, above it."""
        return str(self.shown()["figureTitle"])

    @property
    def algorithm_title(self) -> str:
        """What the algorithm's drawing shows, above it: the stage, then the step and what just happened."""
        return str(self.shown()["algorithmTitle"])

    @property
    def nodes(self) -> str:
        """Every node the stage mentions, figure beside algorithm (:func:`abteach.views.fig55.stage_table`), as HTML."""
        return str(self.shown()["nodes"])

    @property
    def disagreements(self) -> str:
        """The stage's disagreements with their reasons, as HTML."""
        return str(self.shown()["disagreements"])

    def go(self, label: str) -> None:
        """Show the stage called ``label``; the page follows.

        Raises
        ------
        KeyError
            A label that is not one of the stages (the message lists them).
        """
        self.stage = stage_of(label, None, self.stages).label
        # Sent even when unchanged here: the page changes stage on its own, so it may be elsewhere.
        self.send_state("stage")

    def use(self, label: str) -> None:
        """Show the search called ``label``; the page follows.

        Raises
        ------
        KeyError
            A label that is not one of the searches (the message lists them).
        """
        self.search = label
        self.send_state("search")

    # -- pictures, where widgets do not run -----------------------------------------
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
        """The figure's drawing of the stage shown, without its title, as PNG bytes (matplotlib's, for print)."""
        return figure_bytes(self._figure(False), "png")

    def algorithm_png(self) -> bytes:
        """The algorithm's drawing at the stage's step, without its title, as PNG bytes (matplotlib's, for print)."""
        s = stage_of(self.stage, None, self.stages)
        return frame_png(self.trace, stage_step(s, self.trace), size=self.size, **self._algorithm_options(False))

    def figure_alt(self) -> str:
        """What the figure's drawing of the stage shown says, in words (its text alternative)."""
        return stage_alt(cast(Tree, self.trace.tree), stage_of(self.stage, None, self.stages), self.highlighted)

    def algorithm_alt(self) -> str:
        """What the algorithm's drawing of the stage shown says, in words (its text alternative)."""
        s = stage_of(self.stage, None, self.stages)
        return f"The algorithm ({self.search}): {frame_alt(self.trace, stage_step(s, self.trace))}"

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
    """A figure beside the algorithm: both trees, stage by stage in the page, and what disagrees, written out.

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


__all__ = ["FigureVsAlgorithm", "figure_vs_algorithm"]
