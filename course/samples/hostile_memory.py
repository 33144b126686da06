# Hostile: allocates 4 GB, to take the grading machine's memory.
# Expected: raised
def alpha_beta_search(game, state):
    hog = bytearray(4 * 2 ** 30)
    return game.actions(state)[hog[0]]
