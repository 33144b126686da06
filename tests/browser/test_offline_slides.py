"""Exported slides work on a plane and fit a projector: reveal.js from the local copy, every slide within
1024×768, and a stepper on a slide still steps with no kernel and no network."""

from __future__ import annotations

import pytest

from .labserver import ROOT
from .exported import (LECTURES, SLIDE_HEIGHT, SLIDE_WIDTH, Exported, OfflinePage, exported,  # noqa: F401  (fixtures)
                       offline_page, visible_picture)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(3600)]

REVEAL = "assets/reveal.js/dist/reveal.js"


def _open(offline: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline.page
    page.goto((exported.slides / f"{lecture}.slides.html").as_uri())
    # The page loads reveal.js through require.js, so it is a module, not a global: ask require for it.
    page.evaluate(f"() => new Promise((ok, fail) => require(['{REVEAL}'], R => {{ window.Reveal = R; "
                  "R.isReady() ? ok() : R.on('ready', ok); }, fail))")
    page.wait_for_function("() => !window.MathJax || (MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0)")


def _slides(offline: OfflinePage) -> list[dict]:
    """Every slide's indices and the size its content takes, each measured while it is shown."""
    page = offline.page
    sizes = []
    for index in page.evaluate("() => Reveal.getSlides().map(s => Reveal.getIndices(s))"):
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [index["h"], index.get("v") or 0])
        page.wait_for_timeout(50)
        sizes.append(page.evaluate("""() => { const s = Reveal.getCurrentSlide();
            return {h: Reveal.getIndices(s).h, v: Reveal.getIndices(s).v || 0,
                    height: s.scrollHeight, width: s.scrollWidth,
                    title: (s.querySelector('h1, h2, h3') || {innerText: ''}).innerText}; }"""))
    return sizes


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_slide_fits_a_projector(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    _open(offline_page, exported, lecture)
    config = offline_page.page.evaluate("() => ({width: Reveal.getConfig().width, height: Reveal.getConfig().height})")
    assert config == {"width": SLIDE_WIDTH, "height": SLIDE_HEIGHT}
    slides = _slides(offline_page)
    assert len(slides) > 1
    too_big = [s for s in slides if s["height"] > SLIDE_HEIGHT or s["width"] > SLIDE_WIDTH]
    for s in too_big:
        offline_page.page.evaluate("([h, v]) => Reveal.slide(h, v)", [s["h"], s["v"]])
        offline_page.shot(f"offline-slides-{lecture}-{s['h']}-{s['v']}-too-big")
    assert too_big == [], f"{lecture}: slides taller or wider than {SLIDE_WIDTH}×{SLIDE_HEIGHT}: {too_big}"
    assert offline_page.outside == [], f"{lecture} asked outside the machine for {offline_page.outside}"


def test_a_stepper_on_a_slide_steps_offline(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    # The first lecture that shows a stepper (its committed output is the stepper's text form).
    lecture = next(name for name in LECTURES
                   if '"Stepper(' in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    _open(offline_page, exported, lecture)
    first = page.evaluate("() => Reveal.getIndices(document.querySelector('.ab-static-stepper').closest('section'))")
    page.evaluate("([h, v]) => Reveal.slide(h, v)", [first["h"], first.get("v") or 0])
    before = visible_picture(page, 0, ".ab-static-stepper")
    assert before, "the stepper on the slide shows no picture"
    offline_page.shot(f"offline-slides-{lecture}-stepper-before")
    # A click on the slider's track moves it; the arrow keys belong to reveal.js here.
    track = page.locator(".ab-static-stepper .noUi-base").first
    box = track.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
    page.wait_for_function("before => [...document.querySelectorAll('.ab-static-stepper')[0].querySelectorAll('img')]"
                           ".some(img => img.offsetParent !== null && img.src !== before)", arg=before)
    offline_page.shot(f"offline-slides-{lecture}-stepper-after")
    assert offline_page.outside == []
