# Student: the window as a frozen dataclass, narrowed as the search goes.
# Expected: full
import math
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Window:
    alpha: float = -math.inf
    beta: float = math.inf


def alpha_beta_search(game, state):
    player = game.to_move(state)

    def max_value(s, w: Window):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = -math.inf, None
        for a in game.actions(s):
            v2, _ = min_value(game.result(s, a), w)
            if v2 > v:
                v, move = v2, a
                w = replace(w, alpha=max(w.alpha, v))
            if v >= w.beta:
                return v, move
        return v, move

    def min_value(s, w: Window):
        if game.is_terminal(s):
            return game.utility(s, player), None
        v, move = math.inf, None
        for a in game.actions(s):
            v2, _ = max_value(game.result(s, a), w)
            if v2 < v:
                v, move = v2, a
                w = replace(w, beta=min(w.beta, v))
            if v <= w.alpha:
                return v, move
        return v, move

    return max_value(state, Window())[1]
