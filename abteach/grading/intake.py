"""Before autograde: a submitted notebook nbgrader cannot read is set aside with its reason, and fails one student.

``nbgrader autograde`` stops the whole class at a notebook whose nbgrader
metadata is from another version (``"schema_version": 99``): no student after
it is graded.  A duplicated grade id, or a file that is not a notebook, fails
that student but makes the command exit with an error all the same.
:func:`screen_submission`, nbgrader's ``Autograde.pre_convert_hook`` in
``course/nbgrader_config.py``, looks at each of a student's notebooks before
nbgrader reads them.  One it cannot read is

- moved to ``rejected/<student>/<assignment>/``, beside a
  ``<notebook>.reason.txt`` that says why (the instructor's record: the
  original is kept as handed in);
- replaced in ``submitted/`` by the notebook as released, with a first cell
  that tells the student why: graded like a blank notebook, it earns nothing,
  and the feedback says so.

nbgrader then grades every other notebook and student as usual, and exits
without an error.  Where no released notebook is found, the bad one is only
moved aside: that student fails, and no other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_markdown_cell

#: The folder, beside submitted/, where notebooks that could not be read are kept.
REJECTED = "rejected"
#: Characters of a reason shown (a JSON error may quote a long line).
REASON_CHARS = 300
#: Bytes of a notebook read at most; a notebook of an exercise is far smaller.
SIZE_LIMIT = 50 * 2 ** 20
#: The first cell's id in a notebook put in place of one that could not be read.
NOTE_ID = "abteach-unreadable"


@dataclass(frozen=True)
class Rejection:
    """A notebook set aside: where it went, why, and whether a released copy took its place.

    Attributes
    ----------
    notebook : Path
        Where it was handed in (``submitted/<student>/<assignment>/<name>.ipynb``).
    kept : Path
        Where it is now.
    reason : str
    replaced : bool
        Whether the released notebook, with the reason, took its place.
    """

    notebook: Path
    kept: Path
    reason: str
    replaced: bool


def notebook_problem(path: Path | str) -> str | None:
    """Why nbgrader could not grade the notebook at ``path``, in one line; ``None`` if it can.

    It is read as nbgrader reads it: a JSON notebook of format 4 (or one that
    converts to it), valid, whose nbgrader metadata is of nbgrader's own
    version, with each grade id once.

    Examples
    --------
    >>> import tempfile, nbformat
    >>> from nbformat.v4 import new_notebook, new_code_cell
    >>> nb = new_notebook(cells=[new_code_cell("x = 1")])
    >>> path = Path(tempfile.mkdtemp()) / "a.ipynb"
    >>> nbformat.write(nb, path)
    >>> notebook_problem(path) is None
    True
    >>> nb.cells[0].metadata["nbgrader"] = {"schema_version": 99, "grade": False, "solution": True,
    ...                                     "locked": False, "grade_id": "x", "task": False}
    >>> nbformat.write(nb, path)
    >>> notebook_problem(path)
    'its nbgrader metadata is not of the version this course uses: Schema version is too new: 99 (expected 3)'
    >>> _ = path.write_text("{")
    >>> notebook_problem(path)
    'it is not a notebook (not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1))'
    """
    from nbgrader.nbgraderformat import MetadataValidator, SchemaTooNewError, SchemaTooOldError, ValidationError
    path = Path(path)
    try:
        if path.stat().st_size > SIZE_LIMIT:
            return f"it is larger than {SIZE_LIMIT // 2 ** 20} MB"
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return _cut(f"it cannot be read ({type(error).__name__}: {error})")
    try:
        json.loads(text)
    except (ValueError, RecursionError) as error:
        return _cut(f"it is not a notebook (not JSON: {error})")
    try:
        nb = nbformat.reads(text, as_version=4)
        nbformat.validate(nb)
    except Exception as error:  # nbformat raises many kinds for a malformed notebook: each is this notebook's fault
        return _cut(f"it is not a valid notebook ({type(error).__name__}: {_first_line(error)})")
    try:
        MetadataValidator().validate_nb(nb)
    except (SchemaTooNewError, SchemaTooOldError) as error:
        return _cut(f"its nbgrader metadata is not of the version this course uses: {_first_line(error)}")
    except ValidationError as error:
        return _cut(f"its nbgrader metadata is broken: {_first_line(error)}")
    except Exception as error:  # jsonschema's own errors, a cell's metadata of the wrong type
        return _cut(f"its nbgrader metadata is broken ({type(error).__name__}: {_first_line(error)})")
    return None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _cut(text: str) -> str:
    return text if len(text) <= REASON_CHARS else text[:REASON_CHARS - 3] + "..."


def set_aside(notebook: Path | str, reason: str) -> Rejection:
    """Move ``notebook`` (``<root>/submitted/<student>/<assignment>/<name>.ipynb``) to ``<root>/rejected/...``.

    Its reason goes beside it; the released notebook, with a first cell
    saying why, takes its place where ``<root>/release/<assignment>/<name>.ipynb`` is found.
    """
    notebook = Path(notebook)
    assignment, student, step = notebook.parent.name, notebook.parent.parent.name, notebook.parents[2]
    if step.name != "submitted":
        raise ValueError(f"notebook: {notebook} is not in <course>/submitted/<student>/<assignment>/")
    root = step.parent
    kept = root / REJECTED / student / assignment / notebook.name
    kept.parent.mkdir(parents=True, exist_ok=True)
    notebook.replace(kept)
    kept.with_suffix(".reason.txt").write_text(
        f"{student}'s {assignment}/{notebook.name} could not be graded: {reason}.\n"
        f"The notebook as handed in is {kept.name} here; it was graded as the blank notebook released.\n",
        encoding="utf-8")
    release = root / "release" / assignment / notebook.name
    replaced = release.is_file() and notebook_problem(release) is None
    if replaced:
        blank = nbformat.read(release, as_version=4)
        note = new_markdown_cell(f"**This notebook could not be graded: {reason}.** It was graded as the blank "
                                 "notebook handed out. Ask your instructor, who has the notebook you handed in.")
        note.id = NOTE_ID
        blank.cells.insert(0, note)
        nbformat.write(blank, notebook)
    return Rejection(notebook, kept, reason, replaced)


def screen_submission(assignment: str = "", student: str = "", notebooks: list[str] | None = None,
                      **_: Any) -> list[Rejection]:
    """nbgrader's pre-convert hook: set aside each of ``notebooks`` it could not read (see the module's text).

    nbgrader passes the list of notebooks it is about to grade (its own list);
    a notebook moved aside and not replaced is taken off it, so nbgrader does
    not open a file that is gone.  ``assignment`` and ``student`` are
    nbgrader's patterns (``*``), not one student's: each notebook's path says whose it is.
    """
    from traitlets.log import get_logger
    log = get_logger()
    rejected = []
    for name in list(notebooks or []):
        reason = notebook_problem(name)
        if reason is None:
            continue
        try:
            rejection = set_aside(name, reason)
        except (OSError, ValueError) as error:
            log.error("abteach: %s could not be graded (%s), nor set aside: %s", name, reason, error)
            continue
        rejected.append(rejection)
        log.error("abteach: %s could not be graded: %s. Kept in %s%s", name, reason, rejection.kept,
                  "; graded as the blank notebook released" if rejection.replaced else "")
        if not rejection.replaced and notebooks is not None:
            notebooks.remove(name)
    return rejected


def rejections(root: Path | str) -> dict[str, str]:
    """Every notebook of the course at ``root`` set aside, as ``student/assignment/name.ipynb``, with its reason."""
    found = {}
    for reason in sorted((Path(root) / REJECTED).glob("*/*/*.reason.txt")):
        key = str(reason.relative_to(Path(root) / REJECTED)).removesuffix(".reason.txt") + ".ipynb"
        found[key] = reason.read_text(encoding="utf-8").splitlines()[0]
    return found


__all__ = ["screen_submission", "notebook_problem", "set_aside", "rejections", "Rejection", "REJECTED"]
