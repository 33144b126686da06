# Student: type annotations throughout (typing's Optional and Tuple), one function for both players.
# Expected: full
from __future__ import annotations

import math
from typing import Any, Optional, Tuple

Move = Any


def search(game: Any, state: Any, alpha: float, beta: float, player: str) -> Tuple[float, Optional[Move]]:
    if game.is_terminal(state):
        return game.utility(state, player), None
    maximizing: bool = game.to_move(state) == player
    best: Tuple[float, Optional[Move]] = (-math.inf if maximizing else math.inf, None)
    for action in game.actions(state):
        value, _ = search(game, game.result(state, action), alpha, beta, player)
        if maximizing and value > best[0]:
            best = (value, action)
            alpha = max(alpha, value)
        elif not maximizing and value < best[0]:
            best = (value, action)
            beta = min(beta, value)
        if (maximizing and best[0] >= beta) or (not maximizing and best[0] <= alpha):
            return best
    return best


def alpha_beta_search(game: Any, state: Any) -> Optional[Move]:
    return search(game, state, -math.inf, math.inf, game.to_move(state))[1]
