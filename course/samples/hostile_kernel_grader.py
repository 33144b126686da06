# Hostile: in the notebook's kernel, replaces the grader's functions (check_alphabeta and every require)
# with ones that always pass, so each hidden test run in that kernel would pass; its search searches nothing.
# Expected: wrong
import sys


def alpha_beta_search(game, state):
    return game.actions(state)[0]


def _passes(*args, **kwargs):
    return None


# In the student's kernel the setup cell has loaded abteach; in the sandbox nothing has, and this does nothing.
_grading = sys.modules.get("abteach.grading")
if _grading is not None:
    for _name in dir(_grading):
        if _name.startswith("require") or _name == "check_alphabeta":
            setattr(_grading, _name, _passes)
