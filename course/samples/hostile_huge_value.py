# Hostile: searches correctly, then has the harness tell the grader that it returned (10**400, move):
# a value no float can hold, which once raised OverflowError out of the grader and stopped a folder's grading.
# Expected: wrong
import __main__
import math


class Forged:
    """What the search returns: the harness's own encoder, replaced below, reports it as (10**400, move)."""

    def __init__(self, move):
        self.move = move


_encode = __main__.encode
__main__.encode = lambda x, depth=0: {"tuple": [10 ** 400, x.move]} if isinstance(x, Forged) else _encode(x, depth)


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = -math.inf, None
        for a in game.actions(s):
            v2, _ = min_value(game.result(s, a), alpha, beta)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = math.inf, None
        for a in game.actions(s):
            v2, _ = max_value(game.result(s, a), alpha, beta)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return Forged(max_value(state, -math.inf, math.inf)[1])
