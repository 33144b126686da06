# Student: a class that keeps the game and the player, with math.inf and a node counter.
# Expected: full
import math


class AlphaBeta:
    def __init__(self, game, player):
        self.game = game
        self.player = player
        self.nodes = 0

    def value(self, state, alpha, beta, maximizing):
        self.nodes += 1
        if self.game.is_terminal(state):
            return self.game.utility(state, self.player)
        if maximizing:
            v = -math.inf
            for a in self.game.actions(state):
                v = max(v, self.value(self.game.result(state, a), alpha, beta, False))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in self.game.actions(state):
            v = min(v, self.value(self.game.result(state, a), alpha, beta, True))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    def best(self, state):
        alpha, best_move = -math.inf, None
        for a in self.game.actions(state):
            v = self.value(self.game.result(state, a), alpha, math.inf, False)
            if v > alpha:
                alpha, best_move = v, a
        return best_move


def alpha_beta_search(game, state):
    return AlphaBeta(game, game.to_move(state)).best(state)
