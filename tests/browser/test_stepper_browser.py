"""The stepper in a real JupyterLab: each press shows the frame, pseudocode line and sentence the trace records.

The expected values come from the trace computed here, in the test process;
the browser shows what the kernel sent.  Agreement means the widget, its
kernel callbacks and the browser-side links (Play -> slider) all work.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import nbformat
import pytest
from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.views.export import frame_png
from abteach.widgets.stepper import frame_options

from .labserver import KERNEL_IDLE, ROOT, LabServer, chosen_size, stripped_copy
from .pictures import assert_same_picture, png_image

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

LECTURE = ROOT / "notebooks" / "02-alpha-beta.ipynb"
STEP_TIMEOUT_MS = 30_000
# Play must get this many steps past where it started before it is paused.
PLAY_STEPS = 3


@dataclass(frozen=True)
class NotebookCase:
    """A notebook whose first stepper replays alpha-beta on Fig. 5.2, drawn at ``size``.

    ``editions`` are the searches that stepper switches between: its pictures
    share one canvas, so the expected pictures are drawn on the same one.
    """

    name: str
    source: Path | None
    size: str = "screen"
    editions: tuple[int, ...] = (3,)

    def notebook(self) -> nbformat.NotebookNode:
        if self.source is not None:
            return nbformat.read(self.source, as_version=4)
        code = "import abteach as ab\ns = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))\ns"
        return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])


def notebook_cases() -> list[pytest.ParameterSet]:
    # The lecture is what students open, so it is the one to test once it exists;
    # without it, a one-cell notebook exercises the same widget.
    if LECTURE.exists():
        # Its first stepper switches between the two editions.
        case = NotebookCase(LECTURE.name, LECTURE, size=chosen_size(LECTURE), editions=(3, 4))
    else:
        case = NotebookCase("minimal.ipynb", None)
    return [pytest.param(case, id=case.name.removesuffix(".ipynb"))]


@cache
def trace() -> ab.Trace:
    return ab.alphabeta(ab.examples.FIG_5_2).trace


@dataclass(frozen=True)
class Expected:
    step: int
    line: int
    line_text: str
    explanation: str

    @classmethod
    def at(cls, step: int) -> Expected:
        t = trace()
        frame = t.frame(step)
        number = t.listing.number(frame.line)
        return cls(step, number, t.listing.lines[number - 1][1], squash(f"Step {step}. {frame.explanation}"))


@dataclass(frozen=True)
class Shown:
    """What the browser shows, read in one go so the parts belong to the same moment."""

    slider: int | None
    line: int | None
    line_text: str
    explanation: str
    src: str

    def mismatches(self, want: Expected) -> list[str]:
        problems = []
        if self.slider != want.step:
            problems.append(f"slider shows {self.slider}, expected {want.step}")
        if self.line != want.line:
            problems.append(f"highlighted line is {self.line}, expected {want.line}")
        # The row also carries the arrow and the line number; the pseudocode itself must be there.
        if want.line_text.strip() not in self.line_text or "▶" not in self.line_text:
            problems.append(f"highlighted text is {self.line_text!r}, expected it to hold ▶ and {want.line_text.strip()!r}")
        if self.explanation != want.explanation:
            problems.append(f"explanation is {self.explanation!r},\n  expected {want.explanation!r}")
        return problems


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def as_int(text: str | None) -> int | None:
    return int(text) if text is not None and re.fullmatch(r"\s*-?\d+\s*", text) else None


READ_STATE = """
(root) => {
    const readout = root.querySelector('.ab-slider .widget-readout');
    const line = root.querySelector('.ab-current-line');
    // The HTML widget and the markup inside it both carry ab-explanation: the innermost is the sentence.
    const explanations = root.querySelectorAll('.ab-explanation');
    const explanation = explanations.length ? explanations[explanations.length - 1] : null;
    const img = root.querySelector('img.ab-image') || root.querySelector('.ab-image img');
    return {
        slider: readout ? readout.textContent.trim() : null,
        line: line ? line.getAttribute('data-line') : null,
        line_text: line ? line.textContent : '',
        explanation: explanation ? explanation.innerText : '',
        src: img ? img.getAttribute('src') || '' : '',
    };
}
"""

IMAGE_BYTES = """
async (root) => {
    const img = root.querySelector('img.ab-image') || root.querySelector('.ab-image img');
    const buffer = await (await fetch(img.src)).arrayBuffer();
    let text = '';
    for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
    return btoa(text);
}
"""


class StepperView:
    """The first stepper on the page, driven the way a student would."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root: Locator = page.locator(".jp-OutputArea-output .ab-stepper").first

    def button(self, name: str) -> Locator:
        return self.root.locator(f".ab-{name}")

    @property
    def play_button(self) -> Locator:
        # Play has play/pause, stop and repeat buttons; the first toggles playing.
        return self.root.locator(".ab-play button").first

    def read(self) -> Shown:
        raw = self.root.evaluate(READ_STATE)
        return Shown(as_int(raw["slider"]), as_int(raw["line"]), raw["line_text"], squash(raw["explanation"]), raw["src"])

    def slider_max(self) -> float | None:
        value = self.root.locator(".ab-slider .noUi-handle").first.get_attribute("aria-valuemax")
        return float(value) if value else None

    def image(self) -> Image.Image:
        return png_image(base64.b64decode(self.root.evaluate(IMAGE_BYTES)))

    def wait_for(self, step: int, *, not_src: str | None = None) -> Shown:
        """Wait until the browser shows ``step`` as the trace has it, then return what it shows."""
        want = Expected.at(step)
        condition = f"""
        ([root, want, notSrc]) => {{
            const shown = ({READ_STATE})(root);
            return shown.slider === String(want.step) && shown.line === String(want.line)
                && shown.explanation.replace(/\\s+/g, ' ').trim() === want.explanation
                && shown.src !== '' && shown.src !== notSrc;
        }}
        """
        handle = self.root.element_handle()
        arg = [handle, {"step": want.step, "line": want.line, "explanation": want.explanation}, not_src]
        try:
            self.page.wait_for_function(condition, arg=arg, timeout=STEP_TIMEOUT_MS, polling=100)
        except PlaywrightError:
            pass  # reported below, with what the page showed instead
        shown = self.read()
        problems = shown.mismatches(want)
        if not_src is not None and shown.src == not_src:
            problems.append(f"image src is still {not_src!r}: the frame did not change")
        assert not problems, f"after waiting {STEP_TIMEOUT_MS} ms for step {step}:\n  " + "\n  ".join(problems)
        return shown


def expected_image(step: int, case: NotebookCase) -> Image.Image:
    """The picture the stepper must show: no caption (the sentence is above it), on the stepper's canvas."""
    traces = [ab.alphabeta(ab.examples.FIG_5_2, edition=e).trace for e in case.editions]
    return png_image(frame_png(trace(), step, size=case.size, **frame_options(traces, case.size)))


def open_and_run(page: Page, server: LabServer, name: str) -> StepperView:
    page.goto(server.notebook_url(name))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    # The command's promise settles once every cell has replied, so no press waits behind a running cell.
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    view = StepperView(page)
    try:
        expect(view.root).to_be_visible(timeout=STEP_TIMEOUT_MS)
        shown = True
    except AssertionError:
        shown = False
    if not shown:
        # Run All stops at the first error; stderr holds the traceback, which says more than "not found".
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        texts = "\n".join(stderr.all_inner_texts()) or "(no output on stderr)"
        pytest.fail(f"{name} showed no stepper after Run All; its stderr:\n{texts}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    view.root.scroll_into_view_if_needed()
    return view


@pytest.mark.parametrize("case", notebook_cases())
def test_stepper_follows_the_trace(case: NotebookCase, lab_server: LabServer, page: Page,
                                   snapshot: Callable[[str], Path]) -> None:
    stripped_copy(case.notebook(), lab_server.root / case.name)
    view = open_and_run(page, lab_server, case.name)
    last = len(trace().all_frames) - 1
    # Everything below compares with one trace; a stepper over another search would fail confusingly.
    assert view.slider_max() == last, (
        f"the first stepper in {case.name} has {view.slider_max()} as its last step, but "
        f"alpha-beta on Fig. 5.2 has {last}: it must replay ab.alphabeta(ab.examples.FIG_5_2)")

    start = view.wait_for(0)
    snapshot("step-0")
    picture = {0: view.image()}
    assert_same_picture(picture[0], expected_image(0, case), "step 0")

    view.button("forward").click()
    one = view.wait_for(1, not_src=start.src)
    snapshot("forward-step-1")
    picture[1] = view.image()
    assert_same_picture(picture[1], expected_image(1, case), "step 1 after step-forward")

    view.play_button.click()
    page.wait_for_function(
        "([root, target]) => Number(root.querySelector('.ab-slider .widget-readout').textContent) >= target",
        arg=[view.root.element_handle(), 1 + PLAY_STEPS], timeout=STEP_TIMEOUT_MS, polling=50)
    view.play_button.click()
    # Once the button offers "play" again no more ticks can come, so the slider's value is final.
    expect(view.play_button.locator(".fa-play")).to_be_attached()
    played_to = view.read().slider
    assert played_to is not None and 1 + PLAY_STEPS <= played_to < last, f"Play stopped at {played_to}"
    played = view.wait_for(played_to, not_src=one.src)
    snapshot(f"play-step-{played_to}")
    picture[played_to] = view.image()
    assert_same_picture(picture[played_to], expected_image(played_to, case), f"step {played_to} after Play")

    view.button("back").click()
    back = view.wait_for(played_to - 1, not_src=played.src)
    snapshot(f"back-step-{played_to - 1}")
    picture[played_to - 1] = view.image()
    assert_same_picture(picture[played_to - 1], expected_image(played_to - 1, case),
                        f"step {played_to - 1} after step-back")

    # Forward then back again must bring back the very same pictures, not merely new ones.
    view.button("forward").click()
    again = view.wait_for(played_to, not_src=back.src)
    assert_same_picture(view.image(), picture[played_to], f"step {played_to} revisited")
    view.button("back").click()
    view.wait_for(played_to - 1, not_src=again.src)
    assert_same_picture(view.image(), picture[played_to - 1], f"step {played_to - 1} revisited")
    snapshot("done")
