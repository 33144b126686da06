"""The export writes saved widget state small, but keeps what the widget manager needs to name a picture."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import export_lectures  # noqa: E402  (a script, not a package)

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"


def _notebook(models: dict[str, dict]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(outputs=[nbformat.v4.new_output(
        "display_data", data={VIEW: {"model_id": m, "version_major": 2, "version_minor": 0}}) for m in models])]
    nb.metadata["widgets"] = {STATE: {"state": {m: {"model_name": "ImageModel", "state": s}
                                                for m, s in models.items()}}}
    return nb


def test_an_empty_description_stays_beside_a_tooltip_and_goes_elsewhere():
    nb = _notebook({"described": {"description": "", "tooltip": "Search tree at step 3 of 55.", "format": "png"},
                    "plain": {"description": "", "tooltip": None, "format": "png"}})
    for kind in ("html", "slides"):
        state = export_lectures.for_kind(nb, kind).metadata["widgets"][STATE]["state"]
        # The widget manager reads the description's length before it shows a tooltip as the image's title.
        assert state["described"]["state"] == {"description": "", "tooltip": "Search tree at step 3 of 55.",
                                               "format": "png"}
        assert state["plain"]["state"] == {"format": "png"}


def test_the_run_for_nbval_shows_a_stepper_as_the_committed_lecture_does():
    """A run for the pages shows a stepper as HTML with its data; nbval compares what a committed lecture has."""
    import abteach as ab
    from abteach.widgets.fallback import plain_text
    from abteach.widgets.offline import offline_html

    s = ab.stepper(ab.alphabeta(ab.examples.FIG_5_2))
    table = "<table><tr><td>3</td></tr></table>"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(outputs=[
        nbformat.v4.new_output("display_data", data={"text/html": offline_html(s), "text/plain": plain_text(repr(s))}),
        nbformat.v4.new_output("display_data", data={"text/html": table, "text/plain": "a table"})])]
    stepper, other = export_lectures.as_committed(nb).cells[0].outputs
    assert dict(stepper["data"]) == {"text/plain": plain_text(repr(s))}
    assert dict(other["data"]) == {"text/html": table, "text/plain": "a table"}
    # The run itself is left as it was: the pages are made from it.
    assert "text/html" in nb.cells[0].outputs[0]["data"]
