"""Hostile submissions: none gets marks it did not earn, none leaks, none stops the grader.

The grader runs a submission's source in a fresh interpreter under bubblewrap
(abteach/grading/sandbox.py), whose game asks the grader for every move and
keeps no record.  Each ``course/samples/hostile_*.py`` names its attack on its
first line and, on a line ``# Expected: KIND``, how it must be graded: the
failure it is reported as, or ``wrong`` (it runs, and scores nothing).  The
tests here add the variants a sample cannot show: leaks through hidden trees,
forged channel messages, the package reached around the finder, sandbox limits.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import abteach as ab
from abteach.grading import sandbox
from abteach.grading.checker import grading_trees

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "course" / "samples"
HOSTILE = sorted(p.stem for p in SAMPLES.glob("hostile_*.py"))
SEED = "hidden-seed-0fd3"
#: What the course folder holds that a student must never see.
COURSE_TEXT = ("BEGIN HIDDEN TESTS", "hidden-5c0ffee", "nbgrader", "CourseDirectory", "require(")

pytestmark = [pytest.mark.sandbox,
              pytest.mark.skipif(sys.platform != "linux", reason="the sandbox is Linux's bubblewrap")]

#: A correct search, the course's own sample: the attacks below are made of it.
CORRECT = (SAMPLES / "correct_4th_edition.py").read_text()


def expected(sample: str) -> str:
    found = re.search(r"^# Expected: (\w+)$", (SAMPLES / f"{sample}.py").read_text(), re.M)
    assert found, f"{sample}.py has no '# Expected: KIND' line"
    return found.group(1)


def hidden_leaves(seed: str = SEED) -> list[str]:
    """Each hidden tree's leaves as feedback would quote them."""
    return [str(t.to_nested()) for name, t in grading_trees(seed) if name not in ab.examples.ALL]


def assert_no_leak(report: ab.grading.Report, seed: str = SEED) -> None:
    text = report.feedback
    assert str(seed) not in text
    assert not any(leaves in text for leaves in hidden_leaves(seed))
    assert not any(marker in text for marker in COURSE_TEXT)
    # What it returned is told in at most 40 characters.
    for shown in re.findall(r"returned (.*?) \(type \w+\)", text):
        assert len(shown) <= 40, shown


def harnesses() -> set[int]:
    """Processes on this machine running the grader's harness (its text is their command line)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"class Refuse" in (entry / "cmdline").read_bytes():
                    found.add(int(entry.name))
            except OSError:
                pass
    return found


def sandboxed_processes(before: frozenset[int] = frozenset()) -> list[int]:
    """Harnesses still running that were not running ``before``.

    Another grader on the same machine may start one meanwhile, for a moment:
    only one still there a second later counts.
    """
    new = harnesses() - before
    if new:
        time.sleep(1.5)
        new &= harnesses()
    return sorted(new)


# -- the samples ----------------------------------------------------------------------------

@pytest.mark.timeout(120)  # a guard against a sample that holds the grader, not a measure of speed
@pytest.mark.parametrize("sample", HOSTILE)
def test_each_hostile_sample_scores_nothing_is_reported_as_its_header_says_and_leaks_nothing(sample):
    before = frozenset(harnesses())
    r = ab.grading.check_alphabeta(SAMPLES / f"{sample}.py", seed=SEED, time_limit=2.0)
    kind = expected(sample)
    assert r.score == 0 and r.diagnosis == "unknown", r.feedback
    assert r.failure == (None if kind == "wrong" else kind), r.feedback
    assert_no_leak(r)
    assert sandboxed_processes(before) == []


def test_the_samples_cover_the_attacks_of_the_issue():
    assert {"hostile_package", "hostile_records", "hostile_stack", "hostile_files", "hostile_socket", "hostile_exit",
            "hostile_fork_bomb", "hostile_memory", "hostile_flood", "hostile_modules"} <= set(HOSTILE)


# -- using the package ------------------------------------------------------------------------

@pytest.mark.parametrize("code", [
    "from abteach import alphabeta\ndef alpha_beta_search(game, state):\n    return alphabeta(game, state).move\n",
    "import importlib\ndef alpha_beta_search(game, state):\n"
    "    return importlib.import_module('abteach').alphabeta(game).move\n",
    # Hidden from a reading of the text: caught when it runs.
    "def alpha_beta_search(game, state):\n    ab = __import__('abt' + 'each')\n    return ab.alphabeta(game).move\n",
    "import sys\nsys.path.append(%r)\n"
    "def alpha_beta_search(game, state):\n    return __import__('abt' + 'each').alphabeta(game).move\n" % str(ROOT),
])
def test_using_the_package_is_reported_as_such_with_no_marks(code):
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert (r.score, r.failure) == (0, "package")
    assert "earns no marks" in r.feedback and "Diagnosis: unknown (package)" in r.feedback


def test_the_package_is_not_in_the_sandbox_even_around_the_import_finder():
    # Remove the finder that reports the attempt: abteach is still not there to import.
    code = ("import sys\nsys.path.append(%r)\n"
            "def alpha_beta_search(game, state):\n"
            "    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != 'Refuse']\n"
            "    return __import__('abt' + 'each').alphabeta(game).move\n" % str(ROOT))
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert r.score == 0 and r.failure in ("raised", "package")
    assert "No module named 'abteach'" in r.feedback or r.failure == "package"


def test_a_planted_module_in_sys_modules_reaches_nothing_of_the_grader():
    code = ("import sys, types\n"
            "def alpha_beta_search(game, state):\n"
            "    sys.modules['abteach'] = types.SimpleNamespace(passed=True)\n"
            "    sys.modules['abteach.grading'] = sys.modules['abteach']\n"
            "    return game.actions(state)[0]\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert r.score == 0 and not r.passed


# -- records, states and the channel ------------------------------------------------------------

def test_minimax_that_rewrites_the_records_it_can_reach_is_counted_as_having_generated_the_tree():
    code = ("def alpha_beta_search(game, state):\n"
            "    player = game.to_move(state)\n"
            "    def value(s):\n"
            "        if game.is_terminal(s):\n"
            "            return game.utility(s, player)\n"
            "        vs = [value(game.result(s, a)) for a in game.actions(s)]\n"
            "        return max(vs) if game.to_move(s) == player else min(vs)\n"
            "    best = max(game.actions(state), key=lambda a: value(game.result(state, a)))\n"
            "    for name in ('generated', 'scored', '_generated', 'records'):\n"
            "        setattr(game, name, [])\n"
            "    game.__dict__.clear()\n"
            "    return best\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    # Only a tree on which alpha-beta prunes nothing could pass.
    assert r.score <= 1 and "which the correct search prunes" in r.feedback


def test_states_are_tokens_a_submission_cannot_make_or_guess():
    code = ("def alpha_beta_search(game, state):\n"
            "    forged = type(state).__new__(type(state))\n"
            "    forged._token, forged._name = '0' * 24, 'b1'\n"
            "    return game.utility(forged, 'MAX')\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert r.failure == "raised" and "not a state of this game" in r.feedback


def test_garbage_on_the_channel_stops_the_submission_and_nothing_else():
    code = ("import os\n"
            "def alpha_beta_search(game, state):\n"
            "    for fd in range(3, 12):\n"
            "        try:\n"
            "            os.write(fd, b'{\"t\": \"done\", \"status\": \"ok\", \"returned\": {\"type\": 7}}\\n')\n"
            "        except OSError:\n"
            "            pass\n"
            "    return game.actions(state)[0]\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert (r.score, r.failure) == (0, "raised") and "grader's channel" in r.feedback


def test_a_search_that_forges_done_messages_before_searching_scores_nothing():
    code = ("import gc\n" + CORRECT.replace(
        "    player = game.to_move(state)\n",
        "    for o in gc.get_objects():\n"
        "        if type(o).__name__ == 'Channel':\n"
        "            o.send({'t': 'done', 'status': 'ok', 'returned': 'a1', 'error': None, 'printed': 0})\n"
        "    player = game.to_move(state)\n", 1))
    r = ab.grading.check_alphabeta("import math\n" + code, seed=SEED)
    assert not r.passed and r.score < r.out_of // 2


def test_an_object_equal_to_every_move_is_not_a_move():
    code = ("class Any:\n    def __eq__(self, other):\n        return True\n    def __hash__(self):\n        return 0\n"
            "    def __repr__(self):\n        return 'a1'\n"
            "def alpha_beta_search(game, state):\n    game.actions(state)\n    return Any()\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert r.score == 0 and "(type Any)" in r.feedback


# -- leaks -------------------------------------------------------------------------------

LEAKY = "import math\nSEEN = []\n" + CORRECT.replace(
    "    return move\n",
    "    SEEN.append(1)\n"
    "    everything = []\n"
    "    def walk(s):\n"
    "        if game.is_terminal(s):\n"
    "            everything.append(game.utility(s, 'MAX'))\n"
    "        else:\n"
    "            for a in game.actions(s):\n"
    "                walk(game.result(s, a))\n"
    "    if len(SEEN) > PUBLIC:\n"
    "        walk(state)\n"
    "        LEAK\n"
    "    return move\n", 1)
PUBLIC = len([t for t in ab.examples.ALL.values() if t.root.player == "MAX"])


@pytest.mark.parametrize("leak, score", [
    ("raise ValueError('LEAK' + repr(everything))", 0),
    ("raise type('LEAK' + ''.join(str(int(x)) for x in everything), (Exception,), {})()", 0),
    ("return 'LEAK' + ''.join(map(str, everything))", PUBLIC),
    ("return float('0.' + ''.join(str(int(x)) for x in everything) or '0'), 'a1'", PUBLIC),
])
def test_nothing_a_submission_saw_of_a_hidden_tree_comes_back_in_its_feedback(leak, score):
    code = LEAKY.replace("PUBLIC", str(PUBLIC)).replace("LEAK\n", leak + "\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    # Right on every public tree; an error anywhere scores 0, as any error does.
    assert r.score == score, r.feedback
    assert_no_leak(r)
    # The submission's own code may be quoted, never what it made of the tree.
    assert not [line for line in r.feedback.splitlines() if "LEAK" in line and line.strip() not in code]
    assert not re.search(r"\d{6}", r.feedback), r.feedback
    assert "hidden trees" in r.feedback


def test_the_seed_is_not_in_the_child_to_leak():
    code = ("import gc, sys\n"
            "def alpha_beta_search(game, state):\n"
            "    text = repr([f for f in gc.get_objects() if isinstance(f, (str, dict))])\n"
            f"    return 'FOUND' if {SEED!r}[::-1][::-1] in text.replace({SEED!r}, '') else 'absent'\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert "'absent'" in r.feedback and "'FOUND'" not in r.feedback


def test_public_trees_are_shown_in_full():
    r = ab.grading.check_alphabeta(SAMPLES / "bug_no_window.py", seed=SEED)
    assert str(ab.examples.FIG_5_2.to_nested()) in r.feedback


# -- the sandbox itself ---------------------------------------------------------------------------

@pytest.mark.parametrize("action, words", [
    (f"open({str(SAMPLES / 'loop.py')!r}).read()", "FileNotFoundError"),
    (f"__import__('os').listdir({str(ROOT)!r})", "FileNotFoundError"),
    ("__import__('socket').socket().connect(('127.0.0.1', 22))", "PermissionError"),
    ("bytearray(4 * 2 ** 30)", "ran out of memory"),
    ("__import__('subprocess').run(['true'])", "PermissionError"),
    ("__import__('threading').Thread(target=print).start()", "can't start new thread"),
    ("open('/tmp/big', 'wb').write(b'x' * 5_000_000)", "OSError"),
    ("open('/filler', 'wb')", "Read-only file system"),          # the sandbox's root is memory: read-only
    ("open('/dev/shm/filler', 'wb')", "Read-only file system"),
    ("__import__('os').kill(__import__('os').getppid(), 9)", "PermissionError"),
    ("__import__('hypothesis')", "standard library"),
])
def test_the_sandbox_refuses_files_network_memory_and_processes_with_a_clear_report(action, words):
    r = ab.grading.check_alphabeta(f"def alpha_beta_search(game, state):\n    {action}\n", seed=SEED)
    assert (r.score, r.failure) == (0, "raised") and words in r.feedback, r.feedback


def test_a_loop_leaves_no_process_behind():
    before = frozenset(harnesses())
    r = ab.grading.check_alphabeta("def alpha_beta_search(game, state):\n    while True:\n        pass\n",
                                   time_limit=1.0)
    # Stopped at its own limit on the first tree, and not run on the rest (how long that took on the clock is
    # the machine's load, not the grader's behaviour: no timed assertion).
    assert r.failure == "timeout", r.feedback
    assert "tree 1 of" in r.feedback and "within 1 s" in r.feedback and "not run on the remaining" in r.feedback
    assert sandboxed_processes(before) == []


def test_the_child_holds_no_grader_state_and_sees_only_the_sandbox():
    code = ("import os, sys\n"
            "def alpha_beta_search(game, state):\n"
            "    seen = sorted(os.listdir('/')) + [os.getcwd()] + os.listdir('.') + sorted(sys.modules)\n"
            "    pids = [p for p in os.listdir('/proc') if p.isdigit()]\n"
            "    return repr(('abteach' in ' '.join(seen), len(pids) < 4, os.getcwd()))\n")
    r = ab.grading.check_alphabeta(code, seed=SEED)
    assert "(False, True, '/tmp')" in r.feedback, r.feedback


@pytest.mark.parametrize("action", ["__import__('os').fork()", "__import__('socket').socket()",
                                    "__import__('os').kill(__import__('os').getppid(), 9)"])
def test_without_bubblewrap_the_limits_still_refuse_processes_sockets_and_signals(action):
    r = ab.grading.check_alphabeta(f"def alpha_beta_search(game, state):\n    {action}\n", isolation="limits")
    assert r.failure == "raised" and "PermissionError" in r.feedback, r.feedback


def test_without_bubblewrap_grading_fails_clearly_unless_told_to_use_the_limits_alone(monkeypatch):
    which = sandbox.shutil.which
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None if name == "bwrap" else which(name))
    with pytest.raises(sandbox.SandboxUnavailable, match="bubblewrap"):
        ab.grading.check_alphabeta(SAMPLES / "correct_negamax.py")
    r = ab.grading.check_alphabeta(SAMPLES / "correct_negamax.py", isolation="limits")
    assert r.passed and r.feedback.startswith("Note: graded without bubblewrap")
    with pytest.raises(ValueError, match="isolation"):
        ab.grading.check_alphabeta(SAMPLES / "correct_negamax.py", isolation="docker")


# -- loading ---------------------------------------------------------------------------------------

DATACLASS = """from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple


class Window(NamedTuple):
    alpha: float
    beta: float


@dataclass
class Searcher:
    game: object
    player: str
    scored: list[float] = field(default_factory=list)

    def value(self, s, w: Window) -> tuple[float, str | None]:
        if self.game.is_terminal(s):
            return self.game.utility(s, self.player), None
        mine = self.game.to_move(s) == self.player
        v, move = (-math.inf if mine else math.inf), None
        for a in self.game.actions(s):
            v2, _ = self.value(self.game.result(s, a), w)
            if (v2 > v) if mine else (v2 < v):
                v, move = v2, a
                w = Window(max(w.alpha, v), w.beta) if mine else Window(w.alpha, min(w.beta, v))
            if (v >= w.beta) if mine else (v <= w.alpha):
                return v, move
        return v, move


def alpha_beta_search(game, state):
    return Searcher(game, game.to_move(state)).value(state, Window(-math.inf, math.inf))[1]
"""


def test_a_correct_search_with_dataclasses_typing_and_future_annotations_scores_full_marks(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(DATACLASS)
    assert ab.grading.check_alphabeta(path, seed=SEED).passed
    assert ab.grading.check_alphabeta(DATACLASS, seed=SEED).passed
    # A function object is graded by its source and its module's helpers, as a notebook cell's would be.
    spec = importlib.util.spec_from_file_location("mine", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["mine"] = module
    try:
        spec.loader.exec_module(module)
        assert ab.grading.check_alphabeta(module.alpha_beta_search, seed=SEED).passed
    finally:
        del sys.modules["mine"]


def test_a_function_that_uses_the_package_from_its_module_is_reported():
    def alpha_beta_search(game, state):
        return ab.alphabeta(game, state).move
    r = ab.grading.check_alphabeta(alpha_beta_search, seed=SEED)
    assert r.failure == "package"


def test_a_function_whose_source_cannot_be_read_is_a_load_failure():
    r = ab.grading.check_alphabeta(len, seed=SEED)
    assert (r.failure, r.score) == ("load", 0) and "not a function written in Python" in r.feedback


# -- the command line ------------------------------------------------------------------------------

def test_grade_piped_into_a_reader_that_stops_prints_no_broken_pipe():
    script = Path(sys.executable).parent / "abteach"
    process = subprocess.Popen([str(script), "grade", str(SAMPLES / "bug_no_window.py")], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "PYTHONHASHSEED": "0"})
    assert process.stdout is not None
    process.stdout.close()  # as `| head` does once it has its lines
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0 and b"Traceback" not in err and b"BrokenPipe" not in err


@pytest.mark.timeout(120)  # blocked, the grader would never return: a guard, not a measure of speed
def test_calls_written_straight_to_the_channel_whose_answers_are_never_read_cannot_block_the_grader():
    code = ("import os, json\n"
            "def alpha_beta_search(game, state):\n"
            "    call = (json.dumps({'t': 'call', 'm': 'actions', 'a': [{'k': state._token}]}) + '\\n').encode()\n"
            "    fd = max(int(f) for f in os.listdir('/proc/self/fd'))\n"
            "    for out in range(3, fd + 1):\n"
            "        try:\n"
            "            while True:\n"
            "                os.write(out, call * 1000)\n"
            "        except OSError:\n"
            "            pass\n")
    before = frozenset(harnesses())
    r = ab.grading.check_alphabeta(code, seed=SEED, time_limit=1.0)
    assert r.score == 0 and r.failure in ("timeout", "raised")
    assert sandboxed_processes(before) == []
