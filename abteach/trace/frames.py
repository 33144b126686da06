"""A trace is the list of events a search reported; it replays into frames.

A :class:`Frame` is the whole state at step ``k``: what every node holds, the
call stack, the pseudocode line, and a sentence saying what just happened.
Views draw frames; they never run a search.

Examples
--------
>>> import abteach as ab
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> f = tr.frame(len(tr))
>>> f.status((1, 1)).value, f.node((1,)).bound.value
('pruned', 'upper')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Any, Iterable, Iterator, Mapping, Sequence

from abteach.search.events import Bound, Event, Kind
from abteach.trace.narrate import explain
from abteach.trace.listings import Listing
from abteach.games.trees import Path, Tree, path_str


class Status(str, Enum):
    UNVISITED = "unvisited"
    ACTIVE = "active"    # on the call stack
    DONE = "done"        # returned (or evaluated, for a leaf)
    PRUNED = "pruned"    # skipped by a cutoff, or below a skipped child


@dataclass(frozen=True)
class NodeState:
    """What one node holds at one step.

    ``alpha``/``beta`` are the node's current window and ``window`` the one it
    was called with; ``alpha_from``/``beta_from`` name the node whose value set
    them (for "MAX already has 3 at A").  ``value``/``bound`` are set when the
    node has returned; ``best`` is the child index that produced ``v``.
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


UNVISITED = NodeState(Status.UNVISITED)


@dataclass(frozen=True)
class Frame:
    """The state of a search after ``step`` events (``step`` 0 is before the first).

    Attributes
    ----------
    step : int
    event : Event or None
        The event that led here (``None`` at step 0).
    nodes : mapping of path to NodeState
        Every node reached so far (pruned children included).
    stack : tuple of paths
        The call stack, root first.
    line : str
        The id of the pseudocode line just executed (see :class:`abteach.Listing`).
    explanation : str
        One sentence on what just happened and why.
    """

    step: int
    event: Event | None
    nodes: Mapping[Path, NodeState]
    stack: tuple[Path, ...]
    line: str
    explanation: str

    @property
    def current(self) -> Path | None:
        """The node the last event was about."""
        return self.event.node if self.event is not None else None

    def node(self, path: Sequence[int]) -> NodeState:
        """The state of the node at ``path``, with pruning inherited from pruned ancestors."""
        path = tuple(path)
        state = self.nodes.get(path)
        if state is not None:
            return state
        for k in range(len(path) - 1, -1, -1):
            above = self.nodes.get(path[:k])
            if above is not None:
                if above.status is Status.PRUNED:
                    return NodeState(Status.PRUNED, pruned_by=above.pruned_by)
                break
        return UNVISITED

    def status(self, path: Sequence[int]) -> Status:
        return self.node(path).status


@dataclass(frozen=True, eq=False)
class Trace(Sequence[Event]):
    """The events of one search, with what is needed to replay and describe them.

    Index it like a list of :class:`Event`; :meth:`frame` and :meth:`frames`
    replay it.
    """

    events: list[Event]
    listing: Listing
    game: Any
    state: Any
    algorithm: str = "alphabeta"
    edition: int = 3
    prune_on_tie: bool = True
    _names: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.events)

    def __getitem__(self, k):  # type: ignore[override]
        return self.events[k]

    def __repr__(self) -> str:
        return f"Trace({self.algorithm}, edition={self.edition}, {len(self.events)} events)"

    @property
    def tree(self) -> Tree | None:
        """The explicit tree searched, if it was one."""
        return self.game if isinstance(self.game, Tree) else None

    # -- names ---------------------------------------------------------------
    def name(self, path: Path) -> str:
        """A node's display name: its tree name, or the moves that lead to it."""
        if self.tree is not None:
            return self.tree.name(path)
        if path not in self._names:
            state, moves = self.state, []
            for i in path:
                action = list(self.game.actions(state))[i]
                namer = getattr(self.game, "move_name", None)
                moves.append(namer(state, action) if namer else str(action))
                state = self.game.result(state, action)
            self._names[path] = " ".join(moves) if moves else "root"
        return self._names[path]

    def move_name(self, path: Path) -> str:
        """The name of the move that leads into ``path`` (``'a1'`` on the textbook tree)."""
        if not path:
            return ""
        if self.tree is not None:
            return self.tree.node(path).move or str(path[-1])
        return self.name(path).split(" ")[-1]

    def names(self, paths: Sequence[Path]) -> str:
        """``[(1, 1), (1, 2)]`` -> ``'c2 and c3'``."""
        words = [self.name(p) for p in paths]
        if len(words) <= 2:
            return " and ".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]

    # -- replay --------------------------------------------------------------
    def frame(self, step: int) -> Frame:
        """The frame after ``step`` events, ``0 ≤ step ≤ len(self)``."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be an int, not {step!r}")
        if not 0 <= step <= len(self.events):
            raise IndexError(f"step {step} is out of range: this trace has steps 0 to {len(self.events)}")
        replay = _Replay(self)
        for event in self.events[:step]:
            replay.apply(event)
        return replay.snapshot(step)

    def frames(self, steps: Iterable[int] | None = None) -> Iterator[Frame]:
        """Frames from one replay: every step from 0 to ``len(self)``, or only ``steps`` (increasing).

        One pass serves them all, where calling :meth:`frame` per step would
        replay from the start each time.
        """
        wanted = None if steps is None else iter(sorted(set(steps)))
        target = None if wanted is None else next(wanted, None)
        if target is not None and not 0 <= target:
            raise IndexError(f"step {target} is out of range: this trace has steps 0 to {len(self.events)}")
        replay = _Replay(self)
        if wanted is None or target == 0:
            yield replay.snapshot(0)
            target = None if wanted is None else next(wanted, None)
        for k, event in enumerate(self.events, start=1):
            if wanted is not None and target is None:
                return
            replay.apply(event)
            if wanted is None or k == target:
                yield replay.snapshot(k)
                target = None if wanted is None else next(wanted, None)
        if target is not None:
            raise IndexError(f"step {target} is out of range: this trace has steps 0 to {len(self.events)}")

    @cached_property
    def all_frames(self) -> tuple[Frame, ...]:
        """Every frame, kept; what a stepper over a small tree wants."""
        return tuple(self.frames())

    def steps(self, kind: Kind | str | None = None, node: Path | None = None) -> list[int]:
        """Steps (1-based, as for :meth:`frame`) of the events matching ``kind`` and/or ``node``."""
        kind = Kind(kind) if kind is not None else None
        return [k for k, e in enumerate(self.events, start=1)
                if (kind is None or e.kind is kind) and (node is None or e.node == tuple(node))]


class _Replay:
    """Mutable state that events are applied to, one by one."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.nodes: dict[Path, NodeState] = {}
        self.stack: list[Path] = []
        self.event: Event | None = None
        self.explanation = _start_sentence(trace)

    def apply(self, e: Event) -> None:
        before = self.nodes.get(e.node, UNVISITED)
        parent = self.nodes.get(e.node[:-1]) if e.node else None
        kind = e.kind
        if kind is Kind.ENTER:
            self.nodes[e.node] = NodeState(
                Status.ACTIVE, e.player, e.alpha, e.beta, None, (e.alpha, e.beta),
                alpha_from=parent.alpha_from if parent else None,
                beta_from=parent.beta_from if parent else None,
            )
            self.stack.append(e.node)
        elif kind is Kind.LEAF:
            self.nodes[e.node] = NodeState(
                Status.DONE, e.player, e.alpha, e.beta, e.value, (e.alpha, e.beta), e.value, Bound.EXACT,
                alpha_from=parent.alpha_from if parent else None,
                beta_from=parent.beta_from if parent else None,
            )
            if self.stack and self.stack[-1] == e.node:  # a leaf's call returns at once
                self.stack.pop()
        elif kind is Kind.VALUE:
            self.nodes[e.node] = replace(before, v=e.v, best=e.move if e.move is not None else before.best)
        elif kind is Kind.WINDOW:
            changed = (e.alpha != before.alpha) if e.which == "alpha" else (e.beta != before.beta)
            self.nodes[e.node] = replace(
                before, alpha=e.alpha, beta=e.beta, v=e.v,
                alpha_from=e.node if (e.which == "alpha" and changed) else before.alpha_from,
                beta_from=e.node if (e.which == "beta" and changed) else before.beta_from,
            )
        elif kind is Kind.CUTOFF:
            self.nodes[e.node] = replace(before, alpha=e.alpha, beta=e.beta, v=e.v)
            for child in e.skipped:
                self.nodes[child] = NodeState(Status.PRUNED, pruned_by=e.test)
        elif kind is Kind.EXIT:
            self.nodes[e.node] = replace(before, status=Status.DONE, value=e.value, bound=e.bound,
                                         best=e.move if e.move is not None else before.best)
            if self.stack and self.stack[-1] == e.node:
                self.stack.pop()
        # TEST, DONE and kinds still to come change no node.
        self.explanation = explain(self.trace, e, before, self.nodes)
        self.event = e

    def snapshot(self, step: int) -> Frame:
        line = self.event.line if self.event is not None else "search.def"
        return Frame(step, self.event, dict(self.nodes), tuple(self.stack), line, self.explanation)


def _start_sentence(trace: Trace) -> str:
    root = trace.name(())
    if trace.algorithm == "minimax":
        return f"Minimax is about to search the tree from {root}."
    return f"Alpha-beta is about to search from {root} with the widest window, α = −∞ and β = +∞."


__all__ = ["Trace", "Frame", "NodeState", "Status", "path_str"]
