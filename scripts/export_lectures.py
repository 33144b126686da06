"""Export the lectures to HTML pages or reveal.js slides that work offline, with no kernel.

Run as ``make html`` or ``make slides`` (or ``python scripts/export_lectures.py
--assets DIR --html DIR --slides DIR NB...``).  Each lecture is executed in a fresh
kernel in which every stepper is displayed as HTML carrying its frame data,
drawn by the stepper's own ES module, inlined once in the page, and every
Fig. 5.5 view as a copy with every frame pre-rendered and its controls linked
in the browser (:func:`abteach.widgets.offline.show_static`), so they keep
stepping in the saved page: every step of every search.  They are drawn at
the projector size, legible in a lecture hall and on slides.  Only the
widgets the page shows are saved with it.  The widget
manager, require.js, MathJax (and, for slides, reveal.js, jQuery and Font
Awesome) are copied next to the pages from local packages, so the folder can
be handed out and opened anywhere, with no network.  Lectures run two at a
time (``--jobs``), each in its own kernel.
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter, SlidesExporter

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
#: The script that names the widgets' controls and pictures, which JupyterLab loads as an extension: the pages
#: include the same file.
LABEXTENSION = HERE.parent / "labextension"
#: The kernel runs this before the lecture's first cell; the lecture's own source is left as it is.
STATIC_DISPLAY = ("from abteach.widgets.offline import show_static; "
                  "show_static(get_ipython(), size='projector')")
MATHJAX_CONFIG = "TeX-AMS_CHTML-full,Safe"


@dataclass(frozen=True)
class Asset:
    """A folder of one npm package, copied to ``<out>/<dest>``, leaving out what no page loads."""

    package: str
    source: str
    dest: str
    skip: tuple[str, ...] = ()


ASSETS = {
    "html": [
        # The widget manager asks for its icon fonts at @jupyter-widgets/<hash>.woff2 beside the page, whatever
        # its own URL.  Copied first: each asset's folder is replaced, and this one holds the next.
        Asset("@jupyter-widgets/html-manager", "dist", "@jupyter-widgets", ("*.js", "*.map", "*.txt", "*.eot", "*.svg")),
        Asset("@jupyter-widgets/html-manager", "dist", "@jupyter-widgets/html-manager/dist", ("*.map", "embed.js*")),
        Asset("requirejs", "", "assets/requirejs", ("bin", "*.md")),
        # MathJax 2: the reveal template calls MathJax 2's API.  Only the CommonHTML output and its woff fonts are used.
        Asset("mathjax", "", "assets/mathjax", ("unpacked", "test", "eot", "otf", "svg", "SVG", "PreviewHTML",
                                         "NativeMML", "Gyre-*", "Latin-Modern", "Asana-Math", "Neo-Euler", "STIX*")),
    ],
    "slides": [
        Asset("reveal.js", "dist", "assets/reveal.js/dist", ("*.map", "*.esm.js")),
        Asset("reveal.js", "plugin", "assets/reveal.js/plugin"),
        Asset("jquery", "dist", "assets/jquery", ("*.map", "*slim*")),
        Asset("font-awesome", "", "assets/font-awesome", ("less", "scss", "*.md", "*.txt")),
    ],
}


def _urls(kind: str) -> dict[str, str]:
    """Where the page finds each library, relative to the page itself."""
    urls = {
        "require_js_url": "assets/requirejs/require.js",
        "widget_renderer_url": "@jupyter-widgets/html-manager/dist/embed-amd.js",
        "mathjax_url": f"assets/mathjax/MathJax.js?config={MATHJAX_CONFIG}",
    }
    if kind == "slides":
        urls |= {
            "reveal_url_prefix": "assets/reveal.js",
            "jquery_url": "assets/jquery/jquery.min.js",
            "font_awesome_url": "assets/font-awesome/css/font-awesome.min.css",
        }
    return urls


def copy_assets(kind: str, node_modules: Path, out: Path) -> None:
    """Copy the libraries the pages load into ``out``, beside the pages.

    Raises
    ------
    FileNotFoundError
        A package is missing from ``node_modules`` (the message names it and how to install it).
    """
    wanted = ASSETS["html"] + (ASSETS["slides"] if kind == "slides" else [])
    for asset in wanted:
        source = node_modules / asset.package / asset.source
        if not source.is_dir():
            raise FileNotFoundError(
                f"--assets {node_modules}: no {asset.package} at {source}; `make assets` installs it")
        dest = out / asset.dest
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(source, dest, ignore=shutil.ignore_patterns(*asset.skip))


def execute(path: Path, timeout: int = 1200) -> nbformat.NotebookNode:
    """Run the lecture at ``path`` with static widgets, keeping their state for the page."""
    # Imported here, as tqdm in main: the page and state helpers load with nbconvert alone (the fast tests).
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", record_timing=False, store_widget_state=True,
        coalesce_streams=True, resources={"metadata": {"path": str(path.parent)}},
        extra_arguments=[f"--IPKernelApp.exec_lines={STATIC_DISPLAY}"],
    )
    client.execute(env=env)
    prune_widgets(nb)
    if "widgets" not in nb.metadata:
        # Without saved state nbconvert would not even load the widget manager: every widget would vanish.
        if any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for c in nb.cells for o in c.get("outputs", [])):
            raise RuntimeError(f"{path}: the kernel saved no widget state, so its widgets would not show")
    return nb


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]+)")
#: Links made with jslink are models nothing refers to: they are kept when they link widgets kept.
_LINKS = {"LinkModel", "DirectionalLinkModel"}


def _refs(value: object) -> set[str]:
    return set(_MODEL_REF.findall(repr(value)))


def prune_widgets(nb: nbformat.NotebookNode) -> int:
    """Keep in ``nb``'s saved widget state only the models its outputs show, the models those use, and the
    links between them; the number of models dropped.

    The kernel saves every widget it made, the live steppers behind the static
    copies included, pictures and all, though no output shows them.
    """
    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state")
    if not models:
        return 0
    shown = {o["data"][WIDGET_VIEW]["model_id"] for c in nb.cells for o in c.get("outputs", [])
             if WIDGET_VIEW in o.get("data", {})}
    keep: set[str] = set()
    todo = [m for m in shown if m in models]
    while todo:
        while todo:
            model = todo.pop()
            if model not in keep:
                keep.add(model)
                todo.extend(r for r in _refs(models[model].get("state", {})) if r in models and r not in keep)
        for model, entry in models.items():
            if model not in keep and entry.get("model_name") in _LINKS:
                ends = _refs(entry.get("state", {}))
                if ends and ends <= keep:
                    todo.append(model)
    dropped = len(models) - len(keep)
    nb.metadata["widgets"][WIDGET_STATE]["state"] = {m: e for m, e in models.items() if m in keep}
    return dropped


#: Parts of a pre-rendered stepper that only one kind of page shows (the other's style sheet hides them):
#: the whole pseudocode on a page, the function that runs on a slide.  Each kind leaves out the other's.
UNSHOWN = {"html": {"ab-function"}, "slides": {"ab-all-lines"}}
#: State every saved model repeats, which the widget manager knows from the model's name.
_NAMES = {"_model_module", "_model_module_version", "_model_name", "_view_module", "_view_module_version",
          "_view_name"}


def for_kind(nb: nbformat.NotebookNode, kind: str) -> nbformat.NotebookNode:
    """A copy of ``nb`` whose saved widget state holds only what a ``kind`` page shows, written small.

    Values that are empty (``None``, ``""``, ``[]``) are left out too: they are
    the widget manager's defaults for every widget the lectures show, and
    each of the thousands of models of a lecture would repeat them.
    """
    nb = copy.deepcopy(nb)
    models = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state")
    if not models:
        return nb
    unshown = {m for m, e in models.items() if UNSHOWN[kind] & set(e.get("state", {}).get("_dom_classes", []))}
    for entry in models.values():
        children = entry.get("state", {}).get("children")
        if children:
            entry["state"]["children"] = [c for c in children if c.removeprefix("IPY_MODEL_") not in unshown]
    prune_widgets(nb)
    for entry in nb.metadata["widgets"][WIDGET_STATE]["state"].values():
        state = entry.get("state", {})
        # An empty description stays beside a tooltip: the widget manager reads its length to show the tooltip,
        # and a picture's tooltip is its text alternative (abteach.widgets.described).
        keep = {"description"} if state.get("tooltip") else set()
        entry["state"] = {k: v for k, v in state.items()
                          if k not in _NAMES and (k in keep or v not in (None, "", [], {}))}
    return nb


# nbconvert's reveal template imports mermaid from a CDN on every page; the abteach-reveal template drops that.
_MERMAID_IMPORT = re.compile(r"import mermaid from")


def export(kind: str, nb: nbformat.NotebookNode, name: str) -> str:
    """The page for one executed lecture."""
    urls = _urls(kind)
    exporter: HTMLExporter
    if kind == "slides":
        exporter = SlidesExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="abteach-reveal",
                                  extra_template_paths=[str(TEMPLATES), str(LABEXTENSION)],
                                  reveal_theme="white", reveal_transition="none", **urls)
    else:
        # TEMPLATES itself is searched too, so both templates include one abteach-lab/accessibility.html.j2.
        exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="abteach-lab",
                                extra_template_paths=[str(TEMPLATES), str(LABEXTENSION)], **urls)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": name}})
    body = with_stepper_module(body)
    if _MERMAID_IMPORT.search(body):
        raise RuntimeError(f"{name}: the page still imports mermaid from outside; check scripts/templates")
    return body


def as_committed(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of the run ``nb`` whose steppers show as a committed lecture's do, for nbval to compare.

    A run for the pages shows each stepper (and Fig. 5.5 view, reorder view, and game) as HTML where a notebook shows the
    widget (whose view nbval does not compare); both carry the same plain text, which nbval compares.
    """
    from abteach.widgets.offline import OFFLINE_BOARD_CLASS, VIEWS

    ours = tuple(f"<div class='{c}'" for c in (*(view.css for view in VIEWS), OFFLINE_BOARD_CLASS))
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            shown = out.get("data", {}).get("text/html", "")
            if isinstance(shown, list):
                shown = "".join(shown)
            if shown.startswith(ours):
                del out["data"]["text/html"]
    return nb


def with_stepper_module(page: str) -> str:
    """``page`` with the stepper's ES module inlined once in its head, if it shows a stepper.

    The module draws every stepper of the page from the data each carries
    (:func:`abteach.widgets.offline.offline_html`); a module script runs once the page is parsed.
    """
    from abteach.widgets.offline import VIEWS, module_html

    # nbconvert writes the outputs' HTML again, with its own quotes.
    if not re.search(rf"class=[\"']({'|'.join(re.escape(view.css) for view in VIEWS)})[\"']", page):
        return page
    head = page.find("</head>")
    if head < 0:
        raise RuntimeError("the page has no </head> to put the stepper's module in")
    return page[:head] + module_html() + page[head:]


def output_name(kind: str, path: Path) -> str:
    return f"{path.stem}.slides.html" if kind == "slides" else f"{path.stem}.html"


def index_page(kind: str, names: list[tuple[str, str]]) -> str:
    """A page linking every lecture, so the folder opens with a table of contents."""
    items = "\n".join(f'  <li><a href="{href}">{title}</a></li>' for href, title in names)
    what = "slides" if kind == "slides" else "lectures"
    return (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>abteach {what}</title></head>\n"
            f"<body>\n<h1>abteach {what}</h1>\n<ul>\n{items}\n</ul>\n</body>\n</html>\n")


def _title(nb: nbformat.NotebookNode, fallback: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def export_lecture(path: Path, outs: dict[str, Path], executed: Path | None = None) -> tuple[str, dict[str, int], float]:
    """Run one lecture and write its pages; its title, the bytes of each page, and the seconds it took.

    With ``executed``, the run notebook is written there too, for the full test tier's nbval check.
    """
    start = time.perf_counter()
    nb = execute(path)
    if executed is not None:
        nbformat.write(as_committed(nb), executed / path.name)
    sizes = {}
    for kind, out in outs.items():
        page = export(kind, for_kind(nb, kind), path.stem)
        (out / output_name(kind, path)).write_text(page, encoding="utf-8")
        sizes[kind] = len(page.encode("utf-8"))
    return _title(nb, path.stem), sizes, time.perf_counter() - start


def main(argv: list[str] | None = None, log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--assets", type=Path, required=True, help="the node_modules folder with the libraries")
    parser.add_argument("--html", type=Path, metavar="DIR", help="write HTML pages to DIR")
    parser.add_argument("--slides", type=Path, metavar="DIR", help="write reveal.js slides to DIR")
    parser.add_argument("--executed", type=Path, metavar="DIR",
                        help="also write each lecture as run to DIR (the full test tier compares it with nbval)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="how many lectures run at once, each in its own kernel (default: 2, or 1 on one core)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"argument --jobs: at least 1, not {args.jobs}")
    # One run of each lecture serves both kinds: running them is what takes the time.
    outs = {kind: out for kind, out in (("html", args.html), ("slides", args.slides)) if out is not None}
    if not outs:
        parser.error("give --html DIR, --slides DIR or both")
    for path in args.notebooks:
        if not path.is_file():
            parser.error(f"no notebook {path}")
    if not args.assets.is_dir():
        parser.error(f"argument --assets: no folder {args.assets}; `make assets` installs the libraries there")
    for kind, out in outs.items():
        out.mkdir(parents=True, exist_ok=True)
        copy_assets(kind, args.assets, out)
    if args.executed is not None:
        args.executed.mkdir(parents=True, exist_ok=True)
    from tqdm import tqdm

    written: dict[str, list[tuple[str, str]]] = {kind: [] for kind in outs}
    done: dict[Path, tuple[str, dict[str, int], float]] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, \
            tqdm(total=len(args.notebooks), unit="lecture", desc="running the lectures", file=sys.stderr) as bar:
        # Each lecture runs in a kernel of its own, so they may run side by side; the index keeps their order.
        runs = {pool.submit(export_lecture, path, outs, args.executed): path for path in args.notebooks}
        for run in as_completed(runs):
            path = runs[run]
            title, sizes, seconds = done[path] = run.result()
            bar.write(f"{path}: {seconds:.0f} s, " + ", ".join(f"{kind} {n / 1e6:.1f} MB" for kind, n in sizes.items()))
            bar.set_postfix_str(f"done: {path.stem}")
            bar.update()
    for path in args.notebooks:
        for kind in outs:
            written[kind].append((output_name(kind, path), done[path][0]))
    for kind, out in outs.items():
        (out / "index.html").write_text(index_page(kind, written[kind]), encoding="utf-8")
    total = sum(n for _, sizes, _ in done.values() for n in sizes.values())
    minutes, seconds = divmod(round(time.perf_counter() - start), 60)
    count = f"{len(args.notebooks)} lecture{'s' if len(args.notebooks) != 1 else ''}"
    log(f"exported {count} in {minutes} min {seconds:02d} s, {total / 1e6:.1f} MB: "
        + ", ".join(f"{kind} pages and index.html in {out}" for kind, out in outs.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
