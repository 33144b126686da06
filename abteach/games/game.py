"""The game protocol, in the textbook's vocabulary (AIMA 4th ed., section 5.1).

A search needs only five things from a game.  :class:`abteach.Tree` implements
them for explicit trees; :class:`abteach.TicTacToe` for a real game.
"""

from __future__ import annotations

from typing import Any, Hashable, Iterable, Protocol, runtime_checkable


@runtime_checkable
class Game(Protocol):
    """What a search needs from a game.

    ``initial`` is the start state.  ``to_move(s)`` names the player to move in
    ``s``; ``actions(s)`` lists the legal moves; ``result(s, a)`` is the state
    after move ``a``; ``is_terminal(s)`` says whether the game is over; and
    ``utility(s, p)`` is the final score of ``s`` for player ``p``.
    ``move_name(s, a)`` gives a short human name for a move.

    Optionally, ``max_player`` names the player whose utility the search
    maximises; without it, that is the player to move at the start, as in the
    textbook.  Trees set it to ``'MAX'``, because their leaves hold MAX's
    utility even when MIN moves first.
    Optionally too, ``check_state(s)`` raises a TypeError or ValueError that
    names ``s`` if it is not a state of the game; a search calls it once, on
    the state it starts from.
    """

    initial: Any

    def to_move(self, state: Any) -> Hashable: ...

    def actions(self, state: Any) -> Iterable[Any]: ...

    def result(self, state: Any, action: Any) -> Any: ...

    def is_terminal(self, state: Any) -> bool: ...

    def utility(self, state: Any, player: Hashable) -> float: ...

    def move_name(self, state: Any, action: Any) -> str: ...
