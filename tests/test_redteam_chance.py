"""Red team, chance round: the expectimax grader and the restored roles of a test cell, attacked as a student would.

The submissions are ``course/samples/redteam/hostile_chance.py``'s (its docstring says what each tried, and
what it did before the fix).  Each test asserts the secure behaviour: nothing of a hidden tree comes back
(not even as the exit code the submission chose), an odd return earns nothing it should not, a mistake
the grader does not know is never named as one it does, and a test cell handed in with forged nbgrader
metadata is graded as the test it was released as.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from abteach.grading.expectimax import check_expectimax, expectimax_trees
from tests.samples import redteam

ROOT = Path(__file__).resolve().parent.parent
hostile = redteam("hostile_chance")

SEED = 0


def hidden_numbers(seed: Any) -> list[str]:
    """Each hidden tree's first leaf, as an exit code of 100 + leaf would show it."""
    found = []
    for name, t in expectimax_trees(seed):
        if name.startswith("seeded-"):
            node = t.root
            while not node.is_leaf:
                node = node.children[0]
            found.append(str(100 + int(t.utility(node, "MAX"))))
    return found


# -- the sandbox: what a hidden tree may tell ---------------------------------------------------------

@pytest.mark.sandbox
@pytest.mark.timeout(300)
def test_an_exit_code_chosen_on_a_hidden_tree_is_not_told():
    # Before: "the process running it ended abruptly (exit code 103)", 100 + the hidden tree's first leaf.
    report = check_expectimax(hostile.EXIT_WITH_A_LEAF, seed=SEED)
    assert report.score == 0 and report.failure == "raised"
    assert "exit code" not in report.feedback and "signal" not in report.feedback
    assert hidden_numbers(SEED)[0] not in report.feedback
    assert "seeded-1" in report.feedback  # where it stopped is still told


@pytest.mark.sandbox
@pytest.mark.timeout(300)
def test_the_alpha_beta_grader_tells_no_exit_code_on_a_hidden_tree_either():
    from abteach.grading import check_alphabeta, grading_trees
    names = [name for name, _ in grading_trees(SEED)]
    assert names[-1].startswith("seeded-")
    code = hostile.EXIT_WITH_A_LEAF.replace("expectimax_search", "alpha_beta_search").replace(
        "len(RUNS) == 4", f"len(RUNS) == {len(names)}")
    report = check_alphabeta(code, seed=SEED)
    assert report.failure == "raised" and names[-1] in report.feedback
    assert "exit code" not in report.feedback and "signal" not in report.feedback


@pytest.mark.sandbox
@pytest.mark.timeout(300)
def test_an_exit_code_on_a_public_tree_is_still_told():
    report = check_expectimax("def expectimax_search(game, state):\n    import os\n    os._exit(7)\n", seed=SEED)
    assert report.failure == "raised" and "exit code 7" in report.feedback


# -- a test cell's nbgrader metadata, forged ------------------------------------------------------------

#: How a student may rewrite the released test cell's metadata (its source becomes a print of a forged pass).
TEST_CELL_FORGERIES: dict[str, Any] = {
    "all-roles-false": {"grade": False, "solution": False, "task": False, "locked": False},
    "task": {"grade": False, "solution": False, "task": True, "locked": False},
    "points": {"points": 1000},
    "answer-and-points": {"grade": True, "solution": True, "locked": False, "points": 1000},
    "unknown-id": {"grade_id": "my-own-cell", "grade": False, "solution": True, "locked": False},
    "no-nbgrader": None,
    "solution-id": {"grade_id": "algorithm_holds", "grade": False, "solution": True, "locked": False},
    "ids-swapped": "swap",
}


def _forge(how: Any):
    from tests import test_kernelbox as kb

    def change(nb) -> None:
        cells = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells}
        test, answer = cells["test_algorithm_holds"], cells["algorithm_holds"]
        test.source = f"print({kb.FORGED!r})"
        if how is None:
            del test.metadata["nbgrader"]
        elif how == "swap":
            test.metadata["nbgrader"]["grade_id"], answer.metadata["nbgrader"]["grade_id"] = (
                "algorithm_holds", "test_algorithm_holds")
        else:
            test.metadata["nbgrader"].update(how)
    return change


@pytest.fixture(scope="module")
def forged_course(tmp_path_factory) -> dict:
    pytest.importorskip("nbgrader")
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    from tests import test_kernelbox as kb
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "course" / "source", root / "source")
    shutil.copy(ROOT / "course" / "nbgrader_config.py", root)
    done = kb.nbgrader(root, "generate_assignment", kb.ASSIGNMENT, "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    for student, how in TEST_CELL_FORGERIES.items():
        kb.hand_in(root, student, "algorithm_holds = {}", _forge(how))
    kb.hand_in(root, "honest", kb.right_answer())
    autograde = kb.nbgrader(root, "autograde", kb.ASSIGNMENT, "--force")
    feedback = kb.nbgrader(root, "generate_feedback", kb.ASSIGNMENT, "--force")
    return {"root": root, "autograde": autograde, "feedback": feedback}


@pytest.mark.slow
@pytest.mark.sandbox
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("student", sorted(TEST_CELL_FORGERIES))
def test_a_forged_test_cell_earns_nothing_and_its_forged_output_is_not_shown_as_the_tests(forged_course, student):
    from nbgrader.api import Gradebook

    from tests import test_kernelbox as kb
    root = forged_course["root"]
    assert forged_course["autograde"].returncode == 0, forged_course["autograde"].stderr[-3000:]
    got = kb.scores(root)
    assert got["honest"] > 0
    # An empty answer earns nothing, whatever the test cell claims to be; the assignment is out of what it was.
    assert got.get(student, 0) == 0, got
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        assert gb.find_grade_cell("test_algorithm_holds", kb.ASSIGNMENT, kb.ASSIGNMENT).max_score == 4
        grade = gb.find_grade("test_algorithm_holds", kb.ASSIGNMENT, kb.ASSIGNMENT, student)
        # Marked by the grader, 0, and not left for a person to grade beside a forged output.
        assert (grade.max_score, grade.auto_score, grade.needs_manual_grade) == (4, 0, False)
    import nbformat
    nb = nbformat.read(root / "autograded" / student / kb.ASSIGNMENT / f"{kb.ASSIGNMENT}.ipynb", as_version=4)
    tests = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "test_algorithm_holds"]
    # The test is there once (added back if it went missing), as the released test: a grade cell, not an answer,
    # its source the release's, and what it printed its own.
    assert len(tests) == 1
    (test,) = tests
    assert (test.metadata["nbgrader"]["grade"], test.metadata["nbgrader"]["solution"]) == (True, False)
    assert "assert isinstance(algorithm_holds, dict)" in test.source
    assert kb.FORGED not in json.dumps(test.outputs)


# -- diagnoses: a mistake with no name is never given one --------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, "course-2026"])
def test_the_seeded_trees_tell_every_named_mistake_from_every_unnamed_one_by_the_move(seed):
    from abteach.grading.expectimax import UNNAMED, answers, unnamed_answer
    from abteach.lessons.mistakes.chance import CHANCE_MISTAKES
    trees = [t for _, t in expectimax_trees(seed)]
    for m in CHANCE_MISTAKES:
        for u in UNNAMED:
            assert any(answers(t)[1][m].moves.isdisjoint(unnamed_answer(t, u).moves) for t in trees), (m, u)


def _own_value(node: Any, game: Any, chance: Any, least: Any) -> Any:
    """A node's value by this test's own evaluator, for checking :func:`unnamed_answer`."""
    if node.is_leaf:
        return game.utility(node, "MAX")
    values = [_own_value(c, game, chance, least) for c in node.children]
    if node.kind == "CHANCE":
        return chance([float(p) for p in node.probabilities], values)
    return max(values) if node.kind == "MAX" else least(values)


@pytest.mark.parametrize("mistake, chance, least", [
    ("min-averaged", lambda ps, vs: sum(p * v for p, v in zip(ps, vs)), lambda vs: sum(vs) / len(vs)),
    ("min-as-max", lambda ps, vs: sum(p * v for p, v in zip(ps, vs)), max),
    ("probabilities-reversed", lambda ps, vs: sum(p * v for p, v in zip(reversed(ps), vs)), min),
    ("divided-by-count", lambda ps, vs: sum(p * v for p, v in zip(ps, vs)) / len(vs), min),
])
def test_each_unnamed_mistake_is_the_search_it_says(mistake, chance, least):
    from abteach.grading.expectimax import unnamed_answer
    for _, t in expectimax_trees(1):
        got = unnamed_answer(t, mistake)
        kids = [_own_value(c, t, chance, least) for c in t.root.children]
        assert float(got.value) == pytest.approx(max(kids))
        assert got.moves == {t.move_name(t.root, i) for i, v in enumerate(kids) if v == pytest.approx(max(kids))}


@pytest.mark.sandbox
@pytest.mark.timeout(300)
@pytest.mark.parametrize("mistake", sorted(hostile.MISTAKES))
def test_a_mistake_with_no_name_is_diagnosed_unknown_not_as_a_named_one(mistake):
    # Before: min-averaged, probabilities-reversed and divided-by-count were all told 'chance-mean'.
    report = check_expectimax(hostile.MISTAKES[mistake], seed=SEED)
    assert report.score < report.out_of
    assert (report.diagnosis, report.diagnoses) == ("unknown", ()), report.feedback
    assert "Diagnosis: unknown" in report.feedback and "without its probabilities" not in report.feedback


# -- odd values beside the right move -------------------------------------------------------------------

@pytest.mark.sandbox
@pytest.mark.timeout(300)
@pytest.mark.parametrize("kind", sorted(hostile.ODD_VALUES))
def test_an_odd_value_beside_the_right_move_never_crashes_and_earns_nothing_a_move_alone_would_not(kind):
    report = check_expectimax(hostile.ODD_VALUES[kind], seed=SEED)
    assert report.failure is None and report.diagnosis != "chance-mean"
    if kind in ("bool", "huge int"):
        # No number the grader can read: the pair is graded by its move, as a search returning the move alone.
        alone = check_expectimax(hostile.search(), seed=SEED)
        assert (report.score, report.diagnosis) == (alone.score, alone.diagnosis)
    else:
        # Before, numpy's float64 and a float subclass reached the grader as objects, unread: full marks.
        assert report.score < report.out_of and "the correct value is" in report.feedback, report.feedback
