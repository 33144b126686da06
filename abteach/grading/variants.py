"""Per-student variants: every student's own trees, from a course seed and their id.

A student's trees depend only on the course seed, their id and the exercise,
through a hash, so one student's answers fit nobody else's tree, and the
grader derives the same trees again from the same three things.

Examples
--------
>>> student_seed("cs-101-2026", "ada")
'1343c4bccc46090a'
>>> a, b = student_tree("cs-101-2026", "ada"), student_tree("cs-101-2026", "alan")
>>> a.to_nested() != b.to_nested(), a.to_nested() == student_tree("cs-101-2026", "ada").to_nested()
(True, True)
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import Any

from abteach.games.trees import Tree
from abteach.lessons.practice import check_answers, practice_tree

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]*$")


def _check_id(what: str, value: Any) -> str:
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise TypeError(f"{what} must be a str or an int, not {value!r}")
    text = str(value)
    if not text.strip():
        raise ValueError(f"{what} must not be empty")
    return text


def student_seed(course_seed: str | int, student_id: str | int, exercise: str = "hand") -> str:
    """The seed of one student's trees for one exercise: a hash of the three, the same on every machine."""
    course = _check_id("course_seed", course_seed)
    student = _check_id("student_id", student_id)
    ex = _check_id("exercise", exercise)
    return hashlib.sha256(f"{course}\x00{student}\x00{ex}".encode()).hexdigest()[:16]


def student_tree(course_seed: str | int, student_id: str | int, exercise: str = "hand", *,
                 size: str = "small", shape: str = "uniform", rule: str = "textbook", ties: bool = True) -> Tree:
    """One student's tree for one exercise (see :func:`abteach.lessons.practice.practice_tree` for the options)."""
    return practice_tree(size=size, shape=shape, rule=rule, ties=ties,
                         seed=student_seed(course_seed, student_id, exercise))


#: Headers a roster's id column may have, first choice first, as spelled once case, spaces, ``_``, ``-`` and ``.``
#: are ignored: nbgrader's ``id``, and what learning management systems export (Canvas's ``ID`` and ``SIS User
#: ID``, Blackboard's ``Student ID`` and ``Username``, Moodle's ``ID number``).
ID_HEADERS: tuple[str, ...] = ("id", "student id", "studentid", "student number", "sis user id", "sis id",
                               "user id", "userid", "id number", "username", "login id", "sis login id")
#: Headers of a student's whole name, first choice first; else a first and a last name are joined.
NAME_HEADERS: tuple[str, ...] = ("name", "student name", "full name", "student", "display name")
_FIRST_HEADERS: tuple[str, ...] = ("first name", "firstname", "given name")
_LAST_HEADERS: tuple[str, ...] = ("last name", "lastname", "surname", "family name")
#: Delimiters a roster may use: spreadsheets in many locales save CSV with ``;``, and "text" exports use tabs.
DELIMITERS = ",;\t"


def _header_key(header: str) -> str:
    return re.sub(r"[\s_.\-]+", " ", header.strip().lower()).strip()


def _column(header: list[str], choices: tuple[str, ...]) -> int | None:
    """Where the first of ``choices`` is in ``header``, or None."""
    keys = [_header_key(h) for h in header]
    for choice in choices:
        if choice in keys:
            return keys.index(choice)
    return None


def _roster_text(p: FilePath, shown: str) -> str:
    """The roster's text: UTF-8 with or without a byte-order mark, or UTF-16 with one (a spreadsheet's "Unicode text")."""
    data = p.read_bytes()
    try:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ValueError(f"roster {shown} is not UTF-8 text (byte {err.start} is {data[err.start:err.start + 1]!r}): "
                         "save it as \"CSV UTF-8\"") from None


def _delimiter(first_line: str) -> str:
    """The delimiter that splits the header line into the most columns; a comma when none does."""
    counts = {d: len(next(csv.reader([first_line], delimiter=d), [])) for d in DELIMITERS}
    best = max(counts.values())
    return next(d for d in DELIMITERS if counts[d] == best)


def _is_points_row(row: list[str], sid: str, name_at: int | None) -> bool:
    """Canvas's gradebook export puts a "Points Possible" row, with no id, under its header."""
    return not sid and name_at is not None and name_at < len(row) and row[name_at].strip() == "Points Possible"


#: The name Canvas gives the pretend student of its Student View, who appears in every gradebook export.
CANVAS_TEST_STUDENT = "Student, Test"


def _is_test_student(row: list[str], name_at: int | None) -> bool:
    """Canvas's own pretend student, not one of the class: no worksheet for them."""
    return name_at is not None and name_at < len(row) and row[name_at].strip() == CANVAS_TEST_STUDENT


def roster(path: str | FilePath) -> list[tuple[str, str]]:
    """``(id, name)`` for each student of a roster CSV with an id column and, optionally, names.

    The id column is the first of :data:`ID_HEADERS` the header has, in any case and spacing (``id``,
    ``ID``, ``Student ID``, ``student_id``, ``SIS User ID``, ...); names come from a ``name`` column
    (:data:`NAME_HEADERS`) or from first and last names (nbgrader's ``first_name``/``last_name``).  Commas,
    semicolons and tabs all work as delimiters, and a UTF-8 byte-order mark is ignored, so a learning
    management system's export works as it is.

    Raises
    ------
    ValueError
        No id column (the message names the file and its header), text that is not UTF-8, an empty or
        repeated id, or an id that cannot be a file name.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> export = pathlib.Path(tempfile.mkdtemp()) / "export.csv"
    >>> _ = export.write_text("\\ufeffStudent;SIS User ID;Section\\nLovelace, Ada;ada;1\\n", encoding="utf-8")
    >>> roster(export)
    [('ada', 'Lovelace, Ada')]
    """
    p = FilePath(path)
    shown = repr(str(path))
    if not p.is_file():
        raise ValueError(f"roster {shown} is not a file")
    text = _roster_text(p, shown)
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    reader = csv.reader(lines, delimiter=_delimiter(first))
    # (line number, cells) of each line with something on it; the number is the file's, for the messages.
    rows = [(reader.line_num, row) for row in reader if any(cell.strip() for cell in row)]
    header = [h.strip() for h in rows[0][1]] if rows else []
    id_at = _column(header, ID_HEADERS)
    if id_at is None:
        raise ValueError(f"roster {shown} needs an 'id' column (or a student id column headed ID, Student ID, "
                         f"student_id, SIS User ID, Username, ID number, ...); its header is {header}")
    name_at = _column(header, NAME_HEADERS)
    first_at, last_at = _column(header, _FIRST_HEADERS), _column(header, _LAST_HEADERS)

    def cell(row: list[str], at: int | None) -> str:
        return row[at].strip() if at is not None and at < len(row) else ""

    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for line, row in rows[1:]:
        sid = cell(row, id_at)
        if _is_points_row(row, sid, name_at) or _is_test_student(row, name_at):
            continue
        if not _ID.match(sid):
            raise ValueError(f"roster {shown} line {line}: id {sid!r} must be letters, digits, _ . @ -")
        if sid in seen:
            raise ValueError(f"roster {shown} line {line}: id {sid!r} appears twice")
        seen.add(sid)
        name = cell(row, name_at) or " ".join(x for x in (cell(row, first_at), cell(row, last_at)) if x)
        out.append((sid, name or sid))
    if not out:
        raise ValueError(f"roster {shown} lists no students")
    return out


@dataclass(frozen=True)
class Sheet:
    """One student's worksheet, and its key.

    Attributes
    ----------
    student_id, name : str
    tree : Tree
    rows : tuple of (name, player, answer, alpha, beta)
        Every node in preorder: its name, who moves there (``'leaf'`` for a
        leaf), what its call returns (or ``'pruned'``), and the window it is
        called with (``None`` when pruned).
    rule : str
    seed : str
        The seed the tree came from, printed so a grader can derive it again.
    """

    student_id: str
    name: str
    tree: Tree
    rows: tuple[tuple[str, str, Any, Any, Any], ...]
    rule: str
    seed: str


def sheets(roster_path: str | FilePath, course_seed: str | int, *, exercise: str = "hand", size: str = "small",
           shape: str = "uniform", rule: str = "textbook", ties: bool = True, edition: int = 3) -> list[Sheet]:
    """Every student's :class:`Sheet` for a roster: their own tree, with its answers for the key."""
    students = roster(roster_path)
    out = []
    for sid, name in students:
        seed = student_seed(course_seed, sid, exercise)
        t = practice_tree(size=size, shape=shape, rule=rule, ties=ties, seed=seed)
        check = check_answers(t, {}, rule=rule, edition=edition)
        rows = []
        for p, v in check.verdicts.items():
            node = t.node(p)
            w = v.expected_window
            rows.append((v.name, "leaf" if node.is_leaf else node.player, v.expected,
                         None if w is None else w[0], None if w is None else w[1]))
        out.append(Sheet(sid, name, t, tuple(rows), rule, seed))
    return out


__all__ = ["student_seed", "student_tree", "roster", "Sheet", "sheets"]
