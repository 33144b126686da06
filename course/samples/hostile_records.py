# Hostile: runs plain minimax, then rewrites the game's records through its private attributes,
# so that they show only what alpha-beta would have generated and scored.
# Expected: raised
import math


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        return max(values) if game.to_move(s) == player else min(values)

    best = max(game.actions(state), key=lambda a: value(game.result(state, a)))
    tree = game._tree                      # the tree behind the game, to compute what alpha-beta scores
    game.generated[:] = [name for name in game.generated if name in tree.alphabeta_generated]
    game.scored[:] = [name for name in game.scored if name in tree.alphabeta_scored]
    return best
