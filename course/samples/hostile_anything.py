# Hostile: returns an object equal to every action, whose repr is a legal move.
# Expected: wrong
class Anything(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash("a1")

    def __repr__(self):
        return "'a1'"


def alpha_beta_search(game, state):
    return Anything("a1")
