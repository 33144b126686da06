"""What a long trace costs to keep: traced memory of a 1,000,000-event trace."""

from __future__ import annotations

import gc
import tracemalloc
from dataclasses import dataclass
from typing import Any

import abteach as ab

EVENTS = 1_000_000


@dataclass(frozen=True)
class TraceMemory:
    source: str
    events: int
    megabytes: float

    @property
    def bytes_per_event(self) -> float:
        return self.megabytes * 1e6 / self.events


def _retained(search, keep: int | None) -> TraceMemory:
    """Bytes still allocated once only the trace is held (tracemalloc, so exact and
    independent of how the allocator returns pages to the OS, unlike RSS)."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        source, result = search()
        trace = result.trace
        # Drop the result's own lists (evaluated, pruned), which are not the trace.
        del result
        if keep is not None:
            del trace.events[keep:]
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        return TraceMemory(source, len(trace), used / 1e6)
    finally:
        tracemalloc.stop()


def million_event_trace() -> TraceMemory:
    """The first million events of a real search.

    Alpha-beta never reaches a million events on anything this package solves
    in seconds (tic-tac-toe from the empty board gives about 94,000), so the
    trace comes from minimax solving tic-tac-toe (about 1.9 million events),
    cut to its first million.
    """
    return _retained(lambda: ("minimax, tic-tac-toe", ab.minimax(ab.TicTacToe(), trace=True)), EVENTS)


def alphabeta_trace() -> TraceMemory:
    """An alpha-beta trace whole, as a check that its events cost about the same each."""
    return _retained(lambda: ("alpha-beta, tic-tac-toe", ab.alphabeta(ab.TicTacToe(), trace=True)), None)


def tree_trace(tree: ab.Tree, name: str) -> TraceMemory:
    """An alpha-beta trace of an explicit tree, built beforehand so that it is not counted."""
    def search() -> tuple[str, Any]:
        return f"alpha-beta, {name}", ab.alphabeta(tree, trace=True)

    return _retained(search, None)
