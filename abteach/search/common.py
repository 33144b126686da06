"""What every search shares: the problem it is given, the recorder it reports to,
and the result it returns.

The searches themselves (``minimax.py``, ``alphabeta.py``) stay line-for-line
with the pseudocode; the bookkeeping a teacher wants on top (paths, counts,
the principal variation, events) lives here, in the recorder they call.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from abteach.search.events import Bound, Event, Kind, fmt
from abteach.games.game import Game
from abteach.trace.frames import Trace
from abteach.games.trees import MAX_DEPTH, Path, path_str

# A comparison the search made, kept in parts so an untraced search never formats
# text: ("v", 2, "≤", "α", 3) reads "v=2 ≤ α=3".
Comparison = tuple[str, float, str, str, float]
Evaluate = Callable[[Any, Any], float]
Order = Callable[[Any, Sequence[Any]], Iterable[Any]]


@dataclass
class Problem:
    """A game, a start state, and the options that shape how it is searched.

    ``player`` is MAX: the player the values are scored for.  Trees say so
    themselves (``max_player``); for other games it is the player to move at
    the start, as in the textbook.
    """

    game: Game
    state: Any
    depth: int | None = None
    evaluate: Evaluate | None = None
    order: Order | None = None
    player: Any = field(init=False)

    def __post_init__(self) -> None:
        if not all(hasattr(self.game, name) for name in ("actions", "result", "is_terminal", "utility", "to_move")):
            raise TypeError(
                f"{type(self.game).__name__} is not a game: it needs to_move, actions, result, is_terminal "
                "and utility (see abteach.Game)"
            )
        if self.state is None:
            self.state = self.game.initial
        if self.depth is not None:
            if isinstance(self.depth, bool) or not isinstance(self.depth, int) or self.depth < 0:
                raise ValueError(f"depth must be a whole number of plies ≥ 0, not {self.depth!r}")
            if self.evaluate is None:
                raise ValueError("a depth-limited search needs an evaluation function: pass evaluate=f(state, player)")
        self.player = getattr(self.game, "max_player", None) or self.game.to_move(self.state)

    @property
    def root_is_max(self) -> bool:
        return self.game.to_move(self.state) == self.player

    def is_cutoff(self, state: Any, path: Path) -> bool:
        """TERMINAL-TEST, or CUTOFF-TEST when the search is depth-limited."""
        ply = len(path)
        if ply > MAX_DEPTH:
            raise TooDeepError(path)
        return self.game.is_terminal(state) or (self.depth is not None and ply >= self.depth)

    def utility(self, state: Any) -> float:
        """UTILITY at a terminal state, EVAL at a cut-off one; both for MAX."""
        # Without a depth limit every cut-off state is terminal: skip the second test.
        if self.depth is None or self.game.is_terminal(state):
            return self.game.utility(state, self.player)
        return self.evaluate(state, self.player)

    def actions(self, state: Any) -> list[tuple[int, Any]]:
        """ACTIONS(state) as (index, action) pairs, in search order.

        The index is the action's place in the game's own list, so a node's path
        stays the same whatever order the search visits children in.
        """
        if self.order is None:
            return list(enumerate(self.game.actions(state)))
        actions = list(self.game.actions(state))
        pairs = list(enumerate(actions))
        ordered = list(self.order(state, actions))
        if sorted(map(repr, ordered)) != sorted(map(repr, actions)) or len(ordered) != len(actions):
            raise ValueError(f"the move-ordering function must return a reordering of {actions!r}, got {ordered!r}")
        remaining = pairs[:]
        out = []
        for a in ordered:
            k = next(k for k, (_, b) in enumerate(remaining) if b == a)
            out.append(remaining.pop(k))
        return out


class TooDeepError(ValueError):
    """A game deeper than the search supports (a ValueError, never Python's RecursionError)."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"the search went deeper than the supported depth of {MAX_DEPTH} plies "
            f"(at path {path_str(path[:8])}...); limit it with depth=..."
        )


class Tally:
    """The recorder for an untraced search: counts, evaluated leaves, pruned children, best moves."""

    def __init__(self) -> None:
        self.nodes = 0
        self.cutoffs = 0
        self.evaluated: list[Path] = []
        self.pruned: list[Path] = []
        # path -> (child index, the v it produced); a later child replaces it only
        # when it changes v, so ties keep the first child, as the textbook does.
        self.best: dict[Path, tuple[int, float]] = {}

    # Every method returns the value the search passes on, so a search can
    # write `return log.exit(...)` exactly where the pseudocode says `return v`.
    def enter(self, path: Path, line: str, player: str, alpha: float | None, beta: float | None) -> None:
        self.nodes += 1

    def leaf(self, path: Path, line: str, player: str, value: float,
             alpha: float | None = None, beta: float | None = None) -> float:
        self.evaluated.append(path)  # the call itself was counted by enter()
        return value

    def value(self, path: Path, line: str, v: float, child: Path | None = None, got: float | None = None,
              alpha: float | None = None, beta: float | None = None) -> tuple[int, float] | None:
        """Note the new v; returns the node's best (child index, v) so far, if any."""
        best = self.best.get(path)
        if child is not None and (best is None or best[1] != v):
            best = self.best[path] = (child[-1], v)
        return best

    def test(self, path: Path, line: str, test: Comparison, v: float,
             alpha: float | None = None, beta: float | None = None) -> None:
        pass

    def window(self, path: Path, line: str, which: str, v: float, alpha: float, beta: float) -> None:
        pass

    def cutoff(self, path: Path, line: str, test: Comparison, skipped: list[Path], v: float,
               alpha: float, beta: float) -> None:
        self.cutoffs += 1
        self.pruned.extend(skipped)

    def exit(self, path: Path, line: str, v: float, window: tuple[float | None, float | None],
             alpha: float | None = None, beta: float | None = None) -> float:
        return v


class Recorder(Tally):
    """The recorder for a traced search: a :class:`Tally` that also keeps every :class:`Event`.

    Events are built positionally with ``_event`` rather than ``Event(...,
    v=v, ...)``: the keyword form runs namedtuple's generated ``__new__`` and
    took about a third of a traced search.  Each tuple below is in field order:
    kind, node, line, alpha, beta, v, value, player, bound, move, skipped, test, which.
    """

    def __init__(self, *, closed_window: bool = False) -> None:
        super().__init__()
        self.events: list[Event] = []
        # True under the strict tie rule, which makes returns equal to α or β exact.
        self.closed_window = closed_window

    def enter(self, path, line, player, alpha, beta):
        self.nodes += 1
        self.events.append(_event(Event, (Kind.ENTER, path, line, alpha, beta, None, None, player,
                                          None, None, (), "", "")))

    def leaf(self, path, line, player, value, alpha=None, beta=None):
        self.evaluated.append(path)
        self.events.append(_event(Event, (Kind.LEAF, path, line, alpha, beta, value, value, player,
                                          None, None, (), "", "")))
        return value

    def value(self, path, line, v, child=None, got=None, alpha=None, beta=None):
        best = Tally.value(self, path, line, v, child, got)
        self.events.append(_event(Event, (Kind.VALUE, path, line, alpha, beta, v, got, None,
                                          None, best[0] if best else None, (), "", "")))

    def test(self, path, line, test, v, alpha=None, beta=None):
        self.events.append(_event(Event, (Kind.TEST, path, line, alpha, beta, v, None, None,
                                          None, None, (), _say(test), "")))

    def window(self, path, line, which, v, alpha, beta):
        self.events.append(_event(Event, (Kind.WINDOW, path, line, alpha, beta, v, None, None,
                                          None, None, (), "", which)))

    def cutoff(self, path, line, test, skipped, v, alpha, beta):
        Tally.cutoff(self, path, line, test, skipped, v, alpha, beta)
        self.events.append(_event(Event, (Kind.CUTOFF, path, line, alpha, beta, v, None, None,
                                          None, None, tuple(skipped), _say(test), "")))

    def exit(self, path, line, v, window, alpha=None, beta=None):
        best = self.best.get(path)
        self.events.append(_event(Event, (Kind.EXIT, path, line, alpha, beta, v, v, None,
                                          Bound.classify(v, *window, closed=self.closed_window), best[0] if best else None,
                                          (), "", "")))
        return v


_event = tuple.__new__
# The tuples in Recorder spell out every field, so a new Event field must be added there too.
if len(Event._fields) != 13:
    raise ImportError(f"Recorder builds 13-field events but Event has {len(Event._fields)} fields")


def run(search: Callable[..., Any], problem: Problem, log: Tally, *options: Any) -> Any:
    """Run ``search(problem, log, *options)``, pausing the cyclic garbage collector while it traces.

    A trace is many small tuples that live as long as the trace and form no
    cycles; left running, the collector walks all of them again at every full
    collection while they are being created, which can cost more than the
    search itself.  Counting alone allocates little, so it runs as is.
    """
    if not isinstance(log, Recorder) or not gc.isenabled():
        return search(problem, log, *options)
    gc.disable()
    try:
        return search(problem, log, *options)
    finally:
        gc.enable()


@dataclass(frozen=True)
class SearchResult:
    """What a search found, and how.

    Attributes
    ----------
    value : float
        The root's minimax value (for MAX).
    move : object
        The best root action (a child index on a :class:`abteach.Tree`).
    move_name : str or None
        Its name, e.g. ``'a1'`` on the textbook tree.
    pv : tuple
        The principal variation: the actions both sides are expected to play.
    pv_path : tuple of int
        The same line as a node path.
    evaluated : list of paths
        Leaves evaluated, in order.
    pruned : list of paths
        Children skipped by cutoffs, in order (their subtrees are pruned with them).
    nodes, cutoffs : int
        Calls made (leaves included) and cutoffs taken.
    trace : Trace or None
        The events, which replay into frames; ``None`` when run with ``trace=False``.
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
    trace: Any
    algorithm: str
    edition: int
    prune_on_tie: bool

    @property
    def leaves(self) -> int:
        """Number of leaves evaluated."""
        return len(self.evaluated)

    def __repr__(self) -> str:
        return (f"SearchResult({self.algorithm}, value={self.value!r}, move={self.move_name or self.move!r}, "
                f"leaves={self.leaves}, nodes={self.nodes}, cutoffs={self.cutoffs}, pruned={len(self.pruned)})")


def finish(problem: Problem, log: Tally, value: float, *, algorithm: str, edition: int,
           prune_on_tie: bool, listing: Any) -> SearchResult:
    """Assemble the result: follow best moves for the PV, name the move, wrap the trace."""
    game, state = problem.game, problem.state
    pv: list[Any] = []
    pv_path: Path = ()
    names: list[str] = []
    while pv_path in log.best and not game.is_terminal(state):
        index = log.best[pv_path][0]
        action = list(game.actions(state))[index]
        names.append(_move_name(game, state, action))
        pv.append(action)
        pv_path += (index,)
        state = game.result(state, action)
    move = pv[0] if pv else None
    trace = None
    if isinstance(log, Recorder):
        log.events.append(Event(Kind.DONE, (), "search.return", v=value, value=value,
                                move=pv_path[0] if pv_path else None))
        trace = Trace(log.events, listing=listing, game=problem.game, state=problem.state,
                      algorithm=algorithm, edition=edition, prune_on_tie=prune_on_tie)
    return SearchResult(
        value=value, move=move, move_name=names[0] if names else None, pv=tuple(pv), pv_path=pv_path,
        evaluated=log.evaluated, pruned=log.pruned, nodes=log.nodes, cutoffs=log.cutoffs, trace=trace,
        algorithm=algorithm, edition=edition, prune_on_tie=prune_on_tie,
    )


def _say(c: Comparison) -> str:
    lhs, x, op, rhs, y = c
    return f"{lhs}={fmt(x)} {op} {rhs}={fmt(y)}"


def _move_name(game: Game, state: Any, action: Any) -> str:
    namer = getattr(game, "move_name", None)
    return namer(state, action) if namer else str(action)

