"""The one event format every search reports in.

A search does not draw or print anything: it tells a recorder
(:mod:`abteach.search.record`) what it does, one :class:`Event` per pseudocode
step.  The trace layer replays the events into frames, and every view renders
frames, so any view works for any search that speaks this format.

Kinds (the ``kind`` field) are open strings.  The windowed searches report:

``enter``    a call starts at ``node`` with window (``alpha``, ``beta``)
``leaf``     a terminal (or cut-off) node is evaluated: ``value`` is its utility
``value``    the running ``v`` of ``node`` is (re)assigned, after a child returned ``value``
``test``     a comparison ran and did not fire (``test`` holds it, e.g. ``"v=3 ≥ β=+∞"``)
``window``   ``alpha`` or ``beta`` of ``node`` is (re)assigned (``which`` says which)
``cutoff``   the cutoff test fired: ``skipped`` children are pruned; ``test`` says why
``exit``     the call returns ``value``; ``bound`` says if it is exact or only a bound
``pass``     a new pass over the tree begins (an iteration, a re-search, an MTD(f) pass); ``test`` names it
``done``     the top-level search returns ``move`` at the root, for ``value``

A new search brings its own kinds (a transposition-table ``probe``, an MCTS
``playout``), with ``info`` for whatever else they carry, and describes how
they replay and read in the trace layer; a kind nobody described is shown
plainly and changes no node.

Every event is built by keyword, ``Event(Kind.ENTER, path, line, alpha=α,
beta=β, player=MAX)``, so a new field is one edit: its line in :class:`Event`,
with a default.  Searches make events one way: by reporting to the recorder
(:mod:`abteach.search.record`), which builds them.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Any, Final, NamedTuple

from abteach.games.trees import Path


class Kind:
    """The kinds the windowed searches report, as constants; any other string is a kind too."""

    ENTER: Final = "enter"
    LEAF: Final = "leaf"
    VALUE: Final = "value"
    TEST: Final = "test"
    WINDOW: Final = "window"
    CUTOFF: Final = "cutoff"
    EXIT: Final = "exit"
    PASS: Final = "pass"
    DONE: Final = "done"
    # Reported by the searches with a transposition table (abteach.search.memory) besides the above.
    PROBE: Final = "probe"
    STORE: Final = "store"
    ORDER: Final = "order"
    RESEARCH: Final = "research"


class Bound(str, Enum):
    """What a returned value says about the node's true minimax value."""

    EXACT = "exact"
    UPPER = "upper"  # fail-low: the true value is at most this
    LOWER = "lower"  # fail-high: the true value is at least this

    @staticmethod
    def classify(g: float, alpha: float | None, beta: float | None, *, closed: bool = False) -> "Bound":
        """What a return ``g`` from a call with window (α, β) says about the true value.

        Fail-soft rule: g ≤ α is an upper bound, g ≥ β a lower bound, otherwise
        exact.  A search that prunes only strictly (``v > β``) searches the
        *closed* window [α, β]: there a return equal to α or β is exact, and only
        g < α or g > β is a bound.
        """
        if alpha is not None and (g < alpha if closed else g <= alpha):
            return Bound.UPPER
        if beta is not None and (g > beta if closed else g >= beta):
            return Bound.LOWER
        return Bound.EXACT


class Event(NamedTuple):
    """One step of a search.  Fields not used by a kind keep their defaults.

    A named tuple: immutable, compact, and cheap to create, which matters
    because a traced search creates one per pseudocode step.  Build it by
    keyword after ``kind``, ``node`` and ``line`` (a test holds every module
    to it).

    ``alpha``/``beta``/``v`` are the node's values *after* the step; searches
    without a window (minimax) leave ``alpha`` and ``beta`` as ``None``.
    """

    kind: str
    node: Path
    line: str
    alpha: float | None = None
    beta: float | None = None
    v: float | None = None
    value: float | None = None
    player: str | None = None       # enter / leaf: "MAX" or "MIN"
    bound: Bound | None = None      # exit
    move: Any = None                # exit / value: the best child index so far
    skipped: tuple[Path, ...] = ()  # cutoff
    test: str = ""                  # test / cutoff: the comparison, in symbols
    which: str = ""                 # window: "alpha" or "beta"
    info: Any = None                # what a kind of a newer search carries beyond these fields

    def __repr__(self) -> str:
        parts = [self.kind, ".".join(map(str, self.node)) or "root", self.line]
        for name in ("alpha", "beta", "v", "value"):
            x = getattr(self, name)
            if x is not None:
                parts.append(f"{name}={fmt(x)}")
        for name in ("player", "bound", "move", "test", "which"):
            x = getattr(self, name)
            if x not in (None, ""):
                parts.append(f"{name}={getattr(x, 'value', x)}")
        if self.skipped:
            parts.append(f"skipped={list(self.skipped)}")
        return "Event(" + ", ".join(parts) + ")"


def fmt(x: float | None) -> str:
    """Numbers as the textbook prints them: ``−∞``, ``+∞``, ``3``, ``2.5``."""
    if x is None:
        return "·"
    if type(x) is int:  # the common case in a trace, answered before the float tests
        return str(x)
    if x == math.inf:
        return "+∞"
    if x == -math.inf:
        return "−∞"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)
