"""Red team, issue 28: attacks on the feedback page's stepper of a student's search, in process.

The steps a page reads are checked as if a student wrote them (abteach.grading.steps.read_steps), read from
the grader's own test-cell outputs alone (abteach.cli.TakeSearchSteps), and drawn with nothing of theirs
but which calls were made (abteach.widgets.feedback).  The end-to-end run with nbgrader is in
tests/test_feedback_steps_nbgrader.py; the hostile hand-ins in course/samples/redteam/hostile_feedback_steps.py.
"""

from __future__ import annotations

import html.parser
import json
import shutil

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbformat.v4 import new_code_cell, new_notebook, new_output

import abteach as ab
from abteach.grading.autograde import outside_requests
from abteach.cli import NO_STEPS, FEEDBACK_STEPPERS, ShowSearchSteps, TakeSearchSteps
from abteach.grading.game import CALL_LIMIT
from abteach.grading.steps import MIME, PUBLIC, RULES, TEXT_LIMIT, BadSteps, SearchSteps, read_steps
from abteach.views.frame_data import CURRENT, replay
from abteach.widgets.feedback import steps_html
from tests.samples import redteam

attacks = redteam("hostile_feedback_steps")

TEST_SOURCE = "ab.grading.require(ab.grading.check_alphabeta(alpha_beta_search))"
GOOD = SearchSteps("FIG_5_2", "textbook", (("generate", (0,)), ("generate", (0, 0)), ("score", (0, 0)),
                                           ("generate", (2,))), 4)


def grader_cell(outputs: list, source: str = TEST_SOURCE, grade_id: str = "test_ab"):
    cell = new_code_cell(source, outputs=outputs)
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "grade_id": grade_id,
                                 "points": 1, "schema_version": 3}
    return cell


def steps_output(data) -> nbformat.NotebookNode:
    return new_output("display_data", data={MIME: data})


def feedback(nb) -> nbformat.NotebookNode:
    """The two preprocessors as generate_feedback runs them (InertStudentContent between them)."""
    from abteach.grading.inert import InertStudentContent
    resources: dict = {}
    for step in (TakeSearchSteps(), InertStudentContent(), ShowSearchSteps()):
        nb, resources = step.preprocess(nb, resources)
    return nb


def scripts(page: str) -> list[tuple[dict, str]]:
    """Every <script> element of ``page``: its attributes and its text, as a browser's parser sees them."""
    found: list[tuple[dict, str]] = []

    class Parser(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == "script":
                found.append((dict(attrs), ""))

        def handle_data(self, data):
            if self.lasttag == "script" and found:
                found[-1] = (found[-1][0], found[-1][1] + data)
    Parser().feed(page)
    return found


# -- the data: checked as untrusted ---------------------------------------------------------------------------

@pytest.mark.parametrize("change, why", [
    ({"tree": "seeded-1"}, "shipped examples"),                         # a hidden tree, by name
    ({"tree": ["FIG_5_2"]}, "shipped examples"),
    ({"rule": "<b>"}, "rule"),
    ({"version": True}, "version"),
    ({"made": True}, "made"),
    ({"made": 1}, "made"),                                               # fewer than the calls kept
    ({"calls": [["generate", "7"]]}, "not a state"),                     # a path the tree has not
    ({"calls": [["score", "0"]]}, "not a state"),                        # scores a state that is no leaf
    ({"calls": [["generate", ""]]}, "not a state"),                      # the root is given, never generated
    ({"calls": [["delete", "0"]]}, "kind"),
    ({"calls": [["generate", "</script><script>alert(1)</script>"]]}, "kind"),
    ({"calls": [["generate", "0" + ".0" * 40]]}, "kind"),               # a path deeper than any tree
    ({"calls": [["generate", 0]]}, "kind"),
    ({"calls": "generate 0"}, "list"),
    ({"calls": [["generate", "0"]] * (CALL_LIMIT + 1), "made": CALL_LIMIT + 1}, "at most"),
    ({"extra": 1}, "dict of"),
])
def test_steps_that_are_not_the_graders_are_refused_naming_what_is_wrong(change, why):
    data = {**GOOD.to_json(), **change}
    with pytest.raises(BadSteps, match=why):
        read_steps(data)


def test_steps_text_too_long_or_nested_too_deep_is_refused_before_it_is_read():
    with pytest.raises(BadSteps, match="characters long"):
        read_steps(" " * (TEXT_LIMIT + 1))
    with pytest.raises(BadSteps):
        read_steps("[" * 100_000 + "]" * 100_000)  # past the JSON parser's depth: refused, not a crash
    with pytest.raises(BadSteps):
        read_steps([GOOD.to_json()])


def test_the_public_trees_and_rules_are_the_checks_own():
    from abteach.grading.checker import _hidden, grading_trees
    from abteach.lessons.answers import RULES as LESSON_RULES
    names = [name for name, _ in grading_trees(0)]
    assert tuple(n for k, n in enumerate(names) if k not in _hidden(names)) == PUBLIC
    assert RULES == tuple(LESSON_RULES)


calls_on = st.sampled_from(PUBLIC).flatmap(lambda name: st.tuples(st.just(name), st.lists(st.sampled_from(
    [("generate", n.path) for n in ab.examples.ALL[name].walk() if n.path != ()]
    + [("score", n.path) for n in ab.examples.ALL[name].walk() if n.is_leaf]), max_size=60)))


@settings(max_examples=40, deadline=None)
@given(calls_on, st.sampled_from(RULES), st.integers(0, 5))
def test_steps_written_are_read_back_the_same_and_step_call_by_call(case, rule, more):
    # The law: what the grader writes, the page reads back unchanged; step k is about the k-th call.
    name, calls = case
    steps = SearchSteps(name, rule, tuple(calls), len(calls) + more)
    assert read_steps(json.dumps(steps.to_json())) == steps
    right = ab.alphabeta(ab.examples.ALL[name], prune_on_tie=rule == "textbook").trace
    page = steps_html(steps, right)
    [(_, payload), (_, module)] = scripts(page)
    mine = json.loads(payload)["searches"][0]["data"]
    assert len(mine["steps"]) == len(calls) + 2
    paths = [n["path"] for n in mine["layout"]["nodes"]]
    for k, (_, path) in enumerate(calls, start=1):
        state = replay(mine, k)
        current = [paths[i] for i, s in enumerate(state["nodes"]) if s and s[3] & CURRENT]
        assert current == [".".join(map(str, path))]
    assert ("more calls, not shown" in mine["steps"][-1]["sentence"]) == (more > 0)


# -- the page: nothing of the student's runs, nothing is fetched, nothing blows up ----------------------------

def test_the_page_has_two_scripts_of_its_own_and_fetches_nothing():
    page = steps_html(GOOD, ab.alphabeta(ab.examples.FIG_5_2).trace)
    found = scripts(page)
    assert [attrs.get("type") for attrs, _ in found] == ["application/json", "module"]
    assert outside_requests(page) == []
    data = json.loads(found[0][1])
    assert data["options"]["step"] == 4  # the 4th call (D, where the correct search generates b2) is where they part
    assert data["searches"][0]["data"]["steps"][4]["sentence"].startswith("Your search generates D")


def test_forged_steps_in_a_students_cell_are_dropped_unread():
    forged = new_code_cell("x = 1", outputs=[steps_output(attacks.forged_steps("FIG_5_2"))])
    nb = feedback(new_notebook(cells=[forged, grader_cell([])]))
    text = json.dumps(nb)
    assert MIME not in text and "abs-feedback-steps" not in text and attacks.SCRIPT_MARK not in text


def test_a_cell_posing_as_a_test_of_something_else_is_not_read():
    # A grade cell whose source checks no search (a student may give their own cell that role) is not the grader's.
    cell = grader_cell([steps_output(GOOD.to_json())], source="print('all right')", grade_id="mine")
    nb = feedback(new_notebook(cells=[cell]))
    assert "abs-feedback-steps" not in json.dumps(nb)


@pytest.mark.parametrize("data", [attacks.forged_steps(), attacks.forged_steps("FIG_5_2"), "not json {",
                                  {"a": [[[[]]]]}, None, 12])
def test_bad_steps_in_a_test_cell_give_a_note_and_no_stepper_and_no_crash(data):
    nb = feedback(new_notebook(cells=[grader_cell([steps_output(data)])]))
    outputs = nb.cells[0].outputs
    assert [o.output_type for o in outputs] == ["stream"] and outputs[0].text == NO_STEPS + "\n"
    assert attacks.SCRIPT_MARK not in json.dumps(nb) and "seeded-1" not in json.dumps(nb)


def test_good_steps_in_a_test_cell_become_one_stepper_and_the_module_once():
    cells = [grader_cell([new_output("error", ename="GradingFailed", evalue="x", traceback=["x"]),
                        steps_output(GOOD.to_json())], grade_id=f"t{k}") for k in range(2)]
    nb = feedback(new_notebook(cells=cells))
    pages = [o.data["text/html"] for c in nb.cells for o in c.outputs if o.output_type == "display_data"]
    assert len(pages) == 2 and sum(p.count('<script type="module">') for p in pages) == 1
    assert [o.output_type for o in nb.cells[0].outputs] == ["error", "display_data"]  # the error is kept


def test_a_page_shows_a_bounded_number_of_steppers():
    cells = [grader_cell([steps_output(GOOD.to_json())] * 3, grade_id=f"t{k}") for k in range(FEEDBACK_STEPPERS)]
    nb = feedback(new_notebook(cells=cells))
    shown = [o for c in nb.cells for o in c.outputs if o.output_type == "display_data"]
    assert len(shown) == FEEDBACK_STEPPERS


def test_a_stepper_that_fails_to_draw_leaves_a_note_for_that_cell_alone(monkeypatch):
    import abteach.widgets.feedback as fb
    real = fb.steps_html
    seen = []

    def flaky(steps, right, module=True):
        seen.append(steps)
        if len(seen) == 1:
            raise RuntimeError("drawing failed")
        return real(steps, right, module=module)
    monkeypatch.setattr(fb, "steps_html", flaky)
    cells = [grader_cell([steps_output(GOOD.to_json())], grade_id=f"t{k}") for k in range(2)]
    nb = feedback(new_notebook(cells=cells))
    assert nb.cells[0].outputs[0].text == NO_STEPS + "\n"
    assert "export function mount" in nb.cells[1].outputs[0].data["text/html"]


def test_the_longest_trace_kept_makes_a_page_of_bounded_size():
    tree = ab.examples.ALL["FIG_5_2"]
    leaves = [n.path for n in tree.walk() if n.is_leaf]
    calls = tuple(("score", leaves[k % len(leaves)]) if k % 2 else ("generate", (k % 3,)) for k in range(CALL_LIMIT))
    page = steps_html(SearchSteps("FIG_5_2", "textbook", calls, 10 ** 9), ab.alphabeta(tree).trace)
    assert len(page) < 3_000_000
    assert read_steps(json.dumps(SearchSteps("FIG_5_2", "textbook", calls, 10 ** 9).to_json())).made == 10 ** 9


# -- the sandbox keeps calls of the public trees alone -------------------------------------------------------

@pytest.mark.sandbox
def test_the_sandbox_keeps_no_call_of_a_hidden_tree_and_a_loop_is_cut_at_the_limit():
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    hidden_only = ab.grading.check_alphabeta(attacks.RIGHT_ON_PUBLIC_TREES_ONLY, seed=0)
    assert not hidden_only.passed and hidden_only.steps is None
    looping = ab.grading.check_alphabeta(attacks.LOOPING_SEARCH, seed=0, time_limit=2)
    assert looping.failure == "timeout" and looping.steps is not None
    assert looping.steps.tree == PUBLIC[0] and len(looping.steps.calls) == CALL_LIMIT
    assert looping.steps.made > CALL_LIMIT
