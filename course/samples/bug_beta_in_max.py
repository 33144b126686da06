# Bug: MAX-VALUE lowers β, MIN-VALUE's line.
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = -math.inf, None
        for a in game.actions(s):
            u, _ = min_value(game.result(s, a), alpha, beta)
            if u > v:
                v, move = u, a
            if v >= beta:
                return v, move
            beta = min(beta, v)
        return v, move

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = math.inf, None
        for a in game.actions(s):
            u, _ = max_value(game.result(s, a), alpha, beta)
            if u < v:
                v, move = u, a
            if v <= alpha:
                return v, move
            beta = min(beta, v)
        return v, move

    return max_value(state, -math.inf, math.inf)[1]
