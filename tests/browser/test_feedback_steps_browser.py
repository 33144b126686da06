"""Issue 28: nbgrader's feedback page steps the student's search beside the correct one, offline, in Chromium.

The page is the one real nbgrader writes for a student with a classic mistake (alpha-in-min), opened from
disk with every request that is not a local file refused and counted.  What each step must say comes from
the data the page carries, read back in Python.  Screenshots at 1024×768 and 1400×900 are kept in
build/screens/feedback/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.test_feedback_steps_nbgrader import ASSIGNMENT, SAMPLES, graded_course

from .axe import audit, blocking
from .labserver import ROOT
from .exported import OfflinePage, feedback_steps, offline_page  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.sandbox, pytest.mark.timeout(1800)]

SCREENS = ROOT / "build" / "screens" / "feedback"
STEPS = ".abs-feedback-steps"


@pytest.fixture(scope="module")
def feedback_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = graded_course(tmp_path_factory.mktemp("course"), {"buggy": (SAMPLES / "bug_alpha_in_min.py").read_text()})
    return root / "feedback" / "buggy" / ASSIGNMENT / f"{ASSIGNMENT}.html"


def _sentence(root: Locator) -> str:
    return " ".join(root.locator(".abs-sentence").inner_text().split())


def _said(data: dict, step: int) -> str:
    said = ""
    for delta in data["steps"][:step + 1]:
        said = delta.get("sentence", said)
    return " ".join(said.split())


def test_the_feedback_page_steps_both_searches_offline_from_where_they_part(
        offline_page: OfflinePage, feedback_page: Path) -> None:
    page, outside = offline_page.page, offline_page.outside
    steps, data = feedback_steps(page, feedback_page)
    root = steps.locator(".abs-root")
    expect(root).to_have_count(1)
    mine, right = (x["data"] for x in data["searches"])
    opening = data["options"]["step"]
    assert 0 < opening < len(mine["steps"]) - 1
    expect(root).to_have_attribute("data-step", str(opening))
    steps.scroll_into_view_if_needed()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "feedback-1024x768-yours.png"))
    yours = _sentence(root)
    assert yours == f"Step {opening}. {_said(mine, opening)}" and "Your search" in yours

    # The switch: the correct search at the same step says something else, there, where they part.
    buttons = steps.locator(".abs-switch button")
    expect(buttons).to_have_count(2)
    buttons.nth(1).click()
    expect(buttons.nth(1)).to_have_attribute("aria-pressed", "true")
    root = steps.locator(".abs-root")
    expect(root).to_have_attribute("data-step", str(opening))
    theirs = _sentence(root)
    assert theirs == f"Step {opening}. {_said(right, opening)}"
    assert theirs.split(". ", 1)[1].replace("The correct search", "") != yours.split(". ", 1)[1].replace(
        "Your search", "")
    page.screenshot(path=str(SCREENS / "feedback-1024x768-correct.png"))

    # Keys step the page, with no kernel: back to the step before they part, and on again.
    root.focus()
    page.keyboard.press("ArrowLeft")
    expect(root).to_have_attribute("data-step", str(opening - 1))
    back = _sentence(root)
    buttons.nth(0).click()
    root = steps.locator(".abs-root")
    expect(root).to_have_attribute("data-step", str(opening - 1))
    # Before they part, both searches made the same calls: the same sentence but for whose search it is.
    # (each counts its own calls: "Call 5 of 13", "Call 5 of 17").
    assert (_sentence(root).replace("Your search", "X").split(" Call ")[0]
            == back.replace("The correct search", "X").split(" Call ")[0])
    root.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(opening + 1))
    assert _sentence(root) == f"Step {opening + 1}. {_said(mine, opening + 1)}"
    page.keyboard.press("End")
    expect(root).to_have_attribute("data-step", str(len(mine["steps"]) - 1))
    page.set_viewport_size({"width": 1400, "height": 900})
    steps.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / "feedback-1400x900-end.png"))
    assert outside == [], f"the feedback page asked outside the machine for {outside}"
    # On nbgrader's page, with its styles, the stepper is as accessible as in a lecture.
    found = audit(page, include=STEPS)
    assert not blocking(found), "\n".join(map(str, blocking(found)))
