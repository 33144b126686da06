"""Exported slides work on a plane and fit a projector: reveal.js from the local copy, every slide within
1024×768, and a stepper on a slide still steps with no kernel and no network."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .labserver import ROOT
from abteach.views.sizes import resolve_size

from .exported import (shown_as, LECTURES, SLIDE_HEIGHT, SLIDE_WIDTH, Exported, OfflinePage, exported,  # noqa: F401  (fixtures)
                       offline_page, picture_shot, visible_picture)

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
    assert offline_page.missing == [], f"{lecture} could not load {offline_page.missing}"


def test_a_stepper_on_a_slide_steps_offline(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    # The first lecture that shows a stepper (its committed output is the stepper's text form).
    lecture = next(name for name in LECTURES
                   if '"' + shown_as("Stepper") in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
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


def test_arrow_keys_on_a_stepper_step_it_and_keep_the_slide(offline_page: OfflinePage, exported: Exported) -> None:
    page = offline_page.page
    lecture = next(name for name in LECTURES
                   if '"' + shown_as("Stepper") in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    _open(offline_page, exported, lecture)
    first = page.evaluate("() => Reveal.getIndices(document.querySelector('.ab-static-stepper').closest('section'))")
    page.evaluate("([h, v]) => Reveal.slide(h, v)", [first["h"], first.get("v") or 0])
    page.wait_for_timeout(100)
    slide = page.evaluate("() => Reveal.getIndices()")
    # The first stepper of the deck, the one on this slide: found so that a turned slide does not lose it.
    stepper = page.locator(".ab-static-stepper").first
    readout = stepper.locator(".widget-readout").first
    handle = stepper.locator(".noUi-handle").first
    start = int(readout.inner_text())
    before = picture_shot(stepper)
    offline_page.shot(f"offline-slides-{lecture}-keys-before")
    handle.focus()
    page.keyboard.press("ArrowRight")
    # The slider's own key handling moves it by one step ...
    expect(readout).to_have_text(str(start + 1))
    page.wait_for_timeout(200)
    assert picture_shot(stepper) != before, f"{lecture}: ArrowRight stepped the slider but not the picture"
    offline_page.shot(f"offline-slides-{lecture}-keys-after-right")
    # ... and reveal.js, which turns slides on the same keys, must not also act on it.
    assert page.evaluate("() => Reveal.getIndices()") == slide, "ArrowRight on a stepper's slider turned the slide"
    page.keyboard.press("ArrowLeft")
    expect(readout).to_have_text(str(start))
    page.keyboard.press("End")
    expect(readout).not_to_have_text(str(start))
    assert page.evaluate("() => Reveal.getIndices()") == slide, "ArrowLeft or End on a stepper's slider turned the slide"
    # Off the widget, the same key still belongs to reveal.js: the fix keeps only the widget's keys.
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

# Each shown picture on the current slide: its natural width (its tiles' first row, or the image's own), the
# width it takes on the screen (reveal.js's scaling included), and the room its cell's output has there.
_PICTURES = """() => {
  const slide = Reveal.getCurrentSlide();
  const shown = el => el.offsetParent !== null && el.getBoundingClientRect().width > 0;
  const room = el => el.closest('.jp-OutputArea-output').getBoundingClientRect().width;
  const out = [];
  for (const grid of slide.querySelectorAll('.ab-static-stepper .ab-image')) {
    if (!shown(grid)) continue;
    const tiles = [...grid.querySelectorAll('img')];
    const top = tiles[0].offsetTop;
    const natural = tiles.filter(t => t.offsetTop === top).reduce((w, t) => w + t.naturalWidth, 0);
    const height = tiles.filter(t => t.offsetLeft === tiles[0].offsetLeft).reduce((h, t) => h + t.naturalHeight, 0);
    out.push({kind: 'stepper', natural, height, shown: grid.getBoundingClientRect().width, room: room(grid),
              scale: Reveal.getScale()});
  }
  for (const img of slide.querySelectorAll('.ab-static-fig55 .ab-fig55-images img')) {
    // Two drawings share the row: each has half of it.
    if (shown(img)) out.push({kind: 'fig55', natural: img.naturalWidth, height: img.naturalHeight,
                              shown: img.getBoundingClientRect().width, room: room(img) / 2, scale: Reveal.getScale()});
  }
  return out;
}"""

# Each shown line of pseudocode on the current slide: its height against one line's, and whether its text
# is cut (wider than its box).
_LINES = """() => {
  const slide = Reveal.getCurrentSlide();
  return [...slide.querySelectorAll('.ab-static-stepper .ab-line')].filter(l => l.offsetParent !== null).map(l => {
    const code = l.querySelector('.ab-code');
    return {text: l.innerText, height: l.getBoundingClientRect().height,
            line: parseFloat(getComputedStyle(code).lineHeight) * (l.getBoundingClientRect().height / l.offsetHeight),
            cut: code.scrollWidth > code.clientWidth + 1 || l.getBoundingClientRect().right > slide.getBoundingClientRect().right + 1};
  });
}"""


def _widget_slides(offline: OfflinePage) -> list[tuple[int, int]]:
    return [(i["h"], i.get("v") or 0) for i in offline.page.evaluate(
        "() => Reveal.getSlides().filter(s => s.querySelector('.ab-static-stepper, .ab-static-fig55'))"
        ".map(s => Reveal.getIndices(s))")]


def _lectures_with(kind: str) -> list[str]:
    """The lectures whose committed outputs show a ``kind`` widget, found by its plain-text sentence."""
    found = [path.stem for path in sorted((ROOT / "notebooks").glob("*.ipynb"))
             if '"' + shown_as(kind) in path.read_text(encoding="utf-8")]
    # Found nowhere, pytest would skip the tests quietly ("got empty parameter set"): the sentence has changed.
    assert found, f"no lecture shows a {kind}: has its plain-text sentence changed?"
    return [name for name in found if name in LECTURES]


@pytest.mark.parametrize("lecture", sorted(set(_lectures_with("Stepper") + _lectures_with("FigureVsAlgorithm"))))
def test_pictures_and_pseudocode_on_slides_are_legible(offline_page: OfflinePage, exported: Exported,
                                                      lecture: str) -> None:
    """On a slide at 1024×768, α, β and v are at least 14 px tall wherever the tree can be drawn that large
    on a 960 px slide at all, and no line of pseudocode is cut or wrapped."""
    _open(offline_page, exported, lecture)
    slides = _widget_slides(offline_page)
    assert slides, f"{lecture} shows a stepper or a Fig. 5.5 view, but no slide holds one"
    small, wrapped, shrunk = [], [], []
    for h, v in slides:
        offline_page.page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        offline_page.page.wait_for_timeout(100)
        pictures = offline_page.page.evaluate(_PICTURES)
        assert pictures, f"{lecture}, slide {h}/{v}: its stepper or Fig. 5.5 view shows no picture"
        for p in pictures:
            px = ALPHA_BETA_PX * p["shown"] / p["natural"]
            # A tree that, drawn legibly, is wider than its room or takes more than LEGIBLE_HEIGHT of the slide
            # (the rest is for the code, the controls, the sentence and the pseudocode) is shown whole, as large
            # as fits: Fig. 5.2's tree and any smaller one must be legible.
            legible = LEGIBLE_PX / ALPHA_BETA_PX
            can = p["natural"] * legible <= p["room"] and p["height"] * legible <= LEGIBLE_HEIGHT * p["scale"]
            # "About 14 px": a Fig. 5.2-sized picture gives up a few per cent of its width to the pseudocode
            # below it (measured: 13.3 px); anything under 13 px is a layout that has gone wrong.
            if can and px < LEGIBLE_PX - 1:
                small.append((h, v, p["kind"], round(px, 1)))
            if not can:
                shrunk.append((h, v, p["kind"], round(px, 1)))
        for line in offline_page.page.evaluate(_LINES):
            if line["cut"] or line["height"] > 1.5 * line["line"]:
                wrapped.append((h, v, line["text"].strip()[:50]))
        if small or wrapped:
            offline_page.shot(f"offline-slides-{lecture}-{h}-{v}-illegible")
    assert small == [], f"{lecture}: α, β and v smaller than {LEGIBLE_PX} px on these slides: {small}"
    assert wrapped == [], f"{lecture}: pseudocode lines cut or wrapped on a slide: {wrapped}"
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
        steppers = page.locator("section.present .ab-static-stepper:visible")
        for i in range(steppers.count()):
            stepper = steppers.nth(i)
            before = picture_shot(stepper)
            readout = stepper.locator(".widget-readout").first.inner_text()
            box = stepper.locator(".noUi-base").first.bounding_box()
            assert box is not None
            # Far along the track: many steps later, the tree has changed.
            page.mouse.click(box["x"] + box["width"] * 0.6, box["y"] + box["height"] / 2)
            expect(stepper.locator(".widget-readout").first).not_to_have_text(readout)
            page.wait_for_timeout(200)
            assert picture_shot(stepper) != before, f"{lecture}, slide {h}/{v}: a step shows the same picture"
            stepped += 1
        if stepped == 1:
            offline_page.shot(f"offline-slides-{lecture}-{h}-{v}-stepped")
    assert stepped >= 1
    assert offline_page.outside == [] and offline_page.missing == []
