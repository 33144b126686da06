# Student: numpy's infinities, and MIN-VALUE raising alpha as MAX-VALUE does (copied and half edited).
# Expected: diagnosis alpha-in-min
import numpy as np


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = -np.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = np.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta))
            if v <= alpha:
                return v
            alpha = max(alpha, v)
        return v

    best, best_v = None, -np.inf
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_v, np.inf)
        if v > best_v:
            best, best_v = a, v
    return best
