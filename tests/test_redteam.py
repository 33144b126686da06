"""Red team, issue 27: attacks on nbgrader's handling of a submitted folder, beyond the kernel and the sandbox.

With real nbgrader, the course's own configuration and bubblewrap, on a copy of the course.  The attacks are
planted by ``course/samples/redteam/hostile_submitted_folders.py`` (its docstring says how a student gets
each into ``submitted/``).  Each test asserts the secure behaviour: a link or the instructor's own notebook
handed in earns nothing and brings nothing of the course back, and a script a student wrote does not run in
the page the instructor grades on.  A submission leaves nothing behind for a later run, by any channel of the kernel.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader")

from tests.nbgrading import nbgrader  # noqa: E402
from tests.samples import redteam  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "fig55-stages"
ANSWER = "algorithm_holds"
#: Text only the course's own files hold: the gradebook, the source notebook's hidden tests and solutions.
COURSE_MARKS = ("SQLite format 3", "BEGIN HIDDEN TESTS", "### BEGIN SOLUTION")

attacks = redteam("hostile_submitted_folders")

pytestmark = [pytest.mark.sandbox]


def hand_in(root: Path, student: str, answer: str, change=None) -> Path:
    nb = nbformat.read(root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    extra = change(nb) if change is not None else ""
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == ANSWER:
            cell.source = answer + (extra or "")
    target = root / "submitted" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(nb, indent=1))
    return target


def right_answer() -> str:
    import abteach as ab
    return f"inf = float('inf')\n{ANSWER} = {ab.grading.fig55_answers()!r}"


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(ROOT / "course" / "source", root / "source")
    shutil.copy(ROOT / "course" / "nbgrader_config.py", root)
    done = nbgrader(root, "generate_assignment", ASSIGNMENT, "--force")
    assert done.returncode == 0, done.stderr[-3000:]
    attacks.links_beside(hand_in(root, "linker", f"{ANSWER} = None"), root, ASSIGNMENT)
    attacks.notebook_is_the_source(hand_in(root, "source-link", f"{ANSWER} = None"), root, ASSIGNMENT)
    attacks.notebook_copied_from_the_source(hand_in(root, "source-copy", f"{ANSWER} = None"), root, ASSIGNMENT)
    hand_in(root, "scripter", right_answer(), attacks.script_in_outputs)
    hand_in(root, "honest", right_answer())
    for step in ("autograde", "generate_feedback"):
        done = nbgrader(root, step, ASSIGNMENT, "--force")
        assert done.returncode == 0, done.stderr[-3000:]
    return root


def scores(root: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s.student.id: s.score for s in gb.assignment_submissions(ASSIGNMENT)}


def course_text_in(folder: Path, skip: tuple[str, ...] = ()) -> list[str]:
    """Files under ``folder`` (but those named in ``skip``) that hold something of the course or a root-only file."""
    shadow = Path("/etc/shadow").read_bytes() if os.access("/etc/shadow", os.R_OK) else None
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and path.name not in skip:
            data = path.read_bytes()
            if any(mark.encode() in data for mark in COURSE_MARKS) or shadow and shadow in data:
                found.append(str(path.relative_to(folder)))
    return found


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_honest_student_gets_full_marks(course):
    # The control: the course grades a right answer with every mark, so a 0 below is the attack's, not the course's.
    assert scores(course)["honest"] > 0


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_links_beside_the_notebook_bring_nothing_of_the_course_into_autograded_or_feedback(course):
    # nbgrader copies a submitted folder's other files with shutil.copy, following links, as the grader.
    # The autograded notebook itself holds the hidden tests by nbgrader's design (it puts each locked test cell
    # back, for the instructor's eyes; the honest student's has them too): the files beside it are what the links
    # could bring.  The feedback, the student's, may hold nothing of the course at all.
    for stage, skip in (("autograded", (f"{ASSIGNMENT}.ipynb",)), ("feedback", ())):
        leaked = course_text_in(course / stage / "linker" / ASSIGNMENT, skip)
        assert leaked == [], f"{stage}/linker/{ASSIGNMENT} holds the course's files through links: {leaked}"


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_a_notebook_that_is_a_link_to_the_source_earns_nothing_and_shows_no_solution(course):
    assert scores(course)["source-link"] == 0
    page = (course / "feedback" / "source-link" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    assert "BEGIN SOLUTION" not in page


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_instructors_source_notebook_handed_in_earns_nothing_and_shows_no_solution(course):
    # What `nbgrader collect` delivers for a link planted in the exchange: copytree follows it as the instructor.
    assert scores(course)["source-copy"] == 0
    page = (course / "feedback" / "source-copy" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    assert "BEGIN SOLUTION" not in page


def formgrader_page(course: Path, student: str) -> str:
    """The autograded notebook as nbgrader's formgrader renders it for the instructor, with the course's config."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.server_extensions.formgrader import handlers
    from traitlets.config.loader import PyFileConfigLoader
    config = PyFileConfigLoader("nbgrader_config.py", path=str(course)).load_config()
    # What FormgradeExtension.build_extra_config adds on top of the course's settings.
    config.HTMLExporter.template_name = "formgrade"
    config.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    resources = {"base_url": "/", "mathjax_url": "", "submission_id": "1", "notebook_id": ASSIGNMENT,
                 "notebook_path": "x", "index": 0, "total": 1, "max_score": 4, "student": student,
                 "last_name": "", "first_name": "", "disable_gravatar": True}
    html, _ = HTMLExporter(config=config).from_filename(
        str(course / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"), resources=resources)
    return html


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_the_page_the_instructor_grades_on_runs_no_script_a_student_wrote(course):
    html = formgrader_page(course, "scripter")
    mark = re.escape(attacks.SCRIPT_MARK)
    # A handler runs only inside a tag the page opens with a raw "<": the same text escaped ("&lt;img ... onerror=")
    # is shown, not run, as is the answer cell's own source, which the instructor must see.
    running = re.findall(rf"<script[^>]*>[^<]*{mark}|<[A-Za-z][^<>]*\son\w+\s*=\s*\"?[^\"<>]*{mark}", html)
    assert running == [], f"the formgrader page runs the student's script: {running}"


# -- the submission sandbox: nothing outlives a run ------------------------------------------------------------

KEY_SAMPLE = ROOT / "course" / "samples" / "hostile_redteam_keyring.py"


def _fig52_game():
    import abteach as ab
    from abteach.grading.game import GradingGame, state_names
    return GradingGame(ab.examples.FIG_5_2, state_names(ab.examples.FIG_5_2))


@pytest.mark.skipif(sys.platform != "linux", reason="the sandbox is Linux's bubblewrap")
def test_a_submission_leaves_nothing_in_the_kernels_keyring_for_a_later_run():
    # The keyring of the user the sandbox runs as is the kernel's, not the sandbox's: a key added there outlives
    # the run, and every later run as that user (another student's, the autograde kernel) can read it.
    import secrets
    from abteach.grading import sandbox
    name = f"abteach-redteam-{secrets.token_hex(6)}"
    source = KEY_SAMPLE.read_text().replace("abteach-redteam", name)
    runs = [sandbox.run_submission(source, [_fig52_game]).runs[0] for _ in range(2)]
    try:
        assert [r.returned for r in runs] == ["nothing left before"] * 2, [r.returned for r in runs]
    finally:
        # Take the key away, if it was left, so that no later run of this test starts with it.
        cleanup = ("import ctypes\nlibc = ctypes.CDLL(None)\n"
                   "def alpha_beta_search(game, state):\n"
                   f"    key = libc.syscall(250, 10, -4, b'user', {name.encode()!r}, 0)\n"
                   "    return str(libc.syscall(250, 21, key) if key >= 0 else key)\n")
        sandbox.run_submission(cleanup, [_fig52_game])


def _in_a_kernel(code: str) -> str:
    """What ``code`` prints in one run of the autograde kernel's sandbox (a new box, kernel and namespace)."""
    import asyncio
    from abteach.grading.kernelbox import SandboxedKernelManager

    async def run() -> str:
        km = SandboxedKernelManager(kernel_name="python3")
        await km.start_kernel(cwd=None)
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=60)
            out: list[str] = []
            await kc.execute_interactive(code, timeout=60,
                                         output_hook=lambda m: out.append(m["content"].get("text", "")))
        finally:
            kc.stop_channels()
            await km.shutdown_kernel()
        return "".join(out)
    return asyncio.run(run())


@pytest.mark.skipif(sys.platform != "linux", reason="the sandbox is Linux's bubblewrap")
def test_a_kernel_run_leaves_nothing_in_the_keyring_for_the_next_and_opens_no_io_uring_or_vsock():
    # The autograde kernel runs as the same user for every student: its keyring would carry a note from one
    # student's kernel to the next.  Each run tries to read the note, then to leave it.
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    import secrets
    name = f"abteach-redteam-kernel-{secrets.token_hex(6)}".encode()
    code = ("import ctypes, os, socket\nlibc = ctypes.CDLL(None, use_errno=True)\n"
            f"found = libc.syscall(250, 10, -4, b'user', {name!r}, 0)\n"
            f"added = libc.syscall(248, b'user', {name!r}, b'note', 4, -4)\n"
            "added_errno = ctypes.get_errno()\n"
            "ring = libc.syscall(425, 1, ctypes.create_string_buffer(120))\n"
            "ring_errno = ctypes.get_errno()\n"
            "unix = socket.socket(socket.AF_UNIX); unix.close()\n"
            "vsock = libc.syscall(41, 40, 1, 0)\n"  # AF_VSOCK: not kept apart by a namespace
            "vsock_errno = ctypes.get_errno()\n"
            "print(found >= 0, added >= 0, added_errno, ring >= 0, ring_errno, vsock >= 0, vsock_errno)\n")
    runs = [_in_a_kernel(code).split() for _ in range(2)]
    try:
        import errno
        refused = str(errno.EPERM)
        # Neither run finds a note, nor can leave one; io_uring and a vsock are refused; a Unix socket (the
        # kernel's own transport) opens.
        assert runs == [["False", "False", refused, "False", refused, "False", refused]] * 2, runs
    finally:
        cleanup = ("import ctypes\nlibc = ctypes.CDLL(None)\n"
                   f"key = libc.syscall(250, 10, -4, b'user', {name!r}, 0)\n"
                   "print(libc.syscall(250, 21, key) if key >= 0 else key)\n")
        _in_a_kernel(cleanup)


# -- the pieces, without nbgrader's run: what is set aside, and what a page may render ---------------------------

def _course_with(tmp_path: Path) -> tuple[Path, Path]:
    """A course folder with a released notebook and a student's submitted folder holding a copy of it."""
    from nbformat.v4 import new_code_cell, new_notebook
    release = tmp_path / "release" / "a1" / "a1.ipynb"
    release.parent.mkdir(parents=True)
    nbformat.write(new_notebook(cells=[new_code_cell("answer = None")]), release)
    folder = tmp_path / "submitted" / "ann" / "a1"
    folder.mkdir(parents=True)
    shutil.copy(release, folder / "a1.ipynb")
    return folder, release


def test_every_link_and_pipe_at_any_depth_is_set_aside_before_nbgrader_copies_the_folder(tmp_path):
    from abteach.grading.intake import rejections, screen_submission
    folder, _ = _course_with(tmp_path)
    (folder / "deep" / "deeper").mkdir(parents=True)
    (folder / "deep" / "mine.txt").write_text("mine")
    (folder / "deep" / "deeper" / "db").symlink_to(tmp_path / "gradebook.db")
    (folder / "dir-link").symlink_to(tmp_path / "release")
    os.mkfifo(folder / "deep" / "pipe")
    notebooks = [str(folder / "a1.ipynb")]
    screen_submission(notebooks=notebooks)
    left = sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))
    assert left == ["a1.ipynb", "deep", "deep/deeper", "deep/mine.txt"]
    assert notebooks == [str(folder / "a1.ipynb")]
    reasons = rejections(tmp_path)
    assert set(reasons) == {"ann/a1/deep/deeper/db", "ann/a1/dir-link", "ann/a1/deep/pipe"}
    assert "symbolic link (to " + str(tmp_path / "gradebook.db") in reasons["ann/a1/deep/deeper/db"]
    assert "named pipe" in reasons["ann/a1/deep/pipe"]
    # The link is kept as the link: nothing was copied through it.
    assert os.readlink(tmp_path / "rejected" / "ann" / "a1" / "dir-link") == str(tmp_path / "release")


def test_a_linked_assignment_folder_is_set_aside_whole_and_graded_as_the_blank_release(tmp_path):
    from abteach.grading.intake import NOTE_ID, rejections, screen_submission
    folder, release = _course_with(tmp_path)
    elsewhere = tmp_path / "source" / "a1"
    elsewhere.mkdir(parents=True)
    shutil.move(str(folder / "a1.ipynb"), elsewhere / "a1.ipynb")
    folder.rmdir()
    folder.symlink_to(elsewhere)
    screen_submission(notebooks=[str(folder / "a1.ipynb")])
    assert not folder.is_symlink() and (elsewhere / "a1.ipynb").is_file()  # the target is left where it was
    graded = nbformat.read(folder / "a1.ipynb", as_version=4)
    assert graded.cells[0].id == NOTE_ID and graded.cells[1:] == nbformat.read(release, as_version=4).cells
    assert list(rejections(tmp_path)) == ["ann/a1.link"]


def test_a_notebook_with_the_sources_marks_is_refused_without_quoting_them(tmp_path):
    from abteach.grading.intake import SOURCE_MARKS, notebook_problem
    from nbformat.v4 import new_markdown_cell, new_notebook
    path = tmp_path / "x.ipynb"
    for mark in SOURCE_MARKS:
        nbformat.write(new_notebook(cells=[new_markdown_cell(f"text\n{mark}\nmore")]), path)
        reason = notebook_problem(path)
        assert reason is not None and "source notebook" in reason and mark not in reason


def test_outputs_keep_only_plain_text_and_base64_png_or_jpeg():
    from abteach.grading.inert import InertStudentContent
    from nbformat.v4 import new_code_cell, new_notebook, new_output
    rich = {"text/html": "<b>x</b>", "image/svg+xml": "<svg onload='f()'/>", "application/javascript": "f()",
            "application/vnd.jupyter.widget-view+json": {"model_id": "1"}, "text/markdown": "<script>f()</script>"}
    outputs = [new_output("display_data", data={**rich, "text/plain": "shown"}),
               new_output("execute_result", data={"image/png": "iVBORw0KGgo=", "text/plain": "png"},
                          metadata={"image/png": {"width": "1\" onerror=\"f()", "height": 20, "unconfined": True}},
                          execution_count=1),
               new_output("display_data", data={"image/jpeg": "x\" onerror=\"f()"}),
               new_output("display_data", data=rich),
               new_output("stream", name="stdout", text="<script>f()</script>")]
    nb = new_notebook(cells=[new_code_cell("x", outputs=outputs)])
    nb, _ = InertStudentContent().preprocess(nb, {})
    kept = nb.cells[0].outputs
    assert [dict(o.get("data", {})) for o in kept] == [{"text/plain": "shown"},
                                                       {"image/png": "iVBORw0KGgo=", "text/plain": "png"}, {}]
    assert kept[1].metadata == {"image/png": {"height": 20}}
    assert kept[2].text == "<script>f()</script>"  # a stream is text: the page escapes it


def test_a_students_markdown_shows_its_html_as_text_and_a_locked_cell_is_left_as_restored():
    from abteach.grading.inert import InertStudentContent
    from nbconvert.filters.markdown_mistune import markdown2html_mistune
    from nbformat.v4 import new_markdown_cell, new_notebook
    hostile = '<script>f()</script> [go](java\tscript:f()) [x](j&#97;vascript:f()) *mine*'
    locked = new_markdown_cell("<b>the instructor's</b>",
                               metadata={"nbgrader": {"locked": True, "grade_id": "intro", "solution": False,
                                                      "grade": False, "schema_version": 3}})
    forged = new_markdown_cell(hostile, metadata={"nbgrader": {"locked": True}})  # no grade id: not restored
    nb = new_notebook(cells=[new_markdown_cell(hostile), locked, forged])
    nb, _ = InertStudentContent().preprocess(nb, {})
    assert nb.cells[1].source == "<b>the instructor's</b>"
    for cell in (nb.cells[0], nb.cells[2]):
        html = markdown2html_mistune(cell.source)
        assert "<script" not in html and "<em>mine</em>" in html
        assert "<a " not in html and "<img" not in html, html  # no link, whatever its address


def test_making_markdown_inert_twice_changes_nothing_more():
    # Feedback runs it again on what autograde wrote: a student's "&" or "<" must not show as "&amp;" or "&lt;".
    from hypothesis import given, strategies as st
    from abteach.grading.inert import inert_markdown

    @given(st.text(alphabet="<>&;#ampltjavscriJAVSCRIPT:( )\t\n-", max_size=40))
    def law(text: str) -> None:
        once = inert_markdown(text)
        assert inert_markdown(once) == once and "<" not in once
    law()
