"""The class on a real JupyterHub: students are kept apart, and nothing handed in is lost.

One hub serves the whole module (starting one costs about 20 s, each server
another 20 s on a loaded machine): the roster's students as system users
``abtest-<id>``, removed afterwards.  Student A is the roster's first, B its
second.  Each refusal is checked beside its positive control (B reaches what A
is refused), so a test cannot pass because nothing answers at all.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from .hubclient import Session, hubs, need_hub

pytestmark = [pytest.mark.slow, pytest.mark.hub, pytest.mark.timeout(900)]
ASSIGNMENT = "write-the-search"


@pytest.fixture(scope="module")
def hub() -> Iterator[hubs.Hub]:
    need_hub()
    # Not pytest's tmp_path: its folder is root's alone, and every user must reach the exchange in it.
    with tempfile.TemporaryDirectory(prefix="abteach-hub-test-") as folder, \
            hubs.running_hub("abtest-", Path(folder), log=Path(folder) / "hub.log") as running:
        # The instructor releases the assignment, from a shell as nbgrader's docs do it.
        nbgrader = str(hubs.VENV / "bin" / "nbgrader")
        for command in (["generate_assignment", ASSIGNMENT], ["release_assignment", ASSIGNMENT]):
            hubs.run_as(running.course.instructor, [nbgrader, *command], cwd=running.course_root)
        yield running


@pytest.fixture(scope="module")
def a_and_b(hub: hubs.Hub) -> tuple[Session, Session]:
    a, b = (Session(hub, user) for user in hub.course.students[:2])
    for session in (a, b):
        session.log_in()
    b.start_server()
    return a, b


def nbgrader(hub: hubs.Hub, user: str, *args: str, check: bool = True) -> str:
    return hubs.run_as(user, [str(hubs.VENV / "bin" / "nbgrader"), *args], check=check).stdout


def submit(hub: hubs.Hub, student: str) -> None:
    home = hub.home(student)
    if not (home / ASSIGNMENT).exists():
        nbgrader(hub, student, "fetch_assignment", ASSIGNMENT)
    nbgrader(hub, student, "submit", ASSIGNMENT)


def refused(hub: hubs.Hub, user: str, command: list[str]) -> bool:
    done = hubs.run_as(user, command, check=False)
    return done.returncode != 0 and ("Permission denied" in done.stderr or "Operation not permitted" in done.stderr)


def test_a_student_is_refused_another_students_server_over_http(a_and_b):
    a, b = a_and_b
    for path in (f"/user/{b.user}/api/contents", f"/user/{b.user}/lab", f"/user/{b.user}/api/kernels"):
        assert b.request("GET", path)[0] == 200, path
        assert a.request("GET", path)[0] == 403, path
    # The hub's API does not even say whether B exists: 404, as for a name nobody has.
    assert b.request("GET", f"/hub/api/users/{b.user}")[0] == 200
    assert a.request("GET", f"/hub/api/users/{b.user}")[0] in (403, 404)
    assert a.request("POST", f"/hub/api/users/{b.user}/server")[0] in (403, 404)
    assert b.request("GET", f"/hub/api/users/{b.user}")[0] == 200


def test_a_student_cannot_read_another_students_files_nor_the_instructors_source(hub, a_and_b):
    a, b = a_and_b
    lecture = hub.home(b.user) / "lectures" / "02-alpha-beta.ipynb"
    source = hub.course_root / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert not refused(hub, b.user, ["cat", str(lecture)])
    assert refused(hub, a.user, ["cat", str(lecture)])
    assert refused(hub, a.user, ["ls", str(hub.home(b.user))])
    assert not refused(hub, hub.course.instructor, ["cat", str(source)])
    assert refused(hub, a.user, ["cat", str(source)])
    assert refused(hub, b.user, ["ls", str(hub.course_root)])


def test_a_student_cannot_find_another_students_submission(hub, a_and_b):
    a, b = a_and_b
    submit(hub, b.user)
    inbound = hub.exchange / hubs.COURSE_ID / "inbound"
    handed = [p for p in inbound.iterdir() if p.name.startswith(f"{b.user}+")]
    assert handed, "B's submission is not in the exchange"
    # Everyone may put a submission in, nobody but the instructor may list them, and a submission's name ends
    # in 12 random characters: nbgrader's way of keeping one student from finding another's.
    assert refused(hub, a.user, ["ls", str(inbound)])
    assert not refused(hub, hub.course.instructor, ["ls", str(inbound)])
    assert len(handed[0].name.rsplit("+", 1)[1]) >= 12
    assert refused(hub, a.user, ["ls", str(hub.home(b.user) / ASSIGNMENT)])
    # Even knowing the name, nobody else can move the submission away (inbound's sticky bit).
    assert refused(hub, a.user, ["mv", str(handed[0]), str(inbound / "taken")])
    assert handed[0].exists()


def test_resubmitting_keeps_the_earlier_submissions_timestamp(hub):
    student = hub.course.students[2]
    submit(hub, student)
    time.sleep(1.1)
    submit(hub, student)
    inbound = sorted(p.name for p in (hub.exchange / hubs.COURSE_ID / "inbound").iterdir()
                     if p.name.startswith(f"{student}+"))
    assert len(inbound) == 2, inbound
    stamps = sorted(name.split("+")[2] for name in inbound)
    assert stamps[0] < stamps[1]
    # The student's own record of what they handed in lists both, the first one with its first timestamp.
    listed = hubs.run_as(student, [str(hubs.VENV / "bin" / "nbgrader"), "list", "--cached"]).stderr
    assert sorted(re.findall(rf"{student} {ASSIGNMENT} (.+ UTC)", listed)) == stamps, listed


def test_a_submission_survives_a_hub_restart(hub):
    student = hub.course.students[0]
    submit(hub, student)
    hubs.restart(hub, log=hub.state / "hub.log")
    session = Session(hub, student)
    session.log_in()
    assert session.request("GET", f"/hub/api/users/{student}")[0] == 200
    nbgrader(hub, hub.course.instructor, "collect", ASSIGNMENT, "--update")
    assert (hub.course_root / "submitted" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").exists()


def test_a_students_work_survives_a_server_restart(hub, a_and_b):
    _, b = a_and_b
    work = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("mine = 'work in progress'")])
    path = f"/user/{b.user}/api/contents/my-work.ipynb"
    b.start_server()
    status, _ = b.request("PUT", path, {"type": "notebook", "format": "json", "content": json.loads(nbformat.writes(work))})
    assert status in (200, 201)
    b.stop_server()
    assert Path(hub.home(b.user) / "my-work.ipynb").exists()
    b.start_server()
    status, body = b.request("GET", path)
    assert status == 200
    assert json.loads(body)["content"]["cells"][0]["source"] == "mine = 'work in progress'"
