"""Lecture 06's reorder view on the course site (`make site`): every ordering shows with no kernel and no network.

The page is served from 127.0.0.1 and opened in Chromium with every other request refused and counted.  What
each ordering must say comes from the searches, in this process.  The site is reused from
``ABTEACH_REUSE_SITE`` when that folder holds lecture 06, else built for lecture 06 alone, which needs
``build/site-tools`` (``make site`` makes it).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Browser, Route, expect

import abteach as ab
from abteach.lessons.ordering import reorderings
from abteach.views.reorder import key_text

from .axe import audit, blocking
from .labserver import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(1800)]

LECTURE = "06-move-ordering-and-complexity.ipynb"
TOOLS = ROOT / "build" / "site-tools"
SCREENS = ROOT / "build" / "screens" / "reorder"
sys.path.insert(0, str(ROOT / "scripts"))
from build_site import REORDER  # noqa: E402  (a script, not a package)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    reuse = os.environ.get("ABTEACH_REUSE_SITE")
    if reuse and (Path(reuse) / "executed" / LECTURE).is_file():
        return Path(reuse)
    if not (TOOLS / "template" / "template.yml").is_file():
        pytest.fail(f"no site tools in {TOOLS}: run `make site` (or scripts/site/build_theme.sh {TOOLS})")
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--tools", str(TOOLS),
                    "--out", str(out), str(ROOT / "notebooks" / LECTURE)], check=True, timeout=1500)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002  (the base class's name)
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site / "html"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _page_url(site: Path, base: str) -> str:
    slug = LECTURE.removesuffix(".ipynb").split("-", 1)[1]
    return f"{base}/{slug}/" if (site / "html" / slug / "index.html").is_file() else f"{base}/"


def _model(site: Path) -> dict:
    nb = nbformat.read(site / "executed" / LECTURE, as_version=4)
    found = [o["data"][REORDER] for c in nb.cells if c.cell_type == "code" for o in c.outputs
             if REORDER in o.get("data", {})]
    assert len(found) == 1, f"lecture 06 shows {len(found)} reorder views on the site, not one"
    return found[0]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_site_reorder_view_reorders_offline(browser: Browser, site: Path, served: str, theme: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    errors: list[str] = []

    def route(r: Route) -> None:
        url = r.request.url
        if url.startswith((served + "/", "data:", "blob:")) or url == served:
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.emulate_media(color_scheme=theme)
        page.goto(_page_url(site, served))
        if theme == "dark":
            page.evaluate("() => { document.documentElement.classList.add('dark'); "
                          "document.documentElement.classList.remove('light'); }")
        root = page.locator(".ab-reorder")
        expect(root).to_have_count(1, timeout=30_000)
        model = _model(site)
        expect(root).to_have_attribute("data-ordering", model["ordering"])
        root.scroll_into_view_if_needed()
        r = reorderings(ab.examples.FIG_5_2)
        summary = root.locator(".ab-reorder-summary")
        # By keyboard on D's dropdown, then each button: the sentence is the searches' own.
        root.get_by_label("D's children").focus()
        for _ in range(2):
            page.keyboard.press("ArrowDown")
        for which in (None, "best", "worst"):
            if which:
                root.locator(f"button[data-key={which}]").click()
            key = root.get_attribute("data-ordering") or ""
            k = next(k for k in r.results if key_text(k) == key)
            total = len(r.tree_for(k).leaves())
            expect(summary).to_contain_text(f"{r.result(k).leaves} of {total} leaves evaluated. "
                                            f"Pruned: {', '.join(r.pruned_names(k)) or 'nothing'}.")
        assert root.get_attribute("data-ordering") == model["data"]["keys"]["worst"]
        found = blocking(audit(page, include=".ab-reorder"))
        assert not found, "\n".join(map(str, found))
        SCREENS.mkdir(parents=True, exist_ok=True)
        for width, height in ((1024, 768), (1400, 900)):
            page.set_viewport_size({"width": width, "height": height})
            root.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENS / f"site-reorder-{theme}-{width}x{height}.png"))
            box = root.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        assert outside == [], f"the page asked for {len(outside)} outside resources: {outside[:5]}"
        assert errors == [], errors
    finally:
        context.close()
