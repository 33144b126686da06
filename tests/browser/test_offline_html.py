"""Exported lectures work on a plane: opened from disk with every outside request refused, with no kernel,
every stepper steps, every search switch switches and the math is typeset."""

from __future__ import annotations

import re

import nbformat
import pytest
from playwright.sync_api import expect

from .labserver import ROOT
from .exported import (shown_as, LECTURES, Exported, OfflinePage, exported, offline_page,  # noqa: F401  (fixtures)
                       picture_shot, visible_picture)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(3600)]

STEPPER = ".ab-static-stepper"
SWITCH = ".ab-static-switch"
FIG55 = ".ab-static-fig55"
#: A step may only move to the next line of pseudocode, leaving the tree as it was: within this many the
#: picture must change.
PICTURE_STEPS = 6
# TeX left as typed: MathJax did not run on it.
RAW_TEX = re.compile(r"\$[^$\n]+\$|\\\(|\\[a-zA-Z]+\{")


def _notebook(lecture: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / f"{lecture}.ipynb", as_version=4)


def _outputs(lecture: str, text: str) -> list[str]:
    """The committed outputs of ``lecture`` whose plain text starts with ``text`` (one per widget shown)."""
    return [o["data"]["text/plain"] for c in _notebook(lecture).cells if c.cell_type == "code"
            for o in c.outputs if o.get("data", {}).get("text/plain", "").startswith(text)]


def _open(offline: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline.page
    page.goto((exported.html / f"{lecture}.html").as_uri())
    # The widget manager renders the saved state once it has loaded: wait for the widgets it makes.
    page.wait_for_function("() => document.querySelectorAll('.widget-slider, .jupyter-widgets').length > 0 "
                           "|| !document.querySelector('script[type=\"application/vnd.jupyter.widget-view+json\"]')")
    page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0 "
                           "&& MathJax.Hub.queue.running === 0")


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_stepper_steps_with_no_kernel_and_no_network(offline_page: OfflinePage, exported: Exported,
                                                          lecture: str) -> None:
    page = offline_page.page
    _open(offline_page, exported, lecture)
    steppers = page.locator(STEPPER)
    # The export showed every live stepper as a static one; the raw widget text would mean no widget state.
    assert "VBox(children=" not in page.inner_text("body")
    shown = page.evaluate(f"() => document.querySelectorAll('{SWITCH}').length + "
                          f"[...document.querySelectorAll('{STEPPER}')].filter(s => !s.closest('{SWITCH}')).length")
    assert shown == len(_outputs(lecture, shown_as("Stepper"))), f"{lecture}: every stepper of the lecture, and only those"
    for i in range(steppers.count()):
        stepper = steppers.nth(i)
        if not stepper.is_visible():
            continue  # another search under a switch: the switch test shows it
        stepper.scroll_into_view_if_needed()
        before = visible_picture(page, i, STEPPER)
        assert before, f"stepper {i} of {lecture} shows no picture"
        pixels = picture_shot(stepper)
        readout = stepper.locator(".widget-readout").first.inner_text()
        handle = stepper.locator(".noUi-handle").first
        handle.focus()
        handle.press("ArrowRight")
        page.wait_for_function("([i, before]) => { const w = document.querySelectorAll('.ab-static-stepper')[i];"
                               "return [...w.querySelectorAll('img')].some(img => img.offsetParent !== null "
                               "&& img.src !== before); }", arg=[i, before])
        assert visible_picture(page, i, STEPPER) != before
        after = stepper.locator(".widget-readout").first.inner_text()
        assert int(after) > int(readout), f"stepper {i} of {lecture}: the slider reads {readout}, then {after}"
        # The picture itself changes, not only the image element showing it.  A step that only moves to the
        # next line of pseudocode draws the same tree, so allow a few.
        for _ in range(PICTURE_STEPS):
            page.wait_for_timeout(150)
            if picture_shot(stepper) != pixels:
                break
            handle.press("ArrowRight")
        else:
            pytest.fail(f"stepper {i} of {lecture}: {PICTURE_STEPS} steps from {readout} show the same picture")
        if i == 0:
            offline_page.shot(f"offline-html-{lecture}-stepper-after-step")
    assert offline_page.outside == [], f"{lecture} asked outside the machine for {offline_page.outside}"
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"


@pytest.mark.parametrize("lecture", LECTURES)
def test_a_long_search_says_it_shows_some_steps_and_numbers_them(offline_page: OfflinePage, exported: Exported,
                                                                  lecture: str) -> None:
    """A pre-rendered stepper of a long search keeps some of its steps: the page says how many, and the slider
    reads the real step numbers, spread evenly from the first to the last."""
    page = offline_page.page
    _open(offline_page, exported, lecture)
    # The lecture's own count of steps, from each stepper's text form ("step 0 of N").
    lasts = {int(m) for t in _outputs(lecture, shown_as("Stepper")) for m in re.findall(r"step \d+ of (\d+)", t)}
    notes = page.locator(".ab-sampled-note:visible")
    for i in range(notes.count()):
        note = notes.nth(i)
        kept, last = map(int, re.search(r"This copy shows (\d+) of the steps 0 to (\d+)", note.inner_text()).groups())
        assert kept < last + 1 and last in lasts, (lecture, kept, last, lasts)
        stepper = note.locator("xpath=ancestor::*[contains(@class, 'ab-static-stepper')][1]")
        readout = stepper.locator(".widget-readout").first
        handle = stepper.locator(".noUi-handle").first
        handle.focus()
        handle.press("Home")
        expect(readout).to_have_text("0")
        handle.press("ArrowRight")
        # Kept evenly: the second is about last / (kept - 1), give or take the step the lecture starts at.
        second = int(readout.inner_text())
        assert 0 < second <= 2 * last / (kept - 1), (lecture, second, kept, last)
        handle.press("End")
        expect(readout).to_have_text(str(last))
        expect(stepper.locator(".ab-explanation:visible").first).to_contain_text(f"Step {last}.")
        if i == 0:
            offline_page.shot(f"offline-html-{lecture}-sampled-stepper")
    assert offline_page.outside == [] and offline_page.missing == []


@pytest.mark.parametrize("lecture", LECTURES)
def test_switches_and_fig55_views_work_with_no_kernel(offline_page: OfflinePage, exported: Exported,
                                                      lecture: str) -> None:
    page = offline_page.page
    _open(offline_page, exported, lecture)
    switches = page.locator(SWITCH)
    for i in range(switches.count()):
        switch = switches.nth(i)
        switch.scroll_into_view_if_needed()
        before = visible_picture(page, i, SWITCH)
        buttons = switch.locator(".widget-toggle-buttons").first.locator("button")
        expect(buttons.first).to_have_class(re.compile(r"\bmod-active\b"))
        buttons.nth(1).click()
        expect(buttons.nth(1)).to_have_class(re.compile(r"\bmod-active\b"))
        # Another search is shown: its own stepper, starting at its own step.
        page.wait_for_function("([i, before]) => { const w = document.querySelectorAll('.ab-static-switch')[i];"
                               "const img = [...w.querySelectorAll('img')].filter(im => im.offsetParent !== null);"
                               "return img.length && img[0].src !== before; }", arg=[i, before])
    views = page.locator(FIG55)
    assert views.count() == len(_outputs(lecture, shown_as("FigureVsAlgorithm")))
    for i in range(views.count()):
        view = views.nth(i)
        view.scroll_into_view_if_needed()
        before = visible_picture(page, i, FIG55)
        handle = view.locator(".noUi-handle").first
        handle.focus()
        handle.press("ArrowRight")
        page.wait_for_function("([i, before]) => { const w = document.querySelectorAll('.ab-static-fig55')[i];"
                               "return [...w.querySelectorAll('img')].some(im => im.offsetParent !== null "
                               "&& im.src !== before); }", arg=[i, before])
        offline_page.shot(f"offline-html-{lecture}-fig55-after-step")
    assert offline_page.outside == []
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"


@pytest.mark.parametrize("lecture", LECTURES)
def test_math_is_typeset_from_the_local_copy(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline_page.page
    _open(offline_page, exported, lecture)
    markdown = page.locator(".jp-RenderedMarkdown")
    texts = [markdown.nth(i).inner_text() for i in range(markdown.count())]
    math = page.locator(".MathJax_CHTML").count()
    if any("$" in c.source for c in _notebook(lecture).cells if c.cell_type == "markdown"):
        assert math > 0, f"{lecture} has math but MathJax typeset none of it"
    leftover = [m.group(0) for t in texts for m in RAW_TEX.finditer(t)]
    assert leftover == [], f"{lecture} shows TeX as typed: {leftover[:5]}"
    assert offline_page.outside == []
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"
