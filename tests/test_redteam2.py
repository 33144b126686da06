"""Red team, second round (issue 27): the grader's own process and machine, attacked through what a student hands in.

The cells are ``course/samples/redteam/hostile_kernel_cells.py``'s (its docstring says what each did before).
Each test asserts the secure behaviour: a by-hand answer nested past the parser's depth is that answer's
failure, told why, not a crash of the grader; the kernel's box goes, however deep its folders; a notebook's
cells share one time budget; the output the grader keeps is capped as it arrives; the kernel's writes to the
grader's disk are capped in total.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from abteach.grading.autograde import HiddenTest, grade, literal_answer
from tests.samples import redteam

cells = redteam("hostile_kernel_cells")


# -- answers by hand, read in the grader's process ------------------------------------------------

@pytest.mark.parametrize("kind", sorted(cells.DEEP_ANSWERS))
def test_an_answer_nested_past_the_parsers_depth_fails_that_answer_with_a_reason(kind):
    source = cells.DEEP_ANSWERS[kind]
    value, problem = literal_answer([source], "answer")
    assert value is None and problem is not None and "answer" in problem
    passed, feedback = grade(HiddenTest("fig55", "answer"), [source], "student")
    assert not passed and "answer" in feedback


def test_a_deep_cell_beside_the_answer_does_not_hide_the_answer():
    import abteach as ab
    right = f"inf = float('inf')\nanswer = {ab.grading.fig55_answers()!r}"
    assert literal_answer([cells.DEEP_ANSWERS["unary minus"].replace("answer", "other"), right], "answer") == (
        ab.grading.fig55_answers(), None)


# -- the autograde kernel -------------------------------------------------------------------------

def _needs_kernel_sandbox():
    pytest.importorskip("nbgrader")
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")


def run_notebook(sources: list[str], folder: Path, **options):
    """The notebook of ``sources`` run by SandboxedExecute with ``options``, and the seconds it took."""
    from nbformat.v4 import new_code_cell, new_notebook

    from abteach.grading.kernelbox import SandboxedExecute
    nb = new_notebook(cells=[new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    folder.mkdir(exist_ok=True)
    start = time.monotonic()
    nb, _ = SandboxedExecute(**options).preprocess(nb, {"metadata": {"path": str(folder)}})
    return nb, time.monotonic() - start


@pytest.fixture
def box_parent() -> Iterator[Path]:
    """A folder of this test's own for the kernels' boxes: another grader on the machine makes its boxes in
    /var/tmp at the same time, and a box of theirs must not read as one this test left behind."""
    parent = Path(tempfile.mkdtemp(prefix="abteach-test-boxes-", dir="/var/tmp"))
    parent.chmod(0o755)  # the kernel's own user reads its box at the same path
    try:
        yield parent
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def boxes(parent: Path) -> set[str]:
    return {p.name for p in parent.glob("abteach-kernel-*")}


def test_a_box_nested_deeper_than_python_recurses_is_removed():
    pytest.importorskip("nbgrader")
    from abteach.grading.kernelbox import KernelBox
    box, _ = KernelBox.create(None)
    fd = os.open(box.work, os.O_RDONLY)
    try:
        for _ in range(cells.DEPTH):
            os.mkdir("d", dir_fd=fd)
            deeper = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = deeper
    finally:
        os.close(fd)
    box.remove()
    assert not os.path.lexists(box.folder)


@pytest.mark.sandbox
def test_a_kernel_that_nests_folders_deep_leaves_no_box_behind(tmp_path, box_parent):
    _needs_kernel_sandbox()
    from traitlets.config import Config
    made: set[str] = set()
    watching = threading.Event()

    def watch() -> None:
        # The box must be made here, or finding none left would prove nothing.
        while not watching.is_set():
            made.update(boxes(box_parent))
            time.sleep(0.05)
    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        nb, _ = run_notebook([cells.DEEP_FOLDERS], tmp_path / "own", timeout=60,
                             config=Config({"SandboxedKernelManager": {"box_parent": str(box_parent)}}))
    finally:
        watching.set()
        watcher.join()
    assert "NESTED" in "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert made and boxes(box_parent) == set(), made


@pytest.mark.sandbox
def test_a_notebooks_cells_share_one_time_budget_and_the_rest_are_not_run(tmp_path):
    _needs_kernel_sandbox()
    sources = cells.sleepy_cells(count=6, seconds=4)
    nb, took = run_notebook(sources, tmp_path / "own", timeout=30, notebook_timeout=5)
    # Six cells of 4 s each, the first deaf to the interrupt: 24 s or more with a timeout per cell alone.
    assert took < 15, took
    not_run = [c for c in nb.cells if any(o.get("ename") == "NotRun" for o in c.outputs)]
    assert len(not_run) >= 4 and "Not run" in not_run[-1].outputs[0].traceback[0]


@pytest.mark.sandbox
def test_output_past_the_limit_is_dropped_as_it_arrives_and_the_cell_says_so(tmp_path):
    _needs_kernel_sandbox()
    limit = 2 ** 20
    nb, _ = run_notebook([cells.flood(64), "print('AFTER')"], tmp_path / "own", timeout=60, output_limit=limit)
    kept = sum(len(o.get("text", "")) for c in nb.cells for o in c.outputs)
    # One message may straddle the limit: at most one of 1 MB past it, not the 64 MB printed.
    assert kept < 3 * limit, kept
    assert any("dropped" in o.get("text", "") for o in nb.cells[0].outputs)


@pytest.mark.sandbox
def test_the_kernels_writes_to_the_graders_disk_are_capped_in_total(tmp_path):
    _needs_kernel_sandbox()
    from abteach.grading.kernelbox import COPY_LIMIT, FILE_SIZE_LIMIT
    # Files of half the per-file limit, so only a cap on the total can stop them.
    size = FILE_SIZE_LIMIT // 2 ** 20 // 2
    nb, _ = run_notebook([cells.disk_fill(files=8, megabytes=size)], tmp_path / "own", timeout=60)
    printed = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    written = int(printed.split("WRITTEN")[1].split()[0])
    assert written <= COPY_LIMIT + FILE_SIZE_LIMIT, printed
