"""`abteach grade` and `abteach worksheet`: the grader and the worksheets from the shell."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

# Every test here grades in the sandbox, or checks what grading reports.
pytestmark = pytest.mark.sandbox

SCRIPT = Path(sys.executable).parent / "abteach"
SAMPLES = Path(__file__).resolve().parent.parent / "course" / "samples"


def run(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.is_file(), f"no {SCRIPT}: install the package (pip install -e .) so its script exists"
    return subprocess.run([str(SCRIPT), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONHASHSEED": "0"})


def test_grade_prints_the_score_and_the_diagnosis(tmp_path):
    right = run("grade", SAMPLES / "correct_negamax.py", cwd=tmp_path)
    assert right.returncode == 0 and right.stdout.startswith("score 15 of 15; diagnosis none")
    bug = run("grade", SAMPLES / "bug_test_before_update.py", cwd=tmp_path)
    assert bug.returncode == 0 and "diagnosis test-before-update" in bug.stdout.splitlines()[0]
    strict = run("grade", SAMPLES / "bug_strict_test.py", "--strict", cwd=tmp_path)
    assert strict.stdout.startswith("score 15 of 15; diagnosis none")
    # A search that never prunes fits two mistakes equally: both are named.
    alike = run("grade", SAMPLES / "bug_no_window.py", cwd=tmp_path)
    assert alike.stdout.splitlines()[0].endswith("; diagnosis no-pruning or no-window")


def test_grade_refuses_a_missing_file_and_a_bad_limit(tmp_path):
    missing = run("grade", "nothing.py", cwd=tmp_path)
    assert missing.returncode == 1 and "no submission file 'nothing.py'" in missing.stderr
    bad = run("grade", SAMPLES / "correct_negamax.py", "--time-limit", "0", cwd=tmp_path)
    assert bad.returncode == 2 and "--time-limit" in bad.stderr


def test_worksheet_writes_the_pdfs_and_keeps_them_without_force(tmp_path):
    (tmp_path / "roster.csv").write_text("id,name\nada,Ada\nalan,Alan\n")
    done = run("worksheet", "roster.csv", "-o", "sheets", "--course-seed", "c1", cwd=tmp_path)
    assert done.returncode == 0 and "wrote 2 worksheets" in done.stdout
    # Each PDF has an HTML twin with the same content, for readers who hear the page.
    assert sorted(p.name for p in (tmp_path / "sheets").iterdir()) == [
        "ada.html", "ada.pdf", "alan.html", "alan.pdf", "answer-key.html", "answer-key.pdf"]
    again = run("worksheet", "roster.csv", "-o", "sheets", "--course-seed", "c1", cwd=tmp_path)
    assert again.returncode == 1 and "pass --force to replace" in again.stderr
    forced = run("worksheet", "roster.csv", "-o", "sheets", "--course-seed", "c1", "--force", cwd=tmp_path)
    assert forced.returncode == 0
    (tmp_path / "bad.csv").write_text("name\nada\n")
    bad = run("worksheet", "bad.csv", "-o", "x", "--course-seed", "c1", cwd=tmp_path)
    assert bad.returncode == 1 and "needs an 'id' column" in bad.stderr and not (tmp_path / "x").exists()


TABLES = SAMPLES / "table-search"


def test_grade_grades_a_folder_of_table_searches_with_a_bar_on_stderr_and_a_summary(tmp_path):
    from abteach.grading.tables import table_trees
    n = len(table_trees("0"))
    done = run("grade", TABLES, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    verdicts = {line.split(":")[0]: line.split(": ", 1)[1] for line in done.stdout.splitlines()
                if line.endswith(tuple(f"diagnosis {d}" for d in ("none", "raised-alpha-flag", "unknown (package)",
                                                                   "fail-low-as-exact or key-without-window")))}
    # Each sample's name says what it is; the right one gets every tree, the others none or fewer.
    assert verdicts["correct.py"] == f"score {n} of {n}; diagnosis none"
    assert verdicts["bug_raised_alpha_flag.py"] == f"score 0 of {n}; diagnosis raised-alpha-flag"
    assert verdicts["bug_fail_low_as_exact.py"].endswith("diagnosis fail-low-as-exact or key-without-window")
    assert verdicts["hostile_package.py"] == f"score 0 of {n}; diagnosis unknown (package)"
    assert sorted(verdicts) == sorted(p.name for p in TABLES.glob("*.py"))
    # One line sums it up, last; the progress bar (what is done, how many, the time left) is on stderr only.
    assert re.fullmatch(r"graded 4 submissions in \d+ s: 1 full marks, 3 not: 1 fail-low-as-exact or "
                        r"key-without-window, 1 raised-alpha-flag, 1 unknown \(package\)", done.stdout.splitlines()[-1])
    assert "grading: 100%" in done.stderr and "4/4 [" in done.stderr and "<" in done.stderr
    assert "submission/s" not in done.stdout


def test_grade_tells_a_table_search_from_an_alpha_beta_search_in_one_folder(tmp_path):
    from abteach.grading.tables import table_trees
    folder = tmp_path / "handed-in"
    folder.mkdir()
    (folder / "ada.py").write_text((SAMPLES / "correct_negamax.py").read_text())
    (folder / "alan.py").write_text((TABLES / "correct.py").read_text())
    (folder / "notes.txt").write_text("not a submission")
    done = run("grade", folder, cwd=tmp_path)
    n = len(table_trees("0"))
    assert done.returncode == 0, done.stderr
    assert "ada.py: score 15 of 15; diagnosis none" in done.stdout
    assert f"alan.py: score {n} of {n}; diagnosis none" in done.stdout
    assert done.stdout.splitlines()[-1].startswith("graded 2 submissions in ")
    # Graded as the wrong kind, each fails: the kind really decides which grader runs.
    forced = run("grade", folder / "alan.py", "--kind", "alpha-beta", cwd=tmp_path)
    assert forced.stdout.startswith("score 0 of 15")


def test_grade_refuses_an_empty_folder_and_strict_for_a_table_search(tmp_path):
    (tmp_path / "empty").mkdir()
    empty = run("grade", "empty", cwd=tmp_path)
    assert empty.returncode == 1 and "the folder 'empty' has no .py file to grade" in empty.stderr
    strict = run("grade", TABLES / "correct.py", "--kind", "table", "--strict", cwd=tmp_path)
    assert strict.returncode == 2 and "argument --strict" in strict.stderr


def test_worksheet_shows_its_progress_on_stderr_and_ends_with_one_line(tmp_path):
    (tmp_path / "roster.csv").write_text("id,name\nada,Ada\nalan,Alan\ngrace,Grace\n")
    done = run("worksheet", "roster.csv", "-o", "sheets", "--course-seed", "c1", cwd=tmp_path)
    assert done.returncode == 0
    # Three students and the key: four files, counted on the bar with the time left.
    assert "drawing worksheets: 100%" in done.stderr and "4/4 [" in done.stderr
    assert re.fullmatch(r"wrote 3 worksheets and sheets/answer-key\.pdf in \d+ s, each with an \.html twin for "
                        r"screen readers\n", done.stdout)
