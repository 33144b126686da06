"""A class of the abteach course on one machine: real system users, nbgrader's exchange, and JupyterHub.

``make hub`` runs ``python course/hub/hub.py start``: as root, it creates a
system user for the instructor and for every student of ``course/roster.csv``
(each with a home of their own, mode 700), puts the lectures and the course's
nbgrader settings in each home and the course's assignments in the
instructor's, makes nbgrader's exchange (world-writable with the sticky bit, as
nbgrader documents, and the course's ``inbound`` sticky as well), and starts JupyterHub with ``jupyterhub_config.py`` from
the hub's own venv, ``.venv-hub``.  Nothing a user already has is replaced: a
lecture or an assignment already in a home stays as it is.

``make hub-demo`` and the tests use :func:`running_hub`, which does the same
for users whose names carry a prefix (``abdemo-ada``), on free ports, and
removes those users, their processes and their homes afterwards.

Examples
--------
>>> read_roster(COURSE / "roster.csv")[:2]
('ada', 'alan')
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import http.cookiejar
import json
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
COURSE = HERE.parent
REPO = COURSE.parent
VENV = REPO / ".venv-hub"
PROXY = REPO / "build" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
#: The comment every user this script creates carries; only such users are ever changed or removed.
MARK = "abteach hub user"
#: The first line of every settings file this script writes into a home; a file without it is the user's own.
HEADER = "# Written by abteach's course/hub/hub.py, which rewrites it; a file without this line is left alone."
#: nbgrader's menus a student has no use for: they are the instructor's.
INSTRUCTOR_ONLY_LAB = ("@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                       "@jupyter/nbgrader:course-list")
COURSE_ID = "abteach"


@dataclass(frozen=True)
class Course:
    """Who is in the class: the students' and the instructor's system user names."""

    students: tuple[str, ...]
    instructor: str = "instructor"

    @property
    def users(self) -> tuple[str, ...]:
        return (self.instructor, *self.students)

    @classmethod
    def from_roster(cls, roster: Path, prefix: str = "") -> Course:
        """The roster's ids (``ada``), each after ``prefix`` (``abdemo-ada``), and ``<prefix>instructor``."""
        course = cls(tuple(prefix + s for s in read_roster(roster)), prefix + "instructor")
        for user in course.users:
            # A system user's name: the roster's ids and the prefix become account names as they are.
            if not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", user):
                raise ValueError(f"user name {user!r} (prefix {prefix!r}, roster {roster}): use at most 32 "
                                 "lower-case letters, digits and '-', starting with a letter")
        return course


@dataclass
class Hub:
    """A running hub: where it answers, its users, and the process to stop."""

    url: str
    course: Course
    password: str
    state: Path
    exchange: Path
    process: subprocess.Popen[bytes] | None = None
    settings: dict[str, object] = field(default_factory=dict)

    def home(self, user: str) -> Path:
        return Path(pwd.getpwnam(user).pw_dir)

    @property
    def course_root(self) -> Path:
        """The instructor's nbgrader course folder."""
        return self.home(self.course.instructor) / "course"


@dataclass
class Session:
    """One user's cookies with one hub."""

    hub: Hub
    user: str
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def __post_init__(self) -> None:
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def xsrf(self, path: str) -> str:
        """The _xsrf cookie that applies to ``path`` (the hub's, or the user's server's)."""
        best, value = "", ""
        for cookie in self.jar:
            if cookie.name == "_xsrf" and path.startswith(cookie.path) and len(cookie.path) >= len(best):
                best, value = cookie.path, cookie.value or ""
        return urllib.parse.unquote(value)

    def request(self, method: str, path: str, body: object = None) -> tuple[int, bytes]:
        """(status, body) of ``method path``, redirects followed; an HTTP error is a status, not an exception."""
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        req = urllib.request.Request(self.hub.url + path, data=data, method=method,
                                     headers={"X-XSRFToken": self.xsrf(path), "Content-Type": "application/json"})
        try:
            with self.opener.open(req, timeout=120) as reply:
                return reply.status, reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def log_in(self) -> None:
        self.request("GET", "/hub/login")
        form = urllib.parse.urlencode({"username": self.user, "password": self.hub.password,
                                       "_xsrf": self.xsrf("/hub/login")}).encode()
        req = urllib.request.Request(self.hub.url + "/hub/login?next=", data=form, method="POST")
        with self.opener.open(req, timeout=120):
            pass
        assert any(c.name == "jupyterhub-session-id" for c in self.jar), f"{self.user} could not log in"

    def start_server(self, seconds: float = 300) -> None:
        """Ask the hub for this user's server and wait until it answers this user (after the OAuth round)."""
        self.request("POST", f"/hub/api/users/{self.user}/server")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            # A page, not the API: only a page sends a browser through the OAuth round, and sets the _xsrf cookie.
            if self.request("GET", f"/user/{self.user}/lab")[0] == 200:
                status, body = self.request("GET", f"/user/{self.user}/api/status")
                if status == 200 and b"started" in body:
                    return
            time.sleep(2)
        raise TimeoutError(f"{self.user}'s server did not answer within {seconds:.0f} s")

    def stop_server(self, seconds: float = 120) -> None:
        self.request("DELETE", f"/hub/api/users/{self.user}/server")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status, body = self.request("GET", f"/hub/api/users/{self.user}")
            if status == 200 and not json.loads(body).get("servers"):
                return
            time.sleep(1)
        raise TimeoutError(f"{self.user}'s server did not stop within {seconds:.0f} s")


def read_roster(path: Path) -> tuple[str, ...]:
    """The student ids of a roster CSV with an ``id`` column."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows or "id" not in rows[0]:
        raise ValueError(f"roster {path} has no 'id' column")
    return tuple(row["id"].strip() for row in rows)


def require_root(what: str = "make hub") -> None:
    """Stop, saying what is needed, unless this process can create users and start servers as them."""
    if os.geteuid() != 0:
        raise SystemExit(
            f"{what} needs root: it creates a system user for the instructor and for each student of "
            "course/roster.csv (useradd -m), and JupyterHub starts each one's server as that user. "
            "Run it as root (sudo make ...), on a machine or container where creating users is fine.")


def exit_on_sigterm() -> None:
    """Turn SIGTERM (a `timeout`, a service manager) into an exit that runs the clean-up of ``finally`` blocks."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def is_ours(user: str) -> bool:
    try:
        return pwd.getpwnam(user).pw_gecos == MARK
    except KeyError:
        return False


def ensure_user(user: str) -> None:
    """Create ``user`` with a private home, unless this script already did; refuse anyone else's user."""
    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--comment", MARK, "--shell", "/bin/bash", "--user-group", user],
                       check=True)
        entry = pwd.getpwnam(user)
    if entry.pw_gecos != MARK:
        raise SystemExit(f"user {user!r} already exists and was not made by course/hub/hub.py; "
                         "give the class another prefix (--prefix) rather than share that account")
    # Debian's useradd leaves homes world-readable: nobody reads another student's work.
    os.chmod(entry.pw_dir, 0o700)


def _own(path: Path, user: str) -> None:
    entry = pwd.getpwnam(user)
    os.chown(path, entry.pw_uid, entry.pw_gid)


def _put(path: Path, text: str, user: str) -> None:
    """Write a settings file of ours into a home, never over a file the user made."""
    if path.exists() and not path.read_text().startswith(HEADER):
        print(f"left {path} as it is: it is the user's own")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in (p for p in path.parents if p.is_relative_to(Path(pwd.getpwnam(user).pw_dir))):
        _own(parent, user)
    path.write_text(f"{HEADER}\n{text}")
    _own(path, user)


def _copy_missing(source: Path, target: Path, user: str) -> None:
    """Copy a file or folder into a home where nothing of that name is yet."""
    if target.exists():
        return
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)
    for path in [target, *target.rglob("*")] if target.is_dir() else [target]:
        _own(path, user)
    _own(target.parent, user)


def install_seed(root: Path, user: str) -> None:
    """The course's hidden seed, where the grader reads it: ``root/.hidden-seed``, the instructor's alone (mode 600).

    It is the repository's (``ABTEACH_HIDDEN_SEED``, else ``course/.hidden-seed``, made on first use), written
    again at every start, so a seed the instructor changed there reaches the hub's grader.
    """
    from abteach.grading.secret import hidden_seed, seed_file
    path = seed_file(root)
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(hidden_seed(COURSE) + "\n")
    _own(path, user)


def install_home(user: str, exchange: Path, *, instructor: bool) -> None:
    """The lectures, the course's nbgrader settings and, for the instructor, the course folder."""
    home = Path(pwd.getpwnam(user).pw_dir)
    for lecture in sorted((REPO / "notebooks").glob("*.ipynb")):
        _copy_missing(lecture, home / "lectures" / lecture.name, user)
    config = home / ".jupyter"
    common = f'c.CourseDirectory.course_id = "{COURSE_ID}"\nc.Exchange.root = "{exchange}"\n'
    if instructor:
        root = home / "course"
        _copy_missing(COURSE / "source", root / "source", user)
        _copy_missing(COURSE / "nbgrader_config.py", root / "nbgrader_config.py", user)
        install_seed(root, user)
        _put(config / "nbgrader_config.py",
             f"c = get_config()  # noqa: F821\n# The course's own settings (the grader's preprocessors), then where it is.\n"
             f'load_subconfig("{root / "nbgrader_config.py"}")  # noqa: F821\n'
             f'c.CourseDirectory.root = "{root}"\n{common}', user)
        return
    _put(config / "nbgrader_config.py", f"c = get_config()  # noqa: F821\n{common}", user)
    _put(config / "jupyter_server_config.json",
         json.dumps({"ServerApp": {"jpserver_extensions": {"nbgrader.server_extensions.formgrader": False}}}), user)
    # JupyterLab reads page_config.json as JSON: the header cannot go in it, so ours is recognised by its content.
    page = config / "labconfig" / "page_config.json"
    ours = json.dumps({"disabledExtensions": {name: True for name in INSTRUCTOR_ONLY_LAB}})
    if not page.exists() or page.read_text() == ours:
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(ours)
        for path in (page, page.parent, config):
            _own(path, user)


def run_as(user: str, command: list[str], cwd: Path | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run ``command`` as ``user`` alone (their uid, their group, no other group), in their home by default."""
    entry = pwd.getpwnam(user)
    env = {"PATH": f"{VENV / 'bin'}:/usr/bin:/bin", "HOME": entry.pw_dir, "USER": user, "LOGNAME": user}
    done = subprocess.run(command, cwd=cwd or entry.pw_dir, env=env, user=entry.pw_uid, group=entry.pw_gid,
                          extra_groups=[], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} as {user} failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done


def make_exchange(state: Path) -> Path:
    """nbgrader's exchange: everyone may write, nobody may remove what another put there (sticky bit)."""
    exchange = state / "exchange"
    exchange.mkdir(parents=True, exist_ok=True)
    os.chmod(exchange, 0o1777)
    return exchange


def make_course_folders(exchange: Path, instructor: str) -> None:
    """The course's folders in the exchange, the instructor's, as nbgrader's release makes them, but for one bit.

    nbgrader's ``inbound`` (0733 with set-gid) lets a student hand in without seeing anyone else's submission,
    yet lets them remove one whose name they know; the sticky bit stops that.  nbgrader keeps the mode of a
    folder that exists, so it stays.
    """
    course = exchange / COURSE_ID
    for path, mode in ((course, 0o755), (course / "outbound", 0o755), (course / "inbound", 0o3733)):
        path.mkdir(exist_ok=True)
        _own(path, instructor)
        os.chmod(path, mode)


def prepare(course: Course, state: Path) -> Path:
    """Users, homes and the exchange for ``course``; returns the exchange."""
    require_root()
    state.mkdir(parents=True, exist_ok=True)
    os.chmod(state, 0o755)
    exchange = make_exchange(state)
    for user in course.users:
        ensure_user(user)
        install_home(user, exchange, instructor=user == course.instructor)
    make_course_folders(exchange, course.instructor)
    return exchange


def check_installed() -> None:
    """Stop, saying what to do, unless the hub's venv and proxy are installed where every user can run them."""
    for path, how in ((VENV / "bin" / "jupyterhub", "make .venv-hub/.installed-hub"),
                      (PROXY, "make build/hub-proxy/.installed")):
        if not path.exists():
            raise SystemExit(f"{path} is missing: run `{how}` (or `make hub`, which installs both)")
    # Each student's server runs from the venv as that student: every folder on the way must let others through.
    python = (VENV / "bin" / "python").resolve()
    for folder in [*reversed(python.parents), *reversed(REPO.parents), REPO]:
        if not os.stat(folder).st_mode & 0o001:
            raise SystemExit(f"{folder} lets no other user through (mode {os.stat(folder).st_mode & 0o777:o}), so no "
                             f"student's server can run from {VENV}: put the repository and the venv's Python "
                             "where every user can read them (make hub uses /usr/bin/python3 when there is one)")


def write_settings(hub: Hub, port: int, **extra: object) -> Path:
    """The per-run facts jupyterhub_config.py reads, in the hub's private folder."""
    private = hub.state / "hub"
    private.mkdir(parents=True, exist_ok=True)
    os.chmod(private, 0o700)
    hub.settings = {"port": port, "hub_port": free_port(), "proxy_api_port": free_port(),
                    "password": hub.password, "students": list(hub.course.students),
                    "instructor": hub.course.instructor, "venv": str(VENV), "proxy": str(PROXY),
                    "state": str(private), **extra}
    path = private / "settings.json"
    path.write_text(json.dumps(hub.settings, indent=1))
    os.chmod(path, 0o600)
    return path


def start(hub: Hub, settings: Path, log: Path | None = None) -> None:
    """Start JupyterHub in a process group of its own and wait until it answers."""
    env = {**os.environ, "ABTEACH_HUB_SETTINGS": str(settings),
           "PATH": f"{VENV / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = open(log, "ab") if log else None
    hub.process = subprocess.Popen([str(VENV / "bin" / "jupyterhub"), "-f", str(HERE / "jupyterhub_config.py")],
                                   cwd=settings.parent, env=env, stdout=out, stderr=subprocess.STDOUT if out else None,
                                   start_new_session=True)
    wait_for(f"{hub.url}/hub/health", hub.process, seconds=120)


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterHub exited with status {process.returncode} before answering at {url}")
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(url, timeout=5) as reply:
                if reply.status == 200:
                    return
        time.sleep(0.5)
    raise TimeoutError(f"JupyterHub did not answer at {url} within {seconds:.0f} s")


def stop(hub: Hub) -> None:
    """Stop the hub (which stops the servers it started), then any process still left of the class's users."""
    if hub.process is not None and hub.process.poll() is None:
        hub.process.send_signal(signal.SIGTERM)
        try:
            hub.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(hub.process.pid, signal.SIGKILL)
            hub.process.wait()
    if hub.process is not None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(hub.process.pid, signal.SIGKILL)
    kill_processes_of(hub.course.users)


def processes_of(users: tuple[str, ...]) -> list[int]:
    """The process ids owned by these users (the class's servers and kernels, and nothing else)."""
    uids = set()
    for user in users:
        with contextlib.suppress(KeyError):
            uids.add(pwd.getpwnam(user).pw_uid)
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if entry.stat().st_uid in uids:
                    found.append(int(entry.name))
    return found


def kill_processes_of(users: tuple[str, ...]) -> None:
    for _ in range(20):
        pids = processes_of(users)
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)


def remove_users(users: tuple[str, ...]) -> None:
    """Remove users this script made, with their homes; any other user is left alone."""
    kill_processes_of(tuple(u for u in users if is_ours(u)))
    for user in users:
        if is_ours(user):
            subprocess.run(["userdel", "--remove", user], check=False, capture_output=True)


@contextlib.contextmanager
def running_hub(prefix: str, state: Path, *, log: Path | None = None, course: Course | None = None,
                **extra: object) -> Iterator[Hub]:
    """A hub for the roster's students under ``prefix`` (or ``course``), on free ports; users and processes removed after.

    ``extra`` goes into the settings that jupyterhub_config.py reads (timeouts, ``concurrent_spawn_limit``).
    """
    require_root("a hub of test users")
    check_installed()
    course = course or Course.from_roster(COURSE / "roster.csv", prefix)
    # Users left by an earlier run that was killed before it could clean up.
    remove_users(course.users)
    port = free_port()
    hub = Hub(url=f"http://127.0.0.1:{port}", course=course, password=secrets.token_urlsafe(12),
              state=state, exchange=state / "exchange")
    try:
        prepare(course, state)
        start(hub, write_settings(hub, port, **extra), log)
        yield hub
    finally:
        stop(hub)
        remove_users(course.users)


def restart(hub: Hub, log: Path | None = None) -> None:
    """Stop only the hub process (servers keep running if the settings say so) and start it again."""
    assert hub.process is not None
    hub.process.send_signal(signal.SIGTERM)
    hub.process.wait(timeout=60)
    start(hub, hub.state / "hub" / "settings.json", log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("start", help="create the class's users and homes, then run JupyterHub until Ctrl-C")
    run.add_argument("--state", type=Path, default=REPO / "build" / "hub", help="the hub's database and the exchange")
    run.add_argument("--port", type=int, default=8000)
    run.add_argument("--prefix", default="", help="put before every user name (default: the roster's ids as they are)")
    remove = sub.add_parser("remove-users", help="remove the class's users (only those this script made) and homes")
    remove.add_argument("--prefix", default="")
    args = parser.parse_args()
    require_root()
    exit_on_sigterm()
    course = Course.from_roster(COURSE / "roster.csv", args.prefix)
    if args.command == "remove-users":
        remove_users(course.users)
        return
    check_installed()
    state = args.state.resolve()
    password_file = state / "hub" / "demo-password"
    hub = Hub(url=f"http://127.0.0.1:{args.port}", course=course, password="", state=state,
              exchange=state / "exchange")
    prepare(course, state)
    hub.password = password_file.read_text().strip() if password_file.exists() else secrets.token_urlsafe(12)
    settings = write_settings(hub, args.port)
    password_file.write_text(hub.password)
    os.chmod(password_file, 0o600)
    try:
        start(hub, settings)
        print(f"JupyterHub is at {hub.url}/ - log in as {course.instructor} or {', '.join(course.students)}, "
              f"password {hub.password} (kept in {password_file}). Ctrl-C stops it.", flush=True)
        assert hub.process is not None
        hub.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        stop(hub)


if __name__ == "__main__":
    main()
