"""Lecture 03 in a real JupyterLab: the Fig. 5.5 view changes stage in the page, by key, with no kernel message.

The expected texts come from abteach, computed here in the test process; the
page draws every stage of every search from the data the kernel sent once.
Screenshots at 1024×768 and 1400×900 with the file browser open go to
build/screens/fig55/, to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach import fig55
from abteach.views.fig55 import disagreeing_nodes, stage_styles
from abteach.widgets.fig55_view import FigureVsAlgorithm, figure_vs_algorithm

from .labpage import dark_theme, open_and_run, screenshots, sent_frames, to_kernel
from .labserver import ROOT, LabServer, chosen_size, stripped_copy

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LECTURE = ROOT / "notebooks" / "03-fig-5-5.ipynb"
SCREENS = ROOT / "build" / "screens" / "fig55"
LABELS = [s.label for s in fig55.FIG_5_5]


@cache
def expected_widget() -> FigureVsAlgorithm:
    """The lecture's widget as this process builds it: the same searches and size, so the same data."""
    fig52 = ab.examples.FIG_5_2
    return figure_vs_algorithm({"3rd edition": ab.alphabeta(fig52), "4th edition": ab.alphabeta(fig52, edition=4)},
                               size=chosen_size(LECTURE))


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def expected_text(label: str, search: str = "3rd edition") -> list[str]:
    """What the disagreement panel must say for a stage: its header, then every reason fig55 gives."""
    trace = expected_widget().traces[search]
    stage = fig55.stage(label)
    found = fig55.compare_stage(stage, trace)
    head = f"Stage ({label}), compared at step {fig55.stage_step(stage, trace)} of {len(trace)}"
    return [head, *(d.reason for d in found)] if found else [head, "no disagreement"]


def expected_ranges(label: str) -> list[str]:
    """The ranges the figure draws at a stage, as fig55's styles write them, in preorder."""
    styles = stage_styles(ab.examples.FIG_5_2, label)
    return [st.annotation for st in styles.values() if st.annotation]


#: The texts each tree draws now: its real SVG <text>, not a picture.
DRAWN = """
(root) => {
    const items = (side) => [...root.querySelectorAll(`.ab-fig55-side.${side} svg[role=tree] g[role=treeitem]`)];
    const texts = (side) => items(side).flatMap(g => [...g.querySelectorAll('text:not(.abs-marker)')])
        .map(t => t.textContent).filter(t => t);
    const looks = (side) => items(side).map(g => g.getAttribute('class'));
    return {stage: root.dataset.stage, search: root.dataset.search, figure: texts('ab-figure'),
            algorithm: texts('ab-algorithm'), figureLooks: looks('ab-figure'), text: root.querySelector('.ab-disagreements').innerText,
            nodes: root.querySelector('.ab-stage-nodes').innerText,
            marked: root.querySelectorAll('.ab-fig55-side svg[role=tree] g.mk').length};
}
"""


def expected_texts(label: str, search: str, side: str) -> list[str]:
    """The texts a tree must draw at a stage, node by node (value inside, name, α/β/v or range), from the data."""
    data = expected_widget().figure
    states = next(x for x in data["searches"] if x["label"] == search)["stages"][LABELS.index(label)][side]
    out = []
    for node, st in zip(data["layout"]["nodes"], states):
        out += [t for t in (st[1], node["name"], "".join(st[2])) if t]
    return out


def drawn(root: Locator) -> dict:
    return root.evaluate(DRAWN)


def check_stage(root: Locator, label: str, search: str = "3rd edition") -> dict:
    expect(root).to_have_attribute("data-stage", label)
    expect(root).to_have_attribute("data-search", search)
    shown = drawn(root)
    for line in expected_text(label, search):
        assert line in squash(shown["text"]), f"stage ({label}): {line!r} is not in {shown['text']!r}"
    for r in expected_ranges(label):
        assert r in shown["figure"], f"stage ({label}): the figure does not draw {r!r}: {shown['figure']}"
    assert shown["figure"] == expected_texts(label, search, "figure"), shown["figure"]
    assert shown["algorithm"] == expected_texts(label, search, "algorithm"), shown["algorithm"]
    marked = expected_widget().traces[search]
    # Each disagreeing node is marked on both trees.
    assert shown["marked"] == 2 * len(disagreeing_nodes(label, marked)), shown["marked"]
    return shown


def open_and_run_fig55(page: Page, server: LabServer, name: str) -> Locator:
    return open_and_run(page, server, name, ".ab-fig55", "Fig. 5.5 comparison")


def test_stages_step_by_key_in_the_page_with_no_kernel_message(lab_server: LabServer, page: Page) -> None:
    sent = sent_frames(page)
    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    root = open_and_run_fig55(page, lab_server, LECTURE.name)
    first = root.get_attribute("data-stage")
    assert first in LABELS[:-1], first
    before = check_stage(root, first)
    messages = len(sent)

    # Keys, in command mode: the view takes them, JupyterLab's shortcuts never see them.
    page.keyboard.press("Escape")
    root.focus()
    cell = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
    page.keyboard.press("ArrowRight")
    after_label = LABELS[LABELS.index(first) + 1]
    after = check_stage(root, after_label)
    # The figure draws the next stage (a range, or a node reached), the algorithm the next stage's step.
    assert (after["figure"], after["figureLooks"]) != (before["figure"], before["figureLooks"]), (before, after)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") == cell
    page.keyboard.press("End")
    check_stage(root, LABELS[-1])
    page.keyboard.press("ArrowLeft")
    check_stage(root, LABELS[-2])
    page.keyboard.press("Home")
    check_stage(root, LABELS[0])
    seen = []
    for label in LABELS[1:5]:
        page.keyboard.press("ArrowRight")
        seen.append(check_stage(root, label))
    # The drawn texts themselves change from stage to stage: ranges, α, β and v.
    assert seen[0]["figure"] != seen[-1]["figure"] and seen[0]["algorithm"] != seen[-1]["algorithm"]

    # The switch: the other search at the same stage; at (e) the 4th edition's algorithm holds other windows.
    root.get_by_role("button", name="4th edition").click()
    check_stage(root, "e", "4th edition")
    expect(root.get_by_role("button", name="4th edition")).to_have_attribute("aria-pressed", "true")
    root.get_by_role("button", name="Back one stage").click()
    shown = check_stage(root, "d", "4th edition")
    assert "(α=3, β=2)" in shown["nodes"], shown["nodes"]

    # Each tree is a tree a reader walks: ↓ moves to the next node and reads it; the stage stays.
    item = root.locator(".ab-fig55-side.ab-algorithm g[role=treeitem]").first
    item.focus()
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.querySelector('title').textContent")
    assert focused.startswith("B, "), focused
    expect(root).to_have_attribute("data-stage", "d")

    # Nothing went to the kernel for any of it: no comm message, no execute request.
    asked = to_kernel(sent[messages:])
    assert not asked, f"stepping sent the kernel {len(asked)} messages: {asked[:2]}"

    root.get_by_role("button", name="Forward one stage").click()
    screenshots(page, root, SCREENS / "fig55-lecture03")
    # The dark theme too: the texts keep the theme's own colours.
    with dark_theme(page):
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / "fig55-lecture03-1400x900-filebrowser-dark.png"))


def test_python_moves_the_page(page: Page, lab_server: LabServer) -> None:
    """``w.go(...)`` and ``w.use(...)`` from the kernel move the view already shown."""
    cells = ["import abteach as ab\nfig52 = ab.examples.FIG_5_2\n"
             "w = ab.figure_vs_algorithm({'3rd edition': ab.alphabeta(fig52), "
             "'4th edition': ab.alphabeta(fig52, edition=4)})\nw",
             "w.go('e')", "w.use('4th edition')"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    stripped_copy(nb, lab_server.root / "go55.ipynb")
    root = open_and_run_fig55(page, lab_server, "go55.ipynb")
    check_stage(root, "e", "4th edition")


#: Where the two drawings of lecture 03's widget are, and how much room their row has, read from the page.
MEASURE_SIDES = """
(root) => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
    const row = root.querySelector('.ab-fig55-images');
    return {row: box(row), gap: parseFloat(getComputedStyle(row).columnGap) || 0,
            figure: box(root.querySelector('.ab-fig55-side.ab-figure svg[role=tree]')),
            algorithm: box(root.querySelector('.ab-fig55-side.ab-algorithm svg[role=tree]'))};
}
"""


def test_the_drawings_sit_side_by_side_where_they_fit(lab_server: LabServer, page: Page,
                                                      snapshot: Callable[[str], Path]) -> None:
    """Beside each other whenever the row has room for both at a legible size, one above the other otherwise,
    and the lecture's text says so rather than promising "left" and "right" at every width."""
    from .test_layout_browser import LAYOUTS, set_layout

    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    root = open_and_run_fig55(page, lab_server, LECTURE.name)
    # The trees are drawn at their own size, text and all (a narrower box scrolls): that is the least room.
    least = root.evaluate("el => el.querySelector('.ab-fig55-side.ab-figure svg[role=tree]').getBoundingClientRect().width")
    placements = {}
    for view_width, height, sidebar in LAYOUTS:
        layout = f"{view_width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, view_width, height, sidebar)
        root.evaluate("el => el.querySelector('.ab-fig55-images').scrollIntoView({block: 'start'})")
        # A side narrower than its tree scrolls it: the tree keeps its size, and the row's room decides.
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
