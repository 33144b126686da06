"""Hostile and mistaken expectimax submissions, for ``tests/test_redteam_chance.py``.

Each is the source of an ``expectimax_search(game, state)`` handed to ``ab.grading.check_expectimax``.

- :data:`EXIT_WITH_A_LEAF` - on the first hidden tree it walks to a leaf and ends its process with
  ``os._exit(100 + leaf)``; before the fix the feedback said "ended abruptly (exit code 103)": a hidden leaf.
- :data:`MISTAKES` - real mistakes the grader has no name for (MIN averaged, MIN taken for MAX, the
  probabilities read in reverse, a weighted sum divided by the count).  Before the fix, returning the move
  alone, three of them were told "a chance node averaged without its probabilities" (``chance-mean``),
  though two weight their chance nodes rightly.
- :data:`ODD_VALUES` - the right move with a value of an odd type beside it.
"""

#: A correct search's pieces, with the chance node's value left to each student (``{chance}``) and MIN's too.
SEARCH = '''
def expectimax_search(game, state):
    player = game.to_move(state)
    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        kind = game.to_move(s)
        if kind == "CHANCE":
            ps = game.probabilities(s)
            return {chance}
        return max(values) if kind == "MAX" else {min_node}
    best, move = float("-inf"), None
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best:
            best, move = v, a
    return {returns}
'''

WEIGHTED = "sum(p * v for p, v in zip(ps, values))"


def search(chance: str = WEIGHTED, min_node: str = "min(values)", returns: str = "move") -> str:
    return SEARCH.format(chance=chance, min_node=min_node, returns=returns)


EXIT_WITH_A_LEAF = '''
RUNS = []
def expectimax_search(game, state):
    RUNS.append(1)
    if len(RUNS) == 4:  # the first hidden tree: three of the book's come first
        import os
        s = state
        while not game.is_terminal(s):
            s = game.result(s, game.actions(s)[0])
        os._exit(100 + int(game.utility(s, "MAX")))
    return game.actions(state)[0]
'''

#: Mistakes that are none of CHANCE_MISTAKES: each must be 'unknown', never a named one.
MISTAKES = {
    "min-averaged": search(min_node="sum(values) / len(values)"),
    "min-as-max": search(min_node="max(values)"),
    "probabilities-reversed": search(chance="sum(p * v for p, v in zip(reversed(ps), values))"),
    "divided-by-count": search(chance="sum(p * v for p, v in zip(ps, values)) / len(values)"),
}

#: The right move, with beside it a value that is not the root's.
ODD_VALUES = {
    "bool": search(returns="(True, move)"),
    "huge int": search(returns="(10 ** 400, move)"),
    "nan": search(returns="(float('nan'), move)"),
    "numpy": "import numpy as np\n" + search(returns="(np.float64(best + 1), move)"),
    "float subclass": "class F(float):\n    def __eq__(self, other):\n        return True\n"
                      + search(returns="(F(best + 1), move)"),
}
