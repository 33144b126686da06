"""The course site (`make site`) for the site's browser tests: one lecture's site, served, opened offline.

A test module names its lecture as ``LECTURE`` and imports the fixtures it uses from here
(``from .sites import offline, served, site``).  The site is reused from ``ABTEACH_REUSE_SITE`` (a
``build_site.py --out`` folder) when that folder holds the lecture, else built for that one lecture, which
needs ``build/site-tools`` (``make site`` or ``make test-all`` makes it).  Its pages are served from
127.0.0.1 and opened in Chromium with every other request refused and counted.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import Browser, Locator, Page, Route

from .labserver import ROOT

TOOLS = ROOT / "build" / "site-tools"
sys.path.insert(0, str(ROOT / "scripts"))
from build_site import FRAMES, PRACTICE, REORDER  # noqa: E402  (a script, not a package)


@pytest.fixture(scope="module")
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``build_site.py --out`` folder holding at least the test module's ``LECTURE``."""
    lecture = request.module.LECTURE
    reuse = os.environ.get("ABTEACH_REUSE_SITE")
    if reuse and (Path(reuse) / "executed" / lecture).is_file():
        return Path(reuse)
    if not (TOOLS / "template" / "template.yml").is_file():
        pytest.fail(f"no site tools in {TOOLS}: run `make site` (or scripts/site/build_theme.sh {TOOLS})")
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--tools", str(TOOLS),
                    "--out", str(out), str(ROOT / "notebooks" / lecture)], check=True, timeout=1500)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002  (the base class's name)
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site's pages at http://127.0.0.1:PORT (a static server, as a student or a course host would use)."""
    handler = functools.partial(_Quiet, directory=str(site / "html"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Offline:
    """A page that may load only the served site: what else it asked for, and its script errors."""

    page: Page
    base: str
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


# The browser is the session's (tests/browser/conftest.py): a second sync_playwright() started while the
# session's is running fails, which it is whenever another browser test ran first.


@pytest.fixture
def offline(browser: Browser, served: str) -> Iterator[Offline]:
    """A fresh 1400×900 page on which every request but the served site's is refused and counted."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    state = Offline(page, served)

    def route(r: Route) -> None:
        url = r.request.url
        if url.startswith((served + "/", "data:", "blob:")) or url == served:
            r.continue_()
        else:
            state.outside.append(url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: state.errors.append(str(e)))
    yield state
    context.close()


def page_url(site: Path, base: str, lecture: str) -> str:
    """Where ``lecture``'s page is on the site served at ``base``."""
    # mystmd names a page after its file, less the leading number; the first lecture of a site is its home page
    # (a site built for this one lecture).
    slug = lecture.removesuffix(".ipynb").split("-", 1)[1]
    html = site / "html"
    if (html / slug / "index.html").is_file():
        return f"{base}/{slug}/"
    executed = sorted(p.name for p in (site / "executed").glob("*.ipynb"))
    assert executed[:1] == [lecture] and (html / "index.html").is_file(), f"no page for {lecture} in {html}"
    return f"{base}/"


def shown(site: Path, lecture: str, media: str) -> list[dict[str, Any]]:
    """What each view of ``lecture`` shown under ``media`` was built from on the site, in page order."""
    nb = nbformat.read(site / "executed" / lecture, as_version=4)
    return [o["data"][media] for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if media in o.get("data", {})]


def screenshots_that_fit(page: Page, element: Locator, stem: Path) -> None:
    """``element`` in view at 1024×768 and 1400×900, saved as ``<stem>-<W>x<H>.png``: at each size it fits the
    page's width, nothing of it cut off."""
    stem.parent.mkdir(parents=True, exist_ok=True)
    for width, height in ((1024, 768), (1400, 900)):
        page.set_viewport_size({"width": width, "height": height})
        element.scroll_into_view_if_needed()
        page.screenshot(path=str(stem.parent / f"{stem.name}-{width}x{height}.png"))
        box = element.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)


__all__ = ["site", "served", "offline", "Offline", "page_url", "shown", "screenshots_that_fit", "FRAMES", "PRACTICE",
           "REORDER", "TOOLS"]
