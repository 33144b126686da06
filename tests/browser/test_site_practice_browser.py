"""The course site's practice lecture, served from 127.0.0.1 with every other request refused: each practice tree
is drawn by the stepper's module, and its correct search, folded under "Show me the correct search", steps
through every step with the keys; axe finds nothing in light and dark.

The site is reused from ``ABTEACH_REUSE_SITE`` when it holds the lecture, else built for this one lecture
(``build/site-tools`` needed, as for tests/browser/test_site_browser.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from abteach.views.frame_data import replay

from .axe import audit, blocking
from .labserver import ROOT
from .sites import PRACTICE, Offline, page_url, screenshots_that_fit, shown
from .sites import offline, served, site  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(900)]

LECTURE = "11-practice.ipynb"
SCREENS = ROOT / "build" / "screens" / "practice"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_site_practice_tree_and_its_folded_search_work_offline(offline: Offline, site: Path, theme: str) -> None:
    page = offline.page
    page.emulate_media(color_scheme=theme)
    page.goto(page_url(site, offline.base, LECTURE))
    models = shown(site, LECTURE, PRACTICE)
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
    screenshots_that_fit(page, widgets.first, SCREENS / f"site-practice-{theme}")
    assert offline.outside == [], offline.outside[:5]
    assert offline.errors == []
