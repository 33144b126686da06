# Hostile: floods every output it has, below Python's print as well as through it.
# Expected: output
import os


def alpha_beta_search(game, state):
    for fd in (1, 2):
        try:
            os.write(fd, b"x" * 1_000_000)
        except OSError:
            pass
    while True:
        print("x" * 10_000)
