# Bug: the cutoff is tested before the child's value is taken into v.
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = -math.inf
        for a in game.actions(s):
            u = min_value(game.result(s, a), alpha, beta)
            if v >= beta:
                return v
            v = max(v, u)
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player)
        v = math.inf
        for a in game.actions(s):
            u = max_value(game.result(s, a), alpha, beta)
            if v <= alpha:
                return v
            v = min(v, u)
            beta = min(beta, v)
        return v

    best, alpha = None, -math.inf
    for a in game.actions(state):
        v = min_value(game.result(state, a), alpha, math.inf)
        if v > alpha:
            best, alpha = a, v
    return best
