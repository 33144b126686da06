# A crash: the utility is asked of a state that is not terminal.
def alpha_beta_search(game, state):
    player = game.to_move(state)
    values = {a: game.utility(game.result(state, a), player) for a in game.actions(state)}
    return max(values, key=values.get)
