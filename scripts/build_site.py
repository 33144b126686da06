"""Build the lectures as a Jupyter Book 2 (MyST) site whose steppers step with no kernel and no network.

Run as ``make site`` (or ``python scripts/build_site.py --tools build/site-tools --out build/site NB...``).

1. Each lecture runs in a fresh kernel in which every stepper is displayed as
   its frames, as data (:func:`abteach.views.frame_data.frame_data`, which the
   browser stepper draws) under the media type :data:`FRAMES`, instead of as a
   live widget: so what the site shows is what the lecture itself computed,
   and views never run a search.
2. A copy of each lecture is written in which each such output becomes MyST's
   ``{anywidget}`` directive right after its cell.  Its module is a small one
   written for that stepper, holding its frames and drawing them with
   ``abteach/widgets/static/stepper.js`` (copied into the site as
   ``abteach/stepper.js``); its model is the step to open at and the speed.
   The frames stay out of the directive's body: mystmd parses a body of
   tens of kilobytes for minutes.  The lecture's other outputs stay as they are.
3. mystmd (``myst build --html``) renders the copies with the book theme that
   ``scripts/site/build_theme.sh`` built from npm, into ``<out>/html``: static
   pages that load nothing from outside.  Serve the folder at its root (any
   static server, e.g. ``python -m http.server -d build/site/html``).

``--executed DIR`` reuses lectures this script already ran (``<out>/executed``),
so a rebuild of the pages skips the kernels.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STEPPER_JS = ROOT / "abteach" / "widgets" / "static" / "stepper.js"
#: The media type under which a lecture run for the site shows a stepper: its frames as data.
FRAMES = "application/vnd.abteach.frames+json"
#: The media type under which it shows a Fig. 5.5 view: its stages as data (:func:`abteach.views.fig55.stage_data`).
FIGURE = "application/vnd.abteach.fig55+json"
#: The media type under which it shows a reorder view: every ordering as data (:func:`abteach.views.reorder.reorder_data`).
REORDER = "application/vnd.abteach.reorder+json"
#: The media type under which it shows a practice widget: its tree to solve and its correct search, as data.
PRACTICE = "application/vnd.abteach.practice+json"
#: Every media type of ours: each becomes an ``{anywidget}`` directive.
OURS = (FRAMES, FIGURE, REORDER, PRACTICE)
#: The kernel runs this before the lecture's first cell; the lecture's own source is left as it is.
SITE_DISPLAY = (f"import sys; sys.path.insert(0, {str(HERE)!r}); "
                "import build_site; build_site.show_for_site(get_ipython())")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def show_for_site(shell: Any) -> None:
    """Make ``shell`` display every stepper as its frames (:data:`FRAMES`) and its text, not as a widget.

    It registers display formatters with IPython, so it changes nothing in the package: only what this
    one session shows.  A stepper that is not yet a browser stepper is shown as one of the same trace.
    """
    from abteach.widgets.browser_stepper import BrowserStepper

    def frames(obj: Any, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        shown = obj if isinstance(obj, BrowserStepper) else BrowserStepper(obj.trace, step=getattr(obj, "value", 0))
        model = {"data": shown.data, "step": shown.step, "interval": shown.interval}
        return {"text/plain": repr(obj), FRAMES: model}

    from abteach.widgets.fig55_view import FigureVsAlgorithm

    def stages(obj: FigureVsAlgorithm, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        model = {"data": obj.figure, "stage": obj.stage, "search": obj.search, "scale": obj.scale}
        return {"text/plain": repr(obj), FIGURE: model}

    from abteach.widgets.reorder_view import ReorderView

    def orderings(obj: ReorderView, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        model = {"data": obj.reorder, "ordering": obj.ordering, "scale": obj.scale, "legible": obj.legible}
        return {"text/plain": repr(obj), REORDER: model}

    from abteach.views.frame_data import frame_data
    from abteach.views.tree_data import tree_data
    from abteach.widgets.practice import Practice

    def practice(obj: Practice, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        # The correct search is the one its checker ran for the empty form: nothing is searched here.
        trace = obj.blank.result.trace
        return {"text/plain": repr(obj), PRACTICE: {"tree": tree_data(trace), "search": frame_data(trace)}}

    formatter = shell.display_formatter.mimebundle_formatter
    formatter.for_type(BrowserStepper, frames)
    formatter.for_type(FigureVsAlgorithm, stages)
    formatter.for_type(ReorderView, orderings)
    formatter.for_type(Practice, practice)
    try:
        from abteach.widgets.stepper import Stepper
    except ImportError:  # once every stepper is a browser stepper there is nothing else to catch
        return
    if not issubclass(Stepper, BrowserStepper):
        formatter.for_type(Stepper, frames)


def execute(path: Path, timeout: int = 1200) -> Any:
    """Run the lecture at ``path`` with its steppers shown as frames."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", record_timing=False, coalesce_streams=True,
        resources={"metadata": {"path": str(path.parent)}},
        extra_arguments=[f"--IPKernelApp.exec_lines={SITE_DISPLAY}"],
    )
    client.execute(env=env)
    return nb


def _fence(body: str) -> str:
    # A fence longer than any run of backticks in the body, so no sentence can close it early.
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def anywidget_cell(model: dict[str, Any], module: str) -> Any:
    """A markdown cell holding MyST's ``{anywidget}`` directive: ``module`` drawing ``model``."""
    import nbformat

    body = json.dumps(model, ensure_ascii=False, separators=(",", ":"))
    fence = _fence(body)
    return nbformat.v4.new_markdown_cell(f"{fence}{{anywidget}} {module}\n{body}\n{fence}")


#: Where the site's pages find the drawing module, from the folder mystmd puts each widget's module in.
STEPPER_URL = "../abteach/stepper.js"


def stepper_module(data: dict[str, Any]) -> str:
    """The ES module of one stepper on the site: its frames, drawn by the browser stepper's ``mount``."""
    return ("// One stepper of the course site (scripts/build_site.py): its frames, drawn by abteach's stepper.js.\n"
            f"const DATA = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
            "export default {\n"
            "  async render({ model, el }) {\n"
            f"    const {{ mount }} = await import(new URL({STEPPER_URL!r}, import.meta.url).href);\n"
            "    const view = mount(el, DATA, { step: model.get(\"step\"), interval: model.get(\"interval\") });\n"
            "    return () => view.destroy();\n"
            "  },\n"
            "};\n")


def figure_module(data: dict[str, Any]) -> str:
    """The ES module of one Fig. 5.5 view on the site: its stages, drawn by the same module's ``mountFigure``."""
    return ("// One Fig. 5.5 view of the course site (scripts/build_site.py): its stages, drawn by abteach's stepper.js.\n"
            f"const DATA = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
            "export default {\n"
            "  async render({ model, el }) {\n"
            f"    const {{ mountFigure }} = await import(new URL({STEPPER_URL!r}, import.meta.url).href);\n"
            "    const view = mountFigure(el, DATA, { stage: model.get(\"stage\"), search: model.get(\"search\"),\n"
            "      scale: model.get(\"scale\") });\n"
            "    return () => view.destroy();\n"
            "  },\n"
            "};\n")


def reorder_module(data: dict[str, Any]) -> str:
    """The ES module of one reorder view on the site: every ordering, drawn by the same module's ``mountReorder``."""
    return ("// One reorder view of the course site (scripts/build_site.py): every ordering, drawn by abteach's stepper.js.\n"
            f"const DATA = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
            "export default {\n"
            "  async render({ model, el }) {\n"
            f"    const {{ mountReorder }} = await import(new URL({STEPPER_URL!r}, import.meta.url).href);\n"
            "    const view = mountReorder(el, DATA, { ordering: model.get(\"ordering\"), scale: model.get(\"scale\"),\n"
            "      legible: model.get(\"legible\") });\n"
            "    return () => view.destroy();\n"
            "  },\n"
            "};\n")


def practice_module(data: dict[str, Any]) -> str:
    """The ES module of one practice widget on the site: its tree and, folded, its correct search (``mountPractice``)."""
    return ("// One practice tree of the course site (scripts/build_site.py): drawn by abteach's stepper.js.\n"
            f"const DATA = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
            "export default {\n"
            "  async render({ model, el }) {\n"
            f"    const {{ mountPractice }} = await import(new URL({STEPPER_URL!r}, import.meta.url).href);\n"
            "    const view = mountPractice(el, DATA, {});\n"
            "    return () => view.destroy();\n"
            "  },\n"
            "};\n")


def for_site(nb: Any, name: str = "lecture") -> tuple[Any, dict[str, str]]:
    """A copy of the executed lecture ``nb`` in which each stepper output is an ``{anywidget}`` directive.

    Returns the copy and the modules its directives name (path relative to the lecture: module text).
    """
    import copy

    site = copy.deepcopy(nb)
    cells = []
    modules: dict[str, str] = {}
    for cell in site.cells:
        cells.append(cell)
        if cell.cell_type != "code":
            continue
        ours = [o["data"] for o in cell.outputs if any(t in o.get("data", {}) for t in OURS)]
        cell.outputs = [o for o in cell.outputs if not any(t in o.get("data", {}) for t in OURS)]
        for shown in ours:
            path = f"steppers/{name}-{len(modules) + 1}.js"
            if FRAMES in shown:
                model = shown[FRAMES]
                modules[path] = stepper_module(model["data"])
                cells.append(anywidget_cell({"step": model["step"], "interval": model["interval"]}, path))
            elif PRACTICE in shown:
                modules[path] = practice_module(shown[PRACTICE])
                cells.append(anywidget_cell({}, path))
            elif REORDER in shown:
                model = shown[REORDER]
                modules[path] = reorder_module(model["data"])
                cells.append(anywidget_cell({k: model[k] for k in ("ordering", "scale", "legible")}, path))
            else:
                model = shown[FIGURE]
                modules[path] = figure_module(model["data"])
                cells.append(anywidget_cell({k: model[k] for k in ("stage", "search", "scale")}, path))
    site.cells = cells
    # Saved widget state is for Jupyter: the site shows steppers through the directive, nothing else.
    site.metadata.pop("widgets", None)
    return site, modules


def myst_yml(lectures: list[str], template: Path) -> str:
    toc = "\n".join(f"    - file: {name}" for name in lectures)
    return (f"version: 1\n"
            f"project:\n  title: Game-tree search, step by step\n  numbering: false\n  toc:\n{toc}\n"
            f"site:\n  template: {template}\n"
            f"  options:\n    favicon: favicon.ico\n    logo_text: abteach\n    hide_authors: true\n")


def at_slash(page: Path) -> None:
    """Make the page ``<slug>/index.html`` start at ``/<slug>/``, the address a static server gives it.

    mystmd writes each page as crawled at ``/<slug>``; a static server answers that with a redirect to
    ``/<slug>/``, and the theme's router, finding another address than the one it was written at,
    reloads the page, forever.
    """
    slug = page.parent.name
    text = page.read_text(encoding="utf-8")
    written = f'__remixContext = {{"url":"/{slug}",'
    if written not in text:
        raise RuntimeError(f"{page}: no router address /{slug} to move to /{slug}/ (a new mystmd theme?)")
    page.write_text(text.replace(written, f'__remixContext = {{"url":"/{slug}/",', 1), encoding="utf-8")


def _favicon(path: Path) -> None:
    # mystmd fetches the favicon while it writes the pages and stops if there is none.
    from PIL import Image

    Image.new("RGB", (32, 32), (0, 114, 178)).save(path)


def _run(path: Path) -> tuple[str, Any, float]:
    start = time.perf_counter()
    return path.name, execute(path), time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    import nbformat

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--tools", type=Path, required=True,
                        help="where scripts/site/build_theme.sh put mystmd and the theme (build/site-tools)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--executed", type=Path, help="reuse the lectures run into this folder by an earlier build")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)

    myst = args.tools / "node_modules" / ".bin" / "myst"
    template = (args.tools / "template").resolve()
    for needed in (myst, template / "template.yml"):
        if not needed.exists():
            parser.error(f"--tools {args.tools}: no {needed}; run `make site`, which builds them")
    for path in args.notebooks:
        if not path.is_file():
            parser.error(f"no notebook at {path}")

    executed_dir = args.out / "executed"
    executed_dir.mkdir(parents=True, exist_ok=True)
    runs: dict[str, Any] = {}
    todo = []
    for path in args.notebooks:
        saved = args.executed / path.name if args.executed else None
        if saved is not None and saved.is_file():
            runs[path.name] = nbformat.read(saved, as_version=4)
            if saved.resolve() != (executed_dir / path.name).resolve():
                shutil.copy(saved, executed_dir / path.name)
        else:
            todo.append(path)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for future in as_completed([pool.submit(_run, p) for p in todo]):
            name, nb, seconds = future.result()
            runs[name] = nb
            nbformat.write(nb, executed_dir / name)
            print(f"ran {name} in {seconds:.0f} s", flush=True)

    src = args.out / "src"
    if src.exists():
        shutil.rmtree(src)
    src.mkdir(parents=True)
    (src / "steppers").mkdir()
    _favicon(src / "favicon.ico")
    names = [p.name for p in args.notebooks]
    for name in names:
        site, modules = for_site(runs[name], name.removesuffix(".ipynb"))
        nbformat.write(site, src / name)
        for path, text in modules.items():
            (src / path).write_text(text, encoding="utf-8")
        print(f"{name}: {len(modules)} stepper(s) on the page", flush=True)
    (src / "myst.yml").write_text(myst_yml(names, template), encoding="utf-8")

    start = time.perf_counter()
    # mystmd starts the theme's page server and may leave it running: a session of its own ends them together.
    process = subprocess.Popen([str(myst.resolve()), "build", "--html"], cwd=src, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=1800)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    if process.returncode != 0:
        sys.stderr.write(output[-6000:])
        return process.returncode
    html = args.out / "html"
    if html.exists():
        shutil.rmtree(html)
    shutil.move(str(src / "_build" / "html"), html)
    (html / "abteach").mkdir()
    shutil.copy(STEPPER_JS, html / "abteach" / "stepper.js")
    for page in html.glob("*/index.html"):
        at_slash(page)
    size = sum(f.stat().st_size for f in html.rglob("*") if f.is_file())
    print(f"site: {html} ({size / 1e6:.1f} MB), pages in {time.perf_counter() - start:.0f} s; "
          f"serve it with `python -m http.server -d {html}`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
