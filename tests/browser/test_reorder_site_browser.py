"""Lecture 06's reorder view on the course site (`make site`): every ordering shows with no kernel and no network.

The page is served from 127.0.0.1 and opened in Chromium with every other request refused and counted.  What
each ordering must say comes from the searches, in this process.  The site is reused from
``ABTEACH_REUSE_SITE`` when that folder holds lecture 06, else built for lecture 06 alone, which needs
``build/site-tools`` (``make site`` makes it).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

import abteach as ab
from abteach.lessons.ordering import reorderings
from abteach.views.reorder import key_text

from .axe import audit, blocking
from .labserver import ROOT
from .sites import REORDER, Offline, page_url, screenshots_that_fit, shown
from .sites import offline, served, site  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(1800)]

LECTURE = "06-move-ordering-and-complexity.ipynb"
SCREENS = ROOT / "build" / "screens" / "reorder"


def _model(site: Path) -> dict:
    found = shown(site, LECTURE, REORDER)
    assert len(found) == 1, f"lecture 06 shows {len(found)} reorder views on the site, not one"
    return found[0]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_site_reorder_view_reorders_offline(offline: Offline, site: Path, theme: str) -> None:
    page = offline.page
    page.emulate_media(color_scheme=theme)
    page.goto(page_url(site, offline.base, LECTURE))
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
    screenshots_that_fit(page, root, SCREENS / f"site-reorder-{theme}")
    outside = offline.outside
    assert outside == [], f"the page asked for {len(outside)} outside resources: {outside[:5]}"
    assert offline.errors == [], offline.errors
