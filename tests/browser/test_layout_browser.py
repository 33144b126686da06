"""The stepper, the Fig. 5.5 view and side-by-side listings fit a projector's screen and a laptop's.

A real JupyterLab in headless Chromium, at 1024×768 (the usual projector) and
1400×900, each with JupyterLab's file browser open and closed.  Everything is
measured from the DOM, after the widgets have drawn:

* no part is cut off: no element is wider inside than its box (scrollWidth
  against clientWidth; a stepper's tree scrolls in its own box by design),
  and every control lies inside the widget;
* no pseudocode line is clipped, and no word is broken across two lines;
* the text is legible: α, β and v are at least 14 pixels tall on screen with
  ``size="projector"``, 10 with ``"screen"`` (a stepper's real SVG text, a
  Fig. 5.5 view's picture scaled as the browser scales it);
* the listing sits beside the tree where both fit and below it where they do
  not, never over it, and the node a step is about is in the tree's view;
* the sentence on what happened appears once.

A screenshot of every widget at every layout is kept under
test-artifacts/browser/, to be looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.views.sizes import SIZES

from .labserver import KERNEL_IDLE, LabServer, stripped_copy

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LAYOUTS = [(1024, 768, True), (1024, 768, False), (1400, 900, True), (1400, 900, False)]
WIDGET_TIMEOUT_MS = 120_000

SETUP = """\
import abteach as ab
fig52 = ab.examples.FIG_5_2
third, fourth = ab.alphabeta(fig52), ab.alphabeta(fig52, edition=4)
editions = {"3rd edition": third, "4th edition": fourth}"""


@dataclass(frozen=True)
class Case:
    """One widget of the test notebook: its code, and how big its text must be."""

    name: str
    code: str
    size: str
    kind: str                 # "stepper", "fig55" or "listing"
    may_scroll: bool = False  # a tree too wide to show legibly scrolls sideways instead
    overview: bool = False    # a tree too wide to label is drawn without its text: nothing to keep legible

    @property
    def legible(self) -> float:
        return SIZES[self.size].legible


CASES = [
    Case("projector-stepper", 'ab.stepper(editions, size="projector")', "projector", "stepper"),
    Case("screen-stepper", "ab.stepper(editions)", "screen", "stepper"),
    # Its two trees are drawn at their own size, text and all: a box narrower than one scrolls it.
    Case("projector-fig55", 'ab.figure_vs_algorithm(editions, size="projector", start="e")', "projector", "fig55",
         may_scroll=True),
    # 14 leaves cannot be shown at 14 pixels in 600: this one scrolls, and stays legible.
    Case("projector-wide-tree", 'ab.stepper(ab.alphabeta(ab.examples.WIKIPEDIA), size="projector")', "projector",
         "stepper", may_scroll=True),
    Case("side-by-side", 'ab.side_by_side(ab.listing("alphabeta", edition=3), ab.listing("alphabeta", edition=4))',
         "screen", "listing"),
]

ROOTS = {"stepper": ".abs-root", "fig55": ".ab-fig55", "listing": ".ab-side-by-side"}


def notebook() -> nbformat.NotebookNode:
    cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(c.code) for c in CASES]
    return nbformat.v4.new_notebook(cells=cells)


def expected_widget(case: Case) -> object:
    fig52 = ab.examples.FIG_5_2
    editions = {"3rd edition": ab.alphabeta(fig52), "4th edition": ab.alphabeta(fig52, edition=4)}
    return eval(case.code, {"ab": ab, "editions": editions})  # noqa: S307 - the test's own code


# Everything one layout shows of one widget, read in one go.
MEASURE = r"""
([root, kind]) => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
    const own = (el) => [...el.classList].filter(c => c.startsWith('ab-') || c.startsWith('widget-')).join(' ');
    // An element of no class of ours is named by the nearest one that has one.
    const name = (el) => own(el) || (el.parentElement && el !== root
        ? `${el.tagName.toLowerCase()} in ${name(el.parentElement)}` : el.tagName.toLowerCase());
    // Read by a screen reader, never seen (the "visually hidden" pattern: clipped to nothing).
    const unseen = (el) => getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
    const overflowing = [];
    // The widget itself, everything in it, and everything between it and its output area.
    const area = root.closest('.jp-OutputArea-output');
    const around = [];
    for (let el = root.parentElement; el && el !== area.parentElement; el = el.parentElement) around.push(el);
    for (const el of [...around, root, ...root.querySelectorAll('*')]) {
        // noUiSlider draws its handle by moving a zero-width "origin" box: the handle always sticks out of it.
        if (el.classList.contains('noUi-origin') || unseen(el)) continue;
        // Inside an inline SVG tree, boxes are the drawing's own (a <text>'s clientWidth means nothing).
        if (el.closest('svg')) continue;
        // At either end of the track its handle sticks out by half its width, in plain sight (nothing clips it).
        if (el.closest('.slider-container') && getComputedStyle(el).overflowX === 'visible') continue;
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
            overflowing.push({part: name(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
                              picture: el.classList.contains('ab-picture') || el.classList.contains('ab-fig55-side')
                                       || el.classList.contains('abs-tree')});
    }
    const controls = [];
    for (const el of root.querySelectorAll('.ab-controls > *, .ab-choice button, .ab-search button, .ab-stage-slider')) {
        if (el.offsetParent === null) continue;  // hidden (a switch with one search)
        const icon = el.querySelector('i');
        controls.push({part: name(el), box: box(el), icon: icon ? box(icon) : null,
                       scrollWidth: el.scrollWidth, clientWidth: el.clientWidth});
    }
    const track = root.querySelector('.ab-slider .slider-container, .ab-stage-slider .slider-container');
    // Only the lines shown: a stepper keeps both the whole listing and the running function, and shows one.
    const lines = [...root.querySelectorAll('.ab-line, .ab-side-by-side .ab-code')]
        .filter(el => el.offsetParent !== null).map(el => ({
        text: el.textContent, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, box: box(el)}));
    const broken = [...root.querySelectorAll('span[style*="nowrap"]')]
        .filter(s => s.getClientRects().length > 1).map(s => s.textContent);
    const images = [...root.querySelectorAll('img.ab-image, img.ab-figure-image, img.ab-algorithm-image')].map(img => ({
        part: name(img), box: box(img), natural: [img.naturalWidth, img.naturalHeight], src: img.getAttribute('src')}));
    const one = (sel) => { const el = root.querySelector(sel); return el ? box(el) : null; };
    const explanation = root.querySelector('.ab-explanation .ab-explanation') || root.querySelector('.ab-explanation');
    return {
        root: box(root), area: box(area), overflowing, controls, track: track ? box(track) : null, lines, broken, images,
        picture: one('.ab-picture'), side: one('.ab-side'), explanationBox: one('.ab-explanation'),
        bestPlayBox: one('.ab-best-play'),
        explanation: explanation ? explanation.innerText.replace(/\s+/g, ' ').trim() : '',
        text: [...root.children].filter(el => !unseen(el)).map(el => el.innerText).join(' ').replace(/\s+/g, ' '),
        figure: one('.ab-figure'), algorithm: one('.ab-algorithm'),
        // A Fig. 5.5 view's trees: how tall their α, β and v (13 units of the drawing) are on screen.
        trees: [...root.querySelectorAll('.ab-fig55-side svg[role=tree]')].map(svg =>
            13 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width),
        algorithmTitle: (root.querySelector('.ab-algorithm-title') || {innerText: ''}).innerText.replace(/\s+/g, ' '),
    };
}
"""

# Everything one layout shows of one stepper, read in one go.
MEASURE_STEPPER = r"""
(root) => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
    const name = (el) => (el.getAttribute('class') || el.tagName.toLowerCase()).split(' ')[0];
    const unseen = (el) => getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
    const area = root.closest('.jp-OutputArea-output');
    const tree = root.querySelector('.abs-tree'), svg = tree.querySelector('svg');
    const overflowing = [];
    // The widget itself, everything in it, and everything between it and its output area.
    const around = [];
    for (let el = root.parentElement; el && el !== area.parentElement; el = el.parentElement) around.push(el);
    for (const el of [...around, root, ...root.querySelectorAll('*')]) {
        // The tree scrolls in its own box, by design; what is inside the SVG is drawn, not laid out.
        if (el === tree || svg.contains(el) || unseen(el) || el.offsetParent === null) continue;
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
            overflowing.push({part: name(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth});
    }
    const controls = [...root.querySelectorAll('.abs-controls > *')].filter(el => el.offsetParent !== null)
        .map(el => ({part: name(el) + ' ' + (el.getAttribute('aria-label') || el.textContent.trim()), box: box(el),
                     scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}));
    const lines = [...root.querySelectorAll('.abs-listing li')].filter(el => el.offsetParent !== null).map(el => ({
        text: el.textContent, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, box: box(el)}));
    // α, β and v: the SVG's small text, at its font size, as the SVG is scaled on screen.
    const small = svg.querySelector('text.abs-small');
    const px = parseFloat(getComputedStyle(small).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const current = svg.querySelector('g.cur');
    const sentence = root.querySelector('.abs-sentence').innerText.replace(/\s+/g, ' ').trim();
    return {
        root: box(root), area: box(area), overflowing, controls, lines, px,
        track: box(root.querySelector('input[type=range]')),
        tree: box(tree), picture: box(root.querySelector('.abs-picture')), side: box(root.querySelector('.abs-side')),
        current: current ? box(current) : null, sentence,
        text: root.innerText.replace(/\s+/g, ' '),
        running: [...root.querySelectorAll('.abs-listing li.abs-running')].filter(el => el.offsetParent !== null).map(box),
    };
}
"""


def check_stepper(case: Case, m: dict, layout: str) -> list[str]:
    """Every way ``m``, what the browser shows of the stepper ``case`` at ``layout``, falls short."""
    where = f"{case.name} at {layout}"
    problems = [f"{where}: {o['part']} is cut off (scrollWidth {o['scrollWidth']} > clientWidth {o['clientWidth']})"
                for o in m["overflowing"]]
    if not inside(m["root"], m["area"]):
        problems.append(f"{where}: the widget {m['root']} does not fit its output area {m['area']}")
    for c in m["controls"]:
        if not inside(c["box"], m["root"]) or c["box"]["width"] < 1:
            problems.append(f"{where}: control {c['part']} lies outside the widget: {c['box']} not in {m['root']}")
    if m["track"]["width"] < 150:
        problems.append(f"{where}: the slider's track is only {m['track']['width']:.0f} px wide")
    for line in m["lines"]:
        if line["scrollWidth"] > line["clientWidth"] + 1 or not inside(line["box"], m["root"]):
            problems.append(f"{where}: listing line {line['text'].strip()!r} is clipped")
    if m["px"] < case.legible - 0.05:
        problems.append(f"{where}: α, β and v are {m['px']:.1f} px tall on screen, under {case.legible:.0f}")
    picture, side = m["picture"], m["side"]
    beside = side["left"] >= picture["right"] - 1 and side["top"] < picture["bottom"]
    below = side["top"] >= picture["bottom"] - 1
    if not (beside or below):
        problems.append(f"{where}: the listing {side} overlaps the tree {picture}")
    if m["current"] is not None:
        cur, tree = m["current"], m["tree"]
        if cur["left"] < tree["left"] - 1 or cur["right"] > tree["right"] + 1:
            problems.append(f"{where}: the node the step is about {cur} is out of the tree's view {tree}")
    if not m["sentence"].startswith("Step "):
        problems.append(f"{where}: no sentence above the tree (read {m['sentence']!r})")
    elif m["text"].count(m["sentence"]) != 1:
        problems.append(f"{where}: the sentence {m['sentence']!r} appears {m['text'].count(m['sentence'])} times")
    return problems


def inside(inner: dict, outer: dict, slack: float = 1.0) -> bool:
    return (inner["left"] >= outer["left"] - slack and inner["right"] <= outer["right"] + slack
            and inner["top"] >= outer["top"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def text_px(image: dict, size: str) -> float:
    """How tall α, β and v are on screen: their size in the picture, scaled as the browser scales it."""
    return SIZES[size].small_px * image["box"]["width"] / image["natural"][0]


def check(case: Case, m: dict, layout: str) -> list[str]:
    """Every way ``m``, what the browser shows of ``case`` at ``layout``, falls short."""
    where = f"{case.name} at {layout}"
    problems = []
    for o in m["overflowing"]:
        if o["picture"] and case.may_scroll:
            continue  # checked below: it may scroll only at its legibility floor
        problems.append(f"{where}: {o['part']} is cut off (scrollWidth {o['scrollWidth']} > clientWidth "
                        f"{o['clientWidth']})")
    if not inside(m["root"], m["area"]):
        problems.append(f"{where}: the widget {m['root']} does not fit its output area {m['area']}")
    for c in m["controls"]:
        if not inside(c["box"], m["root"]) or c["box"]["width"] < 1:
            problems.append(f"{where}: control {c['part']} lies outside the widget: {c['box']} not in {m['root']}")
        if c["icon"] is not None and not inside(c["icon"], c["box"]):
            problems.append(f"{where}: the icon of {c['part']} is cut off: {c['icon']} not in {c['box']}")
        if c["scrollWidth"] > c["clientWidth"] + 1:
            problems.append(f"{where}: control {c['part']} is cut off ({c['scrollWidth']} > {c['clientWidth']})")
    if m["track"] is not None and m["track"]["width"] < 150:
        problems.append(f"{where}: the slider's track is only {m['track']['width']:.0f} px wide")
    for line in m["lines"]:
        if line["scrollWidth"] > line["clientWidth"] + 1 or not inside(line["box"], m["root"]):
            problems.append(f"{where}: listing line {line['text'].strip()!r} is clipped")
    if m["broken"]:
        problems.append(f"{where}: words broken across lines: {m['broken'][:5]}")
    for image in m["images"]:
        px = text_px(image, case.size)
        if px < case.legible - 0.05 and not case.overview:
            problems.append(f"{where}: α, β and v are {px:.1f} px tall on screen in {image['part']}, "
                            f"under {case.legible:.0f}")
        w, h = image["natural"]
        if abs(image["box"]["height"] - image["box"]["width"] * h / w) > 1.5:
            problems.append(f"{where}: {image['part']} is stretched: shown {image['box']['width']:.0f}×"
                            f"{image['box']['height']:.0f}, drawn {w}×{h}")
    if case.may_scroll and m["images"]:
        scrolls = any(o["picture"] for o in m["overflowing"])
        px = text_px(m["images"][0], case.size)
        if scrolls and px > case.legible + 0.5:
            problems.append(f"{where}: the picture scrolls although it could still shrink (text at {px:.1f} px)")
    if case.kind == "fig55":
        problems += check_fig55(m, where)
    return problems


def check_fig55(m: dict, where: str) -> list[str]:
    problems = []
    figure, algorithm = m["figure"], m["algorithm"]
    beside = algorithm["left"] >= figure["right"] - 1
    below = algorithm["top"] >= figure["bottom"] - 1
    if not (beside or below):
        problems.append(f"{where}: the two drawings overlap: {figure} and {algorithm}")
    if len(m["trees"]) != 2:
        problems.append(f"{where}: {len(m['trees'])} trees drawn, not the figure's and the algorithm's")
    for px in m["trees"]:
        if px < SIZES["projector"].legible - 0.05:
            problems.append(f"{where}: α, β and v are {px:.1f} px tall on screen in a tree")
    sentence = m["algorithmTitle"].split("Step ", 1)[-1]
    if m["text"].count(sentence) != 1:
        problems.append(f"{where}: the step's sentence {sentence!r} appears {m['text'].count(sentence)} times")
    return problems


def set_layout(page: Page, width: int, height: int, sidebar: bool) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("(open) => open ? window.jupyterapp.shell.expandLeft() : window.jupyterapp.shell.collapseLeft()",
                  sidebar)
    page.wait_for_function("(open) => window.jupyterapp.shell.leftCollapsed === !open", arg=sidebar)
    if sidebar:
        expect(page.locator("#filebrowser")).to_be_visible()
    # Let the notebook reflow: wait for two animation frames in a row with the same widths.
    page.evaluate("""async () => {
        const widths = () => [...document.querySelectorAll('.jp-OutputArea-output')].map(e => e.clientWidth).join();
        let before = '';
        for (let i = 0; i < 50; i++) {
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            const now = widths();
            if (now === before) return;
            before = now;
            await new Promise(r => setTimeout(r, 100));
        }
    }""")


def open_and_run(page: Page, server: LabServer, name: str) -> None:
    page.goto(server.notebook_url(name))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    for case in CASES:
        root = page.locator(f".jp-OutputArea-output {ROOTS[case.kind]}")
        try:
            expect(root.first).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
        except AssertionError:
            stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
            pytest.fail(f"{case.name} never showed; stderr:\n" + ("\n".join(stderr.all_inner_texts()) or "(none)"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    # Every image has its picture.
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")


def roots(page: Page) -> dict[str, Locator]:
    found: dict[str, Locator] = {}
    counts: dict[str, int] = {}
    for case in CASES:
        k = counts.get(case.kind, 0)
        found[case.name] = page.locator(f".jp-OutputArea-output {ROOTS[case.kind]}").nth(k)
        counts[case.kind] = k + 1
    return found


def jump(root: Locator, step: int) -> None:
    """Move a stepper to ``step`` with its slider, as a hand would, and wait for it to show it."""
    root.locator("input[type=range]").evaluate(
        "(el, k) => { el.value = String(k); el.dispatchEvent(new Event('input', {bubbles: true})); }", step)
    expect(root).to_have_attribute("data-step", str(step))


def test_widgets_fit_every_layout(lab_server: LabServer, page: Page, snapshot: Callable[[str], Path]) -> None:
    stripped_copy(notebook(), lab_server.root / "layout.ipynb")
    open_and_run(page, lab_server, "layout.ipynb")
    widgets = roots(page)

    # The steppers' trees are real text: every node's name is among the SVG's texts.
    for case in CASES:
        if case.kind != "stepper":
            continue
        want = expected_widget(case)
        names = {n["name"] for n in want.data["layout"]["nodes"] if n["name"]}  # type: ignore[attr-defined]
        texts = set(widgets[case.name].evaluate("r => [...r.querySelectorAll('svg text')].map(t => t.textContent)"))
        assert names and names <= texts, f"{case.name}: node names {sorted(names - texts)} not in the SVG"

    problems: list[str] = []
    placement: dict[tuple[str, str], str] = {}
    for width, height, sidebar in LAYOUTS:
        layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, width, height, sidebar)
        for case in CASES:
            root = widgets[case.name]
            root.evaluate("el => el.scrollIntoView({block: 'start'})")
            if case.kind == "stepper":
                trace = expected_widget(case).trace  # type: ignore[attr-defined]
                # Its last leaf: in a wide tree, the far right, which must scroll into the tree's view.
                jump(root, trace.steps("leaf")[-1])
                m = page.evaluate(MEASURE_STEPPER, root.element_handle())
                problems += check_stepper(case, m, layout)
                placement[(case.name, layout)] = ("below" if m["side"]["top"] >= m["picture"]["bottom"] - 1
                                                  else "beside")
                if m["current"] is None:
                    problems.append(f"{case.name} at {layout}: no node marked as the step's")
            else:
                m = page.evaluate(MEASURE, [root.element_handle(), case.kind])
                problems += check(case, m, layout)
            if case.kind == "fig55":
                placement[(case.name, layout)] = ("below" if m["algorithm"]["top"] >= m["figure"]["bottom"] - 1
                                                  else "beside")
            # What the room sees: the widget's top, then, if it is taller than the window, its bottom.
            snapshot(f"{layout}-{case.name}-top")
            if m["root"]["height"] > height - 200:
                root.evaluate("el => el.scrollIntoView({block: 'end'})")
                snapshot(f"{layout}-{case.name}-bottom")
    # Narrow: the listing (the second drawing) moves below; wide: beside.
    # (Fig. 5.5's two trees at projector size are each wider than half of 1400: they sit beside each other only
    # where both fit, which test_fig55_browser checks.)
    if placement[("projector-fig55", "1024x768-sidebar")] != "below":
        problems.append("projector-fig55: at 1024×768 with the file browser open, the trees are not one above the other")
    for name in ("projector-stepper", "screen-stepper"):
        if placement[(name, "1024x768-sidebar")] != "below":
            problems.append(f"{name}: at 1024×768 with the file browser open, the listing is not below the picture")
        if placement[(name, "1400x900-no-sidebar")] != "beside":
            problems.append(f"{name}: at 1400×900 with the file browser closed, the listing is not beside the picture")
    assert not problems, f"{len(problems)} layout problems:\n  " + "\n  ".join(problems)


def test_the_measurements_catch_a_cut_off_widget(lab_server: LabServer, page: Page) -> None:
    """The checks above can fail: a stepper in 300 pixels whose lines cannot wrap is cut off; one shrunk is illegible."""
    code = ("import abteach as ab, ipywidgets as w\n"
            "squeezed, shrunk = (ab.stepper(ab.alphabeta(ab.examples.FIG_5_2), size='projector') for _ in 'ab')\n"
            "w.VBox([w.Box([squeezed], layout=w.Layout(width='300px', overflow='hidden')), shrunk])")
    stripped_copy(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)]), lab_server.root / "squeezed.ipynb")
    page.goto(lab_server.notebook_url("squeezed.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    found = page.locator(".jp-OutputArea-output .abs-root")
    expect(found.nth(1)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    # The first one's pseudocode kept from wrapping, the second one's tree drawn at a third of its size, as a
    # careless style sheet would.
    found.nth(0).evaluate("r => r.querySelectorAll('.abs-listing li').forEach(li => li.style.whiteSpace = 'pre')")
    # (The tree's own style sizes it to its box, down to its legible floor: the careless sheet overrides that.)
    found.nth(1).evaluate("r => { const svg = r.querySelector('.abs-tree svg'); "
                          "Object.assign(svg.style, {minWidth: '0', maxWidth: 'none', height: 'auto', "
                          "width: svg.viewBox.baseVal.width / 3 + 'px'}); }")
    case = Case("squeezed", "", "projector", "stepper")
    squeezed, shrunk = (check_stepper(case, page.evaluate(MEASURE_STEPPER, found.nth(k).element_handle()), "300px")
                        for k in (0, 1))
    assert any("cut off" in p or "clipped" in p for p in squeezed), squeezed
    assert any("px tall on screen" in p for p in shrunk), shrunk


RUNNING = [
    # A step deep in MIN-VALUE, the listing's last function: the line that runs is far from the top.
    ("screen", 'ab.stepper(editions)'),
    ("projector", 'ab.stepper(editions, size="projector")'),
]

def test_the_running_line_shows_with_the_tree(lab_server: LabServer, page: Page,
                                              snapshot: Callable[[str], Path]) -> None:
    """At every layout the tree and the pseudocode line that runs fit on screen together.

    Beside the tree the whole listing shows; below it only the function that runs, with the call stack beside
    it, so the span from the tree's top to the running line's bottom is no taller than the notebook's visible
    height.
    """
    step = 29  # C's cutoff: the last function of the listing runs
    cells = [nbformat.v4.new_code_cell(SETUP)] + [
        nbformat.v4.new_code_cell(f"s = {code}\ns.go({step})\ns") for _, code in RUNNING]
    stripped_copy(nbformat.v4.new_notebook(cells=cells), lab_server.root / "running.ipynb")
    page.goto(lab_server.notebook_url("running.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    steppers = page.locator(".jp-OutputArea-output .abs-root")
    expect(steppers.nth(len(RUNNING) - 1)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    number = trace.listing.number(trace.frame(step).line)
    problems, spans = [], {}
    for width, height, sidebar in LAYOUTS:
        layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, width, height, sidebar)
        for k, (size, _) in enumerate(RUNNING):
            root = steppers.nth(k)
            expect(root).to_have_attribute("data-step", str(step))
            expect(root.locator(f".abs-running[data-line='{number}']")).to_be_visible()
            root.locator(".abs-tree").evaluate("el => el.scrollIntoView({block: 'start'})")
            m = page.evaluate("""(root) => {
                const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
                const view = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
                return {lines: [...root.querySelectorAll('.abs-running')].filter(el => el.offsetParent !== null).map(box),
                        tree: box(root.querySelector('.abs-tree')), view: box(view)}; }""", root.element_handle())
            where = f"{size} stepper at {layout}"
            if len(m["lines"]) != 1:
                problems.append(f"{where}: {len(m['lines'])} running lines shown, not one")
                continue
            current, tree, view = m["lines"][0], m["tree"], m["view"]
            span = max(current["bottom"], tree["bottom"]) - min(current["top"], tree["top"])
            spans[where] = (round(span), round(view["bottom"] - view["top"]))
            if span > view["bottom"] - view["top"]:
                problems.append(f"{where}: the tree and the running line span {span:.0f} px, more than the "
                                f"{view['bottom'] - view['top']:.0f} px the notebook shows")
            snapshot(f"{layout}-{size}-running-line")
    print("tree + running line, px (span, visible):", spans)
    assert not problems, "\n  ".join(problems)


# Lecture 10's cell: an MCTS tree of tic-tac-toe boards, wide and deep.  At 1024×768 with the file browser open
# the PNG stepper's overview collapsed to a sliver beside its pseudocode; the tree must keep a fair share.
OVERVIEW = Case("projector-mcts",
                'ab.stepper(ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1), size="projector")',
                "projector", "stepper")
NARROW_LAYOUTS = [(1024, 768, True), (1400, 900, True), (1400, 900, False)]
#: The least share of its output area's width a tree gets, unless it is narrower than that itself.
PICTURE_SHARE = 0.4
#: The least width of a block of text beside or under the tree, in CSS pixels: a few words a line.
TEXT_LEAST_PX = 240


def test_an_mcts_stepper_fits_a_narrow_notebook(lab_server: LabServer, page: Page,
                                                snapshot: Callable[[str], Path]) -> None:
    """Lecture 10's MCTS stepper at 1024×768 and 1400×900 with the file browser open: tree and text both show."""
    cells = [nbformat.v4.new_code_cell("import abteach as ab"), nbformat.v4.new_code_cell(OVERVIEW.code)]
    stripped_copy(nbformat.v4.new_notebook(cells=cells), lab_server.root / "overview.ipynb")
    page.goto(lab_server.notebook_url("overview.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .abs-root").first
    expect(root).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    trace = ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1).trace
    problems: list[str] = []
    # The first step, as the lecture opens, and a late one, where the grown tree shows.
    for step in (0, len(trace) - 1):
        jump(root, step)
        for width, height, sidebar in NARROW_LAYOUTS:
            layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
            set_layout(page, width, height, sidebar)
            root.evaluate("el => el.scrollIntoView({block: 'start'})")
            m = page.evaluate(MEASURE_STEPPER, root.element_handle())
            where = f"{OVERVIEW.name} at step {step} at {layout}"
            problems += check_stepper(OVERVIEW, m, f"step {step} at {layout}")
            svg_width = root.locator(".abs-tree svg").evaluate("s => s.getBoundingClientRect().width")
            least = min(svg_width, PICTURE_SHARE * m["area"]["width"])
            if m["tree"]["width"] < least - 1:
                problems.append(f"{where}: the tree's box is {m['tree']['width']:.0f} px wide, under {least:.0f}")
            for part in ("side",):
                if m[part]["width"] < min(TEXT_LEAST_PX, m["area"]["width"]) - 1:
                    problems.append(f"{where}: the {part} is squeezed to {m[part]['width']:.0f} px")
            snapshot(f"{layout}-{OVERVIEW.name}-step-{step}")
    assert not problems, f"{len(problems)} layout problems:\n  " + "\n  ".join(problems)
