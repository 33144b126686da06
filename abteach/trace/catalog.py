"""The register's store: every registered algorithm by name, and the event kinds they describe.

:mod:`abteach.trace.registry` adds each algorithm here as it registers it,
and reads its entries from here.  The store sits below the trace, which the
register builds on (a registered search returns a :class:`~abteach.trace.frames.Trace`):
so a trace can ask which kinds any search describes (:func:`described_kinds`)
without importing the register.

Examples
--------
>>> import abteach as ab
>>> {"cutoff", "playout", "probe"} <= described_kinds(), "cutof" in described_kinds()
(True, False)
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Callable, Mapping, Protocol, TypeVar

from abteach.search.events import Kind
from abteach.search.result import Spec
from abteach.trace.protocol import Algorithm


class Entry(Protocol):
    """What the store keeps of a registration (:class:`abteach.trace.registry.Registration` is one)."""

    @property
    def name(self) -> str: ...
    @property
    def describe(self) -> Callable[[Spec], Algorithm]: ...


_E = TypeVar("_E", bound=Entry)

# Append-only: a name, once registered, keeps its meaning for the life of the process.
_STORE: dict[str, Entry] = {}


def add(entry: _E) -> _E:
    """Keep ``entry`` under its name; the register has checked that no name of it is taken."""
    _STORE[entry.name] = entry
    return entry


def entries() -> Mapping[str, Entry]:
    """Every entry by name, read-only, in the order they were added."""
    return MappingProxyType(_STORE)


def described_kinds() -> frozenset[str]:
    """Every event kind some registered search describes: a kind a trace query may ask for.

    A trace of one search may lack a kind another reports (minimax makes no
    ``cutoff``); asking for it is no mistake, and finds nothing.
    """
    # The store only grows, so its size says which entries the answer covers.
    return _kinds_of_first(len(_STORE))


@functools.cache
def _kinds_of_first(count: int) -> frozenset[str]:
    kinds: set[str] = {v for k, v in vars(Kind).items() if k.isupper() and isinstance(v, str)}
    for name, entry in list(_STORE.items())[:count]:
        algorithm = entry.describe(Spec(name))
        kinds |= set(algorithm.replay) | set(algorithm.narrate)
    return frozenset(kinds)


__all__ = ["Entry", "add", "entries", "described_kinds"]
