# A loop that never ends: the state is never advanced.
def expectimax_search(game, state):
    s = state
    while not game.is_terminal(s):
        game.actions(s)
    return game.actions(state)[0]
