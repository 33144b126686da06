"""Lectures exported once per test session by the same script as ``make html`` and ``make slides``, and a page
that may load nothing but local files.

The export runs each lecture in a kernel, which is the slow part, so one run
writes both the HTML pages and the slides that the offline tests open.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, Request, Route, expect

from abteach.widgets.feedback import FEEDBACK_CLASS

from .labserver import ARTIFACTS, DEFAULT_TIMEOUT_MS, ROOT

NODE_MODULES = ROOT / "build" / "assets" / "node_modules"
EXPORT = ROOT / "scripts" / "export_lectures.py"
#: The lectures exported for the browser checks: every lecture, as `make html` and `make slides` export them.
#: Exported once per session (both kinds from one run of each lecture) and shared by the HTML and slide tests.
LECTURES = tuple(sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")))
if os.environ.get("ABTEACH_REUSE_EXPORT"):
    LECTURES = tuple(sorted(p.name.split(".")[0] for p in (Path(os.environ["ABTEACH_REUSE_EXPORT"]) / "html").glob("[0-9][0-9]-*.html")))
#: What a slide may take: reveal.js lays a slide out at 960×700 and scales that to the window (1024×768 here).
SLIDE_WIDTH, SLIDE_HEIGHT = 960, 700
PROJECTOR = {"width": 1024, "height": 768}


@dataclass(frozen=True)
class Exported:
    html: Path
    slides: Path


@pytest.fixture(scope="session")
def exported(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Exported:
    """Every lecture, exported as HTML and slides into a temporary folder.

    ``ABTEACH_REUSE_EXPORT=DIR`` opens an export made earlier into DIR/html and DIR/slides instead,
    for working on these tests without waiting for the lectures to run.
    """
    reuse = os.environ.get("ABTEACH_REUSE_EXPORT")
    if reuse:
        return Exported(Path(reuse) / "html", Path(reuse) / "slides")
    if not NODE_MODULES.is_dir():
        pytest.fail(f"no {NODE_MODULES}: run `make assets` (make test does) to install the offline libraries")
    out = tmp_path_factory.mktemp("exported")
    done = subprocess.run(
        [sys.executable, str(EXPORT), "--assets", str(NODE_MODULES), "--html", str(out / "html"),
         "--slides", str(out / "slides"), *(str(ROOT / "notebooks" / f"{name}.ipynb") for name in LECTURES)],
        capture_output=True, text=True, timeout=3000, env={**os.environ, "PYTHONHASHSEED": "0"})
    assert done.returncode == 0, done.stderr[-6000:]
    return Exported(out / "html", out / "slides")


@dataclass
class OfflinePage:
    """A page that may load local files only; ``outside`` lists every other request it tried, ``missing`` the
    local files it could not load, and ``dialogs`` the messages of the dialogs it opened (each dismissed)."""

    page: Page
    outside: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


@contextmanager
def offline_at(browser: Browser, viewport: dict[str, int] = PROJECTOR, scale: float = 1) -> Iterator[OfflinePage]:
    """A page of ``viewport`` CSS pixels at ``scale`` device pixels to one, that may load local files only."""
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    page = context.new_page()
    page.set_default_timeout(DEFAULT_TIMEOUT_MS)
    result = OfflinePage(page)

    def route(r: Route, request: Request) -> None:
        if request.url.startswith("file://"):
            r.continue_()
        else:
            result.outside.append(request.url)
            r.abort()

    def dialog(d: Dialog) -> None:
        result.dialogs.append(d.message)
        d.dismiss()

    page.route(re.compile(".*"), route)
    page.on("requestfailed", lambda request: result.missing.append(request.url)
            if request.url.startswith("file://") else None)
    page.on("dialog", dialog)
    try:
        yield result
    finally:
        context.close()


@pytest.fixture
def offline_page(browser: Browser) -> Iterator[OfflinePage]:
    with offline_at(browser) as result:
        yield result


def visible_picture(page: Page, widget_index: int, selector: str) -> str:
    """The ``src`` of the picture the ``widget_index``-th ``selector`` widget shows now."""
    return page.evaluate(
        """([selector, i]) => {
            const w = document.querySelectorAll(selector)[i];
            const shown = [...w.querySelectorAll('img')].filter(img => img.offsetParent !== null && img.width > 0);
            return shown.length ? shown[0].src : '';
        }""", [selector, widget_index])


def picture_shot(widget: Locator) -> bytes:
    """A screenshot of the picture ``widget`` shows now (a stepper's tree, or a Fig. 5.5 view's drawings)."""
    picture = widget.locator(".abs-tree:visible, .ab-fig55-images:visible").first
    picture.scroll_into_view_if_needed()
    return picture.screenshot(animations="disabled")


def shown_as(widget: str) -> str:
    """How a committed notebook's plain text begins for ``widget`` (``"Stepper"``): its sentence, not a repr."""
    from abteach.widgets.fallback import WIDGET_WORDS
    return f"{WIDGET_WORDS[widget]} ("


def feedback_steps(page: Page, path: Path) -> tuple[Locator, dict[str, Any]]:
    """nbgrader's feedback page at ``path``, opened in ``page``: its one feedback stepper and the data it carries."""
    page.goto(path.as_uri())
    steps = page.locator(f".{FEEDBACK_CLASS}")
    expect(steps).to_have_count(1)
    return steps, json.loads(steps.locator("script[type='application/json']").text_content() or "{}")
