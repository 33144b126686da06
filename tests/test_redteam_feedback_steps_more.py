"""Red team, issue 28, second round, in process: hostile data and hand-ins against the feedback stepper.

The hand-ins are in course/samples/redteam/hostile_feedback_steps_more.py; the same run through real nbgrader is
tests/test_redteam_feedback_steps_nbgrader.py, and in Chromium tests/browser/test_redteam_feedback_steps_browser.py.
Each test asserts the safe behaviour: it fails where an attack works.
"""

from __future__ import annotations

import json
import shutil

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

import abteach as ab
from abteach.cli import FEEDBACK_STEPPERS, NO_STEPS
from abteach.grading.autograde import outside_requests
from abteach.grading.game import CALL_LIMIT, GradingGame
from abteach.grading.steps import MIME, PUBLIC, SearchSteps
from tests.samples import redteam
from tests.test_redteam_feedback_steps import GOOD, feedback, grader_cell, scripts, steps_output

attacks = redteam("hostile_feedback_steps_more")


def played(source: str, tree_name: str, name: str = "alpha_beta_search") -> SearchSteps:
    """The steps the grading game keeps of ``source``'s search of the public tree ``tree_name`` (run here, as the
    sandbox's child runs it, on the grader's own game)."""
    space: dict = {}
    exec(compile(source, "<hand-in>", "exec"), space)  # the course's own sample, not a student's file
    game = GradingGame(ab.examples.ALL[tree_name])
    try:
        space[name](game, game.initial)
    except Exception:  # noqa: BLE001 - a hostile search's own error: what it asked before it is what counts
        pass
    return SearchSteps(tree_name, "textbook", tuple(game.calls), game.made)


def loose_notebook(cells) -> "nbformat.NotebookNode":
    """A notebook of ``cells``, not validated: nbformat.read logs an invalid notebook and returns it all the same."""
    return nbformat.from_dict({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def pages(nb) -> list[str]:
    return [o.data["text/html"] for c in nb.cells for o in c.get("outputs", []) if o.output_type == "display_data"
            and "text/html" in o.data]


# -- the largest page a search can make -----------------------------------------------------------------------

@pytest.mark.parametrize("name", PUBLIC)
def test_the_fullest_stepper_a_search_can_make_keeps_the_page_small(name):
    # The filler leaves each call on the far side of the tree from the last, scoring every leaf again and again,
    # past the calls kept: on a page with as many steppers as a page shows, the page stays a few megabytes.
    steps = played(attacks.FILLER, name)
    assert len(steps.calls) == CALL_LIMIT and steps.made > CALL_LIMIT
    cells = [grader_cell([steps_output(steps.to_json())] * 2, grade_id=f"t{k}") for k in range(FEEDBACK_STEPPERS + 2)]
    nb = feedback(new_notebook(cells=cells))
    drawn = pages(nb)
    assert len(drawn) == FEEDBACK_STEPPERS
    assert sum(map(len, drawn)) < 3_000_000
    data = json.loads(scripts(drawn[0])[0][1])
    assert len(data["searches"][0]["data"]["steps"]) == CALL_LIMIT + 2


# -- whatever a test cell's output holds: a note or the grader's stepper, never an error ----------------------

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                           | st.text(max_size=30), lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=5), max_leaves=30)
near_steps = st.fixed_dictionaries({
    "version": st.sampled_from([1, 1.0, "1", 2, True]),
    "tree": st.sampled_from([*PUBLIC, "seeded-1", "FIG_5_2 ", "fig_5_2", "</script>", "FIG_5_2\u200b"]),
    "rule": st.sampled_from(["textbook", "strict", "TEXTBOOK", "<b>x</b>"]),
    "calls": st.lists(st.lists(st.sampled_from(["generate", "score", "0", "0.0", "2.2", "", "0.", ".0", "00",
                                                "0.0.0", "\u0660", "１", "0\n", "</script>"]), min_size=0,
                               max_size=3), max_size=8),
    "made": st.sampled_from([0, 1, 3, 8, 10 ** 12, 10 ** 13, -1, 2.5, True, None])})


@settings(max_examples=150, deadline=None)
@given(st.one_of(json_values, near_steps, near_steps.map(json.dumps)))
def test_any_data_in_a_test_cell_gives_a_note_or_a_public_stepper_and_never_an_error(data):
    nb = feedback(new_notebook(cells=[grader_cell([steps_output(data)])]))
    [out] = nb.cells[0].outputs
    if out.output_type == "stream":
        assert out.text == NO_STEPS + "\n"
        return
    page = out.data["text/html"]
    assert [attrs.get("type") for attrs, _ in scripts(page)] == ["application/json", "module"]
    payload = json.loads(scripts(page)[0][1])
    assert any(f" on {name} (" in page for name in PUBLIC)
    assert "</script>" not in scripts(page)[0][1] and outside_requests(page) == []
    assert [x["label"] for x in payload["searches"]] == ["your search", "correct search"]


@pytest.mark.parametrize("outputs", [
    [{"output_type": "stream", "name": "stdout", "text": MIME}],
    [{"output_type": "execute_result", "data": {MIME: GOOD.to_json()}, "metadata": {}, "execution_count": 1}],
    [{"output_type": "error", "ename": MIME, "evalue": json.dumps(GOOD.to_json()), "traceback": []}],
])
def test_odd_outputs_of_a_test_cell_neither_stop_the_page_nor_pass_for_more_than_one_stepper(outputs):
    # (Outputs nbformat's schema refuses cannot reach the page: autograde writes every output of the notebook.)
    cell = grader_cell([nbformat.from_dict(o) for o in outputs])
    nb = feedback(new_notebook(cells=[new_markdown_cell("<b>x</b>"), cell]))
    assert len(pages(nb)) <= 1
    assert MIME not in json.dumps([o.get("data", {}) for o in nb.cells[1].outputs])


def test_steps_in_a_markdown_cell_or_a_cell_without_outputs_are_ignored():
    md = new_markdown_cell("x")
    md["outputs"] = [steps_output(GOOD.to_json())]  # not a field of a markdown cell: never read
    nb = feedback(loose_notebook([md, new_code_cell("x = 1"), grader_cell([])]))
    assert pages(nb) == []


# -- the hostile searches, in the grader's sandbox ------------------------------------------------------------

@pytest.mark.sandbox
@pytest.mark.parametrize("name", ["HOOKED_BUGGY", "THREADED", "WEIRD", "FILLER"])
def test_hostile_searches_get_a_public_stepper_with_nothing_of_theirs_on_the_page(name):
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    report = ab.grading.check_alphabeta(getattr(attacks, name), seed=0)
    assert not report.passed and report.score == 0 if name != "HOOKED_BUGGY" else not report.passed
    if report.steps is None:
        return
    assert report.steps.tree in PUBLIC and len(report.steps.calls) <= CALL_LIMIT
    nb = feedback(new_notebook(cells=[grader_cell([steps_output(report.steps.to_json())])]))
    [page] = pages(nb)
    assert attacks.SCRIPT_MARK not in page and "\u202e" not in page
    assert [attrs.get("type") for attrs, _ in scripts(page)] == ["application/json", "module"]


@pytest.mark.sandbox
def test_a_hooked_search_is_graded_as_the_same_bug_alone():
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    hooked = ab.grading.check_alphabeta(attacks.HOOKED_BUGGY, seed=0)
    alone = ab.grading.check_alphabeta(attacks.ALPHA_IN_MIN, seed=0)
    assert (hooked.score, hooked.diagnosis, hooked.steps) == (alone.score, alone.diagnosis, alone.steps)
    assert hooked.steps == played(attacks.ALPHA_IN_MIN, hooked.steps.tree)


@pytest.mark.sandbox
def test_what_a_search_saw_of_the_hidden_trees_cannot_reach_a_later_checks_stepper():
    # The dropper explores every tree, hidden ones too, and writes what it saw wherever it can; the reader, a later
    # check (the notebook's next test cell), would show in its first call on a public tree whether anything came
    # through.  Each check's sandbox starts empty: the reader's steps are those of a reader that ran alone.
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    dropped = ab.grading.check_alphabeta(attacks.DROPPER, seed=0)
    assert not dropped.passed
    read = ab.grading.check_alphabeta(attacks.READER, seed=0)
    assert read.steps is not None and read.steps.tree == PUBLIC[0]
    first = ab.examples.ALL[PUBLIC[0]].root.children[0].path
    assert read.steps.calls == (("generate", first),)


@pytest.mark.sandbox
def test_messages_forged_on_the_graders_channel_add_no_call_to_the_steps():
    # The calls kept are the grading game's own record of what it answered, never what the child says it did.
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    report = ab.grading.check_alphabeta(attacks.CHANNEL_WRITER, seed=0)
    assert not report.passed and report.score == 0
    tree = ab.examples.ALL[PUBLIC[0]]
    last = len(tree.root.children) - 1
    expected = (("generate", (0,)), ("generate", (0, 0)), ("generate", (last,)))  # its three real calls
    assert report.steps is not None and report.steps.calls == expected and report.steps.made == 3
    assert all(path in tree.nodes for _, path in report.steps.calls)
    nb = feedback(new_notebook(cells=[grader_cell([steps_output(report.steps.to_json())])]))
    [page] = pages(nb)
    assert attacks.SCRIPT_MARK not in page and "onerror" not in page
