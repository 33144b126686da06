# Slow: a correct search that sleeps on every tree, each tree alone well in time (the limit is 5 s a tree), the
# whole check far past its total (15 trees x 2.5 s > 30 s): the check's total time stops it.
# Expected: timeout
import math
import time

PER_TREE = 2.5  # seconds, under the per-tree limit


def alpha_beta_search(game, state):
    time.sleep(PER_TREE)
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best, alpha = None, -math.inf
    for a in game.actions(state):
        v = min_value(game.result(state, a), alpha, math.inf)
        if v > alpha:
            best, alpha = a, v
    return best
