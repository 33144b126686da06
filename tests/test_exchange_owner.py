"""A student cannot hand in for another: nbgrader's collect, with OwnedCollect, takes only what each student made.

With two real system users created for the test (root needed; removed after),
a real exchange folder laid out as ``course/hub/hub.py`` makes it (``inbound``
3733), and nbgrader's own collect beside ``OwnedCollect`` as the control: the
attack works against nbgrader's, and fails against ours.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
import os
import pwd
import secrets
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("nbgrader")

# nbgrader's own collect, the control, as the module under test subclasses it (the fast tier's check of imports
# wants no nbgrader import at the top of a test module).
from abteach.grading.exchange import ExchangeCollect, OwnedCollect  # noqa: E402

from .strategies import examples  # noqa: E402

COURSE = "abteach"
ASSIGNMENT = "write-the-search"
NOTEBOOK = f"{ASSIGNMENT}.ipynb"
#: The comment on the users this module makes: only such users are removed.
MARK = "abteach test of exchange ownership"
NOW = datetime.datetime(2024, 5, 1, 10, 0, 0)


def stamp(when: datetime.datetime) -> str:
    """A timestamp as nbgrader's submit writes it (Exchange.timestamp_format)."""
    return when.strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def need_root() -> None:
    if os.geteuid() != 0:
        message = "these tests create two system users: run them as root"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module", autouse=True)
def alembic_on_path() -> Iterator[None]:
    # nbgrader's gradebook runs `alembic` by name: the venv's bin/ goes on PATH (RECIPES.md).
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        yield


@pytest.fixture(scope="module")
def gradebook(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One gradebook for the module: nbgrader creates a new one in about 2 s (alembic), and collect only reads it."""
    return f"sqlite:///{tmp_path_factory.mktemp('gradebook') / 'gradebook.db'}"


@pytest.fixture(scope="module")
def students() -> Iterator[tuple[str, str]]:
    """Two fresh system users, A and B, whose names are their student ids, as on the hub."""
    need_root()
    tag = secrets.token_hex(3)
    names = (f"abown-{tag}-a", f"abown-{tag}-b")
    try:
        for name in names:
            subprocess.run(["useradd", "--no-create-home", "--user-group", "--comment", MARK, "--shell",
                            "/usr/sbin/nologin", name], check=True, capture_output=True)
        yield names
    finally:
        for name in names:
            try:
                made = pwd.getpwnam(name).pw_gecos == MARK
            except KeyError:
                made = False
            if made:
                subprocess.run(["userdel", name], check=False, capture_output=True)


@dataclass
class Exchange:
    """A temporary exchange with the course's inbound, and a course folder to collect into."""

    root: Path
    course: Path
    gradebook: str

    @property
    def inbound(self) -> Path:
        return self.root / COURSE / "inbound"

    def hand_in(self, maker: str, named: str, when: datetime.datetime, text: str) -> Path:
        """``maker``'s system user creates a record named for ``named``, as nbgrader's submit lays one out."""
        folder = self.inbound / f"{named}+{ASSIGNMENT}+{stamp(when)}+{secrets.token_hex(6)}"
        script = ('mkdir "$1" && printf %s "$2" > "$1/$3" && printf %s "$4" > "$1/timestamp.txt" '
                  '&& chmod 777 "$1"')
        run_as(maker, ["sh", "-c", script, "sh", str(folder), text, NOTEBOOK, stamp(when)])
        return folder

    def collected(self, student: str) -> str | None:
        path = self.course / "submitted" / student / ASSIGNMENT / NOTEBOOK
        return path.read_text() if path.exists() else None


def run_as(user: str, command: list[str]) -> None:
    entry = pwd.getpwnam(user)
    subprocess.run(command, user=entry.pw_uid, group=entry.pw_gid, extra_groups=[], check=True, cwd="/",
                   env={"PATH": "/usr/bin:/bin"}, capture_output=True)


@contextlib.contextmanager
def new_exchange(gradebook: str) -> Iterator[Exchange]:
    with tempfile.TemporaryDirectory(prefix="abteach-exchange-") as folder:
        # Every user reaches the exchange; inbound as hub.py makes it: anyone may add, nobody else list or remove.
        os.chmod(folder, 0o755)
        root = Path(folder) / "exchange"
        for path, mode in ((root, 0o1777), (root / COURSE, 0o755), (root / COURSE / "inbound", 0o3733)):
            path.mkdir()
            os.chmod(path, mode)
        course = Path(folder) / "course"
        course.mkdir()
        yield Exchange(root, course, gradebook)


@pytest.fixture
def exchange(students, gradebook) -> Iterator[Exchange]:
    with new_exchange(gradebook) as made:
        yield made


def collect(exchange: Exchange, kind: type[ExchangeCollect] = OwnedCollect, **traits: object) -> None:
    """The instructor's ``nbgrader collect ASSIGNMENT``, with ``kind`` as ExchangeFactory.collect."""
    from nbgrader.coursedir import CourseDirectory
    coursedir = CourseDirectory(root=str(exchange.course), course_id=COURSE, assignment_id=ASSIGNMENT,
                                db_url=exchange.gradebook)
    kind(coursedir=coursedir, root=str(exchange.root), log=logging.getLogger("abteach.test.collect"),
         **traits).start()


def refusals(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR and "NOT COLLECTED" in r.getMessage()]


def test_a_forged_newer_record_is_not_collected_and_the_students_own_is(exchange, students, caplog, tmp_path):
    a, b = students
    exchange.hand_in(a, a, NOW, "A's own work")
    forged = exchange.hand_in(b, a, NOW.replace(year=2999), "B's forgery")
    exchange.hand_in(b, b, NOW, "B's own work")
    # The control: nbgrader's own collect grades B's forgery as A's work.
    plain = Exchange(exchange.root, tmp_path, exchange.gradebook)
    collect(plain, ExchangeCollect)
    assert plain.collected(a) == "B's forgery"
    caplog.clear()
    collect(exchange)
    assert exchange.collected(a) == "A's own work"
    assert exchange.collected(b) == "B's own work"
    [said] = refusals(caplog)
    assert str(forged) in said and f"owned by {b}" in said
    assert forged.exists(), "the forged record is left for the instructor to look at"


def test_a_student_who_never_handed_in_gets_nothing_from_a_forgery(exchange, students, caplog):
    a, b = students
    exchange.hand_in(b, a, NOW, "B's forgery")
    collect(exchange)
    assert exchange.collected(a) is None
    assert not (exchange.course / "submitted" / a).exists()
    assert len(refusals(caplog)) == 1


def test_a_link_to_the_students_record_and_a_file_planted_in_it_are_refused(exchange, students, caplog):
    a, b = students
    older = exchange.hand_in(a, a, NOW, "A's first")
    newer = exchange.hand_in(a, a, NOW + datetime.timedelta(hours=1), "A's second")
    # B knows A's newest record's name (nbgrader makes it mode 777): a link to it named newer still, and a file in it.
    link = exchange.inbound / f"{a}+{ASSIGNMENT}+{stamp(NOW.replace(year=2999))}+{secrets.token_hex(6)}"
    run_as(b, ["ln", "-s", str(older), str(link)])
    run_as(b, ["sh", "-c", 'printf %s planted > "$1"', "sh", str(newer / "extra.py")])
    collect(exchange)
    # The newest record wholly A's is the first one.
    assert exchange.collected(a) == "A's first"
    said = refusals(caplog)
    assert any(str(link) in s and "not a folder" in s for s in said), said
    assert any(str(newer) in s and f"extra.py in it is owned by {b}" in s for s in said), said


def test_a_record_whose_name_is_no_date_stops_nobodys_collection(exchange, students, caplog, tmp_path):
    a, b = students
    exchange.hand_in(a, a, NOW, "A's own work")
    bad = exchange.inbound / f"{a}+{ASSIGNMENT}+soon+{secrets.token_hex(6)}"
    run_as(b, ["mkdir", str(bad)])
    from nbgrader.exchange import ExchangeError
    # The control: one such name stops nbgrader's own collect for the whole class.
    with pytest.raises((ValueError, ExchangeError)):
        collect(Exchange(exchange.root, tmp_path, exchange.gradebook), ExchangeCollect)
    collect(exchange)
    assert exchange.collected(a) == "A's own work"
    assert any(str(bad) in s and "'soon' is not a date" in s for s in refusals(caplog))


#: One record: who made it, whom it names, and its rank in time (distinct, so "newest" is never a tie).
RECORDS = st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=6).flatmap(
    lambda pairs: st.permutations(range(len(pairs))).map(lambda ranks: list(zip(pairs, ranks))))


@settings(max_examples=examples(0.5))
@given(records=RECORDS)
def test_each_student_gets_their_own_newest_record_and_every_other_is_reported(students, gradebook, records):
    # A fresh exchange for each example: the fixture's would carry records over.
    with new_exchange(gradebook) as exchange:
        handler = _Capture()
        logger = logging.getLogger("abteach.test.collect")
        logger.addHandler(handler)
        try:
            made = [exchange.hand_in(students[maker], students[named], NOW + datetime.timedelta(minutes=rank),
                                     f"{maker} for {named} at {rank}") for (maker, named), rank in records]
            collect(exchange)
        finally:
            logger.removeHandler(handler)
        for who in (0, 1):
            own = [rank for (maker, named), rank in records if maker == named == who]
            expected = f"{who} for {who} at {max(own)}" if own else None
            assert exchange.collected(students[who]) == expected
        forged = {str(path) for path, ((maker, named), _) in zip(made, records) if maker != named}
        reported = {path for path in map(str, made) for message in handler.messages if path in message}
        assert reported == forged


class _Capture(logging.Handler):
    """The ERROR messages of one example (caplog is function-scoped; hypothesis runs many examples in it)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
