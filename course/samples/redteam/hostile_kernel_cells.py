"""Hostile cells, second red team: attacks on the grader's own process and machine through the autograde kernel.

Each constant is the source of a code cell a student adds to a notebook (a student may add any number of code
cells); ``tests/test_redteam2.py`` runs each, with real bubblewrap, and asserts what must hold.

- :data:`DEEP_FOLDERS` - nests folders in the kernel's home a few thousand deep.  ``shutil.rmtree`` recurses
  once per level, so removing the kernel's box raised ``RecursionError``: the box, and all the kernel wrote in
  it, stayed on the grader's disk for good, and the student's notebook failed to grade.
- :func:`sleepy_cells` - many cells that each sleep just under ``ExecutePreprocessor.timeout`` (the first
  ignoring the interrupt): the timeout was per cell, so one notebook held the class's autograde for
  cells x timeout seconds.
- :func:`flood` - a cell that prints as fast as it can.  nbclient keeps every output in the grader's memory
  until the notebook is done (nbgrader's ``LimitOutput`` comes after): 300 MB printed in 6 s took the grader
  to 1 GB; 120 s of it is more memory than the grader's machine has.
- :func:`disk_fill` - a cell that writes many files of just under the per-file limit into its working
  folder, which is on the grader's disk (``/var/tmp``): nothing capped the total.
- :data:`DEEP_ANSWERS` - answers by hand that nest past the parser's depth: ``ast.parse`` in the grader's
  process raised ``MemoryError`` or ``RecursionError`` out of ``literal_answer``, so the notebook failed to
  grade with a traceback instead of being told why.
"""

from __future__ import annotations

#: Depth of the folders :data:`DEEP_FOLDERS` nests: past ``shutil.rmtree``'s recursion, under PATH_MAX's reach.
DEPTH = 3000

DEEP_FOLDERS = f"""
import os
fd = os.open(os.path.expanduser("~"), os.O_RDONLY)
for _ in range({DEPTH}):
    os.mkdir("d", dir_fd=fd)
    fd = os.open("d", os.O_RDONLY, dir_fd=fd)
print("NESTED")
"""


def sleepy_cells(count: int, seconds: float) -> list[str]:
    """``count`` cells that each sleep ``seconds``; the first ignores the interrupt a timeout sends."""
    first = ("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
             f"end = time.time() + {seconds}\nwhile time.time() < end:\n    time.sleep(0.1)\n")
    return [first] + [f"import time\ntime.sleep({seconds})\n"] * (count - 1)


def flood(megabytes: int) -> str:
    """A cell that prints ``megabytes`` MB, one MB at a time."""
    return f'import sys\nchunk = "x" * 2 ** 20\nfor _ in range({megabytes}):\n    sys.stdout.write(chunk)\nprint("DONE")\n'


def disk_fill(files: int, megabytes: int) -> str:
    """A cell that writes ``files`` files of ``megabytes`` MB each in its working folder; prints the bytes written."""
    return f'''
import os
written = 0
for k in range({files}):
    try:
        with open(f"fill-{{k}}.bin", "wb") as f:
            for _ in range({megabytes}):
                f.write(b"\\0" * 2 ** 20)
                written += 2 ** 20
    except OSError as error:
        print("REFUSED", type(error).__name__)
        break
print("WRITTEN", written)
'''


#: Answers by hand nested past the parser's depth, each bound to the name ``answer``.
DEEP_ANSWERS = {
    "unary minus": "answer = " + "-" * 200_000 + "1",
    "sum": "answer = " + "+".join(["1"] * 200_000),
    "attribute": "answer = a" + ".b" * 200_000,
    "lambda": "answer = " + "lambda: " * 50_000 + "1",
}
