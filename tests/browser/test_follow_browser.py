"""A wide tree's picture follows the search: at every step the node it is about is in view.

A real JupyterLab in headless Chromium, with the file browser open, at
1024×768 (a projector) and 1400×900.  The test's own notebook sets the
lecture-hall size once with ``ab.use_size("projector")`` and steps through
the Wikipedia tree, whose legible picture is several times wider than the
notebook, one step at a time.  At each step it reads from the DOM where the
picture is shown and which part of it its box lets through, and finds the
node the step is about in the picture's own pixels: the blue ring of the
current node, or, before the search and at its end, the root.  That point
must be inside the visible part of the picture, and so must the root
whenever the two fit in the box together.  The MCTS stepper must show its
root at step 0.

Screenshots at both sizes, and one in JupyterLab's dark theme, are kept
under test-artifacts/browser/.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from functools import cache
from pathlib import Path

import nbformat
import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.views.export import frame_png
from abteach.views.palette import BLUE
from abteach.views.sizes import SIZES
from abteach.widgets.follow import FOLLOW_GAP
from abteach.widgets.stepper import frame_options

from .labserver import KERNEL_IDLE, LabServer, stripped_copy
from .test_layout_browser import set_layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(1200)]

LAYOUTS = [(1024, 768), (1400, 900)]
WIDGET_TIMEOUT_MS = 120_000
OPENING = "X.. .O. ..."

CELLS = [
    'import abteach as ab\nab.use_size("projector")',
    "ab.stepper(ab.alphabeta(ab.examples.WIKIPEDIA))",
    f'ab.stepper(ab.mcts(ab.TicTacToe("{OPENING}"), playouts=30, seed=1), size="screen")',
]


@cache
def wide() -> tuple[ab.Trace, str]:
    return ab.alphabeta(ab.examples.WIKIPEDIA).trace, "projector"


@cache
def tree_search() -> tuple[ab.Trace, str]:
    return ab.mcts(ab.TicTacToe(OPENING), playouts=30, seed=1).trace, "screen"


@cache
def picture(trace: ab.Trace, size: str, step: int) -> tuple[tuple[float, float], str]:
    """Where the news and the root are in the stepper's picture of ``step``, drawn here as the widget draws it,
    and the picture's digest (see :func:`news`)."""
    png = frame_png(trace, step, size=size, **frame_options([trace], size))
    rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)
    return news(rgb), hashlib.sha1(rgb.tobytes()).hexdigest()


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])


def news(rgb: np.ndarray) -> tuple[float, float]:
    """Where, across the picture (0 to 1), the step's news is, and where the root is, read from its pixels.

    The current node carries a blue ring, the lowest blue on the picture (the call stack's blue edges
    end at the node's top).  With no ring, the news is the root: the topmost ink.
    """
    width = rgb.shape[1]
    ink = np.abs(rgb - 255).sum(axis=2) > 60
    ys, xs = np.nonzero(ink)
    top = xs[ys <= ys.min() + 3]
    root = (top.min() + top.max()) / 2 / width
    ys, xs = np.nonzero(np.abs(rgb - _rgb(BLUE)).sum(axis=2) < 40)
    if not len(ys):
        return root, root
    ring = xs[ys >= ys.max() - 2]
    return (ring.min() + ring.max()) / 2 / width, root


SHOWN = """
(root) => {
    const box = root.querySelector('.ab-picture').getBoundingClientRect();
    const img = root.querySelector('img.ab-image');
    const r = img.getBoundingClientRect();
    return {box: [box.left, box.right], image: [r.left, r.right], natural: img.naturalWidth,
            step: root.querySelector('.ab-slider .widget-readout').textContent.trim(),
            src: img.getAttribute('src') || '', moving: img.getAnimations().length,
            margin: getComputedStyle(img).marginLeft};
}
"""


def settled(stepper: Locator, step: int, old_src: str | None) -> dict:
    """What the stepper shows once it shows ``step`` with a new picture, and the picture has stopped sliding."""
    handle = stepper.element_handle()
    # Settled: the step and its picture are shown, nothing slides, and the picture stayed put for two polls.
    stepper.page.wait_for_function(
        f"([root, step, old]) => {{ const s = ({SHOWN})(root); const last = root.abLastMargin; "
        "root.abLastMargin = s.margin; "
        "return s.step === String(step) && s.src !== '' && s.src !== old && s.moving === 0 && s.natural > 0 "
        "&& s.margin === last; }",
        arg=[handle, step, old_src], polling=100)
    return stepper.evaluate(SHOWN)


def problems_at(shown: dict, seen: tuple[tuple[float, float], str], size: str, where: str) -> list[str]:
    (node, root), _ = seen
    left, right = shown["image"]
    lo, hi = shown["box"]
    at = left + node * (right - left)
    found = []
    if not lo <= at <= hi:
        found.append(f"{where}: the step's node is at x={at:.0f}, outside the visible picture {lo:.0f}..{hi:.0f}")
    root_at = left + root * (right - left)
    # Beside the node go its ring and its α, β and v (lines of about four characters), and a gap at each edge.
    s = SIZES[size]
    beside = s.marker * s.dpi / 72 + 4 * s.small_px + 2 * FOLLOW_GAP
    if abs(root_at - at) + beside <= hi - lo and not lo <= root_at <= hi:
        found.append(f"{where}: the root (x={root_at:.0f}) fits beside the node but is not shown ({lo:.0f}..{hi:.0f})")
    return found


def open_notebook(page: Page, server: LabServer) -> tuple[Locator, Locator]:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    stripped_copy(nb, server.root / "follow.ipynb")
    page.goto(server.notebook_url("follow.ipynb"))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    steppers = page.locator(".jp-OutputArea-output .ab-stepper")
    expect(steppers.nth(1)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    return steppers.nth(0), steppers.nth(1)


def test_a_wide_tree_follows_its_node_at_every_step(lab_server: LabServer, page: Page,
                                                     snapshot: Callable[[str], Path]) -> None:
    wide_stepper, mcts_stepper = open_notebook(page, lab_server)
    trace, size = wide()
    problems: list[str] = []
    for width, height in LAYOUTS:
        set_layout(page, width, height, sidebar=True)
        layout = f"{width}x{height}"
        wide_stepper.locator(".ab-first").click()
        shown = settled(wide_stepper, 0, None)
        # The picture is drawn legibly, so it is wider than its box: following is needed, not shrinking.
        text = SIZES[size].small_px * (shown["image"][1] - shown["image"][0]) / shown["natural"]
        assert text >= SIZES[size].legible - 0.05, f"{layout}: α, β and v are {text:.1f} px tall on screen"
        assert shown["image"][1] - shown["image"][0] > shown["box"][1] - shown["box"][0] + 100, \
            f"{layout}: this tree should not fit its box legibly ({shown})"
        wide_stepper.scroll_into_view_if_needed()
        problems += problems_at(shown, picture(trace, size, 0), size, f"{layout} step 0")
        snapshot(f"{layout}-step-0")
        before = picture(trace, size, 0)
        for step in range(1, len(trace) + 1):
            now = picture(trace, size, step)
            wide_stepper.locator(".ab-forward").click()
            # A step whose picture is the one before sends no new picture: wait for the step alone.
            same = before[1] == now[1]
            shown = settled(wide_stepper, step, None if same else shown["src"])
            problems += problems_at(shown, now, size, f"{layout} step {step}")
            before = now
            if step in (5, 70, len(trace)):
                snapshot(f"{layout}-step-{step}")
        # The MCTS stepper opens on its root.
        mcts_stepper.scroll_into_view_if_needed()
        mcts_trace, mcts_size = tree_search()
        shown = settled(mcts_stepper, 0, None)
        problems += problems_at(shown, picture(mcts_trace, mcts_size, 0), mcts_size, f"{layout} MCTS step 0")
        snapshot(f"{layout}-mcts-step-0")
    assert not problems, "\n".join(problems[:20])


def test_the_dark_theme_shows_the_followed_picture_on_its_card(lab_server: LabServer, page: Page,
                                                               snapshot: Callable[[str], Path]) -> None:
    wide_stepper, _ = open_notebook(page, lab_server)
    set_layout(page, 1024, 768, sidebar=True)
    theme = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
    page.evaluate(theme, "JupyterLab Dark")
    try:
        expect(page.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        # JupyterLab covers the page with its splash while the theme loads.
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)
        trace, size = wide()
        shown = settled(wide_stepper, 0, None)
        for step in range(1, 6):
            wide_stepper.locator(".ab-forward").click()
            shown = settled(wide_stepper, step, shown["src"])
        wide_stepper.scroll_into_view_if_needed()
        snapshot("1024x768-dark-step-5")
        assert not problems_at(shown, picture(trace, size, 5), size, "dark theme step 5")
    finally:
        # The theme is a setting of the session's JupyterLab: the next test must find the light one.
        page.evaluate(theme, "JupyterLab Light")
        expect(page.locator("body[data-jp-theme-name='JupyterLab Light']")).to_be_attached()
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)
