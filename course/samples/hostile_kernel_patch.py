# Hostile: in the notebook's kernel, patches the package's modules so every report passes and a failed
# test raises nothing nbgrader sees, and has IPython swallow every error; its search searches nothing.
# Expected: wrong
import sys


def alpha_beta_search(game, state):
    return game.actions(state)[0]


def _swallow(shell, etype, evalue, tb, tb_offset=None):
    return None


_checker = sys.modules.get("abteach.grading.checker")
if _checker is not None:
    _checker.Report.passed = property(lambda self: True)
    _checker.GradingFailed = type("GradingFailed", (Exception,), {})
try:
    get_ipython().set_custom_exc((BaseException,), _swallow)  # noqa: F821 - IPython's own, in a kernel
except NameError:  # in the sandbox there is no IPython
    pass
