# Hostile: ends the process that runs it, hoping the grader counts a silent end as success.
# Expected: raised
import os


def alpha_beta_search(game, state):
    os._exit(0)
