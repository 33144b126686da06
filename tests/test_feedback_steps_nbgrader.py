"""Issue 28, end to end with real nbgrader: the feedback page steps a failed search beside the correct one.

On a copy of the course with its own configuration and bubblewrap, ``write-the-search`` is handed in by an
honest student, a student with a classic mistake, and the hostile hand-ins of
``course/samples/redteam/hostile_feedback_steps.py``; then autograde and generate_feedback run once for all.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader")

from tests.nbgrading import answered, graded, released  # noqa: E402
from tests.samples import redteam  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "write-the-search"
ANSWER = "alpha_beta_search"
TEST = "test_alpha_beta_search"

attacks = redteam("hostile_feedback_steps")

pytestmark = [pytest.mark.sandbox]

SAMPLES = ROOT / "course" / "samples"
STUDENTS = {
    "honest": (SAMPLES / "correct_3rd_edition.py").read_text(),
    "buggy": (SAMPLES / "bug_alpha_in_min.py").read_text(),
    "forger": (SAMPLES / "correct_3rd_edition.py").read_text() + attacks.forged_steps_cell(),
    "looper": attacks.LOOPING_SEARCH,
    "hidden-only": attacks.RIGHT_ON_PUBLIC_TREES_ONLY,
}


def graded_course(root: Path, students: dict[str, str]) -> Path:
    """A copy of the course at ``root`` with ``students``' answers handed in, autograded and given feedback."""
    released(root, ASSIGNMENT)
    graded(root, ASSIGNMENT, {student: answered({ANSWER: answer}) for student, answer in students.items()})
    return root


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    return graded_course(tmp_path_factory.mktemp("course"), STUDENTS)


def page(root: Path, student: str) -> str:
    return (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def grader_cell(root: Path, student: str) -> nbformat.NotebookNode:
    nb = nbformat.read(root / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == TEST)


def points(root: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s.student.id: gb.find_grade(TEST, ASSIGNMENT, ASSIGNMENT, s.student.id).score
                for s in gb.assignment_submissions(ASSIGNMENT)}


def payloads(html: str) -> list[dict]:
    return [json.loads(m.replace("<\\/", "</")) for m in
            re.findall(r"<script type=[\"']application/json[\"']>(.*?)</script>", html, re.S)]


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_a_failed_search_is_stepped_beside_the_correct_one_from_where_they_part(course):
    import abteach as ab
    from abteach.grading.autograde import outside_requests
    from abteach.grading.steps import MIME, read_steps
    cell = grader_cell(course, "buggy")
    kinds = [o.output_type for o in cell.outputs]
    assert kinds[0] == "error" and kinds.count("display_data") == 1  # nbgrader scores the error: 0 points
    steps = read_steps(next(o for o in cell.outputs if o.output_type == "display_data").data[MIME])
    html = page(course, "buggy")
    [data] = payloads(html)
    mine, right = (x["data"] for x in data["searches"])
    # Independently: the mistake's own search of the same tree, read call by call from its trace.
    tree = ab.examples.ALL[steps.tree]
    correct_calls = [(e.kind, e.node) for e in ab.alphabeta(tree).trace.events
                     if (e.kind == "enter" and e.node != ()) or e.kind == "leaf"]
    student_calls = [("enter" if k == "generate" else "leaf", p) for k, p in steps.calls]
    first = next(k for k, (a, b) in enumerate(zip(student_calls, correct_calls)) if a != b)
    assert data["options"]["step"] == first + 1
    assert len(right["steps"]) == len(correct_calls) + 2 and len(mine["steps"]) == len(student_calls) + 2
    assert points(course)["buggy"] == 0 and points(course)["honest"] > 0
    assert html.count('<script type="module">') == 1  # the module, once, inlined: nothing fetched
    assert outside_requests(html) == []


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_a_correct_search_gets_no_stepper_and_full_marks(course):
    assert payloads(page(course, "honest")) == []
    assert "abs-feedback-steps" not in page(course, "honest")


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_steps_displayed_by_a_students_own_cell_are_never_read_and_change_no_mark(course):
    # The student's own cell shows its source (escaped, as text); nothing of it is drawn or run.
    html = page(course, "forger")
    assert payloads(html) == [] and "abs-feedback-steps" not in html
    assert f"<script>document.title='{attacks.SCRIPT_MARK}'" not in html
    assert points(course)["forger"] == points(course)["honest"]


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_a_looping_search_is_stepped_through_its_first_calls_alone(course):
    from abteach.grading.game import CALL_LIMIT
    html = page(course, "looper")
    [data] = payloads(html)
    mine = data["searches"][0]["data"]
    assert len(mine["steps"]) == CALL_LIMIT + 2
    assert "more calls, not shown" in mine["steps"][-1]["sentence"]
    assert len(html) < 3_000_000
    assert points(course)["looper"] == 0


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_a_search_that_fails_only_on_hidden_trees_shows_no_stepper(course):
    # Its feedback names the hidden tree it fails on, as every feedback does, and no more: no call of it is kept.
    assert points(course)["hidden-only"] == 0
    assert [o.output_type for o in grader_cell(course, "hidden-only").outputs] == ["error"]
    assert payloads(page(course, "hidden-only")) == []


@pytest.mark.slow
@pytest.mark.timeout(1500)
def test_every_student_gets_a_feedback_page_whatever_the_others_handed_in(course):
    # One generate_feedback run for all: no hostile hand-in stops another student's page.
    for student in STUDENTS:
        assert "</html>" in page(course, student), student
