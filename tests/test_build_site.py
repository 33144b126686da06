"""The site builder turns each stepper a lecture showed into MyST's {anywidget} directive, with its own frames."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
from hypothesis import given, strategies as st

import abteach as ab
from abteach.views.frame_data import frame_data

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import build_site  # noqa: E402  (a script, not a package)

DIRECTIVE = re.compile(r"\A(`{3,})\{anywidget\} (\S+)\n(.*)\n\1\Z", re.S)


def _executed(models: list[dict]) -> nbformat.NotebookNode:
    """A lecture as the site's kernel leaves it: a stepper cell showing frames among other outputs."""
    nb = nbformat.v4.new_notebook()
    outputs = [nbformat.v4.new_output("stream", name="stdout", text="before\n")]
    outputs += [nbformat.v4.new_output("display_data", data={"text/plain": "A search", build_site.FRAMES: m})
                for m in models]
    nb.cells = [nbformat.v4.new_markdown_cell("# Title"),
                nbformat.v4.new_code_cell("ab.stepper(...)", outputs=outputs),
                nbformat.v4.new_code_cell("1 + 1", outputs=[nbformat.v4.new_output(
                    "execute_result", data={"text/plain": "2"}, execution_count=1)])]
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    return nb


def test_each_stepper_output_becomes_a_directive_after_its_cell_with_a_module_of_its_frames():
    models = [{"data": frame_data(ab.alphabeta(ab.examples.FIG_5_2).trace), "step": 0, "interval": 700},
              {"data": frame_data(ab.minimax(ab.examples.FIG_5_2).trace), "step": 3, "interval": 700}]
    nb = _executed(models)
    site, modules = build_site.for_site(nb, "02-alpha-beta")
    assert len(modules) == 2
    kinds = [c.cell_type for c in site.cells]
    assert kinds == ["markdown", "code", "markdown", "markdown", "code"]
    # The cell keeps its other outputs; the directive replaces only the frames.
    assert [o["output_type"] for o in site.cells[1].outputs] == ["stream"]
    for cell, model in zip(site.cells[2:4], models):
        match = DIRECTIVE.match(cell.source)
        assert match, cell.source[:80]
        # The directive opens the stepper where the lecture left it; its module holds exactly its frames.
        assert json.loads(match.group(3)) == {"step": model["step"], "interval": model["interval"]}
        module = modules[match.group(2)]
        frames = re.search(r"^const DATA = (.*);$", module, re.M)
        assert frames and json.loads(frames.group(1)) == json.loads(json.dumps(model["data"]))
        assert "export default" in module and "mount(el, DATA" in module
    assert len(set(modules)) == 2 and all(p.startswith("steppers/02-alpha-beta-") for p in modules)
    assert site.cells[4].outputs == nb.cells[2].outputs
    assert "widgets" not in site.metadata
    # The lecture it was made from is left as it was.
    assert any(build_site.FRAMES in o.get("data", {}) for o in nb.cells[1].outputs)


@given(st.text(alphabet="`ab{}\n", max_size=30))
def test_no_sentence_can_close_the_directive_early(sentence):
    model = {"data": {"sentence": sentence}}
    cell = build_site.anywidget_cell(model, "stepper.js")
    match = DIRECTIVE.match(cell.source)
    assert match and json.loads(match.group(3)) == model
    fence = match.group(1)
    assert fence not in match.group(3)


def _on_the_site(view, media: str, model: dict, name: str) -> tuple[dict, object, str]:
    """A lecture whose one cell shows ``view`` as ``model`` under ``media``, made a site page: what its directive
    opens at, the data its module holds, and the module."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("ab.view(...)", outputs=[nbformat.v4.new_output(
        "display_data", data={"text/plain": repr(view), media: json.loads(json.dumps(model))})])]
    site, modules = build_site.for_site(nb, name)
    assert [c.cell_type for c in site.cells] == ["code", "markdown"] and site.cells[0].outputs == []
    match = DIRECTIVE.match(site.cells[1].source)
    assert match, site.cells[1].source[:80]
    module = modules[match.group(2)]
    data = re.search(r"^const DATA = (.*);$", module, re.M)
    assert data and build_site.STEPPER_URL in module
    return json.loads(match.group(3)), json.loads(data.group(1)), module


def test_a_fig55_view_becomes_a_directive_with_a_module_of_its_stages():
    fig52 = ab.examples.FIG_5_2
    view = ab.figure_vs_algorithm({"3rd edition": ab.alphabeta(fig52), "4th edition": ab.alphabeta(fig52, edition=4)},
                                  start="e")
    model = {"data": view.figure, "stage": view.stage, "search": view.search, "scale": view.scale}
    opens, data, module = _on_the_site(view, build_site.FIGURE, model, "03-fig-5-5")
    assert opens == {"stage": "e", "search": "3rd edition", "scale": 1.0}
    # Every stage of every search is in the module, drawn by the stepper's own module.
    assert data == json.loads(json.dumps(view.figure))
    assert "mountFigure(el, DATA" in module


def test_a_reorder_view_becomes_a_directive_with_a_module_of_every_ordering():
    r = ab.ordering.reorderings(ab.examples.FIG_5_2)
    view = ab.reorder_view(r, start=r.key({"D": ["d3", "d1", "d2"]}))
    model = {"data": view.reorder, "ordering": view.ordering, "scale": view.scale, "legible": view.legible}
    opens, data, module = _on_the_site(view, build_site.REORDER, model, "06-move-ordering-and-complexity")
    assert opens == {"ordering": "0,1,2|0,1,2|0,1,2|2,0,1", "scale": 1.0, "legible": view.size.legible}
    # Every ordering is in the module, drawn by the stepper's own module.
    assert data == json.loads(json.dumps(view.reorder))
    assert len(data["orderings"]) == len(r)
    assert "mountReorder(el, DATA" in module


def test_show_for_site_shows_a_reorder_view_as_its_data():
    from types import SimpleNamespace

    from IPython.core.formatters import DisplayFormatter
    shell = SimpleNamespace(display_formatter=DisplayFormatter())  # its own formatters, not a shared shell's
    build_site.show_for_site(shell)
    view = ab.reorder_view(ab.ordering.reorderings(ab.examples.FIG_5_2))
    data, _ = shell.display_formatter.format(view)
    assert data[build_site.REORDER]["ordering"] == view.ordering and data[build_site.REORDER]["data"] == view.reorder
