"""WCAG 2.1 AA, audited by axe-core: every exported page, every slide, and the widgets in JupyterLab.

No serious or critical violation may remain (tags wcag2a, wcag2aa, wcag21a, wcag21aa): pictures without a
text alternative, controls without a name, text below 4.5:1 contrast.  In JupyterLab only the output areas
are audited, where the lectures' widgets are; JupyterLab's own menus, toolbars and file browser are not the
course's to fix.  Each page is opened as a student opens it, offline, at 1024×768, and a screenshot is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

import abteach as ab

from .axe import Violation, audit, blocking, counts
from .exported import (shown_as, LECTURES, Exported, OfflinePage, exported, offline_page)  # noqa: F401  (fixtures)
from .labserver import KERNEL_IDLE, ROOT, LabServer
from .test_offline_html import _open as open_page
from .test_offline_slides import _open as open_slides

pytestmark = [pytest.mark.browser, pytest.mark.timeout(3600)]


def _report(where: str, violations: list[Violation]) -> str:
    return f"{where}: {counts(violations)}\n" + "\n".join(str(v) for v in violations)


@pytest.mark.parametrize("lecture", LECTURES)
def test_exported_page_meets_wcag_21_aa(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline_page.page
    open_page(offline_page, exported, lecture)
    offline_page.shot(f"a11y-html-{lecture}")
    found = blocking(audit(page))
    assert found == [], _report(f"{lecture}.html", found)
    # Every picture on the page is named, as the audit says; a stepper's picture by its own step.
    unnamed = page.evaluate("""() => [...document.querySelectorAll('img')].filter(img => img.offsetParent !== null
        && img.getAttribute('alt') === null && !img.title && !img.getAttribute('aria-label')).length""")
    assert unnamed == 0
    assert offline_page.outside == []


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_slide_meets_wcag_21_aa(offline_page: OfflinePage, exported: Exported, lecture: str) -> None:
    page = offline_page.page
    open_slides(offline_page, exported, lecture)
    # reveal.js hides every slide but the one shown, and axe audits only what is shown: each slide in turn.
    problems: list[str] = []
    for index in page.evaluate("() => Reveal.getSlides().map(s => Reveal.getIndices(s))"):
        h, v = index["h"], index.get("v") or 0
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        found = blocking(audit(page, ".reveal .slides section.present"))
        if found:
            offline_page.shot(f"a11y-slides-{lecture}-{h}-{v}")
            problems.append(_report(f"{lecture} slide {h}.{v}", found))
    assert problems == [], "\n".join(problems)
    assert offline_page.outside == []


def test_an_exported_stepper_names_its_nodes_and_announces_its_step(offline_page: OfflinePage,
                                                                     exported: Exported) -> None:
    """An exported stepper's tree is a tree of named nodes whose names follow the step, and its live region
    announces each step's sentence."""
    # The first lecture that shows a stepper (its committed output is the stepper's text form).
    lecture = next(name for name in LECTURES
                   if '"' + shown_as("Stepper") in (ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    page = offline_page.page
    open_page(offline_page, exported, lecture)
    root = page.locator(".abs-offline .abs-root").first
    root.scroll_into_view_if_needed()
    tree = root.locator("svg[role=tree]")
    expect(tree).to_have_attribute("aria-label", re.compile(r"^The search tree of "))
    first = root.locator("[role=treeitem]").first
    before = first.locator("title").text_content() or ""
    assert re.match(r"^\w+, (MAX|MIN|\w+) node", before), before
    expect(root.get_by_role("treeitem", name=before, exact=True)).to_have_count(1)
    live = root.locator("[aria-live=polite]")
    root.focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(live).to_contain_text("Step 1.")
    # The root is now on the call stack: its name says so.
    expect(first.locator("title")).not_to_have_text(before)
    expect(root.get_by_role("treeitem", name=re.compile(r"being searched"))).not_to_have_count(0)


#: One of every kind of widget the lectures show, each the way a lecture calls it.
WIDGETS = {
    "stepper": "ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))",
    "fig55": "ab.figure_vs_algorithm({\"3rd\": ab.alphabeta(ab.examples.FIG_5_2)})",
    "practice": "ab.practice(seed=8)",
    "reorder": "ab.reorder_view(ab.ordering.reorderings(ab.examples.FIG_5_2))",
    "play": 'ab.play(ab.TicTacToe(), engine="perfect")',
}


@pytest.fixture
def widgets_notebook(lab_server: LabServer) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell("import abteach as ab")] + [
        nbformat.v4.new_code_cell(source) for source in WIDGETS.values()]
    nbformat.write(nb, lab_server.root / "widgets.ipynb")
    return "widgets.ipynb"


def test_widgets_in_jupyterlab_meet_wcag_21_aa(lab_server: LabServer, widgets_notebook: str, page: Page,
                                                snapshot: Callable[[str], Path]) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(lab_server.notebook_url(widgets_notebook))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    for name in ("abs-root", "ab-fig55", "ab-practice", "ab-reorder", "ab-play"):
        expect(page.locator(f".jp-OutputArea-output .{name}").first).to_be_attached()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    snapshot("widgets")
    # Only the outputs: JupyterLab's own chrome is not the course's.
    found = blocking(audit(page, ".jp-OutputArea-output"))
    assert found == [], _report("widgets in JupyterLab", found)
    # JupyterLab's dark theme too, where the widgets' own colours meet the theme's.
    page.set_viewport_size({"width": 1400, "height": 900})
    theme = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
    page.evaluate(theme, "JupyterLab Dark")
    try:
        # The theme is a setting of the whole server: the next test must find the light one again.
        expect(page.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        # JupyterLab covers the page with its splash while the theme loads: audit what is under it afterwards.
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)
        snapshot("widgets-dark-1400x900")
        found = blocking(audit(page, ".jp-OutputArea-output"))
        assert found == [], _report("widgets in JupyterLab's dark theme", found)
    finally:
        page.evaluate(theme, "JupyterLab Light")
        expect(page.locator("body[data-jp-theme-name='JupyterLab Light']")).to_be_attached()
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)
    # A live stepper announces each step's sentence, and its tree's nodes are named by their state.
    frames = ab.alphabeta(ab.examples.FIG_5_2).trace.all_frames
    root = page.locator(".jp-OutputArea-output .abs-root").first
    live = root.locator("[aria-live=polite]")
    expect(live).to_contain_text(frames[0].explanation)
    root.get_by_role("button", name="Forward one step").click()
    expect(live).to_contain_text(f"Step 1. {frames[1].explanation}")
    expect(root.get_by_role("treeitem", name=re.compile("being searched")).first).to_be_attached()
    # The Fig. 5.5 view: two trees a reader walks, each node named by what it shows; the stage's sentence in a
    # live region; the disagreements and nodes as tables; with one search, no switch.
    fig = page.locator(".jp-OutputArea-output .ab-fig55").first
    expect(fig.get_by_role("tree")).to_have_count(2)
    expect(fig.get_by_role("treeitem", name=re.compile(r"^A, MAX node, \[−∞, \+∞\], reached")).first).to_be_attached()
    expect(fig.locator("[aria-live=polite]")).to_contain_text("Fig. 5.5 (a)")
    expect(fig.locator(".ab-stage-nodes table")).to_have_count(1)
    expect(fig.locator(".ab-search")).to_have_count(0)
    fig.get_by_role("button", name="Forward one stage").click()
    expect(fig.locator("[aria-live=polite]")).to_contain_text("Fig. 5.5 (b)")


def test_html_worksheets_meet_wcag_21_aa(offline_page: OfflinePage, tmp_path: Path) -> None:
    """The accessible twin of a printed worksheet, and of the answer key, as a student's browser opens them."""
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nada,Ada Lovelace\nalan,Alan Turing\n")
    written = ab.worksheet(roster, tmp_path / "sheets", course_seed="c1", course="Week 5")
    page = offline_page.page
    for pdf in (written[0], written[-1]):
        page.goto(pdf.with_suffix(".html").as_uri())
        offline_page.shot(f"a11y-worksheet-{pdf.stem}")
        found = blocking(audit(page))
        assert found == [], _report(pdf.with_suffix(".html").name, found)
    assert offline_page.outside == []
