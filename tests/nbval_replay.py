"""Strict nbval on lectures already run: the full tier runs each lecture once, for nbval and the exports alike.

``make test-all`` runs every lecture once, in ``scripts/export_lectures.py``,
which writes the pages and, with ``--executed DIR``, each executed notebook.
This plugin then checks those outputs against the committed ones with nbval's
own collector, markers, sanitizer and comparison (``--nbval`` semantics,
strict): only where the outputs come from is different.  Use it as::

    pytest -p tests.nbval_replay --nbval-replay DIR --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

A committed cell with no counterpart in the run, or a run of another version
of the lecture, fails rather than passes quietly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbval.plugin import IPyNbCell, IPyNbFile, coalesce_streams


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--nbval-replay", metavar="DIR", type=Path, default=None,
                     help="compare each notebook with its executed copy in DIR instead of running it")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".ipynb" and parent.config.getoption("--nbval-replay") is not None:
        return ReplayedNotebook.from_parent(parent, path=file_path)
    return None


class ReplayedNotebook(IPyNbFile):
    """A committed notebook whose cells are checked against the same notebook as the full tier ran it."""

    def setup(self) -> None:
        # No kernel: the outputs were made by the one run of the lecture.
        self.setup_sanitize_files()
        executed = Path(self.config.getoption("--nbval-replay")) / self.path.name
        if not executed.is_file():
            raise FileNotFoundError(f"--nbval-replay: no executed copy of {self.path.name} at {executed}")
        ran = nbformat.read(executed, as_version=4)
        self.ran_cells = [c for c in ran.cells if c.cell_type == "code"]
        committed = [c.source for c in self.nb.cells if c.cell_type == "code"]
        if [c.source for c in self.ran_cells] != committed:
            raise ValueError(f"{executed} is a run of another version of {self.path.name}: its code cells differ")

    def collect(self) -> Any:
        for item in super().collect():
            yield ReplayedCell.from_parent(self, name=item.name, cell_num=item.cell_num, cell=item.cell,
                                           options=item.options)

    def teardown(self) -> None:
        pass


class ReplayedCell(IPyNbCell):
    """One code cell: its executed outputs against its committed ones, as nbval compares them."""

    def runtest(self) -> None:
        if self.options["skip"]:
            pytest.skip()
        parent = self.parent
        assert isinstance(parent, ReplayedNotebook)
        ran = parent.ran_cells[self.cell_num]
        errors = [o for o in ran.outputs if o.output_type == "error"]
        if errors and not self.options["check_exception"]:
            self.raise_cell_error("Cell execution caused an exception", "\n".join(errors[0].traceback))
        unrun = self.cell.execution_count is None
        if unrun and self.cell.outputs:
            self.raise_cell_error("Unrun reference cell has outputs")
        if self.options["check"] and not unrun:
            if not self.compare_outputs(coalesce_streams(ran.outputs), coalesce_streams(self.cell.outputs)):
                self.raise_cell_error("Cell outputs differ", "\n".join(self.comparison_traceback))
