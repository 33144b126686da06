"""Real nbgrader on a copy of the course, as the grading tests run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: The venv's bin/, where nbgrader and the `alembic` it runs by name are.
BIN = Path(sys.executable).parent


def nbgrader(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``nbgrader ARGS`` on the course at ``root``, its output kept."""
    # nbgrader runs `alembic` by name: the venv's bin/ goes on PATH (RECIPES.md).
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run([str(BIN / "nbgrader"), *args, f"--CourseDirectory.root={root}"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=900)
