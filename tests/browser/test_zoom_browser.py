"""The exported stepper is real text that zooms to 200 % and reflows (WCAG 2.1 1.4.4 Resize text, 1.4.10 Reflow).

Lecture 02's page, opened offline as a student opens it:

* at 200 % zoom (a 1024×768 window at 200 % is a 512×384 CSS-pixel viewport with two device pixels to a CSS
  pixel) the stepper's sentence, listing and the node labels of its tree are text drawn twice as large as at
  100 % (the tree's labels as much less as the tree fits its narrower box, never below its legible floor), no
  control, sentence or listing line is cut off or pushes the page sideways, and the buttons still step;
* at 320 CSS pixels wide the page does not scroll sideways: only the tree's own box scrolls, which 1.4.10
  exempts as a two-dimensional diagram;
* with the text alone made larger (the root font size at 200 %, as a browser's text-size setting does) the
  sentence and the listing grow with it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .exported import LECTURES, Exported, OfflinePage, exported, offline_at  # noqa: F401  (fixtures)
from .labserver import ARTIFACTS
from .test_offline_html import _open as open_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LECTURE = next((name for name in LECTURES if name.startswith("02-")), "02-alpha-beta")
STEPPER = ".abs-offline"
#: The window the lectures are checked at, and what 200 % zoom makes of it.
WINDOW = {"width": 1024, "height": 768}
ZOOMED = {"width": WINDOW["width"] // 2, "height": WINDOW["height"] // 2}
NARROW = {"width": 320, "height": 256}

# One character's box of the element's first text (a line's height, whatever the wrapping), its computed
# font size, each in device pixels; for an SVG text its size as drawn (the tree may be scaled to its box).
SIZES = """root => {
    const dpr = devicePixelRatio;
    const glyph = el => {
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {acceptNode: t =>
            t.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT});
        const text = walk.nextNode();
        const range = document.createRange();
        const at = text.textContent.search(/\\S/);
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return {glyph: range.getBoundingClientRect().height * dpr,
                font: parseFloat(getComputedStyle(el).fontSize) * dpr,
                text: text.textContent.trim(), tag: el.tagName.toLowerCase()};
    };
    const svg = root.querySelector('.abs-tree svg');
    const label = [...root.querySelectorAll('.abs-tree g[role=treeitem]:not(.abs-hide) text.abs-name')]
        .find(t => t.textContent.trim());
    return {sentence: glyph(root.querySelector('.abs-sentence')),
            listing: glyph(root.querySelector('.abs-listing li')),
            label: {...glyph(label), svgWidth: svg.getBoundingClientRect().width * dpr,
                    small: parseFloat(getComputedStyle(root.querySelector('.abs-tree text.abs-small')).fontSize)
                        * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width},
            pictures: root.querySelectorAll('img, canvas').length};
}"""

# What of a stepper is cut off or sticks out: its controls, pass line, sentence, listing lines, call stack and
# legend must lie within the window and hold their own content; the tree's box alone may scroll.
CUT_OFF = """root => {
    const page = document.scrollingElement;
    const parts = root.querySelectorAll(
        '.abs-controls, .abs-controls > *, .abs-pass, .abs-sentence, .abs-listing, .abs-listing li, .abs-stack, '
        + '.abs-stack table, .abs-legend, .abs-side, .abs-body, .abs-switch button');
    const out = [];
    for (const el of [root, ...parts]) {
        if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') continue;  // not shown
        const r = el.getBoundingClientRect();
        const name = el.className || el.tagName.toLowerCase();
        if (r.left < -0.5 || r.right > innerWidth + 0.5)
            out.push(`${name} spans ${r.left}..${r.right} of ${innerWidth}`);
        // A range or a select holds its own parts; any other box holding more than its width cuts it off.
        const control = el instanceof HTMLInputElement || el instanceof HTMLSelectElement;
        if (!control && el.scrollWidth > el.clientWidth + 1)
            out.push(`${name} holds ${el.scrollWidth} px in ${el.clientWidth}`);
    }
    // Nothing but the tree's box scrolls sideways inside the stepper.
    for (const el of root.querySelectorAll('*')) {
        if (el.closest('.abs-tree') || el instanceof SVGElement) continue;
        const style = getComputedStyle(el);
        if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
            out.push(`${el.className || el.tagName} scrolls sideways`);
    }
    return {out, page: page.scrollWidth, window: innerWidth};
}"""


def _steppers(page: Page) -> Locator:
    return page.locator(f"{STEPPER} .abs-root")


def _shot(root: Locator, name: str) -> Path:
    """The whole stepper, as the window shows it (at the window's device pixels), kept under test-artifacts/."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"zoom-{LECTURE}-{name}.png"
    root.screenshot(path=str(path))
    return path


def _nothing_cut_off(page: Page, where: str) -> None:
    """Every stepper of the page is whole within the window, and the page does not scroll sideways."""
    steppers = _steppers(page)
    assert steppers.count() > 0, f"{LECTURE}: no stepper drawn"
    for i in range(steppers.count()):
        found = steppers.nth(i).evaluate(CUT_OFF)
        assert found["out"] == [], f"{where}, stepper {i}: {found['out']}"
    width = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1] + 1, f"{where}: the page scrolls sideways, {width[0]} px in a {width[1]} px window"


def test_the_stepper_zooms_to_200_percent(browser: Browser, exported: Exported) -> None:
    with offline_at(browser, WINDOW) as plain:
        open_page(plain, exported, LECTURE)
        at_100 = _steppers(plain.page).first.evaluate(SIZES)
    with offline_at(browser, ZOOMED, scale=2) as zoomed:
        page = zoomed.page
        open_page(zoomed, exported, LECTURE)
        root = _steppers(page).first
        at_200 = root.evaluate(SIZES)
        _shot(root, "200-percent")
        # Real text: the words are in the page as text (an SVG <text> for the node), not a picture of them.
        assert at_200["pictures"] == 0, "the stepper shows a picture where its text should be"
        assert [at_200[k]["tag"] for k in ("sentence", "listing", "label")] == ["div", "li", "text"]
        assert at_200["sentence"]["text"].startswith("Step "), at_200["sentence"]
        for part in ("sentence", "listing"):
            for size in ("glyph", "font"):
                assert at_200[part][size] == pytest.approx(2 * at_100[part][size], rel=0.1), (
                    part, size, at_100[part], at_200[part])
        # The tree takes the width its box gives it: its labels are twice as large but for how much narrower
        # it is drawn, and its small text (α, β, v) never below the legible floor the stepper was made with.
        fit = at_200["label"]["svgWidth"] / (2 * at_100["label"]["svgWidth"])
        assert at_200["label"]["glyph"] == pytest.approx(2 * at_100["label"]["glyph"] * fit, rel=0.1), (at_100, at_200)
        options = json.loads(page.locator(STEPPER).first.locator("script[type='application/json']").text_content()
                             or "{}")["options"]
        assert at_200["label"]["small"] >= options["legible"] - 0.5, (at_200["label"], options)
        _nothing_cut_off(page, "1024×768 at 200 %")
        # The buttons still step.
        root.get_by_role("button", name="First step").click()
        expect(root).to_have_attribute("data-step", "0")
        root.get_by_role("button", name="Forward one step").click()
        expect(root).to_have_attribute("data-step", "1")
        root.get_by_role("button", name="Last step").click()
        last = int(root.locator("input[type=range]").get_attribute("max") or "0")
        expect(root).to_have_attribute("data-step", str(last))
        root.get_by_role("button", name="Back one step").click()
        expect(root).to_have_attribute("data-step", str(last - 1))
        _nothing_cut_off(page, "1024×768 at 200 %, at the last step but one")
        assert zoomed.outside == []


def test_the_stepper_reflows_at_320_css_pixels(browser: Browser, exported: Exported) -> None:
    with offline_at(browser, NARROW) as narrow:
        page = narrow.page
        open_page(narrow, exported, LECTURE)
        root = _steppers(page).first
        _shot(root, "320px")
        _nothing_cut_off(page, "320 CSS px wide")
        # Every step, not only the first: the longest sentence and the call stack at its deepest must fit too.
        root.get_by_role("button", name="Last step").click()
        _nothing_cut_off(page, "320 CSS px wide, at the last step")
        # A tree wider than the window is reached by scrolling its own box, not cut off by it.
        tree = root.locator(".abs-tree")
        wider, overflow = tree.evaluate(
            "box => [box.scrollWidth > box.clientWidth + 1, getComputedStyle(box).overflowX]")
        assert not wider or overflow in ("auto", "scroll"), (wider, overflow)
        assert narrow.outside == []


def test_the_stepper_text_grows_with_the_text_size(browser: Browser, exported: Exported) -> None:
    with offline_at(browser, WINDOW) as plain:
        page = plain.page
        open_page(plain, exported, LECTURE)
        root = _steppers(page).first
        before = root.evaluate(SIZES)
        base = page.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)")
        page.add_style_tag(content="html { font-size: 200% !important; }")
        larger = page.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)")
        assert larger == pytest.approx(2 * base), "the page kept its root font size"
        after = root.evaluate(SIZES)
        _shot(root, "text-200-percent")
        for part in ("sentence", "listing"):
            for size in ("glyph", "font"):
                assert after[part][size] == pytest.approx(before[part][size] * larger / base, rel=0.1), (
                    part, size, before[part], after[part])
        _nothing_cut_off(page, "text at 200 %")


FIGURE_LECTURE = next((name for name in LECTURES if name.startswith("03-")), "03-fig-5-5")
# The computed font size, in CSS px, of the Fig. 5.5 view's heading, its node table and its search switch.
FIGURE_SIZES = """root => Object.fromEntries(
    [['heading', '.ab-fig55-heading'], ['table', '.ab-stage-nodes table'], ['switch', '.abs-switch button']]
    .map(([name, sel]) => {
        const el = root.querySelector(sel);
        return [name, el ? parseFloat(getComputedStyle(el).fontSize) : null];
    }))"""


def test_the_figure_views_text_grows_with_the_text_size(browser: Browser, exported: Exported) -> None:
    with offline_at(browser, WINDOW) as plain:
        page = plain.page
        open_page(plain, exported, FIGURE_LECTURE)
        root = page.locator(".ab-static-fig55").first
        expect(root.locator("svg text").first).to_be_attached()
        before = root.evaluate(FIGURE_SIZES)
        assert all(before.values()), before  # each part is there to measure
        page.add_style_tag(content="html { font-size: 200% !important; }")
        after = root.evaluate(FIGURE_SIZES)
        for part, size in before.items():
            assert after[part] == pytest.approx(2 * size, rel=0.1), (part, before, after)
        assert plain.outside == []
