# A crash: the probabilities are asked of MAX's own state, which is no chance node.
def expectimax_search(game, state):
    weights = game.probabilities(state)
    return game.actions(state)[weights.index(max(weights))]
