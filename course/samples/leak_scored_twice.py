# Leak: a correct search (full marks) that, on the hidden trees, scores again each leaf worth 5 or more, so that
# a note naming the leaves scored twice would tell which leaves of a hidden tree are high.
# Expected: full, and the feedback names no leaf of a hidden tree
import math

CALLS = []


def alpha_beta_search(game, state):
    CALLS.append(state)
    hidden = len(CALLS) > 7  # the public trees come first
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            u = game.utility(s, player)
            if hidden and u >= 5:
                game.utility(s, player)
            return u
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            u = game.utility(s, player)
            if hidden and u >= 5:
                game.utility(s, player)
            return u
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
