"""The stepper in a real JupyterLab: each key, button, slider move and switch shows what the trace records.

The expected values come from the traces computed here, in the test process; the page draws every step
itself from the data sent once, so a step sends the kernel nothing.  Python still moves it (``s.go``).
Screenshots at 1024×768 and 1400×900 with the file browser open go to build/screens/, to be looked at.
"""

from __future__ import annotations

import re

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab

from .labserver import KERNEL_IDLE, ROOT, LabServer, stripped_copy
from .test_layout_browser import set_layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LECTURE = ROOT / "notebooks" / "02-alpha-beta.ipynb"
SCREENS = ROOT / "build" / "screens"
WIDGET_TIMEOUT_MS = 120_000


def traces() -> dict[str, ab.Trace]:
    fig52 = ab.examples.FIG_5_2
    return {"3rd edition": ab.alphabeta(fig52).trace, "4th edition": ab.alphabeta(fig52, edition=4).trace}


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def run_all(page: Page, server: LabServer, name: str) -> None:
    page.goto(server.notebook_url(name))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    expect(page.locator(".jp-OutputArea-output .abs-root").first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)


def check_step(root: Locator, trace: ab.Trace, step: int) -> None:
    """The page shows ``step`` of ``trace``: its number, sentence and running line."""
    expect(root).to_have_attribute("data-step", str(step))
    frame = trace.frame(step)
    sentence = squash(root.locator(".abs-sentence").inner_text())
    assert sentence.startswith(squash(f"Step {step}. {frame.explanation}")), sentence
    running = root.locator(".abs-listing li.abs-running")
    if frame.line in trace.listing:
        expect(running).to_have_count(1)
        number = trace.listing.number(frame.line)
        assert running.get_attribute("data-line") == str(number)
        assert trace.listing.lines[number - 1][1].strip() in running.inner_text()
        assert "▶" in running.inner_text()
    else:
        expect(running).to_have_count(0)
    calls = [squash(c) for c in root.locator(".abs-stack td:first-child").all_inner_texts()]
    want = [trace.algorithm.frame_name(frame.node(p).player, trace.name(p)) for p in reversed(frame.stack)]
    assert calls == want, (calls, want)


def test_the_lecture_stepper_steps_and_switches_in_the_page(page: Page, lab_server: LabServer) -> None:
    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    run_all(page, lab_server, LECTURE.name)
    both = traces()
    wrap = page.locator(".jp-OutputArea-output .abs-searches").first
    wrap.scroll_into_view_if_needed()
    root = wrap.locator(".abs-root")
    expect(wrap).to_have_attribute("data-choice", "3rd edition")
    check_step(root, both["3rd edition"], 0)

    # Keys, in command mode: the stepper takes them, JupyterLab's shortcuts never see them.
    page.keyboard.press("Escape")
    root.focus()
    cell = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    check_step(root, both["3rd edition"], 3)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") == cell
    page.keyboard.press("End")
    check_step(root, both["3rd edition"], len(both["3rd edition"]))
    expect(root.locator(".abs-best")).to_have_text("Best play: a1 → b1.")
    page.keyboard.press("Home")
    check_step(root, both["3rd edition"], 0)

    # Buttons, and the slider.
    root.get_by_role("button", name="Forward one step").click()
    root.get_by_role("button", name="Forward one step").click()
    root.get_by_role("button", name="Back one step").click()
    check_step(root, both["3rd edition"], 1)
    root.locator("input[type=range]").evaluate(
        "(el) => { el.value = '29'; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    check_step(root, both["3rd edition"], 29)

    # The switch shows the other edition at the same step.
    wrap.get_by_role("button", name="4th edition").click()
    expect(wrap).to_have_attribute("data-choice", "4th edition")
    root = wrap.locator(".abs-root")
    check_step(root, both["4th edition"], 29)
    root.get_by_role("button", name="Last step").click()
    check_step(root, both["4th edition"], len(both["4th edition"]))

    # Play steps on its own, and pauses.
    root.get_by_role("button", name="First step").click()
    root.locator(".abs-speed").select_option(label="fast")
    root.get_by_role("button", name="Play").click()
    page.wait_for_function("(r) => Number(r.dataset.step) >= 3", arg=root.element_handle())
    root.get_by_role("button", name="Pause").click()
    paused = int(root.get_attribute("data-step") or "0")
    page.wait_for_timeout(700)
    assert int(root.get_attribute("data-step") or "0") == paused

    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1024, 768), (1400, 900)):
        set_layout(page, width, height, True)
        wrap.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / f"stepper-lecture02-{width}x{height}-filebrowser.png"))


def test_python_moves_the_page(page: Page, lab_server: LabServer) -> None:
    """``s.go(k)`` and ``s.choice = ...`` from the kernel move the stepper already shown."""
    cells = ["import abteach as ab\nfig52 = ab.examples.FIG_5_2\n"
             "s = ab.stepper({'3rd edition': ab.alphabeta(fig52), '4th edition': ab.alphabeta(fig52, edition=4)})\ns",
             "s.go(29)", "s.choice = '4th edition'"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    stripped_copy(nb, lab_server.root / "go.ipynb")
    run_all(page, lab_server, "go.ipynb")
    wrap = page.locator(".jp-OutputArea-output .abs-searches").first
    expect(wrap).to_have_attribute("data-choice", "4th edition")
    check_step(wrap.locator(".abs-root"), traces()["4th edition"], 29)
