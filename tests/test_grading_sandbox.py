"""The sandbox is never root, shows only what a search may use, and nothing a submission returns or forges
earns marks, crashes the grader or spells out a hidden tree (issue 27: findings 2, 6, 7, 8 and 9).

The samples are course/samples/student_*.py (real-style submissions, each saying on a ``# Expected:`` line
what it deserves), hostile_*.py (also graded by test_grading_hostile.py), leak_scored_twice.py and
slow_sleeper.py.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach import cli
from abteach.grading import sandbox
from abteach.grading.checker import _report, expectations, grading_trees
from abteach.grading.game import GradingGame, state_names
from abteach.grading.sandbox import Outcome, Run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "course" / "samples"
SEED = "hidden-seed-0fd3"

pytestmark = [pytest.mark.sandbox,
              pytest.mark.skipif(sys.platform != "linux", reason="the sandbox is Linux's bubblewrap")]


def first_game() -> GradingGame:
    tree = ab.examples.FIG_5_2
    return GradingGame(tree, state_names(tree))


def probe(body: str, **options) -> str:
    """What ``body`` (a function body that returns a str) returns when run as a submission on a public tree."""
    source = "def alpha_beta_search(game, state):\n" + "".join(f"    {line}\n" for line in body.splitlines())
    outcome = sandbox.run_submission(source, [first_game], **options)
    assert not outcome.load_error, outcome.load_error
    run = outcome.runs[0]
    assert run.status == "ok" and isinstance(run.returned, str), (run.status, run.error, run.returned)
    return run.returned


# -- finding 2: no root inside --------------------------------------------------------------------------

ATTEMPTS = """import os, resource, ctypes
said = ['uid=%d' % os.getuid()]
for path in ('/proc/sys/kernel/core_pattern', '/proc/sys/vm/drop_caches', '/sys/kernel/uevent_helper'):
    try:
        open(path, 'w').close()
        said.append('WROTE ' + path)
    except OSError as error:
        said.append(type(error).__name__)
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
try:
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard + 1, hard + 1))
    said.append('RAISED')
except (ValueError, OSError):
    said.append('limit-kept')
libc = ctypes.CDLL(None, use_errno=True)
said.append('ptrace=%d' % libc.ptrace(16, 1, 0, 0))
return ' '.join(said)"""


def test_inside_the_sandbox_nothing_is_root_machine_settings_limits_and_other_processes_refused():
    said = probe(ATTEMPTS)
    uid = int(said.split()[0].removeprefix("uid="))
    assert uid != 0 and uid == (sandbox.UNPRIVILEGED if os.geteuid() == 0 else os.geteuid())
    assert "WROTE" not in said and "RAISED" not in said and "limit-kept" in said
    assert "ptrace=-1" in said


def test_without_bubblewrap_the_limits_alone_are_not_root_either():
    said = probe(ATTEMPTS, isolation="limits")
    assert not said.startswith("uid=0 ") and "WROTE" not in said and "RAISED" not in said and "ptrace=-1" in said


def test_a_sandbox_that_would_be_root_is_refused_before_the_submission_runs(monkeypatch):
    # As if bubblewrap had mapped root to root: no setpriv in front, and the harness says it is uid 0.
    monkeypatch.setattr(sandbox, "privilege_drop", lambda: [])
    if os.geteuid() != 0:
        pytest.skip("only root can start a sandbox that is root")
    with pytest.raises(sandbox.SandboxUnavailable, match="as root"):
        sandbox.run_submission("def alpha_beta_search(game, state):\n    return 'a1'\n", [first_game])


def _reachable_as_nobody(paths: list[str]) -> str:
    """A shell prefix (run as root) that makes each closed folder above ``paths`` passable, in a mount namespace."""
    steps = []
    for path in paths:
        parts = Path(path).parts
        for i in range(2, len(parts)):
            folder = str(Path(*parts[:i]))
            if not os.stat(folder).st_mode & 0o001:
                below = str(Path(*parts[:i + 1]))
                hold = tempfile.mkdtemp(prefix="abteach-hold-")
                steps += [f"mount --bind {below} {hold}", f"mount -t tmpfs -o mode=755 tmpfs {folder}",
                          f"mkdir -p {below}", f"mount --bind {hold} {below}"]
                break
    return " && ".join(steps) or "true"


def test_a_grader_that_is_not_root_grades_too():
    code = ("from abteach.grading import check_alphabeta\n"
            f"r = check_alphabeta({str(SAMPLES / 'student_numpy_inf.py')!r}, seed=3)\n"
            "import os; print(os.getuid(), r.score, r.out_of)\n")
    if os.geteuid() != 0:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    else:
        if shutil.which("unshare") is None or shutil.which("setpriv") is None:
            pytest.skip("needs util-linux's unshare and setpriv to run the grader as another user")
        prefix = _reachable_as_nobody([os.path.realpath(sys.executable), str(ROOT)])
        script = (f"{prefix} && exec setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "
                  f"--bounding-set=-all -- env HOME=/tmp {sys.executable} -c {shlex.quote(code)}")
        done = subprocess.run(["unshare", "--mount", "--pid", "--fork", "--mount-proc", "sh", "-c", script],
                              capture_output=True, text=True, timeout=300, cwd="/tmp")
    assert done.returncode == 0, done.stderr[-2000:]
    uid, score, out_of = done.stdout.split()
    assert int(uid) != 0 and score == out_of


# -- finding 8: numpy and the course's packages load; abteach and the course are not there ---------------

def test_numpy_loads_and_the_course_may_list_others_or_none():
    assert probe("import numpy as np\nreturn repr(float(np.inf))") == "inf"
    outcome = sandbox.run_submission("import numpy\ndef alpha_beta_search(game, state):\n    return 'a1'\n",
                                     [first_game], packages=())
    assert "ModuleNotFoundError" in outcome.load_error
    assert sandbox.allowed_packages({sandbox.PACKAGES_VARIABLE: "numpy,sortedcontainers"}) == ("numpy", "sortedcontainers")
    assert probe("import sortedcontainers\nreturn 'loaded'", packages=("sortedcontainers",)) == "loaded"


@pytest.mark.parametrize("name", ["abteach", "course", "not a name", ""])
def test_the_package_and_the_course_can_never_be_listed(name):
    with pytest.raises(ValueError, match=repr(name)):
        sandbox.check_packages((name,))
    with pytest.raises(ValueError):
        sandbox.allowed_packages({sandbox.PACKAGES_VARIABLE: f"numpy,{name or '-'}"})


def test_the_sandbox_shows_the_interpreter_its_libraries_and_the_allowed_packages_only():
    import sysconfig
    base_site = os.path.join(sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_prefix})
                             ["purelib"])
    libs = "/usr/lib/x86_64-linux-gnu" if os.path.isdir("/usr/lib/x86_64-linux-gnu") else "/usr/lib"
    said = probe(f"import os, sys\n"
                 f"site = os.listdir({base_site!r}) if os.path.isdir({base_site!r}) else []\n"
                 f"libs = len(os.listdir({libs!r})) if os.path.isdir({libs!r}) else 0\n"
                 f"there = [p for p in ({str(ROOT)!r}, '/usr/share', '/usr/bin/python3', '/etc/passwd', '/home') "
                 f"if os.path.exists(p)]\n"
                 f"return '%d %d %s %s' % (len(site), libs, there, sorted(os.listdir('/packages')))")
    site, inside, there, packages = said.split(" ", 3)
    assert site == "0" and there == "[]"
    # Not all of the system's libraries: those the interpreter, its modules and numpy load.
    assert 0 < int(inside) < len(os.listdir(libs)) // 2
    assert "numpy" in packages and "abteach" not in packages


def test_the_package_is_nowhere_in_the_sandbox_whatever_the_path_tricks():
    r = ab.grading.check_alphabeta(SAMPLES / "hostile_package_anywhere.py", seed=SEED)
    assert (r.score, r.failure) == (0, "raised") and "nowhere in the sandbox" in r.feedback


# -- real-style submissions get what they deserve ----------------------------------------------------

STUDENTS = sorted(p.stem for p in SAMPLES.glob("student_*.py"))


def deserved(sample: str) -> str:
    found = re.search(r"^# Expected: (.+)$", (SAMPLES / f"{sample}.py").read_text(), re.M)
    assert found, f"{sample}.py has no '# Expected:' line"
    return found.group(1).strip()


def test_there_are_ten_real_style_submissions_right_and_wrong():
    assert len(STUDENTS) >= 10
    assert {deserved(s) == "full" for s in STUDENTS} == {True, False}


@pytest.mark.parametrize("sample", STUDENTS)
def test_each_real_style_submission_gets_what_it_deserves(sample):
    r = ab.grading.check_alphabeta(SAMPLES / f"{sample}.py", seed=3)
    want = deserved(sample)
    if want == "full":
        assert (r.score, r.diagnosis, r.failure) == (r.out_of, None, None), r.feedback
    else:
        assert want.startswith("diagnosis ")
        assert r.score < r.out_of and r.failure is None and r.diagnosis == want.removeprefix("diagnosis ")
        assert f"Diagnosis: {want.removeprefix('diagnosis ')}" in r.feedback


# -- finding 6: nothing returned crashes the grader ------------------------------------------------------

def test_a_value_of_ten_to_the_400_is_a_wrong_value_not_a_crash():
    r = ab.grading.check_alphabeta(SAMPLES / "hostile_huge_value.py", seed=SEED)
    assert r.score == 0 and r.failure is None and "not the root's" in r.feedback or "the value 1000" in r.feedback


def test_grading_a_folder_goes_on_past_any_file(tmp_path):
    for name in ("a_huge.py", "b_correct.py"):
        source = SAMPLES / ("hostile_huge_value.py" if name == "a_huge.py" else "student_float_inf.py")
        (tmp_path / name).write_text(source.read_text())
    out = io.StringIO()
    assert cli.main(["grade", str(tmp_path), "--seed", SEED], out=out) == 0
    text = out.getvalue()
    assert "a_huge.py: score 0 of 15" in text and "b_correct.py: score 15 of 15" in text


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10 ** 600, max_value=10 ** 600)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=300)
    | st.sampled_from([{"f": "inf"}, {"f": "-inf"}, {"f": "nan"}, {"k": "no-such-token"},
                       {"type": "int", "repr": "9" * 500}, {"type": "\x00bad name", "repr": "\x1b[2J"}]),
    lambda inner: st.lists(inner, max_size=5).map(lambda xs: {"tuple": xs})
    | st.dictionaries(st.sampled_from(["tuple", "f", "k", "type", "repr", "x"]), inner, max_size=3),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(JSON, st.sampled_from(["a1", "a2", "nowhere"]))
def test_whatever_a_message_says_was_returned_the_report_is_a_report(value, move):
    # What the child sends, read as the grader reads it, then reported: a failure or a score, never a raise.
    trees = grading_trees(SEED)
    expected = expectations(SEED, "textbook")
    for returned in (value, {"tuple": [value, move]}):
        try:
            decoded = sandbox._decode(returned, sandbox._Tokens())
        except sandbox._Broken:
            continue
        runs = tuple(Run("ok", decoded, tuple(exp[0].generated), tuple(exp[0].scored), shown="x")
                     for exp in expected)
        report = _report(Outcome("", runs), trees, expected, "textbook", SEED, 3, 5.0)
        assert 0 <= report.score <= report.out_of == len(trees)
        if isinstance(decoded, tuple) and len(decoded) == 2 and isinstance(decoded[0], int) \
                and not isinstance(decoded[0], bool) and abs(decoded[0]) > 10 ** 308:
            assert report.score == 0  # no tree's value


# -- finding 7: nothing of a hidden tree in the feedback --------------------------------------------------

def test_a_forged_error_on_a_hidden_tree_shows_nothing_it_chose():
    r = ab.grading.check_alphabeta(SAMPLES / "hostile_forged_error.py", seed=SEED)
    assert (r.score, r.failure) == (0, "raised") and "seeded-1" in r.feedback
    assert not re.search(r"line \d|\bf\d+\b|\bL\d", r.feedback), r.feedback
    assert sandbox.HIDDEN_ERROR in r.feedback


@given(error=st.fixed_dictionaries({"type": st.text(max_size=30), "message": st.text(max_size=50),
                                    "frames": st.lists(st.tuples(st.integers(-5, 50), st.text(max_size=10))
                                                       .map(list), max_size=5)}))
def test_law_on_a_hidden_tree_every_error_reads_the_same(error):
    # Its type, line, function and message are the submission's to choose, so any of them could spell out a
    # hidden leaf; the text told on a hidden tree must not depend on the error at all.
    source = "\n".join(f"x{k} = {k}" for k in range(60))
    assert sandbox._error_text(error, source, "s.py", hidden=True) == sandbox.HIDDEN_ERROR


def test_a_forged_error_on_a_public_tree_may_show_everything():
    code = ("class Mine(Exception):\n    pass\n\ndef alpha_beta_search(game, state):\n    raise Mine('x')\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert 'line 5, in alpha_beta_search' in r.feedback and "Mine: x" in r.feedback


def test_the_scored_twice_note_names_no_leaf_of_a_hidden_tree():
    r = ab.grading.check_alphabeta(SAMPLES / "leak_scored_twice.py", seed=SEED)
    assert r.passed
    assert "on a hidden tree your search scored a leaf more than once" in r.feedback
    assert "more than once (" not in r.feedback and not re.search(r"\b[a-z]\d\b", r.feedback)


# -- finding 9: a total time for the check ----------------------------------------------------------------

def test_a_slow_search_is_stopped_at_the_checks_total_time_and_told_so():
    start = time.perf_counter()
    r = ab.grading.check_alphabeta(SAMPLES / "slow_sleeper.py", seed=SEED, total_limit=3.0)
    took = time.perf_counter() - start
    assert (r.score, r.failure) == (0, "timeout")
    assert "3 s this check allows for all 15 trees together" in r.feedback
    # Without the total, each of the 15 trees would sleep to its own limit: far past this bound, which leaves a
    # loaded machine room to start the sandbox.
    assert took < 3.0 + 7.0, took
    with pytest.raises(ValueError, match="total_limit"):
        sandbox.run_submission("def alpha_beta_search(game, state):\n    return 'a1'\n", [first_game],
                               total_limit=0)
