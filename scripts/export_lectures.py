"""Export the lectures to HTML pages or reveal.js slides that work offline, with no kernel.

Run as ``make html`` or ``make slides`` (or ``python scripts/export_lectures.py
--assets DIR --html DIR --slides DIR NB...``).  Each lecture is executed in a fresh
kernel in which every stepper and Fig. 5.5 view is displayed as a copy with
every frame pre-rendered and its controls linked in the browser
(:func:`abteach.widgets.offline.show_static`), so they keep stepping in the
saved page.  The widget manager, require.js, MathJax (and, for slides,
reveal.js, jQuery and Font Awesome) are copied next to the pages from local
packages, so the folder can be handed out and opened anywhere, with no
network.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter, SlidesExporter

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
#: The kernel runs this before the lecture's first cell; the lecture's own source is left as it is.
STATIC_DISPLAY = "from abteach.widgets.offline import show_static; show_static(get_ipython())"
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
        # The widget manager looks for its icon fonts at this path beside the page, whatever its own URL.
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
    nb = nbformat.read(path, as_version=4)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", record_timing=False, store_widget_state=True,
        coalesce_streams=True, resources={"metadata": {"path": str(path.parent)}},
        extra_arguments=[f"--IPKernelApp.exec_lines={STATIC_DISPLAY}"],
    )
    client.execute(env=env)
    if "widgets" not in nb.metadata:
        # Without saved state nbconvert would not even load the widget manager: every widget would vanish.
        if any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for c in nb.cells for o in c.get("outputs", [])):
            raise RuntimeError(f"{path}: the kernel saved no widget state, so its widgets would not show")
    return nb


# nbconvert's reveal template imports mermaid from a CDN on every page; the abteach-reveal template drops that.
_MERMAID_IMPORT = re.compile(r"import mermaid from")


def export(kind: str, nb: nbformat.NotebookNode, name: str) -> str:
    """The page for one executed lecture."""
    urls = _urls(kind)
    exporter: HTMLExporter
    if kind == "slides":
        exporter = SlidesExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="abteach-reveal",
                                  reveal_theme="white", reveal_transition="none", **urls)
    else:
        exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name="abteach-lab", **urls)
    body, _ = exporter.from_notebook_node(nb, resources={"metadata": {"name": name}})
    if _MERMAID_IMPORT.search(body):
        raise RuntimeError(f"{name}: the page still imports mermaid from outside; check scripts/templates")
    return body


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


def main(argv: list[str] | None = None, log: Callable[[str], None] = lambda m: print(m, file=sys.stderr)) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--assets", type=Path, required=True, help="the node_modules folder with the libraries")
    parser.add_argument("--html", type=Path, metavar="DIR", help="write HTML pages to DIR")
    parser.add_argument("--slides", type=Path, metavar="DIR", help="write reveal.js slides to DIR")
    args = parser.parse_args(argv)
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
    written: dict[str, list[tuple[str, str]]] = {kind: [] for kind in outs}
    for path in args.notebooks:
        log(f"running {path}")
        nb = execute(path)
        for kind, out in outs.items():
            name = output_name(kind, path)
            (out / name).write_text(export(kind, nb, path.stem), encoding="utf-8")
            written[kind].append((name, _title(nb, path.stem)))
    for kind, out in outs.items():
        (out / "index.html").write_text(index_page(kind, written[kind]), encoding="utf-8")
        log(f"wrote {len(written[kind])} {kind} pages and index.html to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
