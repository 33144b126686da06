# The flag starts as EXACT and changes only on a fail-high: every fail-low is stored as an exact value.
import math


def table_search(game, state, alpha, beta, table):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    alpha0 = alpha
    entry = table.get(state)
    if entry is not None:
        value, flag = entry
        if flag == "EXACT":
            return value
        if flag == "LOWER":
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    v = -math.inf
    for a in game.actions(state):
        v = max(v, -table_search(game, game.result(state, a), -beta, -alpha, table))
        if v >= beta:
            break
        alpha = max(alpha, v)
    flag = "EXACT"
    if v >= beta:
        flag = "LOWER"
    table[state] = (v, flag)
    return v
