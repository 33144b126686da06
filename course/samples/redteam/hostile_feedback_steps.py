"""Hostile hand-ins that attack the feedback page's stepper of a student's search (issue 28).

A failed search check leaves, in its test cell, the grader's record of the search's calls of the game on a
shipped example, and the feedback page steps through it beside the correct search.  A student controls which
calls are made, in which order and how many, and whatever their own cells display.  Each attack here must
change no mark, run no script in the page, show nothing of a hidden tree, and neither blow up the page nor
stop ``generate_feedback`` for anyone.

- :data:`LOOPING_SEARCH` - asks the game for a state again and again until it is stopped: a trace as long as
  the time limit allows.
- :data:`RIGHT_ON_PUBLIC_TREES_ONLY` - searches the shipped examples correctly and the hidden trees wrongly:
  the only trees it fails on are hidden, so the page must show no stepper (a stepper would draw a hidden tree).
- :func:`forged_steps_cell` - an answer cell that displays, from the student's kernel, data of the steps'
  own output type: a hidden tree's name, paths that are not in the tree, markup that would close the page's
  ``<script>``.  Only the grader's own test-cell outputs may be read.
- :func:`forged_steps` - the same data, to plant straight into a test cell of an autograded notebook (what
  the page must survive if anything ever wrote there).
"""

from __future__ import annotations

import json
from typing import Any

#: Text a planted script sets, to look for in a rendered page.
SCRIPT_MARK = "ABTEACH_REDTEAM_STEPS_XSS"
#: The output type the grader writes steps as (abteach.grading.steps.MIME), spelt out as a student would.
STEPS_MIME = "application/vnd.abteach.search-steps+json"

LOOPING_SEARCH = '''
def alpha_beta_search(game, state):
    first = game.actions(state)[0]
    while True:
        game.result(state, first)
'''

CORRECT = '''
import math


def _right(game, state):
    player = game.to_move(state)

    def max_value(s, a, b):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = -math.inf, None
        for m in game.actions(s):
            v2, _ = min_value(game.result(s, m), a, b)
            if v2 > v:
                v, move = v2, m
                a = max(a, v)
            if v >= b:
                return v, move
        return v, move

    def min_value(s, a, b):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = math.inf, None
        for m in game.actions(s):
            v2, _ = max_value(game.result(s, m), a, b)
            if v2 < v:
                v, move = v2, m
                b = min(b, v)
            if v <= a:
                return v, move
        return v, move

    return max_value(state, -math.inf, math.inf)[1]
'''

RIGHT_ON_PUBLIC_TREES_ONLY = CORRECT + '''
_runs = []


def alpha_beta_search(game, state):
    # The grader runs the shipped examples first, then the hidden trees: from the eighth run on, a wrong move.
    _runs.append(1)
    if len(_runs) <= 7:
        return _right(game, state)
    return game.actions(state)[-1] if _right(game, state) != game.actions(state)[-1] else game.actions(state)[0]
'''


def forged_steps(tree: str = "seeded-1") -> dict[str, Any]:
    """Steps data of the right shape, naming ``tree`` and a path no shipped tree has, with markup in it."""
    return {"version": 1, "tree": tree, "rule": "textbook",
            "calls": [["generate", "0"], ["generate", f"</script><script>document.title='{SCRIPT_MARK}'</script>"],
                      ["score", "9.9.9"]], "made": 3}


def forged_steps_cell(payload: Any = None) -> str:
    """An answer cell's extra lines: display ``payload`` (by default :func:`forged_steps`) as the grader's steps."""
    data = forged_steps() if payload is None else payload
    return ("\nfrom IPython.display import display as _show\n"
            f"_show({{{STEPS_MIME!r}: {json.dumps(data)}, 'text/plain': 'steps'}}, raw=True)\n")
