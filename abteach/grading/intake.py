"""Before autograde: a submitted notebook nbgrader cannot read, or a link, is set aside with its reason.

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

A notebook is refused the same way when it is not a regular file (a link to
the instructor's source notebook would be graded as the solution, and its
feedback would show it), or when it holds a mark of the instructor's source
(``### BEGIN SOLUTION``, ``### BEGIN HIDDEN TESTS`` and their ends), which a
released notebook never does: it is the source, as ``nbgrader collect``
delivers a link planted in the exchange (``copytree`` follows it as the
instructor).

Before nbgrader copies anything, every other entry of the submitted folder,
at any depth, that is not a regular file or a folder (a link, a named pipe,
a device) is moved to ``rejected/`` too, beside its reason: nbgrader copies
the folder's files into ``autograded/`` and ``feedback/`` with
``shutil.copy``, which follows links, so a link to the gradebook, the source
notebook or a root-only file would bring that file to the student.  A
student or assignment folder that is itself a link is moved aside whole, and
its notebooks are graded as the blank ones released.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_markdown_cell
from nbgrader.api import MissingEntry
from nbgrader.preprocessors import OverwriteCells

#: The folder, beside submitted/, where notebooks that could not be read are kept.
REJECTED = "rejected"
#: Characters of a reason shown (a JSON error may quote a long line).
REASON_CHARS = 300
#: Bytes of a notebook read at most; a notebook of an exercise is far smaller.
SIZE_LIMIT = 50 * 2 ** 20
#: The first cell's id in a notebook put in place of one that could not be read.
NOTE_ID = "abteach-unreadable"
#: Marks of the instructor's source notebook (nbgrader's solution and hidden-test regions), never in a released one.
SOURCE_MARKS = ("### BEGIN SOLUTION", "### END SOLUTION", "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")
#: The suffix of what is kept in rejected/ in place of a student's or assignment's folder that was a link.
LINKED_FOLDER = ".link"


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
    version, with each grade id once.  It must be a regular file, not a link,
    and hold none of :data:`SOURCE_MARKS`: a released notebook never does.

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
    >>> nbformat.write(new_notebook(cells=[new_code_cell("### BEGIN SOLUTION\\nx = 1\\n### END SOLUTION")]), path)
    >>> notebook_problem(path)
    "it is the instructor's source notebook, not the one handed out (it holds the solution's marks)"
    >>> link = path.with_name("b.ipynb"); link.symlink_to(path)
    >>> notebook_problem(link).startswith("it is a symbolic link")
    True
    """
    from nbgrader.nbgraderformat import MetadataValidator, SchemaTooNewError, SchemaTooOldError, ValidationError
    path = Path(path)
    special = special_file(path)
    if special is not None:
        return _cut(special)
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
    # The reason is shown in the student's feedback, which must not quote the marks: it names what they are.
    if any(mark in cell.get("source", "") for mark in SOURCE_MARKS for cell in nb.cells):
        return "it is the instructor's source notebook, not the one handed out (it holds the solution's marks)"
    return None


def special_file(path: Path | str) -> str | None:
    """Why ``path`` is not a regular file or a folder a student may hand in (a link, a pipe, a device); ``None`` if it is.

    Never follows a link: its target is named, not opened.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "grades.txt").symlink_to("/course/gradebook.db")
    >>> special_file(folder / "grades.txt")
    'it is a symbolic link (to /course/gradebook.db), not a file handed in'
    >>> special_file(folder) is None
    True
    """
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return f"it is a symbolic link (to {os.readlink(path)}), not a file handed in"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    kinds = {stat.S_ISFIFO: "a named pipe", stat.S_ISSOCK: "a socket", stat.S_ISCHR: "a character device",
             stat.S_ISBLK: "a block device"}
    kind = next((text for test, text in kinds.items() if test(mode)), "not a regular file")
    return f"it is {kind}, not a file handed in"


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def _cut(text: str) -> str:
    return text if len(text) <= REASON_CHARS else text[:REASON_CHARS - 3] + "..."


def _place(notebook: Path) -> tuple[Path, str, str]:
    """The course folder, student and assignment of ``<root>/submitted/<student>/<assignment>/<name>``."""
    assignment, student, step = notebook.parent.name, notebook.parent.parent.name, notebook.parents[2]
    if step.name != "submitted":
        raise ValueError(f"notebook: {notebook} is not in <course>/submitted/<student>/<assignment>/")
    return step.parent, student, assignment


def _clear(kept: Path, top: Path) -> None:
    """Make room for ``kept`` under ``top`` (``rejected/``): its folders real ones, nothing at its own path.

    What an earlier run set aside there may be a link: nothing is ever written through one.
    """
    for folder in reversed(kept.relative_to(top).parents):
        path = top / folder
        if path.is_symlink() or path.exists() and not path.is_dir():
            path.unlink()
        path.mkdir(parents=True, exist_ok=True)
    if kept.is_symlink() or kept.is_file():
        kept.unlink()
    elif kept.exists():
        shutil.rmtree(kept)


def _record(kept: Path, reason: Path, text: str) -> None:
    _clear(reason, kept.parent)
    reason.write_text(text, encoding="utf-8")


def set_aside(notebook: Path | str, reason: str) -> Rejection:
    """Move ``notebook`` (``<root>/submitted/<student>/<assignment>/<name>.ipynb``) to ``<root>/rejected/...``.

    Its reason goes beside it; the released notebook, with a first cell
    saying why, takes its place where ``<root>/release/<assignment>/<name>.ipynb`` is found.
    A notebook that is a link is moved as the link, never followed.
    """
    notebook = Path(notebook)
    root, student, assignment = _place(notebook)
    kept = root / REJECTED / student / assignment / notebook.name
    _clear(kept, root / REJECTED)
    notebook.replace(kept)
    _record(kept, kept.with_suffix(".reason.txt"),
            f"{student}'s {assignment}/{notebook.name} could not be graded: {reason}.\n"
            f"The notebook as handed in is {kept.name} here; it was graded as the blank notebook released.\n")
    return Rejection(notebook, kept, reason, _put_release(notebook, root, assignment, reason))


def _put_release(notebook: Path, root: Path, assignment: str, reason: str) -> bool:
    """Write at ``notebook`` the notebook released, with a first cell saying why; whether one was found."""
    release = root / "release" / assignment / notebook.name
    if not (release.is_file() and notebook_problem(release) is None):
        return False
    blank = nbformat.read(release, as_version=4)
    note = new_markdown_cell(f"**This notebook could not be graded: {reason}.** It was graded as the blank "
                             "notebook handed out. Ask your instructor, who has the notebook you handed in.")
    note.id = NOTE_ID
    blank.cells.insert(0, note)
    nbformat.write(blank, notebook)
    return True


def set_aside_file(path: Path | str, folder: Path | str, reason: str) -> Rejection:
    """Move ``path``, at any depth in the submitted ``folder`` (``<root>/submitted/<student>/<assignment>``),
    to the same place under ``<root>/rejected/``, beside ``<name>.reason.txt``; a link is moved, never followed.
    """
    path, folder = Path(path), Path(folder)
    root, student, assignment = _place(folder / "x")
    relative = path.relative_to(folder)
    kept = root / REJECTED / student / assignment / relative
    _clear(kept, root / REJECTED)
    os.replace(path, kept)
    _record(kept, kept.with_name(kept.name + ".reason.txt"),
            f"{student}'s {assignment}/{relative} was not graded nor copied: {reason}.\n"
            f"It is {kept.name} here, as handed in.\n")
    return Rejection(path, kept, reason, False)


def _special_files(folder: Path, skip: set[Path]) -> list[tuple[Path, str]]:
    """Every entry under ``folder``, at any depth, that is not a regular file or a folder, with why; links not followed."""
    found, stack = [], [folder]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                path = Path(entry.path)
                if path in skip:
                    continue
                why = special_file(path)
                if why is not None:
                    found.append((path, why))
                elif entry.is_dir(follow_symlinks=False):
                    stack.append(path)
    return found


def _linked_folder(folder: Path) -> Path | None:
    """The student's or the assignment's folder of ``folder`` (``submitted/<student>/<assignment>``) that is a link."""
    return next((f for f in (folder.parent, folder) if f.is_symlink()), None)


def _set_aside_folder(linked: Path, folder: Path, notebooks: list[Path]) -> list[Rejection]:
    """Move the link ``linked`` (a student's or assignment's folder) aside; its notebooks become the blank releases."""
    root, student, assignment = _place(folder / "x")
    reason = _cut(f"its folder {linked.name} is a symbolic link (to {os.readlink(linked)}), not a folder handed in")
    kept = root / REJECTED / (str(linked.relative_to(root / "submitted")) + LINKED_FOLDER)
    _clear(kept, root / REJECTED)
    os.replace(linked, kept)
    _record(kept, kept.with_name(kept.name + ".reason.txt"),
            f"{student}'s {assignment} could not be graded: {reason}.\nThe link is {kept.name} here.\n")
    folder.mkdir(parents=True, exist_ok=True)
    return [Rejection(nb, kept, reason, _put_release(nb, root, assignment, reason)) for nb in notebooks]


def screen_submission(assignment: str = "", student: str = "", notebooks: list[str] | None = None,
                      **_: Any) -> list[Rejection]:
    """nbgrader's pre-convert hook: set aside each of ``notebooks`` it could not read, and every link beside them.

    See the module's text.  nbgrader passes the list of notebooks it is about
    to grade (its own list); a notebook moved aside and not replaced is taken
    off it, so nbgrader does not open a file that is gone.  ``assignment`` and
    ``student`` are nbgrader's patterns (``*``), not one student's: each
    notebook's path says whose it is.  nbgrader swallows an error the hook
    raises, so none is raised: what cannot be set aside is logged.
    """
    from traitlets.log import get_logger
    log = get_logger()
    rejected: list[Rejection] = []
    names = list(notebooks or [])
    for folder in sorted({Path(name).parent for name in names}):
        mine = [Path(name) for name in names if Path(name).parent == folder]
        linked = _linked_folder(folder)
        if linked is None:
            found = _screen_notebooks(mine, log) + _screen_files(folder, set(mine), log)
        else:
            try:
                found = _set_aside_folder(linked, folder, mine)
            except (OSError, ValueError) as error:
                log.error("abteach: %s is a link, and could not be set aside: %s", linked, error)
                continue
        for rejection in found:
            log.error("abteach: %s could not be graded: %s. Kept in %s%s", rejection.notebook, rejection.reason,
                      rejection.kept, "; graded as the blank notebook released" if rejection.replaced else "")
            name = str(rejection.notebook)
            if not rejection.replaced and notebooks is not None and name in notebooks:
                notebooks.remove(name)
        rejected += found
    return rejected


def _screen_notebooks(notebooks: list[Path], log: Any) -> list[Rejection]:
    rejected = []
    for notebook in notebooks:
        reason = notebook_problem(notebook)
        if reason is None:
            continue
        try:
            rejected.append(set_aside(notebook, reason))
        except (OSError, ValueError) as error:
            log.error("abteach: %s could not be graded (%s), nor set aside: %s", notebook, reason, error)
    return rejected


def _screen_files(folder: Path, notebooks: set[Path], log: Any) -> list[Rejection]:
    rejected = []
    try:
        found = _special_files(folder, notebooks)
    except OSError as error:
        log.error("abteach: %s could not be searched for links: %s", folder, error)
        return []
    for path, reason in found:
        try:
            rejected.append(set_aside_file(path, folder, reason))
        except (OSError, ValueError) as error:
            log.error("abteach: %s is not a file handed in (%s), and could not be set aside: %s", path, reason, error)
    return rejected


class RestoreCellRoles(OverwriteCells):
    """nbgrader's ``OverwriteCells``, which first gives each cell the gradebook knows its released roles back.

    ``OverwriteCells`` restores a locked cell's source, its ``locked`` flag and
    its points, but not whether it is a grade cell or a solution cell.  A
    student who marks a test cell as a solution (``"solution": true``) then has
    it run as their own code, kept out of :class:`~abteach.grading.autograde.HoldOutTests`,
    and its output shown to whoever grades it by hand; nbgrader's own checksum
    check then stops that notebook with an error.  Here the roles (``grade``,
    ``solution``, ``task``) are read from the gradebook's record of the source
    notebook before ``OverwriteCells`` runs, so the cell is restored as the test
    it was released as, and graded as one.  Use it in place of ``OverwriteCells``
    in ``Autograde.sanitize_preprocessors``.
    """

    def preprocess_cell(self, cell: Any, resources: Any, cell_index: int) -> tuple[Any, Any]:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade_id") is not None and not self._restore_roles(meta):
            # Not a cell of the release (a test cell handed in under an id of the student's own): a plain cell,
            # as one the student added.  OverwriteCells would drop only its id, and a solution or grade cell
            # with no id fails nbgrader's validation, which stopped that student's whole notebook with an error.
            self.log.warning("Cell %r is not a cell of the release: graded as a plain cell", meta["grade_id"])
            del cell.metadata["nbgrader"]
        return super().preprocess_cell(cell, resources, cell_index)

    def _restore_roles(self, meta: dict[str, Any]) -> bool:
        """Give the cell its released roles back; whether the release has a cell of its id."""
        name, where = meta["grade_id"], (self.notebook_id, self.assignment_id)
        try:
            self.gradebook.find_source_cell(name, *where)
        except MissingEntry:
            return False
        released = {role: _known(find, name, where) for role, find in (
            ("grade", self.gradebook.find_grade_cell), ("solution", self.gradebook.find_solution_cell),
            ("task", self.gradebook.find_task_cell))}
        for role, was in released.items():
            if bool(meta.get(role, False)) != was:
                self.report_change(name, role, was, meta.get(role))
                meta[role] = was
        if released["grade"] and "points" not in meta:
            meta["points"] = float(self.gradebook.find_grade_cell(name, *where).max_score)
        return True


def _known(find: Any, name: str, where: tuple[str, str]) -> bool:
    try:
        find(name, *where)
    except MissingEntry:
        return False
    return True


def rejections(root: Path | str) -> dict[str, str]:
    """Everything of the course at ``root`` set aside, with its reason.

    A notebook as ``student/assignment/name.ipynb``; another file or a link at
    its path under the assignment's folder; a folder that was a link as
    ``student/assignment.link`` (or ``student.link``).  Links set aside are never followed.
    """
    top = Path(root) / REJECTED
    found = {}
    for folder, _, files in os.walk(top):
        for name in files:
            if not name.endswith(".reason.txt"):
                continue
            reason = Path(folder) / name
            kept = reason.with_name(name.removesuffix(".reason.txt"))
            key = str(kept.relative_to(top)) if os.path.lexists(kept) else f"{kept.relative_to(top)}.ipynb"
            found[key] = reason.read_text(encoding="utf-8").splitlines()[0]
    return dict(sorted(found.items()))


__all__ = ["screen_submission", "RestoreCellRoles", "notebook_problem", "special_file", "set_aside", "set_aside_file", "rejections",
           "Rejection", "REJECTED", "SOURCE_MARKS"]
