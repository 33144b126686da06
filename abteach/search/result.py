"""What a search returns: :class:`SearchResult`, and :class:`Spec`, which search made it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from abteach.games.trees import Path, collector_paused
from abteach.search.events import Event
from abteach.search.problem import Problem
from abteach.search.record import Recorder, Tally
from abteach.search.rules import TEXTBOOK, Edition, TieRule


@dataclass(frozen=True)
class Spec:
    """Which search ran, stored once: its name, the book's edition, the tie rule, and a depth limit.

    ``name`` is the search's registered name (``'alphabeta'``); the trace layer
    finds the search's description from it, and nothing else reads it.
    ``edition`` may be given as the book's number; it is kept as an :class:`Edition`.
    ``uses`` names the parts a search ran with beyond its core, e.g. ``{'table', 'killers'}``
    for a search with memory, so its listing can show just those; ``None`` means its defaults.
    """

    name: str
    edition: Edition = Edition.THIRD
    tie: TieRule = TEXTBOOK
    depth_limited: bool = False
    variant: str = ""  # e.g. a mistake's id
    uses: frozenset[str] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "edition", Edition.of(self.edition, "Spec.edition"))
        if self.uses is not None:
            if (not isinstance(self.uses, (set, frozenset, tuple, list))
                    or not all(isinstance(u, str) for u in self.uses)):
                raise TypeError(f"Spec.uses must be a set of names or None, not {self.uses!r}")
            object.__setattr__(self, "uses", frozenset(self.uses))
        if not isinstance(self.tie, TieRule):
            raise TypeError(f"Spec.tie must be a TieRule (TieRule.of(prune_on_tie)), not {self.tie!r}")

    @property
    def prune_on_tie(self) -> bool:
        return self.tie.prunes_on_tie


@dataclass(frozen=True)
class SearchResult:
    """What a search found, and how.

    Attributes
    ----------
    value : float
        The start state's minimax value (for MAX).
    move : object
        The best action at the start (a child index on a :class:`abteach.Tree`).
    move_name : str or None
        Its name, e.g. ``'a1'`` on the textbook tree.
    pv : tuple
        The principal variation: the actions both sides are expected to play.
    pv_path : tuple of int
        The same line as a node path from the tree's root.
    evaluated : list of paths
        Leaves evaluated, in order.
    pruned : list of paths
        Children skipped by cutoffs, in order (their subtrees are pruned with them).
    nodes, cutoffs : int
        Calls made (leaves included) and cutoffs taken.
    trace : Trace or None
        The events, which replay into frames; ``None`` when run with ``trace=False``.
    spec : Spec
        Which search this was.
    passes : int
        How many passes over the tree it made (iterations, re-searches, MTD(f) passes).
    stats : mapping
        What a search keeps count of besides: its table's size, probes and hits, its re-searches.
    """

    value: float
    move: Any
    move_name: str | None
    pv: tuple[Any, ...]
    pv_path: Path
    evaluated: list[Path]
    pruned: list[Path]
    nodes: int
    cutoffs: int
    spec: Spec
    trace: Any = None
    passes: int = 1
    stats: Mapping[str, Any] = field(default_factory=dict)
    events: list[Event] | None = None
    problem: Problem | None = field(default=None, repr=False, compare=False)

    @property
    def algorithm(self) -> str:
        return self.spec.name

    @property
    def edition(self) -> Edition:
        return self.spec.edition

    @property
    def tie(self) -> TieRule:
        """The tie rule the search followed."""
        return self.spec.tie

    @property
    def prune_on_tie(self) -> bool:
        return self.spec.tie.prunes_on_tie

    @property
    def leaves(self) -> int:
        """Number of leaves evaluated."""
        return len(self.evaluated)

    def __repr__(self) -> str:
        name = self.spec.name + (f" ({self.spec.variant})" if self.spec.variant else "")
        return (f"SearchResult({name}, value={self.value!r}, move={self.move_name or self.move!r}, "
                f"leaves={self.leaves}, nodes={self.nodes}, cutoffs={self.cutoffs}, pruned={len(self.pruned)})")


def run(search: Callable[..., Any], problem: Problem, log: Tally, *options: Any) -> Any:
    """Run ``search(problem, log, *options)``, with the cyclic collector paused while it traces.

    Counting alone allocates little, so an untraced search runs as is.  A
    readable search's MAX-VALUE and MIN-VALUE are nested functions that call
    each other: a cycle, which holds the recorder.  All the search made is
    still in the youngest generation when the collector resumes, so its first
    run, at the next allocation, frees that cycle.
    """
    if not isinstance(log, Recorder):
        return search(problem, log, *options)
    with collector_paused():
        return search(problem, log, *options)


def finish(problem: Problem, log: Tally, value: float, spec: Spec, move: Any = None,
           line: Sequence[Any] | None = None) -> SearchResult:
    """Assemble the result: the move, the principal variation from each node's best child, the events.

    ``move`` is the action the search itself returned (the 4th edition returns
    it, as the book does); ``None`` means "the action with value v", the first
    child of the start that gave the start its value.  ``line``, if given, is
    the whole principal variation, as a search that keeps it elsewhere (in its
    transposition table) reads it.
    """
    game, state = problem.game, problem.state
    pv: list[Any] = []
    names: list[str] = []
    pv_path = problem.root
    at_start = True
    while not game.is_terminal(state):
        actions = list(game.actions(state))
        if line is not None:
            if len(pv) == len(line):
                break
            index = _index_of(actions, line[len(pv)])
        elif at_start and move is not None:
            index = _index_of(actions, move)
        else:
            best = log.best_move(pv_path)
            if best is None:
                break
            index = best
        at_start = False
        action = actions[index]
        names.append(_move_name(game, state, action))
        pv.append(action)
        pv_path += (index,)
        state = game.result(state, action)
    first = pv_path[len(problem.root)] if len(pv_path) > len(problem.root) else None
    log.done(value, first)
    return SearchResult(
        value=value, move=pv[0] if pv else None, move_name=names[0] if names else None, pv=tuple(pv),
        pv_path=pv_path, nodes=log.nodes, cutoffs=log.cutoffs, spec=spec, problem=problem,
        evaluated=log.evaluated, pruned=log.pruned, events=log.events,
    )


def _index_of(actions: list[Any], move: Any) -> int:
    for k, a in enumerate(actions):
        if a == move:
            return k
    raise ValueError(f"the search returned the move {move!r}, which is not among the actions {actions!r}")


def _move_name(game: Any, state: Any, action: Any) -> str:
    namer = getattr(game, "move_name", None)
    return namer(state, action) if namer else str(action)
