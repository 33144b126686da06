"""The exact value of a game with perfect play, by the fastest search for the job.

:func:`solve` searches to the end of the game, untraced: negamax alpha-beta
with a transposition table that keeps lower and upper bounds (a position
reached by two move orders is searched once per window), and the game's own
move ordering when it has one (Connect Four's centre-first
:meth:`~abteach.games.connect4.ConnectFour.order`).  It reports no events:
it is for knowing the answer, not for reading how it was found.

Examples
--------
>>> import abteach as ab
>>> ab.solve(ab.TicTacToe())
0
>>> ab.solve(ab.ConnectFour(4, 4, 3))     # the first player wins on a 4 × 4 board, three in a row
1
"""

from __future__ import annotations

from math import inf
from typing import Any, Callable, Hashable, Sequence

from abteach.search.problem import Problem

_EXACT, _LOWER, _UPPER = 0, 1, 2


def solve(game: Any, state: Any = None) -> float:
    """The value of ``state`` (the game's start by default) with perfect play, for the player to move there.

    Parameters
    ----------
    game : Game
        Any game with ``to_move``, ``actions``, ``result``, ``is_terminal`` and
        ``utility``; its states must be hashable.  An ``order(state, actions)``
        method, if it has one, orders the moves, and a ``key(state)`` method
        gives the table a cheaper key than the state; ``utility_bounds``, the
        least and greatest utility, narrows the starting window.
    state : optional
        Where to start; ``game.initial`` by default.

    Returns
    -------
    float
        Positive if the player to move wins, negative if they lose, 0 for a
        draw: the game's utility of the end that perfect play reaches.

    Raises
    ------
    TypeError
        ``game`` is not a game.

    Examples
    --------
    >>> import abteach as ab
    >>> ab.solve(ab.TicTacToe("XX. OO. ..."))    # X completes the top row
    1
    """
    problem = Problem(game, state)  # checks the game before any work
    return Solver(game).value(problem.state)


class Solver:
    """Exact values of a game's positions, keeping one table across questions.

    A player that asks for the value of every move, move after move, reuses
    what the earlier searches stored.

    Examples
    --------
    >>> import abteach as ab
    >>> game = ab.TicTacToe()
    >>> s = Solver(game)
    >>> [s.value(game.result(game.initial, a)) for a in (0, 1, 4)]   # for O, after X's first move
    [0, 0, 0]
    """

    def __init__(self, game: Any) -> None:
        Problem(game, None)  # checks the game
        self.game = game
        order = getattr(game, "order", None)
        self._order: Callable[[Any, Sequence[Any]], Sequence[Any]] | None = order if callable(order) else None
        # A game's own small key for a state, if it has one, hashes faster than the state itself.
        self._key: Callable[[Any], Hashable] = getattr(game, "key", None) or (lambda s: s)
        self.table: dict[Hashable, tuple[int, float]] = {}
        # Every value lies within the utilities' range, so a window of that range loses nothing,
        # and a win found cuts off at once instead of being compared with +∞.
        self._bounds: tuple[float, float] = getattr(game, "utility_bounds", (-inf, inf))

    def value(self, state: Any) -> float:
        """The exact value of ``state`` for the player to move there."""
        return self._negamax(state, *self._bounds)

    def _negamax(self, s: Any, alpha: float, beta: float) -> float:
        game = self.game
        if game.is_terminal(s):
            return game.utility(s, game.to_move(s))
        alpha0 = alpha
        k = self._key(s)
        entry = self.table.get(k)
        if entry is not None:
            flag, value = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        moves = game.actions(s)
        if self._order is not None:
            moves = self._order(s, moves)
        v = -inf
        result, negamax = game.result, self._negamax
        for a in moves:
            v = max(v, -negamax(result(s, a), -beta, -alpha))
            if v >= beta:
                break
            alpha = max(alpha, v)
        self.table[k] = (_UPPER if v <= alpha0 else _LOWER if v >= beta else _EXACT, v)
        return v


__all__ = ["solve", "Solver"]
