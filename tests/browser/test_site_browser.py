"""The course site (`make site`, a Jupyter Book 2 / MyST site) steps its steppers with no kernel and no network.

One lecture's page is served from 127.0.0.1 and opened in Chromium with every other request refused and
counted.  What each step must say comes from the frames the site was built from, read back by
:func:`abteach.views.frame_data.replay` in Python; how many steppers the page must hold comes from the
committed lecture.  Screenshots at 1024×768 and 1400×900 are kept in build/screens/.

The site is reused from ``ABTEACH_REUSE_SITE`` when that folder holds the lecture, else built for this one
lecture (tests/browser/sites.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import expect

from abteach.views.frame_data import replay

from .axe import audit, blocking, counts
from .exported import shown_as
from .labserver import ROOT
from .sites import FRAMES, Offline, page_url, screenshots_that_fit, shown
from .sites import offline, served, site  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(1800)]

LECTURE = "02-alpha-beta.ipynb"
SCREENS = ROOT / "build" / "screens"


def _models(site: Path) -> list[dict]:
    """The frames of each stepper the site was built from, in page order."""
    return shown(site, LECTURE, FRAMES)


def _sentence(model: dict, step: int) -> str:
    state = replay(model["data"], step)
    text = f"Step {step}. {state['sentence']}"
    return text + (f" Best play: {state['best']}." if state.get("best") else "")


def _open(offline: Offline, site: Path) -> None:
    offline.page.goto(page_url(site, offline.base, LECTURE))
    committed = nbformat.read(ROOT / "notebooks" / LECTURE, as_version=4)
    wanted = sum(o.get("data", {}).get("text/plain", "").startswith(shown_as("Stepper"))
                 for c in committed.cells if c.cell_type == "code" for o in c.outputs)
    assert wanted > 0
    expect(offline.page.locator(".abs-root")).to_have_count(wanted, timeout=30_000)


def test_site_stepper_steps_with_keys_and_buttons_offline(offline: Offline, site: Path) -> None:
    page = offline.page
    _open(offline, site)
    models = _models(site)
    assert len(models) == page.locator(".abs-root").count()
    model = models[0]
    last = len(model["data"]["steps"]) - 1
    assert last >= 3
    stepper = page.locator(".abs-root").first
    sentence = stepper.locator(".abs-sentence")
    count = stepper.locator(".abs-count")
    start = model["step"]
    expect(sentence).to_have_text(_sentence(model, start))
    expect(count).to_have_text(f"Step {start} of {last}")

    stepper.get_by_role("button", name="Forward one step").click()
    expect(count).to_have_text(f"Step {start + 1} of {last}")
    expect(sentence).to_have_text(_sentence(model, start + 1))

    stepper.focus()
    page.keyboard.press("ArrowRight")
    expect(sentence).to_have_text(_sentence(model, start + 2))
    page.keyboard.press("End")
    expect(count).to_have_text(f"Step {last} of {last}")
    expect(sentence).to_have_text(_sentence(model, last))
    page.keyboard.press("ArrowLeft")
    expect(sentence).to_have_text(_sentence(model, last - 1))
    stepper.get_by_role("button", name="First step").click()
    expect(sentence).to_have_text(_sentence(model, 0))
    stepper.get_by_role("button", name="Last step").click()
    expect(sentence).to_have_text(_sentence(model, last))
    stepper.get_by_role("button", name="Back one step").click()
    expect(sentence).to_have_text(_sentence(model, last - 1))
    # The tree is drawn as text: the root's name is a <text> in the SVG, not pixels.
    names = stepper.locator("svg text").evaluate_all("els => els.map(e => e.textContent)")
    assert model["data"]["layout"]["nodes"][0]["name"] in names

    # Every other stepper on the page is its own: stepping the first left them at their opening step.
    for other, m in zip(range(1, len(models)), models[1:]):
        expect(page.locator(".abs-root").nth(other).locator(".abs-sentence")).to_have_text(_sentence(m, m["step"]))
    assert offline.outside == [], f"the page asked for {len(offline.outside)} outside resources: {offline.outside[:5]}"
    assert offline.errors == []

    # The stepper fits the page's width: nothing of it is cut off at either size.
    screenshots_that_fit(page, stepper, SCREENS / "site")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_site_page_passes_axe(offline: Offline, site: Path, theme: str) -> None:
    page = offline.page
    page.emulate_media(color_scheme=theme)
    _open(offline, site)
    if theme == "dark":
        # The book theme follows a class on <html>, set by its theme button; the media query sets its default.
        page.evaluate("() => { document.documentElement.classList.add('dark'); "
                      "document.documentElement.classList.remove('light'); }")
    found = audit(page, include=".abs-root")
    assert not blocking(found), "\n".join(map(str, blocking(found)))
    print(f"site page ({theme}), steppers: {json.dumps(counts(found))}")
    whole = audit(page)
    print(f"site page ({theme}), whole page: {json.dumps(counts(whole))}")
    assert offline.outside == []
