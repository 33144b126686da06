"""Every stepper tree of the widest lectures is whole on screen at 1024×768 with JupyterLab's file browser open.

The tree's SVG takes the width its box gives it (viewBox, width 100 %), so no node is left outside the output
area or behind the box's scroll bar, down to the width that keeps α, β and v at the size's legible height
(14 px for the lectures' "projector").  Lectures 01, 02 and 04 hold the widest trees of the course; every
search of every stepper is shown at its last step, where every node is drawn, and each node's box is measured.
A tree that cannot be whole at that height (lecture 04's 33-node tree needs 1.6 times the room) must be drawn
at exactly that height, and scroll: shrinking it further would make its labels unreadable.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from abteach.views.sizes import SIZES

from .labserver import KERNEL_IDLE, ROOT, LabServer, chosen_size, stripped_copy
from .test_layout_browser import set_layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LECTURES = ["01-game-trees-and-minimax.ipynb", "02-alpha-beta.ipynb", "04-larger-trees-and-ties.ipynb"]
SCREENS = ROOT / "build" / "screens" / "nb7"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

# Each drawn node's box against its output area and against the tree's scrolling box, in page pixels.
MEASURE = """root => {
    const area = root.closest('.jp-OutputArea-output').getBoundingClientRect();
    const box = root.querySelector('.abs-tree');
    const view = box.getBoundingClientRect();
    const inside = (r, o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5;
    const nodes = [...root.querySelectorAll('g[role=treeitem]')].filter(g => !g.classList.contains('abs-hide'));
    const out = nodes.map(g => {
        const r = g.getBoundingClientRect();
        return {path: g.dataset.path, left: r.left, right: r.right, area: inside(r, area), box: inside(r, view)};
    }).filter(n => !(n.area && n.box));
    const small = root.querySelector('.abs-tree text.abs-small');
    const svg = root.querySelector('.abs-tree svg');
    const px = parseFloat(getComputedStyle(small).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return {px, nodes: nodes.length, outside: out, scrolls: box.scrollWidth > box.clientWidth + 1,
            area: [area.left, area.right], box: [view.left, view.right], step: root.dataset.step,
            svg: root.querySelector('.abs-tree svg').getBoundingClientRect().width,
            natural: Number(root.querySelector('.abs-tree svg').getAttribute('width'))};
}"""


def widget_outputs(notebook: dict) -> int:
    """How many widgets the saved lecture displays: the steppers this test must find."""
    return sum(1 for c in notebook["cells"] if c["cell_type"] == "code"
               for o in c.get("outputs", []) if WIDGET_MIME in o.get("data", {})
               and "ab.stepper(" in "".join(c["source"]))


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_stepper_tree_is_whole_at_1024(lab_server: LabServer, page: Page, lecture: str) -> None:
    saved = json.loads((ROOT / "notebooks" / lecture).read_text())
    legible = SIZES[chosen_size(ROOT / "notebooks" / lecture)].legible
    expected = widget_outputs(saved)
    assert expected >= 1, f"{lecture} shows no stepper: the test would measure nothing"
    stripped_copy(saved, lab_server.root / lecture)  # type: ignore[arg-type]
    page.goto(lab_server.notebook_url(lecture))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    set_layout(page, 1024, 768, True)
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    roots = page.locator(".jp-OutputArea-output .abs-root")
    expect(roots).to_have_count(expected, timeout=300_000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(timeout=300_000)
    SCREENS.mkdir(parents=True, exist_ok=True)
    problems = []
    for k in range(expected):
        wrap = page.locator(".jp-OutputArea-output .abs-searches").nth(k)
        choices = wrap.locator(".abs-switch button")
        labels = choices.all_inner_texts() or [""]
        for label in labels:
            if label:
                wrap.locator(".abs-switch button", has_text=label).first.click()
            root = wrap.locator(".abs-root")
            root.scroll_into_view_if_needed()
            root.focus()
            page.keyboard.press("End")  # the last step draws every node the search reached
            found = root.evaluate(MEASURE)
            print(f"\n{lecture} stepper {k} {label!r}: {found['nodes']} nodes, svg {found['svg']:.0f} of "
                  f"natural {found['natural']} px, box {found['box']}, area {found['area']}, "
                  f"α/β/v {found['px']:.1f} px, {len(found['outside'])} nodes out of view")
            assert found["nodes"] > 0
            if found["px"] < legible - 0.05:
                problems.append(f"stepper {k} {label!r}: α, β and v are {found['px']:.1f} px, under {legible}")
            elif found["outside"] and found["px"] > legible + 0.5:
                problems.append(f"stepper {k} {label!r}: nodes out of view although the tree could still shrink: "
                                f"{found}")
        root = wrap.locator(".abs-root")
        root.screenshot(path=str(SCREENS / f"fit-{lecture[:2]}-stepper{k}-1024x768-filebrowser.png"))
    assert problems == [], "\n".join(problems)
