"""The practice lecture in a real JupyterLab: one wrong value entered, that node and only that node flagged.

The right answers come from the trace of the search computed here, in the
test process (each call's leaf or exit event); the browser shows what the
lecture's kernel decided after the student typed and pressed Check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

import abteach as ab
from abteach.lessons.practice import practice_tree

from .axe import audit, blocking
from .labpage import dark_theme, open_and_run, screenshots
from .labserver import ROOT, LabServer, stripped_copy

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

LECTURE = ROOT / "notebooks" / "11-practice.ipynb"
SEED = 8  # the lecture's first widget: ab.practice(seed=8)


def right_answers() -> dict[tuple[int, ...], object]:
    t = practice_tree(seed=SEED)
    returned = {e.node: e.value for e in ab.alphabeta(t).trace.events if e.kind in ("leaf", "exit")}
    return {n.path: returned.get(n.path, "pruned") for n in t.walk()}


def row_class(path: tuple[int, ...]) -> str:
    return f"ab-node-{'-'.join(map(str, path)) or 'root'}"


def test_one_wrong_value_flags_that_node_alone(lab_server: LabServer, page: Page,
                                               snapshot: Callable[[str], Path]) -> None:
    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    widget = open_and_run(page, lab_server, LECTURE.name, ".ab-practice", "practice widget")

    answers = right_answers()
    tree = practice_tree(seed=SEED)
    inner = [n.path for n in tree.walk() if not n.is_leaf]
    # Only inner nodes get a box to type a value in; a leaf's row shows the value the picture shows.
    expect(widget.locator(".ab-row .ab-value input")).to_have_count(len(inner))
    for leaf in (n for n in tree.walk() if n.is_leaf):
        row = widget.locator(f".{row_class(leaf.path)}")
        expect(row.locator(".ab-value")).to_have_count(0)
        expect(row.locator(".ab-leaf-value")).to_have_text(f"= {leaf.value}")
    wrong = (0,)  # the first MIN node: answered one more than it returns
    assert isinstance(answers[wrong], (int, float))
    for path, value in answers.items():
        row = widget.locator(f".{row_class(path)}")
        if path not in inner and value != "pruned":
            continue  # a leaf the search reaches: nothing to enter
        if value == "pruned":
            row.locator(".ab-pruned input").check()
        else:
            typed = value + 1 if path == wrong else value
            row.locator(".ab-value input").fill(str(typed))
            row.locator(".ab-value input").press("Tab")  # the Text widget sends its value when it loses focus
    snapshot("answered")
    widget.locator(".ab-check").click()
    expect(widget.locator(".ab-row.ab-wrong")).to_have_count(1)
    expect(widget.locator(".ab-row.ab-right")).to_have_count(len(answers) - 1)
    flagged = widget.locator(".ab-row.ab-wrong")
    expect(flagged).to_have_class(re.compile(rf"\b{row_class(wrong)}\b"))
    expect(flagged.locator(".ab-verdict")).to_contain_text(f"{answers[wrong] + 1}")
    expect(widget.locator(".ab-message")).to_contain_text(f"{len(answers) - 1} of {len(answers)} nodes right")
    for width, height in ((1024, 768), (1400, 900)):
        page.set_viewport_size({"width": width, "height": height})
        widget.scroll_into_view_if_needed()
        snapshot(f"checked-{width}x{height}")
    widget.locator(".ab-show").click()
    replay = widget.locator(".ab-replay .abs-root")
    expect(replay).to_be_visible()
    widget.locator(".ab-replay").scroll_into_view_if_needed()
    snapshot("show-me")
    # "Show me" names moves as the picture names nodes (a1 leads from A), never by number.
    best = ab.alphabeta(tree).move_name
    assert best[0].upper() == tree.root.name and best[1:].isdigit()
    replay.get_by_role("button", name="Last step").click()
    expect(replay.locator(".abs-sentence")).to_contain_text(f"the best move is {best},")
    expect(replay.locator(".abs-sentence")).not_to_contain_text(re.compile(r"the best move is \d"))
    snapshot("show-me-last")


SCREENS = ROOT / "build" / "screens" / "practice"


def _tree_texts(widget) -> list[str]:
    return widget.locator(".ab-practice-tree svg[role=tree] text").all_text_contents()


def test_the_tree_to_solve_is_drawn_in_the_page_and_new_tree_redraws_it(lab_server: LabServer, page: Page) -> None:
    """The tree is SVG with real text, each node named for a screen reader; New tree draws the next seed's tree;
    Show me still replays the correct search.  Screenshots at 1024×768 and 1400×900, file browser open."""
    stripped_copy(nbformat.read(LECTURE, as_version=4), lab_server.root / LECTURE.name)
    widget = open_and_run(page, lab_server, LECTURE.name, ".ab-practice", "practice widget")
    expect(widget.locator(".ab-practice-tree svg[role=tree]")).to_be_visible()

    def check_drawn(seed: int) -> None:
        tree = practice_tree(seed=seed)
        svg = widget.locator(".ab-practice-tree svg[role=tree]")
        expect(svg.get_by_role("treeitem")).to_have_count(len(list(tree.walk())))
        # Every leaf's value is text in the drawing, and every node is read with its name and player.
        leaves = [n for n in tree.walk() if n.is_leaf]
        expect(svg.locator("g[role=treeitem] > title", has_text=", leaf, value ")).to_have_count(len(leaves))
        texts = _tree_texts(widget)
        assert sorted(t for t in texts if t.lstrip("-").isdigit()) == sorted(str(n.value) for n in leaves)
        root = tree.root
        expect(svg.locator("g[data-path=''] > title")).to_have_text(f"{tree.name(())}, {root.player} node, to solve")

    check_drawn(SEED)
    screenshots(page, widget, SCREENS / "practice-lab")
    # The dark theme: the drawing takes the theme's colours, and axe finds nothing in the widget.
    with dark_theme(page):
        widget.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(SCREENS / "practice-lab-1400x900-filebrowser-dark.png"))
        found = blocking(audit(page, ".jp-OutputArea-output .ab-practice-tree"))
        assert found == [], "\n".join(map(str, found))
    found = blocking(audit(page, ".jp-OutputArea-output .ab-practice-tree"))
    assert found == [], "\n".join(map(str, found))
    before = _tree_texts(widget)
    widget.locator(".ab-new").click()
    expect(widget.locator(".ab-practice-tree svg[role=tree] title").first).to_have_text(re.compile("to solve"))
    # The first practice widget's drawing: its texts are another tree's once the kernel sends the new tree.
    page.wait_for_function("([sel, before]) => { const w = document.querySelector(sel);"
                           " const t = [...w.querySelectorAll('.ab-practice-tree svg[role=tree] text')].map(e => e.textContent);"
                           " return JSON.stringify(t) !== JSON.stringify(before); }",
                           arg=[".jp-OutputArea-output .ab-practice", before])
    check_drawn(SEED + 1)
    # The tree is walked with the arrow keys, and its keys stay its own (the notebook does not move).
    widget.locator(".ab-practice-tree g[role=treeitem]").first.focus()
    page.keyboard.press("ArrowRight")
    expect(widget.locator(".ab-practice-tree g[role=treeitem]:focus")).to_have_attribute("data-path", "0")
    widget.locator(".ab-show").click()
    replay = widget.locator(".ab-replay .abs-root")
    expect(replay).to_be_visible()
    replay.get_by_role("button", name="Last step").click()
    best = ab.alphabeta(practice_tree(seed=SEED + 1)).move_name
    expect(replay.locator(".abs-sentence")).to_contain_text(f"the best move is {best},")
    widget.locator(".ab-replay").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(SCREENS / "practice-lab-1400x900-filebrowser-show-me.png"))
