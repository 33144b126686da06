"""Red team, issue 28, second round, end to end with real nbgrader: hostile hand-ins against the feedback stepper.

On a copy of the course with its own configuration and bubblewrap, ``write-the-search`` is handed in by an
honest student, a student with the alpha-in-min bug, and the hand-ins of
``course/samples/redteam/hostile_feedback_steps_more.py``; autograde and generate_feedback run once for all.
Each test asserts the safe behaviour: it fails where an attack works.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

pytest.importorskip("nbgrader")

from tests.nbgrading import Hand, answered, graded as graded_by_nbgrader, released  # noqa: E402
from tests.samples import redteam  # noqa: E402
from tests.test_feedback_steps_nbgrader import ASSIGNMENT, SAMPLES, TEST  # noqa: E402

attacks = redteam("hostile_feedback_steps_more")

pytestmark = [pytest.mark.sandbox, pytest.mark.slow, pytest.mark.timeout(1800)]


def _answers(answer: str, strict: str | None = None) -> Hand:
    strict_cell = {} if strict is None else {"alpha_beta_search_strict": strict}
    return answered({"alpha_beta_search": answer, **strict_cell})


def _cloned(cells: list[Any]) -> list[Any]:
    cells = _answers(attacks.ALPHA_IN_MIN)(cells)
    at = next(k for k, c in enumerate(cells) if c.metadata.get("nbgrader", {}).get("grade_id") == TEST)
    clones = [nbformat.from_dict(c) for c in attacks.cloned_tests(cells[at])]
    return cells[:at + 1] + clones + cells[at + 1:]


def _cloned_without_ids(cells: list[Any]) -> list[Any]:
    cells = _cloned(cells)
    for cell in cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id", "").startswith("my_own_test_"):
            del cell.metadata["nbgrader"]["grade_id"]
    return cells


STUDENTS: dict[str, Hand] = {
    "honest": _answers((SAMPLES / "correct_3rd_edition.py").read_text()),
    "buggy": _answers(attacks.ALPHA_IN_MIN),
    "hooked": _answers(attacks.HOOKED_BUGGY),
    "threaded": _answers(attacks.THREADED),
    "weird": _answers(attacks.WEIRD),
    "filler": _answers(attacks.FILLER, attacks.FILLER),
    "cloner": _cloned,
    "cloner-no-ids": _cloned_without_ids,
}


def graded(root: Path, students: dict[str, Hand]) -> tuple[Path, dict[str, Any]]:
    """A copy of the course at ``root`` with ``students``' notebooks handed in, autograded and given feedback;
    and each nbgrader step's result."""
    released(root, ASSIGNMENT)
    return root, graded_by_nbgrader(root, ASSIGNMENT, students, check=False)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    return graded(tmp_path_factory.mktemp("course"), STUDENTS)


def page(root: Path, student: str) -> str:
    return (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def payloads(html: str) -> list[dict]:
    return [json.loads(m.replace("<\\/", "</")) for m in
            re.findall(r"<script type=[\"']application/json[\"']>(.*?)</script>", html, re.S)]


def scores(root: Path) -> dict[str, tuple[float, float]]:
    """Each student's points for the search's test, and for the whole notebook."""
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s.student.id: (gb.find_grade(TEST, ASSIGNMENT, ASSIGNMENT, s.student.id).score, s.score)
                for s in gb.assignment_submissions(ASSIGNMENT)}


def test_autograde_and_generate_feedback_finish_for_the_whole_class(course):
    root, results = course
    for step, done in results.items():
        assert done.returncode == 0, f"{step}: {done.stderr[-3000:]}"
    for student in STUDENTS:
        assert page(root, student).startswith("<!DOCTYPE html>") or "<html" in page(root, student)[:500]


def test_no_hostile_hand_in_changes_a_mark(course):
    root, _ = course
    got = scores(root)
    assert got["honest"][0] > 0 and got["buggy"][0] == 0
    # The cloned test cells are plain cells of the student's: no point more than the same bug alone.
    for student in ("hooked", "threaded", "weird", "filler", "cloner", "cloner-no-ids"):
        assert got[student][0] == 0, student
        assert got[student][1] <= got["buggy"][1], student


def test_steps_forged_into_the_test_cells_outputs_by_kernel_hooks_are_not_shown(course):
    # The same bug, with hooks that display forged (valid-looking) steps and markup in the test cell as it runs:
    # the page shows the grader's stepper alone, drawn from the same calls as the student with the bug alone.
    root, _ = course
    hooked, buggy = page(root, "hooked"), page(root, "buggy")
    assert payloads(hooked) == payloads(buggy) and len(payloads(buggy)) == 1
    forged = attacks.forged_valid_steps()["calls"]
    mine = payloads(hooked)[0]["searches"][0]["data"]["steps"]
    assert len(mine) != len(forged) + 2
    # The student's source shows the planted block as escaped text; as an element, only the grader's is there.
    drawn = re.compile(r"<div class=[\"']abs-feedback-steps[\"']>")
    assert len(drawn.findall(hooked)) == len(drawn.findall(buggy)) == 1
    autograded = nbformat.read(root / "autograded" / "hooked" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    cell = next(c for c in autograded.cells if c.metadata.get("nbgrader", {}).get("grade_id") == TEST)
    assert attacks.SCRIPT_MARK not in json.dumps(cell.outputs)


@pytest.mark.parametrize("student", list(STUDENTS))
def test_no_page_carries_a_students_script_or_fetches_anything(course, student):
    from abteach.grading.autograde import outside_requests
    html = page(course[0], student)
    assert f"<script>document.title='{attacks.SCRIPT_MARK}'" not in html
    assert "<script>document.title=" not in html
    assert outside_requests(html) == []
    assert "198.51.100.7" not in html or "<img src='http://198.51.100.7" not in html
    # Only the grader's steppers, and the module at most once.
    assert html.count('<script type="module">') <= 1
    for data in payloads(html):
        from abteach.grading.steps import PUBLIC
        assert data["searches"][0]["data"]["title"] == "Your search"
        assert all(n["path"] is not None for n in data["searches"][0]["data"]["layout"]["nodes"])
        assert any(f"on {name} (" in html for name in PUBLIC)


def test_a_page_filled_with_the_most_calls_stays_small(course):
    from abteach.cli import FEEDBACK_STEPPERS
    from abteach.grading.game import CALL_LIMIT
    html = page(course[0], "filler")
    found = payloads(html)
    assert 1 <= len(found) <= FEEDBACK_STEPPERS
    for data in found:
        assert len(data["searches"][0]["data"]["steps"]) == CALL_LIMIT + 2
    assert len(html) < 3_000_000


def test_cloned_test_cells_get_no_stepper_of_their_own(course):
    root, _ = course
    assert len(payloads(page(root, "cloner"))) == len(payloads(page(root, "buggy")))
    assert len(payloads(page(root, "cloner-no-ids"))) <= len(payloads(page(root, "buggy")))


def test_hostile_hand_ins_leave_the_other_students_pages_as_they_are(tmp_path_factory, course):
    # The honest and the buggy students' pages, graded beside the hostile hand-ins and graded alone, are the same
    # (but for the time nbgrader writes on them).
    alone, _ = graded(tmp_path_factory.mktemp("alone"), {k: STUDENTS[k] for k in ("honest", "buggy")})

    def same(html: str) -> str:
        return re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?", "TIME", html)
    for student in ("honest", "buggy"):
        assert payloads(page(alone, student)) == payloads(page(course[0], student))
        assert same(page(alone, student)).count("\n") == same(page(course[0], student)).count("\n")
