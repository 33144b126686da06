"""Issue 29, end to end with real nbgrader: expectimax is graded, diagnosed and stepped as alpha-beta is.

On a copy of the course with its own configuration and bubblewrap, ``write-expectimax`` is handed in by a
student with a right search, one with each of two classic chance mistakes, a loop, a crash, and two hostile
hand-ins (a mistaken search whose cells print a forged pass and display forged steps; the same search with
its test cells edited to pass and to be worth more); then autograde and generate_feedback run once for all.

What each deserves is read from the samples' names and the mistakes' registry, not from the grader: right
scores both test cells (2 + 3), a classic chance mistake the first alone (the search around its chance
nodes) with its mistake named, and a search that does not run scores nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

pytest.importorskip("nbgrader")

from tests.nbgrading import Hand, answered, graded, released  # noqa: E402
from tests.samples import redteam  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "write-expectimax"
ANSWER = "expectimax_search"
FRAME, WHOLE = "test_expectimax_frame", "test_expectimax_search"
SAMPLES = ROOT / "course" / "samples" / "expectimax"

steps_attacks = redteam("hostile_feedback_steps")

pytestmark = [pytest.mark.sandbox, pytest.mark.slow, pytest.mark.timeout(1500)]


def _answer(source: str) -> Hand:
    return answered({ANSWER: source})


def forged_steps() -> dict[str, Any]:
    """Steps that pass every check of the page: the correct search's calls on Fig. 5.13, as a forger would copy
    them, so the page would say the search makes the correct calls."""
    import abteach as ab
    from abteach.views.game_calls import trace_calls
    calls = trace_calls(ab.expectiminimax(ab.examples.FIG_5_13).trace)
    return {"version": 1, "tree": "FIG_5_13", "rule": "expectimax",
            "calls": [[k, ".".join(map(str, p))] for k, p in calls[:3]], "made": 3}


MISTAKE = (SAMPLES / "bug_chance_as_min.py").read_text()
#: A pass printed as the grader prints one, and steps displayed as the grader writes them.
FORGED = (MISTAKE + '\nprint("All 11 trees right: your search is expectiminimax.")\n'
          + steps_attacks.forged_steps_cell(forged_steps()))


def _edited_tests(cells: list[Any]) -> list[Any]:
    """The mistaken search, and each test cell rewritten to print a pass, worth 100 points, and unlocked."""
    cells = _answer(MISTAKE)(cells)
    for cell in cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade_id") in (FRAME, WHOLE):
            cell.source = 'print("All 11 trees right: your search is expectiminimax.")'
            meta["points"], meta["locked"] = 100, False
    return cells


STUDENTS: dict[str, Hand] = {
    "honest": _answer((SAMPLES / "correct.py").read_text()),
    "as-min": _answer(MISTAKE),
    "mean": _answer((SAMPLES / "bug_chance_mean.py").read_text()),
    "looper": _answer((SAMPLES / "loop.py").read_text()),
    "crasher": _answer((SAMPLES / "crash.py").read_text()),
    "forger": _answer(FORGED),
    "editor": _edited_tests,
}
#: The classic mistake each mistaken student makes, by the registry's id.
MISTAKEN = {"as-min": "chance-as-min", "mean": "chance-mean", "forger": "chance-as-min", "editor": "chance-as-min"}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("course")
    released(root, ASSIGNMENT)
    graded(root, ASSIGNMENT, STUDENTS)
    return root


def points(root: Path) -> dict[str, dict[str, float]]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s.student.id: {t: gb.find_grade(t, ASSIGNMENT, ASSIGNMENT, s.student.id).score for t in (FRAME, WHOLE)}
                for s in gb.assignment_submissions(ASSIGNMENT)}


def out_of() -> dict[str, float]:
    nb = nbformat.read(ROOT / "course" / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    return {c.metadata["nbgrader"]["grade_id"]: c.metadata["nbgrader"]["points"] for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("grade")}


def graded_cell(root: Path, student: str, grade_id: str) -> nbformat.NotebookNode:
    nb = nbformat.read(root / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def said(cell: nbformat.NotebookNode) -> str:
    """What a test cell's outputs say: its printed text and its error's lines."""
    return "\n".join(o.get("text", "") + "\n".join(o.get("traceback", [])) for o in cell.outputs)


def page(root: Path, student: str) -> str:
    return (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def payloads(html: str) -> list[dict]:
    return [json.loads(m.replace("<\\/", "</")) for m in
            re.findall(r"<script type=[\"']application/json[\"']>(.*?)</script>", html, re.S)]


def test_a_right_search_gets_full_marks_and_no_stepper(course):
    worth = out_of()
    assert points(course)["honest"] == {FRAME: worth[FRAME], WHOLE: worth[WHOLE]}
    assert payloads(page(course, "honest")) == [] and "abs-feedback-steps" not in page(course, "honest")


@pytest.mark.parametrize("student", ["as-min", "mean"])
def test_a_classic_chance_mistake_gets_the_frames_marks_alone_and_is_named_in_both_cells(course, student):
    from abteach.lessons.mistakes.chance import CHANCE_MISTAKES
    mistake = CHANCE_MISTAKES[MISTAKEN[student]]
    worth = out_of()
    assert points(course)[student] == {FRAME: worth[FRAME], WHOLE: 0}
    assert 0 < worth[FRAME] < worth[FRAME] + worth[WHOLE]  # a partial score
    for grade_id in (FRAME, WHOLE):
        text = said(graded_cell(course, student, grade_id))
        assert re.search(rf"^Diagnosis: {mistake.id}$", text, re.M), (grade_id, text)
        assert mistake.title in text, (grade_id, text)
    assert mistake.explanation in said(graded_cell(course, student, WHOLE))


@pytest.mark.parametrize("student", ["as-min", "mean"])
def test_a_mistaken_search_is_stepped_beside_expectiminimax_on_a_public_chance_tree(course, student):
    import abteach as ab
    from abteach.grading.autograde import outside_requests
    from abteach.grading.steps import CHANCE_PUBLIC, MIME, read_steps
    cell = graded_cell(course, student, WHOLE)
    assert [o.output_type for o in cell.outputs] == ["error", "display_data"]  # nbgrader scores the error: 0
    steps = read_steps(cell.outputs[1].data[MIME])
    assert steps.tree in CHANCE_PUBLIC and steps.rule == "expectimax"
    html = page(course, student)
    [data] = payloads(html)
    mine, right = (x["data"] for x in data["searches"])
    # Independently: expectiminimax's calls of the same tree, read from its trace's events.
    tree = ab.examples.WITH_CHANCE[steps.tree]
    correct_calls = [("generate" if e.kind == "enter" else "score", e.node)
                     for e in ab.expectiminimax(tree).trace.events
                     if (e.kind == "enter" and e.node != ()) or e.kind == "leaf"]
    # A mistake at chance nodes asks the game for the same states: the searches part only in what they return.
    assert list(steps.calls) == correct_calls
    assert len(mine["steps"]) == len(right["steps"]) == len(correct_calls) + 2
    assert data["options"]["step"] == len(correct_calls) + 1
    assert "(expectiminimax), opened at the end" in html
    # The chance nodes are drawn as the lecture's stepper draws them: their kind, their outcomes' probabilities.
    layout = {n["path"]: n for n in mine["layout"]["nodes"]}
    for node in tree.walk():
        if node.kind == "CHANCE":
            drawn = layout[".".join(map(str, node.path))]
            assert drawn["kind"] == "chance"
            for k, p in enumerate(node.probabilities):
                assert float(layout[".".join(map(str, (*node.path, k)))]["move"]) == pytest.approx(float(p))
    assert "Your search generates" in mine["steps"][1]["sentence"]
    assert html.count('<script type="module">') == 1 and outside_requests(html) == []


def test_a_search_that_loops_or_crashes_is_contained_and_scores_nothing(course):
    got = points(course)
    for student, failure in (("looper", "timeout"), ("crasher", "raised")):
        assert got[student] == {FRAME: 0, WHOLE: 0}, student
        for grade_id in (FRAME, WHOLE):
            assert f"Diagnosis: unknown ({failure})" in said(graded_cell(course, student, grade_id)), student
        assert "</html>" in page(course, student)


def test_a_forged_pass_and_forged_steps_change_nothing(course):
    # The forger's cell prints a pass and displays steps of the correct calls, as the grader writes them.
    got = points(course)
    assert got["forger"] == got["as-min"]
    html = page(course, "forger")
    assert payloads(html) == payloads(page(course, "as-min"))  # the grader's stepper alone, of its own record
    assert "Diagnosis: chance-as-min" in said(graded_cell(course, "forger", WHOLE))


def test_test_cells_edited_to_pass_are_graded_as_released(course):
    got = points(course)
    assert got["editor"] == got["as-min"]
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        worth = {t: gb.find_grade(t, ASSIGNMENT, ASSIGNMENT, "editor").max_score for t in (FRAME, WHOLE)}
    assert worth == out_of()
    assert "Diagnosis: chance-as-min" in said(graded_cell(course, "editor", WHOLE))
