"""The stepper, the Fig. 5.5 view and side-by-side listings fit a projector's screen and a laptop's.

A real JupyterLab in headless Chromium, at 1024×768 (the usual projector) and
1400×900, each with JupyterLab's file browser open and closed.  Everything is
measured from the DOM, after the widgets have drawn:

* no part is cut off: no element is wider inside than its box (scrollWidth
  against clientWidth), and every control lies inside the widget with its
  icon inside the button;
* no pseudocode line is clipped, and no word is broken across two lines;
* the picture's text is legible: α, β and v are at least 14 pixels tall on
  screen with ``size="projector"``, 10 with ``"screen"``, read from the
  picture's rendered size against its own;
* the listing sits beside the picture where both fit and below it where
  they do not, never over it;
* the sentence on what happened appears once, and the picture (compared pixel
  for pixel with the one abteach draws here) carries no caption;
* no blank band between the sentence and the picture, and the picture is not
  stretched.

A screenshot of every widget at every layout is kept under
test-artifacts/browser/, to be looked at.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.views.sizes import SIZES

from .labserver import KERNEL_IDLE, LabServer, stripped_copy
from .pictures import assert_same_picture, png_image

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
    Case("projector-fig55", 'ab.figure_vs_algorithm(editions, size="projector", start="e")', "projector", "fig55"),
    # 14 leaves cannot be shown at 14 pixels in 600: this one scrolls, and stays legible.
    Case("projector-wide-tree", 'ab.stepper(ab.alphabeta(ab.examples.WIKIPEDIA), size="projector")', "projector",
         "stepper", may_scroll=True),
    Case("side-by-side", 'ab.side_by_side(ab.listing("alphabeta", edition=3), ab.listing("alphabeta", edition=4))',
         "screen", "listing"),
]

ROOTS = {"stepper": ".ab-stepper", "fig55": ".ab-fig55", "listing": ".ab-side-by-side"}


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
        // At either end of the track its handle sticks out by half its width, in plain sight (nothing clips it).
        if (el.closest('.slider-container') && getComputedStyle(el).overflowX === 'visible') continue;
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
            overflowing.push({part: name(el), scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
                              picture: el.classList.contains('ab-picture') || el.classList.contains('ab-fig55-side')});
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
        algorithmTitle: (root.querySelector('.ab-algorithm-title') || {innerText: ''}).innerText.replace(/\s+/g, ' '),
    };
}
"""

IMAGE_BYTES = """
async (img) => {
    const buffer = await (await fetch(img.src)).arrayBuffer();
    let text = '';
    for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
    return btoa(text);
}
"""


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
    if case.may_scroll:
        scrolls = any(o["picture"] for o in m["overflowing"])
        px = text_px(m["images"][0], case.size)
        if scrolls and px > case.legible + 0.5:
            problems.append(f"{where}: the picture scrolls although it could still shrink (text at {px:.1f} px)")
    if case.kind == "stepper":
        problems += check_stepper(m, where)
    if case.kind == "fig55":
        problems += check_fig55(m, where)
    return problems


def check_stepper(m: dict, where: str) -> list[str]:
    problems = []
    picture, side = m["picture"], m["side"]
    beside = side["left"] >= picture["right"] - 1 and side["top"] < picture["bottom"]
    below = side["top"] >= picture["bottom"] - 1
    if not (beside or below):
        problems.append(f"{where}: the listing {side} overlaps the picture {picture}")
    # The sentence is written once: above the picture, and not in it (the pixel check shows the picture has none).
    sentence = m["explanation"]
    if not sentence.startswith("Step "):
        problems.append(f"{where}: no sentence above the picture (read {sentence!r})")
    elif m["text"].count(sentence) != 1:
        problems.append(f"{where}: the sentence {sentence!r} appears {m['text'].count(sentence)} times")
    # Once the search is done, the best line of play is written between them (hidden before: a box of zeros).
    gap = picture["top"] - max(m["explanationBox"]["bottom"], m["bestPlayBox"]["bottom"])
    if gap > 12:
        problems.append(f"{where}: a blank band of {gap:.0f} px between the sentence and the picture")
    image = m["images"][0]["box"]
    if image["top"] - picture["top"] > 2:
        problems.append(f"{where}: a blank band of {image['top'] - picture['top']:.0f} px above the picture")
    return problems


def check_fig55(m: dict, where: str) -> list[str]:
    problems = []
    figure, algorithm = m["figure"], m["algorithm"]
    beside = algorithm["left"] >= figure["right"] - 1
    below = algorithm["top"] >= figure["bottom"] - 1
    if not (beside or below):
        problems.append(f"{where}: the two drawings overlap: {figure} and {algorithm}")
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


def test_widgets_fit_every_layout(lab_server: LabServer, page: Page, snapshot: Callable[[str], Path]) -> None:
    stripped_copy(notebook(), lab_server.root / "layout.ipynb")
    open_and_run(page, lab_server, "layout.ipynb")
    widgets = roots(page)

    # The pictures are abteach's own, drawn without a caption: the sentence is written once, above them.
    for case in CASES:
        if case.kind != "stepper":
            continue
        img = widgets[case.name].locator("img.ab-image").first
        shown = png_image(base64.b64decode(img.evaluate(IMAGE_BYTES)))
        want = expected_widget(case)
        assert want.draw_options["caption"] is False  # type: ignore[attr-defined]
        # Drawn at the size's own resolution, every label in (not an overview of a huge tree).
        canvas_width = want.draw_options["canvas"][0]  # type: ignore[attr-defined]
        assert abs(png_image(want.picture_png(0)).width - canvas_width * SIZES[case.size].dpi) <= 1  # type: ignore[attr-defined]
        assert_same_picture(shown, png_image(want.picture_png(0)), f"{case.name} step 0")  # type: ignore[attr-defined]

    problems: list[str] = []
    placement: dict[tuple[str, str], str] = {}
    for width, height, sidebar in LAYOUTS:
        layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, width, height, sidebar)
        for case in CASES:
            root = widgets[case.name]
            root.evaluate("el => el.scrollIntoView({block: 'start'})")
            m = page.evaluate(MEASURE, [root.element_handle(), case.kind])
            problems += check(case, m, layout)
            if case.kind == "stepper":
                placement[(case.name, layout)] = ("below" if m["side"]["top"] >= m["picture"]["bottom"] - 1
                                                  else "beside")
            if case.kind == "fig55":
                placement[(case.name, layout)] = ("below" if m["algorithm"]["top"] >= m["figure"]["bottom"] - 1
                                                  else "beside")
            # What the room sees: the widget's top, then, if it is taller than the window, its bottom.
            snapshot(f"{layout}-{case.name}-top")
            if m["root"]["height"] > height - 200:
                root.evaluate("el => el.scrollIntoView({block: 'end'})")
                snapshot(f"{layout}-{case.name}-bottom")
    # Narrow: the listing (the second drawing) moves below; wide: beside.
    for name in ("projector-stepper", "screen-stepper", "projector-fig55"):
        if placement[(name, "1024x768-sidebar")] != "below":
            problems.append(f"{name}: at 1024×768 with the file browser open, the listing is not below the picture")
        if placement[(name, "1400x900-no-sidebar")] != "beside":
            problems.append(f"{name}: at 1400×900 with the file browser closed, the listing is not beside the picture")
    assert not problems, f"{len(problems)} layout problems:\n  " + "\n  ".join(problems)


def test_the_measurements_catch_a_cut_off_widget(lab_server: LabServer, page: Page) -> None:
    """The checks above can fail: a stepper squeezed into 300 pixels is cut off; one let shrink is illegible."""
    code = ("import abteach as ab, ipywidgets as w\n"
            "squeezed, shrunk = (ab.stepper(ab.alphabeta(ab.examples.FIG_5_2), size='projector') for _ in 'ab')\n"
            "for part in (shrunk.picture, shrunk.image, shrunk.legend, shrunk.side):\n"
            "    part.layout.min_width = '0px'\n"
            "w.VBox([w.Box([s], layout=w.Layout(width='300px', overflow='hidden')) for s in (squeezed, shrunk)])")
    stripped_copy(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)]), lab_server.root / "squeezed.ipynb")
    page.goto(lab_server.notebook_url("squeezed.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    found = page.locator(".jp-OutputArea-output .ab-stepper")
    expect(found.nth(1)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")
    case = Case("squeezed", "", "projector", "stepper")
    squeezed, shrunk = (check(case, page.evaluate(MEASURE, [found.nth(k).element_handle(), "stepper"]), "300px")
                        for k in (0, 1))
    assert any("cut off" in p or "does not fit" in p for p in squeezed), squeezed
    assert any("px tall on screen" in p for p in shrunk), shrunk


RUNNING = [
    # A step deep in MIN-VALUE, the listing's last function: the line that runs is far from the top.
    ("screen", 'ab.stepper(editions)'),
    ("projector", 'ab.stepper(editions, size="projector")'),
]

RUNNING_LINE = r"""
(root) => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const shown = [...root.querySelectorAll('.ab-current-line')].filter(el => el.offsetParent !== null);
    const view = root.closest('.jp-WindowedPanel-outer') || root.closest('.jp-Notebook');
    return {lines: shown.map(box), image: box(root.querySelector('img.ab-image')), view: box(view),
            side: box(root.querySelector('.ab-side')), picture: box(root.querySelector('.ab-picture'))};
}
"""


def test_the_running_line_shows_with_the_tree(lab_server: LabServer, page: Page,
                                              snapshot: Callable[[str], Path]) -> None:
    """At every layout the tree and the pseudocode line that runs fit on screen together.

    Beside the picture the whole listing shows; below it only the function that runs, so the span from
    the picture's top to the running line's bottom is no taller than the notebook's visible height.
    """
    step = 29  # C's cutoff: the last function of the listing runs
    cells = [nbformat.v4.new_code_cell(SETUP)] + [
        nbformat.v4.new_code_cell(f"s = {code}\ns.go({step})\ns") for _, code in RUNNING]
    stripped_copy(nbformat.v4.new_notebook(cells=cells), lab_server.root / "running.ipynb")
    page.goto(lab_server.notebook_url("running.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    steppers = page.locator(".jp-OutputArea-output .ab-stepper")
    expect(steppers.nth(len(RUNNING) - 1)).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")
    line = ab.alphabeta(ab.examples.FIG_5_2).trace.frame(step).line
    number = ab.alphabeta(ab.examples.FIG_5_2).trace.listing.number(line)
    problems, spans = [], {}
    for width, height, sidebar in LAYOUTS:
        layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
        set_layout(page, width, height, sidebar)
        for k, (size, _) in enumerate(RUNNING):
            root = steppers.nth(k)
            expect(root.locator(f".ab-current-line[data-line='{number}']").first).to_be_attached()
            root.locator("img.ab-image").evaluate("el => el.scrollIntoView({block: 'start'})")
            m = page.evaluate(RUNNING_LINE, root.element_handle())
            where = f"{size} stepper at {layout}"
            if len(m["lines"]) != 1:
                problems.append(f"{where}: {len(m['lines'])} running lines shown, not one")
                continue
            current, image, view = m["lines"][0], m["image"], m["view"]
            span = max(current["bottom"], image["bottom"]) - min(current["top"], image["top"])
            spans[where] = (round(span), round(view["bottom"] - view["top"]))
            if span > view["bottom"] - view["top"]:
                problems.append(f"{where}: the picture and the running line span {span:.0f} px, more than the "
                                f"{view['bottom'] - view['top']:.0f} px the notebook shows")
            elif current["bottom"] > view["bottom"] + 1:
                problems.append(f"{where}: with the picture at the top, the running line is off screen "
                                f"({current['bottom']:.0f} > {view['bottom']:.0f})")
            snapshot(f"{layout}-{size}-running-line")
    print("picture + running line, px (span, visible):", spans)
    assert not problems, "\n  ".join(problems)


# Lecture 10's cell: an MCTS tree of tic-tac-toe boards is too wide to label, so the stepper shows an overview,
# which may shrink as far as it likes; it must still not be squeezed to a sliver by the pseudocode beside it.
OVERVIEW = Case("projector-mcts-overview",
                'ab.stepper(ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=30, seed=1), size="projector")',
                "projector", "stepper", overview=True)
NARROW_LAYOUTS = [(1024, 768, True), (1400, 900, True), (1400, 900, False)]
#: The least share of its output area's width a picture gets, unless it is narrower than that itself.
PICTURE_SHARE = 0.4
#: The least width of a block of text beside or under the picture, in CSS pixels: a few words a line.
TEXT_LEAST_PX = 240

#: The least a legend is scaled on screen: its words are drawn small already.
LEGEND_LEAST_SCALE = 0.75

TEXT_BOXES = r"""
(root) => [...root.querySelectorAll('.ab-note, .ab-side, .ab-explanation, img.ab-legend, img.ab-legend-below')]
    .filter(el => el.offsetParent !== null)
    .map(el => ({part: [...el.classList].filter(c => c.startsWith('ab-')).join(' '),
                 width: el.getBoundingClientRect().width, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth,
                 natural: el.tagName === 'IMG' ? el.naturalWidth : null}))
"""


def check_shares(m: dict, texts: list[dict], where: str) -> list[str]:
    """The picture has a fair share of the width, and no text beside or under it is squeezed or cut."""
    problems = []
    image, area = m["images"][0], m["area"]
    least = min(image["natural"][0], PICTURE_SHARE * area["width"])
    if image["box"]["width"] < least - 1:
        problems.append(f"{where}: the picture is {image['box']['width']:.0f} px wide, under {least:.0f} "
                        f"({PICTURE_SHARE:.0%} of the {area['width']:.0f} px output area, or its own width)")
    for t in texts:
        if t["natural"] is not None:
            if t["width"] < LEGEND_LEAST_SCALE * t["natural"] - 1:
                problems.append(f"{where}: the legend {t['part']} is shrunk to {t['width']:.0f} px from its "
                                f"{t['natural']}")
            continue
        if t["width"] < min(TEXT_LEAST_PX, area["width"]) - 1:
            problems.append(f"{where}: the text {t['part']} is squeezed to {t['width']:.0f} px")
        if t["scrollWidth"] > t["clientWidth"] + 1:
            problems.append(f"{where}: the text {t['part']} is cut off ({t['scrollWidth']} > {t['clientWidth']})")
    return problems


def test_an_overview_stepper_fits_a_narrow_notebook(lab_server: LabServer, page: Page,
                                                    snapshot: Callable[[str], Path]) -> None:
    """Lecture 10's MCTS stepper at 1024×768 and 1400×900 with the file browser open: picture and text both show.

    Its overview has no text to keep legible, so nothing stopped the pseudocode beside it from taking all but
    a few pixels; the listing must move below it instead, as every stepper's does when the two do not fit.
    """
    cells = [nbformat.v4.new_code_cell("import abteach as ab"), nbformat.v4.new_code_cell(OVERVIEW.code)]
    stripped_copy(nbformat.v4.new_notebook(cells=cells), lab_server.root / "overview.ipynb")
    page.goto(lab_server.notebook_url("overview.ipynb"))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .ab-stepper").first
    expect(root).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
                           ".every(img => img.complete && img.naturalWidth > 0)")
    problems: list[str] = []
    # The first step, as the lecture opens, and the last, where the whole grown tree shows.
    for step in ("first", "last"):
        if step == "last":
            image = root.locator("img.ab-image")
            first_src = image.get_attribute("src")
            root.locator("button.ab-last").click()
            page.wait_for_function("([img, before]) => img.getAttribute('src') !== before && img.complete",
                                   arg=[image.element_handle(), first_src])
        for width, height, sidebar in NARROW_LAYOUTS:
            layout = f"{width}x{height}-{'sidebar' if sidebar else 'no-sidebar'}"
            set_layout(page, width, height, sidebar)
            root.evaluate("el => el.scrollIntoView({block: 'start'})")
            m = page.evaluate(MEASURE, [root.element_handle(), "stepper"])
            texts = page.evaluate(TEXT_BOXES, root.element_handle())
            where = f"{OVERVIEW.name} at its {step} step at {layout}"
            problems += check(OVERVIEW, m, layout=f"its {step} step at {layout}") + check_shares(m, texts, where)
            snapshot(f"{layout}-{OVERVIEW.name}-{step}-step")
    assert not problems, f"{len(problems)} layout problems:\n  " + "\n  ".join(problems)
