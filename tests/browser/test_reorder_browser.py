"""Lecture 06's reorder view in a real JupyterLab: an ordering chosen in the page, by keyboard, with no kernel message.

The expected texts come from abteach, computed here in the test process
(:func:`abteach.views.reorder.decode` of the view's data, and the searches
themselves); the page draws every ordering from the data the kernel sent once.
Screenshots at 1024×768 and 1400×900 with the file browser open go to
build/screens/reorder/, to be looked at.
"""

from __future__ import annotations

import re
from functools import cache

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.lessons.ordering import reorderings
from abteach.views.reorder import decode, key_text, text_key
from abteach.widgets.reorder_view import ReorderView, reorder_view

from .axe import audit, blocking
from .labpage import dark_theme, open_and_run, screenshots, sent_frames, to_kernel
from .labserver import ROOT, LabServer, chosen_size, stripped_copy

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

LECTURE = ROOT / "notebooks" / "06-move-ordering-and-complexity.ipynb"
SCREENS = ROOT / "build" / "screens" / "reorder"
#: The lecture's own cells that show the view, and nothing else of it (its experiments take minutes).
CELLS = ["import abteach as ab", "fig52 = ab.ordering.reorderings(ab.examples.FIG_5_2)\nab.reorder_view(fig52)"]


@cache
def expected_view() -> ReorderView:
    """The lecture's view as this process builds it: the same searches and size, so the same data."""
    return reorder_view(reorderings(ab.examples.FIG_5_2), size=chosen_size(LECTURE))


def expected_texts(key: str) -> list[str]:
    """The texts the tree must draw for an ordering, node by node (value inside, name, α/β/v), from the data."""
    shown = decode(expected_view().reorder, key)
    out = []
    for node, st in zip(shown["layout"]["nodes"], shown["nodes"]):
        out += [t for t in (st[1], node["name"], "".join(st[2])) if t]
    return out


#: What the page draws now: its real SVG <text>, the dropdowns' values, the summary and every node's name.
DRAWN = """
(root) => {
    const items = [...root.querySelectorAll('svg[role=tree] g[role=treeitem]')];
    return {ordering: root.dataset.ordering,
            texts: items.flatMap(g => [...g.querySelectorAll('text:not(.abs-marker)')]).map(t => t.textContent).filter(t => t),
            moves: [...root.querySelectorAll('svg[role=tree] > g:first-of-type > text.abs-small')].map(t => t.textContent),
            selects: [...root.querySelectorAll('select')].map(s => s.value),
            summary: root.querySelector('.ab-reorder-summary').innerText,
            names: items.map(g => g.querySelector('title').textContent)};
}
"""


def check_ordering(root: Locator, key: str) -> dict:
    expect(root).to_have_attribute("data-ordering", key)
    shown = root.evaluate(DRAWN)
    assert shown["texts"] == expected_texts(key), shown["texts"]
    assert shown["selects"] == key.split("|")
    data = expected_view().data
    result = data.result(text_key(key))
    total = len(data.tree_for(text_key(key)).leaves())
    # Said from the searches themselves: how many leaves it evaluated, and what it pruned.
    assert f"{result.leaves} of {total} leaves evaluated" in shown["summary"], shown["summary"]
    assert ", ".join(data.pruned_names(text_key(key))) in shown["summary"], shown["summary"]
    # The move names along the edges are the children in the chosen order.
    tree = data.tree_for(text_key(key))
    assert shown["moves"] == [tree.nodes[p].move for p in tree.nodes if p], shown["moves"]
    # Each node reads as its name, its player, its α, β and v, its status.
    assert shown["names"][0].startswith("A, MAX node"), shown["names"][0]
    assert all(re.search(r"(done|pruned|not yet visited)", n) for n in shown["names"]), shown["names"]
    return shown


def open_and_run_reorder(page: Page, server: LabServer, name: str) -> Locator:
    return open_and_run(page, server, name, ".ab-reorder", "reorder view")


def _notebook(cells: list[str]) -> nbformat.NotebookNode:
    size = chosen_size(LECTURE)
    first = [f"ab.use_size({size!r})"] if size != "screen" else []
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in [cells[0], *first, *cells[1:]]])


def test_orderings_change_by_keyboard_in_the_page_with_no_kernel_message(lab_server: LabServer, page: Page) -> None:
    sent = sent_frames(page)
    stripped_copy(_notebook(CELLS), lab_server.root / "reorder.ipynb")
    root = open_and_run_reorder(page, lab_server, "reorder.ipynb")
    keys = expected_view().reorder["keys"]
    check_ordering(root, keys["own"])
    messages = len(sent)

    # D's dropdown, by keyboard, in command mode: ↓ picks D's next order, and the page redraws on its own.
    page.keyboard.press("Escape")
    d = root.get_by_label("D's children")
    d.focus()
    cell = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")
    options = [o["value"] for o in expected_view().reorder["nodes"][3]["options"]]
    for k in range(1, len(options)):
        page.keyboard.press("ArrowDown")
        check_ordering(root, "|".join(["0,1,2"] * 3 + [options[k]]))
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex") == cell
    page.keyboard.press("Home")  # a dropdown's own key: its first order
    check_ordering(root, keys["own"])
    # A best order of D alone: d3 first.
    d.select_option(label="d3 d1 d2")
    shown = check_ordering(root, "0,1,2|0,1,2|0,1,2|2,0,1")
    assert "5 of 9" in shown["summary"]

    # The buttons show the orderings the data names.
    for which in ("worst", "best", "own"):
        root.locator(f"button[data-key={which}]").click()
        check_ordering(root, keys[which])
    expect(root.locator(".ab-reorder-summary")).to_have_attribute("aria-live", "polite")

    # The tree is a tree a reader walks: ↓ moves to the next node and reads it; the ordering stays.
    root.locator("g[role=treeitem]").first.focus()
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.querySelector('title').textContent")
    assert focused.startswith("B, MIN node"), focused
    assert "α=" in focused and "β=" in focused and "v=" in focused, focused
    expect(root).to_have_attribute("data-ordering", keys["own"])

    # Nothing went to the kernel for any of it: no comm message, no execute request.
    asked = to_kernel(sent[messages:])
    assert not asked, f"reordering sent the kernel {len(asked)} messages: {asked[:2]}"

    found = blocking(audit(page, ".jp-OutputArea-output"))
    assert found == [], found

    d.select_option(label="d3 d1 d2")
    screenshots(page, root, SCREENS / "reorder")
    with dark_theme(page):
        root.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / "reorder-1400x900-filebrowser-dark.png"))
        found = blocking(audit(page, ".jp-OutputArea-output"))
        assert found == [], found


def test_python_moves_the_page(page: Page, lab_server: LabServer) -> None:
    """``v.choose(...)`` and ``v.show_worst()`` from the kernel move the view already shown."""
    cells = [CELLS[0], "fig52 = ab.ordering.reorderings(ab.examples.FIG_5_2)\nv = ab.reorder_view(fig52)\nv",
             "v.choose({'D': ['d3', 'd1', 'd2']})"]
    stripped_copy(_notebook(cells), lab_server.root / "reorder-go.ipynb")
    root = open_and_run_reorder(page, lab_server, "reorder-go.ipynb")
    data = expected_view().data
    check_ordering(root, key_text(data.key({"D": ["d3", "d1", "d2"]})))
