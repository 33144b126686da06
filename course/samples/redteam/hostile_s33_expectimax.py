"""Hostile expectimax hand-ins of the red team's session 33 (abteach/grading/expectimax.py, part='frame').

- :data:`MIXED` - the correct search on every tree but the first :data:`PUBLIC` it is run on (the book's, which
  the public cell shows), where it takes chance nodes for MIN: it answers as a mistake where a student sees
  feedback and right where the trees are hidden, hoping the frame's "every tree as one mistake" is read per tree.
- :data:`REMEMBERING` - tries to carry what one check saw into the next (the notebook's two test cells are two
  checks): a file in its /tmp and a variable of its environment, written on every tree; at load, if either is
  there already, it returns 'a1' everywhere (a second check that found the first one's record would score as
  'a1' does, not as the correct search).
"""

from __future__ import annotations

from pathlib import Path

#: The course's correct expectimax search.
CORRECT = (Path(__file__).resolve().parent.parent / "expectimax" / "correct.py").read_text(encoding="utf-8")
#: Trees of the book the check runs first (FIG_5_13, FIG_5_13_RESCALED, HOLD_OR_ROLL).
PUBLIC = 3

MIXED = CORRECT.replace("def expectimax_search(", "def _right(", 1) + f'''

_RUNS = []


def expectimax_search(game, state):
    _RUNS.append(1)
    if len(_RUNS) > {PUBLIC}:
        return _right(game, state)
    player = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        if game.to_move(s) == "CHANCE":
            return min(values)
        return max(values) if game.to_move(s) == "MAX" else min(values)
    return max(game.actions(state), key=lambda a: value(game.result(state, a)))
'''

REMEMBERING = CORRECT.replace("def expectimax_search(", "def _right(", 1) + '''
import os

_SEEN = os.path.exists("/tmp/abteach-s33-seen") or "ABTEACH_S33_SEEN" in os.environ


def expectimax_search(game, state):
    try:
        with open("/tmp/abteach-s33-seen", "a") as out:
            out.write("seen\\n")
    except OSError:
        pass
    os.environ["ABTEACH_S33_SEEN"] = "1"
    return "a1" if _SEEN else _right(game, state)
'''

#: On the first tree (public, so what it returns is shown), looks through every object of its interpreter, the
#: harness's included, for text of the grader's: a hidden tree's name, another tree of the book's, a seed.  It
#: returns how many it found, beside how many hold its own function's name (its source, which the grader did
#: send it, is in linecache: so the scan is seen to work).
LOOKING = '''
import gc
import sys


def _count(needle):
    found = 0
    for o in gc.get_objects():
        values = list(o.values()) if isinstance(o, dict) else list(o) if isinstance(o, (list, tuple)) else []
        for v in values:
            if isinstance(v, str) and v is not needle and needle in v:
                found += 1
    for frame in [sys._getframe()]:
        while frame is not None:
            for v in list(frame.f_locals.values()):
                if isinstance(v, str) and v is not needle and needle in v:
                    found += 1
            frame = frame.f_back
    return found


def expectimax_search(game, state):
    needles = ("seed" + "ed-", "FIG_5_13" + "_RESCALED", "HOLD_OR" + "_ROLL", "probabil" + "ities\\":")
    theirs = sum(_count(n) for n in needles)
    ours = _count("expectimax" + "_search")
    return f"{theirs}/{ours > 0}"
'''
