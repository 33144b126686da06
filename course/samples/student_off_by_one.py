# Student: an off-by-one: each node skips its last action (range(len(actions) - 1)).
# Expected: diagnosis unknown
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        actions = game.actions(s)
        v, move = -math.inf, None
        for i in range(len(actions) - 1):
            v2, _ = min_value(game.result(s, actions[i]), alpha, beta)
            if v2 > v:
                v, move = v2, actions[i]
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        actions = game.actions(s)
        v, move = math.inf, None
        for i in range(len(actions) - 1):
            v2, _ = max_value(game.result(s, actions[i]), alpha, beta)
            if v2 < v:
                v, move = v2, actions[i]
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return max_value(state, -math.inf, math.inf)[1]
