"""The course site's practice lecture, served from 127.0.0.1 with every other request refused: each practice tree
is drawn by the stepper's module, and its correct search, folded under "Show me the correct search", steps
through every step with the keys; axe finds nothing in light and dark.

The site is reused from ``ABTEACH_REUSE_SITE`` when it holds the lecture, else built for this one lecture
(``build/site-tools`` needed, as for tests/browser/test_site_browser.py).
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
from playwright.sync_api import Browser, expect

from abteach.views.frame_data import replay

from .axe import audit, blocking
from .labserver import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(900)]

LECTURE = "11-practice.ipynb"
TOOLS = ROOT / "build" / "site-tools"
SCREENS = ROOT / "build" / "screens" / "practice"
sys.path.insert(0, str(ROOT / "scripts"))
from build_site import PRACTICE  # noqa: E402  (a script, not a package)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    reuse = os.environ.get("ABTEACH_REUSE_SITE")
    if reuse and (Path(reuse) / "executed" / LECTURE).is_file():
        return Path(reuse)
    if not (TOOLS / "template" / "template.yml").is_file():
        pytest.fail(f"no site tools in {TOOLS}: run `make site` (or scripts/site/build_theme.sh {TOOLS})")
    out = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--tools", str(TOOLS),
                    "--out", str(out), str(ROOT / "notebooks" / LECTURE)], check=True, timeout=800)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002  (the base class's name)
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site / "html")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _url(site: Path, base: str) -> str:
    slug = LECTURE.removesuffix(".ipynb").split("-", 1)[1]
    return f"{base}/{slug}/" if (site / "html" / slug / "index.html").is_file() else f"{base}/"


def _models(site: Path) -> list[dict]:
    nb = nbformat.read(site / "executed" / LECTURE, as_version=4)
    return [o["data"][PRACTICE] for c in nb.cells if c.cell_type == "code" for o in c.outputs
            if PRACTICE in o.get("data", {})]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_site_practice_tree_and_its_folded_search_work_offline(browser: Browser, site: Path, served: str,
                                                                theme: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    errors: list[str] = []

    def route(r):  # type: ignore[no-untyped-def]
        url = r.request.url
        if url.startswith((served + "/", "data:", "blob:")) or url == served:
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.emulate_media(color_scheme=theme)
    try:
        page.goto(_url(site, served))
        models = _models(site)
        assert len(models) == 2  # the lecture's two practice widgets
        widgets = page.locator(".abs-practice")
        expect(widgets).to_have_count(len(models), timeout=30_000)
        for i, model in enumerate(models):
            widget = widgets.nth(i)
            svg = widget.locator(".abs-solve svg[role=tree]")
            expect(svg.get_by_role("treeitem")).to_have_count(len(model["tree"]["layout"]["nodes"]))
            for nd in model["tree"]["layout"]["nodes"]:
                expect(svg.locator(f"g[data-path='{nd['path']}'] > title")).to_contain_text(f"{nd['said']}, ")
            details = widget.locator("details")
            expect(details.locator(".abs-root")).to_be_hidden()
            details.locator("summary").click()
            root = details.locator(".abs-root")
            expect(root).to_be_visible()
            last = len(model["search"]["steps"]) - 1
            root.focus()
            for k in range(1, last + 1):
                page.keyboard.press("ArrowRight")
                expect(root).to_have_attribute("data-step", str(k))
            state = replay(model["search"], last)
            expect(root.locator(".abs-sentence")).to_contain_text(state["sentence"])
        found = blocking(audit(page, ".abs-practice"))
        assert found == [], "\n".join(map(str, found))
        SCREENS.mkdir(parents=True, exist_ok=True)
        for width, height in ((1024, 768), (1400, 900)):
            page.set_viewport_size({"width": width, "height": height})
            widgets.first.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENS / f"site-practice-{theme}-{width}x{height}.png"))
        assert outside == [], outside[:5]
        assert errors == []
    finally:
        context.close()
