"""A transposition table: what earlier searches of a position found, and how far it can be trusted.

An entry holds the value a search returned, the depth it searched to, the
best move it found, and a flag saying what the value is (negamax form, values
for the side to move):

- ``EXACT``: the value itself;
- ``LOWER``: a lower bound (the search failed high, ``value ≥ β``);
- ``UPPER``: an upper bound (the search failed low, ``value ≤ α`` at entry).

The flag is decided against the α the node was *called* with (α₀), not the
α it raised along the way; deciding it against the raised α is one of the
classic bugs (:class:`TableFault`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Hashable


class Flag(str, Enum):
    EXACT = "exact"
    LOWER = "lower"
    UPPER = "upper"


@dataclass(frozen=True, slots=True)
class Entry:
    """One position's record: bounds on its value (for the side to move), the depth searched, the best move.

    ``lower == upper`` is an exact value; a search that failed high leaves only
    ``lower``, one that failed low only ``upper``.  Results of the same depth
    are merged, so the bounds close in pass after pass, as MTD(f) needs.
    """

    lower: float
    upper: float
    depth: float  # plies searched below the position; math.inf when searched to the end
    move: Any

    @property
    def flag(self) -> Flag:
        if self.lower == self.upper:
            return Flag.EXACT
        return Flag.LOWER if self.upper == math.inf else Flag.UPPER

    @property
    def value(self) -> float:
        """The bound that says something: the value, the lower bound, or the upper bound."""
        return self.lower if self.lower != -math.inf else self.upper

    def __str__(self) -> str:
        depth = "to the end" if self.depth == math.inf else f"to depth {self.depth:g}"
        if self.flag is Flag.EXACT:
            what = f"exactly {_num(self.lower)}"
        elif self.lower == -math.inf:
            what = f"at most {_num(self.upper)}"
        elif self.upper == math.inf:
            what = f"at least {_num(self.lower)}"
        else:
            what = f"between {_num(self.lower)} and {_num(self.upper)}"
        return f"{what} (searched {depth})"


def _num(x: float) -> str:
    return f"{x:g}".replace("-", "−")


@dataclass(frozen=True)
class TableFault:
    """Which of the classic transposition-table bugs a search makes; every default is correct.

    Attributes
    ----------
    fail_low_as_exact : bool
        The flag starts as EXACT and is only changed on a fail-high, so fail-lows are stored as exact.
    flag_from_raised_alpha : bool
        The flag is decided against the α raised during the search instead of the α the node was called with.
    ignore_depth : bool
        An entry is used whatever depth it was searched to.
    key_without_window : bool
        Entries are used as exact whatever their flag: a table keyed by position alone, as if every
        stored value were the position's value, whatever window produced it.
    """

    fail_low_as_exact: bool = False
    flag_from_raised_alpha: bool = False
    ignore_depth: bool = False
    key_without_window: bool = False


class Table:
    """A transposition table owned by one search (or one sequence of passes, for MTD(f)).

    An entry's move, if it has one, reaches at least the entry's lower bound: a
    store that does not raise the lower bound keeps the move stored before it.

    Examples
    --------
    >>> t = Table()
    >>> str(t.store("s", 5, depth=2, move=1, alpha0=1, beta=5))
    'at least 5 (searched to depth 2)'
    >>> str(t.store("s", 7, depth=2, move=None, alpha0=7, beta=9))
    'between 5 and 7 (searched to depth 2)'
    >>> len(t), t.stores
    (1, 2)
    """

    def __init__(self, fault: TableFault = TableFault()) -> None:
        self.entries: dict[Hashable, Entry] = {}
        self.fault = fault
        self.probes = 0
        self.hits = 0
        self.stores = 0

    def __len__(self) -> int:
        return len(self.entries)

    def probe(self, key: Hashable) -> Entry | None:
        self.probes += 1
        return self.entries.get(key)

    def usable(self, entry: Entry | None, depth: float) -> bool:
        """Whether ``entry`` was searched deep enough to stand for a search ``depth`` plies deep."""
        return entry is not None and (self.fault.ignore_depth or entry.depth >= depth)

    def flag(self, value: float, alpha0: float, alpha: float, beta: float) -> Flag:
        """UPPER if value ≤ α₀, LOWER if value ≥ β, else EXACT (or what a faulty table decides)."""
        if self.fault.fail_low_as_exact:
            return Flag.LOWER if value >= beta else Flag.EXACT
        low = alpha if self.fault.flag_from_raised_alpha else alpha0
        if value <= low:
            return Flag.UPPER
        if value >= beta:
            return Flag.LOWER
        return Flag.EXACT

    def store(self, key: Hashable, value: float, *, depth: float, move: Any, alpha0: float,
              beta: float, alpha: float | None = None) -> Entry:
        flag = self.flag(value, alpha0, alpha0 if alpha is None else alpha, beta)
        lower, upper = {Flag.EXACT: (value, value), Flag.LOWER: (value, math.inf),
                        Flag.UPPER: (-math.inf, value)}[flag]
        old = self.entries.get(key)
        if old is not None and old.depth > depth:
            return old  # a deeper search knows more: keep it
        if old is not None and old.depth == depth:
            # The move kept is the one that proved the lower bound: a search that does not raise it (a fail-low)
            # only bounds the moves it tried, and its best move may be worse than the one stored.
            if move is None or (lower <= old.lower and old.move is not None):
                move = old.move
            lower, upper = max(lower, old.lower), min(upper, old.upper)
        entry = Entry(lower, upper, depth, move)
        self.entries[key] = entry
        self.stores += 1
        return entry

    def stats(self) -> dict[str, int]:
        return {"table size": len(self.entries), "probes": self.probes, "hits": self.hits, "stores": self.stores}


def key_of(game: Any, state: Any) -> Hashable:
    """The key a position is stored under: the state itself, which must be hashable."""
    try:
        hash(state)
    except TypeError:
        raise TypeError(f"a search with a transposition table needs hashable states; "
                        f"{type(game).__name__} gave the unhashable {state!r}") from None
    return state
