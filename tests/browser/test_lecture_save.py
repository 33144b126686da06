"""A student who only reads a lecture leaves the repository clean: JupyterLab's save of an unchanged lecture
writes exactly the committed bytes, so `git status` shows nothing and a later `git pull` has nothing to fight."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .labserver import KERNEL_IDLE, ROOT, LabServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

# The lecture with the most kinds of output: widgets, pictures, tables and math.
LECTURE = "02-alpha-beta.ipynb"


def git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", "-c", "user.name=abteach", "-c", "user.email=abteach@localhost", *args],
                          cwd=root, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def test_open_and_save_leaves_git_status_clean(lab_server: LabServer, page: Page,
                                               snapshot) -> None:  # type: ignore[no-untyped-def]
    root = lab_server.root
    lecture = root / "notebooks" / LECTURE
    lecture.parent.mkdir()
    shutil.copyfile(ROOT / "notebooks" / LECTURE, lecture)
    # The project's own ignore rules (JupyterLab's checkpoints among them), as in a real clone.
    shutil.copyfile(ROOT / ".gitignore", root / ".gitignore")
    git(root, "init", "-q")
    git(root, "add", ".gitignore", "notebooks")
    git(root, "commit", "-q", "-m", "the lecture as committed")
    saved_before = lecture.stat().st_mtime_ns

    page.goto(lab_server.notebook_url(f"notebooks/{LECTURE}"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    snapshot("opened")
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    deadline = time.monotonic() + 60
    while lecture.stat().st_mtime_ns == saved_before and time.monotonic() < deadline:
        time.sleep(0.2)
    # The save really happened: otherwise a clean status would prove nothing.
    assert lecture.stat().st_mtime_ns != saved_before, "JupyterLab did not save the lecture"
    time.sleep(1)  # the file is written, then renamed into place; let it settle before reading
    status = git(root, "status", "--porcelain")
    assert status == "", f"saving an unchanged lecture changed it:\n{status}\n{git(root, 'diff')[:3000]}"


# What every widget output of the open notebook shows: its error text if any, and whether it has a picture.
WIDGET_OUTPUTS = """
() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(out => out.querySelector('.jupyter-widgets, .abs-root') || out.classList.contains('jupyter-widgets')
                   || out.innerText.includes('Error displaying widget'))
    .map(out => ({text: out.innerText.slice(0, 200),
                  // A picture: a drawing, or a stepper's tree, drawn by the page.
                  pictures: [...out.querySelectorAll('img')].filter(img => img.complete && img.naturalWidth > 0).length
                            + out.querySelectorAll('svg[role=tree] text').length,
                  step: (out.querySelector('.abs-root .abs-sentence b') || {innerText: ''}).innerText}))
"""


def test_a_run_and_saved_lecture_reopens_on_each_widgets_last_frame(lab_server: LabServer, page: Page,
                                                                    snapshot) -> None:  # type: ignore[no-untyped-def]
    """Run, step, save as the autosave does, reopen with no kernel: every widget shows its last frame."""
    from .labserver import stripped_copy
    import nbformat

    stripped_copy(nbformat.read(ROOT / "notebooks" / LECTURE, as_version=4), lab_server.root / LECTURE)
    page.goto(lab_server.notebook_url(LECTURE))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    stepper = page.locator(".jp-OutputArea-output .abs-root").first
    expect(stepper).to_be_visible(timeout=120_000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    for _ in range(3):
        stepper.get_by_role("button", name="Forward one step").click()
    expect(stepper.locator(".abs-sentence b").first).to_have_text("Step 3.")
    before = page.evaluate(WIDGET_OUTPUTS)
    assert before and all(o["pictures"] for o in before), before
    saved = (lab_server.root / LECTURE).stat().st_mtime_ns
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    deadline = time.monotonic() + 60
    while (lab_server.root / LECTURE).stat().st_mtime_ns == saved and time.monotonic() < deadline:
        time.sleep(0.2)
    time.sleep(1)
    lab_server.forget_kernels()  # reopened later, when the kernel is long gone

    page.goto(lab_server.notebook_url(LECTURE))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    page.wait_for_function(f"() => ({WIDGET_OUTPUTS})().length >= {len(before)}")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")
    page.wait_for_timeout(2000)  # the widget manager restores its models, or gives up, after the page loads
    page.locator(".jp-OutputArea-output .abs-root").first.scroll_into_view_if_needed()
    snapshot("reopened")
    after = page.evaluate(WIDGET_OUTPUTS)
    assert len(after) == len(before)
    problems = [o["text"] for o in after if "model not found" in o["text"] or not o["pictures"]]
    assert not problems, f"{len(problems)} of {len(after)} widgets lost their picture: {problems[:3]}"
    assert after[0]["step"].strip() == "Step 3.", after[0]
    # The stepper's parts are not marked "disconnected" one by one: it is drawn whole, by the page.
    marks = page.locator(".jp-OutputArea-output .abs-root").first.evaluate(
        "root => [...root.querySelectorAll('.jupyter-widgets-disconnected')]"
        ".filter(el => getComputedStyle(el, '::before').content !== 'none').length")
    assert marks == 0
