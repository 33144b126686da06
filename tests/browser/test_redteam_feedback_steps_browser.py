"""Red team, issue 28, second round, in Chromium: hostile hand-ins' feedback pages run nothing of theirs.

The pages real nbgrader writes for the hand-ins of course/samples/redteam/hostile_feedback_steps_more.py are
opened from disk with every request that is not a local file refused and counted, every dialog counted.
Each test asserts the safe behaviour: it fails where an attack works.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.test_redteam_feedback_steps_nbgrader import ASSIGNMENT, STUDENTS, attacks, graded, payloads

from .exported import OfflinePage, offline_page  # noqa: F401  (fixture)


pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.sandbox, pytest.mark.timeout(1800)]

HOSTILE = ("hooked", "weird", "filler", "threaded")


@pytest.fixture(scope="module")
def feedback_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root, results = graded(tmp_path_factory.mktemp("course"), {k: STUDENTS[k] for k in HOSTILE})
    assert all(done.returncode == 0 for done in results.values())
    return {k: root / "feedback" / k / ASSIGNMENT / f"{ASSIGNMENT}.html" for k in HOSTILE}


@pytest.mark.parametrize("student", HOSTILE)
def test_a_hostile_hand_ins_page_runs_none_of_its_script_and_steps_only_the_graders_calls(
        offline_page: OfflinePage, feedback_pages: dict[str, Path], student: str) -> None:
    page, outside, dialogs = offline_page.page, offline_page.outside, offline_page.dialogs
    html = feedback_pages[student].read_text()
    page.goto(feedback_pages[student].as_uri())
    page.wait_for_load_state("load")
    steppers = page.locator(".abs-feedback-steps")
    found = payloads(html)
    expect(steppers).to_have_count(len(found))
    for k in range(len(found)):
        # Each stepper mounts (the grader's module runs) and can be stepped to its end.
        root = steppers.nth(k).locator(".abs-root")
        expect(root).to_have_count(1)
        expect(root).to_have_attribute("data-step", str(found[k]["options"]["step"]))
        root.focus()
        page.keyboard.press("End")
        expect(root).to_have_attribute("data-step", str(len(found[k]["searches"][0]["data"]["steps"]) - 1))
    assert page.title() != attacks.SCRIPT_MARK
    assert attacks.SCRIPT_MARK not in page.evaluate("document.title")
    # No element of the student's markup: the planted block and image are text of their source, if anywhere.
    assert page.locator("img[src*='198.51.100.7']").count() == 0
    assert page.locator(".abs-offline").count() == len(found)
    assert dialogs == [] and outside == [], (dialogs, outside)
    assert json.dumps(found).count(attacks.SCRIPT_MARK) == 0
