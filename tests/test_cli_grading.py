"""`abteach grade` and `abteach worksheet`: the grader and the worksheets from the shell."""

from __future__ import annotations

import os
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
