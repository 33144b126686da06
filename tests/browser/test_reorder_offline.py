"""Lecture 06's reorder view exported: every ordering shows in the page with no kernel and no network, on a page
and on a slide that it fits, chosen by keyboard on its dropdowns."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, expect

from abteach.lessons.ordering import reorderings
from abteach.views.reorder import key_text
import abteach as ab

from .exported import (LECTURES, SLIDE_HEIGHT, SLIDE_WIDTH, Exported, OfflinePage, exported,  # noqa: F401  (fixtures)
                       offline_page)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

LECTURE = "06-move-ordering-and-complexity"
VIEW = ".ab-static-reorder"
REVEAL = "assets/reveal.js/dist/reveal.js"

#: Every ordering, chosen in the page as a reader would (each dropdown set, then its change event): the sentence
#: said of each, and the values drawn in its tree's leaves.
ALL_ORDERINGS = """(root) => {
  const selects = [...root.querySelectorAll('select')];
  const options = selects.map(s => [...s.options].map(o => o.value));
  const out = {};
  const choose = (k, prefix) => {
    if (k === selects.length) {
      const key = prefix.join('|');
      selects.forEach((s, i) => { s.value = prefix[i]; });
      selects[selects.length - 1].dispatchEvent(new Event('change', {bubbles: true}));
      const leaves = [...root.querySelectorAll('g[role=treeitem]')].filter(g => g.querySelector('rect.abs-glyph'))
        .map(g => g.querySelector('text:not(.abs-marker)').textContent);
      out[key] = {shown: root.dataset.ordering, summary: root.querySelector('.ab-reorder-summary').innerText, leaves};
      return;
    }
    for (const v of options[k]) choose(k + 1, [...prefix, v]);
  };
  choose(0, []);
  return out;
}"""


def _expected():
    r = reorderings(ab.examples.FIG_5_2)
    out = {}
    for key, result in r.results.items():
        tree = r.tree_for(key)
        out[key_text(key)] = (result.leaves, len(tree.leaves()), r.pruned_names(key),
                              [str(tree.nodes[p].value) for p in tree.nodes if tree.nodes[p].is_leaf])
    return out


def _check_every_ordering(root: Locator) -> None:
    expected = _expected()
    seen = root.evaluate(ALL_ORDERINGS)
    assert set(seen) == set(expected) and len(seen) == 1296
    for key, (leaves, total, pruned, values) in expected.items():
        shown = seen[key]
        assert shown["shown"] == key
        said = re.match(r"(\d+) of (\d+) leaves evaluated\. Pruned: ([^.]*)\.", shown["summary"])
        assert said is not None, shown["summary"]
        assert (int(said[1]), int(said[2])) == (leaves, total), (key, shown["summary"])
        assert said[3] == (", ".join(pruned) or "nothing"), (key, shown["summary"])
        assert shown["leaves"] == values, (key, shown["leaves"])


@pytest.mark.skipif(LECTURE not in LECTURES, reason="lecture 06 is not in this export")
def test_every_ordering_shows_in_the_exported_page(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    page.goto((exported.html / f"{LECTURE}.html").as_uri())
    view = page.locator(VIEW)
    expect(view).to_have_count(1)
    root = view.locator(".ab-reorder")
    expect(root).to_be_visible()
    data = json.loads(view.locator("script[type='application/json']").text_content() or "{}")
    expect(root).to_have_attribute("data-ordering", data["options"]["ordering"])
    root.scroll_into_view_if_needed()
    # By keyboard: D's dropdown, ↓ to its next order.
    d = root.get_by_label("D's children")
    d.focus()
    page.keyboard.press("ArrowDown")
    expect(root).to_have_attribute("data-ordering", "0,1,2|0,1,2|0,1,2|0,2,1")
    offline_page.shot("offline-html-06-reorder")
    _check_every_ordering(root)
    root.locator("button[data-key=best]").click()
    expect(root).to_have_attribute("data-ordering", data["reorder"]["keys"]["best"])
    assert offline_page.outside == [], f"the page asked outside the machine for {offline_page.outside}"
    assert offline_page.missing == [], f"the page could not load {offline_page.missing}"


@pytest.mark.skipif(LECTURE not in LECTURES, reason="lecture 06 is not in this export")
def test_the_view_fits_its_slide_and_reorders_there(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    page.goto((exported.slides / f"{LECTURE}.slides.html").as_uri())
    page.evaluate(f"() => new Promise((ok, fail) => require(['{REVEAL}'], R => {{ window.Reveal = R; "
                  "R.isReady() ? ok() : R.on('ready', ok); }, fail))")
    at = page.evaluate(f"() => Reveal.getIndices(document.querySelector('{VIEW}').closest('section'))")
    page.evaluate("([h, v]) => Reveal.slide(h, v)", [at["h"], at.get("v") or 0])
    page.wait_for_timeout(200)
    root = page.locator(VIEW).locator(".ab-reorder")
    expect(root).to_be_visible()
    expect(root).to_have_class(re.compile(r"\babs-slide\b"))
    size = page.evaluate("""() => { const s = Reveal.getCurrentSlide();
        return {height: s.scrollHeight, width: s.scrollWidth}; }""")
    assert size["height"] <= SLIDE_HEIGHT and size["width"] <= SLIDE_WIDTH, size
    # The tree is drawn whole: no part of it is scrolled out of its box.
    box = root.locator(".abs-tree").evaluate("b => ({scroll: b.scrollWidth, client: b.clientWidth})")
    assert box["scroll"] <= box["client"] + 1, box
    slide = page.evaluate("() => Reveal.getIndices()")
    d = root.get_by_label("D's children")
    d.focus()
    page.keyboard.press("ArrowDown")
    expect(root).to_have_attribute("data-ordering", "0,1,2|0,1,2|0,1,2|0,2,1")
    page.keyboard.press("ArrowDown")
    expect(root).to_have_attribute("data-ordering", "0,1,2|0,1,2|0,1,2|1,0,2")
    # The dropdown's keys are its own: reveal.js did not turn the slide.
    assert page.evaluate("() => Reveal.getIndices()") == slide
    offline_page.shot("offline-slides-06-reorder")
    assert offline_page.outside == [] and offline_page.missing == []
