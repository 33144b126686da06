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


def roster(path: str | FilePath) -> list[tuple[str, str]]:
    """``(id, name)`` for each student of a roster CSV with an ``id`` column and, optionally, ``name``.

    nbgrader's ``db student list`` columns (``id``, ``first_name``, ``last_name``) work too.

    Raises
    ------
    ValueError
        No ``id`` column, an empty or repeated id, or an id that cannot be a file name.
    """
    p = FilePath(path)
    if not p.is_file():
        raise ValueError(f"roster {str(path)!r} is not a file")
    with p.open(newline="", encoding="utf-8-sig") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        header = list(reader.fieldnames or [])
    if "id" not in header:
        raise ValueError(f"roster {str(path)!r} needs an 'id' column; its columns are {header}")
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for line, row in enumerate(rows, start=2):
        sid = (row.get("id") or "").strip()
        if not _ID.match(sid):
            raise ValueError(f"roster {str(path)!r} line {line}: id {sid!r} must be letters, digits, _ . @ -")
        if sid in seen:
            raise ValueError(f"roster {str(path)!r} line {line}: id {sid!r} appears twice")
        seen.add(sid)
        name = (row.get("name") or " ".join(x for x in (row.get("first_name"), row.get("last_name")) if x)).strip()
        out.append((sid, name or sid))
    if not out:
        raise ValueError(f"roster {str(path)!r} lists no students")
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
