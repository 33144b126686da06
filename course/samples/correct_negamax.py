# Correct, as negamax: one function, values for the player to move, the window negated and swapped.
import math


def alpha_beta_search(game, state):
    def negamax(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, game.to_move(s)), None
        best, move = -math.inf, None
        for a in game.actions(s):
            v = -negamax(game.result(s, a), -beta, -alpha)[0]
            if v > best:
                best, move = v, a
            if best >= beta:
                break
            alpha = max(alpha, best)
        return best, move

    return negamax(state, -math.inf, math.inf)[1]
