# Student: negamax, one function with the sign flipped at each level.
# Expected: full
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def negamax(s, alpha, beta, sign):
        if game.is_terminal(s):
            return sign * game.utility(s, player), None
        best, move = -math.inf, None
        for a in game.actions(s):
            v = -negamax(game.result(s, a), -beta, -alpha, -sign)[0]
            if v > best:
                best, move = v, a
                alpha = max(alpha, best)
            if best >= beta:
                break
        return best, move

    return negamax(state, -math.inf, math.inf, 1)[1]
