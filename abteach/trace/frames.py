"""A trace is the list of events a search reported; it replays into frames.

A :class:`Frame` is the whole state after step ``k``: what every node holds,
the call stack, the pseudocode line, and a sentence saying what just
happened.  Step ``k`` is the state after the ``k``-th event
(:meth:`Trace.event`), and step 0 the state before the first.  Views draw
frames; they never run a search.

The trace replays once, on first use, into a history of every node's states
(a visit is a node in a pass), so a frame costs nothing to make and memory
grows with the number of steps plus the number of nodes, not their product.
A frame reads one node's state in time logarithmic in that node's changes;
:meth:`Trace.walk` gives every step in order, each with only the nodes it
changed, so a view of a whole search does work in proportion to its steps.

Examples
--------
>>> import abteach as ab
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> end = tr.last()
>>> end.status((1, 1)).value, end.node((1,)).bound.value
('pruned', 'upper')
"""

from __future__ import annotations

import difflib
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping, Sequence, overload

from abteach.games.errors import shown
from abteach.games.trees import Path, Tree, path_str
from abteach.search.events import Event
from abteach.search.rules import Edition, TieRule
from abteach.trace.catalog import described_kinds
from abteach.trace.listings import Listing
from abteach.trace.narrate import minus_signs, whole_valued
from abteach.trace.protocol import UNVISITED, Algorithm, History, NodeState, Replay, Status, Telling


def _held(history: History, step: int) -> NodeState | None:
    """What a node with ``history`` held after ``step``; ``None`` before its first change.

    The one reading of a history: :attr:`Frame.nodes`, :meth:`Frame.node` and :meth:`Trace.walk` agree
    because a frame reads every node through it, and the walk is held to the frames by a test.
    """
    steps, states = history
    i = bisect_right(steps, step) - 1
    return states[i] if i >= 0 else None


@dataclass(frozen=True)
class _History:
    """What one replay of a whole trace leaves: every visit's states, and per step the pass and the stack top."""

    passes: list[dict[Path, History]]
    labels: list[str]
    pass_at: list[int]          # pass index after each step (index 0 is step 0)
    top_at: list[Path | None]   # top of the call stack after each step


class _Nodes(Mapping[Path, NodeState]):
    """The nodes a frame's pass has reached by its step: looked up one at a time without making them all.

    ``nodes.get(path)`` costs a search in that node's history alone; only iterating (or ``len``) makes
    the whole mapping, once.  It keeps the history, not the frame, so a frame and its nodes make no cycle.
    """

    __slots__ = ("_pass", "_step", "_all")

    def __init__(self, passes: dict[Path, History], step: int) -> None:
        self._pass = passes
        self._step = step
        self._all: dict[Path, NodeState] | None = None

    def __getitem__(self, path: Path) -> NodeState:
        h = self._pass.get(path)
        state = _held(h, self._step) if h is not None else None
        if state is None:
            raise KeyError(path)
        return state

    def get(self, path: Path, default: Any = None) -> Any:
        h = self._pass.get(path)
        state = _held(h, self._step) if h is not None else None
        return default if state is None else state

    def __contains__(self, path: object) -> bool:
        h = self._pass.get(path)  # type: ignore[call-overload]
        return h is not None and _held(h, self._step) is not None

    def _every(self) -> dict[Path, NodeState]:
        if self._all is None:
            k, out = self._step, {}
            for path, h in self._pass.items():
                state = _held(h, k)
                if state is not None:
                    out[path] = state
            self._all = out
        return self._all

    def __iter__(self) -> Iterator[Path]:
        return iter(self._every())

    def __len__(self) -> int:
        return len(self._every())

    def __repr__(self) -> str:
        return repr(self._every())


@dataclass(frozen=True)
class Walked:
    """One step of :meth:`Trace.walk`.

    Attributes
    ----------
    frame : Frame
    nodes : mapping of path to NodeState
        What :attr:`Frame.nodes` holds at this step, read-only and kept up to date by the walk: it is valid
        until the walk moves on (copy it with ``dict(walked.nodes)`` to keep it).
    changed : frozenset of paths
        The nodes whose own state this step changed: set, changed, or (when a new pass begins) gone.
        At step 0, every node of ``nodes``.
    """

    frame: "Frame"
    nodes: Mapping[Path, NodeState]
    changed: frozenset[Path]


class Frame:
    """The state of a search after ``step`` events (step 0 is before the first).

    Attributes
    ----------
    step : int
    event : Event or None
        The event that led here (``None`` at step 0).
    nodes : mapping of path to NodeState
        Every node reached so far in the current pass (pruned children included).
    stack : tuple of paths
        The call stack, start first.
    line : str
        The id of the pseudocode line just executed (see :class:`abteach.Listing`).
    explanation : str
        One sentence on what just happened and why.
    """

    __slots__ = ("trace", "step", "_h", "_pass", "__dict__")

    def __init__(self, trace: "Trace", step: int) -> None:
        self.trace = trace
        self.step = step
        self._h = trace._history
        self._pass = self._h.pass_at[step]

    def __repr__(self) -> str:
        return f"Frame(step {self.step} of {len(self.trace)}: {self.explanation})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frame) and other.trace is self.trace and other.step == self.step

    def __hash__(self) -> int:
        return hash((id(self.trace), self.step))

    @property
    def event(self) -> Event | None:
        return self.trace.events[self.step - 1] if self.step else None

    @property
    def line(self) -> str:
        e = self.event
        return e.line if e is not None else "search.def"

    @property
    def current(self) -> Path | None:
        """The node the last event was about."""
        e = self.event
        return e.node if e is not None else None

    @property
    def pass_index(self) -> int:
        """Which pass over the tree this frame is in (0 for a search that makes one)."""
        return self._pass

    @property
    def pass_label(self) -> str:
        """What the search called the current pass (``'depth 2'``, ``'re-search'``), or ``''``."""
        return self._h.labels[self._pass]

    @cached_property
    def stack(self) -> tuple[Path, ...]:
        top = self._h.top_at[self.step]
        if top is None:
            return ()
        root = len(self.trace.root)
        return tuple(top[:k] for k in range(root, len(top) + 1))

    @cached_property
    def nodes(self) -> Mapping[Path, NodeState]:
        return _Nodes(self._h.passes[self._pass], self.step)

    def node(self, path: Sequence[int], *, pass_index: int | None = None) -> NodeState:
        """The state of the node at ``path``, with pruning inherited from pruned ancestors.

        ``pass_index`` asks for an earlier pass: what that pass had left the node with.
        """
        if not isinstance(path, tuple):
            path = _as_path(path)
        state = self._state(path, self._pass if pass_index is None else self._check_pass(pass_index))
        if state is not None:
            return state
        for k in range(len(path) - 1, -1, -1):
            above = self._state(path[:k], self._pass if pass_index is None else pass_index)
            if above is not None:
                if above.status is Status.PRUNED:
                    return NodeState(Status.PRUNED, pruned_by=above.pruned_by)
                break
        return UNVISITED

    def status(self, path: Sequence[int]) -> Status:
        return self.node(path).status

    def earlier(self, path: Sequence[int]) -> list[NodeState]:
        """What each earlier pass had left ``path`` with, first pass first (unvisited ones included)."""
        return [self.node(path, pass_index=k) for k in range(self._pass)]

    def _check_pass(self, k: int) -> int:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= self._pass:
            raise ValueError(f"pass_index must be a pass up to this frame's, 0 to {self._pass}, not {k!r}")
        return k

    def _state(self, path: Path, p: int) -> NodeState | None:
        h = self._h.passes[p].get(path)
        if h is None:
            return None
        # A finished pass is read as it ended; the current one as of this step.
        return _held(h, self.step) if p == self._pass else h[1][-1]

    @cached_property
    def explanation(self) -> str:
        e = self.event
        if e is None:
            return minus_signs(self.trace.algorithm.start(self.trace))
        before = self.trace.frame(self.step - 1).node(e.node) if self.step > 1 else UNVISITED
        tell = self.trace.algorithm.sentence(e.kind)
        if tell is None:
            return f"{e.kind} at {self.trace.name(e.node)}."
        return minus_signs(tell(Telling(self.trace, self, before), e))


class Passes(list[str]):
    """The labels of a search's passes: a list of str that a notebook shows one pass a line.

    Examples
    --------
    >>> Passes(["depth 1", "depth 2"])
    depth 1
    depth 2
    >>> Passes(["depth 1"]) == ["depth 1"]
    True
    """

    def __repr__(self) -> str:
        return "\n".join(self) if self else "Passes([])"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self))


@dataclass(frozen=True, eq=False)
class Trace(Sequence[Event]):
    """The events of one search, with the description of the algorithm that made them.

    Index it like a list of :class:`Event` (from 0); :meth:`frame` and
    :meth:`frames` replay it, and :meth:`event` gives the event of a step.
    """

    events: list[Event]
    algorithm: Algorithm
    game: Any
    state: Any
    root: Path = ()
    _names: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)
    _moves: dict[Path, str] = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.events)

    @overload
    def __getitem__(self, k: int) -> Event: ...
    @overload
    def __getitem__(self, k: slice) -> Sequence[Event]: ...
    def __getitem__(self, k: int | slice) -> Event | Sequence[Event]:
        return self.events[k]

    def __repr__(self) -> str:
        return f"Trace({self.algorithm.label}, {len(self.events)} events)"

    @property
    def listing(self) -> Listing:
        return self.algorithm.listing

    @property
    def edition(self) -> Edition:
        return self.algorithm.edition

    @property
    def tie(self) -> TieRule:
        """The tie rule the search followed."""
        return self.algorithm.tie

    @property
    def prune_on_tie(self) -> bool:
        return self.algorithm.tie.prunes_on_tie

    @cached_property
    def tree(self) -> Tree | None:
        """The explicit tree searched, if it was one."""
        return self.game if isinstance(self.game, Tree) else None

    @cached_property
    def whole_valued(self) -> bool:
        """Whether every value the search can meet is a whole number (:func:`abteach.trace.narrate.whole_valued`).

        Worked out once: it reads the whole tree, and every null-window call's sentence asks.
        """
        return whole_valued(self)

    # -- names ---------------------------------------------------------------
    def name(self, path: Path) -> str:
        """A node's name in sentences: its tree name, or the moves that lead to it from the start.

        A tree whose nodes have no names of their own is lettered as the
        textbook letters Fig. 5.2: inner nodes A, B, C, ... level by level, and
        each leaf by its parent's letter and its place (b1, b2, ...).
        """
        # Kept once worked out: a long search's sentences and drawings name the same nodes over and over.
        known = self._names.get(path)
        if known is not None:
            return known
        tree = self.tree
        if tree is not None:
            name = tree.book_name(path)
        else:
            state, moves = self.state, []
            for i in path[len(self.root):]:
                action = list(self.game.actions(state))[i]
                namer = getattr(self.game, "move_name", None)
                moves.append(namer(state, action) if namer else str(action))
                state = self.game.result(state, action)
            name = " ".join(moves) if moves else "root"
        self._names[path] = name
        return name

    def move_name(self, path: Path) -> str:
        """The name of the move that leads into ``path`` (``'a1'`` on the textbook tree), as the tree names it."""
        if not path:
            return ""
        known = self._moves.get(path)
        if known is None:
            tree = self.tree
            known = self._moves[path] = (tree.move_name(tree.node(path[:-1]), path[-1]) if tree is not None
                                         else self.name(path).split(" ")[-1])
        return known

    def names(self, paths: Sequence[Path]) -> str:
        """``[(1, 1), (1, 2)]`` -> ``'c2 and c3'``."""
        words = [self.name(p) for p in paths]
        if len(words) <= 2:
            return " and ".join(words)
        return ", ".join(words[:-1]) + " and " + words[-1]

    # -- replay --------------------------------------------------------------
    @cached_property
    def _history(self) -> _History:
        r = Replay(self.root)
        pass_at: list[int] = [0]
        top_at: list[Path | None] = [None]
        for k, e in enumerate(self.events, start=1):
            r.step = k
            apply = self.algorithm.replays(e.kind)
            if apply is not None:
                apply(r, e)
            pass_at.append(len(r.passes) - 1)
            top_at.append(r.stack[-1] if r.stack else None)
        return _History(r.passes, r.labels, pass_at, top_at)

    @cached_property
    def _changes(self) -> list[list[tuple[Path, NodeState]]]:
        """Per step, the nodes whose state that step set in that step's pass, and what they hold from it on."""
        h = self._history
        out: list[list[tuple[Path, NodeState]]] = [[] for _ in h.pass_at]
        for p, visits in enumerate(h.passes):
            for path, (steps, states) in visits.items():
                for k, state in zip(steps, states):
                    # A node set in the step that opens the next pass belongs to a pass no frame shows.
                    if h.pass_at[k] == p:
                        out[k].append((path, state))
        return out

    def walk(self) -> Iterator[Walked]:
        """Every step in order, each with its frame, every node's state and the nodes the step changed.

        One pass over the events: a step costs what it changes, where reading ``frame.nodes`` at every
        step would cost every node reached so far.  The states are :attr:`Frame.nodes`'s, step by step.

        Examples
        --------
        >>> import abteach as ab
        >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
        >>> w = [(s.frame.step, sorted(s.changed)) for s in tr.walk()]
        >>> w[:3], len(w) == len(tr) + 1
        ([(0, []), (1, [()]), (2, [()])], True)
        >>> s = next(s for s in tr.walk() if s.frame.step == 29)
        >>> s.nodes == tr.frame(29).nodes, sorted(s.changed)
        (True, [(1,), (1, 1), (1, 2)])
        """
        h, changes = self._history, self._changes
        live: dict[Path, NodeState] = {}
        view = MappingProxyType(live)
        now = h.pass_at[0]
        for k, made in enumerate(changes):
            gone: set[Path] = set()
            if h.pass_at[k] != now:  # a new pass: every node starts unvisited again
                now, gone = h.pass_at[k], set(live)
                live.clear()
            for path, state in made:
                live[path] = state
            changed = gone.union(path for path, _ in made) if k else set(live)
            yield Walked(Frame(self, k), view, frozenset(changed))

    def event(self, step: int) -> Event:
        """The event that led to frame ``step``, ``1 ≤ step ≤ len(self)``: ``self.events[step - 1]``."""
        step = self._check(step, low=1)
        return self.events[step - 1]

    def frame(self, step: int) -> Frame:
        """The frame after ``step`` events, ``0 ≤ step ≤ len(self)``."""
        return Frame(self, self._check(step))

    def last(self) -> Frame:
        """The frame after the last event: what the search ended with."""
        return Frame(self, len(self.events))

    def frames(self, steps: Iterable[int] | None = None) -> Iterator[Frame]:
        """Frames in order: every step from 0 to ``len(self)``, or only ``steps``."""
        if steps is None:
            return (Frame(self, k) for k in range(len(self.events) + 1))
        if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
            raise TypeError(f"steps must be an iterable of step numbers, not {steps!r}")
        wanted = sorted({self._check(k) for k in steps})
        return (Frame(self, k) for k in wanted)

    @property
    def all_frames(self) -> Sequence[Frame]:
        """Every frame, as a sequence made on demand."""
        return _Frames(self)

    @property
    def passes(self) -> Passes:
        """The label of each pass over the tree (one ``''`` for a search that makes one pass).

        A list, shown one pass a line.
        """
        return Passes(self._history.labels)

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of this trace's events, each once, in the order they first occur."""
        return tuple(dict.fromkeys(e.kind for e in self.events))

    def check_kind(self, kind: Any, argument: str = "kind") -> str:
        """``kind``, if a query of this trace may ask for it; otherwise the error that names it.

        Kinds are open strings, so the rule is: a kind this trace has, or that
        its own search or any other search of the package describes, is
        accepted.  ``'cutoff'`` on a minimax trace finds nothing, but is no
        mistake; ``'cutof'`` is a typo that would find nothing, silently, so it
        is refused, with the kinds this trace has.

        Parameters
        ----------
        kind : str
        argument : str
            The name to give in the error message.

        Raises
        ------
        TypeError
            ``kind`` is not a str.
        ValueError
            No search reports ``kind``.

        Examples
        --------
        >>> import abteach as ab
        >>> ab.minimax(ab.examples.FIG_5_2).trace.steps("cutoff")
        []
        >>> ab.minimax(ab.examples.FIG_5_2).trace.steps("cutof")
        Traceback (most recent call last):
        ...
        ValueError: kind 'cutof' is not an event kind of any search (did you mean 'cutoff'?); this trace has 'enter', 'value', 'leaf', 'exit', 'done'
        """
        if not isinstance(kind, str):
            raise TypeError(f"{argument} must be an event kind, a str such as 'cutoff', not {shown(kind)}")
        if kind in self.kinds or kind in self.algorithm.replay or kind in self.algorithm.narrate:
            return kind
        known = described_kinds()
        if kind in known:
            return kind
        # A guess only among the kinds this search reports: another search's kind would find nothing here too.
        own = set(self.kinds) | set(self.algorithm.replay) | set(self.algorithm.narrate)
        near = difflib.get_close_matches(kind, sorted(own), n=1)
        guess = f" (did you mean {near[0]!r}?)" if near else ""
        has = ", ".join(map(repr, self.kinds)) if self.kinds else "no events at all"
        raise ValueError(f"{argument} {kind!r} is not an event kind of any search{guess}; this trace has {has}")

    def steps(self, kind: str | None = None, node: Sequence[int] | None = None) -> list[int]:
        """Steps (as for :meth:`frame`) of the events matching ``kind`` and/or ``node``.

        Raises
        ------
        TypeError, ValueError
            A ``kind`` no search reports (see :meth:`check_kind`), or a ``node`` that is not a path.
        """
        if kind is not None:
            self.check_kind(kind)
        at = _as_path(node) if node is not None else None
        return [k for k, e in enumerate(self.events, start=1)
                if (kind is None or e.kind == kind) and (at is None or e.node == at)]

    def _check(self, step: Any, low: int = 0) -> int:
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be an int, not {step!r}")
        if not low <= step <= len(self.events):
            raise IndexError(f"step {step} is out of range: this trace has steps {low} to {len(self.events)}")
        return step


class _Frames(Sequence[Frame]):
    """Frames of a trace by step, made when asked for."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def __len__(self) -> int:
        return len(self.trace) + 1

    @overload
    def __getitem__(self, k: int) -> Frame: ...
    @overload
    def __getitem__(self, k: slice) -> Sequence[Frame]: ...
    def __getitem__(self, k: int | slice) -> Frame | Sequence[Frame]:
        if isinstance(k, slice):
            return [self.trace.frame(i) for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        return self.trace.frame(k)


def _as_path(path: Any) -> Path:
    if isinstance(path, (str, bytes)) or not isinstance(path, Sequence) \
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in path):
        raise TypeError(f"a node path must be a tuple of child indices such as (1, 0), not {path!r}")
    return tuple(path)


__all__ = ["Trace", "Frame", "Walked", "NodeState", "Status", "Replay", "path_str"]
