# A chance node treated as MIN: chance is taken to play against MAX, the worst case.
import math


def expectimax_search(game, state):
    player = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        kind = game.to_move(s)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        if kind == "CHANCE":
            return min(values)
        return max(values) if kind == "MAX" else min(values)

    best, move = -math.inf, None
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best:
            best, move = v, a
    return best, move
