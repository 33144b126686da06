"""Exported lectures work on a plane: opened from disk with every outside request refused, with no kernel,
every stepper steps through every step, every search switch switches and the math is typeset."""

from __future__ import annotations

import json
import re

import nbformat
import pytest
from playwright.sync_api import Locator, expect

from .labserver import ROOT
from .exported import (shown_as, LECTURES, Exported, OfflinePage, exported, offline_page,  # noqa: F401  (fixtures)
                       picture_shot, visible_picture)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(3600)]

STEPPER = ".abs-offline"
FIG55 = ".ab-static-fig55"
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
    # The stepper's module draws every stepper of the page once the page is parsed.
    page.wait_for_function(f"() => [...document.querySelectorAll('{STEPPER}')].every(s => s.querySelector('.abs-root'))")
    page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0 "
                           "&& MathJax.Hub.queue.running === 0")


def _data(stepper: Locator) -> dict:
    """The data an exported stepper carries: every search's frames, and where it opens."""
    return json.loads(stepper.locator("script[type='application/json']").text_content() or "{}")


def _sentence(root: Locator) -> str:
    return " ".join(root.locator(".abs-sentence").inner_text().split())


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_stepper_steps_through_every_step_with_no_kernel_and_no_network(
        offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    """Every stepper of the lecture is in the page, and steps from its first step to its last, each one of
    them (the lecture's own count, from its committed text "step 0 of N"), with the sentence the data gives."""
    page = offline_page.page
    _open(offline_page, exported, lecture)
    steppers = page.locator(STEPPER)
    committed = _outputs(lecture, shown_as("Stepper"))
    assert steppers.count() == len(committed), f"{lecture}: every stepper of the lecture, and only those"
    for i in range(steppers.count()):
        stepper = steppers.nth(i)
        stepper.scroll_into_view_if_needed()
        data = _data(stepper)
        root = stepper.locator(".abs-root")
        search = next(x["data"] for x in data["searches"] if x["label"] == data["options"]["choice"])
        last = len(search["steps"]) - 1
        # The lecture's own count of steps for the search shown: every one is kept.
        assert f"step {data['options']['step']} of {last}:" in committed[i], (committed[i][:120], last)
        expect(root).to_have_attribute("data-step", str(data["options"]["step"]))
        assert root.locator("input[type=range]").get_attribute("max") == str(last)
        pixels = picture_shot(stepper)
        root.focus()
        page.keyboard.press("Home")
        for k in range(1, last + 1):
            page.keyboard.press("ArrowRight")
            expect(root).to_have_attribute("data-step", str(k))
        want = replay_sentence(search, last)
        assert _sentence(root).startswith(f"Step {last}. {want}"), (_sentence(root), want)
        assert picture_shot(stepper) != pixels, f"stepper {i} of {lecture}: the last step draws the first's tree"
        if i == 0:
            offline_page.shot(f"offline-html-{lecture}-stepper-last-step")
    assert offline_page.outside == [], f"{lecture} asked outside the machine for {offline_page.outside}"
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"


def replay_sentence(data: dict, step: int) -> str:
    """The sentence of ``step``, the last one the data's changes give up to it."""
    said = ""
    for delta in data["steps"][:step + 1]:
        said = delta.get("sentence", said)
    return " ".join(said.split())


@pytest.mark.parametrize("lecture", LECTURES)
def test_switches_and_fig55_views_work_with_no_kernel(offline_page: OfflinePage, exported: Exported,
                                                      lecture: str) -> None:
    page = offline_page.page
    _open(offline_page, exported, lecture)
    switches = page.locator(STEPPER).filter(has=page.locator(".abs-switch"))
    for i in range(switches.count()):
        switch = switches.nth(i)
        switch.scroll_into_view_if_needed()
        data = _data(switch)
        buttons = switch.locator(".abs-switch button")
        expect(buttons).to_have_count(len(data["searches"]))
        expect(buttons.first).to_have_attribute("aria-pressed", "true")
        other = data["searches"][1]
        buttons.nth(1).click()
        expect(buttons.nth(1)).to_have_attribute("aria-pressed", "true")
        expect(switch.locator(".abs-searches")).to_have_attribute("data-choice", other["label"])
        # The other search is shown, at the same step as far as it goes, with its own sentence.
        root = switch.locator(".abs-root")
        step = min(data["options"]["step"], len(other["data"]["steps"]) - 1)
        expect(root).to_have_attribute("data-step", str(step))
        assert _sentence(root).startswith(f"Step {step}. {replay_sentence(other['data'], step)}")
    views = page.locator(FIG55)
    assert views.count() == len(_outputs(lecture, shown_as("FigureVsAlgorithm")))
    for i in range(views.count()):
        view = views.nth(i)
        view.scroll_into_view_if_needed()
        data = _data(view)
        root = view.locator(".ab-fig55")
        stages = data["figure"]["stages"]
        at = stages.index(data["options"]["stage"])
        expect(root).to_have_attribute("data-stage", stages[at])
        # Every stage of every search is in the page: the keys step through them all, the texts drawn change.
        texts = "r => [...r.querySelectorAll('svg[role=tree] text')].map(t => t.textContent).join('|')"
        root.focus()
        page.keyboard.press("Home")
        seen = set()
        for label in stages:
            expect(root).to_have_attribute("data-stage", label)
            seen.add(root.evaluate(texts))
            page.keyboard.press("ArrowRight")
        assert len(seen) > 1, f"{lecture}: the Fig. 5.5 view draws the same texts at every stage"
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
