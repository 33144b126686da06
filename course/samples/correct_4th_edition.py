# Correct, in the 4th edition's style: each function returns (value, move).
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)
    value, move = max_value(game, state, player, -math.inf, math.inf)
    return move


def max_value(game, state, player, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, player), None
    v, move = -math.inf, None
    for a in game.actions(state):
        v2, _ = min_value(game, game.result(state, a), player, alpha, beta)
        if v2 > v:
            v, move = v2, a
            alpha = max(alpha, v)
        if v >= beta:
            return v, move
    return v, move


def min_value(game, state, player, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, player), None
    v, move = math.inf, None
    for a in game.actions(state):
        v2, _ = max_value(game, game.result(state, a), player, alpha, beta)
        if v2 < v:
            v, move = v2, a
            beta = min(beta, v)
        if v <= alpha:
            return v, move
    return v, move
