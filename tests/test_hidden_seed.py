"""The course's hidden seed is the instructor's secret: never in git, a test cell or a release, and changeable.

Before, the seed of the hidden trees was written in the course's test cells
and in course/grade_demo.py: anyone with the repository could build the
hidden trees at home.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from abteach.grading import autograde
from abteach.grading.autograde import GradeFromSource, HoldOutTests, hidden_tests
from abteach.grading.checker import grading_trees
from abteach.grading.secret import ENV, HiddenSeedError, hidden_seed, new_hidden_seed, seed_file
from abteach.grading.tables import table_trees

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "course"
SOURCE_NOTEBOOKS = sorted((COURSE / "source").glob("*/*.ipynb"))


def _tests(path: Path) -> list:
    nb = nbformat.read(path, as_version=4)
    return [t for c in nb.cells if c.cell_type == "code" and c.metadata.get("nbgrader", {}).get("grade")
            for t in hidden_tests(c.source)]


def test_no_test_cell_of_the_course_writes_the_seed_of_a_code_check():
    code = [(p.name, t) for p in SOURCE_NOTEBOOKS for t in _tests(p) if t.kind in autograde.CODE_KINDS]
    assert len(code) == 6  # write-the-search twice, the 4th edition, the table search, write-expectimax twice
    assert all("seed" not in t.options for _, t in code), code


def test_the_seed_file_is_ignored_by_git_and_its_value_is_nowhere_in_git(tmp_path):
    assert subprocess.run(["git", "check-ignore", "-q", "course/.hidden-seed"], cwd=ROOT).returncode == 0
    seed = hidden_seed(COURSE, environ={})  # the course's own, made on first use
    found = subprocess.run(["git", "grep", "-F", "-l", seed], cwd=ROOT, capture_output=True, text=True)
    assert found.returncode == 1 and found.stdout == ""


def test_the_secret_is_made_once_readable_by_its_owner_alone_and_the_environment_wins(tmp_path):
    seed = hidden_seed(tmp_path, environ={})
    assert hidden_seed(tmp_path, environ={}) == seed
    assert stat.S_IMODE(seed_file(tmp_path).stat().st_mode) == 0o600
    assert hidden_seed(tmp_path, environ={ENV: "from-env"}) == "from-env"
    assert hidden_seed(tmp_path, environ={ENV: ""}) == seed  # an empty variable is no seed


def test_a_bad_secret_is_refused_naming_where_it_is(tmp_path):
    seed_file(tmp_path).write_text("\n")
    with pytest.raises(HiddenSeedError, match=r"\.hidden-seed"):
        hidden_seed(tmp_path, environ={})
    with pytest.raises(HiddenSeedError, match=ENV):
        hidden_seed(tmp_path, environ={ENV: "x" * 500})
    (tmp_path / "empty").mkdir()
    with pytest.raises(FileNotFoundError, match="does not exist"):
        hidden_seed(tmp_path / "empty", environ={}, create=False)
    with pytest.raises(FileNotFoundError, match="not a folder"):
        hidden_seed(tmp_path / "none", environ={})


def test_changing_the_secret_changes_the_hidden_trees_and_no_public_one(tmp_path):
    old = hidden_seed(tmp_path, environ={})
    new = new_hidden_seed(tmp_path)
    assert new != old and hidden_seed(tmp_path, environ={}) == new

    def split(seed: str) -> tuple[list, list]:
        trees = grading_trees(seed)
        return ([t.to_nested() for n, t in trees if not n.startswith("seeded")],
                [t.to_nested() for n, t in trees if n.startswith("seeded")])
    (public_old, hidden_old), (public_new, hidden_new) = split(old), split(new)
    assert public_old == public_new and hidden_old != hidden_new
    assert [t.to_nested() for _, t in table_trees(old)] != [t.to_nested() for _, t in table_trees(new)]


def _graded_seeds(monkeypatch, nb, **config) -> list:
    """The seeds the grader checks each code test of ``nb`` with (the checks themselves are not run)."""
    seeds: list = []

    def capture(found, *, seed, isolation, **options):
        seeds.append(seed)
        from abteach.grading.checker import Report
        return Report(1, 1, None, None, "right")
    monkeypatch.setattr(autograde, "check_alphabeta", capture)
    monkeypatch.setattr(autograde, "check_table_search", capture)
    resources: dict = {"nbgrader": {"student": "ada"}}
    nb, resources = HoldOutTests().preprocess(nb, resources)
    GradeFromSource(**config).preprocess(nb, resources)
    return seeds


def test_the_grader_supplies_the_secret_from_the_environment_or_the_course_folder(monkeypatch, tmp_path):
    path = COURSE / "source" / "write-the-search" / "write-the-search.ipynb"
    monkeypatch.setenv(ENV, "secret-one")
    assert _graded_seeds(monkeypatch, nbformat.read(path, as_version=4)) == ["secret-one", "secret-one"]
    monkeypatch.setenv(ENV, "secret-two")
    assert _graded_seeds(monkeypatch, nbformat.read(path, as_version=4)) == ["secret-two", "secret-two"]
    monkeypatch.delenv(ENV)
    seed = hidden_seed(tmp_path)
    graded = _graded_seeds(monkeypatch, nbformat.read(path, as_version=4), seed_folder=str(tmp_path))
    assert graded == [seed, seed]


@pytest.mark.slow
def test_a_released_notebook_never_shows_the_secret(tmp_path):
    root = tmp_path / "course"
    root.mkdir()
    shutil.copytree(COURSE / "source", root / "source")
    shutil.copy(COURSE / "nbgrader_config.py", root)
    seed = hidden_seed(root)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop(ENV, None)
    for assignment in ("write-the-search", "fourth-edition", "table-flags", "write-expectimax"):
        done = subprocess.run([str(Path(sys.executable).parent / "nbgrader"), "generate_assignment", assignment,
                               "--force", f"--CourseDirectory.root={root}"], cwd=root, env=env,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-2000:]
    released = [p for p in (root / "release").rglob("*") if p.is_file()]
    assert len(released) == 4
    assert not [p for p in released if seed in p.read_text(errors="replace")]
