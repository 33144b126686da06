# Student: one recursive function, the players told apart by lambdas.
# Expected: full
import math

BETTER = {True: lambda a, b: a > b, False: lambda a, b: a < b}
CUT = {True: lambda v, alpha, beta: v >= beta, False: lambda v, alpha, beta: v <= alpha}
NARROW = {True: lambda v, lo, hi: (max(lo, v), hi), False: lambda v, lo, hi: (lo, min(hi, v))}


def alpha_beta_search(game, state):
    player = game.to_move(state)
    utility = lambda s: game.utility(s, player)  # noqa: E731

    def value(s, lo, hi):
        if game.is_terminal(s):
            return utility(s), None
        mine = game.to_move(s) == player
        v, move = (-math.inf if mine else math.inf), None
        for a in game.actions(s):
            w, _ = value(game.result(s, a), lo, hi)
            if BETTER[mine](w, v):
                v, move = w, a
                lo, hi = NARROW[mine](v, lo, hi)
            if CUT[mine](v, lo, hi):
                break
        return v, move

    return value(state, -math.inf, math.inf)[1]
