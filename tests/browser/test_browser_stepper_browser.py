"""The stepper (ab.stepper) in a real JupyterLab: it steps in the page, keys stay its own, and it is accessible.

Expected values come from the trace and its frame data computed here, in the test process.  The keys must not
reach JupyterLab: in command mode ArrowRight would move to another cell, so the active cell is checked too.
Screenshots at 1024×768 and 1400×900 with the file browser open are kept in build/screens/.
"""

from __future__ import annotations

import statistics

import nbformat
import pytest
from playwright.sync_api import Page, expect

import abteach as ab
from abteach.views.frame_data import frame_data, replay

from .axe import audit, blocking, counts
from .labserver import KERNEL_IDLE, ROOT, LabServer, stripped_copy
from .test_layout_browser import set_layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SCREENS = ROOT / "build" / "screens"
CODE = "import abteach as ab\nw = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))\nw"
PRESSES = 5
TIMED_PRESSES = 20

# Key press to painted step: the time of the keydown (a listener on window, capturing, runs first), then the
# first animation frame after the stepper shows the new step (its root's data-step attribute).
TIME_PRESSES = """
async (root, n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
        const before = root.dataset.step;
        const painted = new Promise(resolve => {
            const seen = new MutationObserver(() => {
                if (root.dataset.step !== before) {
                    seen.disconnect();
                    requestAnimationFrame(() => resolve(performance.now()));
                }
            });
            seen.observe(root, {attributes: true, attributeFilter: ['data-step']});
        });
        const key = i % 2 ? 'ArrowLeft' : 'ArrowRight';
        const t0 = performance.now();
        root.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
        times.push((await painted) - t0);
        await new Promise(r => setTimeout(r, 30));
    }
    return times;
}
"""


def _open(page: Page, server: LabServer) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("A browser stepper."),
                                         nbformat.v4.new_code_cell(CODE),
                                         nbformat.v4.new_markdown_cell("After it.")])
    stripped_copy(nb, server.root / "browser_stepper.ipynb")
    page.goto(server.notebook_url("browser_stepper.ipynb"))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    expect(page.locator(".jp-OutputArea-output .abs-root svg text").first).to_be_attached()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()


def _active_cell(page: Page) -> int:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")


def test_browser_stepper_steps_in_the_page(page: Page, lab_server: LabServer) -> None:
    trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    data = frame_data(trace)
    _open(page, lab_server)
    root = page.locator(".jp-OutputArea-output .abs-root").first
    root.scroll_into_view_if_needed()
    expect(root).to_have_attribute("data-step", "0")

    # The SVG has real text: the tree's node names.
    texts = root.evaluate("r => [...r.querySelectorAll('svg text')].map(t => t.textContent)")
    names = {n["name"] for n in data["layout"]["nodes"] if n["name"]}
    assert names and names <= set(texts), f"node names {sorted(names)} not all among the SVG's texts"

    # Into command mode on the stepper's cell, focus on the widget, then ArrowRight five times.
    page.keyboard.press("Escape")
    root.focus()
    cell = _active_cell(page)
    live = root.locator("[aria-live=polite]")
    sentence = live.inner_text()
    for _ in range(PRESSES):
        page.keyboard.press("ArrowRight")
    expect(root).to_have_attribute("data-step", str(PRESSES))
    assert _active_cell(page) == cell, "the arrow keys reached JupyterLab and moved the active cell"
    assert root.evaluate("r => r.contains(document.activeElement)"), "the widget lost the focus"
    assert live.inner_text() != sentence
    want = replay(data, PRESSES)
    assert want["sentence"] in " ".join(live.inner_text().split())
    running = root.locator(".abs-listing li.abs-running")
    expect(running).to_have_count(1)
    assert running.get_attribute("data-line") == str(want["line"])
    # The accessible names of the tree's items say each node's name, player and status.
    first = root.locator("[role=treeitem]").first.locator("title").text_content() or ""
    assert first.startswith("A, MAX node") and "being searched" in first
    # ... as the accessibility tree names them: the node is found by its name.
    expect(root.get_by_role("treeitem", name=first, exact=True)).to_have_count(1)

    # Latency: key press to the painted step.
    times = root.evaluate(TIME_PRESSES, TIMED_PRESSES)
    ms = sorted(times)
    p50, p90 = statistics.median(ms), ms[int(0.9 * (len(ms) - 1))]
    print(f"\nbrowser stepper, key press to painted step over {len(ms)} presses: p50 {p50:.1f} ms, p90 {p90:.1f} ms")
    assert p90 < 250

    # The tree is navigable: Tab into it lands on a node; ArrowDown moves to the next.
    root.locator("[role=treeitem]").first.focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.getAttribute('data-path')") == "0"

    # axe-core on the widget, light and dark.
    root.focus()
    found = blocking(audit(page, ".jp-OutputArea-output .abs-root"))
    assert found == [], counts(found) + "\n" + "\n".join(map(str, found))
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.keyboard.press("End")  # the last step shows the most: pruned subtrees, their notes, the best play
    expect(root).to_have_attribute("data-step", str(len(trace)))
    for width, height in ((1024, 768), (1400, 900)):
        set_layout(page, width, height, True)
        root.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / f"browser-stepper-light-{width}x{height}.png"))
    theme = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
    page.evaluate(theme, "JupyterLab Dark")
    try:
        expect(page.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        expect(page.locator(".jp-OutputArea-output .abs-root").first).to_be_visible()
        page.wait_for_timeout(1500)  # the splash that covers a theme change
        found = blocking(audit(page, ".jp-OutputArea-output .abs-root"))
        assert found == [], counts(found) + "\n" + "\n".join(map(str, found))
        for width, height in ((1024, 768), (1400, 900)):
            set_layout(page, width, height, True)
            root.scroll_into_view_if_needed()
            page.screenshot(path=str(SCREENS / f"browser-stepper-dark-{width}x{height}.png"))
    finally:
        page.evaluate(theme, "JupyterLab Light")
        expect(page.locator("body[data-jp-theme-name='JupyterLab Light']")).to_be_attached()
