"""`make lab` opens a git-ignored working copy of the lectures: students' edits never touch the committed ones."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LECTURES = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def make_copy(folder: Path) -> str:
    done = subprocess.run(["make", "-s", "lab-copy", f"LAB_DIR={folder}"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_copy_holds_every_lecture_and_keeps_a_students_edits(tmp_path: Path) -> None:
    folder = tmp_path / "lab"
    first = make_copy(folder)
    assert sorted(p.name for p in folder.iterdir()) == LECTURES
    assert all((folder / n).read_bytes() == (ROOT / "notebooks" / n).read_bytes() for n in LECTURES)
    assert first.count("copied ") == len(LECTURES)
    edited = folder / LECTURES[0]
    edited.write_text("a student's own notes")
    (folder / LECTURES[1]).unlink()
    again = make_copy(folder)
    # The edited copy is kept; the deleted one comes back, fresh.
    assert edited.read_text() == "a student's own notes"
    assert (folder / LECTURES[1]).read_bytes() == (ROOT / "notebooks" / LECTURES[1]).read_bytes()
    assert again.strip() == f"copied notebooks/{LECTURES[1]} to {folder}/"


def test_the_default_copy_is_ignored_by_git() -> None:
    done = subprocess.run(["git", "check-ignore", "-q", f"lab/{LECTURES[0]}"], cwd=ROOT, timeout=60)
    assert done.returncode == 0, "lab/ must be git-ignored, or students' copies would dirty the repository"
    # --no-print-directory: under `make test` a nested make would otherwise add "Entering directory" lines.
    recipe = subprocess.run(["make", "-n", "--no-print-directory", "lab"], cwd=ROOT, capture_output=True, text=True, timeout=60).stdout
    assert "jupyter lab" in recipe and recipe.rstrip().endswith("lab/"), recipe
