"""Fixtures for the browser tests: a fresh JupyterLab, a headless Chromium page, and screenshots.

A failing test leaves its screenshot, the browser console and the server log
under test-artifacts/browser/ so the failure can be inspected afterwards.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright

from .labserver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, DEFAULT_TIMEOUT_MS, OUTSIDE, LabServer, start_server, stop_server

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    # Fixtures read the outcome in teardown, to keep evidence only when something failed.
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def _failed(request: pytest.FixtureRequest) -> bool:
    reports = request.node.stash.get(_REPORTS, {})
    return any(r.failed for r in reports.values())


def _artifact_stem(request: pytest.FixtureRequest) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name).strip("_")


@pytest.fixture(scope="session")
def chromium() -> Path:
    """The system Chromium: absent means skip on a workstation, but a failure in CI."""
    if not CHROMIUM.exists():
        message = f"no Chromium at {CHROMIUM}; install it with `apt-get install -y chromium`"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI must run the browser tests, so this is an error there)")
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def lab_session(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Iterator[LabServer]:
    """One JupyterLab for the whole session: starting one per test cost seconds each."""
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "root"
    root.mkdir()
    log_path = base / "jupyterlab.log"
    # The port is picked then released, so another program can take it first: try a new one.
    for attempt in range(3):
        try:
            process, server = start_server(root, base, log_path)
            break
        except RuntimeError:
            if attempt == 2:
                raise
    try:
        yield server
    finally:
        stop_server(process, server)


@pytest.fixture
def lab_server(lab_session: LabServer, request: pytest.FixtureRequest) -> Iterator[LabServer]:
    """The session's JupyterLab, with a new empty folder for this test; put the notebook there before opening it.

    Each test's notebooks have paths no other test uses and open in a workspace of their own, and the
    test's kernels are shut down after it, so nothing of one test is seen by the next.
    """
    server = lab_session.in_folder(f"t{next(_FOLDERS)}-{_artifact_stem(request)[:40]}")
    log_start = server.log.stat().st_size if server.log.exists() else 0
    try:
        yield server
    finally:
        server.forget_kernels()
        if _failed(request):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            with server.log.open("rb") as log:
                log.seek(log_start)
                (ARTIFACTS / f"{_artifact_stem(request)}-jupyterlab.log").write_bytes(log.read())


_FOLDERS = itertools.count(1)


@pytest.fixture(scope="session")
def browser(chromium: Path) -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page that reaches only the private server; on failure its screenshot and console are kept."""
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = context.new_page()
    page.route(OUTSIDE, lambda route: route.abort())
    page.set_default_timeout(DEFAULT_TIMEOUT_MS)
    # expect() has a timeout of its own, 5 s, too short for a kernel starting on a loaded machine.
    expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    console: list[str] = []

    def record(message: ConsoleMessage) -> None:
        console.append(f"[{message.type}] {message.text}")

    page.on("console", record)
    page.on("pageerror", lambda error: console.append(f"[pageerror] {error}"))
    try:
        yield page
    finally:
        if _failed(request):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            stem = _artifact_stem(request)
            try:
                page.screenshot(path=str(ARTIFACTS / f"{stem}-FAILED.png"), full_page=True)
            except Exception as error:  # the page may be what broke; the console log is still worth keeping
                console.append(f"[test] no failure screenshot: {error}")
            (ARTIFACTS / f"{stem}-console.log").write_text("\n".join(console) + "\n")
        context.close()


@pytest.fixture
def snapshot(page: Page, request: pytest.FixtureRequest) -> Callable[[str], Path]:
    """``snapshot("label")`` saves a numbered screenshot of the page under test-artifacts/browser/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    stem = _artifact_stem(request)
    # Old pictures from an earlier run of this test would be mistaken for this run's.
    for old in ARTIFACTS.glob(f"{glob_escape(stem)}-*"):
        old.unlink()
    counter = iter(range(1, 1000))

    def save(label: str) -> Path:
        path = ARTIFACTS / f"{stem}-{next(counter):02d}-{label}.png"
        page.screenshot(path=str(path))
        return path

    return save


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)
