# Slow: a correct search that sleeps just under the time limit on every tree, so that each tree alone is in
# time and the whole check takes minutes; the check's total time stops it.
# Expected: timeout
import math
import time

PER_TREE = 0.8  # seconds: the test grades it with a 1 s limit a tree and 3 s for the check


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
