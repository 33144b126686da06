"""Split lecture slides that do not fit a projector, by adding sub-slide breaks to the lectures' slide metadata.

Run after ``make slides`` as ``python scripts/fit_slides.py --slides build/slides NB...``
(it needs Chromium at /usr/bin/chromium and Playwright, from the test extra).
Each lecture's exported slides are opened at 1024×768 and every cell's
height measured as reveal.js lays it out (at 960×700).  Walking the cells in
order, a cell that would push its slide past 700 px starts a sub-slide of its
own (``slide_type: subslide``); breaks the author set are kept.  Only cells'
``metadata.slideshow`` change, and a lecture whose slides already fit is not
rewritten.  A single cell taller than a slide cannot be fixed here: it is
reported, and needs a smaller output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
SLIDE_HEIGHT = 700
#: Room kept free on each slide, so a line that wraps differently on another browser still fits.
MARGIN = 12
BREAKS = {"slide", "subslide"}
HIDDEN = {"skip", "notes"}

_MEASURE = """() => {
  const heights = [];
  for (const slide of Reveal.getSlides()) {
    const at = Reveal.getIndices(slide);
    Reveal.slide(at.h, at.v || 0);
    for (const cell of slide.querySelectorAll('.jp-Cell')) {
      if (cell.closest('aside')) continue;
      const style = getComputedStyle(cell);
      heights.push(cell.offsetHeight + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    }
  }
  return heights;
}"""


def measure(page_path: Path) -> list[float]:
    """The laid-out height of every shown cell of an exported slide deck, in order."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://") else r.abort())
            page.goto(page_path.resolve().as_uri())
            page.evaluate("() => new Promise((ok, fail) => require(['assets/reveal.js/dist/reveal.js'], "
                          "R => { window.Reveal = R; R.isReady() ? ok() : R.on('ready', ok); }, fail))")
            page.wait_for_function("() => !window.MathJax || (MathJax.Hub.queue.pending === 0 "
                                   "&& MathJax.Hub.queue.running === 0)")
            page.wait_for_timeout(500)
            return list(page.evaluate(_MEASURE))
        finally:
            browser.close()


def fit(nb: nbformat.NotebookNode, heights: list[float], limit: float = SLIDE_HEIGHT - MARGIN) -> tuple[list[int], list[int]]:
    """Set sub-slide breaks in ``nb`` so no slide passes ``limit``; the cells given a break, and those too tall alone."""
    shown = [c for c in nb.cells if c.metadata.get("slideshow", {}).get("slide_type") not in HIDDEN]
    if len(shown) != len(heights):
        raise ValueError(f"the slides show {len(heights)} cells, the notebook has {len(shown)}: export it again")
    broken, too_tall = [], []
    used = 0.0
    for index, (cell, height) in enumerate(zip(shown, heights)):
        kind = cell.metadata.get("slideshow", {}).get("slide_type")
        if height > limit:
            too_tall.append(index)
        if kind in BREAKS or index == 0:
            used = height
        elif used + height > limit:
            cell.metadata.setdefault("slideshow", {})["slide_type"] = "subslide"
            broken.append(index)
            used = height
        else:
            used += height
    return broken, too_tall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--slides", type=Path, required=True, help="the folder make slides wrote")
    args = parser.parse_args(argv)
    status = 0
    for path in args.notebooks:
        deck = args.slides / f"{path.stem}.slides.html"
        if not deck.is_file():
            parser.error(f"no slides {deck} for {path}: run make slides first")
        nb = nbformat.read(path, as_version=4)
        broken, too_tall = fit(nb, measure(deck))
        if broken:
            nbformat.write(nb, path)
        print(f"{path}: {len(broken)} new sub-slide breaks", file=sys.stderr)
        for index in too_tall:
            print(f"{path}: cell {index} alone is taller than a slide; make its output smaller", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
