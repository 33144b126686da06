"""How long the stepper takes in the browser, from a key press to the painted step; what an offline page weighs.

    python benchmarks/stepper_latency.py [--clicks N] [--pause S]            # lecture 04's tree, three conditions
    python benchmarks/stepper_latency.py --lectures [notebooks/NN-*.ipynb ...]  # every lecture's steppers
    python benchmarks/stepper_latency.py --pages DIR                           # weigh `make html` / `make slides`

**Default**: the stepper (``ab.stepper``: the page draws each step from data sent once) on lecture 04's tree
(the Wikipedia tree, 134 steps of alpha-beta), in one notebook of one JupyterLab.  For each of three
conditions, a quiet machine, load 4 (four busy processes started here) and a kernel running a long cell
(``time.sleep(30)`` in another cell), it steps the stepper forward ``N`` times, ``--pause`` apart, and prints
the median and 90th percentile from the keydown (ArrowRight) to the next animation frame after its SVG shows
the new step.  On the quiet machine it also reads the CPU time the kernel process and the server process
spend over those steps, a stepper of an 11,488-step search (``ab.alphabeta(ab.random_tree(6, 5, seed=0))``)
is opened (run to painted, in the page) and stepped too, and before the server starts it weighs the frame
data a page carries per search (JSON, and gzipped).  The PNG stepper it replaced is gone; its figures, measured
by this script before, are in the README beside these (:data:`BEFORE`).

**Lectures** (``--lectures``): a private JupyterLab (the browser tests' own, ``tests/browser/labserver.py``) runs
each lecture in headless Chromium at 1024×768 with the file browser open.  For every stepper (``.abs-root``) it
presses → ``N`` times, a lecturer's pause apart (``--pause``), and End once, and times each press in the page.

**Pages** (``--pages DIR``): the lectures as ``make html`` and ``make slides`` wrote them into ``DIR/html`` and
``DIR/slides`` (every step of every stepper kept): each page's bytes, gzipped, and the part that is the
steppers' (their data and the module, inlined once a page), per lecture and for the course, beside the figures
of the PNG copies they replaced (at most 60 steps a stepper).

Targets: the stepper's p90 under one display frame, :data:`FRAME_MS`.  The figures depend on the machine's load;
run it on a quiet machine, and read the load average it prints with them.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import nbformat
import psutil  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the browser tests' server, tests/browser/labserver.py

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tests.browser.labserver import (CHROMIUM, CHROMIUM_ARGS, KERNEL_IDLE, OUTSIDE, start_server,  # noqa: E402
                                     stop_server, stripped_copy)

#: The stepper's target: a step painted within one display frame at 60 Hz.
FRAME_MS = 1000 / 60
#: The offline pages of the PNG stepper this one replaced (at most 60 steps a stepper), as measured before:
#: the lightest and heaviest lecture and the course, in MB.
BEFORE = {"lightest lecture": 0.35, "heaviest lecture": 8.1, "course": 35.0}

LECTURES = sorted((HERE.parent / "notebooks").glob("[01][0-9]-*.ipynb"))

# Press ``key`` on the browser stepper and resolve with the milliseconds from the keydown to the first animation
# frame after its root says it shows another step (-1 if it did not within 5 s).
KEY = r"""
async ([root, key]) => {
    const before = root.dataset.step;
    const painted = new Promise((done) => {
        const seen = new MutationObserver(() => {
            if (root.dataset.step !== before) {
                seen.disconnect();
                requestAnimationFrame(() => done(performance.now()));
            }
        });
        seen.observe(root, {attributes: true, attributeFilter: ['data-step']});
        setTimeout(() => { seen.disconnect(); done(-1); }, 5000);
    });
    const start = performance.now();
    root.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
    const end = await painted;
    return end < 0 ? -1 : end - start;
}
"""


# Before the big stepper's cell runs: note, in the page, when each message from the kernel arrives (with the
# time the kernel made it, its header's date) and when the cell's output first holds the stepper's SVG text,
# and the animation frame after; all in epoch milliseconds, the kernel's and the page's clocks being one here.
TIMELINE = r"""
(index) => {
    const log = [];
    const kernel = window.jupyterapp.shell.currentWidget.context.sessionContext.session.kernel;
    const note = (_, {direction, msg}) => {
        if (direction === 'recv') log.push({at: Date.now(), type: msg.header.msg_type,
                                            made: Date.parse(msg.header.date),
                                            bytes: msg.content && msg.content.data && msg.content.data.state
                                            ? JSON.stringify(msg.content.data.state).length : 0});
    };
    kernel.anyMessage.connect(note);
    const cell = window.jupyterapp.shell.currentWidget.content.widgets[index].node;
    const seen = new MutationObserver(() => {
        if (cell.querySelector('.jp-OutputArea-output .abs-root svg text')) {
            seen.disconnect();
            log.push({at: Date.now(), type: 'svg in the page'});
            requestAnimationFrame(() => log.push({at: Date.now(), type: 'next frame'}));
        }
    });
    seen.observe(cell, {childList: true, subtree: true});
    window.__absTimeline = () => { kernel.anyMessage.disconnect(note); seen.disconnect(); return log; };
}
"""


def open_big(page: Page, process: subprocess.Popen[bytes], server: Any, index: int) -> tuple[float, float, Any]:
    """Run the big stepper's cell ``index``; print where the time from the run to the painted SVG went, by
    the wall clock: in the kernel (search, stepper data and sending it, the fallback PNG), on the way and in
    the page.  Return the seconds from run to painted (by the page's clock), the kernel's CPU seconds, and
    the stepper's root."""
    wait_idle(page)
    kernel = kernel_process(process)
    k0 = cpu(kernel)
    page.evaluate(TIMELINE, index)
    start = time.time()
    run_cell(page, index, wait=False)
    big = page.locator(".jp-Notebook .jp-Cell").nth(index).locator(".jp-OutputArea-output .abs-root")
    expect(big.locator("svg text").first).to_be_attached()
    polled = time.time() - start
    wait_idle(page)
    kernel_total = cpu(kernel) - k0
    parts = json.loads((server.root / "big_times.json").read_text())
    log = page.evaluate("window.__absTimeline()")
    ms = lambda t: f"{1000 * (t - start):8.0f}"  # noqa: E731
    first = lambda kind: next(e for e in log if e["type"] == kind)  # noqa: E731
    state = max((e for e in log if e["type"] == "comm_open"), key=lambda e: e["bytes"])
    result, svg, frame = first("execute_result"), first("svg in the page"), first("next frame")
    w0, w1, w2 = parts["wall"]
    print(f"\nthe 11,488-step stepper's cell, wall ms from run (load average {os.getloadavg()[0]:.1f}):")
    for what, t in (("kernel starts the cell", w0), ("search done", w1),
                    (f"stepper made, its state ({state['bytes'] / 1e6:.1f} MB) sent", w2),
                    ("  ... the state arrives in the page", state["at"] / 1000),
                    ("kernel starts displaying it (the fallback PNG)", result["made"] / 1000),
                    ("  ... the display arrives in the page", result["at"] / 1000),
                    ("the SVG is in the page", svg["at"] / 1000), ("the next frame", frame["at"] / 1000)):
        print(f"  {what:<52} {ms(t)}")
    shown = kernel_total - parts["search"] - parts["stepper"]
    print(f"  kernel CPU s: search {parts['search']:.3f}, stepper (data, sent) {parts['stepper']:.3f}, shown (PNG) "
          f"{shown:.3f}, all {kernel_total:.3f}; the page's part (display arrives to next frame) "
          f"{frame['at'] - result['at']:.0f} ms")
    # Read by the page's own clock: Playwright's expect polls ever more slowly (up to a second apart), so the
    # moment it saw the SVG can be most of a second late.
    opened = frame["at"] / 1000 - start
    print(f"  run to painted {opened:.2f} s (Playwright's expect saw it at {polled:.2f} s)")
    return opened, kernel_total, big


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100), by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def run_lecture(page: Page, server_url: str, clicks: int, pause: float) -> list[tuple[int, list[float], float]]:
    """(stepper index, forward-press times, End time) for every stepper of the open lecture."""
    page.goto(server_url)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.wait_for_timeout(2000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    out = []
    steppers = page.locator(".jp-OutputArea-output .abs-root")
    for k in range(steppers.count()):
        root = steppers.nth(k)
        root.scroll_into_view_if_needed()
        handle = root.element_handle()
        page.evaluate(KEY, [handle, "Home"])
        times = []
        for _ in range(clicks):
            page.wait_for_timeout(pause * 1000)
            times.append(page.evaluate(KEY, [handle, "ArrowRight"]))
        page.evaluate(KEY, [handle, "Home"])
        page.wait_for_timeout(pause * 1000)
        last = page.evaluate(KEY, [handle, "End"])
        times = [t for t in times if t >= 0]
        out.append((k, times, last))
    return out


# -- side by side ---------------------------------------------------------------------------------------------

#: The side-by-side notebook: lecture 04's tree at the lecture's size, both steppers, a long cell, a long search.
SETUP = ("import time\nimport abteach as ab\nab.use_size('projector')\n"
         "r = ab.alphabeta(ab.examples.WIKIPEDIA)")
#: The big stepper's cell notes the kernel's CPU time for the search and for the stepper (its frame data made
#: and its state sent to the page) in a file beside the notebook; showing it (the fallback PNG) comes after.
BIG = ("import json as _json\nw0, c0 = time.time(), time.process_time()\n"
       "big_r = ab.alphabeta(ab.random_tree(6, 5, seed=0))\nw1, c1 = time.time(), time.process_time()\n"
       "big = ab.stepper(big_r)\nw2, c2 = time.time(), time.process_time()\n"
       "open('big_times.json', 'w').write(_json.dumps({'search': c1 - c0, 'stepper': c2 - c1, "
       "'wall': [w0, w1, w2]}))\nbig")
CELLS = [SETUP, "svg = ab.stepper(r)\nsvg", "time.sleep(30)", BIG]
LONG_CELL, BIG_CELL = 2, 3
BUSY = ".jp-StatusBar-TextItem"


@dataclass
class Timed:
    """Step times in milliseconds (-1: not painted within 5 s), and CPU seconds spent meanwhile."""

    times: list[float]
    kernel_cpu: float = 0.0
    server_cpu: float = 0.0

    @property
    def painted(self) -> list[float]:
        return [t for t in self.times if t >= 0]

    def row(self, label: str, condition: str) -> str:
        ok = self.painted
        p50 = f"{statistics.median(ok):7.1f}" if ok else "      –"
        p90 = f"{percentile(ok, 90):7.1f}" if ok else "      –"
        worst = f"{max(ok):7.1f}" if ok else "      –"
        return f"{label:<28} {condition:<19} {p50} {p90} {worst} {len(ok):>4}/{len(self.times):<3}"


def cpu(process: psutil.Process) -> float:
    t = process.cpu_times()
    return t.user + t.system


def kernel_process(server: subprocess.Popen[bytes]) -> psutil.Process:
    """The one kernel the server runs (the notebook's)."""
    kernels = [p for p in psutil.Process(server.pid).children(recursive=True)
               if any("ipykernel" in part for part in p.cmdline())]
    if len(kernels) != 1:
        raise RuntimeError(f"expected one kernel under the server, found {len(kernels)}")
    return kernels[0]


@contextmanager
def busy(n: int) -> Iterator[None]:
    """``n`` processes spinning on the CPU: a load average of about ``n`` more."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]
    try:
        time.sleep(5)  # the scheduler's share settles
        yield
    finally:
        for p in spinners:
            p.terminate()
        for p in spinners:
            p.wait(timeout=10)


@contextmanager
def lab(args: argparse.Namespace) -> Iterator[tuple[Page, subprocess.Popen[bytes], Any, Path]]:
    """A private JupyterLab and a headless Chromium page of ``args.width`` × ``args.height`` with every outside
    request refused: (page, server process, server, the server's base folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "root").mkdir()
        process, server = start_server(base / "root", base, base / "lab.log")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.route(OUTSIDE, lambda route: route.abort())
                page.set_default_timeout(300_000)
                expect.set_options(timeout=300_000)
                yield page, process, server, base
                browser.close()
        finally:
            stop_server(process, server)


def run_cell(page: Page, index: int, wait: bool = True) -> None:
    """Run cell ``index``; with ``wait``, return once it has run (the command's promise), else at once."""
    page.evaluate("""async ([i, wait]) => {
        const nb = window.jupyterapp.shell.currentWidget.content;
        nb.activeCellIndex = i;
        nb.mode = 'command';
        const ran = window.jupyterapp.commands.execute('notebook:run-cell');
        if (wait) await ran;
    }""", [index, wait])


def wait_idle(page: Page) -> None:
    expect(page.locator(BUSY, has_text=KERNEL_IDLE).first).to_be_visible()


def kernel_busy(page: Page) -> bool:
    return page.locator(BUSY, has_text="Busy").count() > 0


def step_browser(page: Page, root: Any, presses: int, pause: float, while_busy: bool = False) -> list[float]:
    """Press ArrowRight on the stepper ``presses`` times; ``while_busy``: only while the kernel is busy."""
    handle = root.element_handle()
    page.evaluate(KEY, [handle, "Home"])
    times: list[float] = []
    for _ in range(presses):
        page.wait_for_timeout(pause * 1000)
        if while_busy and not kernel_busy(page):
            break
        times.append(page.evaluate(KEY, [handle, "ArrowRight"]))
    return times


def measured(page: Page, server: subprocess.Popen[bytes], step: Any, root: Any, presses: int,
             pause: float, while_busy: bool = False) -> Timed:
    """Step ``root`` and read the kernel's and the server's CPU time over the steps (and 2 s after, for
    anything the steps set off)."""
    kernel, lab = kernel_process(server), psutil.Process(server.pid)
    k0, s0 = cpu(kernel), cpu(lab)
    times = step(page, root, presses, pause, while_busy)
    page.wait_for_timeout(2000)
    return Timed(times, cpu(kernel) - k0, cpu(lab) - s0)


def weights() -> list[tuple[str, int, int, str]]:
    """(what, bytes, gzipped bytes, how long it took to make, in CPU seconds) of the frame data a page carries
    per search."""
    import abteach as ab
    from abteach.games.trees import collector_paused
    from abteach.views.frame_data import data_json, frame_data

    ab.use_size("projector")
    searches = {"lecture 04 (134 steps)": ab.alphabeta(ab.examples.WIKIPEDIA).trace,
                "random_tree(6, 5) (11,488 steps)": ab.alphabeta(ab.random_tree(6, 5, seed=0)).trace}
    out = []
    for name, trace in searches.items():
        t = time.process_time()
        with collector_paused():  # as the stepper makes it
            text = data_json(frame_data(trace)).encode()
        out.append((f"{name}: frame data, every step", len(text), len(gzip.compress(text)),
                    f"{time.process_time() - t:.2f} s CPU"))
    return out


def open_parts(repeat: int = 5) -> dict[str, float]:
    """CPU seconds of each part of opening the big stepper in this process, best of ``repeat``: the search,
    its frame data, the data as JSON text, the whole stepper (data and widget), the fallback PNG."""
    import abteach as ab
    from abteach.games.trees import collector_paused
    from abteach.views.frame_data import data_json, frame_data

    ab.use_size("projector")
    best: dict[str, float] = {}

    def timed(name: str, make: Any) -> Any:
        t = time.process_time()
        out = make()
        best[name] = min(best.get(name, float("inf")), time.process_time() - t)
        return out

    for _ in range(repeat):
        r = timed("search", lambda: ab.alphabeta(ab.random_tree(6, 5, seed=0)))
        with collector_paused():
            data = timed("frame data", lambda: frame_data(r.trace))
        timed("JSON", lambda: data_json(data))
        s = timed("stepper", lambda: ab.stepper(r))
        timed("fallback PNG", lambda: s.picture_png())
    return best


#: An exported stepper's place and data, and the module a page inlines once (abteach.widgets.offline).
_STEPPER_PARTS = re.compile(r'<div class=["\']abs-offline["\'].*?</script></div>|<script type="module">\n.*?</script>',
                            re.DOTALL)


def pages(folder: Path) -> None:
    """Print what each exported lecture weighs, and the part of it that is its steppers'."""
    print(f"{'page':<44} {'MB':>6} {'gzipped':>8} {'steppers':>9} {'their KB':>9}")
    totals: dict[str, int] = {}
    for kind, pattern in (("html", "[0-9][0-9]-*.html"), ("slides", "[0-9][0-9]-*.slides.html")):
        for path in sorted((folder / kind).glob(pattern)):
            text = path.read_text(encoding="utf-8")
            data = text.encode("utf-8")
            parts = _STEPPER_PARTS.findall(text)
            steppers = sum(1 for p in parts if "abs-offline" in p[:40])
            own = sum(len(p.encode("utf-8")) for p in parts)
            totals[kind] = totals.get(kind, 0) + len(data)
            print(f"{kind + '/' + path.name:<44} {len(data) / 1e6:>6.2f} {len(gzip.compress(data)) / 1e6:>8.2f} "
                  f"{steppers:>9} {own / 1e3:>9.0f}")
    for kind, total in totals.items():
        print(f"the course's {kind} pages, every step of every stepper: {total / 1e6:.1f} MB")
    print("before, with PNG copies of at most 60 steps a stepper: " + ", ".join(
        f"{what} {mb} MB" for what, mb in BEFORE.items()))


def side_by_side(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; weighing the data ...", flush=True)
    print(f"\n{'what a page carries per search':<62} {'bytes':>10} {'gzipped':>9}  made in")
    for what, size, packed, took in weights():
        print(f"{what:<62} {size:>10,} {packed:>9,}  {took}", flush=True)
    parts = open_parts()
    print("\nthe 11,488-step stepper in this process, CPU s, best of 5: "
          + ", ".join(f"{k} {v:.3f}" for k, v in parts.items())
          + f"; search + stepper + PNG {parts['search'] + parts['stepper'] + parts['fallback PNG']:.3f} "
          f"(load average {os.getloadavg()[0]:.1f})", flush=True)
    with lab(args) as (page, process, server, base):
        compare(page, process, server, args, base / "jupyterlab_settings_dir")


def compare(page: Page, process: subprocess.Popen[bytes], server: Any, args: argparse.Namespace,
            settings_dir: Path) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    stripped_copy(nb, server.root / "side_by_side.ipynb")
    page.goto(server.notebook_url("side_by_side.ipynb"))
    wait_idle(page)
    for i in (0, 1):
        run_cell(page, i)
    svg = page.locator(".jp-OutputArea-output .abs-root").first
    expect(svg.locator("svg text").first).to_be_attached()
    wait_idle(page)
    print(f"\n{args.width}x{args.height}; {args.clicks} steps, {args.pause} s apart; keydown to the frame after "
          "the SVG changes")
    print(f"{'stepper':<28} {'condition':<19} {'p50':>7} {'p90':>7} {'worst':>7} {'painted':>8}  (ms)")
    results: dict[tuple[str, str], Timed] = {}

    def both(condition: str) -> None:
        for label, step, root in (("stepper (page)", step_browser, svg),):
            root.scroll_into_view_if_needed()
            long = condition.startswith("long")
            if long:  # a cell of its own for each stepper, so each is stepped while the kernel is busy
                run_cell(page, LONG_CELL, wait=False)
                expect(page.locator(BUSY, has_text="Busy").first).to_be_visible()
            timed = measured(page, process, step, root, args.clicks, args.pause, while_busy=long)
            results[(label, condition)] = timed
            # Presses made while the cell ran; one unanswered waits 5 s, so fewer fit in its 30 s.
            print(timed.row(label, condition) + ("  (presses while it ran)" if long else ""), flush=True)
            if long:
                wait_idle(page)

    both("quiet")
    with busy(4):
        both("4 busy")
        print(f"{'':<28} (4 busy: load average {os.getloadavg()[0]:.1f} at the end)")
    both("long cell")

    # Subshells off (JupyterLab's "Kernel Comms over subshells" setting): the kernel's one shell answers widget
    # messages only between cells.  The stepper sends none to step, so it should not matter; measure it.
    settings = settings_dir / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "kernels-settings.jupyterlab-settings").write_text(json.dumps({"commsOverSubshells": "disabled"}))
    page.reload()
    wait_idle(page)
    assert page.evaluate("async () => (await window.jupyterapp.serviceManager.settings.fetch("
                         "'@jupyterlab/apputils-extension:kernels-settings')).settings.commsOverSubshells"
                         ) == "disabled", "the subshell setting did not take"
    for i in (0, 1):
        run_cell(page, i)
    svg = page.locator(".jp-OutputArea-output .abs-root").first
    expect(svg.locator("svg text").first).to_be_attached()
    wait_idle(page)
    both("long, no subshells")

    # The browser stepper of a search of 11,488 steps: run to painted, then stepped.
    opened, kernel_total, big = open_big(page, process, server, BIG_CELL)
    parts = json.loads((server.root / "big_times.json").read_text())
    big.scroll_into_view_if_needed()
    timed = measured(page, process, step_browser, big, args.clicks, args.pause)
    print(timed.row("browser, 11,488 steps", "quiet"), flush=True)
    print(f"\nthe 11,488-step browser stepper: from running its cell to its SVG in the page, {opened:.2f} s "
          "(searching, building its data, sending it, drawing step 0)")
    shown = kernel_total - parts["search"] - parts["stepper"]
    print(f"{'kernel CPU s: search':>24} {'stepper (data, sent)':>21} {'shown (PNG)':>12} {'kernel, all':>12} "
          f"{'page: run to painted, wall s':>29}")
    print(f"{parts['search']:>24.3f} {parts['stepper']:>21.3f} {shown:>12.3f} {kernel_total:>12.3f} {opened:>29.2f}"
          f"   (load average {os.getloadavg()[0]:.1f})")

    print(f"\nCPU time per step over {args.clicks} steps on the quiet machine (2 s after the last included):")
    print(f"{'stepper':<28} {'kernel ms/step':>15} {'server ms/step':>15}")
    for label in ("stepper (page)",):
        t = results[(label, "quiet")]
        print(f"{label:<28} {1000 * t.kernel_cpu / args.clicks:>15.2f} {1000 * t.server_cpu / args.clicks:>15.2f}")
    print(f"{'browser, 11,488 steps':<28} {1000 * timed.kernel_cpu / args.clicks:>15.2f} "
          f"{1000 * timed.server_cpu / args.clicks:>15.2f}")
    server.forget_kernels()


def opening(args: argparse.Namespace) -> None:
    """Only the big stepper's opening, ``args.open`` times in one notebook (after one that warms the kernel
    up), each timed by :func:`open_big`."""
    with lab(args) as (page, process, server, _):
        cells = [SETUP, "ab.stepper(r)"] + [BIG] * args.open
        stripped_copy(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]),
                      server.root / "opening.ipynb")
        page.goto(server.notebook_url("opening.ipynb"))
        wait_idle(page)
        for i in (0, 1):
            run_cell(page, i)
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        runs = [open_big(page, process, server, i)[:2] for i in range(2, len(cells))]
        print("\nrun to painted, wall s: " + ", ".join(f"{o:.2f}" for o, _ in runs)
              + "; kernel CPU s: " + ", ".join(f"{k:.3f}" for _, k in runs))
        server.forget_kernels()


def lectures(args: argparse.Namespace) -> None:
    with lab(args) as (page, _, server, base):
        print(f"load average {os.getloadavg()[0]:.1f}; {args.width}x{args.height}; "
              f"{args.clicks} presses of → a stepper, {args.pause} s apart, then End")
        print(f"{'lecture':<36} {'#':>2} {'p50':>6} {'p90':>6} {'worst':>6} {'last':>6}  (ms)")
        for nb in args.notebooks or LECTURES:
            stripped_copy(nbformat.read(nb, as_version=4), base / "root" / nb.name)
            for k, times, last in run_lecture(page, server.notebook_url(nb.name), args.clicks, args.pause):
                if not times:
                    continue
                worst = max(times + [last])
                flag = "" if percentile(times, 90) < FRAME_MS else "  over target"
                print(f"{nb.stem:<36} {k:>2} {statistics.median(times):>6.0f} {percentile(times, 90):>6.0f} "
                      f"{worst:>6.0f} {last:>6.0f}{flag}", flush=True)
            server.forget_kernels()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="with --lectures: the lectures to run (all)")
    parser.add_argument("--lectures", action="store_true", help="every lecture's steppers")
    parser.add_argument("--pages", type=Path, metavar="DIR", help="weigh the exported pages in DIR/html and DIR/slides")
    parser.add_argument("--open", type=int, default=0, metavar="N",
                        help="only open the 11,488-step stepper N times, with where its time goes")
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between two clicks")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    args = parser.parse_args()
    if args.clicks < 2:
        parser.error(f"--clicks must be 2 or more, not {args.clicks}")
    if args.notebooks and not args.lectures:
        parser.error("notebooks are given with --lectures")
    if args.pages is not None:
        pages(args.pages)
    elif args.lectures:
        lectures(args)
    elif args.open:
        opening(args)
    else:
        side_by_side(args)


if __name__ == "__main__":
    main()
