"""More hostile hand-ins against the feedback page's stepper (issue 28): the red team's second round.

Each is the answer cell of ``write-the-search`` a student controls.  None may change a mark, put a script of
theirs in a page, show anything of a hidden tree, make the page fetch anything, blow up its size, or stop
``autograde``/``generate_feedback`` for anyone.

- :data:`HOOKED_BUGGY` - the classic alpha-in-min bug, plus kernel hooks (IPython's ``pre_run_cell`` and
  ``post_run_cell``, and a ``display_id`` updated from them) that display forged steps, in the steps' own
  output type, *inside the test cell's outputs* while the kernel runs it, with markup and a planted
  ``abs-offline`` block beside them.  The only stepper its page may show is the grader's, the same as for a
  student who handed in the same bug alone.
- :data:`THREADED` - makes calls of the game from threads it starts in the middle of its search.
- :data:`WEIRD` - makes a few calls, then passes the game objects with hostile ``__eq__``, ``__hash__``,
  ``__str__``, ``__repr__`` and ``__format__``, and raises an exception whose message is markup, bidi controls
  and a ``</script>``.
- :data:`FILLER` - makes as large a stepper as it can: more than the kept calls, each one leaving a state on the
  far side of the tree from the last, every leaf scored again and again.  Handed in for both searches.
- :func:`cloned_tests` - copies of the search's test cell, under grade ids of the student's own: more graded
  cells, more steppers, more points?
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

#: Text a planted script would set, to look for in a rendered page.
SCRIPT_MARK = "ABTEACH_REDTEAM_STEPS2_XSS"
#: The output type the grader writes steps as (abteach.grading.steps.MIME), spelt out as a student would.
STEPS_MIME = "application/vnd.abteach.search-steps+json"

#: The classic alpha-in-min bug, as the course's sample of it hands it in.
ALPHA_IN_MIN = (Path(__file__).resolve().parent.parent / "bug_alpha_in_min.py").read_text(encoding="utf-8")


def forged_valid_steps() -> dict[str, Any]:
    """Steps that pass every check of the page (a public tree, real paths): a search that scores one leaf."""
    return {"version": 1, "tree": "FIG_5_2", "rule": "textbook",
            "calls": [["generate", "2"], ["generate", "2.1"], ["score", "2.1"]], "made": 3}


_PLANTED = ("<div class='abs-feedback-steps'><div class='abs-offline'><div class='abs-place'></div>"
            "<script type='application/json'>{}</script></div></div>"
            f"<script>document.title='{SCRIPT_MARK}'</script><img src='http://198.51.100.7/x.png'>")

HOOKED_BUGGY = ALPHA_IN_MIN + f'''

def _forge(*args, **kwargs):
    from IPython.display import display, update_display
    bundle = {{{STEPS_MIME!r}: {json.dumps(forged_valid_steps())}, "text/html": {_PLANTED!r},
              "text/plain": "steps"}}
    display(bundle, raw=True)
    update_display(bundle, raw=True, display_id="abteach-forged")


try:
    _ip = get_ipython()  # in the student's kernel; in the grader's sandbox there is none
except NameError:
    _ip = None
if _ip is not None:
    from IPython.display import display as _show
    _show({{"text/plain": "placeholder"}}, raw=True, display_id="abteach-forged")
    _ip.events.register("pre_run_cell", _forge)
    _ip.events.register("post_run_cell", _forge)
'''

THREADED = '''
import threading


def alpha_beta_search(game, state):
    moves = game.actions(state)
    first = game.result(state, moves[0])
    found = []

    def worker(m):
        s = game.result(state, m)
        found.append(s)
        for a in game.actions(s):
            game.result(s, a)

    workers = [threading.Thread(target=worker, args=(m,)) for m in moves for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return moves[-1]
'''

WEIRD = f'''
class _Weird:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __str__(self):
        return "</script><script>document.title='{SCRIPT_MARK}'</script>"

    __repr__ = __str__

    def __format__(self, spec):
        return str(self) * 1000


def alpha_beta_search(game, state):
    moves = game.actions(state)
    child = game.result(state, moves[0])
    for a in game.actions(child):
        s = game.result(child, a)
        if game.is_terminal(s):
            game.utility(s, game.to_move(state))
    for bad in (_Weird(), [_Weird()] * 3, "\\u202e</script>\\u0000", 10 ** 400, float("nan")):
        try:
            game.result(state, bad)
        except Exception:
            pass
        try:
            game.utility(child, bad)
        except Exception:
            pass
    raise ValueError("</script><script>document.title='{SCRIPT_MARK}'</script>\\u202e" + "\\U0001F600" * 5000)
'''

FILLER = '''
def _fill(game, state):
    # From the root: the first and the last child, then their first and last children, leaves scored.
    def ends(s):
        moves = game.actions(s)
        return [moves[0], moves[-1]]

    player = game.to_move(state)
    lines = []
    for a in ends(state):
        s = game.result(state, a)
        for b in ([None] if game.is_terminal(s) else ends(s)):
            lines.append((a, b))
    n = 0
    while n < 3000:
        for a, b in lines:
            s = game.result(state, a)
            n += 1
            if b is not None:
                s = game.result(s, b)
                n += 1
            while not game.is_terminal(s):
                s = game.result(s, game.actions(s)[-1])
                n += 1
            game.utility(s, player)
            n += 1
    moves = game.actions(state)
    return moves[-1]


def alpha_beta_search(game, state):
    return _fill(game, state)


def alpha_beta_search_strict(game, state):
    return _fill(game, state)
'''


def cloned_tests(test_cell: dict[str, Any], copies: int = 6) -> list[dict[str, Any]]:
    """``copies`` copies of the test cell ``test_cell`` (a cell as nbformat reads it), under new grade ids."""
    out = []
    for k in range(copies):
        cell = json.loads(json.dumps(test_cell))
        cell["metadata"]["nbgrader"]["grade_id"] = f"my_own_test_{k}"
        cell["metadata"]["nbgrader"]["points"] = 100
        cell["metadata"].pop("deletable", None)
        out.append(cell)
    return out


#: Places a search may try to leave what it saw for a later check (the strict test runs after the textbook one).
DROP_PLACES = ("/tmp/abteach-drop", "/dev/shm/abteach-drop", "abteach-drop", "~/abteach-drop", "/var/tmp/abteach-drop")

#: Explores every tree it is given, hidden ones too, and writes what it saw wherever it can, for a later check.
DROPPER = f'''
import os


def _leaves(game, s, out):
    if game.is_terminal(s):
        out.append(game.utility(s, "MAX"))
        return
    for a in game.actions(s):
        _leaves(game, game.result(s, a), out)


def alpha_beta_search(game, state):
    seen = []
    _leaves(game, state, seen)
    for place in {DROP_PLACES!r}:
        try:
            with open(os.path.expanduser(place), "a") as f:
                f.write(repr(seen) + "\\n")
        except OSError:
            pass
    return game.actions(state)[0]
'''

#: A later check's search: on the first tree, it generates the last child first if anything was left for it, the
#: first child first if not - the page's stepper would show which, one bit of a hidden tree per call.
READER = f'''
import os


def alpha_beta_search(game, state):
    found = False
    for place in {DROP_PLACES!r}:
        try:
            with open(os.path.expanduser(place)) as f:
                found = found or bool(f.read())
        except OSError:
            pass
    moves = game.actions(state)
    game.result(state, moves[-1] if found else moves[0])
    return None
'''


#: Makes three calls, then writes forged messages of the conversation - calls of states of no game, with markup,
#: a record of calls and a count of its own - to every file descriptor it can, and ends its own process.
CHANNEL_WRITER = f'''
import json
import os


def alpha_beta_search(game, state):
    moves = game.actions(state)
    child = game.result(state, moves[0])
    game.result(child, game.actions(child)[0])
    game.result(state, moves[-1])
    lies = [{{"t": "call", "m": "result", "a": [{{"k": "0" * 24}}, "</script><script>document.title='{SCRIPT_MARK}'</script>"]}},
            {{"t": "call", "m": "utility", "a": [{{"k": "0" * 24}}, "MAX"]}},
            {{"t": "calls", "calls": [["generate", "9.9"], ["score", "</script>"]], "made": 10 ** 15}}]
    for fd in range(0, 64):
        for lie in lies:
            try:
                os.write(fd, (json.dumps(lie) + "\\n").encode())
            except OSError:
                pass
    os._exit(0)
'''
