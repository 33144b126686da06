"""The searches the package can trace, each registered once, by its description.

An algorithm joins the package with one call to :func:`register`, in its own
module: its search, how it describes itself (listing, node state, replay and
narration, see :class:`~abteach.trace.protocol.Algorithm`), the name the
command line offers it under, and the name it has at the front door
(``ab.<name>``).  Nothing else in the package names it: the command line
lists what is registered, :func:`describe` finds a trace's description here,
and ``import abteach`` finds the front-door name here.

The register only grows, and refuses a name already taken, so what a name
means never changes while the package runs.

Examples
--------
>>> import abteach as ab
>>> entry = registered()["alphabeta"]
>>> entry.command, sorted(entry.options)
('alphabeta', ['edition', 'prune_on_tie'])
>>> describe(ab.alphabeta(ab.examples.FIG_5_2).spec).label
'alpha-beta, 3rd edition, prunes on ties'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping

from abteach.search.result import SearchResult, Spec
from abteach.search.rules import Edition, TieRule
from abteach.trace import catalog
from abteach.trace.frames import Trace
from abteach.trace.listings import Listing
from abteach.trace.protocol import Algorithm

#: The options a command line may pass on to a search: ``--edition N`` and ``--strict``.
OPTIONS = frozenset({"edition", "prune_on_tie"})


@dataclass(frozen=True)
class Registration:
    """One algorithm, as the package knows it.

    Attributes
    ----------
    name : str
        The name its results carry (``SearchResult.spec.name``), e.g. ``'alphabeta'``.
    search : callable
        The search: ``search(game, state=None, **options)`` returns a
        :class:`~abteach.search.SearchResult` whose events are not yet a trace.
    describe : callable
        ``describe(spec)`` gives the :class:`~abteach.trace.protocol.Algorithm`
        that a trace of ``spec`` carries.
    command : str or None
        Its ``--algorithm`` name on the command line; ``None`` keeps it off the command line.
    options : frozenset of {'edition', 'prune_on_tie'}
        Which of ``--edition`` and ``--strict`` the command line may pass it.
    export : str
        Its front-door name, ``ab.<export>``; ``name`` unless given.  An empty string with
        ``front_door=False`` keeps it off the front door (a mistake's search, reached through ``ab.mistakes``).
    """

    name: str
    search: Callable[..., SearchResult]
    describe: Callable[[Spec], Algorithm]
    command: str | None = None
    options: frozenset[str] = frozenset()
    export: str = ""
    front_door: bool = True
    traced: Callable[..., SearchResult] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.name.isidentifier():
            raise ValueError(f"register: name must be a Python identifier, not {self.name!r}")
        if not callable(self.search) or not callable(self.describe):
            raise TypeError(f"register {self.name!r}: search and describe must be functions, not "
                            f"{type(self.search).__name__} and {type(self.describe).__name__}")
        unknown = set(self.options) - OPTIONS
        if unknown:
            raise ValueError(f"register {self.name!r}: unknown options {sorted(unknown)}; known: {sorted(OPTIONS)}")
        object.__setattr__(self, "export", (self.export or self.name) if self.front_door else "")
        object.__setattr__(self, "traced", traced(self.search))


def register(entry: Registration) -> Callable[..., SearchResult]:
    """Add ``entry`` to the register; its front-door search, which returns results with a trace.

    Raises
    ------
    ValueError
        Its name, command-line name or front-door name is already taken.
    """
    if not isinstance(entry, Registration):
        raise TypeError(f"register takes a Registration, not {type(entry).__name__}")
    for other in _registrations().values():
        for what, mine, theirs in (("name", entry.name, other.name), ("export", entry.export, other.export),
                                   ("command", entry.command, other.command)):
            if mine and mine == theirs:
                raise ValueError(f"register: the {what} {mine!r} is already {other.name!r}'s")
    catalog.add(entry)
    return entry.traced


def _registrations() -> Mapping[str, Registration]:
    # Only register() adds to the store, and only Registrations.
    return catalog.entries()  # type: ignore[return-value]


def registered() -> Mapping[str, Registration]:
    """Every registered algorithm by name, read-only, in the order they were registered."""
    return _registrations()


def commands() -> Mapping[str, Registration]:
    """The algorithms the command line offers, by their ``--algorithm`` name."""
    return MappingProxyType({e.command: e for e in _registrations().values() if e.command is not None})


def exported(name: str) -> Callable[..., SearchResult] | None:
    """The front-door search called ``name`` (``ab.<name>``), or None."""
    for entry in _registrations().values():
        if entry.export and entry.export == name:
            return entry.traced
    return None


def describe(spec: Spec) -> Algorithm:
    """The description of the search ``spec`` names.

    Raises
    ------
    ValueError
        No algorithm of that name is registered (the message lists those that are).
    """
    entry = _registrations().get(spec.name)
    if entry is None:
        raise ValueError(f"no description of a search called {spec.name!r}; "
                         f"known: {', '.join(sorted(_registrations()))}")
    return entry.describe(spec)


def listing(algorithm: str = "alphabeta", edition: int = 3, *, prune_on_tie: bool = True,
            depth_limited: bool = False) -> Listing:
    """The pseudocode a registered search follows, as its description gives it.

    A search whose listing depends on its options (a search with memory shows
    its table, killers and history only if it uses them) gives the listing of
    its defaults here; a result's ``trace.listing`` is the one that search ran.

    Parameters
    ----------
    algorithm : str
        A registered name: ``'alphabeta'``, ``'minimax'``, ``'negamax'``, ``'negascout'``, ...
    edition : {3, 4}
        AIMA's 3rd edition (Fig. 5.7, 2010) or 4th edition (Fig. 5.7, 2020), for the searches that have editions.
    prune_on_tie : bool
        ``True`` prints the textbook's ``v ≥ β``; ``False`` the strict ``v > β``.
    depth_limited : bool
        Print the cutoff test and evaluation function in place of the terminal test.

    Examples
    --------
    >>> listing("alphabeta", 4).text("max.test")
    '    if v ≥ β then return v, move'
    >>> listing("negamax").title
    'NEGAMAX with alpha-beta'
    """
    if not isinstance(algorithm, str) or algorithm not in _registrations():
        raise ValueError(f"unknown algorithm {algorithm!r}; registered: {', '.join(sorted(_registrations()))}")
    ed, tie = Edition.of(edition), TieRule.of(prune_on_tie)
    if not isinstance(depth_limited, bool):
        raise TypeError(f"depth_limited must be True or False, not {depth_limited!r}")
    return _registrations()[algorithm].describe(Spec(algorithm, ed, tie, depth_limited)).listing


def with_trace(result: SearchResult, algorithm: Algorithm | None = None) -> SearchResult:
    """``result`` with its events wrapped in a :class:`Trace` carrying ``algorithm`` (its own by default)."""
    events = result.events
    if events is None or result.problem is None:
        return result
    p = result.problem
    trace = Trace(events, algorithm or describe(result.spec), p.game, p.state, p.root)
    return replace(result, trace=trace, events=None)


def traced(fn: Callable[..., SearchResult]) -> Callable[..., SearchResult]:
    """The search ``fn``, returning its result with a trace when run with ``trace=True``."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> SearchResult:
        return with_trace(fn(*args, **kwargs))

    return run


__all__ = ["OPTIONS", "Registration", "register", "registered", "commands", "exported", "describe", "listing",
           "with_trace", "traced"]
