"""Lecture 03 in a real JupyterLab: one move of the stage slider redraws both trees and rewrites the disagreements.

The expected pictures and text come from abteach, computed here in the test
process; the browser shows what the lecture's kernel sent.  Agreement means
the widget's slider, its kernel callback and both images work end to end.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import nbformat
import pytest
from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach import fig55
from abteach.widgets.fig55_view import FigureVsAlgorithm, figure_vs_algorithm

from .labserver import KERNEL_IDLE, ROOT, LabServer, chosen_size, stripped_copy
from .pictures import assert_same_picture, png_image

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

LECTURE = ROOT / "notebooks" / "03-fig-5-5.ipynb"
MOVE_TIMEOUT_MS = 30_000
LABELS = [s.label for s in fig55.FIG_5_5]


@cache
def expected_widget() -> FigureVsAlgorithm:
    """The lecture's widget as this process builds it: the same searches and size, so the same pictures."""
    fig52 = ab.examples.FIG_5_2
    return figure_vs_algorithm({"3rd edition": ab.alphabeta(fig52), "4th edition": ab.alphabeta(fig52, edition=4)},
                               size=chosen_size(LECTURE))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


READ_STATE = """
(root) => {
    const src = (cls) => {
        const img = root.querySelector(`img.${cls}`) || root.querySelector(`.${cls} img`);
        return img ? img.getAttribute('src') || '' : '';
    };
    const readout = root.querySelector('.ab-stage-slider .widget-readout');
    const list = root.querySelector('.ab-disagreements');
    return {
        stage: readout ? readout.textContent.trim() : '',
        figure: src('ab-figure-image'),
        algorithm: src('ab-algorithm-image'),
        text: list ? list.innerText : '',
    };
}
"""

IMAGE_BYTES = """
async (root, cls) => {
    const img = root.querySelector(`img.${cls}`) || root.querySelector(`.${cls} img`);
    const buffer = await (await fetch(img.src)).arrayBuffer();
    let text = '';
    for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
    return btoa(text);
}
"""


def read(root: Locator) -> dict[str, str]:
    return root.evaluate(READ_STATE)


def shown_image(root: Locator, cls: str) -> Image.Image:
    return png_image(base64.b64decode(root.evaluate(IMAGE_BYTES, cls)))


def expected_text(label: str) -> list[str]:
    """What the disagreement panel must say for a stage: its header, then every reason fig55 gives."""
    trace = expected_widget().traces["3rd edition"]
    stage = fig55.stage(label)
    found = fig55.compare_stage(stage, trace)
    head = f"Stage ({label}), compared at step {fig55.stage_step(stage, trace)} of {len(trace)}"
    return [head, *(d.reason for d in found)] if found else [head, "no disagreement"]


def open_and_run(page: Page, server: LabServer, name: str) -> Locator:
    page.goto(server.notebook_url(name))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .ab-fig55").first
    try:
        expect(root).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    except AssertionError:
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        texts = "\n".join(stderr.all_inner_texts()) or "(no output on stderr)"
        pytest.fail(f"{name} showed no Fig. 5.5 comparison after Run All; its stderr:\n{texts}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    root.scroll_into_view_if_needed()
    return root


def test_stage_slider_redraws_both_sides(lab_server: LabServer, page: Page,
                                         snapshot: Callable[[str], Path]) -> None:
    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    root = open_and_run(page, lab_server, LECTURE.name)
    widget = expected_widget()

    before = read(root)
    match = re.fullmatch(r"\((.+)\)", before["stage"])
    assert match and match.group(1) in LABELS[:-1], f"the stage slider reads {before['stage']!r}"
    first = match.group(1)
    after_label = LABELS[LABELS.index(first) + 1]
    assert before["figure"] and before["algorithm"], "an image has no picture before the slider moves"
    for line in expected_text(first):
        assert line in squash(before["text"]), f"stage ({first}): {line!r} is not in {before['text']!r}"
    snapshot(f"stage-{first}")

    root.locator(".ab-stage-slider .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")

    condition = """
    ([root, before, stage]) => {
        const shown = (%s)(root);
        // The pictures and the text are separate widgets, updated one after the other: wait for all.
        return shown.stage === stage && shown.figure !== '' && shown.algorithm !== ''
            && shown.figure !== before.figure && shown.algorithm !== before.algorithm
            && shown.text.includes('Stage ' + stage);
    }
    """ % READ_STATE
    try:
        page.wait_for_function(condition, arg=[root.element_handle(), before, f"({after_label})"],
                               timeout=MOVE_TIMEOUT_MS, polling=100)
    except PlaywrightError:
        pass  # reported below, with what the page showed instead
    after = read(root)
    snapshot(f"stage-{after_label}")
    assert after["stage"] == f"({after_label})", f"after ArrowRight the slider reads {after['stage']!r}"
    assert after["figure"] != before["figure"], "the figure's image did not change"
    assert after["algorithm"] != before["algorithm"], "the algorithm's image did not change"
    for line in expected_text(after_label):
        assert line in squash(after["text"]), f"stage ({after_label}): {line!r} is not in {after['text']!r}"

    # Not merely new pictures: the very drawings abteach makes for that stage.
    widget.use("3rd edition")
    widget.go(after_label)
    assert_same_picture(shown_image(root, "ab-figure-image"), png_image(widget.figure_png()),
                        f"figure at stage {after_label}")
    assert_same_picture(shown_image(root, "ab-algorithm-image"), png_image(widget.algorithm_png()),
                        f"algorithm at stage {after_label}")


#: Where the two drawings of lecture 03's widget are, and how much room their row has, read from the page.
MEASURE_SIDES = """
(root) => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
    const row = root.querySelector('.ab-fig55-images');
    return {row: box(row), gap: parseFloat(getComputedStyle(row).columnGap) || 0,
            figure: box(root.querySelector('.ab-fig55-side.ab-figure img')),
            algorithm: box(root.querySelector('.ab-fig55-side.ab-algorithm img'))};
}
"""


def test_the_drawings_sit_side_by_side_where_they_fit(lab_server: LabServer, page: Page,
                                                      snapshot: Callable[[str], Path]) -> None:
    """Beside each other whenever the row has room for both at a legible size, one above the other otherwise,
    and the lecture's text says so rather than promising "left" and "right" at every width."""
    from .test_layout_browser import LAYOUTS, set_layout

    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    root = open_and_run(page, lab_server, LECTURE.name)
    widget = expected_widget()
    width = png_image(widget.figure_png()).width
    # The narrowest a drawing may be shown, α, β and v still at the size's legible height.
    least = min(width, width * widget.size.min_scale)
    placements = {}
    for view_width, height, sidebar in LAYOUTS:
        layout = f"{view_width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, view_width, height, sidebar)
        root.evaluate("el => el.querySelector('.ab-fig55-images').scrollIntoView({block: 'start'})")
        m = root.evaluate(MEASURE_SIDES)
        snapshot(layout)
        figure, algorithm = m["figure"], m["algorithm"]
        beside = algorithm["left"] >= figure["right"] - 1 and abs(algorithm["top"] - figure["top"]) <= 1
        below = algorithm["top"] >= figure["bottom"] - 1
        assert beside or below, f"{layout}: the drawings overlap: {figure} and {algorithm}"
        fits = m["row"]["width"] >= 2 * least + m["gap"]
        assert beside == fits, (f"{layout}: a row of {m['row']['width']:.0f} px has room for two drawings of "
                                f"{least:.0f} px: {fits}, but they are {'beside' if beside else 'below'} each other")
        for name in ("figure", "algorithm"):
            assert m[name]["width"] >= least - 1, f"{layout}: the {name} is {m[name]['width']:.0f} px, below {least:.0f}"
        placements[layout] = ("beside" if beside else "below", round(m["row"]["width"]))
    print("Fig. 5.5's drawings:", placements)
    # Wherever they sit, the lecture's words about them hold: no "left" and "right" where they stack,
    # no "beside" where they never are.
    section = next("".join(c.source) for c in nbformat.read(LECTURE, as_version=4).cells
                   if c.cell_type == "markdown" and "".join(c.source).startswith("## Side by side"))
    where = {p for p, _ in placements.values()}
    if "below" in where:
        assert not re.search(r"\b(left|right)\b", section), f"lecture 03 speaks of left and right, but at {placements}"
        assert "one above the other" in section, f"lecture 03 does not say the drawings stack: {section!r}"
    if "beside" in where:
        assert "beside" in section, f"lecture 03 does not say the drawings sit side by side: {section!r}"
