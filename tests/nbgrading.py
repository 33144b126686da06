"""Real nbgrader on a copy of the course, as the grading tests run it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import nbformat
import pytest

#: The venv's bin/, where nbgrader and the `alembic` it runs by name are.
BIN = Path(sys.executable).parent
#: The course the tests grade.
COURSE = Path(__file__).resolve().parent.parent / "course"

#: What a student makes of a released notebook's cells: the cells handed in.
Hand = Callable[[list[Any]], list[Any]]


def nbgrader(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``nbgrader ARGS`` on the course at ``root``, its output kept."""
    # nbgrader runs `alembic` by name: the venv's bin/ goes on PATH (RECIPES.md).
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run([str(BIN / "nbgrader"), *args, f"--CourseDirectory.root={root}"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=900)


def released(root: Path, assignment: str) -> Path:
    """A copy of the course's source and configuration at ``root``, with ``assignment`` released by nbgrader;
    the released notebook.  Skips where bubblewrap, which grading needs, is missing."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    shutil.copytree(COURSE / "source", root / "source")
    shutil.copy(COURSE / "nbgrader_config.py", root)
    done = nbgrader(root, "generate_assignment", assignment, "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    return root / "release" / assignment / f"{assignment}.ipynb"


def answered(answers: dict[str, str]) -> Hand:
    """The hand that writes each answer of ``answers`` into the cell with that nbgrader ``grade_id``."""
    def change(cells: list[Any]) -> list[Any]:
        for cell in cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if grade_id in answers:
                cell.source = answers[grade_id]
        return cells
    return change


def graded(root: Path, assignment: str, students: dict[str, Hand],
           check: bool = True) -> dict[str, subprocess.CompletedProcess[str]]:
    """Each of ``students`` hands in ``assignment``, released at ``root``, as their hand makes it; then autograde
    and generate_feedback run once for all.  Each step's result; with ``check``, both must have succeeded."""
    for student, hand in students.items():
        nb = nbformat.read(root / "release" / assignment / f"{assignment}.ipynb", as_version=4)
        nb.cells = hand(nb.cells)
        target = root / "submitted" / student / assignment / f"{assignment}.ipynb"
        target.parent.mkdir(parents=True)
        # Written as JSON, not through nbformat.write, which would check what a student's notebook need not hold.
        target.write_text(json.dumps(nb, indent=1))
    results = {step: nbgrader(root, step, assignment, "--force") for step in ("autograde", "generate_feedback")}
    for done in results.values() if check else ():
        assert done.returncode == 0, done.stderr[-3000:]
    return results
