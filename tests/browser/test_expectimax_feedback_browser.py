"""Issue 29: write-expectimax's feedback page steps a mistaken search beside expectiminimax, offline, in Chromium.

The page is the one real nbgrader writes for a student whose search takes chance nodes for MIN: its chance
nodes are drawn as circles with each outcome's probability on its edge, as the lecture's stepper draws them,
and the two searches, which ask the game for the same states, are stepped side by side.  Screenshots at
1024×768 and 1400×900 are kept in build/screens/chancegrade/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.nbgrading import answered, graded, released

from .axe import audit, blocking
from .exported import OfflinePage, feedback_steps, offline_page  # noqa: F401  (fixture)
from .labserver import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.sandbox, pytest.mark.timeout(1800)]

ASSIGNMENT = "write-expectimax"
SCREENS = ROOT / "build" / "screens" / "chancegrade"
STEPS = ".abs-feedback-steps"


@pytest.fixture(scope="module")
def feedback_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    released(root, ASSIGNMENT)
    mistake = (ROOT / "course" / "samples" / "expectimax" / "bug_chance_as_min.py").read_text()
    graded(root, ASSIGNMENT, {"alan": answered({"expectimax_search": mistake})})
    return root / "feedback" / "alan" / ASSIGNMENT / f"{ASSIGNMENT}.html"


def test_the_chance_tree_is_drawn_with_its_probabilities_and_both_searches_step_offline(
        offline_page: OfflinePage, feedback_page: Path) -> None:
    import abteach as ab
    page, outside = offline_page.page, offline_page.outside
    steps, data = feedback_steps(page, feedback_page)
    root = steps.locator(".abs-root")
    mine = data["searches"][0]["data"]
    tree = ab.examples.WITH_CHANCE[next(n for n in ab.examples.WITH_CHANCE if f"on {n} (" in steps.inner_text())]
    chance = [n for n in tree.walk() if n.kind == "CHANCE"]
    # One circle per chance node, and every outcome's probability written on its edge, as real text.
    expect(root.locator(".abs-tree circle.abs-glyph")).to_have_count(len(chance))
    # The legend says what a circle is (the ring around the current node is another circle).
    expect(root.locator(".abs-legend li", has_text="chance node").locator("circle.abs-glyph")).to_have_count(1)
    texts = root.locator("svg text").all_text_contents()
    for node in chance:
        for p in node.probabilities:
            assert any(t.strip() and float(t) == pytest.approx(float(p)) for t in texts
                       if t.replace(".", "", 1).isdigit()), (p, texts)
    # Each outcome's name (b1, b2, ...), left of its box, clears every box: before, "b2" was drawn inside b1's.
    boxes = [b for b in (r.bounding_box() for r in root.locator(".abs-tree rect.abs-glyph").all()) if b]
    names = [b for b in (t.bounding_box() for t in root.locator(".abs-tree text.abs-name").all()) if b]
    assert len(boxes) == sum(n.is_leaf for n in tree.walk()) and names
    for n in names:
        for b in boxes:
            apart = (n["x"] + n["width"] <= b["x"] or b["x"] + b["width"] <= n["x"]
                     or n["y"] + n["height"] <= b["y"] or b["y"] + b["height"] <= n["y"])
            assert apart, (n, b)
    expect(root).to_have_attribute("data-step", str(data["options"]["step"]))
    steps.scroll_into_view_if_needed()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "feedback-1024x768-yours.png"))
    # The correct search, at the same step: the same calls, said of the correct search.
    buttons = steps.locator(".abs-switch button")
    buttons.nth(1).click()
    expect(buttons.nth(1)).to_have_attribute("aria-pressed", "true")
    root = steps.locator(".abs-root")
    root.focus()
    page.keyboard.press("Home")
    expect(root).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", "1")
    assert "The correct search generates" in root.locator(".abs-sentence").inner_text()
    assert mine["steps"][1]["sentence"].replace("Your search", "The correct search") in " ".join(
        root.locator(".abs-sentence").inner_text().split())
    page.set_viewport_size({"width": 1400, "height": 900})
    steps.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENS / "feedback-1400x900-correct.png"))
    assert outside == [], f"the feedback page asked outside the machine for {outside}"
    found = audit(page, include=STEPS)
    assert not blocking(found), "\n".join(map(str, blocking(found)))
