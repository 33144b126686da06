"""Real nbgrader on a copy of the course, as the grading tests run it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: The venv's bin/, where nbgrader and the `alembic` it runs by name are.
BIN = Path(sys.executable).parent
#: The course the tests grade.
COURSE = Path(__file__).resolve().parent.parent / "course"


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
