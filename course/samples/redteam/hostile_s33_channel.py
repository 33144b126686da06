"""Hostile hand-ins of the red team's session 33 on the grader's channel (abteach/grading/harness.py, sandbox.py).

The search shares its interpreter with the harness, so it can rebind anything of it.  These go past writing
one message (hostile_channel.py): they change the harness itself, at load time, or leave the framing torn.

- :func:`forging_on_arrival` - at load time, wraps ``json.loads`` (which the harness's channel reads every
  message with) so that the moment a tree's ``run`` order arrives, before the harness calls the search, it
  writes a ``done`` for that run, with that run's id, claiming ``a1``; the search then runs, correct, and its
  calls and the harness's own ``done`` come too late.  Its twin returns ``'a1'`` without a search.
- :func:`patching_play` - at load time, replaces the harness's ``play`` (``sys.modules['__main__']``) by one that
  runs the correct search and sends the harness's ``done`` for it: its twin is the correct search.
- :func:`tearing` - on tree :data:`TREE`, writes the start of a call with no end of line on the channel's own
  descriptor, then returns the right move: the harness's ``done`` is glued to it.
- :func:`spelling` - on tree ``tree``, writes one of several malformed lines, chosen by ``kind``: a hidden
  tree's leaf value could choose it.

A twin (``twin=True``) does with ``return`` what its hand-in does on the channel.
"""

from __future__ import annotations

from pathlib import Path

#: The course's correct search, which the hand-ins are made of.
CORRECT = (Path(__file__).resolve().parent.parent / "correct_4th_edition.py").read_text(encoding="utf-8")

#: Finds the harness's channel object, from the harness's frames, or from the module it runs as.
_FIND = '''
import sys
import json
_TREES = []


def _channel():
    frame = sys._getframe()
    while frame is not None:
        if "channel" in frame.f_locals:
            return frame.f_locals["channel"]
        frame = frame.f_back
    raise RuntimeError("no channel")


def _out_fd():
    return _channel()._out
'''


def _hand_in(body: str) -> str:
    return CORRECT.replace("def alpha_beta_search(", "def _search(", 1) + _FIND + body


def forging_on_arrival(twin: bool = False) -> str:
    """Every tree: a ``done`` claiming ``'a1'`` sent as the run order is read, before the search starts."""
    if twin:
        return _hand_in('''

def alpha_beta_search(game, state):
    return "a1"
''')
    return _hand_in('''
import os
_loads = json.loads


def _watching(text, *args, **kwargs):
    message = _loads(text, *args, **kwargs)
    if isinstance(message, dict) and message.get("t") == "run":
        line = json.dumps({"t": "done", "g": message["g"], "status": "ok", "returned": "a1", "error": None,
                           "printed": 0}) + "\\n"
        os.write(_OUT[0], line.encode())
    return message


_OUT = []


def alpha_beta_search(game, state):
    return _search(game, state)



# At load time no harness frame holds "channel" as a local of main yet; main's locals do.
_frame = sys._getframe()
while _frame is not None and "channel" not in _frame.f_locals:
    _frame = _frame.f_back
_OUT.append(_frame.f_locals["channel"]._out)
json.loads = _watching
''')


def patching_play(twin: bool = False) -> str:
    """At load time the harness's ``play`` is replaced by one that searches correctly and builds the done."""
    if twin:
        return CORRECT
    return _hand_in('''

def alpha_beta_search(game, state):
    raise RuntimeError("never called: play is replaced")


def _play(function, game, sink, run=""):
    move = _search(game, game.initial)
    return {"t": "done", "g": run, "status": "ok", "returned": move, "error": None, "printed": 0}


sys.modules["__main__"].play = _play
''')


def tearing(tree: int) -> str:
    """On the ``tree``-th tree (from 1), write a call's start with no end of line, then return the right move."""
    return _hand_in(f'''
import os


def alpha_beta_search(game, state):
    _TREES.append(1)
    move = _search(game, state)
    if len(_TREES) == {tree}:
        os.write(_out_fd(), b'{{"t": "call", "g": "')
    return move
''')


#: Malformed lines :func:`spelling` may write, each met by another check of the grader's.
SPELLINGS = ('[]', '{"t": "done", "g": null}', 'not json', '{"t": "hello", "g": RUN}',
             '{"t": "done", "g": RUN, "status": "odd"}', '{"t": "call", "g": RUN, "m": "nope", "a": []}',
             '{"t": "done", "g": RUN, "status": "ok", "returned": [1]}')


def spelling(tree: int, kind: int) -> str:
    """On the ``tree``-th tree (from 1), write the malformed line ``SPELLINGS[kind]`` (RUN: this run's id)."""
    return _hand_in(f'''
import os


def alpha_beta_search(game, state):
    _TREES.append(1)
    if len(_TREES) == {tree}:
        frame = sys._getframe()
        while "order" not in frame.f_locals or not isinstance(frame.f_locals["order"], dict):
            frame = frame.f_back
        run = json.dumps(frame.f_locals["order"]["g"])
        os.write(_out_fd(), ({SPELLINGS[kind]!r}.replace("RUN", run) + "\\n").encode())
    return _search(game, state)
''')
