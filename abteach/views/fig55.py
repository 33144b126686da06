"""Fig. 5.5, or any figure's stages, beside the algorithm: drawings and tables that show where they disagree.

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
* :func:`stage_table` and :func:`disagreements_html` write a stage out node by
  node, and its disagreements with their reasons.

The widget that puts the two side by side under a stage slider is
:func:`abteach.widgets.fig55_view.figure_vs_algorithm`.

Examples
--------
>>> import abteach as ab
>>> from abteach.views.fig55 import disagreeing_nodes, draw_stage, draw_stage_frame
>>> trace = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> [trace.name(p) for p in disagreeing_nodes("e", trace)]
['A']
>>> fig = draw_stage(ab.examples.FIG_5_2, "e", highlight=disagreeing_nodes("e", trace))
>>> fig = draw_stage_frame(trace, "e")
"""

from __future__ import annotations

import html
from dataclasses import replace
from typing import Any, Final, Iterable, Mapping, Sequence, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from abteach.views.alt import frame_alt
from abteach.views.draw import Drawing, draw_frame, draw_styles
from abteach.views.frame_data import MARKED, NodeData, frame_data, node_state, step_state
from abteach.views.scene import trace_scene
from abteach.views.options import check_flag, check_paths, check_paths_in_tree, check_text
from abteach.lessons.fig55 import (FIG_5_5, Disagreement, FigureStage, check_stage, compare_stage, established,
                                   is_book_tree, is_fig_5_5, stage, stage_step, window_text)
from abteach.views.palette import LIGHT, MUTED, UNSEEN, VERMILLION
from abteach.views.sizes import Size
from abteach.views.styles import Style, frame_caption, mark_nodes, tree_styles
from abteach.views.tables import Table, table
from abteach.trace.frames import Status, Trace
from abteach.games.trees import Path, Tree
from abteach.games import MIN

#: The text beside a node where the figure and the algorithm disagree.
MARK: Final = "≠"

#: The legend's words for :data:`MARK` on the figure's drawing.
FIGURE_MARK_LABEL: Final = "the algorithm holds something else here"
_ALGORITHM_MARK_LABEL: Final = "the figure draws something else here"

_ASPECT_WORDS: Final = {"reached": "reached?", "range": "range"}


def stage_of(which: FigureStage | str, tree: Tree | None, stages: Sequence[FigureStage] | None = None) -> FigureStage:
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
    >>> disagreeing_nodes("a", trace), disagreeing_nodes("d", trace), disagreeing_nodes("e", trace)
    ((), (), ((),))
    """
    paths: dict[Path, None] = {}
    for d in compare_stage(stage_of(which, _tree_of(trace), stages), trace):
        paths.setdefault(d.path, None)
    return tuple(paths)


def _reached(s: FigureStage, tree: Tree) -> set[Path]:
    """The nodes the figure has reached: those it gives a range, the leaves it has seen, and their ancestors."""
    reached: set[Path] = set()
    for p in [*(q for q, r in s.ranges.items() if r is not None), *s.leaves_seen]:
        reached.update(p[:k] for k in range(len(p) + 1))
    return reached


def _pruned(s: FigureStage, tree: Tree, reached: set[Path]) -> set[Path]:
    """The nodes the stage's own ranges rule out: below a node whose range cannot beat its parent's.

    A MIN node whose range ends at or below its MAX parent's lower end cannot change the parent's choice, nor
    can a MAX node whose range starts at or above its MIN parent's upper end: what lies unseen below it is
    pruned, as alpha-beta prunes it.

    >>> import abteach as ab
    >>> fig52 = ab.examples.FIG_5_2
    >>> sorted(_pruned(stage_of("d", fig52), fig52, _reached(stage_of("d", fig52), fig52)))
    [(1, 1), (1, 2)]
    >>> _pruned(stage_of("c", fig52), fig52, _reached(stage_of("c", fig52), fig52))
    set()
    """
    out: set[Path] = set()
    for q, r in s.ranges.items():
        parent = s.ranges.get(q[:-1]) if q else None
        if r is None or parent is None:
            continue
        node = tree.nodes[q]
        ruled_out = r.high <= parent.low if node.player == MIN else r.low >= parent.high
        if ruled_out:
            out.update(p for p in tree.nodes if p[:len(q)] == q and len(p) > len(q) and p not in reached)
    return out


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
    ('[−∞, 2]', '≠', ':', '--')
    """
    _check_tree(tree)
    marked = check_paths(highlight, "highlight")
    check_paths_in_tree(marked, tree, "highlight")
    s = stage_of(which, tree, stages)
    check_stage(s, tree)
    reached = _reached(s, tree)
    pruned = _pruned(s, tree, reached)
    out: dict[Path, Style] = {}
    for p, style in tree_styles(tree).items():
        if p in pruned:
            # The figure's own ranges already rule these out: drawn as a search draws what it prunes.
            style = replace(style, status=Status.PRUNED, face=LIGHT, outline=VERMILLION, outline_style="--",
                            outline_weight=1.3, hatch="////", text=MUTED, edge=VERMILLION, edge_style="--")
        elif p not in reached:
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
               size: str | Size | None = None, caption: bool = True, legend: bool = True,
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
    s = stage_of(which, _check_tree(tree), stages)
    styles = stage_styles(tree, s, highlight=highlight)
    fig = draw_styles(styles, ax, size=size, caption=stage_caption(s, tree) if caption else "", legend=legend,
                      mark_label=FIGURE_MARK_LABEL, canvas=canvas)
    return fig.described(stage_alt(tree, s, highlight)) if isinstance(fig, Drawing) else fig


def stage_alt(tree: Tree, stage: FigureStage, highlight: Iterable[Path] = ()) -> str:
    """What a drawing of the figure's ``stage`` shows, in words: its caption, and the nodes marked.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.lessons.fig55 import FIG_5_5
    >>> stage_alt(ab.examples.FIG_5_2, FIG_5_5[4], [(1,)]).endswith(" A ≠ sign marks where the algorithm disagrees: C.")
    True
    """
    marked = ", ".join(tree.book_name(p) for p in highlight)
    where = f" A {MARK} sign marks where the algorithm disagrees: {marked}." if marked else ""
    caption = " ".join(stage_caption(stage, tree).replace("\n", ": ").split())
    return f"{caption.rstrip('.')}.{where}"


def stage_frame_options(trace: Trace, s: FigureStage, highlight: Iterable[Path] | None, label: str | None,
                        caption: bool) -> dict[str, Any]:
    """The options :func:`abteach.views.draw.draw_frame` takes to draw the algorithm at stage ``s``.

    Its title (naming the search ``label``, or by default the trace's edition), and the
    nodes marked: ``highlight``, or the stage's disagreeing nodes when it is ``None``.
    """
    if label is not None:
        check_text(label, "label")
    who = label or trace.edition.label
    return {
        "title": f"The algorithm ({who}) at stage ({s.label})" if caption else "",
        "caption": caption,
        "highlight": disagreeing_nodes(s, trace) if highlight is None else check_paths(highlight, "highlight"),
        "mark": MARK,
        "mark_label": _ALGORITHM_MARK_LABEL,
    }


def draw_stage_frame(trace: Trace, which: FigureStage | str, ax: Axes | None = None, *,
                     highlight: Iterable[Path] | None = None, size: str | Size | None = None,
                     caption: bool = True, legend: bool = True, label: str | None = None,
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
    label : str, optional
        How to name the search in the title (by default its edition, ``'3rd edition'``, from the trace).
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
    s = stage_of(which, _tree_of(trace), stages)
    return draw_frame(trace, stage_step(s, trace), ax, size=size, legend=legend, canvas=canvas,
                      **stage_frame_options(trace, s, highlight, label, caption))


#: The columns of :func:`stage_table`.
STAGE_COLUMNS: Final = ("node", "figure", "established", "from", "verdict", "window (not compared)")


def stage_table(which: FigureStage | str, trace: Trace, *, stages: Sequence[FigureStage] | None = None) -> Table:
    """One stage, node by node: what the figure draws, what the algorithm has established, and whether they agree.

    One row per node the stage mentions, in preorder, at the stage's step
    (:func:`abteach.lessons.fig55.stage_step`).  Like is compared with like:
    the figure's range (*figure*) with the range of the node's value that the
    algorithm has established (*established*; *from* says whether by its
    return, exact or a bound, or by its running v while it is searched, and,
    where a node's own call proved more than its caller can read from the
    return, what the caller reads; see :func:`abteach.lessons.fig55.established`).
    The window is shown last, for reference: it is not a statement about
    the node's value, so it takes no part in the verdict.  The caption names
    the book only for a stage of Fig. 5.5 on the book's tree; ``stages`` is
    where a label is looked up, as for :func:`disagreeing_nodes`.

    Examples
    --------
    >>> import abteach as ab
    >>> stage_table("f", ab.alphabeta(ab.examples.FIG_5_2).trace)
    Fig. 5.5 (f) against the algorithm at step 55 of 55
    node  figure   established  from                                verdict  window (not compared)
    ----  -------  -----------  ----------------------------------  -------  ---------------------
    A     [3, 3]   [3, 3]       returned 3, exact                   agrees   (α=3, β=+∞)
    B     [3, 3]   [3, 3]       returned 3, exact                   agrees   (α=−∞, β=3)
    C     [−∞, 2]  [−∞, 2]      returned 2, fail-low                agrees   (α=3, β=+∞)
    D     [2, 2]   [2, 2]       returned 2, exact; a fail-low to A  agrees   (α=3, β=5)

    D searched all three of its children, so its 2 is exact, as the figure
    draws it; A, which sees only 2 ≤ α = 3, can conclude no more than D ≤ 2.
    """
    s = stage_of(which, _tree_of(trace), stages)
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
        figure = s.ranges[path]
        held, basis = established(trace, step, path)
        reached = frame.node(path).status in (Status.ACTIVE, Status.DONE)
        rows.append((
            trace.name(path),
            "blank" if figure is None else str(figure),
            str(held) if reached else "",
            basis,
            f"{MARK} " + ", ".join(found[path]) if path in found else "agrees",
            window_text(frame.node(path)),
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
    2
    """
    head = (f"<b>Stage ({html.escape(s.label)})</b>, compared at step {stage_step(s, trace)} of {len(trace)}: ")
    if not disagreements:
        return (f"<div class='ab-disagreement-list'>{head}no disagreement. "
                "Every range the figure draws is exactly the range the algorithm has established.</div>")
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(x)}</td>" for x in (
            d.name, _ASPECT_WORDS[d.aspect], "blank" if d.figure is None else str(d.figure), d.algorithm, d.reason))
        + "</tr>"
        for d in disagreements)
    n = len(disagreements)
    return (f"<div class='ab-disagreement-list'>{head}{n} disagreement{'s' if n != 1 else ''} "
            f"{MARK}<table><thead><tr><th>node</th><th>aspect</th><th>the figure draws</th>"
            f"<th>the algorithm establishes</th><th>why they differ</th></tr></thead><tbody>{rows}</tbody></table></div>")


def stage_heading(s: FigureStage, trace: Trace, label: str, highlighted: Sequence[Path]) -> str:
    """The sentence above both drawings of stage ``s`` beside the search ``label``, as HTML.

    Not "left" and "right": where the screen is narrow the drawings stack.

    Examples
    --------
    >>> import abteach as ab
    >>> print(stage_heading(stage("e"), ab.alphabeta(ab.examples.FIG_5_2).trace, "3rd edition", [()]))
    <div><b>Fig. 5.5 (e)</b>, the ranges it draws, beside <b>the algorithm (3rd edition)</b> at step 40 of 55, with α, β and v. ≠ marks the 1 node where they disagree.</div>
    """
    nodes = len(highlighted)
    verdict = (f"{MARK} marks the {nodes} node{'s' if nodes != 1 else ''} where they disagree."
               if nodes else "They agree at every node.")
    what = "Fig. 5.5" if is_fig_5_5(s, trace.tree) else "The figure at stage"
    return (f"<div><b>{what} ({html.escape(s.label)})</b>, the ranges it draws, beside "
            f"<b>the algorithm ({html.escape(label)})</b> at step {stage_step(s, trace)} of {len(trace)}, "
            f"with α, β and v. {verdict}</div>")


def _figure_state(style: Style) -> NodeData:
    # A node the figure has reached is drawn plainly (a plain tree's style has no status): it reads as done.
    return node_state(style if style.status is not None else replace(style, status=Status.DONE))


def stage_data(traces: Mapping[str, Trace], stages: Sequence[FigureStage]) -> dict[str, Any]:
    """Every stage of the figure beside every search, as data for a page to draw: computed once, stepped there.

    The layout and the node states are :func:`abteach.views.frame_data.frame_data`'s encoding, so the
    stepper's drawing draws both trees: the figure's at a stage (:func:`stage_styles`, a reached node
    ``d``, its range as its annotation) and the algorithm's at the stage's step; the nodes where they
    disagree carry the flag :data:`~abteach.views.frame_data.MARKED` on both.

    Parameters
    ----------
    traces : mapping of str to Trace
        The searches, by label, all of the stages' tree.
    stages : sequence of FigureStage

    Returns
    -------
    dict
        JSON-able: ``title``, ``layout``, ``mark``, ``markLabels`` (figure, algorithm), ``stages`` (the
        labels), and ``searches``, each ``{"label", "steps", "stages"}`` with, per stage, ``step``,
        ``figure`` and ``algorithm`` (a state per node of the layout), ``heading``, ``figureTitle``,
        ``algorithmTitle``, ``figureAlt``, ``algorithmAlt``, ``nodes`` (:func:`stage_table` as HTML),
        ``disagreements`` (:func:`disagreements_html`) and ``marked`` (the names of the marked nodes).

    Raises
    ------
    ValueError
        No search, no stage, or a stage that does not fit a search (:func:`abteach.lessons.fig55.stage_step`).

    Examples
    --------
    >>> import abteach as ab
    >>> data = stage_data({"3rd": ab.alphabeta(ab.examples.FIG_5_2).trace}, FIG_5_5)
    >>> e = data["searches"][0]["stages"][4]
    >>> e["step"], e["marked"], e["figure"][0]
    (40, ['A'], ['d', '', ['[3, 14]'], 8, ''])
    """
    if not traces or not stages:
        raise ValueError("stage_data needs at least one search and one stage")
    first = next(iter(traces.values()))
    tree = _tree_of(first)
    if tree is None:
        raise ValueError("the figure's stages are drawn on a tree: search an abteach.Tree, not a game")
    # The same nodes, in the same order, as the stepper lays out a search of this tree.
    scene = trace_scene(first, None)
    layout = frame_data(first)["layout"]
    book = any(is_fig_5_5(s, tree) for s in stages)
    searches = []
    for label, trace in traces.items():
        if _tree_of(trace) != tree:
            raise ValueError(f"the search {label!r} is of another tree than {next(iter(traces))!r}: "
                             "compare searches of one tree")
        out = []
        for s in stages:
            found = compare_stage(s, trace)
            marked = tuple(dict.fromkeys(d.path for d in found))
            step = stage_step(s, trace)
            figure = stage_styles(tree, s, highlight=marked)
            algorithm = step_state(trace, step, scene)["nodes"]
            for i, p in enumerate(scene.paths):
                state = algorithm[i]
                if p in marked and state is not None:
                    algorithm[i] = [*state[:3], state[3] | MARKED, *state[4:]]
            title = stage_frame_options(trace, s, marked, label, True)["title"]
            out.append({
                "label": s.label, "step": step,
                "figure": [_figure_state(figure[p]) for p in scene.paths],
                "algorithm": algorithm,
                "heading": stage_heading(s, trace, label, marked),
                "figureTitle": stage_caption(s, tree),
                "algorithmTitle": f"{title}\n{frame_caption(trace, trace.frame(step))}",
                "figureAlt": stage_alt(tree, s, marked),
                "algorithmAlt": f"The algorithm ({label}): {frame_alt(trace, step)}",
                "nodes": stage_table(s, trace)._repr_html_(),
                "disagreements": disagreements_html(s, trace, found),
                "marked": [trace.name(p) for p in marked],
            })
        searches.append({"label": label, "steps": len(trace), "stages": out})
    return {
        "title": "Fig. 5.5" if book else "The figure",
        "layout": layout,
        "mark": MARK,
        "markLabels": {"figure": FIGURE_MARK_LABEL, "algorithm": _ALGORITHM_MARK_LABEL},
        "stages": [s.label for s in stages],
        "searches": searches,
    }


__all__ = [
    "MARK", "FIGURE_MARK_LABEL", "disagreeing_nodes", "stage_of", "stage_styles", "stage_caption", "draw_stage", "stage_alt",
    "stage_frame_options", "draw_stage_frame", "disagreements_html", "stage_table", "STAGE_COLUMNS",
    "stage_heading", "stage_data",
]
