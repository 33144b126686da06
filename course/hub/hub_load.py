"""A bounded load test of the class's hub: many students at once, each running lecture 02 and its stepper.

Run it with ``make hub-load`` (as root; by hand, never in the test tiers).  It
starts the course's hub (``hub.py``) for ``--students`` simulated students
(``abload-sNN``, removed afterwards) who arrive over ``--arrival`` seconds.
Each logs in, starts their server, opens a kernel, runs every code cell of
``notebooks/02-alpha-beta.ipynb`` in it, then steps the lecture's first stepper
``--steps`` times.  The whole run stops itself after ``--limit`` seconds,
whatever is unfinished counting as failed.

How a student steps is ``--stepper``:

``browser`` (the stepper students have)
    The page draws every step from the frame data it was sent once, and a step
    sends the kernel nothing (``tests/browser/test_hosts_browser.py`` counts the
    kernel's websocket frames around steps in JupyterLab, Notebook 7 and Voilà:
    none).  So the simulated student sends nothing either: it keeps its kernel's
    websocket open, as the page does, and steps every ``--pace`` seconds, while
    the CPU time of its server and kernel over those steps is measured.  What
    the kernel sent the page for the lecture's widgets (their comm messages,
    frame data included) is counted too.
``kernel``
    Python moves the stepper (``stepper.go(...)``): one execute request a step,
    and one comm message to the page.  The PNG stepper this replaced drew a
    picture in the kernel at each step: its figures are in the README.

It reports memory per student (the server's and the kernel's RSS), the kernel's
start time, the step latency (p50 and p95, ``kernel`` only) under load, CPU per
step (kernel, and kernel with server), failures, and CPU per active student,
and with ``--summary FILE`` writes them as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path

import websocket  # websocket-client, which Jupyter Server brings

import hub as hubs

LECTURE = hubs.REPO / "notebooks" / "02-alpha-beta.ipynb"
#: The first stepper the lecture shows, kept from its cell's output.
FIND_STEPPER = "_load_stepper = [v for v in Out.values() if type(v).__name__ == 'Stepper'][0]"
STEP = "_load_stepper.go((_load_stepper.value + 1) % (_load_stepper.last + 1))"
STEPPERS = ("browser", "kernel")
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Student:
    """One simulated student's figures."""

    name: str
    server_start: float | None = None
    kernel_start: float | None = None
    lecture_run: float | None = None
    steps: list[float] = field(default_factory=list)
    step_cpu: float | None = None
    step_server_cpu: float | None = None
    step_wall: float | None = None
    widget_bytes: int = 0
    server_rss_mb: float | None = None
    kernel_rss_mb: float | None = None
    error: str | None = None


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def pids_by_kind(user: str) -> dict[str, list[int]]:
    """The user's server and kernel processes, told apart by their command lines."""
    kinds: dict[str, list[int]] = {"server": [], "kernel": []}
    for pid in hubs.processes_of((user,)):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if b"ipykernel" in cmdline:
            kinds["kernel"].append(pid)
        elif b"jupyterhub-singleuser" in cmdline:
            kinds["server"].append(pid)
    return kinds


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError):
            pass
    return total / TICKS


class Kernel:
    """A kernel of a user's server, driven over its websocket with the user's API token."""

    def __init__(self, hub: hubs.Hub, user: str, token: str, kernel_id: str) -> None:
        url = hub.url.replace("http://", "ws://") + f"/user/{user}/api/kernels/{kernel_id}/channels"
        self.ws = websocket.create_connection(url, header=[f"Authorization: token {token}"], timeout=300)
        self.session = uuid.uuid4().hex

        self.comm_bytes = 0  # what the kernel sent the page for its widgets: comm messages, frame data included

    def execute(self, code: str) -> None:
        """Run ``code``; raise with the error if it fails."""
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": self.session,
                       "username": "load", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        while True:
            message = self.ws.recv()
            if isinstance(message, bytes):
                self.comm_bytes += len(message)  # a message with binary buffers: a widget's
                continue  # never the reply awaited
            reply = json.loads(message)
            if reply.get("msg_type", "").startswith("comm_"):
                self.comm_bytes += len(message)
            if reply.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if reply["channel"] == "shell" and reply["msg_type"] == "execute_reply":
                if reply["content"]["status"] != "ok":
                    raise RuntimeError(f"{code[:60]!r}: {reply['content'].get('ename')}: "
                                       f"{reply['content'].get('evalue')}")
                return

    def close(self) -> None:
        self.ws.close()


def code_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def one_student(hub: hubs.Hub, student: Student, delay: float, steps: int, deadline: float,
                stepper: str = "browser", pace: float = 0.5) -> None:
    """The student's whole session; any failure is recorded, not raised."""
    try:
        time.sleep(delay)
        session = hubs.Session(hub, student.name)
        session.log_in()
        started = time.perf_counter()
        session.start_server(seconds=max(30.0, deadline - time.monotonic()))
        student.server_start = time.perf_counter() - started
        status, body = session.request("POST", f"/hub/api/users/{student.name}/tokens",
                                       {"note": "load test", "expires_in": 3600})
        assert status in (200, 201), f"token: HTTP {status}"
        token = json.loads(body)["token"]
        started = time.perf_counter()
        status, body = session.request("POST", f"/user/{student.name}/api/kernels", {"name": "python3"})
        assert status in (200, 201), f"kernel: HTTP {status} {body[:200]!r}"
        kernel = Kernel(hub, student.name, token, json.loads(body)["id"])
        kernel.execute("1")
        student.kernel_start = time.perf_counter() - started
        started = time.perf_counter()
        for cell in code_cells(LECTURE):
            kernel.execute(cell)
        kernel.execute(FIND_STEPPER)
        student.lecture_run = time.perf_counter() - started
        student.widget_bytes = kernel.comm_bytes
        kinds = pids_by_kind(student.name)
        kernel_pids, both = kinds["kernel"], kinds["kernel"] + kinds["server"]
        cpu, cpu_both, wall = cpu_seconds(kernel_pids), cpu_seconds(both), time.perf_counter()
        for k in range(steps):
            if time.monotonic() > deadline:
                raise TimeoutError(f"stopped at the time limit after {len(student.steps)} steps")
            started = time.perf_counter()
            if stepper == "kernel":
                kernel.execute(STEP)
                student.steps.append(time.perf_counter() - started)
            else:
                # The page steps on its own: nothing goes to the server.  Sleep to the next step's time.
                time.sleep(max(0.0, wall + (k + 1) * pace - time.perf_counter()))
        student.step_cpu, student.step_wall = cpu_seconds(kernel_pids) - cpu, time.perf_counter() - wall
        student.step_server_cpu = cpu_seconds(both) - cpu_both
        kinds = pids_by_kind(student.name)
        student.server_rss_mb, student.kernel_rss_mb = rss_mb(kinds["server"]), rss_mb(kinds["kernel"])
        kernel.close()
    except Exception as error:  # noqa: BLE001 - a load test counts every kind of failure
        student.error = f"{type(error).__name__}: {error}"


def report(students: list[Student], seconds: float, class_cpu: float, steps_each: int = 0) -> dict[str, object]:
    done = [s for s in students if s.error is None]
    steps = [t for s in done for t in s.steps]

    def mean(values: list[float | None]) -> float | None:
        present = [v for v in values if v is not None]
        return statistics.fmean(present) if present else None

    return {
        "students": len(students), "finished": len(done), "failures": len(students) - len(done),
        "errors": sorted({s.error for s in students if s.error}),
        "seconds": seconds,
        "server_rss_mb_mean": mean([s.server_rss_mb for s in done]),
        "kernel_rss_mb_mean": mean([s.kernel_rss_mb for s in done]),
        "kernel_rss_mb_max": max((s.kernel_rss_mb or 0 for s in done), default=None),
        "server_start_s_p50": percentile([s.server_start for s in done if s.server_start], 0.5) if done else None,
        "server_start_s_max": max((s.server_start or 0 for s in done), default=None),
        "kernel_start_s_p50": percentile([s.kernel_start for s in done if s.kernel_start], 0.5) if done else None,
        "kernel_start_s_p95": percentile([s.kernel_start for s in done if s.kernel_start], 0.95) if done else None,
        "lecture_run_s_p50": percentile([s.lecture_run for s in done if s.lecture_run], 0.5) if done else None,
        "step_s_p50": percentile(steps, 0.5) if steps else None,
        "step_s_p95": percentile(steps, 0.95) if steps else None,
        "steps": len(steps) or steps_each * len(done),
        "cpu_cores_per_stepping_student": mean([s.step_cpu / s.step_wall for s in done if s.step_cpu is not None and s.step_wall]),
        "cpu_s_per_step": mean([s.step_cpu / steps_each for s in done if steps_each and s.step_cpu is not None]),
        "cpu_s_per_step_with_server": mean([s.step_server_cpu / steps_each for s in done
                                            if steps_each and s.step_server_cpu is not None]),
        "widget_kb_sent_per_student": mean([s.widget_bytes / 1024 for s in done]),
        "class_cpu_s": class_cpu,
        "cpu_cores_per_active_student": class_cpu / seconds / max(1, len(students)),
    }


def watch_cpu(course: hubs.Course, stop: threading.Event, totals: dict[str, float]) -> None:
    """Add up the CPU time of the class's processes (servers and kernels), sampling each until it ends."""
    last: dict[int, float] = {}
    while not stop.wait(1.0):
        for pid in hubs.processes_of(course.users):
            last[pid] = cpu_seconds([pid])
    totals["cpu"] = sum(last.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--arrival", type=float, default=60.0, help="students arrive evenly over this many seconds")
    parser.add_argument("--limit", type=float, default=480.0,
                        help="stop after this many seconds of load (with set-up and clean-up, within 10 minutes)")
    parser.add_argument("--stepper", choices=STEPPERS, default="browser",
                        help="how a student steps: in the page (browser), or by Python through the kernel")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a browser student's steps")
    parser.add_argument("--summary", type=Path, help="write the figures here as JSON")
    args = parser.parse_args()
    for name, value in (("--students", args.students), ("--steps", args.steps), ("--limit", args.limit),
                        ("--pace", args.pace)):
        if value <= 0:
            raise SystemExit(f"{name} must be positive, not {value}")
    hubs.require_root("make hub-load")
    hubs.exit_on_sigterm()
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    course = hubs.Course(tuple(f"abload-s{i:02d}" for i in range(args.students)), "abload-instructor")
    with tempfile.TemporaryDirectory(prefix="abteach-hub-load-") as folder:
        state = Path(folder)
        state.chmod(0o755)
        with hubs.running_hub("abload-", state, log=state / "hub.log", course=course,
                              http_timeout=300, start_timeout=400) as hub:
            students = [Student(name) for name in course.students]
            started = time.monotonic()
            deadline = started + args.limit
            stop, totals = threading.Event(), {"cpu": 0.0}
            watcher = threading.Thread(target=watch_cpu, args=(course, stop, totals), daemon=True)
            watcher.start()
            threads = [threading.Thread(target=one_student, daemon=True,
                                        args=(hub, s, i * args.arrival / args.students, args.steps, deadline,
                                              args.stepper, args.pace))
                       for i, s in enumerate(students)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=max(0.0, deadline + 30 - time.monotonic()))
            seconds = time.monotonic() - started
            stop.set()
            watcher.join()
            for student, thread in zip(students, threads):
                if thread.is_alive() and student.error is None:
                    student.error = "TimeoutError: unfinished at the time limit"
    figures = report(students, seconds, totals["cpu"], args.steps)
    figures["stepper"] = args.stepper
    figures["load_average_before"] = load_before
    figures["load_average_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    figures["machine"] = f"{os.cpu_count()} cores, {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB"
    print(json.dumps(figures, indent=1))
    if args.summary:
        args.summary.write_text(json.dumps({"figures": figures, "students": [asdict(s) for s in students]}, indent=1))
    print(f"hub load: {figures['finished']} of {len(students)} students finished, {figures['failures']} failed, "
          f"{seconds:.0f} s")
    if figures["failures"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
