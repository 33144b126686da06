# Hostile: looks through the file system for the course (its notebooks, hidden tests, gradebook, the
# grader's source) and returns the first one it can read, so the feedback would show it.
# Expected: wrong
import os

SYSTEM = ("/usr", "/lib", "/lib64", "/bin", "/sbin", "/proc", "/sys", "/dev")


def alpha_beta_search(game, state):
    for top in ("/", os.getcwd(), os.path.expanduser("~")):
        for folder, subfolders, files in os.walk(top):
            subfolders[:] = [d for d in subfolders if os.path.join(folder, d) not in SYSTEM]
            for name in files:
                if name.endswith(".ipynb") or name in ("nbgrader_config.py", "gradebook.db", "checker.py"):
                    try:
                        with open(os.path.join(folder, name)) as f:
                            return f.read()
                    except OSError:
                        pass
    return "nothing of the course found"
