"""`make grade-demo` end to end with real nbgrader: every score and diagnosis, and no hidden test leaked.

What each submission should score is read from its sample's name, not from the
grader: ``correct_*`` is right under both rules once rewritten for the strict
one, ``bug_<mistake>`` is that mistake (and ``bug_strict_test`` is right under
the strict rule), ``loop`` times out and ``crash`` raises; ``hostile_*`` scores nothing and is
reported as its ``# Expected: KIND`` line says (a failure, or ``wrong``: it ran and earned nothing).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(p.stem for p in (ROOT / "course" / "samples").glob("*.py"))

pytestmark = [pytest.mark.slow, pytest.mark.sandbox, pytest.mark.timeout(1200)]


@pytest.fixture(scope="module")
def summary(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("demo") / "summary.json"
    # nbgrader calls `alembic` by name: only the venv's bin/ on PATH finds it (RECIPES.md).
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([sys.executable, str(ROOT / "course" / "grade_demo.py"), "--summary", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1100)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(out.read_text())


def expected_line(sample: str) -> str:
    """What a sample's ``# Expected:`` line says it deserves (``full``, ``diagnosis NAME``, a failure...), or ''."""
    found = re.search(r"^# Expected: (.+)$", (ROOT / "course" / "samples" / f"{sample}.py").read_text(), re.M)
    return found.group(1) if found else ""


def expected(sample: str, cell: str) -> tuple[bool, str | None]:
    """(passes, diagnosis) for a sample's textbook cell or strict cell."""
    strict = cell.endswith("_strict")
    said = expected_line(sample)
    if sample.startswith("correct") or said.startswith("full"):
        return True, None  # its strict cell is the demo's strict copy of it, right under that rule
    if said.startswith("diagnosis "):
        mistake = said.removeprefix("diagnosis ").strip()
        # A search with CS188's strict test is right in the strict cell, as bug_strict_test is.
        return (True, None) if strict and mistake == "strict-test" else (False, mistake)
    if said == "timeout":
        return False, "unknown"
    if sample == "bug_strict_test":
        return (True, None) if strict else (False, "strict-test")
    if sample == "bug_no_window":
        # It prunes nothing, so from outside it is no pruning at all as well: the grader names both, that first.
        return False, "no-pruning"
    if sample.startswith("bug_"):
        return False, sample.removeprefix("bug_").replace("_", "-")
    return False, "unknown"


def test_every_search_submission_scores_and_is_diagnosed_as_its_name_says(summary):
    scores = summary["scores"]
    for sample in SAMPLES:
        student = sample.replace("_", "-")
        for cell, points in (("test_alpha_beta_search", 5), ("test_alpha_beta_search_strict", 2)):
            passes, diagnosis = expected(sample, cell)
            got = scores[student][cell]
            assert (got["score"], got["max_score"]) == ((points if passes else 0), points), (sample, cell, got)
            assert got["diagnosis"] == diagnosis, (sample, cell, got)
        assert summary["export"][student]["write-the-search"] == sum(
            scores[student][c]["score"] for c in ("test_alpha_beta_search", "test_alpha_beta_search_strict"))
    assert scores["loop"]["test_alpha_beta_search"]["failure"] == "timeout"
    assert scores["slow-sleeper"]["test_alpha_beta_search"]["failure"] == "timeout"
    assert scores["crash"]["test_alpha_beta_search"]["failure"] == "raised"


def test_every_hostile_submission_is_reported_with_its_reason_from_a_function_in_a_notebook(summary):
    # In a notebook the grader is handed the kernel's function: it grades that function's source, in the sandbox.
    hostile = [s for s in SAMPLES if s.startswith("hostile_")]
    assert len(hostile) >= 10
    for sample in hostile:
        kind = re.search(r"^# Expected: (\w+)$", (ROOT / "course" / "samples" / f"{sample}.py").read_text(), re.M)
        assert kind, sample
        for cell in ("test_alpha_beta_search", "test_alpha_beta_search_strict"):
            got = summary["scores"][sample.replace("_", "-")][cell]
            assert got["failure"] == (None if kind.group(1) == "wrong" else kind.group(1)), (sample, cell, got)


def test_students_by_hand_are_graded_on_their_own_trees(summary):
    s = summary["scores"]
    assert [s["ada"][c]["score"] for c in ("test_minimax_values", "test_pruned_leaves")] == [2, 2]
    assert [s["alan"][c]["score"] for c in ("test_minimax_values", "test_pruned_leaves")] == [0, 0]
    assert s["ada"]["test_alpha_beta_search_4th"]["score"] == 5
    assert (s["alan"]["test_alpha_beta_search_4th"]["score"], s["alan"]["test_alpha_beta_search_4th"]["diagnosis"]) \
        == (0, "alpha-in-min")


def test_the_fourth_edition_cannot_tell_a_third_edition_search_apart_and_says_so(summary):
    # Through the game the two behave the same; the notebook says the grader cannot tell them apart.
    assert summary["scores"]["correct-3rd-edition"]["test_alpha_beta_search_4th"]["score"] == 5
    text = (ROOT / "course" / "source" / "fourth-edition" / "fourth-edition.ipynb").read_text()
    assert "cannot tell the two apart" in text


def test_no_kernel_level_replacement_of_the_grader_earns_a_mark(summary):
    # Each replaces ab.grading's checks, or patches its modules and IPython's error display, in the kernel
    # nbgrader runs the notebook in; the tests are graded outside it, from the notebook's text.
    s = summary["scores"]
    for student in ("hostile-kernel-grader", "hostile-kernel-patch"):
        for cell in ("test_alpha_beta_search", "test_alpha_beta_search_strict", "test_alpha_beta_search_4th"):
            assert (s[student][cell]["score"], s[student][cell]["failed"]) == (0, True), (student, cell)
            assert s[student][cell]["diagnosis"] == "unknown", (student, cell)
    # By hand: wrong values with every require replaced, and leaves the package computed, score nothing.
    assert [s["mallory"][c]["score"] for c in ("test_minimax_values", "test_pruned_leaves")] == [0, 0]
    assert summary["export"]["mallory"]["by-hand"] == 0


TABLE_SAMPLES = ROOT / "course" / "samples" / "table-search"
#: The test cell and its points of each exercise by hand of lectures 03, 06 and 10.
BY_HAND_CELLS = {"fig55-stages": ("test_algorithm_holds", 4), "order-the-children": ("test_child_order", 3),
                 "ucb1-by-hand": ("test_ucb1_picks", 2)}


def test_every_table_search_scores_and_is_diagnosed_as_its_samples_name_says(summary):
    handed = {student: a["table-flags"] for student, a in summary["handed"].items() if "table-flags" in a}
    assert sorted(Path(f).stem for f in handed.values()) == sorted(p.stem for p in TABLE_SAMPLES.glob("*.py"))
    for student, sample in handed.items():
        got = summary["scores"][student]["test_table_search"]
        name = Path(sample).stem
        if name == "correct":
            assert (got["score"], got["failed"]) == (5, False), (sample, got)
        elif name.startswith("bug_"):
            assert (got["score"], got["diagnosis"]) == (0, name.removeprefix("bug_").replace("_", "-")), (sample, got)
        else:
            kind = re.search(r"^# Expected: (\w+)$", (TABLE_SAMPLES / sample).read_text(), re.M)
            assert kind and (got["score"], got["failure"]) == (0, kind.group(1)), (sample, got)
        assert summary["export"][student]["table-flags"] == got["score"]


EXPECTIMAX_SAMPLES = ROOT / "course" / "samples" / "expectimax"


def test_expectimax_scores_full_marks_right_and_the_frames_marks_for_each_classic_chance_mistake_named(summary):
    from abteach.lessons.mistakes.chance import CHANCE_MISTAKES
    handed = {student: a["write-expectimax"] for student, a in summary["handed"].items() if "write-expectimax" in a}
    # Right, and every classic mistake at chance nodes, each by a sample named after it.
    assert sorted(Path(f).stem for f in handed.values()) == sorted(
        ["correct", *(f"bug_{m.replace('-', '_')}" for m in CHANCE_MISTAKES)])
    for student, sample in handed.items():
        frame = summary["scores"][student]["test_expectimax_frame"]
        whole = summary["scores"][student]["test_expectimax_search"]
        name = Path(sample).stem
        if name == "correct":
            assert (frame["score"], whole["score"], whole["failed"]) == (2, 3, False), (sample, frame, whole)
        else:
            assert (frame["score"], frame["failed"]) == (2, False), (sample, frame)
            assert (whole["score"], whole["diagnosis"]) == (0, name.removeprefix("bug_").replace("_", "-")), sample
        assert summary["export"][student]["write-expectimax"] == frame["score"] + whole["score"]


def test_the_new_exercises_by_hand_score_the_right_answer_the_misconception_and_the_forgery_as_they_deserve(summary):
    s = summary["scores"]
    for assignment, (cell, points) in BY_HAND_CELLS.items():
        assert (s["ada"][cell]["score"], s["ada"][cell]["max_score"]) == (points, points), assignment
        assert summary["export"]["ada"][assignment] == points
        assert (s["alan"][cell]["score"], s["mallory"][cell]["score"]) == (0, 0), assignment
        # mallory's answers are computed by the package, with every require replaced in her kernel.
        assert "is not written out" in s["mallory"][cell]["reason"], assignment
    # alan's misconceptions, named at the stage, node or situation where they show.
    fig55 = s["alan"]["test_algorithm_holds"]["feedback"]
    assert re.search(r"^Stage \(e\), A: you wrote \(3, 14\).*figure's range", fig55, re.M)
    assert re.search(r"^Stage \(d\), C: .*fail-low", fig55, re.M)
    assert re.search(r"^At [B-D] \(MIN\) .*as MAX would like them", s["alan"]["test_child_order"]["feedback"], re.M)
    assert re.search(r"^Situation \d: you chose \w; UCB1 selects \w\. You chose the best win rate",
                     s["alan"]["test_ucb1_picks"]["feedback"], re.M)


def test_feedback_for_every_notebook_and_no_hidden_test_leaks(summary):
    assert summary["leaks"] == []
    # Every submitted notebook has its feedback page: the searches, 3 × 2 by hand, 5 of the 4th edition,
    # 3 × 3 by hand for lectures 03, 06 and 10, and the table searches.
    tables = len(list(TABLE_SAMPLES.glob("*.py")))
    expectimax = sum("write-expectimax" in a for a in summary["handed"].values())
    # ... and the notebooks set aside as unreadable, graded as the blank release, whose feedback says why.
    assert len(summary["feedback"]) == len(SAMPLES) + 6 + 5 + 9 + tables + expectimax + len(summary["rejected"])


def test_no_feedback_page_asks_another_site_for_anything(summary):
    # nbgrader's stock page loads MathJax from a CDN (test_autograde shows the scan sees it); the course's does not.
    assert summary["outside"] == []


def test_every_picture_on_a_feedback_page_says_what_it_shows(summary):
    import abteach as ab
    from abteach.views.alt import tree_alt
    from abteach.views.fig55 import stage_alt, stage_of
    shown = {page: alts for page, alts in summary["pictures"].items() if alts}
    assert shown, "no feedback page has a picture: the by-hand assignments draw the student's tree"
    for page, alts in shown.items():
        # nbconvert fills a bare picture's alt with a stock sentence that says nothing of it.
        assert all(alt and "No description" not in alt for alt in alts), (page, alts)
    # The by-hand pages show each student their own tree, and say it node by node and leaf by leaf.
    minimax = {page.split("/")[1]: alts for page, alts in shown.items() if page.endswith("1-minimax-values.html")}
    assert minimax
    for student, alts in minimax.items():
        assert alts == [tree_alt(ab.grading.student_tree("abteach-course", student, "minimax"))], student
    # The figure's stages, (a) to (f), each by its own caption.
    stages = [alts for page, alts in shown.items() if page.endswith("fig55-stages.html")]
    assert stages
    for alts in stages:
        assert alts == [stage_alt(ab.examples.FIG_5_2, stage_of(x, ab.examples.FIG_5_2)) for x in "abcdef"]


def test_a_kernel_sees_nothing_of_the_course_and_leaves_nothing_behind(summary):
    # hostile_kernel_reader reads the course's hidden tests, gradebook and every submission from its kernel;
    # hostile_kernel_lurker leaves three processes to zero the gradebook once nbgrader has exited.
    assert summary["kernel"] == {"saw": 0, "left_behind": [], "gradebook_shown": []}
    for student in ("hostile-kernel-reader", "hostile-kernel-lurker"):
        assert summary["scores"][student]["test_alpha_beta_search"]["score"] == 0
    # Had a lurker reached the gradebook, the right searches would score 0 now.
    assert summary["export"]["correct-3rd-edition"]["write-the-search"] == 7


def test_an_unreadable_notebook_fails_its_student_alone_with_the_reason(summary):
    # Each holds a right search; nbgrader could not read either, and used to stop the class at the first.
    rejected = summary["rejected"]
    assert sorted(rejected) == ["broken-grade-ids/write-the-search/write-the-search.ipynb",
                                "broken-schema/write-the-search/write-the-search.ipynb"]
    assert "Duplicate grade id: alpha_beta_search" in rejected["broken-grade-ids/write-the-search/write-the-search.ipynb"]
    assert "Schema version is too new: 99" in rejected["broken-schema/write-the-search/write-the-search.ipynb"]
    for student in ("broken-grade-ids", "broken-schema"):
        assert summary["export"][student]["write-the-search"] == 0
        # The student's feedback page is the blank notebook's, whose first cell says why (test_kernelbox reads it).
        assert f"feedback/{student}/write-the-search/write-the-search.html" in summary["feedback"]
    # Students after them (by name, nbgrader's order) are graded as usual.
    assert summary["export"]["correct-negamax"]["write-the-search"] == 7
