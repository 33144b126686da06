"""On a slide, a wide tree's picture keeps its size and follows the step's node, as it does on a page.

The exported slides (the same export as ``make slides``) are opened at
1024×768 with every outside request refused.  On each slide whose stepper
shows a picture wider than its box, the stepper is stepped with → on its
slider, one step at a time.  At each step the picture shown is read back
from its tiles, and the step's node found in its pixels (the current node's
blue ring, or the root when nothing is ringed; see
:func:`tests.browser.test_follow_browser.news`).  From the DOM, that point
must lie inside both the picture's box and the slide, the root too when both
fit in the box together, and the screenshot of the box must show the blue
ring.  α, β and v must be drawn at 14 px or more on the screen, or, for a
tree too tall for that on a slide, as large as the slide's height for the
picture (:data:`~abteach.widgets.stepper.SLIDE_BODY`) allows; the slide must
still fit 960×700, and → must never turn the slide.
"""

from __future__ import annotations

import base64
import io

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import Page, expect

from abteach.views.palette import BLUE
from abteach.views.sizes import resolve_size
from abteach.widgets.follow import FOLLOW_GAP
from abteach.widgets.stepper import SLIDE_BODY

from .exported import (shown_as, LECTURES, SLIDE_HEIGHT, SLIDE_WIDTH, Exported, OfflinePage, exported,  # noqa: F401  (fixtures)
                       offline_page)
from .labserver import ROOT
from .test_follow_browser import news
from .test_offline_slides import _open, _widget_slides

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1800)]

#: What the slides draw with: α, β and v are set at ``small`` points, at ``dpi`` pixels an inch.
PROJECTOR = resolve_size("projector")
LEGIBLE_PX = 14

# The stepper's shown picture on the current slide: its box, the picture and the slide on the screen, the step,
# and the picture itself, put together from its tiles at its natural size (a PNG, base64).
_SHOWN = """(root) => {
  const image = [...root.querySelectorAll('.ab-image')].find(e => e.offsetParent !== null);
  const tiles = [...image.querySelectorAll('img')];
  // Each tile's place in the picture: the natural sizes of the tiles before it in its row and its column.
  const at = (key, size) => { const starts = new Map(); let sum = 0;
    for (const t of [...new Map(tiles.map(t => [t[key], t])).values()].sort((a, b) => a[key] - b[key])) {
      starts.set(t[key], sum); sum += t[size]; }
    return [starts, sum]; };
  const [xs, width] = at('offsetLeft', 'naturalWidth'), [ys, height] = at('offsetTop', 'naturalHeight');
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height;
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff'; g.fillRect(0, 0, width, height);
  for (const t of tiles) g.drawImage(t, xs.get(t.offsetLeft), ys.get(t.offsetTop));
  const rect = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const slide = root.closest('section');
  return {box: rect(image.parentElement), image: rect(image), slide: rect(slide), natural: [width, height],
          slideHeight: slide.scrollHeight, slideWidth: slide.scrollWidth,
          step: root.querySelector('.widget-readout').textContent.trim(),
          png: canvas.toDataURL('image/png').split(',')[1], moving: image.getAnimations().length};
}"""


def _ring_on_screen(page: Page, shown: dict) -> bool:
    """Whether the screenshot of the visible part of the picture shows the current node's blue ring."""
    left, top = max(shown["box"][0], shown["slide"][0]), max(shown["box"][1], shown["slide"][1])
    right, bottom = min(shown["box"][2], shown["slide"][2]), min(shown["box"][3], shown["slide"][3])
    png = page.screenshot(clip={"x": left, "y": top, "width": right - left, "height": bottom - top},
                          animations="disabled")
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    blue = np.array([int(BLUE[i:i + 2], 16) for i in (1, 3, 5)])
    # The ring is drawn at several pixels' width; a few scattered pixels of a blue edge are not a ring.
    return int((np.abs(rgb - blue).sum(axis=2) < 60).sum()) > 30


def _problems(page: Page, shown: dict, where: str) -> list[str]:
    rgb = np.asarray(Image.open(io.BytesIO(base64.b64decode(shown["png"]))).convert("RGB")).astype(int)
    node, root = news(rgb)
    left, right = shown["image"][0], shown["image"][2]
    lo, hi = max(shown["box"][0], shown["slide"][0]), min(shown["box"][2], shown["slide"][2])
    at, root_at = left + node * (right - left), left + root * (right - left)
    found = []
    if not lo <= at <= hi:
        found.append(f"{where}: the step's node is at x={at:.0f}, outside the visible picture {lo:.0f}..{hi:.0f}")
    # Beside the node go its ring and its α, β and v (lines of about four characters), and a gap at each edge.
    scale = (right - left) / shown["natural"][0]
    beside = (PROJECTOR.marker * PROJECTOR.dpi / 72 + 4 * PROJECTOR.small_px) * scale + 2 * FOLLOW_GAP
    if abs(root_at - at) + beside <= hi - lo and not lo <= root_at <= hi:
        found.append(f"{where}: the root (x={root_at:.0f}) fits beside the node but is not shown ({lo:.0f}..{hi:.0f})")
    ringed = bool((np.abs(rgb - np.array([int(BLUE[i:i + 2], 16) for i in (1, 3, 5)])).sum(axis=2) < 40).any())
    if ringed and not _ring_on_screen(page, shown):
        found.append(f"{where}: the current node's ring is not on the screen")
    if shown["slideHeight"] > SLIDE_HEIGHT or shown["slideWidth"] > SLIDE_WIDTH:
        found.append(f"{where}: the slide is {shown['slideWidth']}×{shown['slideHeight']}, past the projector's "
                     f"{SLIDE_WIDTH}×{SLIDE_HEIGHT}")
    return found


def _text_px(shown: dict, scale: float) -> tuple[float, float]:
    """How tall α, β and v are on the screen, and the least they must be: 14 px, or what the slide's height allows."""
    px = PROJECTOR.small_px * (shown["image"][2] - shown["image"][0]) / shown["natural"][0]
    allowed = PROJECTOR.small_px * min(1.0, SLIDE_BODY / shown["natural"][1]) * scale
    return px, min(LEGIBLE_PX, allowed)


def _lectures_with_steppers() -> list[str]:
    return [name for name in LECTURES if '"' + shown_as("Stepper") in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8")]


@pytest.mark.parametrize("lecture", _lectures_with_steppers())
def test_a_wide_tree_on_a_slide_follows_its_node(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline_page.page
    # The picture slides to its new place; the reader who asks for less motion, and this test, get it at once.
    page.emulate_media(reduced_motion="reduce")
    _open(offline_page, exported, lecture)
    problems: list[str] = []
    followed = 0
    for h, v in _widget_slides(offline_page):
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        page.wait_for_timeout(100)
        steppers = page.locator("section.present .ab-static-stepper:visible")
        for i in range(steppers.count()):
            stepper = steppers.nth(i)
            shown = stepper.evaluate(_SHOWN)
            if shown["image"][2] - shown["image"][0] <= shown["box"][2] - shown["box"][0] + 1:
                continue  # the whole picture fits its box: nothing to follow
            followed += 1
            where = f"{lecture}, slide {h}/{v}, stepper {i}"
            offline_page.shot(f"slides-follow-{lecture}-{h}-{v}-{i}-start")
            px, least = _text_px(shown, page.evaluate("() => Reveal.getScale()"))
            assert px >= least - 0.05, f"{where}: α, β and v are {px:.1f} px tall on the screen, below {least:.1f}"
            slide = page.evaluate("() => Reveal.getIndices()")
            readout = stepper.locator(".widget-readout").first
            stepper.locator(".noUi-handle").first.focus()
            steps = 0
            while True:
                problems += _problems(page, shown, f"{where}, step {shown['step']}")
                page.keyboard.press("ArrowRight")
                before = shown["step"]
                try:
                    expect(readout).not_to_have_text(before, timeout=2000)
                except AssertionError:
                    break  # the last step
                page.wait_for_function("(root) => { const i = [...root.querySelectorAll('.ab-image')]"
                                       ".find(e => e.offsetParent !== null); return i && i.getAnimations().length === 0; }",
                                       arg=stepper.element_handle())
                shown = stepper.evaluate(_SHOWN)
                steps += 1
                if steps in (5, 20):
                    offline_page.shot(f"slides-follow-{lecture}-{h}-{v}-{i}-step-{shown['step']}")
            offline_page.shot(f"slides-follow-{lecture}-{h}-{v}-{i}-end")
            assert steps > 5, f"{where}: → moved the stepper only {steps} steps"
            assert page.evaluate("() => Reveal.getIndices()") == slide, f"{where}: → on the stepper turned the slide"
    if lecture == "04-larger-trees-and-ties":
        assert followed, "the Wikipedia tree, wider than its box on a slide, should follow its node there"
    assert problems == [], "\n".join(problems[:20])
    assert offline_page.outside == [] and offline_page.missing == []
