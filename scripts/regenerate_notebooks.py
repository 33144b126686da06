"""Re-execute notebooks in place, deterministically, so their stored outputs can be tested.

Run as ``make notebooks`` (or ``python scripts/regenerate_notebooks.py NB...``).
Each notebook is executed top to bottom in a fresh kernel with
``PYTHONHASHSEED=0``; timing metadata and saved widget state are dropped (an
empty widget state is written in its place, as JupyterLab saves a lecture that
was only looked at, since the lab saves widget state), and
widget model ids are renumbered from the notebook's name, so two runs in a row
give byte-identical files and diffs show only real changes.  The file is
written as JupyterLab writes it (``nbformat.write``, the kernel's own
``language_info``), so opening and saving an unchanged lecture changes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import uuid
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: What JupyterLab, saving widget state (``scripts/lab/overrides.json``), writes for a notebook with no live
#: widget: a lecture opened and saved without being run.  Exports show the pictures saved with the views.
NO_WIDGET_STATE = {WIDGET_STATE: {"state": {}, "version_major": 2, "version_minor": 0}}


def _stable_model_ids(nb: nbformat.NotebookNode, name: str) -> None:
    """Replace random widget model ids with ids derived from the notebook name and order."""
    mapping: dict[str, str] = {}
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view and "model_id" in view:
                old = view["model_id"]
                if old not in mapping:
                    mapping[old] = uuid.uuid5(uuid.NAMESPACE_URL, f"abteach/{name}/{len(mapping)}").hex
                view["model_id"] = mapping[old]


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop what changes from run to run without meaning anything."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if nb.nbformat_minor < 5:
            # Format 4.4 has no cell ids: JupyterLab drops them on save, so they are dropped here too.
            cell.pop("id", None)
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)


def regenerate(path: Path, timeout: int = 600) -> None:
    nb = nbformat.read(path, as_version=4)
    clean(nb)
    os.environ["PYTHONHASHSEED"] = "0"
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", record_timing=False,
        # One stream output per cell and stream, however the kernel chunks it.
        coalesce_streams=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute(env={**os.environ, "PYTHONHASHSEED": "0"})
    clean(nb)
    nb.metadata["widgets"] = NO_WIDGET_STATE
    _stable_model_ids(nb, path.stem)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    # language_info stays as the kernel reported it, and the file is written by the same call
    # as JupyterLab's save: anything else and a save after a mere look would rewrite the file.
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    for path in args.notebooks:
        print(f"regenerating {path}", file=sys.stderr)
        regenerate(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
