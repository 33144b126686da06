"""Exported slides work on a plane and fit a projector: reveal.js from the local copy, every slide within
1024×768, and a stepper on a slide still steps with no kernel and no network, its keys its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .labserver import ROOT
from abteach.views.sizes import resolve_size

from .exported import (shown_as, LECTURES, SLIDE_HEIGHT, SLIDE_WIDTH, Exported, OfflinePage, exported,  # noqa: F401  (fixtures)
                       offline_page, picture_shot)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(3600)]

REVEAL = "assets/reveal.js/dist/reveal.js"
STEPPER = ".abs-offline"


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
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"


def _first_stepper_slide(offline: OfflinePage, exported: Exported) -> str:
    """Open the slides of the first lecture that shows a stepper, at the stepper's slide; the lecture's name."""
    page = offline.page
    # The first lecture that shows a stepper (its committed output is the stepper's text form).
    lecture = next(name for name in LECTURES
                   if '"' + shown_as("Stepper") in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    _open(offline, exported, lecture)
    first = page.evaluate(f"() => Reveal.getIndices(document.querySelector('{STEPPER}').closest('section'))")
    page.evaluate("([h, v]) => Reveal.slide(h, v)", [first["h"], first.get("v") or 0])
    page.wait_for_timeout(100)
    return lecture


def test_a_stepper_on_a_slide_steps_offline(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    lecture = _first_stepper_slide(offline_page, exported)
    stepper = page.locator(STEPPER).first
    root = stepper.locator(".abs-root")
    start = int(root.get_attribute("data-step") or "0")
    before = picture_shot(stepper)
    offline_page.shot(f"offline-slides-{lecture}-stepper-before")
    # The slider, far along: many steps later, the tree has changed.
    root.locator("input[type=range]").evaluate(
        "(el) => { el.value = String(Math.round(el.max * 0.6)); el.dispatchEvent(new Event('input', {bubbles: true})); }")
    expect(root).not_to_have_attribute("data-step", str(start))
    page.wait_for_timeout(200)
    assert picture_shot(stepper) != before, f"{lecture}: the slider moved, the tree did not"
    root.get_by_role("button", name="Forward one step").click()
    offline_page.shot(f"offline-slides-{lecture}-stepper-after")
    assert offline_page.outside == []


def test_arrow_keys_on_a_stepper_step_it_and_keep_the_slide(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    lecture = _first_stepper_slide(offline_page, exported)
    slide = page.evaluate("() => Reveal.getIndices()")
    # The first stepper of the deck, the one on this slide: found so that a turned slide does not lose it.
    root = page.locator(STEPPER).first.locator(".abs-root")
    start = int(root.get_attribute("data-step") or "0")
    before = picture_shot(page.locator(STEPPER).first)
    offline_page.shot(f"offline-slides-{lecture}-keys-before")
    root.focus()
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(start + 1))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    assert picture_shot(page.locator(STEPPER).first) != before, f"{lecture}: three steps show the same tree"
    offline_page.shot(f"offline-slides-{lecture}-keys-after-right")
    # reveal.js, which turns slides on the same keys, must not also act on them.
    assert page.evaluate("() => Reveal.getIndices()") == slide, "ArrowRight on a stepper turned the slide"
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-step", str(start + 2))
    page.keyboard.press("End")
    expect(root).not_to_have_attribute("data-step", str(start + 2))
    assert page.evaluate("() => Reveal.getIndices()") == slide, "ArrowLeft or End on a stepper turned the slide"
    # Off the widget, the same key still belongs to reveal.js: the stepper keeps only its own keys.
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("s => Reveal.getIndices().h !== s.h || (Reveal.getIndices().v || 0) !== (s.v || 0)",
                           arg=slide)
    assert offline_page.outside == []


#: What the slides draw with: α, β and v are set at ``small`` points, at ``dpi`` pixels an inch.
PROJECTOR = resolve_size("projector")
ALPHA_BETA_PX = PROJECTOR.small * PROJECTOR.dpi / 72
LEGIBLE_PX = 14
#: The most of a slide's 700 px of height a picture may need to be legible and still be required to be.
LEGIBLE_HEIGHT = 0.45 * SLIDE_HEIGHT

# Each shown picture on the current slide: its natural width and height, how tall α, β and v are in it at that
# width, the width it takes on the screen (reveal.js's scaling included), and the room its cell's output has there.
_PICTURES = """([alphaBeta]) => {
  const slide = Reveal.getCurrentSlide();
  const shown = el => el.offsetParent !== null && el.getBoundingClientRect().width > 0;
  const room = el => el.closest('.jp-OutputArea-output').getBoundingClientRect().width;
  const out = [];
  // A stepper's tree, each of a Fig. 5.5 view's two, and a reorder view's (drawn by the same module).
  const trees = '.abs-offline .abs-tree svg, .ab-static-fig55 .abs-tree svg, .ab-static-reorder .abs-tree svg';
  for (const svg of slide.querySelectorAll(trees)) {
    if (!shown(svg)) continue;
    // The tree is drawn in its own units (the viewBox), its small text at 13 of them.
    const box = svg.viewBox.baseVal;
    const kind = svg.closest('.ab-static-fig55') ? 'fig55' : svg.closest('.ab-static-reorder') ? 'reorder' : 'stepper';
    out.push({kind, natural: box.width, height: box.height,
              small: 13, shown: svg.getBoundingClientRect().width, room: room(svg), scale: Reveal.getScale()});
  }
  return out;
}"""

# Each shown line of pseudocode on the current slide, and whether its text is cut (wider than its box or the slide).
# A line too long for its box wraps between words, under its own text.
_LINES = """() => {
  const slide = Reveal.getCurrentSlide();
  return [...slide.querySelectorAll('.abs-offline .abs-listing li')].filter(l => l.offsetParent !== null).map(l => ({
    text: l.innerText,
    cut: l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().right > slide.getBoundingClientRect().right + 1}));
}"""


def _widget_slides(offline: OfflinePage) -> list[tuple[int, int]]:
    return [(i["h"], i.get("v") or 0) for i in offline.page.evaluate(
        "() => Reveal.getSlides().filter(s => s.querySelector('.abs-offline, .ab-static-fig55, .ab-static-reorder'))"
        ".map(s => Reveal.getIndices(s))")]


def _lectures_with(kind: str) -> list[str]:
    """The lectures whose committed outputs show a ``kind`` widget, found by its plain-text sentence."""
    found = [path.stem for path in sorted((ROOT / "notebooks").glob("*.ipynb"))
             if '"' + shown_as(kind) in path.read_text(encoding="utf-8")]
    # Found nowhere, pytest would skip the tests quietly ("got empty parameter set"): the sentence has changed.
    assert found, f"no lecture shows a {kind}: has its plain-text sentence changed?"
    return [name for name in found if name in LECTURES]


@pytest.mark.parametrize("lecture", sorted(set(_lectures_with("Stepper") + _lectures_with("FigureVsAlgorithm")
                                               + _lectures_with("ReorderView"))))
def test_pictures_and_pseudocode_on_slides_are_legible(offline_page: OfflinePage, exported: Exported,
                                                      lecture: str) -> None:
    """On a slide at 1024×768, α, β and v are at least 14 px tall wherever the tree can be drawn that large
    on a 960 px slide at all, and no line of pseudocode is cut."""
    _open(offline_page, exported, lecture)
    slides = _widget_slides(offline_page)
    assert slides, f"{lecture} shows a stepper, a Fig. 5.5 view or a reorder view, but no slide holds one"
    small, wrapped, shrunk = [], [], []
    for h, v in slides:
        offline_page.page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        offline_page.page.wait_for_timeout(100)
        pictures = offline_page.page.evaluate(_PICTURES, [ALPHA_BETA_PX])
        assert pictures, f"{lecture}, slide {h}/{v}: its stepper or Fig. 5.5 view shows no picture"
        for p in pictures:
            px = p["small"] * p["shown"] / p["natural"]
            # A tree that, drawn legibly, is wider than its room or takes more than LEGIBLE_HEIGHT of the slide
            # (the rest is for the code, the controls, the sentence and the pseudocode) is shown whole, as large
            # as fits: Fig. 5.2's tree and any smaller one must be legible.
            legible = LEGIBLE_PX / p["small"]
            can = p["natural"] * legible <= p["room"] and p["height"] * legible <= LEGIBLE_HEIGHT * p["scale"]
            # "About 14 px": a Fig. 5.2-sized picture gives up a few per cent of its width to the pseudocode
            # below it (measured: 13.3 px); anything under 13 px is a layout that has gone wrong.
            if can and px < LEGIBLE_PX - 1:
                small.append((h, v, p["kind"], round(px, 1)))
            if not can:
                shrunk.append((h, v, p["kind"], round(px, 1)))
        for line in offline_page.page.evaluate(_LINES):
            if line["cut"]:
                wrapped.append((h, v, line["text"].strip()[:50]))
        if small or wrapped:
            offline_page.shot(f"offline-slides-{lecture}-{h}-{v}-illegible")
    assert small == [], f"{lecture}: α, β and v smaller than {LEGIBLE_PX} px on these slides: {small}"
    assert wrapped == [], f"{lecture}: pseudocode lines cut on a slide: {wrapped}"
    if shrunk:
        print(f"{lecture}: trees too big to draw legibly on a slide, shown at α, β, v of {shrunk} px")
    assert offline_page.outside == [] and offline_page.missing == []


@pytest.mark.parametrize("lecture", _lectures_with("Stepper"))
def test_every_stepper_on_a_slide_steps_offline(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline_page.page
    _open(offline_page, exported, lecture)
    slides = [(h, v) for h, v in _widget_slides(offline_page)]
    stepped = 0
    for h, v in slides:
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        page.wait_for_timeout(100)
        steppers = page.locator(f"section.present {STEPPER}:visible")
        for i in range(steppers.count()):
            stepper = steppers.nth(i)
            root = stepper.locator(".abs-root")
            before = picture_shot(stepper)
            start = root.get_attribute("data-step")
            # Far along the slider: many steps later, the tree has changed.
            root.locator("input[type=range]").evaluate(
                "(el) => { el.value = String(Math.round(el.max * 0.6)); "
                "el.dispatchEvent(new Event('input', {bubbles: true})); }")
            expect(root).not_to_have_attribute("data-step", start or "")
            page.wait_for_timeout(200)
            assert picture_shot(stepper) != before, f"{lecture}, slide {h}/{v}: a step shows the same picture"
            stepped += 1
        if stepped == 1:
            offline_page.shot(f"offline-slides-{lecture}-{h}-{v}-stepped")
    assert stepped >= 1
    assert offline_page.outside == [] and offline_page.missing == []
