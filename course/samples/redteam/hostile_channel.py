"""Hostile hand-ins that speak on the grader's channel as its harness does (the red team's third round).

The submission runs in the same interpreter as the sandbox's harness (abteach/grading/harness.py), so it can
reach all of it: the channel object, the harness's frames and their locals, every descriptor.  These searches
walk up their own stack to the harness's conversation, copy the fields of the order that started this tree's
run (whatever they are: a run's id too, if it has one) and send a ``done`` message of their own, just as the
harness does when a search returns, on the tree :data:`TREE` of their choice.

- :func:`claiming_right` - searches correctly, claims its own right answer on the channel, then returns it as
  well: the harness sends a second ``done`` for the same tree.  Before the fix the grader took that second one
  as the answer for the *next* tree, failed it, named it, and showed no stepper.
- :func:`claiming_wrong` - generates the first child, claims the last action, then goes on to search (its
  calls now belong to a run the grader has finished) and returns the right move.
- :func:`calling_unread` - writes a call of its own on the channel (a state's generation, with its run's
  fields) and never reads the answer, then returns: the answer is left for the harness to find where it
  waits for the next tree's order.  Before, the harness took it for an order and ended, on the next tree.
- :func:`claiming_ahead` - sends a ``done`` for a run id of its own making (a guess at the next tree's),
  then searches and returns the right move.

Each of the first three has a twin (``twin=True``) that does with ``return`` what the hand-in does on the channel: its feedback is
what the hand-in's must be, since a ``done`` a search writes may be taken only as a return would be.
"""

from __future__ import annotations

from pathlib import Path

#: The course's correct search, which the hand-ins are made of.
CORRECT = (Path(__file__).resolve().parent.parent / "correct_4th_edition.py").read_text(encoding="utf-8")

#: Speaks as the harness: its run order's fields (all but the order's kind and state) and a done of its own.
_CLAIM = '''
import sys
_TREES = []


def _claim(move):
    frame = sys._getframe()
    while frame is not None:
        here = frame.f_locals
        if "channel" in here and isinstance(here.get("order"), dict):
            fields = {k: v for k, v in here["order"].items() if k not in ("t", "state")}
            here["channel"].send({**fields, "t": "done", "status": "ok", "returned": move, "error": None,
                                  "printed": 0})
            return
        frame = frame.f_back
    raise RuntimeError("no harness frame found")
'''


def _hand_in(body: str) -> str:
    return CORRECT.replace("def alpha_beta_search(", "def _search(", 1) + _CLAIM + body


def claiming_right(tree: int, twin: bool = False) -> str:
    """On the ``tree``-th tree (from 1), claim the right move on the channel, then return it too."""
    claim = "pass" if twin else "_claim(move)"
    return _hand_in(f'''

def alpha_beta_search(game, state):
    _TREES.append(1)
    move = _search(game, state)
    if len(_TREES) == {tree}:
        {claim}
    return move
''')


def claiming_wrong(tree: int, twin: bool = False) -> str:
    """On the ``tree``-th tree (from 1), generate the first child and claim the last action on the channel, then
    search and return the right move; the twin returns the last action there."""
    claim = "return game.actions(state)[-1]" if twin else "_claim(game.actions(state)[-1])"
    return _hand_in(f'''

def alpha_beta_search(game, state):
    _TREES.append(1)
    if len(_TREES) == {tree}:
        game.result(state, game.actions(state)[0])
        {claim}
    return _search(game, state)
''')


def calling_unread(tree: int, twin: bool = False) -> str:
    """On the ``tree``-th tree (from 1), ask the actions, write the first one's result call on the channel itself
    and not read its answer, and return the last action; the twin asks the result through the game."""
    call = ("game.result(state, moves[0])" if twin else
            'sys.modules["submission"]._call(state, moves[0])')
    return _hand_in(f'''

def alpha_beta_search(game, state):
    _TREES.append(1)
    if len(_TREES) == {tree}:
        moves = game.actions(state)
        {call}
        return moves[-1]
    return _search(game, state)


def _call(state, action):
    frame = sys._getframe()
    while frame is not None:
        here = frame.f_locals
        if "channel" in here and isinstance(here.get("order"), dict):
            fields = {{k: v for k, v in here["order"].items() if k not in ("t", "state")}}
            here["channel"].send({{**fields, "t": "call", "m": "result", "a": [{{"k": state._token}}, action]}})
            return
        frame = frame.f_back
''')


def claiming_ahead(tree: int) -> str:
    """On the ``tree``-th tree (from 1), send a done with an id of its own making, then search and return."""
    return _hand_in(f'''

def alpha_beta_search(game, state):
    _TREES.append(1)
    if len(_TREES) == {tree}:
        game.result(state, game.actions(state)[0])
        for guess in ("0" * 24, "", None, 1):
            sys.modules["submission"]._claim_as(guess, game.actions(state)[0])
    return _search(game, state)


def _claim_as(run, move):
    frame = sys._getframe()
    while frame is not None:
        if "channel" in frame.f_locals:
            frame.f_locals["channel"].send({{"t": "done", "g": run, "status": "ok", "returned": move,
                                             "error": None, "printed": 0}})
            return
        frame = frame.f_back
''')
