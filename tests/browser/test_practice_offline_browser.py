"""The practice lecture exported, opened from disk with every outside request refused: each practice tree is
drawn by the stepper's module (SVG, real text, a tree a reader walks), and its correct search, folded under
"Show me the correct search", steps through every step with the keys; light and dark pass axe."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from abteach.lessons.practice import check_answers, practice_tree
from abteach.views.tree_data import tree_data

from .axe import audit, blocking
from .exported import Exported, OfflinePage, exported, offline_at, offline_page  # noqa: F401  (fixtures)
from .labserver import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LECTURE = "11-practice"
PRACTICE = ".ab-static-practice"
SCREENS = ROOT / "build" / "screens" / "practice"
#: The lecture's practice widgets, as its cells make them: (tree maker options, check options).
CALLS = [({"seed": 8}, {"rule": "textbook", "edition": 3}),
         ({"rule": "strict", "ties": True, "seed": 8}, {"rule": "strict", "edition": 3})]


def _open(offline: OfflinePage, exported: Exported) -> None:
    page = offline.page
    page.goto((exported.html / f"{LECTURE}.html").as_uri())
    page.wait_for_function(f"() => [...document.querySelectorAll('{PRACTICE}')].every(s => s.querySelector('svg'))")


def _shot(offline: OfflinePage, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    path = offline.shot(f"practice-offline-{name}")
    shutil.copy(path, SCREENS / path.name)


def test_each_practice_tree_is_drawn_and_its_correct_search_steps_offline(offline_page: OfflinePage,
                                                                           exported: Exported) -> None:
    page = offline_page.page
    _open(offline_page, exported)
    widgets = page.locator(PRACTICE)
    assert widgets.count() == len(CALLS)
    for i, (made, checked) in enumerate(CALLS):
        widget = widgets.nth(i)
        tree = practice_tree(**{"size": "small", "shape": "uniform", "rule": "textbook", "ties": False, **made})
        # Worked out here, from the tree and the lessons' own checker: the page must draw this.
        expected = tree_data(check_answers(tree, {}, **checked).result.trace)
        drawn = widget.locator(".abs-solve svg[role=tree]")
        expect(drawn).to_have_count(1)
        items = drawn.get_by_role("treeitem")
        expect(items).to_have_count(len(expected["layout"]["nodes"]))
        for nd, n in zip(expected["layout"]["nodes"], tree.walk()):
            what = f"{nd['said']}, leaf, value {n.value}" if n.is_leaf else f"{nd['said']}, {n.player} node"
            expect(drawn.locator(f"g[data-path='{nd['path']}'] > title")).to_have_text(
                re.compile(rf"^{re.escape(what)}, to solve$"))
        # The leaves' values are real text in the drawing.
        texts = drawn.locator("text").all_text_contents()
        assert all(str(n.value) in texts for n in tree.walk() if n.is_leaf)
        # The tree is walked with the arrow keys.
        widget.scroll_into_view_if_needed()
        drawn.get_by_role("treeitem").first.focus()
        page.keyboard.press("ArrowRight")
        expect(drawn.locator("g[role=treeitem]:focus")).to_have_attribute("data-path", "0")
        page.keyboard.press("ArrowDown")
        expect(drawn.locator("g[role=treeitem]:focus")).to_have_attribute("data-path", "0.0")
        # Show me: folded until asked for, then every step with the keys.
        details = widget.locator("details.abs-show-me")
        expect(details).not_to_have_attribute("open", "")
        expect(details.locator(".abs-root")).to_be_hidden()
        if i == 0:
            _shot(offline_page, "closed-1024x768")
        details.locator("summary").click()
        root = details.locator(".abs-root")
        expect(root).to_be_visible()
        data = json.loads(widget.locator("script[type='application/json']").text_content() or "{}")
        search = data["practice"]["search"]
        last = len(search["steps"]) - 1
        assert root.locator("input[type=range]").get_attribute("max") == str(last)
        expect(root).to_have_attribute("data-step", "0")
        root.focus()
        for k in range(1, last + 1):
            page.keyboard.press("ArrowRight")
            expect(root).to_have_attribute("data-step", str(k))
        expect(root.locator(".abs-sentence")).to_contain_text(f"Step {last}.")
        if i == 0:
            root.scroll_into_view_if_needed()
            _shot(offline_page, "open-last-1024x768")
        page.keyboard.press("Home")
        expect(root).to_have_attribute("data-step", "0")
    assert offline_page.outside == [], offline_page.outside
    assert offline_page.missing == [], offline_page.missing


def test_the_exported_practice_page_meets_wcag_21_aa_light_and_dark(offline_page: OfflinePage,
                                                                      exported: Exported) -> None:
    page = offline_page.page
    _open(offline_page, exported)
    for details in page.locator(f"{PRACTICE} details").all():
        details.locator("summary").click()
    found = blocking(audit(page, PRACTICE))
    assert found == [], "\n".join(map(str, found))
    # The module's colours follow a dark theme's variables; an exported page sets them as JupyterLab's would.
    page.evaluate("""() => { document.body.dataset.jpThemeLight = 'false';
        for (const el of document.querySelectorAll('.ab-static-practice')) {
          el.style.setProperty('--jp-layout-color0', '#111111'); el.style.setProperty('--jp-layout-color2', '#333333');
          el.style.setProperty('--jp-content-font-color1', '#eeeeee'); el.style.setProperty('--jp-content-font-color2', '#bbbbbb');
          el.style.background = '#111111'; el.style.color = '#eeeeee'; } }""")
    page.locator(PRACTICE).first.scroll_into_view_if_needed()
    _shot(offline_page, "dark")
    found = blocking(audit(page, PRACTICE))
    assert found == [], "\n".join(map(str, found))


def test_a_practice_tree_fits_its_slide(browser, exported: Exported) -> None:  # noqa: F811
    with offline_at(browser) as offline:
        page = offline.page
        page.goto((exported.slides / f"{LECTURE}.slides.html").as_uri())
        page.evaluate("() => new Promise((ok, fail) => require(['assets/reveal.js/dist/reveal.js'], R => { "
                      "window.Reveal = R; R.isReady() ? ok() : R.on('ready', ok); }, fail))")
        index = page.evaluate(f"() => Reveal.getIndices(Reveal.getSlides().find(s => s.querySelector('{PRACTICE}')))")
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [index["h"], index.get("v") or 0])
        page.wait_for_timeout(100)
        size = page.evaluate("() => { const s = Reveal.getCurrentSlide(); return [s.scrollWidth, s.scrollHeight]; }")
        svg = page.locator(f"section.present {PRACTICE} .abs-solve svg").first
        expect(svg).to_be_visible()
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / "practice-offline-slide-1024x768.png"))
        assert size[0] <= 960 and size[1] <= 700, size
        assert offline.outside == []
