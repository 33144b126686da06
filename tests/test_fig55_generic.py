"""The figure comparison takes any tree's stages, and names the book only for the book's.

The reference stages are a caller's figure for the tutorial tree (the same
ones as in test_fig55.py, where their disagreements are worked out by hand):
titles and sentences must not call them Fig. 5.5 or the book, and their labels
must be looked up among them, on their own tree.
"""

from __future__ import annotations

from math import inf

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

import abteach as ab  # noqa: E402
from abteach.lessons import fig55  # noqa: E402
from abteach.lessons.fig55 import FIG_5_5, FigureStage  # noqa: E402
from abteach.views.fig55 import (MARK, STAGE_COLUMNS, disagreeing_nodes, draw_stage, draw_stage_frame,  # noqa: E402
                                 stage_caption, stage_styles, stage_table)
from abteach.widgets.fig55_view import figure_vs_algorithm  # noqa: E402

TUT = ab.examples.TUTORIAL  # A -> B(D=3, E=5, F=6), C(G=9, H=1, I=2)
FIG = ab.examples.FIG_5_2
BOOKISH = ("Fig. 5.5", "book", "slides")


def tutorial_stages() -> tuple[FigureStage, ...]:
    mk = fig55.figure_stage
    return (
        mk(TUT, "1", {"A": (-inf, inf), "B": (-inf, 3), "C": None}, leaves=["D"], caption="D = 3, so B ≤ 3"),
        mk(TUT, "2", {"A": (3, 9), "B": (3, 3), "C": (-inf, 9)}, leaves=["D", "E", "F", "G"]),
        mk(TUT, "3", {"A": (3, 3), "B": None, "C": (-inf, 1), "I": (2, 2)}, leaves=["D", "E", "F", "G", "H"],
           caption="C ≤ 1"),
        mk(TUT, "x", {"A": (3, 3)}, leaves=["D", "E", "F", "G", "H"], in_book=False),
    )


STAGES = tutorial_stages()


@pytest.fixture(scope="module")
def trace() -> ab.Trace:
    return ab.alphabeta(TUT).trace


def texts(fig) -> list[str]:
    return [t.get_text() for t in fig.texts] + [t.get_text() for ax in fig.axes for t in ax.texts]


# -- which stages are the book's --------------------------------------------------------------

def test_only_the_books_stages_on_the_books_tree_are_the_book():
    assert fig55.is_fig_5_5(FIG_5_5) and fig55.is_fig_5_5(FIG_5_5[3:5]) and fig55.is_fig_5_5(FIG_5_5, FIG)
    assert all(fig55.is_fig_5_5(s) for s in FIG_5_5)
    assert not fig55.is_fig_5_5(STAGES) and not any(fig55.is_fig_5_5(s) for s in STAGES)
    assert not fig55.is_fig_5_5(())
    assert not fig55.is_fig_5_5([*FIG_5_5, STAGES[0]])
    # A stage rebuilt from the book's data is the book's; the same labels with other ranges are not.
    e = fig55.stage("e")
    assert fig55.is_fig_5_5(FigureStage(e.label, dict(e.ranges), e.caption, e.in_book, e.leaves_seen))
    assert not fig55.is_fig_5_5(FigureStage("e", {(): (3, 15)}, e.caption, e.in_book, e.leaves_seen))
    # The book's ranges on another tree of the same shape are not the book's figure.
    same_shape = ab.tree(FIG.to_nested())
    assert fig55.is_book_tree(FIG) and fig55.is_book_tree(ab.tree_from_json(FIG.to_json()))
    assert not fig55.is_book_tree(same_shape) and not fig55.is_fig_5_5(FIG_5_5, same_shape)


# -- titles and sentences ------------------------------------------------------------------------

def test_captions_name_the_book_only_for_its_stages():
    assert stage_caption(fig55.stage("e")).startswith("Fig. 5.5 (e), as drawn in the book\n")
    assert stage_caption(fig55.stage("e+")).startswith("Fig. 5.5 (e+), as drawn on some slides (not in the book)")
    assert stage_caption(STAGES[0]) == "The figure at stage (1)\nD = 3, so B ≤ 3"
    assert stage_caption(STAGES[1]) == "The figure at stage (2)"
    assert stage_caption(STAGES[3]) == "The figure at stage (x), an added stage"
    assert stage_caption(fig55.stage("e"), ab.tree(FIG.to_nested())).startswith("The figure at stage (e)")


def test_a_drawing_of_a_callers_stage_does_not_claim_the_book(trace):
    for s in STAGES:
        words = " ".join(texts(draw_stage(TUT, s)))
        assert f"The figure at stage ({s.label})" in words
        assert not any(b in words for b in BOOKISH), words
        words = " ".join(texts(draw_stage_frame(trace, s)))
        assert f"The algorithm (3rd edition) at stage ({s.label})" in words
        assert not any(b in words for b in BOOKISH), words
    # The book's stages keep their title.
    assert any(t.startswith("Fig. 5.5 (d), as drawn in the book") for t in texts(draw_stage(FIG, "d")))


def test_the_stage_table_of_a_callers_stage_does_not_claim_the_book(trace):
    t = stage_table(STAGES[2], trace)
    assert t.caption == f"The figure at stage (3) against the algorithm at step {fig55.stage_step(STAGES[2], trace)} " \
                        f"of {len(trace)}"
    assert stage_table("f", ab.alphabeta(FIG).trace).caption == "Fig. 5.5 (f) against the algorithm at step 55 of 55"


def test_the_widget_on_a_callers_stages_does_not_claim_the_book(trace):
    w = figure_vs_algorithm({"3rd edition": trace, "4th edition": ab.alphabeta(TUT, edition=4)}, STAGES)
    for s in STAGES:
        w.go(s.label)
        for edition in ("3rd edition", "4th edition"):
            w.use(edition)
            shown = w.heading + w.nodes + w.disagreements + repr(w)
            assert f"<b>The figure at stage ({s.label})</b>, the ranges it draws" in w.heading
            assert not any(b in shown for b in BOOKISH), shown
    book = figure_vs_algorithm({"3rd edition": ab.alphabeta(FIG)})
    assert "<b>Fig. 5.5 (a)</b>, the ranges it draws" in book.heading


# -- looking a stage up by its label ---------------------------------------------------------------

def test_labels_are_looked_up_in_the_stages_given(trace):
    # From test_fig55.py: at stage (3) B is reached but drawn blank and I is pruned, so those two
    # disagree; C's fail-low 1 establishes C ≤ 1, as drawn.  Stage (1) agrees everywhere.
    assert [trace.name(p) for p in disagreeing_nodes("3", trace, stages=STAGES)] == ["B", "I"]
    assert disagreeing_nodes("1", trace, stages=STAGES) == ()
    assert disagreeing_nodes("3", trace, stages=STAGES) == disagreeing_nodes(STAGES[2], trace)

    rows = stage_table("3", trace, stages=STAGES).rows
    verdict = STAGE_COLUMNS.index("verdict")
    assert [(r[0], r[verdict] != "agrees") for r in rows] == [("A", False), ("B", True), ("C", False), ("I", True)]
    assert all(r[verdict].startswith(MARK) for r in rows if r[verdict] != "agrees")

    styles = stage_styles(TUT, "3", stages=STAGES, highlight=[(1, 2)])
    assert styles[(1,)].annotation == "[−∞, 1]" and styles[(1, 2)].mark == MARK
    assert any(t.startswith("The figure at stage (2)") for t in texts(draw_stage(TUT, "2", stages=STAGES)))
    assert draw_stage_frame(trace, "2", stages=STAGES).axes


def test_a_label_alone_on_another_tree_says_what_to_pass(trace):
    # Before, "a" silently meant the book's stage (a) on the tutorial tree, and "1" was
    # looked up among the book's labels only.
    for call in (lambda: draw_stage(TUT, "a"), lambda: draw_stage(TUT, "1"),
                 lambda: disagreeing_nodes("1", trace), lambda: stage_table("2", trace),
                 lambda: draw_stage_frame(trace, "1"), lambda: stage_styles(TUT, "3")):
        with pytest.raises(KeyError) as err:
            call()
        message = str(err.value)
        assert "names a stage of Fig. 5.5, which is drawn on examples.FIG_5_2, not on this tree" in message
        assert "stages=" in message


def test_an_unknown_label_among_the_stages_given_lists_them(trace):
    with pytest.raises(KeyError, match=r"no stage 'a'; the stages are \['1', '2', '3', 'x'\]"):
        disagreeing_nodes("a", trace, stages=STAGES)


def test_the_widget_looks_labels_up_in_its_own_stages(trace):
    w = figure_vs_algorithm({"3rd edition": trace}, STAGES, start="3")
    assert w.stage == "3" and {trace.name(p) for p in w.highlighted} == {"B", "I"}
    with pytest.raises(KeyError, match=r"no stage 'a'; the stages are \['1', '2', '3', 'x'\]"):
        w.go("a")


# -- bad input to the figure views ------------------------------------------------------------------

def test_figure_views_check_their_arguments(trace):
    with pytest.raises(TypeError, match="tree must be the abteach.Tree the stages are drawn on, not Trace"):
        draw_stage(trace, STAGES[0])
    with pytest.raises(TypeError, match="highlight must be a collection of paths .* not the string 'B'"):
        draw_stage(TUT, STAGES[0], highlight="B")
    with pytest.raises(TypeError, match=r"the single path \(0,\): write \[\(0,\)\]"):
        draw_stage_frame(trace, STAGES[0], highlight=(0,))
    with pytest.raises(ValueError, match="cannot mark the node at path 5: it is not a node of this tree"):
        stage_styles(TUT, STAGES[0], highlight=[(5,)])
    with pytest.raises(TypeError, match="caption must be True or False, not 'no'"):
        draw_stage(TUT, STAGES[0], caption="no")
    with pytest.raises(TypeError, match="label must be a string, not 4"):
        draw_stage_frame(trace, STAGES[0], label=4)

