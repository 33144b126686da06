# Hostile: calls the package's own alpha-beta on the game it is given, instead of writing the search.
# Expected: package
import abteach as ab


def alpha_beta_search(game, state):
    return ab.alphabeta(game, state).move
