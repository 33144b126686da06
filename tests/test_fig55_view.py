"""Fig. 5.5 beside the algorithm: the marks sit exactly on the nodes that disagree, and the widget follows its stage.

The disagreements themselves are tested in test_fig55.py; here they are the
reference, and every view must mark those nodes and no others.
"""

from __future__ import annotations

import io
import json
import re

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402
from PIL import Image  # noqa: E402

import abteach as ab  # noqa: E402
from abteach.lessons import fig55  # noqa: E402
from abteach.views import draw  # noqa: E402
from abteach.widgets.fallback import plain_text  # noqa: E402
from abteach.lessons.fig55 import FIG_5_5  # noqa: E402
from abteach.views.fig55 import (MARK, STAGE_COLUMNS, disagreeing_nodes, draw_stage, draw_stage_frame, stage_styles,  # noqa: E402
                                 stage_table)
from abteach.widgets.fig55_view import figure_vs_algorithm  # noqa: E402
from abteach.widgets.offline import offline_figure_html  # noqa: E402
from abteach.widgets.stepper import ESM_PATH  # noqa: E402
from abteach.views.frame_data import MARKED, frame_data  # noqa: E402
from abteach.views.layout import tidy_layout  # noqa: E402
from abteach.views.export import figure_bytes  # noqa: E402

FIG = ab.examples.FIG_5_2
LABELS = [s.label for s in FIG_5_5]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def results() -> dict[str, ab.SearchResult]:
    return {"3rd edition": ab.alphabeta(FIG), "4th edition": ab.alphabeta(FIG, edition=4)}


@pytest.fixture(scope="module")
def widget(results):
    return figure_vs_algorithm(results)


def disagreeing(stage: fig55.FigureStage, trace: ab.Trace) -> set[ab.Path]:
    return {d.path for d in fig55.compare_stage(stage, trace)}


def ringed(fig) -> set[ab.Path]:
    """The nodes a drawing puts a marked-node ring around, read back from the drawn rings."""
    where = {(round(x, 6), round(y, 6)): p for p, (x, y) in tidy_layout(FIG).items()}
    found: set[ab.Path] = set()
    for coll in fig.axes[0].collections:
        edges = coll.get_edgecolor()
        if len(edges) and to_hex(edges[0]).upper() == draw.PURPLE:
            found |= {where[(round(x, 6), round(y, 6))] for x, y in coll.get_offsets()}
    return found


def marks_drawn(fig) -> int:
    return sum(t.get_text() == MARK for t in fig.axes[0].texts)


# -- the marks are the disagreements -------------------------------------------------

@pytest.mark.parametrize("edition", [3, 4])
@pytest.mark.parametrize("label", LABELS)
def test_both_drawings_mark_exactly_the_nodes_that_disagree(results, edition, label):
    trace = results["3rd edition" if edition == 3 else "4th edition"].trace
    stage = fig55.stage(label)
    expected = disagreeing(stage, trace)
    assert set(disagreeing_nodes(label, trace)) == expected

    figure = draw_stage(FIG, stage, highlight=disagreeing_nodes(stage, trace))
    algorithm = draw_stage_frame(trace, stage)
    assert ringed(figure) == expected
    assert ringed(algorithm) == expected
    # Not colour alone: each marked node also carries the ≠ as text.
    assert marks_drawn(figure) == marks_drawn(algorithm) == len(expected)


@pytest.mark.parametrize("label", LABELS)
def test_widget_highlights_the_disagreements_of_each_stage(widget, results, label):
    for edition, result in results.items():
        widget.use(edition)
        widget.go(label)
        expected = fig55.compare_stage(fig55.stage(label), result.trace)
        assert widget.current == expected
        assert set(widget.highlighted) == {d.path for d in expected}
        text = widget.disagreements
        for d in expected:
            assert re.sub("'", "&#x27;", d.reason) in text
        if not expected:
            assert "no disagreement" in text


def test_there_is_something_to_show(results):
    # Like with like (test_fig55.py): (a)-(d) and (f) agree, (e) and (e+) do not, in both editions.
    for result in results.values():
        marked = [bool(disagreeing_nodes(label, result.trace)) for label in LABELS]
        assert marked == [False, False, False, False, True, True, False]


def test_stage_styles_draw_ranges_and_dim_what_the_figure_has_not_reached():
    s = stage_styles(FIG, "e")
    assert s[()].annotation == "[3, 14]" and s[(2,)].annotation == "[−∞, 14]"
    assert s[(2, 0)].outline_style == "-"          # d1 = 14 is seen
    assert s[(2, 1)].outline_style == ":"          # d2 is not, yet
    assert s[(2, 1)].status is ab.Status.UNVISITED  # d2 may still matter: D ≤ 14 does not rule it out
    # C ≤ 2 while A ≥ 3: the figure's own ranges rule c2 and c3 out, so they are drawn pruned, as a search draws them.
    assert s[(1, 1)].status is s[(1, 2)].status is ab.Status.PRUNED
    assert not any(st.status is ab.Status.PRUNED for st in stage_styles(FIG, "c").values())
    a = stage_styles(FIG, "a")
    assert a[(1,)].outline_style == ":" and a[(1,)].annotation == ""  # C is drawn blank
    assert not any(st.mark for st in a.values())


# -- the widget follows its controls ---------------------------------------------

def marked_in(states: list, layout: list) -> set[ab.Path]:
    """The nodes a page draws marked (ring and ≠), read back from the node states it is given."""
    return {tuple(int(k) for k in layout[i]["path"].split(".")) if layout[i]["path"] else ()
            for i, st in enumerate(states) if st is not None and st[3] & MARKED}


def test_the_page_data_marks_exactly_the_disagreements_on_both_trees(results):
    w = figure_vs_algorithm(results)
    layout = w.figure["layout"]["nodes"]
    for x in w.figure["searches"]:
        trace = results[x["label"]].trace
        assert x["steps"] == len(trace)
        for label, st in zip(LABELS, x["stages"]):
            expected = disagreeing(fig55.stage(label), trace)
            assert marked_in(st["figure"], layout) == marked_in(st["algorithm"], layout) == expected
            assert st["marked"] == [trace.name(p) for p in FIG.nodes if p in expected]
            assert st["step"] == fig55.stage_step(fig55.stage(label), trace)


def test_the_algorithm_side_is_the_steppers_frame_at_the_stages_step(results):
    # One encoding, one drawing: the page draws the stage's step as the stepper draws that step.
    w = figure_vs_algorithm(results)
    for x in w.figure["searches"]:
        data = frame_data(results[x["label"]].trace)
        assert data["layout"] == w.figure["layout"]
        from abteach.views.frame_data import replay
        for st in x["stages"]:
            plain = [None if v is None else [*v[:3], v[3] & ~MARKED, *v[4:]] for v in st["algorithm"]]
            assert plain == replay(data, st["step"])["nodes"]


def test_the_figure_side_draws_each_reached_nodes_range(results):
    w = figure_vs_algorithm(results)
    layout = w.figure["layout"]["nodes"]
    paths = [tuple(int(k) for k in n["path"].split(".")) if n["path"] else () for n in layout]
    for label, st in zip(LABELS, w.figure["searches"][0]["stages"]):
        styles = stage_styles(FIG, label)
        for p, state in zip(paths, st["figure"]):
            assert state[2] == ([styles[p].annotation] if styles[p].annotation else [])
            assert state[0] == {None: "d", ab.Status.UNVISITED: "u", ab.Status.PRUNED: "p"}[styles[p].status]


def test_every_stage_shows_something_new_on_both_sides(results):
    w = figure_vs_algorithm(results)
    seen_figure, seen_algorithm, seen_text = set(), set(), set()
    for label in LABELS:
        w.go(label)
        assert w.stage == label
        shown = w.shown()
        seen_figure.add(repr(shown["figure"]))
        seen_algorithm.add(repr(shown["algorithm"]))
        seen_text.add(w.disagreements)
    # Every stage draws something new on both sides.
    assert len(seen_figure) == len(seen_algorithm) == len(seen_text) == len(LABELS)


def test_the_printed_pictures_change_when_the_stage_changes(results):
    w = figure_vs_algorithm(results)
    seen_figure, seen_algorithm = set(), set()
    for label in LABELS:
        w.go(label)
        figure, algorithm = w.figure_png(), w.algorithm_png()
        assert figure.startswith(PNG_MAGIC) and algorithm.startswith(PNG_MAGIC)
        seen_figure.add(figure)
        seen_algorithm.add(algorithm)
    assert len(seen_figure) == len(seen_algorithm) == len(LABELS)


def test_setting_the_stage_as_the_page_does_shows_its_stage(results):
    w = figure_vs_algorithm(results)
    before = (w.shown()["figure"], w.shown()["algorithm"], w.disagreements)
    w.stage = "e"  # what the page's model holds after a key press
    after = (w.shown()["figure"], w.shown()["algorithm"], w.disagreements)
    assert all(a != b for a, b in zip(before, after))
    assert "A&#x27;s running v = 3 establishes A ≥ 3, not A in [3, 14]" in w.disagreements


def test_the_search_switch_changes_the_algorithm_side(results):
    w = figure_vs_algorithm(results, start="d")
    third = w.shown()["algorithm"]
    w.search = "4th edition"
    assert w.search == "4th edition" and w.stage == "d"
    assert w.shown()["algorithm"] != third
    # The windows differ (C's is (3, 2) in the 4th edition), what is established does not.
    assert "(α=3, β=2)" in w.nodes
    assert "no disagreement" in w.disagreements


def test_every_search_is_in_the_page_and_one_search_is_one(results):
    w = figure_vs_algorithm({"3rd edition": results["3rd edition"]})
    assert [x["label"] for x in w.figure["searches"]] == ["3rd edition"]
    both = figure_vs_algorithm(results).figure["searches"]
    assert [x["label"] for x in both] == list(results)
    assert all(len(x["stages"]) == len(LABELS) for x in both)


def test_the_page_is_the_steppers_module(widget):
    # One drawing implementation: the view's front end is the stepper's module, which draws it.
    assert widget._esm == ESM_PATH.read_text(encoding="utf-8")
    assert "export function mountFigure" in widget._esm and "export function treeView" in widget._esm


def test_static_fallback_is_a_picture_and_a_stable_line(results):
    w = figure_vs_algorithm(results, start="e")
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"].startswith(PNG_MAGIC)
    both = Image.open(io.BytesIO(data["image/png"]))
    left = Image.open(io.BytesIO(w.figure_png()))
    assert both.width > 2 * left.width - 10  # the two drawings side by side
    assert data["text/plain"] == plain_text("FigureVsAlgorithm(3rd edition, stage (e) at step 40 of 55: 1 disagreement at A)")
    assert data["text/plain"].startswith("The textbook's figure beside the algorithm")
    assert "application/vnd.jupyter.widget-view+json" in data
    # The same widget state gives the same bytes, so stored notebooks stay stable.
    assert figure_vs_algorithm(results, start="e").png() == w.png()
    # The picture follows the stage shown.
    w.go("f")
    assert w.png() != data["image/png"]


def test_the_offline_copy_carries_every_stage_of_every_search(results):
    w = figure_vs_algorithm(results, start="e")
    w.use("4th edition")
    page = offline_figure_html(w)
    data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
    assert data["figure"] == w.figure
    assert data["options"] == {"stage": "e", "search": "4th edition", "scale": w.scale}


def test_drawings_of_a_stage_stay_put_from_stage_to_stage(results):
    # One layout for every stage, so a node never jumps when the slider moves.
    sizes = {draw_stage(FIG, label).get_size_inches().tolist()[0] for label in LABELS}
    assert len(sizes) == 1


# -- errors ---------------------------------------------------------------------------

def test_bad_arguments(results):
    with pytest.raises(ValueError, match="at least one search"):
        figure_vs_algorithm({})
    with pytest.raises(ValueError, match="at least one stage"):
        figure_vs_algorithm(results, stages=())
    with pytest.raises(TypeError, match="dict of label to search result"):
        figure_vs_algorithm([results["3rd edition"]])
    with pytest.raises(KeyError, match=r"no stage 'g'; the stages are \['a', 'b', 'c', 'd', 'e', 'e\+', 'f'\]"):
        figure_vs_algorithm(results, start="g")
    w = figure_vs_algorithm(results)
    with pytest.raises(KeyError, match="no stage 'z'"):
        w.go("z")
    with pytest.raises(KeyError, match=r"no search '5th edition'; the searches are \['3rd edition', '4th edition'\]"):
        w.use("5th edition")
    with pytest.raises(KeyError, match="no stage 'z'"):
        w.stage = "z"
    assert w.stage == "a" and w.search == "3rd edition"
    with pytest.raises(ValueError, match="has no trace"):
        figure_vs_algorithm({"untraced": ab.alphabeta(FIG, trace=False)})
    with pytest.raises(TypeError, match="search result or a Trace"):
        figure_vs_algorithm({"x": 3})
    with pytest.raises(KeyError, match="no stage 'g'"):
        draw_stage(FIG, "g")
    with pytest.raises(KeyError, match="no stage 'g'"):
        draw_stage_frame(results["3rd edition"].trace, "g")
    with pytest.raises(TypeError, match="FigureStage or its label"):
        draw_stage(FIG, 3)
    with pytest.raises(ValueError, match="cannot mark the node at path 7"):
        draw_stage(FIG, "a", highlight=[(7,)])


def test_a_search_of_another_tree_fails_with_fig55s_message():
    with pytest.raises(ValueError, match=r"stage \(a\)"):
        figure_vs_algorithm({"tutorial": ab.alphabeta(ab.examples.TUTORIAL)})


def test_a_minimax_trace_is_refused():
    with pytest.raises(ValueError, match="alpha-beta"):
        figure_vs_algorithm({"minimax": ab.minimax(FIG)})


# -- the drawing layer's marks --------------------------------------------------------

def test_mark_nodes_and_legend():
    tr = ab.alphabeta(FIG).trace
    fig = draw.draw_frame(tr, 29, highlight=[(1,)], mark_label="look here")
    assert ringed(fig) == {(1,)}
    legend_texts = [t.get_text() for t in fig.texts]
    assert "≠ look here" in legend_texts
    plain = draw.draw_frame(tr, 29)
    assert ringed(plain) == set() and "≠ look here" not in [t.get_text() for t in plain.texts]
    with pytest.raises(ValueError, match="empty one"):
        draw.mark_nodes(draw.tree_styles(FIG), [(1,)], mark="")
    with pytest.raises(ValueError, match="nothing to draw"):
        draw.draw_styles({})


@pytest.mark.parametrize("label", LABELS)
def test_stage_table_has_a_row_per_node_and_flags_exactly_the_disagreements(results, label):
    for result in results.values():
        t = stage_table(label, result.trace)
        stage = fig55.stage(label)
        assert [r[0] for r in t.rows] == [FIG.name(p) for p in FIG.nodes if p in stage.ranges]
        verdict = STAGE_COLUMNS.index("verdict")
        flagged = {r[0] for r in t.rows if r[verdict] != "agrees"}
        assert flagged == {FIG.name(p) for p in disagreeing(stage, result.trace)}
        assert all(r[verdict] == "agrees" or r[verdict].startswith(MARK) for r in t.rows)


def test_the_widget_shows_every_node_of_the_stage(results):
    w = figure_vs_algorithm(results, start="e")
    for name, verdict in [("A", f"{MARK} range"), ("D", "agrees")]:
        assert f"<td style='text-align:left'>{name}</td>" in w.nodes
        assert verdict in w.nodes
    w.go("a")
    assert w.nodes == stage_table("a", results["3rd edition"].trace)._repr_html_()


# -- the widget's layout -------------------------------------------------------------------

def test_both_drawings_of_every_stage_and_search_share_one_canvas(results):
    w = figure_vs_algorithm(results, size="projector")
    sizes = set()
    for edition in results:
        w.use(edition)
        for label in LABELS:
            w.go(label)
            for png in (w.figure_png(), w.algorithm_png()):
                sizes.add(Image.open(io.BytesIO(png)).size)
    assert len(sizes) == 1


def test_each_drawing_has_its_title_above_it_once(results):
    w = figure_vs_algorithm(results, start="e")
    step = fig55.stage_step(fig55.stage("e"), results["3rd edition"].trace)
    sentence = results["3rd edition"].trace.frame(step).explanation
    shown = w.heading + w.figure_title + w.algorithm_title
    assert shown.count(sentence) == 1 and sentence in w.algorithm_title
    assert "Fig. 5.5 (e), as drawn in the book" in w.figure_title
    # The pictures themselves carry no caption: they are the drawings without one, on the canvas.
    plain = draw_stage_frame(results["3rd edition"].trace, "e", caption=False, size="screen", canvas=w.canvas)
    assert Image.open(io.BytesIO(w.algorithm_png())).size == Image.open(io.BytesIO(figure_bytes(plain))).size
    # Left and right are not words the heading may use: the drawings stack where the screen is narrow.
    assert "Left" not in w.heading and "Right" not in w.heading


def test_projector_drawings_are_drawn_larger_in_the_page(results):
    # The page draws α, β and v at 13 px times its scale: on a projector above the 14 px a hall needs.
    from abteach.views.sizes import SIZES
    w = figure_vs_algorithm(results, size="projector")
    assert 13 * w.scale >= 14 and figure_vs_algorithm(results).scale == 1.0
    assert SIZES["projector"].small_px >= 14  # and the printed picture's, as before
