"""The trace protocol: how an algorithm describes itself once, so every view works for it.

An :class:`Algorithm` says what a search is called, the listing it follows,
the state it keeps per node, how each kind of event it reports replays into
that state, and how each is told in a sentence.  A :class:`abteach.Trace`
carries its algorithm's description; frames, narration, the stepper, the
drawings and the tables read the description and never compare names.

Kinds are open: a new search brings new kinds with their replay and
narration, in its own description.  A kind that no description covers
changes no node and is shown plainly, as ``"<kind> at <node>"``.

A *visit* is a node in a pass.  A search that goes over the tree more than
once (iterative deepening, a re-search, MTD(f)'s passes) reports a ``pass``
event before each pass; each pass keeps its own node states, and a frame can
show what earlier passes found.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, Callable, Mapping, Protocol, Sequence

from abteach.search.events import Bound, Event
from abteach.search.rules import TEXTBOOK, Edition, TieRule
from abteach.trace.listings import Listing
from abteach.games.trees import Path


class Status(str, Enum):
    UNVISITED = "unvisited"
    ACTIVE = "active"    # on the call stack
    DONE = "done"        # returned (or evaluated, for a leaf)
    PRUNED = "pruned"    # skipped by a cutoff, or below a skipped child


_NOTHING: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class NodeState:
    """What one node holds at one step, for a search that keeps a window.

    ``alpha``/``beta`` are the node's current window and ``window`` the one it
    was called with; ``alpha_from``/``beta_from`` name the node whose value set
    them (for "MAX already has 3 at A").  ``value``/``bound`` are set when the
    node has returned; ``best`` is the child index that produced ``v``.
    ``extra`` holds what a newer search keeps besides (a table entry's flag,
    MCTS visits and totals), as a read-only mapping.

    Two things are said about a returned value, and they can differ:

    * ``bound`` is what the return tells the **caller**.  The caller sees only
      the number and its own window: a return at or below α (a fail-low) reads
      "at most this", at or above β (a fail-high) "at least this", whether or
      not the call was cut off, since a cutoff on the last child returns the
      same way as an early one.
    * ``known`` is what the search has **proved** about the node's value from
      everything it evaluated below it: a range (low, high).  It is built by
      the replay (:mod:`abteach.trace.windowed`), child by child, with this
      rule.  A leaf proves [u, u].  A MAX node proves
      [max of its children's lows, max of their highs] when every child was
      searched, and [max of the lows, +∞] when a cutoff left children
      unsearched (an unsearched child may be worth anything); a MIN node the
      same with min, and −∞ for the unsearched.  So a node is exact (low =
      high) when every child was searched and the children that decide it
      are exact: a fail-low after the last child, such as D's 2 on Fig. 5.2
      (min(14, 5, 2)), is exact for D and only a bound for its caller.  A
      cutoff below a node makes it inexact only when the pruned part could
      change it: the root A of Fig. 5.2 is exactly 3 though C was cut off,
      since C ≤ 2 cannot beat B's 3.
      ``proved`` reads ``known`` against the returned value.
    """

    status: Status
    player: str | None = None
    alpha: float | None = None
    beta: float | None = None
    v: float | None = None
    window: tuple[float | None, float | None] = (None, None)
    value: float | None = None
    bound: Bound | None = None
    best: int | None = None
    alpha_from: Path | None = None
    beta_from: Path | None = None
    pruned_by: str = ""  # for a pruned child: the comparison at its parent that fired
    # One shared read-only empty mapping, so a state that keeps nothing extra costs nothing for it.
    extra: Mapping[str, Any] = field(default_factory=lambda: _NOTHING)
    # While the call runs: what its children searched so far prove, as if none came after;
    # once it returns: what the search proved about its value.  None: nothing yet.
    known: tuple[float, float] | None = None

    @property
    def kind(self) -> str | None:
        """The node's kind (:mod:`abteach.games.kinds`): ``'MAX'``, ``'MIN'``, ``'CHANCE'``...; ``player`` by
        its general name.  A chance node's probabilities, where the search reports them, are in
        ``extra["probabilities"]``."""
        return self.player

    @property
    def proved(self) -> Bound | None:
        """What the search proved about this node's returned value, from below; ``None`` until it returns, or
        where it proved nothing about it (a mistaken search's value inside the range its children establish).

        ``EXACT``: the value is the node's minimax value.  ``UPPER``: its
        minimax value is at most the value; ``LOWER``: at least.  Where the
        replay proved nothing (a value a transposition table settled), the
        caller's reading, ``bound``, is all there is.

        Examples
        --------
        >>> import abteach as ab
        >>> end = ab.alphabeta(ab.examples.FIG_5_2).trace.last()
        >>> [(end.node(p).bound.value, end.node(p).proved.value) for p in [(0,), (1,), (2,)]]
        [('exact', 'exact'), ('upper', 'upper'), ('upper', 'exact')]
        """
        g = self.value
        if g is None or self.status is not Status.DONE:
            return None
        if self.known is None:
            return self.bound
        low, high = self.known
        if low == high == g:
            return Bound.EXACT
        if high <= g:
            return Bound.UPPER
        if low >= g:
            return Bound.LOWER
        # The value lies strictly inside what the search established: it proves nothing about it (only a mistaken
        # search returns such a value), and the window's reading would claim what nothing showed.
        return None


UNVISITED = NodeState(Status.UNVISITED)

#: One node's states in one pass: the steps at which it changed, and what it held from each on.
History = tuple[list[int], list[NodeState]]


class Replay:
    """The state events are applied to, one by one, while a trace builds its history.

    An algorithm's replay functions use :meth:`get`, :meth:`set`,
    :meth:`push`, :meth:`pop` and :meth:`new_pass`; nothing else.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self.step = 0
        self.passes: list[dict[Path, History]] = [{}]
        self.labels: list[str] = [""]
        self.stack: list[Path] = []

    @property
    def nodes(self) -> dict[Path, History]:
        return self.passes[-1]

    def get(self, path: Path) -> NodeState:
        """What ``path`` holds now, in the current pass."""
        h = self.nodes.get(path)
        return h[1][-1] if h is not None else UNVISITED

    def set(self, path: Path, state: NodeState) -> None:
        """``path`` holds ``state`` from this step on."""
        h = self.nodes.get(path)
        if h is None:
            self.nodes[path] = ([self.step], [state])
        elif h[0][-1] == self.step:  # a second change in one step: the later one stands
            h[1][-1] = state
        else:
            h[0].append(self.step)
            h[1].append(state)

    def push(self, path: Path) -> None:
        self.stack.append(path)

    def pop(self, path: Path) -> None:
        if self.stack and self.stack[-1] == path:
            self.stack.pop()

    def new_pass(self, label: str) -> None:
        """A new pass over the tree begins: nodes start unvisited again; earlier passes are kept."""
        if self.nodes or self.labels[-1]:
            self.passes.append({})
            self.labels.append(label)
        else:
            self.labels[-1] = label
        self.stack.clear()


class TraceView(Protocol):
    """What an algorithm's sentences read of a trace: :class:`abteach.trace.frames.Trace` is one.

    Named here, below the trace, so that a description and the trace that
    carries it need not import each other.
    """

    @property
    def root(self) -> Path: ...
    @property
    def game(self) -> Any: ...
    @property
    def state(self) -> Any: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def algorithm(self) -> "Algorithm": ...
    @property
    def whole_valued(self) -> bool: ...
    def __getitem__(self, k: int) -> Event: ...
    def event(self, step: int) -> Event: ...
    def name(self, path: Path) -> str: ...
    def names(self, paths: Sequence[Path]) -> str: ...
    def move_name(self, path: Path) -> str: ...


class FrameView(Protocol):
    """What a sentence reads of the frame after its event: :class:`abteach.trace.frames.Frame` is one."""

    @property
    def step(self) -> int: ...
    def node(self, path: Sequence[int], *, pass_index: int | None = None) -> NodeState: ...


#: ``replay(r, e)`` applies event ``e`` to the replay state ``r``.
ReplayStep = Callable[[Replay, Event], None]
#: ``narrate(t, e)`` is the sentence for ``e``; ``t`` is a :class:`Telling`.
NarrateStep = Callable[["Telling", Event], str]


@dataclass(frozen=True)
class Telling:
    """What a narration function may read: the trace, the frame after the event, and the node before it."""

    trace: TraceView
    frame: FrameView
    before: NodeState

    @property
    def algorithm(self) -> "Algorithm":
        return self.trace.algorithm

    def name(self, path: Path) -> str:
        return self.trace.name(path)

    def after(self, path: Path) -> NodeState:
        return self.frame.node(path)


@dataclass(frozen=True)
class Algorithm:
    """An algorithm's description of itself, carried by every trace it makes.

    Attributes
    ----------
    name : str
        The search's function name, e.g. ``'alphabeta'``.
    title : str
        How a sentence names it: ``'Alpha-beta'``.
    label : str
        How a switch between searches names this one: ``'alpha-beta, 3rd edition, prunes on ties'``.
    listing : Listing
        The pseudocode it follows; events name its line ids.
    replay, narrate : mapping of kind to function
        How each kind of event replays into node states, and is told.
    start : callable
        ``start(trace)``: the sentence before the first step.
    edition : Edition
        The book's edition whose pseudocode it follows.
    tie : TieRule
        The tie rule it follows (``prune_on_tie`` reads it as a flag).
    depth_limited : bool
        Whether the search stops at a depth limit and scores states there with an evaluation function.
    windowed : bool
        Whether nodes hold a window (α, β); views show it only then.
    calls : str
        How a sentence names a call, with ``{player}``, ``{name}``, ``{alpha}``, ``{beta}``.
    frame : str
        How the call stack names a call: its listing's function on the node, with ``{player}``,
        ``{name}`` and ``{flag}`` (``true`` for MAX); the stack shows α, β and v beside it.
    views : frozenset of str
        Which views apply: ``'tree'``, ``'stack'``, ``'listing'``, ``'table'``,
        ``'ranges'`` for the Fig. 5.5 comparison, which reads the textbook's windows, ``'passes'`` for
        searches that go over the tree more than once, and ``'visits'`` for the visit counts of a
        Monte Carlo search.
    faulty : frozenset of str
        Line ids a mistaken version gets wrong; narration flags them.
    perspective : str
        ``'max'`` when every value is for MAX, ``'mover'`` when a node's values
        are for the player to move there (negamax).
    """

    name: str
    title: str
    label: str
    listing: Listing
    replay: Mapping[str, ReplayStep]
    narrate: Mapping[str, NarrateStep]
    start: Callable[[TraceView], str]
    edition: Edition = Edition.THIRD
    tie: TieRule = TEXTBOOK
    depth_limited: bool = False
    windowed: bool = True
    calls: str = "{player}-VALUE({name}, α = {alpha}, β = {beta})"
    frame: str = "{player}-VALUE({name})"
    views: frozenset[str] = frozenset({"tree", "stack", "listing", "table"})
    faulty: frozenset[str] = frozenset()
    faults: Mapping[str, str] = field(default_factory=dict)
    perspective: str = "max"

    @property
    def prune_on_tie(self) -> bool:
        return self.tie.prunes_on_tie

    def but(self, **changes: Any) -> "Algorithm":
        """This description with some parts changed (a mistake's listing, a variant's label)."""
        return replace(self, **changes)

    def frame_name(self, player: str | None, name: str) -> str:
        """How the call stack names the call on the node ``name``, where ``player`` is to move.

        Examples
        --------
        >>> import abteach as ab
        >>> ab.negamax(ab.examples.FIG_5_2).trace.algorithm.frame_name("MIN", "B")
        'NEGAMAX(B)'
        >>> ab.alphabeta(ab.examples.FIG_5_2).trace.algorithm.frame_name("MIN", "B")
        'MIN-VALUE(B)'
        """
        player = player or "MAX"
        return self.frame.format(player=player, name=name, flag="true" if player == "MAX" else "false")

    def replays(self, kind: str) -> ReplayStep | None:
        return self.replay.get(kind)

    def sentence(self, kind: str) -> NarrateStep | None:
        return self.narrate.get(kind)

    def __repr__(self) -> str:
        return f"Algorithm({self.label})"


__all__ = ["Algorithm", "NodeState", "Status", "Telling", "UNVISITED", "ReplayStep", "NarrateStep", "Replay", "History",
           "TraceView", "FrameView"]
