"""A class on JupyterHub, end to end, in a real browser: release, fetch, answer, submit, grade, feedback, export.

Run it with ``make hub-demo`` (as root: it creates system users).  It starts
the course's JupyterHub (``hub.py``) for the instructor and three students of
the roster, named ``abdemo-<id>``, and drives headless Chromium through
JupyterHub's login page for each of them:

1. the instructor opens the formgrader and, through its API from that page,
   generates and releases ``write-the-search``;
2. each student opens the Assignments tab, fetches the assignment, opens it,
   types an answer from ``course/samples`` into its two answer cells (one right,
   one with a classic bug, one that loops), saves, and submits;
3. the instructor collects, autogrades each submission, and generates and
   releases the feedback;
4. each student fetches the feedback from the Assignments tab and reads it;
5. the instructor exports the gradebook with ``nbgrader export``, and every
   score is checked against what the student's answer deserves.

It prints one line, "... N students, N submissions graded, N feedback
delivered, 0 lost, 0 failed", and removes the hub, its users and their
processes whatever happens.  Screenshots at 1400x900 go to ``build/hub-demo/``.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat
from typing import TypeVar

from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import hub as hubs  # noqa: E402  - the folder is not a package
from grade_demo import strict_copy  # noqa: E402

ASSIGNMENT = "write-the-search"
#: What the roster's first three students hand in, in roster order: right, a classic mistake, a loop.
ANSWERS = ("correct_3rd_edition.py", "bug_alpha_in_min.py", "loop.py")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT: ViewportSize = {"width": 1400, "height": 900}
#: A page may load only from the hub: the feedback page's MathJax from a CDN, for one, is refused.
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
#: formgrader's API, called from its own page with the page's XSRF cookie, as its buttons do.
FORMGRADER_CALL = """async ([path, method]) => {
  const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || "";
  const reply = await fetch(path, {method, headers: {"X-XSRFToken": decodeURIComponent(xsrf)}});
  return [reply.status, await reply.text()];
}"""

#: Scroll the feedback page to the first output that names a diagnosis.
SHOW_DIAGNOSIS = """() => {
  const found = [...document.querySelectorAll("pre")].find(e => e.textContent.includes("Diagnosis:"));
  if (found) found.scrollIntoView({block: "center"});
}"""


@dataclass(frozen=True)
class Deserved:
    """What an answer should earn, read from its sample's name, not from the grader."""

    points: float
    diagnosis: str | None
    failure: str | None

    @classmethod
    def of(cls, sample: str, max_points: float) -> Deserved:
        name = Path(sample).stem
        if name.startswith("correct"):
            return cls(max_points, None, None)
        if name.startswith("bug_"):
            return cls(0, name.removeprefix("bug_").replace("_", "-"), None)
        if name == "loop":
            return cls(0, None, "timeout")
        raise ValueError(f"sample {sample!r}: no rule for what it deserves")


@dataclass
class Outcome:
    """One student's way through the class."""

    student: str
    sample: str
    deserved: Deserved
    submitted: bool = False
    collected: bool = False
    score: float | None = None
    feedback_seen: bool = False
    problems: list[str] = field(default_factory=list)

    @property
    def graded(self) -> bool:
        return self.score is not None and self.score == self.deserved.points


def max_points(release: Path) -> float:
    """The assignment's points, from its test cells."""
    nb = nbformat.read(release, as_version=4)
    return float(sum(c.metadata.get("nbgrader", {}).get("points", 0) for c in nb.cells
                     if c.metadata.get("nbgrader", {}).get("grade")))


def log_in(browser: Browser, hub: hubs.Hub, user: str) -> Page:
    """A fresh browser profile, logged in through JupyterHub's login page, with the user's JupyterLab open."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.route(OUTSIDE, lambda route: route.abort())
    page.set_default_timeout(240_000)
    page.goto(f"{hub.url}/hub/login")
    page.fill("#username_input", user)
    page.fill("#password_input", hub.password)
    page.click("#login_submit")
    page.wait_for_url(re.compile(rf".*/user/{re.escape(user)}/lab.*"))
    page.wait_for_selector("#jp-main-dock-panel")
    return page


def formgrader(page: Page, user: str, path: str) -> dict:
    """POST to the instructor's formgrader API; its answer, which must say success."""
    status, text = page.evaluate(FORMGRADER_CALL, [f"/user/{user}/formgrader/api/{path}", "POST"])
    reply = json.loads(text) if status == 200 else {"success": False, "error": text}
    if not reply.get("success"):
        raise RuntimeError(f"formgrader {path}: HTTP {status}: {str(reply)[:2000]}")
    return reply


def assignments_tab(page: Page) -> None:
    page.click("#jp-MainMenu >> text=Nbgrader")
    page.click("text=Assignment List")
    page.wait_for_selector("#released_assignments_list")


def answer_and_submit(page: Page, code: str) -> None:
    """Fetch from the Assignments tab, type the answer into both answer cells, save, and submit."""
    assignments_tab(page)
    page.locator("#released_assignments_list").get_by_role("button", name="Fetch").click()
    fetched = page.locator("#fetched_assignments_list")
    expect(fetched).to_contain_text(ASSIGNMENT)
    fetched.locator("a.assignment-notebooks-link").click()
    fetched.locator(".nested_list_item a").click()
    for name, text in (("alpha_beta_search", code),
                       ("alpha_beta_search_strict", strict_copy(code, "alpha_beta_search_strict"))):
        cell = page.locator(".jp-CodeCell", has_text=f"def {name}(game, state)")
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        # Typed as one insertion: no auto-indent, as if pasted.
        page.keyboard.insert_text(text)
    page.keyboard.press("Control+s")
    expect(page.locator(".lm-TabBar-tab.jp-mod-dirty")).to_have_count(0)
    page.get_by_role("tab", name="Assignments").click()
    page.locator("#fetched_assignments_list").get_by_role("button", name="Submit").click()
    expect(page.locator("#submitted_assignments_list")).to_contain_text(ASSIGNMENT)


def fetch_feedback(page: Page, shots: Path | None) -> None:
    """Fetch the released feedback from the Assignments tab, and follow its "view feedback" link."""
    # A fresh page, as a student coming back later: the list is read anew from the exchange.
    page.reload()
    page.wait_for_selector("#jp-main-dock-panel")
    assignments_tab(page)
    submitted = page.locator("#submitted_assignments_list")
    submitted.get_by_role("button", name="Fetch Feedback").click()
    view = submitted.get_by_text("(view feedback)")
    expect(view).to_be_visible()
    if shots:
        page.screenshot(path=shots / "student-assignments.png")
    view.click()
    expect(page.locator(".jp-DirListing-content")).to_contain_text(f"{ASSIGNMENT}.html")


def read_feedback(page: Page, hub: hubs.Hub, outcome: Outcome, shots: Path | None) -> None:
    """Open the feedback the student fetched, in their browser, and look for their own diagnosis in it."""
    home = hub.home(outcome.student)
    pages = sorted(home.glob(f"{ASSIGNMENT}/feedback/*/{ASSIGNMENT}.html"))
    if not pages:
        outcome.problems.append("no feedback page in the student's home")
        return
    relative = pages[-1].relative_to(home).as_posix()
    page.goto(f"{hub.url}/user/{outcome.student}/files/{relative}")
    text = page.inner_text("body")
    if shots:
        # The part a student reads first: their first test's score and diagnosis.
        page.evaluate(SHOW_DIAGNOSIS)
        page.screenshot(path=shots / "student-feedback.png", full_page=False)
    want = outcome.deserved
    if want.diagnosis and f"Diagnosis: {want.diagnosis}" not in text:
        outcome.problems.append(f"feedback does not name {want.diagnosis}")
    elif want.failure and want.failure not in text.lower():
        outcome.problems.append(f"feedback does not say {want.failure}")
    elif not want.diagnosis and not want.failure and "Diagnosis:" in text:
        outcome.problems.append("feedback names a mistake in a right answer")
    else:
        outcome.feedback_seen = True
    for other in hub.course.students:
        if other != outcome.student and other in text:
            outcome.problems.append(f"feedback mentions {other}")


def export(hub: hubs.Hub) -> dict[str, float]:
    """``nbgrader export`` as the instructor, in the course folder; each student's score for the assignment."""
    root = hub.course_root
    hubs.run_as(hub.course.instructor, [str(hubs.VENV / "bin" / "nbgrader"), "export"], cwd=root)
    with open(root / "grades.csv", newline="") as f:
        return {row["student_id"]: float(row["raw_score"] or 0) for row in csv.DictReader(f)
                if row["assignment"] == ASSIGNMENT}


T = TypeVar("T")


def step(name: str, log: list[str], action: Callable[[], T]) -> T:
    started = time.perf_counter()
    result = action()
    log.append(f"{name}: {time.perf_counter() - started:.1f} s")
    print(log[-1], flush=True)
    return result


def run_class(hub: hubs.Hub, browser: Browser, shots: Path | None) -> tuple[list[Outcome], list[str]]:
    """The whole class flow; each student's outcome, and how long each step took."""
    timings: list[str] = []
    instructor = hub.course.instructor
    students = hub.course.students[:len(ANSWERS)]
    teacher = step("instructor logs in", timings, functools.partial(log_in, browser, hub, instructor))
    teacher.goto(f"{hub.url}/user/{instructor}/formgrader")
    step("generate and release", timings, lambda: (formgrader(teacher, instructor, f"assignment/{ASSIGNMENT}/assign"),
                                                    formgrader(teacher, instructor, f"assignment/{ASSIGNMENT}/release")))
    points = max_points(hub.course_root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    outcomes = [Outcome(s, a, Deserved.of(a, points)) for s, a in zip(students, ANSWERS)]
    pages: dict[str, Page] = {}
    for outcome in outcomes:
        page = step(f"{outcome.student} logs in", timings, functools.partial(log_in, browser, hub, outcome.student))
        pages[outcome.student] = page
        code = (hubs.COURSE / "samples" / outcome.sample).read_text()
        step(f"{outcome.student} fetches, answers, submits", timings, functools.partial(answer_and_submit, page, code))
        outcome.submitted = True
    reply = step("collect", timings, lambda: formgrader(teacher, instructor, f"assignment/{ASSIGNMENT}/collect"))
    print(str(reply.get("log", ""))[-500:])
    for outcome in outcomes:
        outcome.collected = (hub.course_root / "submitted" / outcome.student / ASSIGNMENT).is_dir()
        step(f"autograde {outcome.student}", timings,
             functools.partial(formgrader, teacher, instructor, f"submission/{ASSIGNMENT}/{outcome.student}/autograde"))
    step("generate and release feedback", timings,
         lambda: (formgrader(teacher, instructor, f"assignment/{ASSIGNMENT}/generate_feedback"),
                  formgrader(teacher, instructor, f"assignment/{ASSIGNMENT}/release_feedback")))
    for number, outcome in enumerate(outcomes):
        page = pages[outcome.student]
        look = shots if number == 1 else None  # the student with the classic mistake: the most to read
        step(f"{outcome.student} fetches feedback", timings, functools.partial(fetch_feedback, page, look))
        read_feedback(page, hub, outcome, look)
    scores = step("export the gradebook", timings, functools.partial(export, hub))
    for outcome in outcomes:
        outcome.score = scores.get(outcome.student)
        if not outcome.graded:
            outcome.problems.append(f"scored {outcome.score}, deserves {outcome.deserved.points:g}")
    return outcomes, timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, default=hubs.REPO / "build" / "hub-demo",
                        help="where the 1400x900 screenshots go")
    parser.add_argument("--summary", type=Path, help="write every student's outcome here as JSON")
    args = parser.parse_args()
    hubs.require_root("make hub-demo")
    hubs.exit_on_sigterm()
    args.shots.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="abteach-hub-") as state:
        log = args.shots / "hub.log"
        log.unlink(missing_ok=True)
        with hubs.running_hub("abdemo-", Path(state), log=log) as hub, sync_playwright() as playwright:
            expect.set_options(timeout=240_000)
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            try:
                outcomes, timings = run_class(hub, browser, args.shots)
            finally:
                browser.close()
    seconds = time.perf_counter() - started
    for o in outcomes:
        print(f"{o.student:16s} {o.sample:24s} score {o.score}  deserves {o.deserved.points:g}  "
              f"feedback {'read' if o.feedback_seen else 'MISSING'}  {'; '.join(o.problems) or 'ok'}")
    lost = sum(o.submitted and not o.collected for o in outcomes)
    failed = sum(bool(o.problems) for o in outcomes)
    if args.summary:
        args.summary.write_text(json.dumps({"outcomes": [{**asdict(o), "graded": o.graded} for o in outcomes],
                                            "lost": lost, "failed": failed, "seconds": seconds,
                                            "timings": timings}, indent=1))
    print(f"hub demo, {seconds:.0f} s: {len(outcomes)} students, {sum(o.graded for o in outcomes)} submissions graded, "
          f"{sum(o.feedback_seen for o in outcomes)} feedback delivered, {lost} lost, {failed} failed")
    if lost or failed:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
