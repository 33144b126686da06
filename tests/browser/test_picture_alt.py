"""A plain drawing (``ab.draw_tree``, ``ab.draw_frame``, a chart) says what it shows, in JupyterLab and in an export.

Such a drawing is no widget: it shows as the cell's output, an ``<img>`` that JupyterLab drew with no ``alt``
until the drawing carried its text alternative (:class:`abteach.views.draw.Drawing`).  axe-core audits the
outputs; the same picture shown as a bare PNG is the control, so the audit is known to catch what it should.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter
from playwright.sync_api import Page, expect

import abteach as ab
from abteach.views.alt import frame_alt, tree_alt

from .axe import audit, blocking
from .labserver import KERNEL_IDLE, LabServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

CELLS = ("import abteach as ab",
         "ab.draw_tree(ab.examples.FIG_5_2)",
         "ab.draw_frame(ab.alphabeta(ab.examples.FIG_5_2).trace, 29)",
         # The control: the same tree's PNG with nothing to say what it shows.
         "from IPython.display import Image\nImage(data=ab.draw_tree(ab.examples.FIG_5_2)._repr_png_())")


def _notebook(root: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nbformat.write(nb, root / "pictures.ipynb")
    return "pictures.ipynb"


def test_plain_drawings_have_their_text_alternative_in_jupyterlab(lab_server: LabServer, page: Page,
                                                                   snapshot: Callable[[str], Path]) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(lab_server.notebook_url(_notebook(lab_server.root)))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    pictures = page.locator(".jp-OutputArea-output img")
    expect(pictures).to_have_count(3)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    snapshot("plain-pictures")
    trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    # Each says what it shows: the tree node by node, the frame's step, sentence and node state.
    expect(pictures.nth(0)).to_have_attribute("alt", tree_alt(ab.examples.FIG_5_2))
    expect(pictures.nth(1)).to_have_attribute("alt", frame_alt(trace, 29))
    described = ".jp-Cell:nth-child(-n+3) .jp-OutputArea-output"
    assert [v.rule for v in blocking(audit(page, described))] == []
    # The bare PNG of the same picture is what axe refuses: the audit sees the difference.
    control = blocking(audit(page, ".jp-Cell:nth-child(4) .jp-OutputArea-output"))
    assert [v.rule for v in control] == ["image-alt"]


def _executed() -> nbformat.NotebookNode:
    from nbclient import NotebookClient
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS[:2]]
    NotebookClient(nb, kernel_name="python3", timeout=300).execute()
    return nb


def test_a_stored_drawing_shows_and_says_what_it_shows_before_the_notebook_runs(lab_server: LabServer,
                                                                               page: Page) -> None:
    # A lecture opens untrusted, with its stored outputs: JupyterLab sanitises their HTML, and the picture must
    # survive that whole (its data URL kept), with its text alternative.
    nbformat.write(_executed(), lab_server.root / "stored.ipynb")
    page.goto(lab_server.notebook_url("stored.ipynb"))
    picture = page.locator(".jp-OutputArea-output img")
    expect(picture).to_have_count(1)
    expect(picture).to_have_attribute("alt", tree_alt(ab.examples.FIG_5_2))
    page.wait_for_function("() => document.querySelector('.jp-OutputArea-output img').naturalWidth > 100")


def test_an_exported_drawing_keeps_its_text_alternative(tmp_path: Path) -> None:
    nb = _executed()
    # The stored output carries both forms: the PNG for whatever shows no HTML, and the described <img>.
    data = nb.cells[1].outputs[0]["data"]
    assert {"image/png", "text/html", "text/plain"} <= set(data)
    page, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    assert f'alt="{tree_alt(ab.examples.FIG_5_2)}"' in page
    assert "No description has been provided for this image" not in page
