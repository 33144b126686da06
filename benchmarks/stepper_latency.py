"""How long a lecture's stepper takes in the browser, from a click on "step forward" to the new picture.

    python benchmarks/stepper_latency.py [--clicks N] [--width W --height H] [notebooks/NN-*.ipynb ...]

A private JupyterLab (the browser tests' own, ``tests/browser/labserver.py``) runs each lecture in
headless Chromium at 1024×768 with the file browser open.  For every live stepper (``.ab-stepper``) it
clicks "step forward" ``N`` times, a lecturer's pause apart (``--pause``), and "last step" once, and times
each click in the page, from the click
to the moment the new picture is decoded and painted: the round trip to the kernel, the drawing, and the
browser's work together.  It prints, per stepper, the median, the 90th percentile and the worst.

Targets: 90th percentile under :data:`P90_MS`, the worst under :data:`WORST_MS`.  The figures depend on
the machine's load; run it on a quiet machine, and read the load average it prints with them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the browser tests' server, tests/browser/labserver.py

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from tests.browser.labserver import (CHROMIUM, CHROMIUM_ARGS, KERNEL_IDLE, OUTSIDE, start_server,  # noqa: E402
                                     stop_server, stripped_copy)

#: The targets, in milliseconds from click to picture.
P90_MS, WORST_MS = 150.0, 400.0

LECTURES = sorted((HERE.parent / "notebooks").glob("[01][0-9]-*.ipynb"))

# Click ``selector`` in the stepper, and resolve with the milliseconds until its picture has changed,
# been decoded and painted (or -1 if it did not change within 5 s: the last step, for instance).
CLICK = r"""
async ([root, selector]) => {
    const img = root.querySelector('img.ab-image');
    const before = img.getAttribute('src');
    const changed = new Promise((done) => {
        const seen = new MutationObserver(() => {
            if (img.getAttribute('src') !== before) { seen.disconnect(); done(true); }
        });
        seen.observe(img, {attributes: true, attributeFilter: ['src']});
        setTimeout(() => { seen.disconnect(); done(false); }, 5000);
    });
    const start = performance.now();
    root.querySelector(selector).click();
    if (!(await changed)) return -1;
    // A picture replaced again while decoding (its blob revoked) cannot be decoded: the newer one is painted.
    try { await img.decode(); } catch (error) { /* the newer picture is the one shown */ }
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return performance.now() - start;
}
"""


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0–100), by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def run_lecture(page: Page, server_url: str, clicks: int, pause: float) -> list[tuple[int, list[float], float]]:
    """(stepper index, forward-click times, last-step time) for every live stepper of the open lecture."""
    page.goto(server_url)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.wait_for_timeout(2000)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    out = []
    steppers = page.locator(".jp-OutputArea-output .ab-stepper")
    for k in range(steppers.count()):
        root = steppers.nth(k)
        root.scroll_into_view_if_needed()
        handle = root.element_handle()
        times = []
        for _ in range(clicks):
            page.wait_for_timeout(pause * 1000)
            times.append(page.evaluate(CLICK, [handle, ".ab-forward"]))
        page.evaluate(CLICK, [handle, ".ab-first"])
        page.wait_for_timeout(pause * 1000)
        last = page.evaluate(CLICK, [handle, ".ab-last"])
        times = [t for t in times if t >= 0]
        out.append((k, times, last))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, default=LECTURES)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between two clicks")
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    args = parser.parse_args()
    if args.clicks < 2:
        parser.error(f"--clicks must be 2 or more, not {args.clicks}")
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
                print(f"load average {os.getloadavg()[0]:.1f}; {args.width}x{args.height}; "
                      f"{args.clicks} forward clicks a stepper, {args.pause} s apart, then 'last step'")
                print(f"{'lecture':<36} {'#':>2} {'p50':>6} {'p90':>6} {'worst':>6} {'last':>6}  (ms)")
                for nb in args.notebooks:
                    stripped_copy(nbformat.read(nb, as_version=4), base / "root" / nb.name)
                    for k, times, last in run_lecture(page, server.notebook_url(nb.name), args.clicks, args.pause):
                        if not times:
                            continue
                        worst = max(times + [last])
                        flag = "" if percentile(times, 90) < P90_MS and worst < WORST_MS else "  over target"
                        print(f"{nb.stem:<36} {k:>2} {statistics.median(times):>6.0f} {percentile(times, 90):>6.0f} "
                              f"{max(times):>6.0f} {last:>6.0f}{flag}", flush=True)
                    server.forget_kernels()
                browser.close()
        finally:
            stop_server(process, server)


if __name__ == "__main__":
    main()
