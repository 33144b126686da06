"""The class on a real JupyterHub: students are kept apart, and nothing handed in is lost.

One hub serves the whole module (starting one costs about 20 s, each server
another 20 s on a loaded machine): the roster's students as system users
``abtest-<id>``, removed afterwards.  Student A is the roster's first, B its
second.  Each refusal is checked beside its positive control (B reaches what A
is refused), so a test cannot pass because nothing answers at all.

The hub's own pages, as a student meets them (sign-in, the page of a server
starting, home, an unknown address...), are audited by axe-core for WCAG 2.1 AA
in headless Chromium at 1024×768, in the light and the dark colour scheme, with
every request outside the hub refused.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import nbformat
import pytest
from playwright.sync_api import Page, Route, ViewportSize, sync_playwright

from .axe import Violation, audit, blocking, counts
from .labserver import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, OUTSIDE
from ..hubclient import Session, hubs, need_hub

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


def with_marker(notebook: Path, marker: str) -> str:
    """``notebook``'s text with a first code cell that says ``marker``: whose work a collected copy is."""
    nb = nbformat.read(notebook, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(f"# {marker}"))
    return nbformat.writes(nb)


def test_a_student_cannot_hand_in_for_another(hub):
    a, b = hub.course.students[:2]
    released = hub.course_root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    own, forged = f"handed in by {a} herself", f"forged by {b}"
    # B, as B's system user, puts a record named for A, dated far later than A's, where nbgrader's submit would.
    far = f"{a}+{ASSIGNMENT}+2999-01-01 00:00:00.000000 UTC+{'f' * 12}"
    record = hub.exchange / hubs.COURSE_ID / "inbound" / far
    drop = hub.state / f"from-{b}.ipynb"
    drop.write_text(with_marker(released, forged))
    os.chmod(drop, 0o644)
    hubs.run_as(b, ["sh", "-c", 'mkdir "$1" && cp "$2" "$1/$3" && printf %s "2999-01-01 00:00:00.000000 UTC" '
                    '> "$1/timestamp.txt"', "sh", str(record), str(drop), f"{ASSIGNMENT}.ipynb"])
    assert record.stat().st_uid == pwd.getpwnam(b).pw_uid
    # A hands in her own work, the ordinary way: fetch, answer (as A), submit.
    if not (hub.home(a) / ASSIGNMENT).exists():
        nbgrader(hub, a, "fetch_assignment", ASSIGNMENT)
    drop = hub.state / f"from-{a}.ipynb"
    drop.write_text(with_marker(released, own))
    os.chmod(drop, 0o644)
    hubs.run_as(a, ["cp", str(drop), str(hub.home(a) / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")])
    nbgrader(hub, a, "submit", ASSIGNMENT)
    done = hubs.run_as(hub.course.instructor, [str(hubs.VENV / "bin" / "nbgrader"), "collect", ASSIGNMENT,
                                               "--update"], cwd=hub.course_root)
    collected = (hub.course_root / "submitted" / a / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text()
    assert own in collected and forged not in collected
    reported = [line for line in done.stderr.splitlines() if "NOT COLLECTED" in line]
    assert any(far in line and f"owned by {b}" in line for line in reported), done.stderr[-3000:]


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


# --- The hub's own pages ---------------------------------------------------------------------------------

#: Every page of the hub a student meets on the way below, and how its title begins (each says what it is for).
HUB_PAGES = {"login": "Sign in", "login-failed": "Sign in", "spawn-pending": "Starting your server", "home": "Home",
             "token": "Tokens", "404": "404 Not Found", "not-running": "Your server is not running"}
SCHEMES: tuple[Literal["light", "dark"], ...] = ("light", "dark")
PROJECTOR: ViewportSize = {"width": 1024, "height": 768}
#: JupyterHub's own orange buttons, which course/hub/templates/page.html darkens: axe must find them too dim.
JUPYTERHUB_ORANGE = ".btn-jupyter { --bs-btn-bg: #f37524; --bs-btn-border-color: #f37524; }"


@dataclass(frozen=True)
class Audited:
    """One page of the hub as axe-core found it, in each colour scheme."""

    url: str
    title: str
    violations: dict[str, list[Violation]]


@dataclass
class Walk:
    """What a student's way through the hub met: each page audited, and every request made."""

    pages: dict[str, Audited] = field(default_factory=dict)
    outside: list[str] = field(default_factory=list)
    requested: list[str] = field(default_factory=list)
    orange: list[Violation] = field(default_factory=list)


def need_chromium() -> None:
    if not CHROMIUM.exists():
        message = f"no Chromium at {CHROMIUM}; install it with `apt-get install -y chromium`"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def settled(page: Page) -> Page:
    """``page`` once its colours have stopped changing: axe reads a colour half-way through a transition as it is."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    return page


def audit_schemes(page: Page) -> Audited:
    """Audit ``page`` as it is, in the light colour scheme, then in the dark one (JupyterHub follows the system's)."""
    found: dict[str, list[Violation]] = {}
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function("s => document.documentElement.getAttribute('data-bs-theme') === s", arg=scheme)
        found[scheme] = audit(settled(page))
    page.emulate_media(color_scheme="light")
    return Audited(page.url, page.title(), found)


@pytest.fixture(scope="module")
def hub_walk(hub: hubs.Hub) -> Iterator[Walk]:
    """The roster's first student signs in (wrongly, then rightly), waits for their server, looks around, stops it."""
    need_chromium()
    # In a thread of its own: the browser tests of the same session keep Playwright's loop running in this one,
    # and Playwright's synchronous API refuses to start inside a running loop.
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool.submit(_walk, hub).result()


def _walk(hub: hubs.Hub) -> Walk:
    student = hub.course.students[0]
    api = Session(hub, student)
    api.log_in()
    # The walk must meet the page of a server starting: the student's server is not running at first.
    api.stop_server()
    walk = Walk()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=PROJECTOR).new_page()
            page.on("request", lambda request: walk.requested.append(request.url))

            def refuse(route: Route) -> None:
                walk.outside.append(route.request.url)
                route.abort()

            page.route(OUTSIDE, refuse)

            page.goto(f"{hub.url}/hub/login")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "hub-login.png"))
            walk.pages["login"] = audit_schemes(page)
            page.add_style_tag(content=JUPYTERHUB_ORANGE)
            walk.orange = audit(settled(page))

            page.goto(f"{hub.url}/hub/login")
            page.fill("#username_input", student)
            page.fill("#password_input", hub.password + "-not")
            page.click("#login_submit")
            page.wait_for_selector(".login_error")
            walk.pages["login-failed"] = audit_schemes(page)

            page.fill("#password_input", hub.password)
            page.click("#login_submit")
            page.wait_for_url(re.compile(rf"/hub/spawn-pending/{student}$"))
            # Audited with its progress under way, before the page moves on to the server.
            page.wait_for_function("() => document.getElementById('progress-message').textContent.trim() !== ''")
            walk.pages["spawn-pending"] = audit_schemes(page)
            page.wait_for_url(re.compile(rf"/user/{student}/"), timeout=300_000)

            for name, path in (("home", "/hub/home"), ("token", "/hub/token"), ("404", "/hub/no-such-page")):
                page.goto(hub.url + path)
                page.wait_for_load_state("networkidle")
                walk.pages[name] = audit_schemes(page)

            api.stop_server()
            page.goto(f"{hub.url}/hub/user/{student}/lab")
            page.wait_for_selector("#start")
            walk.pages["not-running"] = audit_schemes(page)
        finally:
            browser.close()
    return walk


def _report(where: str, violations: list[Violation]) -> str:
    return f"{where}: {counts(violations)}\n" + "\n".join(str(v) for v in violations)


@pytest.mark.browser
@pytest.mark.parametrize("name", HUB_PAGES)
def test_each_hub_page_meets_wcag_21_aa(hub_walk: Walk, name: str) -> None:
    audited = hub_walk.pages[name]
    assert audited.title.startswith(HUB_PAGES[name]), (audited.url, audited.title)
    for scheme in SCHEMES:
        found = audited.violations[scheme]
        # Minor and moderate findings are listed in the message, not failed on.
        assert blocking(found) == [], _report(f"{audited.url} ({scheme})", found)


@pytest.mark.browser
def test_the_audit_finds_jupyterhubs_own_orange_too_dim(hub_walk: Walk) -> None:
    """The control: the login page with JupyterHub's orange back fails the audit that it passes."""
    dim = [v for v in blocking(hub_walk.orange) if v.rule == "color-contrast"]
    assert dim and any("login_submit" in node for node in dim[0].nodes), _report("login, orange", hub_walk.orange)


@pytest.mark.browser
def test_the_hubs_pages_load_nothing_from_outside_the_hub(hub: hubs.Hub, hub_walk: Walk) -> None:
    assert hub_walk.outside == []
    # The pages did load their styles and scripts, from the hub itself.
    assert any(url.startswith(f"{hub.url}/hub/static/css/") for url in hub_walk.requested), hub_walk.requested[:20]
    assert any(url.startswith(f"{hub.url}/hub/static/") and ".js" in url for url in hub_walk.requested)
