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
    assert status == "", f"saving an unchanged lecture changed it:\n{status}\n{git(root, 'diff', '--stat')}"
