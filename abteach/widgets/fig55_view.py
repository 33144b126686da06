"""Fig. 5.5, or any figure's stages, beside the algorithm: drawings and a widget that show where they disagree.

A view: it draws a figure's stages (:mod:`abteach.lessons.fig55`) and the frames of a
trace the search already recorded, and never runs a search.  The comparison
itself is :func:`abteach.lessons.fig55.compare_stage`; this module only shows it.

The stages are the book's :data:`~abteach.lessons.fig55.FIG_5_5` by default,
but any tree's will do (:func:`abteach.lessons.fig55.figure_stage`).  Titles
name the book only for the book's stages on the book's tree, and a stage's
label is looked up among the stages it belongs to: pass them as ``stages=``
(the widget keeps its own).

* :func:`draw_stage` draws the tree as the figure does at one stage: each node
  it has reached with its range [low, high] beside it, the rest dotted.
* :func:`draw_stage_frame` draws the algorithm at that stage's step
  (:func:`abteach.lessons.fig55.stage_step`), with α, β and v at every node.
* On both, the nodes where the two disagree carry a thick dashed ring and a
  ``≠`` beside their name, so the highlight never rests on colour alone.
* :func:`figure_vs_algorithm` puts the two side by side under a stage slider,
  with the stage's disagreements written out below and a switch between
  editions.

Examples
--------
>>> import abteach as ab
>>> from abteach.widgets.fig55_view import disagreeing_nodes, draw_stage, draw_stage_frame
>>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> [trace.name(p) for p in disagreeing_nodes("e", trace)]
['A', 'C', 'D']
>>> fig = draw_stage(ab.examples.FIG_5_2, "e", highlight=disagreeing_nodes("e", trace))
>>> fig = draw_stage_frame(trace, "e")
"""

from __future__ import annotations

import html
import io
import math
from dataclasses import replace
from typing import Any, Final, Iterable, Mapping, Sequence, cast

import ipywidgets as widgets
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from PIL import Image

from abteach.views.draw import draw_frame, draw_styles, frame_size, styles_size
from abteach.search.events import Bound, fmt
from abteach.views.export import figure_bytes, frame_png
from abteach.views.options import check_flag, check_paths, check_paths_in_tree, check_text
from abteach.lessons.fig55 import (FIG_5_5, Disagreement, FigureStage, check_stage, compare_stage, is_book_tree,
                                   is_fig_5_5, stage, stage_step)
from abteach.views.palette import LIGHT, MUTED, UNSEEN, WHITE
from abteach.views.sizes import Size, resolve_size
from abteach.views.styles import Style, frame_caption, mark_nodes, tree_styles
from abteach.views.tables import Table, table
from abteach.trace.frames import Status, Trace
from abteach.games.errors import shown
from abteach.games.trees import Path, Tree
from abteach.widgets.fallback import with_fallback
from abteach.widgets.stepper import png_size

#: The text beside a node where the figure and the algorithm disagree.
MARK: Final = "≠"

_FIGURE_MARK_LABEL: Final = "the algorithm holds something else here"
_ALGORITHM_MARK_LABEL: Final = "the figure draws something else here"

_ASPECT_WORDS: Final = {"reached": "reached?", "alpha": "α", "beta": "β", "v": "v", "returned": "returned value"}


def _stage_of(which: FigureStage | str, tree: Tree | None, stages: Sequence[FigureStage] | None = None) -> FigureStage:
    """The stage ``which`` names, looked up among the stages of ``tree``'s figure.

    A label is looked up in ``stages``; without them, in :data:`FIG_5_5`, whose
    labels only mean something on the book's tree.
    """
    if isinstance(which, FigureStage):
        return which
    if not isinstance(which, str):
        raise TypeError(f"a stage is a FigureStage or its label ('a' ... 'f'), not {type(which).__name__}")
    if stages is None:
        if tree is not None and not is_book_tree(tree):
            # Fig. 5.5's (d) on another tree would compare the book's ranges with the wrong nodes.
            raise KeyError(f"stage {which!r}: a label alone names a stage of Fig. 5.5, which is drawn on "
                           "examples.FIG_5_2, not on this tree; pass the FigureStage itself, "
                           "or the stages it belongs to as stages=")
        stages = FIG_5_5
    return stage(which, stages)  # KeyError naming the labels there are


def _tree_of(trace: Trace) -> Tree | None:
    return trace.tree if isinstance(trace, Trace) else None


def _book(s: FigureStage, tree: Tree | None) -> bool:
    """Whether to name the book: ``s`` is a stage of Fig. 5.5, drawn on the book's tree."""
    return is_fig_5_5(s, tree)


def disagreeing_nodes(which: FigureStage | str, trace: Trace, *,
                      stages: Sequence[FigureStage] | None = None) -> tuple[Path, ...]:
    """The nodes where a stage and the algorithm disagree, each once, in preorder.

    Parameters
    ----------
    which : FigureStage or str
        A stage, or the label of one of ``stages``.
    trace : Trace
        An alpha-beta trace of the stage's tree.
    stages : sequence of FigureStage, optional
        Where to look a label up; :data:`abteach.lessons.fig55.FIG_5_5` by
        default, whose labels name stages only on the book's tree.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2, edition=4).trace
    >>> disagreeing_nodes("a", trace), disagreeing_nodes("d", trace)
    ((), ((1,),))
    """
    paths: dict[Path, None] = {}
    for d in compare_stage(_stage_of(which, _tree_of(trace), stages), trace):
        paths.setdefault(d.path, None)
    return tuple(paths)


def _reached(s: FigureStage, tree: Tree) -> set[Path]:
    """The nodes the figure has reached: those it gives a range, the leaves it has seen, and their ancestors."""
    reached: set[Path] = set()
    for p in [*(q for q, r in s.ranges.items() if r is not None), *s.leaves_seen]:
        reached.update(p[:k] for k in range(len(p) + 1))
    return reached


def _check_tree(tree: object) -> Tree:
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be the abteach.Tree the stages are drawn on, not {type(tree).__name__}")
    return tree


def stage_styles(tree: Tree, which: FigureStage | str, *, highlight: Iterable[Path] = (),
                 mark: str = MARK, stages: Sequence[FigureStage] | None = None) -> dict[Path, Style]:
    """How every node is drawn at one stage of the figure: the pure part of :func:`draw_stage`.

    A node the figure has reached is drawn plainly, with its range as the
    annotation beside it; a node it has not reached (drawn blank, or below
    nothing it has seen) is dotted and muted, as in a frame.  ``stages`` is
    where a label is looked up, as for :func:`disagreeing_nodes`.

    Examples
    --------
    >>> import abteach as ab
    >>> s = stage_styles(ab.examples.FIG_5_2, "d", highlight=[(1,)])
    >>> s[(1,)].annotation, s[(1,)].mark, s[(2,)].outline_style, s[(1, 1)].outline_style
    ('[−∞, 2]', '≠', ':', ':')
    """
    _check_tree(tree)
    marked = check_paths(highlight, "highlight")
    check_paths_in_tree(marked, tree, "highlight")
    s = _stage_of(which, tree, stages)
    check_stage(s, tree)
    reached = _reached(s, tree)
    out: dict[Path, Style] = {}
    for p, style in tree_styles(tree).items():
        if p not in reached:
            # The same look as a node a search has not visited yet, so both sides read alike.
            style = replace(style, status=Status.UNVISITED, face=LIGHT, outline=UNSEEN, outline_style=":",
                            outline_weight=1.3, text=MUTED, edge=UNSEEN, edge_style=":")
        elif s.ranges.get(p) is not None:
            style = replace(style, annotation=str(s.ranges[p]))
        out[p] = style
    return mark_nodes(out, marked, mark)


def stage_caption(s: FigureStage, tree: Tree | None = None) -> str:
    """The title of a stage's drawing: which stage, and what it says.

    It names the book only for a stage of :data:`abteach.lessons.fig55.FIG_5_5`
    (drawn on the book's tree, when ``tree`` is given); any other stage is
    called the figure's.

    Examples
    --------
    >>> print(stage_caption(stage("e+")))
    Fig. 5.5 (e+), as drawn on some slides (not in the book)
    5: D ≤ 5, so the root is at most 5 (slides only)
    >>> print(stage_caption(FigureStage("1", {(): (3, 9)}, "A ≥ 3")))
    The figure at stage (1)
    A ≥ 3
    """
    if _book(s, tree):
        where = "as drawn in the book" if s.in_book else "as drawn on some slides (not in the book)"
        head = f"Fig. 5.5 ({s.label}), {where}"
    else:
        head = f"The figure at stage ({s.label})" + ("" if s.in_book else ", an added stage")
    return head + (f"\n{s.caption}" if s.caption else "")


def draw_stage(tree: Tree, which: FigureStage | str, ax: Axes | None = None, *, highlight: Iterable[Path] = (),
               size: str | Size = "screen", caption: bool = True, legend: bool = True,
               stages: Sequence[FigureStage] | None = None, canvas: tuple[float, float] | None = None) -> Figure:
    """Draw the tree as the figure does at one stage: each reached node with its range [low, high].

    Parameters
    ----------
    tree : Tree
        The figure's tree (:data:`abteach.games.examples.FIG_5_2` for Fig. 5.5).
    which : FigureStage or str
        A stage, or the label of one of ``stages`` (by default of
        :data:`abteach.lessons.fig55.FIG_5_5`: ``'a'`` ... ``'f'``, ``'e+'``, on the book's tree only).
    ax : matplotlib Axes, optional
    highlight : iterable of paths
        Nodes to mark with a dashed ring and ``≠``; usually
        ``disagreeing_nodes(stage, trace)``.
    size : {'screen', 'projector'} or Size
    caption : bool
        Write the stage and its caption above the tree.
    legend : bool
    stages : sequence of FigureStage, optional
        Where to look a label up.
    canvas : (float, float), optional
        A figure at least this big, in inches (see :func:`abteach.views.draw.draw_styles`).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    KeyError
        An unknown stage label (the message lists the labels), or a label
        without ``stages`` on a tree other than the book's.
    TypeError
        ``tree`` is not a Tree, ``highlight`` is not a collection of paths, or
        a flag is not a bool.
    ValueError
        A stage that does not fit the tree, a highlighted path that is not in
        it, or an unknown size.

    Examples
    --------
    >>> import abteach as ab
    >>> fig = draw_stage(ab.examples.FIG_5_2, "f", size="projector")
    >>> draw_stage(ab.examples.FIG_5_2, "g")
    Traceback (most recent call last):
    ...
    KeyError: "no stage 'g'; the stages are ['a', 'b', 'c', 'd', 'e', 'e+', 'f']"
    """
    check_flag(caption, "caption")
    s = _stage_of(which, _check_tree(tree), stages)
    styles = stage_styles(tree, s, highlight=highlight)
    return draw_styles(styles, ax, size=size, caption=stage_caption(s, tree) if caption else "", legend=legend,
                       mark_label=_FIGURE_MARK_LABEL, canvas=canvas)


def _frame_options(trace: Trace, s: FigureStage, highlight: Iterable[Path] | None, edition: str | None,
                   caption: bool) -> dict[str, Any]:
    if edition is not None:
        check_text(edition, "edition")
    who = edition or f"{trace.edition}{'rd' if trace.edition == 3 else 'th'} edition"
    return {
        "title": f"The algorithm ({who}) at stage ({s.label})" if caption else "",
        "caption": caption,
        "highlight": disagreeing_nodes(s, trace) if highlight is None else check_paths(highlight, "highlight"),
        "mark": MARK,
        "mark_label": _ALGORITHM_MARK_LABEL,
    }


def draw_stage_frame(trace: Trace, which: FigureStage | str, ax: Axes | None = None, *,
                     highlight: Iterable[Path] | None = None, size: str | Size = "screen",
                     caption: bool = True, legend: bool = True, edition: str | None = None,
                     stages: Sequence[FigureStage] | None = None, canvas: tuple[float, float] | None = None) -> Figure:
    """Draw what the algorithm holds at a stage's step, the nodes that disagree with the figure marked.

    Parameters
    ----------
    trace : Trace
        An alpha-beta trace of the stage's tree.
    which : FigureStage or str
        A stage, or the label of one of ``stages``.
    ax : matplotlib Axes, optional
    highlight : iterable of paths, optional
        Nodes to mark; by default :func:`disagreeing_nodes`.
    size : {'screen', 'projector'} or Size
    caption : bool
        Write which stage, the step and what just happened above the tree.
    legend : bool
    edition : str, optional
        How to name the search in the title (``'3rd edition'`` by default, from the trace).
    stages : sequence of FigureStage, optional
        Where to look a label up, as for :func:`disagreeing_nodes`.
    canvas : (float, float), optional
        A figure at least this big, in inches (see :func:`abteach.views.draw.draw_frame`).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    KeyError
        An unknown stage label.
    TypeError
        ``highlight`` is not a collection of paths, or another option has the wrong type.
    ValueError
        A stage that does not fit the trace (see :func:`abteach.lessons.fig55.stage_step`),
        or a highlighted path that is not a node of its tree.

    Examples
    --------
    >>> import abteach as ab
    >>> fig = draw_stage_frame(ab.alphabeta(ab.examples.FIG_5_2, edition=4).trace, "d")
    """
    check_flag(caption, "caption")
    s = _stage_of(which, _tree_of(trace), stages)
    return draw_frame(trace, stage_step(s, trace), ax, size=size, legend=legend, canvas=canvas,
                      **_frame_options(trace, s, highlight, edition, caption))


_STATUS_WORDS: Final = {Status.UNVISITED: "not reached", Status.ACTIVE: "on the stack", Status.DONE: "returned",
                         Status.PRUNED: "pruned"}
_BOUND_WORDS: Final[dict[Bound | None, str]] = {Bound.EXACT: "exact", Bound.UPPER: "fail-low", Bound.LOWER: "fail-high"}

#: The columns of :func:`stage_table`.
STAGE_COLUMNS: Final = ("node", "the figure draws", "state", "α", "β", "v", "returned", "verdict")


def stage_table(which: FigureStage | str, trace: Trace, *, stages: Sequence[FigureStage] | None = None) -> Table:
    """One stage, node by node: what the figure draws, what the algorithm holds, and whether they agree.

    One row per node the stage mentions, in preorder, at the stage's step
    (:func:`abteach.lessons.fig55.stage_step`).  The verdict names the aspects that
    disagree (see :mod:`abteach.lessons.fig55`), with the reasons in
    :func:`abteach.lessons.fig55.compare_stage`.  The caption names the book
    only for a stage of Fig. 5.5 on the book's tree; ``stages`` is where a
    label is looked up, as for :func:`disagreeing_nodes`.

    Examples
    --------
    >>> import abteach as ab
    >>> stage_table("f", ab.alphabeta(ab.examples.FIG_5_2).trace)
    Fig. 5.5 (f) against the algorithm at step 55 of 55
    node  the figure draws  state     α   β   v  returned      verdict
    ----  ----------------  --------  --  --  -  ------------  ----------------------
    A     [3, 3]            returned  3   +∞  3  3 (exact)     agrees
    B     [3, 3]            returned  −∞  3   3  3 (exact)     agrees
    C     [−∞, 2]           returned  3   +∞  2  2 (fail-low)  ≠ α, β
    D     [2, 2]            returned  3   5   2  2 (fail-low)  ≠ α, β, returned value
    """
    s = _stage_of(which, _tree_of(trace), stages)
    step = stage_step(s, trace)  # refuses a trace this stage cannot be compared with
    tree = cast(Tree, trace.tree)  # stage_step refuses traces without an explicit tree
    frame = trace.frame(step)
    found: dict[Path, list[str]] = {}
    for d in compare_stage(s, trace):
        found.setdefault(d.path, []).append(_ASPECT_WORDS[d.aspect])
    rows = []
    for path in tree.nodes:  # preorder, as compare_stage lists them
        if path not in s.ranges:
            continue
        state = frame.node(path)
        figure = s.ranges[path]
        returned = ""
        if state.status is Status.DONE and state.value is not None:
            returned = f"{fmt(state.value)} ({_BOUND_WORDS.get(state.bound, '?')})"
        reached = state.status in (Status.ACTIVE, Status.DONE)
        rows.append((
            trace.name(path),
            "blank" if figure is None else str(figure),
            _STATUS_WORDS[state.status],
            fmt(state.alpha) if reached and state.alpha is not None else "",
            fmt(state.beta) if reached and state.beta is not None else "",
            fmt(state.v) if reached and state.v is not None else "",
            returned,
            f"{MARK} " + ", ".join(found[path]) if path in found else "agrees",
        ))
    what = f"Fig. 5.5 ({s.label})" if _book(s, tree) else f"The figure at stage ({s.label})"
    caption = f"{what} against the algorithm at step {step} of {len(trace)}"
    return table(rows, STAGE_COLUMNS, caption=caption)


def disagreements_html(s: FigureStage, trace: Trace, disagreements: Sequence[Disagreement]) -> str:
    """The disagreements of one stage as a small HTML table, or a sentence saying there are none.

    Examples
    --------
    >>> import abteach as ab
    >>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> "no disagreement" in disagreements_html(stage("b"), trace, [])
    True
    >>> disagreements_html(stage("e"), trace, compare_stage(stage("e"), trace)).count("<tr>")
    5
    """
    head = (f"<b>Stage ({html.escape(s.label)})</b>, compared at step {stage_step(s, trace)} of {len(trace)}: ")
    if not disagreements:
        return (f"<div class='ab-disagreement-list'>{head}no disagreement. "
                "Every range the figure draws is exactly what the algorithm holds.</div>")
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(x)}</td>" for x in (
            d.name, _ASPECT_WORDS[d.aspect], "blank" if d.figure is None else str(d.figure), d.algorithm, d.reason))
        + "</tr>"
        for d in disagreements)
    n = len(disagreements)
    return (f"<div class='ab-disagreement-list'>{head}{n} disagreement{'s' if n != 1 else ''} "
            f"{MARK}<table><thead><tr><th>node</th><th>aspect</th><th>the figure draws</th>"
            f"<th>the algorithm holds</th><th>why they differ</th></tr></thead><tbody>{rows}</tbody></table></div>")


def _css(size: Size) -> str:
    text_px = 15 if size.font >= 13 else 14
    table_px = 15 if size.font >= 13 else 13
    return f"""
<style>
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
    stage shown, ``edition`` the label of the search shown.

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
    edition_switch : ipywidgets.ToggleButtons
        The search shown, class ``ab-edition`` (hidden when there is only one).
    figure_image, algorithm_image : ipywidgets.Image
        The two drawings, classes ``ab-figure-image`` and ``ab-algorithm-image``.
    figure_title, algorithm_title : ipywidgets.HTML
        What each drawing shows, above it: classes ``ab-figure-title`` and ``ab-algorithm-title``.
    nodes : ipywidgets.HTML
        Every node the stage mentions, figure beside algorithm (:func:`stage_table`), class ``ab-stage-nodes``.
    disagreements : ipywidgets.HTML
        The stage's disagreements with their reasons, class ``ab-disagreements``.
    """

    def __init__(self, traces: Mapping[str, Trace], stages: Sequence[FigureStage], *, size: str | Size = "screen",
                 start: str | None = None) -> None:
        self.traces = dict(traces)
        self.stages = tuple(stages)
        self.size = resolve_size(size)
        # Compare everything now: bad stage data or a search of another tree fails
        # here, with fig55's message, before any widget exists.
        self._found = {label: {s.label: compare_stage(s, t) for s in self.stages}
                       for label, t in self.traces.items()}
        labels = [s.label for s in self.stages]
        first = labels[0] if start is None else _stage_of(start, None, self.stages).label
        self._pngs: dict[tuple[str, str, str], bytes] = {}  # per widget: (side, edition, stage) -> PNG
        self.canvas = self._canvas()

        self.edition_switch = widgets.ToggleButtons(
            options=list(self.traces), value=next(iter(self.traces)), description="search",
            layout=widgets.Layout(display="flex" if len(self.traces) > 1 else "none"))
        self.slider = widgets.SelectionSlider(
            options=[(f"({label})", label) for label in labels], value=first, description="stage",
            continuous_update=True, readout=True, layout=widgets.Layout(width="420px", max_width="100%"))
        self.heading = widgets.HTML()
        self.figure_title = widgets.HTML()
        self.algorithm_title = widgets.HTML()
        self.figure_image = widgets.Image(format="png")
        self.algorithm_image = widgets.Image(format="png")
        self.nodes = widgets.HTML(layout=widgets.Layout(overflow="visible"))
        self.disagreements = widgets.HTML(layout=widgets.Layout(overflow="visible"))
        self.slider.observe(lambda _: self._show(), names="value")
        self.edition_switch.observe(lambda _: self._show(), names="value")
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
        for w, name in [(self.edition_switch, "ab-edition"), (self.slider, "ab-stage-slider"),
                        (self.heading, "ab-fig55-heading"), (self.figure_image, "ab-figure-image"),
                        (self.algorithm_image, "ab-algorithm-image"), (self.figure_title, "ab-figure-title"),
                        (self.algorithm_title, "ab-algorithm-title"), (self.nodes, "ab-stage-nodes"),
                        (self.disagreements, "ab-disagreements")]:
            w.add_class(name)
        super().__init__([widgets.HTML(_css(self.size)), self.edition_switch, self.slider, self.heading, images,
                          self.nodes, self.disagreements], layout=widgets.Layout(overflow="visible"))
        self.add_class("ab-fig55")

    def _canvas(self) -> tuple[float, float]:
        """One canvas, in inches, that both drawings of every stage, in every search, fit on."""
        tree = cast(Tree, next(iter(self.traces.values())).tree)
        sizes = []
        for edition, trace in self.traces.items():
            for s in self.stages:
                marked = tuple(dict.fromkeys(d.path for d in self._found[edition][s.label]))
                sizes.append(styles_size(stage_styles(tree, s, highlight=marked), size=self.size,
                                         mark_label=_FIGURE_MARK_LABEL))
                sizes.append(frame_size(trace, stage_step(s, trace), size=self.size,
                                        **_frame_options(trace, s, marked, edition, False)))
        return max(w for w, _ in sizes), max(h for _, h in sizes)

    # -- what is shown ------------------------------------------------------------
    @property
    def stage(self) -> str:
        """The label of the stage shown."""
        return self.slider.value

    @property
    def edition(self) -> str:
        """The label of the search shown."""
        return self.edition_switch.value

    @property
    def trace(self) -> Trace:
        return self.traces[self.edition]

    @property
    def current(self) -> list[Disagreement]:
        """The disagreements of the stage shown, for the search shown."""
        return self._found[self.edition][self.stage]

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
        self.slider.value = _stage_of(label, None, self.stages).label

    def use(self, edition: str) -> None:
        """Show the search called ``edition``.

        Raises
        ------
        KeyError
            A label that is not one of the searches (the message lists them).
        """
        if edition not in self.traces:
            raise KeyError(f"no search {edition!r}; the searches are {list(self.traces)}")
        self.edition_switch.value = edition

    def _figure(self, caption: bool) -> Figure:
        s = _stage_of(self.stage, None, self.stages)
        canvas = self.canvas if not caption else (self.canvas[0], 0.0)
        return draw_stage(cast(Tree, self.trace.tree), s, highlight=self.highlighted, size=self.size,
                          caption=caption, canvas=canvas)

    def _algorithm_options(self, caption: bool) -> dict[str, Any]:
        s = _stage_of(self.stage, None, self.stages)
        canvas = self.canvas if not caption else (self.canvas[0], 0.0)
        return {**_frame_options(self.trace, s, self.highlighted, self.edition, caption), "canvas": canvas}

    def figure_png(self) -> bytes:
        """The figure's drawing of the stage shown, as the widget shows it (its title is above it), as PNG bytes."""
        key = ("figure", self.edition, self.stage)
        if key not in self._pngs:
            self._pngs[key] = figure_bytes(self._figure(False), "png")
        return self._pngs[key]

    def algorithm_png(self) -> bytes:
        """The algorithm's drawing at the stage's step, as the widget shows it, as PNG bytes."""
        key = ("algorithm", self.edition, self.stage)
        if key not in self._pngs:
            s = _stage_of(self.stage, None, self.stages)
            self._pngs[key] = frame_png(self.trace, stage_step(s, self.trace), size=self.size,
                                        **self._algorithm_options(False))
        return self._pngs[key]

    def _show(self) -> None:
        s = _stage_of(self.stage, None, self.stages)
        step = stage_step(s, self.trace)
        nodes = len(self.highlighted)
        book = _book(s, self.trace.tree)
        verdict = (f"{MARK} marks the {nodes} node{'s' if nodes != 1 else ''} where they disagree."
                   if nodes else "They agree at every node.")
        # Not "left" and "right": where the screen is narrow the drawings stack.
        self.heading.value = (
            f"<div><b>{'Fig. 5.5' if book else 'The figure at stage'} ({html.escape(s.label)})</b>, the ranges it "
            f"draws, beside <b>the algorithm ({html.escape(self.edition)})</b> at step {step} of {len(self.trace)}, "
            f"with α, β and v. {verdict}</div>")
        self.figure_title.value = _title_html(stage_caption(s, self.trace.tree))
        title = _frame_options(self.trace, s, self.highlighted, self.edition, True)["title"]
        self.algorithm_title.value = _title_html(f"{title}\n{frame_caption(self.trace, self.trace.frame(step))}")
        self.figure_image.value = self.figure_png()
        self.algorithm_image.value = self.algorithm_png()
        self.nodes.value = stage_table(s, self.trace)._repr_html_()
        self.disagreements.value = disagreements_html(s, self.trace, self.current)

    # -- without a kernel -----------------------------------------------------------
    def png(self) -> bytes:
        """Both drawings of the stage shown in one PNG, each with its title: what shows where widgets cannot run."""
        s = _stage_of(self.stage, None, self.stages)
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
        step = stage_step(_stage_of(self.stage, None, self.stages), self.trace)
        return f"FigureVsAlgorithm({self.edition}, stage ({self.stage}) at step {step} of {len(self.trace)}: {what})"


def figure_vs_algorithm(results_by_edition: Mapping[str, Any], stages: Sequence[FigureStage] = FIG_5_5, *,
                        size: str | Size = "screen", start: str | None = None) -> FigureVsAlgorithm:
    """A figure beside the algorithm: a stage slider, both trees, and what disagrees, written out.

    The figure is Fig. 5.5 unless ``stages`` says otherwise; only then do the
    titles name the book.

    Parameters
    ----------
    results_by_edition : mapping of str to SearchResult or Trace
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
    >>> w.go("d"); w.use("4th edition"); w
    FigureVsAlgorithm(4th edition, stage (d) at step 31 of 53: 1 disagreement at C)
    >>> figure_vs_algorithm({})
    Traceback (most recent call last):
    ...
    ValueError: figure_vs_algorithm needs at least one search to compare with the figure
    """
    if not isinstance(results_by_edition, Mapping):
        raise TypeError("results_by_edition must be a dict of label to search result, "
                        f"e.g. {{'3rd edition': ab.alphabeta(tree)}}, not {shown(results_by_edition)}")
    if not results_by_edition:
        raise ValueError("figure_vs_algorithm needs at least one search to compare with the figure")
    stages = tuple(stages)
    if not stages:
        raise ValueError("figure_vs_algorithm needs at least one stage of the figure")
    traces = {str(label): _trace_of(r, str(label)) for label, r in results_by_edition.items()}
    return FigureVsAlgorithm(traces, stages, size=size, start=start)


__all__ = [
    "MARK", "FigureVsAlgorithm", "figure_vs_algorithm", "disagreeing_nodes", "stage_styles", "stage_caption",
    "draw_stage", "draw_stage_frame", "disagreements_html", "stage_table", "STAGE_COLUMNS",
]
