# Student: the book's pseudocode with numpy's infinities, as many public solutions write it.
# Expected: full
import numpy as np


def alpha_beta_search(game, state):
    player = game.to_move(state)
    best_move, alpha = None, -np.inf
    v = -np.inf
    for a in game.actions(state):
        value = min_value(game, game.result(state, a), alpha, np.inf, player)
        if value > v:
            v, best_move = value, a
        alpha = max(alpha, v)
    return best_move


def max_value(game, state, alpha, beta, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    v = -np.inf
    for a in game.actions(state):
        v = max(v, min_value(game, game.result(state, a), alpha, beta, player))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(game, state, alpha, beta, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    v = np.inf
    for a in game.actions(state):
        v = min(v, max_value(game, game.result(state, a), alpha, beta, player))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v
