"""Hold or roll: a small dice game with chance nodes and no cycles, small enough to solve exactly.

MAX takes one turn, then MIN takes one.  On a turn the player either
**holds**, scoring a sure ``hold`` points, or **rolls** the die once and scores
the face it shows.  Whoever scores more wins: the utility for MAX is +1, 0 or
−1.  Every move fills in a score, so no position comes back: the game's tree
is finite, four plies deep (MAX, the die, MIN, the die).

A die is its six faces, so a die marked 1, 1, 2, 2, 3, 3 shows each of 1, 2
and 3 with probability 1/3.  Probabilities are exact fractions, so the value
of a position is exact too.

Examples
--------
>>> import abteach as ab
>>> game = HoldOrRoll()
>>> s = game.result(game.initial, "roll")
>>> game.to_move(s), game.actions(s), game.probabilities(s)
('CHANCE', (1, 2, 3), (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)))
>>> r = ab.expectiminimax(game, trace=False)
>>> r.value, r.move_name
(0, 'hold')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from abteach.games.kinds import CHANCE
from abteach.games.players import MAX, MIN, Player
from abteach.games.trees import Path, Tree, tree

#: The two choices a player has on a turn.
HOLD, ROLL = "hold", "roll"


@dataclass(frozen=True)
class DiceState:
    """A position of :class:`HoldOrRoll`: the scores so far, and whether the die is about to be thrown.

    Attributes
    ----------
    max_score, min_score : int or None
        The points each player scored on their turn; ``None`` before it.
    rolling : bool
        The player on turn chose to roll: chance is to move.
    """

    max_score: int | None = None
    min_score: int | None = None
    rolling: bool = False


@dataclass(frozen=True)
class HoldOrRoll:
    """The dice game "hold or roll" (see the module): one turn each, MAX first; the higher score wins.

    Parameters
    ----------
    faces : tuple of int
        The die's six faces, e.g. ``(1, 2, 3, 4, 5, 6)``; equal faces make one outcome, more likely.
    hold : int
        The points a player scores by holding.

    Raises
    ------
    ValueError
        A die without six faces, or a face or ``hold`` that is not a whole number.

    Examples
    --------
    >>> game = HoldOrRoll(faces=(1, 2, 3, 4, 5, 6), hold=4)
    >>> game.probabilities(DiceState(rolling=True))[0]
    Fraction(1, 6)
    """

    faces: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
    hold: int = 2
    max_player: Player = field(default=MAX, init=False, repr=False)
    initial: DiceState = field(default=DiceState(), init=False, repr=False)

    def __post_init__(self) -> None:
        faces = tuple(self.faces)
        if len(faces) != 6:
            raise ValueError(f"faces: a die has six faces, not {len(faces)}: {faces!r}")
        for name, x in [("hold", self.hold)] + [(f"faces[{i}]", f) for i, f in enumerate(faces)]:
            if isinstance(x, bool) or not isinstance(x, int):
                raise ValueError(f"{name} must be a whole number of points, not {x!r}")
        object.__setattr__(self, "faces", faces)

    def to_move(self, state: DiceState) -> str:
        """``'MAX'`` or ``'MIN'`` choosing, or ``'CHANCE'`` when the die is to be thrown."""
        if state.rolling:
            return CHANCE
        return MAX if state.max_score is None else MIN

    def actions(self, state: DiceState) -> tuple[Any, ...]:
        """``('hold', 'roll')`` for a player; the die's distinct faces, smallest first, for chance."""
        if self.is_terminal(state):
            return ()
        return tuple(sorted(set(self.faces))) if state.rolling else (HOLD, ROLL)

    def probabilities(self, state: DiceState) -> tuple[Fraction, ...]:
        """How likely each face in ``actions(state)`` is: how many of the six faces show it, over six."""
        counts = Counter(self.faces)
        return tuple(Fraction(counts[face], len(self.faces)) for face in self.actions(state))

    def result(self, state: DiceState, action: Any) -> DiceState:
        if action not in self.actions(state):
            raise ValueError(f"action: {action!r} is not a move in {state!r}; the moves are {self.actions(state)}")
        if action == ROLL:
            return DiceState(state.max_score, state.min_score, rolling=True)
        points = self.hold if action == HOLD else int(action)
        if state.max_score is None:
            return DiceState(max_score=points)
        return DiceState(state.max_score, points)

    def is_terminal(self, state: DiceState) -> bool:
        return state.min_score is not None

    def utility(self, state: DiceState, player: Player) -> float:
        """+1 if ``player`` scored more, −1 if less, 0 for a tie."""
        assert state.max_score is not None and state.min_score is not None
        sign = (state.max_score > state.min_score) - (state.max_score < state.min_score)
        return sign if player == MAX else -sign

    def move_name(self, state: DiceState, action: Any) -> str:
        return str(action)

    def tree(self) -> Tree:
        """The whole game as a :class:`Tree`: chance nodes with their probabilities, moves named.

        >>> t = HoldOrRoll().tree()
        >>> t.node((1,)).kind, t.node((1,)).probabilities, t.move_name(t.root, 1)
        ('CHANCE', (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)), 'roll')
        """
        kinds: dict[Path, str] = {}
        probabilities: dict[Path, Any] = {}  # exact Fractions, which tree() takes as it takes floats
        moves: dict[Path, str] = {}

        def expand(state: DiceState, path: Path) -> Any:
            if self.is_terminal(state):
                return self.utility(state, MAX)
            kinds[path] = self.to_move(state)
            if state.rolling:
                probabilities[path] = self.probabilities(state)
            children = []
            for i, a in enumerate(self.actions(state)):
                moves[path + (i,)] = self.move_name(state, a)
                children.append(expand(self.result(state, a), path + (i,)))
            return children

        nested = expand(self.initial, ())
        return tree(nested, kinds=kinds, probabilities=probabilities, moves=moves)
