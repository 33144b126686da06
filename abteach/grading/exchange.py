"""Collect only what a student handed in themselves: nbgrader's exchange collect, with ownership enforced.

On a shared machine (the course's hub, ``course/hub/hub.py``) every student is
a system user whose name is their nbgrader student id, and nbgrader's exchange
``inbound`` folder lets every user create a folder in it.  nbgrader's
``ExchangeCollect`` reads the student from the folder's NAME
(``inbound/<student>+<assignment>+<timestamp>+<random>``), collects each
student's newest one, and only warns when the folder belongs to someone else
(``check_owner``).  So a student who creates ``inbound/ada+<assignment>+<a
far-future timestamp>+x`` has their notebook graded as ada's, and ada's own
submission is never collected.

:class:`OwnedCollect` (``c.ExchangeFactory.collect`` in
``course/nbgrader_config.py``) drops every record that is not wholly its
student's, and says so at ERROR level, before it picks each student's newest:

- a folder that is not a folder (a link to another student's submission
  included), or that no system user of the student's name owns;
- a folder holding anything, at any depth, another user owns;
- a name nbgrader cannot read (no timestamp, or one that is not a date, which
  made nbgrader's own collect stop the whole class), or another assignment's.

What is dropped stays in the exchange for the instructor to look at.  The check
is always made, whatever ``check_owner`` says: it is what this class is for.
Where every server runs as one user (``jovyan`` on Kubernetes), ownership
cannot tell students apart, every record is dropped, and the log says why:
keep nbgrader's own collect there.

Examples
--------
>>> from pathlib import Path
>>> Record.of(Path("inbound/ada+by-hand+2024-05-01 10:00:00.000000 UTC+ab12"), "by-hand").student
'ada'
>>> Record.of(Path("inbound/ada+by-hand+soon+ab12"), "by-hand")
Traceback (most recent call last):
...
ValueError: inbound/ada+by-hand+soon+ab12: the timestamp 'soon' is not a date
"""

from __future__ import annotations

import datetime
import glob
import os
import pwd
import stat
from dataclasses import dataclass
from pathlib import Path

from nbgrader.api import Gradebook, MissingEntry
from nbgrader.exchange.default.collect import ExchangeCollect
from nbgrader.utils import check_mode, parse_utc


@dataclass(frozen=True)
class Record:
    """One folder of ``inbound``, as its name describes it: whose, which assignment, when."""

    folder: Path
    student: str
    assignment: str
    timestamp: datetime.datetime

    @classmethod
    def of(cls, folder: Path, assignment: str) -> Record:
        """Read ``folder``'s name as nbgrader writes it; ValueError, naming the folder, for any other name."""
        # As nbgrader splits it: from the right, so a student id may hold '+'.
        parts = folder.name.rsplit("+", 3)
        if len(parts) < 3 or not parts[0]:
            raise ValueError(f"{folder}: not <student>+<assignment>+<timestamp>[+<random>]")
        student, named, stamp = parts[:3]
        if named != assignment:
            raise ValueError(f"{folder}: names assignment {named!r}, not {assignment!r}")
        try:
            timestamp = parse_utc(stamp)
        except (ValueError, OverflowError) as error:
            raise ValueError(f"{folder}: the timestamp {stamp!r} is not a date") from error
        return cls(folder, student, named, timestamp)

    def as_nbgrader(self) -> dict[str, object]:
        """The record as nbgrader's ``ExchangeCollect.copy_files`` reads it."""
        return {"username": self.student, "filename": self.folder.name, "timestamp": self.timestamp}


def _owner(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid} (no such user)"


def ownership_problem(folder: Path, student: str) -> str | None:
    """Why ``folder`` is not wholly ``student``'s, or None when the system user ``student`` owns it and all in it.

    Links are not followed: a link is judged by who made it, and a top folder that is a link is refused.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     ownership_problem(Path(d), pwd.getpwuid(os.getuid()).pw_name) is None
    True
    >>> ownership_problem(Path("/"), "no-such-user-abteach")
    'no system user is named no-such-user-abteach'
    """
    try:
        uid = pwd.getpwnam(student).pw_uid
    except KeyError:
        return f"no system user is named {student}"
    try:
        top = os.lstat(folder)
    except OSError as error:
        return f"it cannot be read ({error.strerror})"
    if not stat.S_ISDIR(top.st_mode):
        return "it is not a folder (a link, or a file)"
    if top.st_uid != uid:
        return f"it is owned by {_owner(top.st_uid)}"
    unreadable: list[OSError] = []
    for parent, folders, files in os.walk(folder, onerror=unreadable.append):
        for name in (*folders, *files):
            path = Path(parent, name)
            try:
                owner = os.lstat(path).st_uid
            except OSError as error:
                unreadable.append(error)
                continue
            if owner != uid:
                return f"{path.relative_to(folder)} in it is owned by {_owner(owner)}"
    if unreadable:
        return f"part of it cannot be read ({unreadable[0]})"
    return None


def newest(records: list[Record], duedate: datetime.datetime | None, before_duedate: bool) -> list[Record]:
    """Each student's record to collect, as nbgrader 0.9.6 chooses it: the newest, or with ``before_duedate``
    the newest one handed in by the due date (the newest of all where there is none).

    Examples
    --------
    >>> t = datetime.datetime
    >>> rs = [Record(Path(f"ada+a+{d}"), "ada", "a", t(2024, 5, d)) for d in (1, 3, 2)]
    >>> [r.timestamp.day for r in newest(rs, None, False)]
    [3]
    >>> [r.timestamp.day for r in newest(rs, t(2024, 5, 2), True)]
    [2]
    """
    chosen = []
    for student in dict.fromkeys(r.student for r in records):
        own = sorted((r for r in records if r.student == student), key=lambda r: r.timestamp, reverse=True)
        in_time = [r for r in own if duedate is not None and r.timestamp <= duedate]
        chosen.append(in_time[0] if before_duedate and in_time else own[0])
    return chosen


class OwnedCollect(ExchangeCollect):
    """nbgrader's exchange collect, collecting only records their student's system user wholly owns.

    ``c.ExchangeFactory.collect = "abteach.grading.exchange.OwnedCollect"``.  Each record left out is logged at
    ERROR level with the reason, and left in the exchange.
    """

    def init_src(self) -> None:
        # nbgrader 0.9.6's init_src, with the records screened before each student's newest is picked.
        if self.coursedir.course_id == "":
            self.fail("No course id specified. Re-run with --course flag.")
        self.course_path = os.path.join(self.root, self.coursedir.course_id)
        self.inbound_path = os.path.join(self.course_path, "inbound")
        if not os.path.isdir(self.inbound_path):
            self.fail(f"Course not found: {self.inbound_path}")
        if not check_mode(self.inbound_path, read=True, execute=True):
            self.fail(f"You don't have read permissions for the directory: {self.inbound_path}")
        with Gradebook(self.coursedir.db_url, self.coursedir.course_id) as gb:
            try:
                self.duedate = gb.find_assignment(self.coursedir.assignment_id).duedate
            except MissingEntry:
                self.duedate = None
        records = self.owned_records()
        self.src_records = [r.as_nbgrader() for r in newest(records, self.duedate, self.before_duedate)]

    def owned_records(self) -> list[Record]:
        """The assignment's records in ``inbound`` that are wholly their student's; every other one is logged."""
        student = self.coursedir.student_id or "*"
        assignment = self.coursedir.assignment_id
        # glob.escape: an assignment id is a name, not a pattern.
        pattern = os.path.join(glob.escape(self.inbound_path), f"{student}+{glob.escape(assignment)}+*")
        kept = []
        for folder in sorted(Path(p) for p in glob.glob(pattern)):
            try:
                record = Record.of(folder, assignment)
            except ValueError as error:
                self.refuse(folder, f"its name cannot be read: {error}")
                continue
            problem = ownership_problem(folder, record.student)
            if problem is None:
                kept.append(record)
            else:
                self.refuse(folder, f"it claims to be {record.student}'s, but {problem}")
        return kept

    def refuse(self, folder: Path, why: str) -> None:
        self.log.error(f"NOT COLLECTED: {folder}: {why}. Someone may have handed it in for another student; "
                       "it is left in the exchange for you to look at, and that student's own newest "
                       "submission, if any, is collected instead.")
