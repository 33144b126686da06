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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

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
#: The kernel runs this before the lecture's first cell; the lecture's own source is left as it is.
SITE_DISPLAY = (f"import sys; sys.path.insert(0, {str(HERE)!r}); "
                "import build_site; build_site.show_for_site(get_ipython())")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _frames(obj: Any) -> dict[str, Any]:
    # A stepper that is not yet a browser stepper is shown as one of the same trace.
    from abteach.widgets.browser_stepper import BrowserStepper

    shown = obj if isinstance(obj, BrowserStepper) else BrowserStepper(obj.trace, step=getattr(obj, "value", 0))
    return {"data": shown.data, "step": shown.step, "interval": shown.interval}


def _practice(obj: Any) -> dict[str, Any]:
    # The correct search is the one its checker ran for the empty form: nothing is searched here.
    from abteach.views.frame_data import frame_data
    from abteach.views.tree_data import tree_data

    trace = obj.blank.result.trace
    return {"tree": tree_data(trace), "search": frame_data(trace)}


@dataclass(frozen=True)
class SiteView:
    """One kind of view the site shows: how a lecture run for the site shows it, and how a page draws it.

    A new kind of view is a new ``SiteView`` in :data:`VIEWS`; :func:`show_for_site`, :func:`for_site`
    and :func:`site_module` serve every one alike.
    """

    #: The media type a lecture run for the site shows it under, as data.
    media: str
    #: Its class, ``"module:Name"``: imported only in the kernel that runs a lecture.
    cls: str
    #: The function of ``stepper.js`` that draws it.
    mount: str
    #: What its module's first line says it is.
    what: str
    #: The view as data, :attr:`media`'s content: a function of the view, or the name of the view's attribute
    #: holding its data (the model is then that as ``"data"`` and each of :attr:`keys`, read off the view).
    model: Callable[[Any], dict[str, Any]] | str
    #: The model's entries the ``{anywidget}`` directive carries: what the view opens at.
    keys: tuple[str, ...] = ()
    #: The model's entry its module draws; ``None``: the whole model.
    data: str | None = "data"

    def bundle(self, obj: Any, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """``obj`` as a lecture run for the site shows it: its data under :attr:`media`, and its text.

        IPython calls a mimebundle formatter as ``f(obj, include=..., exclude=...)``.
        """
        if isinstance(self.model, str):
            model = {"data": getattr(obj, self.model), **{k: getattr(obj, k) for k in self.keys}}
        else:
            model = self.model(obj)
        return {"text/plain": repr(obj), self.media: model}


#: Every kind of view of ours: each shown becomes an ``{anywidget}`` directive.
VIEWS: tuple[SiteView, ...] = (
    SiteView(FRAMES, "abteach.widgets.browser_stepper:BrowserStepper", "mount",
             "One stepper of the course site (scripts/build_site.py): its frames, drawn by abteach's stepper.js.",
             _frames, ("step", "interval")),
    SiteView(FIGURE, "abteach.widgets.fig55_view:FigureVsAlgorithm", "mountFigure",
             "One Fig. 5.5 view of the course site (scripts/build_site.py): its stages, drawn by abteach's stepper.js.",
             "figure", ("stage", "search", "scale")),
    SiteView(REORDER, "abteach.widgets.reorder_view:ReorderView", "mountReorder",
             "One reorder view of the course site (scripts/build_site.py): every ordering, drawn by abteach's "
             "stepper.js.",
             "reorder", ("ordering", "scale", "legible")),
    SiteView(PRACTICE, "abteach.widgets.practice:Practice", "mountPractice",
             "One practice tree of the course site (scripts/build_site.py): drawn by abteach's stepper.js.",
             _practice, data=None),
)
#: Every media type of ours.
OURS = tuple(view.media for view in VIEWS)


def show_for_site(shell: Any) -> None:
    """Make ``shell`` display every view of :data:`VIEWS` as its data (under its media type) and its text.

    It registers display formatters with IPython, so it changes nothing in the package: only what this
    one session shows.  A stepper that is not yet a browser stepper is shown as one of the same trace.
    """
    import importlib

    formatter = shell.display_formatter.mimebundle_formatter
    for view in VIEWS:
        module, name = view.cls.split(":")
        formatter.for_type(getattr(importlib.import_module(module), name), view.bundle)
    try:
        from abteach.widgets.stepper import Stepper
    except ImportError:  # once every stepper is a browser stepper there is nothing else to catch
        return
    from abteach.widgets.browser_stepper import BrowserStepper

    if not issubclass(Stepper, BrowserStepper):
        formatter.for_type(Stepper, next(v for v in VIEWS if v.media == FRAMES).bundle)


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


def site_module(view: SiteView, data: dict[str, Any]) -> str:
    """The ES module of one ``view`` on the site: its ``data``, drawn by the same module's ``view.mount``."""
    # Two of the directive's entries a line, as the modules were always written.
    gets = [f"{key}: model.get({json.dumps(key)})" for key in view.keys]
    options = "{ " + ",\n      ".join(", ".join(gets[i:i + 2]) for i in range(0, len(gets), 2)) + " }" if gets else "{}"
    return (f"// {view.what}\n"
            f"const DATA = {json.dumps(data, ensure_ascii=False, separators=(',', ':'))};\n"
            "export default {\n"
            "  async render({ model, el }) {\n"
            f"    const {{ {view.mount} }} = await import(new URL({STEPPER_URL!r}, import.meta.url).href);\n"
            f"    const view = {view.mount}(el, DATA, {options});\n"
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
            view = next(v for v in VIEWS if v.media in shown)
            model = shown[view.media]
            modules[path] = site_module(view, model if view.data is None else model[view.data])
            cells.append(anywidget_cell({k: model[k] for k in view.keys}, path))
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
