"""The problem a search is given: a game, a start state, and how to search it.

Every argument is checked here, before any search starts, so a bad one is
named in the error rather than surfacing as a traceback from deep inside a
search.
"""

from __future__ import annotations

import math
from fractions import Fraction
import numbers
import reprlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence, cast

from abteach.games.kinds import checked_probabilities
from abteach.games.trees import MAX_DEPTH, Path

Evaluate = Callable[[Any, Any], float]
Order = Callable[[Any, Sequence[Any]], Iterable[Any]]

_GAME_METHODS = ("to_move", "actions", "result", "is_terminal", "utility")


class TooDeepError(ValueError):
    """A game deeper than the search supports (a ValueError, never Python's RecursionError)."""

    def __init__(self, ply: int) -> None:
        super().__init__(
            f"the search went deeper than the supported depth of {MAX_DEPTH} plies "
            f"(it reached ply {ply}); limit it with depth=..."
        )


class EvaluationError(ValueError):
    """An evaluation function returned something that is not a finite number."""


@dataclass
class Problem:
    """A game, a start state, and the options that shape how it is searched.

    ``player`` is MAX: the player the values are scored for.  Trees say so
    themselves (``max_player``); for other games it is the player to move at
    the start, as in the textbook.  ``root`` is the start state's path from
    the tree's root (``()`` for other games), so paths, names and drawings
    name the real nodes when a search starts below the root.
    """

    game: Any
    state: Any
    depth: int | None = None
    evaluate: Evaluate | None = None
    order: Order | None = None
    player: Any = field(init=False)
    root: Path = field(init=False)

    def __post_init__(self) -> None:
        missing = [name for name in _GAME_METHODS if not callable(getattr(self.game, name, None))]
        if missing:
            # The commonest slip: the leaves as nested lists, which ab.tree turns into a game.
            hint = (f"; to search the tree these lists describe, pass ab.tree({reprlib.repr(self.game)})"
                    if isinstance(self.game, (list, tuple)) else "")
            raise TypeError(
                f"game: {type(self.game).__name__} is not a game: it lacks {', '.join(missing)} "
                f"(a game needs to_move, actions, result, is_terminal and utility; see abteach.Game){hint}"
            )
        if self.state is None:
            self.state = self.game.initial
        # A game that knows its states names a wrong one here, not as an AttributeError deep in the search.
        check_state = getattr(self.game, "check_state", None)
        if callable(check_state):
            check_state(self.state)
        path_of = getattr(self.game, "path_of", None)
        self.root = tuple(path_of(self.state)) if path_of is not None else ()
        if self.depth is not None:
            if isinstance(self.depth, bool) or not isinstance(self.depth, int) or self.depth < 0:
                raise ValueError(f"depth must be a whole number of plies ≥ 0, not {self.depth!r}")
            if self.evaluate is None:
                raise ValueError("a depth-limited search needs an evaluation function: pass evaluate=f(state, player)")
        for name in ("evaluate", "order"):
            f = getattr(self, name)
            if f is not None and not callable(f):
                raise TypeError(f"{name} must be a function, not {f!r}")
        self.player = getattr(self.game, "max_player", None) or self.game.to_move(self.state)

    @property
    def root_is_max(self) -> bool:
        return bool(self.game.to_move(self.state) == self.player)

    def is_cutoff(self, state: Any, ply: int) -> bool:
        """TERMINAL-TEST, or CUTOFF-TEST when the search is depth-limited; ``ply`` counts from the start."""
        if ply > MAX_DEPTH:
            raise TooDeepError(ply)
        return bool(self.game.is_terminal(state)) or (self.depth is not None and ply >= self.depth)

    def utility(self, state: Any) -> float:
        """UTILITY at a terminal state, EVAL at a cut-off one; both for MAX."""
        # Without a depth limit every cut-off state is terminal: skip the second test.
        if self.depth is None or self.game.is_terminal(state):
            return self.game.utility(state, self.player)
        assert self.evaluate is not None  # checked in __post_init__
        return checked_evaluation(self.evaluate(state, self.player), state)

    def result(self, state: Any, action: Any) -> Any:
        """RESULT(state, a)."""
        return self.game.result(state, action)

    def kind(self, state: Any) -> str:
        """TO-MOVE(state): the node's kind, ``MAX``, ``MIN`` or ``CHANCE`` (:mod:`abteach.games.kinds`)."""
        return str(self.game.to_move(state))

    def probabilities(self, state: Any) -> tuple[float, ...]:
        """P(r) for each outcome r of a chance node, in the order of ``game.actions(state)``, checked.

        Raises
        ------
        TypeError, ValueError
            The game has no ``probabilities(state)``, or gives bad ones; the message names the state.
        """
        given = getattr(self.game, "probabilities", None)
        if not callable(given):
            raise TypeError(f"game: {type(self.game).__name__} has a chance node at {state!r} but no "
                            "probabilities(state) to say how likely each outcome is")
        return checked_probabilities(given(state), len(list(self.game.actions(state))), f"the state {state!r}")

    def outcomes(self, state: Any) -> list[tuple[int, tuple[Any, float]]]:
        """The outcomes r of a chance node with P(r), as (index, (outcome, P(r))), in search order."""
        probabilities = self.probabilities(state)
        return [(i, (a, probabilities[i])) for i, a in self.actions(state)]

    def actions(self, state: Any) -> list[tuple[int, Any]]:
        """ACTIONS(state) as (index, action) pairs, in search order.

        The index is the action's place in the game's own list, so a node's path
        stays the same whatever order the search visits children in.
        """
        if self.order is None:
            return list(enumerate(self.game.actions(state)))
        actions = list(self.game.actions(state))
        ordered = self.order(state, actions)
        if ordered is None or isinstance(ordered, (str, bytes)) or not isinstance(ordered, Iterable):
            raise TypeError(f"order must return the actions reordered, a list; it returned {ordered!r} "
                            f"for the actions {actions!r}")
        ordered = list(ordered)
        if len(ordered) != len(actions) or not _same_items(ordered, actions):
            raise ValueError(f"order must return a reordering of {actions!r}, not {ordered!r}")
        remaining = list(enumerate(actions))
        out = []
        for a in ordered:
            k = next(k for k, (_, b) in enumerate(remaining) if b == a)
            out.append(remaining.pop(k))
        return out


def _same_items(a: list[Any], b: list[Any]) -> bool:
    """Whether ``a`` and ``b`` hold the same actions, as many times each (hashable ones counted, others by repr)."""
    try:
        return Counter(a) == Counter(b)
    except TypeError:
        return sorted(map(repr, a)) == sorted(map(repr, b))


def check_flag(name: str, value: Any) -> None:
    """A yes-or-no option must be a real bool: ``"no"`` would count as true."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")


def checked_evaluation(x: Any, state: Any) -> float:
    """``x`` if it is a finite number; otherwise an :class:`EvaluationError` naming it and the state.

    A NaN would compare false with everything and quietly turn into a wrong
    move, and an infinite evaluation would pass for a won game.
    """
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        raise EvaluationError(f"evaluate must return a number; it returned {x!r} for the state {state!r}")
    if math.isnan(x) or math.isinf(x):
        raise EvaluationError(f"evaluate must return a finite number; it returned {x!r} for the state {state!r}")
    # A Fraction stays exact (23/3 is printed as 23/3); other numbers, numpy's among them, become floats.
    # Typed float: the search only compares, negates and stores it, which a Fraction does as a float does.
    return cast(float, x) if isinstance(x, (int, float, Fraction)) else float(x)
