# Bug: one best-move variable for the whole search; every call writes to it when its v improves.
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)
    best = None

    def max_value(s, alpha, beta):
        nonlocal best
        if game.is_terminal(s):
            return game.utility(s, player)
        v = -math.inf
        for a in game.actions(s):
            u = min_value(game.result(s, a), alpha, beta)
            if u > v:
                v, best = u, a
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        nonlocal best
        if game.is_terminal(s):
            return game.utility(s, player)
        v = math.inf
        for a in game.actions(s):
            u = max_value(game.result(s, a), alpha, beta)
            if u < v:
                v, best = u, a
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    max_value(state, -math.inf, math.inf)
    return best
