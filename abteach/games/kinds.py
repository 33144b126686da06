"""What a node of a game is: the kinds of node, as data, each registered once.

A node's *kind* says what happens there: MAX or MIN chooses a move, or
chance picks an outcome with known probabilities (AIMA §5.5).  A kind is its
name, a plain string (``"MAX"``, ``"MIN"``, ``"CHANCE"``), so a node, an event
and a node state carry it as they carry a player.  What the package needs to
know about a kind (how to draw it, whether a player moves there, whether its
children carry probabilities) is its :class:`NodeKind`, found by name with
:func:`node_kind`.  A new kind joins with one call to :func:`register_kind`,
in its own module; a tree may then name it (``kinds={(1,): "MEDIAN"}``) and
drawings and sentences read it from here.

The register only grows and refuses a name already taken, so what a kind
means never changes while the package runs.

Examples
--------
>>> node_kind(CHANCE).marker, node_kind(CHANCE).outcomes, node_kind(MAX).mover
('o', True, True)
>>> node_kind("chance") is node_kind(CHANCE)
True
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final, Mapping

from abteach.games.players import MAX, MIN

#: A node's kind, by name: ``"MAX"``, ``"MIN"``, ``"CHANCE"`` or any registered one.
Kind = str

#: Chance picks the outcome: its children are outcomes, each with a probability.
CHANCE: Final = "CHANCE"


@dataclass(frozen=True)
class NodeKind:
    """One kind of node, as every layer reads it.

    Attributes
    ----------
    name : str
        How trees, JSON, events and node states spell it, in capitals: ``'CHANCE'``.
    marker : str
        The shape drawings give it, as a matplotlib marker: ``'^'`` MAX, ``'v'`` MIN, ``'o'`` chance (a
        circle, as the book draws it).
    mover : bool
        Whether a player moves here.  Below a node where no player moves, the turn has not passed.
    outcomes : bool
        Whether its children are chance outcomes, each with a probability.
    acts : str
        How a sentence says what happens at a node of this kind, with ``{name}``:
        ``'MAX is to move at {name}'``.
    """

    name: str
    marker: str
    mover: bool = True
    outcomes: bool = False
    acts: str = ""

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.upper():
            raise ValueError(f"register_kind: a kind's name is an identifier in capitals, such as 'CHANCE', "
                             f"not {self.name!r}")
        if self.outcomes and self.mover:
            raise ValueError(f"register_kind {self.name!r}: a node whose children are chance outcomes has no mover")
        if not self.acts:
            object.__setattr__(self, "acts", f"{self.name} is to move at {{name}}")

    def says(self, name: str) -> str:
        """What happens at the node ``name``, as a sentence says it.

        >>> node_kind(CHANCE).says("B")
        'chance picks the outcome at B'
        """
        return self.acts.format(name=name)


# Append-only, like the register of algorithms: a kind, once registered, keeps its meaning.
_KINDS: dict[str, NodeKind] = {}


def register_kind(kind: NodeKind) -> NodeKind:
    """Add ``kind`` to the register, and return it.

    Raises
    ------
    ValueError
        Its name is taken.
    """
    if not isinstance(kind, NodeKind):
        raise TypeError(f"register_kind takes a NodeKind, not {type(kind).__name__}")
    if kind.name in _KINDS:
        raise ValueError(f"register_kind: the kind {kind.name!r} is already registered")
    _KINDS[kind.name] = kind
    return kind


def node_kinds() -> Mapping[str, NodeKind]:
    """Every registered kind by name, read-only, in the order they were registered."""
    return MappingProxyType(_KINDS)


def node_kind(name: object, argument: str = "kind") -> NodeKind:
    """The registered kind called ``name`` (any case); a ValueError names ``argument``, the value and the kinds.

    Examples
    --------
    >>> node_kind("DICE")
    Traceback (most recent call last):
    ...
    ValueError: kind must be one of 'MAX', 'MIN', 'CHANCE', not 'DICE'
    """
    found = _KINDS.get(name.upper()) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(repr(k) for k in _KINDS)
        raise ValueError(f"{argument} must be one of {known}, not {name!r}")
    return found


def is_mover(kind: object) -> bool:
    """Whether a player moves at a node of ``kind``: MAX, MIN, an unregistered name or none at all (a game's
    state that says nothing) count as a player's, as they always have."""
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    return found is None or found.mover


def has_outcomes(kind: object) -> bool:
    """Whether a node of ``kind`` has chance outcomes for children."""
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    return found is not None and found.outcomes


#: How far from 1 probabilities written as floats may sum (0.1 + 0.2 + 0.7 is not exactly 1 in floats).
TOLERANCE: Final = 1e-9


def checked_probabilities(given: Any, children: int, where: str) -> tuple[float, ...]:
    """``given`` as the probabilities of a chance node's ``children`` outcomes, or an error naming ``where``.

    Each must be a real number (a :class:`~fractions.Fraction` keeps the values exact), finite and
    non-negative; there must be one per child; and they must sum to 1, exactly when every one is exact
    (int or Fraction), else within :data:`TOLERANCE`.

    Examples
    --------
    >>> checked_probabilities([Fraction(1, 3)] * 3, 3, "node B")
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
    >>> checked_probabilities([0.5, 0.6], 2, "node B")
    Traceback (most recent call last):
    ...
    ValueError: probabilities of node B sum to 1.1, not 1: [0.5, 0.6]
    """
    if isinstance(given, (str, bytes)) or not hasattr(given, "__iter__"):
        raise TypeError(f"probabilities of {where} must be a list of numbers, one per child, not {given!r}")
    probs = tuple(given)
    if len(probs) != children:
        raise ValueError(f"probabilities of {where}: {len(probs)} given for {children} "
                         f"{'child' if children == 1 else 'children'}; give one per child: {list(probs)!r}")
    for k, x in enumerate(probs):
        if isinstance(x, bool) or not isinstance(x, numbers.Real):
            raise TypeError(f"probabilities of {where}: outcome {k} has {x!r} of type {type(x).__name__}; "
                            "a probability is a real number")
        if not math.isfinite(x) or x < 0:
            raise ValueError(f"probabilities of {where}: outcome {k} has {x!r}; a probability is finite and ≥ 0")
    exact = all(isinstance(x, (int, Fraction)) for x in probs)
    total = sum(probs)
    if (total != 1) if exact else abs(total - 1) > TOLERANCE:
        raise ValueError(f"probabilities of {where} sum to {total:g}, not 1: {list(probs)!r}"
                         if not exact else f"probabilities of {where} sum to {total}, not 1: {list(probs)!r}")
    return probs


def uniform(children: int) -> tuple[Fraction, ...]:
    """Equal, exact probabilities for ``children`` outcomes (CS188's expectimax: each move equally likely).

    >>> uniform(4)
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    """
    return (Fraction(1, children),) * children


register_kind(NodeKind(MAX, "^"))
register_kind(NodeKind(MIN, "v"))
register_kind(NodeKind(CHANCE, "o", mover=False, outcomes=True, acts="chance picks the outcome at {name}"))

__all__ = ["Kind", "CHANCE", "NodeKind", "register_kind", "node_kinds", "node_kind", "is_mover", "has_outcomes",
           "TOLERANCE", "checked_probabilities", "uniform"]
