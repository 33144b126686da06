"""The autograde kernel runs a student's cells in a sandbox, and one unreadable notebook fails one student.

With real nbgrader and real bubblewrap, on a copy of the course: an answer
cell that reads the course's hidden tests, the gradebook and another student's
submission finds nothing, so its feedback shows nothing of them; processes a
cell detaches (a new session, a double fork, nohup) end with the kernel and
never touch the gradebook; the kernel's user is neither root nor the grader.
A notebook with nbgrader metadata of another version, or a grade id twice, is
set aside with its reason, and every student after it is graded.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader")

from tests.nbgrading import nbgrader, released  # noqa: E402

from abteach.grading.intake import REJECTED, notebook_problem, rejections  # noqa: E402
from abteach.grading.kernelbox import KernelBox, SandboxedKernelManager, copy_own_folder  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "fig55-stages"
#: Text only the course's source notebook holds, only the gradebook holds, only the victim's notebook holds.
HIDDEN_MARK = "BEGIN HIDDEN TESTS"
GRADEBOOK_MARK = "SQLite format 3"


def hand_in(root: Path, student: str, answer: str, change=None) -> Path:
    """The released notebook with ``answer`` as the answer cell, in submitted/; ``change`` edits it further."""
    nb = nbformat.read(root / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "algorithm_holds":
            cell.source = answer
    if change is not None:
        change(nb)
    target = root / "submitted" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    target.parent.mkdir(parents=True)
    # Written as JSON, not through nbformat.write, which would check what a student's notebook need not hold.
    target.write_text(json.dumps(nb, indent=1))
    return target


def right_answer() -> str:
    import abteach as ab
    return f"inf = float('inf')\nalgorithm_holds = {ab.grading.fig55_answers()!r}"


def reader_cell(root: Path) -> str:
    """An answer cell that looks for the course's files by every way it knows, and prints what it finds."""
    return right_answer() + f'''
import glob, os
print("UID", os.getuid(), os.geteuid(), os.getgid())
found = []
places = [os.path.join(up, tail) for up in ("..", "../..", "../../..", "../../../..", {str(root)!r})
          for tail in ("source/{ASSIGNMENT}/{ASSIGNMENT}.ipynb", "gradebook.db", "submitted/victim/{ASSIGNMENT}/{ASSIGNMENT}.ipynb")]
places += glob.glob("/tmp/*/gradebook.db") + glob.glob("/var/tmp/*/gradebook.db") + glob.glob("/proc/*/cwd/gradebook.db")
for place in places:
    try:
        with open(place, "rb") as f:
            found.append(place + ": " + f.read().decode("latin-1"))
    except OSError as error:
        pass
print("FOUND", len(found))
print("\\n".join(found))
with open("left-behind.txt", "w") as f:
    f.write("written by the kernel")
'''


def lurker_cell(root: Path, mark: str) -> str:
    """An answer cell that leaves three detached processes behind, each to rewrite the gradebook once told to go.

    They wait for the file ``<mark>-go`` beside the course (for at most 15 minutes), which the test makes once
    autograde has returned and it has looked for them: then they write the gradebook.
    """
    go = str(root.parent / f"{mark}-go")
    later = (f"import os, time\nend = time.time() + 900\nwhile not os.path.exists({go!r}) and time.time() < end:\n"
             f"    time.sleep(0.2)\nopen({str(root / 'gradebook.db')!r}, 'ab').write(b'{mark}')")
    return right_answer() + f'''
import os, subprocess, sys
LATER = {later!r}
quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
subprocess.Popen([sys.executable, "-c", LATER, "{mark}-session"], start_new_session=True, **quiet)
subprocess.Popen(["nohup", sys.executable, "-c", LATER, "{mark}-nohup"], **quiet)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", LATER, "{mark}-double-fork"])
    os._exit(0)
os.wait()
print("STARTED 3")
'''


def processes_with(mark: str) -> list[str]:
    """The command lines on this machine that hold ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if mark in cmdline:
                found.append(f"{entry.name}: {cmdline}")
    return found


def schema_99(nb) -> None:
    for cell in nb.cells:
        if "nbgrader" in cell.metadata:
            cell.metadata["nbgrader"]["schema_version"] = 99


def grade_id_twice(nb) -> None:
    answer = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "algorithm_holds")
    copy = nbformat.from_dict(dict(answer))
    copy.id = "copy-of-answer"
    nb.cells.insert(nb.cells.index(answer), copy)


#: A test cell's roles as a student may set them, to have their own code run in its place and its forged output
#: shown: as a manually graded answer (a grade cell that is also a solution), or as a plain answer cell.
ROLE_FLIPS = {"flip-to-answer": {"grade": True, "solution": True, "locked": False},
              "flip-to-solution": {"grade": False, "solution": True, "locked": False}}
FORGED = "All 15 trees right (forged)"


def flip_test_cell(roles: dict):
    def flip(nb) -> None:
        test = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "test_algorithm_holds")
        test.metadata["nbgrader"].update(roles)
        test.source = f"print({FORGED!r})"
    return flip


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("course")
    released(root, ASSIGNMENT)
    secret = f"victim-secret-{secrets.token_hex(4)}"
    mark = f"lurker-{secrets.token_hex(4)}"
    hand_in(root, "victim", right_answer() + f"\n# {secret}")
    hand_in(root, "reader", reader_cell(root))
    hand_in(root, "lurker", lurker_cell(root, mark))
    hand_in(root, "broken-ids", right_answer(), grade_id_twice)
    hand_in(root, "broken-schema", right_answer(), schema_99)
    for student, roles in ROLE_FLIPS.items():
        hand_in(root, student, "algorithm_holds = {}", flip_test_cell(roles))
    hand_in(root, "zed", right_answer())
    autograde = nbgrader(root, "autograde", ASSIGNMENT, "--force")
    lurking = processes_with(mark)
    gradebook = hashlib.sha256((root / "gradebook.db").read_bytes()).hexdigest()
    (root.parent / f"{mark}-go").touch()  # had any lurker survived, it writes the gradebook now
    time.sleep(3)
    later = hashlib.sha256((root / "gradebook.db").read_bytes()).hexdigest()
    feedback = nbgrader(root, "generate_feedback", ASSIGNMENT, "--force")
    return {"root": root, "autograde": autograde, "feedback_run": feedback, "secret": secret, "mark": mark,
            "lurking": lurking + processes_with(mark), "gradebook": (gradebook, later)}


def scores(root: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s.student.id: s.score for s in gb.assignment_submissions(ASSIGNMENT)}


def feedback_page(root: Path, student: str) -> str:
    return (root / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def answer_outputs(root: Path, student: str) -> str:
    nb = nbformat.read(root / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "algorithm_holds")
    return "".join(o.get("text", "") for o in cell.outputs)


pytestmark = [pytest.mark.sandbox]


@pytest.mark.slow
def test_one_unreadable_notebook_fails_its_student_alone_and_says_why(course):
    root = course["root"]
    assert course["autograde"].returncode == 0, course["autograde"].stderr[-3000:]
    got = scores(root)
    # Every student is graded, those after the bad notebooks too; the two bad ones earn nothing.
    assert set(got) == {"victim", "reader", "lurker", "broken-ids", "broken-schema", "zed", *ROLE_FLIPS}
    assert got["zed"] == got["victim"] > 0
    assert got["broken-ids"] == got["broken-schema"] == 0
    reasons = rejections(root)
    assert set(reasons) == {f"broken-ids/{ASSIGNMENT}/{ASSIGNMENT}.ipynb", f"broken-schema/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"}
    assert "Duplicate grade id: algorithm_holds" in reasons[f"broken-ids/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"]
    assert "Schema version is too new: 99" in reasons[f"broken-schema/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"]
    # The notebook as handed in is kept, as it was; the instructor's log names it; the student's feedback says why.
    kept = root / REJECTED / "broken-schema" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert notebook_problem(kept) == reasons[f"broken-schema/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"].split(": ", 1)[1][:-1]
    assert "broken-schema" in course["autograde"].stderr and "could not be graded" in course["autograde"].stderr
    assert course["feedback_run"].returncode == 0, course["feedback_run"].stderr[-3000:]
    assert "This notebook could not be graded" in feedback_page(root, "broken-ids")


@pytest.mark.slow
@pytest.mark.parametrize("student", sorted(ROLE_FLIPS))
def test_a_test_cell_given_another_role_is_graded_as_the_test_it_was_released_as(course, student):
    from nbgrader.api import Gradebook
    root = course["root"]
    assert course["autograde"].returncode == 0, course["autograde"].stderr[-3000:]
    nb = nbformat.read(root / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", as_version=4)
    test = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "test_algorithm_holds")
    # Its roles, points and source are the released test's again, and what ran is the test, not the student's print.
    assert (test.metadata["nbgrader"]["grade"], test.metadata["nbgrader"]["solution"]) == (True, False)
    assert test.metadata["nbgrader"]["points"] == 4
    assert "assert isinstance(algorithm_holds, dict)" in test.source
    assert FORGED not in json.dumps(test.outputs)
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        grade = gb.find_grade("test_algorithm_holds", ASSIGNMENT, ASSIGNMENT, student)
        # Marked by the grader, 0 for an empty answer, and not left for a person to grade from a forged output.
        assert (grade.auto_score, grade.needs_manual_grade) == (0, False)
    assert FORGED not in feedback_page(root, student)


@pytest.mark.slow
def test_a_cell_that_reads_the_course_finds_nothing_and_its_feedback_shows_nothing(course):
    root = course["root"]
    printed = answer_outputs(root, "reader")
    assert "FOUND 0" in printed, printed[:2000]
    page = feedback_page(root, "reader")
    for secret in (HIDDEN_MARK, GRADEBOOK_MARK, course["secret"]):
        assert secret not in printed and secret not in page, secret
    # The kernel wrote into a copy of the folder, thrown away: nothing it wrote is in the course.
    assert not list(root.rglob("left-behind.txt"))
    # It still earned its marks, graded from its text.
    assert scores(root)["reader"] == scores(root)["victim"] > 0


@pytest.mark.slow
def test_the_kernel_runs_as_neither_root_nor_the_grader(course):
    printed = answer_outputs(course["root"], "reader")
    uid, euid, gid = (int(n) for n in printed.split("UID ", 1)[1].split()[:3])
    assert uid == euid and uid not in (0, os.getuid()), printed[:300]
    assert gid not in (0, os.getgid())


@pytest.mark.slow
def test_no_detached_process_outlives_autograde_or_touches_the_gradebook(course):
    assert "STARTED 3" in answer_outputs(course["root"], "lurker")  # the attack ran
    assert course["lurking"] == []
    before, after = course["gradebook"]
    assert before == after
    assert course["mark"].encode() not in (course["root"] / "gradebook.db").read_bytes()


# -- the parts, without nbgrader --------------------------------------------------------------

def test_a_copy_keeps_links_as_links_and_leaves_out_pipes_and_what_is_past_the_limit(tmp_path):
    source = tmp_path / "own"
    (source / "sub").mkdir(parents=True)
    (source / "a.txt").write_text("12345")
    (source / "sub" / "b.txt").write_text("1234567890")
    (source / "course").symlink_to(ROOT / "course")
    os.mkfifo(source / "pipe")
    copied = copy_own_folder(source, tmp_path / "copy", limit=7)
    assert (copied.files, copied.size) == (1, 5)
    assert sorted(copied.left_out) == ["pipe", "sub/b.txt"]
    assert os.readlink(tmp_path / "copy" / "course") == str(ROOT / "course")
    assert (tmp_path / "copy" / "sub").is_dir() and not (tmp_path / "copy" / "sub" / "b.txt").exists()


def test_a_box_under_tmp_is_refused_before_anything_is_made(tmp_path):
    with pytest.raises(ValueError, match="parent: '/tmp'"):
        KernelBox.create(None, "/tmp")


def test_an_unreadable_notebook_is_named_with_its_reason(tmp_path):
    path = tmp_path / "x.ipynb"
    path.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    assert notebook_problem(path) is None
    path.write_text('{"cells": 3, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    assert notebook_problem(path).startswith("it is not a valid notebook")
    path.write_bytes(b"\xff\xfe")
    assert notebook_problem(path).startswith("it cannot be read")


def test_a_kernel_in_the_box_sees_only_its_copy_and_takes_its_processes_with_it(tmp_path):
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    own = tmp_path / "own"
    own.mkdir()
    (own / "mine.txt").write_text("mine")
    mark = f"sleeper-{secrets.token_hex(4)}"
    code = (f"import os, subprocess, sys\n"
            f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', '{mark}'], start_new_session=True)\n"
            f"print(os.getuid(), sorted(os.listdir('.')), os.path.exists({str(ROOT / 'course')!r}), "
            f"os.path.exists({str(tmp_path)!r}))")

    async def run() -> tuple[str, list[str], str]:
        km = SandboxedKernelManager(kernel_name="python3")
        await km.start_kernel(cwd=str(own))
        box = km._box.folder
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=60)
            out: list[str] = []
            await kc.execute_interactive(code, timeout=60, output_hook=lambda m: out.append(m["content"].get("text", "")))
            time.sleep(0.5)
            during = processes_with(mark)
        finally:
            kc.stop_channels()
            await km.shutdown_kernel()
        assert not box.exists()
        return "".join(out), during, str(box)

    printed, during, box = asyncio.run(run())
    uid, *rest = printed.split(" ", 1)
    assert int(uid) not in (0, os.getuid())
    assert rest[0].strip() == "['mine.txt'] False False"
    assert during, "the sleeper never started: the test would prove nothing"
    time.sleep(0.5)
    assert processes_with(mark) == []
    assert (own / "mine.txt").read_text() == "mine" and sorted(p.name for p in own.iterdir()) == ["mine.txt"]


# -- what the kernel may write: its own memory, capped, never the grader's disk ---------------------

def test_the_kernel_binds_nothing_of_the_graders_writable_and_writes_in_its_capped_memory(tmp_path):
    from abteach.grading.kernelbox import INSIDE, MEMORY_LIMIT, WRITE_LIMIT
    box, _ = KernelBox.create(None)
    try:
        command = box.command([sys.executable, "-m", "ipykernel_launcher", "-f", box.connection_file])
    finally:
        box.remove()
    # Every bind of a host path is read-only; the one folder the kernel may write is its memory, of a size.
    assert "--bind" not in command and "--bind-try" not in command
    at = command.index(INSIDE)
    assert command[at - 1] == "--tmpfs" and command[at - 5:at - 3] == ["--size", str(WRITE_LIMIT)]
    assert f"--as={MEMORY_LIMIT}" in command


def test_a_private_folder_of_no_size_is_refused_naming_it():
    from abteach.grading.sandbox import sandbox_command
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    with pytest.raises(ValueError, match="private: the size of '/kernel' must be a number of bytes > 0, not 0"):
        sandbox_command(["/usr/bin/true"], private=[("/kernel", 0)])


def writer_cell(box: Path) -> str:
    """A cell that writes in its folder and home, then tries the grader's box; prints what was refused."""
    return (f"import os, resource, numpy\n"
            f"open('in-work.txt', 'w').write('w'); open(os.path.expanduser('~/in-home.txt'), 'w').write('h')\n"
            f"refused = []\n"
            f"for place in ({str(box / 'work' / 'x.txt')!r}, {str(box / 'x.txt')!r}, {str(box / 'connection.json')!r}):\n"
            f"    try:\n"
            f"        open(place, 'a').write('x')\n"
            f"    except OSError:\n"
            f"        refused.append(place)\n"
            f"print('REFUSED', len(refused), 'AS', resource.getrlimit(resource.RLIMIT_AS)[0], "
            f"'NUMPY', int(numpy.arange(5).sum()), sorted(os.listdir('.')))")


def test_what_a_kernel_writes_stays_in_its_memory_and_the_graders_box_is_read_only(tmp_path):
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    from abteach.grading.kernelbox import MEMORY_LIMIT
    own = tmp_path / "own"
    own.mkdir()
    (own / "mine.txt").write_text("mine")

    async def run() -> tuple[str, list[str]]:
        km = SandboxedKernelManager(kernel_name="python3")
        await km.start_kernel(cwd=str(own))
        box = km._box.folder
        code = writer_cell(box)
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=60)
            out: list[str] = []
            await kc.execute_interactive(code, timeout=60, output_hook=lambda m: out.append(
                m["content"].get("text", "") + m["content"].get("evalue", "")))
            on_disk = sorted(str(p.relative_to(box)) for p in box.rglob("*"))
        finally:
            kc.stop_channels()
            await km.shutdown_kernel()
        return "".join(out), on_disk

    printed, on_disk = asyncio.run(run())
    assert printed.split() == ["REFUSED", "3", "AS", str(MEMORY_LIMIT), "NUMPY", "10",
                               "['in-work.txt',", "'mine.txt']"], printed
    # While it ran, the grader's box held only what the grader put there: no file, folder or socket of the kernel's.
    assert on_disk == ["connection.json", "work", "work/mine.txt"]


GRADER_NOT_ROOT = """
import importlib.util, json, os, sys
from pathlib import Path
from nbformat.v4 import new_code_cell, new_notebook
from abteach.grading.kernelbox import SandboxedExecute
spec = importlib.util.spec_from_file_location("cells", sys.argv[1])
cells = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cells)
nb = new_notebook(cells=[new_code_cell(cells.disk_fill(files=8, megabytes=32)),
                         new_code_cell("import os; print('UID', os.getuid())")])
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nb, _ = SandboxedExecute(timeout=60).preprocess(nb, {"metadata": {"path": sys.argv[2]}})
print(json.dumps({"grader": os.geteuid(), "outputs": ["".join(o.get("text", "") for o in c.outputs) for c in nb.cells]}))
"""


def test_a_grader_who_is_not_root_caps_the_kernels_writes_the_same(tmp_path):
    """On the hub the grader is not root: the kernel's writes are capped there by the same memory folder."""
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    from abteach.grading.kernelbox import WRITE_LIMIT
    own = tmp_path / "own"
    own.mkdir()
    command = [sys.executable, "-c", GRADER_NOT_ROOT, str(ROOT / "course" / "samples" / "redteam" /
                                                           "hostile_kernel_cells.py"), str(own)]
    if os.geteuid() == 0:
        # Root stands for a user who is not: a user namespace of its own, as uid 1001 there, with no capability.
        if shutil.which("unshare") is None:
            pytest.skip("unshare (util-linux) is not installed")
        command = ["unshare", "--user", "--map-user=1001", "--map-group=1001", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["grader"] != 0
    filled, uid = result["outputs"]
    written = int(filled.split("WRITTEN")[1].split()[0])
    assert "REFUSED OSError" in filled and written <= WRITE_LIMIT, filled
    # Inside, the kernel is nobody: neither root nor the grader (1001 here), as when the grader is root.
    assert int(uid.split()[1]) == 65534 != result["grader"], uid
