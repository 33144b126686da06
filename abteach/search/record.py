"""The recorders a search reports to: :class:`Tally` counts, :class:`Recorder` keeps every event.

A search calls the recorder once per pseudocode line, and the recorder keeps
the bookkeeping a teacher wants on top: the path of the node being searched,
its window, the children still to come, the running v, the best child, and
what each call returned.  So a search reads like its pseudocode::

    def max_value(state, α, β):
        log.call("max.def", MAX, α, β)
        if p.is_cutoff(state, log.ply): return log.leaf("max.terminal", p.utility(state))
        v = log.v("max.init", -inf)
        for a in log.each(p.actions(state)):
            v = log.v("max.update", max(v, min_value(p.result(state, a), α, β)))
            if log.cutoff("max.test", v >= β): return v
            α = log.alpha("max.window", max(α, v))
        return log.exit("max.return", v)

Every method returns the value the search goes on with, so the call wraps the
expression the book writes.  Both recorders keep the same counts; only the
:class:`Recorder` builds events.

The ``*_at`` methods are the same reports with the path, window and v given
explicitly, for searches that keep their own bookkeeping (the classic
mistakes, whose faults are in exactly that bookkeeping).
"""

from __future__ import annotations

from functools import partial
from math import inf
from typing import Any, Iterable, Iterator, Mapping, Protocol

from abteach.search.events import Bound, Event, Kind, fmt
from abteach.search.later import Deferred, Later, made
from abteach.search.rules import TEXTBOOK, TieRule
from abteach.games.trees import Path

# A comparison the search made, kept in parts so an untraced search never formats
# text: ("v", 2, "≤", "α", 3) reads "v=2 ≤ α=3".
Comparison = tuple[str, float, str, str, float]

#: The comparison each test line makes, as (left, operator, right) names of the
#: node's own values.  A search passes its own table when its tests differ.
TESTS: Mapping[str, tuple[str, str, str]] = {
    "max.test": ("v", "≥", "β"), "min.test": ("v", "≤", "α"),
    "max.improve": ("v2", ">", "v"), "min.improve": ("v2", "<", "v"),
}


class Call:
    """One call on the recorder's stack: the node's path and what its pseudocode variables hold."""

    __slots__ = ("path", "player", "alpha", "beta", "window", "v", "kids", "k", "got", "child", "fresh")

    def __init__(self, path: Path, player: str, alpha: float | None, beta: float | None) -> None:
        self.path = path
        self.player = player
        self.alpha = alpha
        self.beta = beta
        self.window = (alpha, beta)
        self.v: float | None = None
        self.kids: list[tuple[int, Any]] = []
        self.k = -1
        self.got: float | None = None   # what the child searched last returned, until v takes it in
        self.child: Path | None = None  # the path of that child
        # No child has reported to this call yet: a best child noted at this path is an earlier call's.
        self.fresh = True


class Compact(Protocol):
    """What a fast search kept instead of a ``best`` dict: it can still answer for one node."""

    def best_move(self, path: Path) -> int | None: ...


class Tally:
    """The recorder of an untraced search: counts, evaluated leaves, pruned children, best moves.

    ``evaluated``, ``pruned`` and ``best`` read as a list, a list and a dict.
    A fast search may leave them as :class:`~abteach.search.later.Later`
    values, made on first read (see :mod:`abteach.search.lean`); the
    methods below reach the made values directly, as ``_evaluated`` and so on,
    because they only run on a tally that a search is filling in.
    """

    events: list[Event] | None = None
    evaluated: Deferred[list[Path]] = Deferred()
    pruned: Deferred[list[Path]] = Deferred()
    # path -> (child index, the v it produced); a later child replaces it only
    # when it changes v, so ties keep the first child, as the textbook does.
    best: Deferred[dict[Path, tuple[int, float]]] = Deferred()
    _evaluated: list[Path]
    _pruned: list[Path]
    _best: dict[Path, tuple[int, float]]

    def __init__(self, root: Path = (), *, tests: Mapping[str, tuple[str, str, str]] = TESTS) -> None:
        self.root = root
        self.tests = tests
        self.nodes = 0
        self.cutoffs = 0
        self.evaluated = []
        self.pruned = []
        self.best = {}
        self.compact: Compact | None = None  # what answers best_move while ``best`` is not made
        self.stack: list[Call] = []
        self.negated = False  # True for negamax searches, whose children's values change sign

    def best_move(self, path: Path) -> int | None:
        """The index of the best child found at ``path``, or None; it leaves a deferred ``best`` unmade."""
        if self.compact is not None and type(self.__dict__["_best"]) is Later:
            return self.compact.best_move(path)
        b = self._best.get(path)
        return None if b is None else b[0]

    def __getstate__(self) -> dict[str, Any]:
        # A pickle holds the lists themselves, as one of a tally filled in directly would.
        state = made(self)
        state["compact"] = None
        return state

    # -- the stack-keeping reports, one per pseudocode line ---------------------
    @property
    def ply(self) -> int:
        """How many plies below the start the current call is."""
        return len(self.stack) - 1

    def call(self, line: str, player: str, alpha: float | None = None, beta: float | None = None) -> None:
        """A call starts (MAX-VALUE(state, α, β)) on the child the parent's loop is at."""
        top = self.stack[-1] if self.stack else None
        path = top.child if top is not None and top.child is not None else self.root
        if top is not None:
            top.got = None
        self.stack.append(Call(path, player, alpha, beta))
        self.enter_at(path, line, player, alpha, beta)

    def leaf(self, line: str, value: float) -> float:
        """``return UTILITY(state)``: the call ends at once with the leaf's value."""
        c = self.stack.pop()
        self._returned(value)
        return self.leaf_at(c.path, line, c.player, value, c.alpha, c.beta)

    def each(self, children: Iterable[tuple[int, Any]]) -> Iterator[Any]:
        """``for each a in ACTIONS(state)``: yields each action, keeping which child it leads to."""
        c = self.stack[-1]
        c.kids = kids = list(children)
        for k, (i, a) in enumerate(kids):
            c.k = k
            c.child = c.path + (i,)
            yield a

    def v(self, line: str, v: float) -> float:
        """``v ← ...``: the running value takes in the child that just returned (if one did)."""
        c = self.stack[-1]
        got, child = c.got, c.child if c.got is not None else None
        c.v, c.got = v, None
        if child is not None and c.fresh:
            # A node searched again (a re-search, a later pass) keeps only what this call finds.
            c.fresh = False
            self._best.pop(c.path, None)
        self.value_at(c.path, line, v, child, got, c.alpha, c.beta)
        return v

    def test(self, line: str, holds: bool) -> bool:
        """A test that decides what the search does next; reported when it does not hold."""
        if not holds:
            c = self.stack[-1]
            self.test_at(c.path, line, self._comparison(c, line), c.v, c.alpha, c.beta)
        return holds

    def cutoff(self, line: str, holds: bool) -> bool:
        """``if v ≥ β then return v``: on a cutoff the remaining children are pruned and the call returns v."""
        if not self.cut(line, holds):
            return False
        self.exit(line, self.stack[-1].v)  # type: ignore[arg-type]
        return True

    def cut(self, line: str, holds: bool) -> bool:
        """``if β ≤ α then break``: on a cutoff the remaining children are pruned; the loop ends."""
        c = self.stack[-1]
        if not holds:
            self.test_at(c.path, line, self._comparison(c, line), c.v, c.alpha, c.beta)
            return False
        self.cutoff_at(c.path, line, self._comparison(c, line), [c.path + (i,) for i, _ in c.kids[c.k + 1:]],
                       c.v, c.alpha, c.beta)
        return True

    def alpha(self, line: str, alpha: float) -> float:
        """``α ← MAX(α, v)``, or ``α := max(α, child)`` where α itself is what the call returns."""
        c = self.stack[-1]
        got = self._took(c, alpha, c.alpha)
        c.alpha = alpha
        self.window_at(c.path, line, "alpha", c.v, alpha, c.beta, got)
        return alpha

    def beta(self, line: str, beta: float) -> float:
        """``β ← MIN(β, v)``, or ``β := min(β, child)``."""
        c = self.stack[-1]
        got = self._took(c, beta, c.beta)
        c.beta = beta
        self.window_at(c.path, line, "beta", c.v, c.alpha, beta, got)
        return beta

    def _took(self, c: Call, new: float, old: float | None) -> float | None:
        """A bound that takes in a child's return directly (fail-hard form): that child is now the best."""
        got = c.got
        if got is not None:
            c.got = None
            if new != old and c.child is not None:
                self._best[c.path] = (c.child[-1], new)
        return got

    def exit(self, line: str, v: float) -> float:
        """``return v``."""
        c = self.stack.pop()
        self._returned(v)
        return self.exit_at(c.path, line, v, c.window, c.alpha, c.beta)

    def _returned(self, value: float) -> None:
        if self.stack:
            self.stack[-1].got = value

    def _comparison(self, c: Call, line: str) -> Comparison:
        lhs, op, rhs = self.tests[line]
        # In negamax form a child's value is taken with its sign flipped.
        child = -c.got if self.negated and c.got is not None else c.got
        values = {"v": c.v, "α": c.alpha, "β": c.beta, "v2": child, "t": child}
        return (lhs, values[lhs], op, rhs, values[rhs])  # type: ignore[return-value]

    # -- the explicit reports ------------------------------------------------------
    def enter_at(self, path: Path, line: str, player: str, alpha: float | None, beta: float | None) -> None:
        self.nodes += 1

    def leaf_at(self, path: Path, line: str, player: str, value: float,
                alpha: float | None = None, beta: float | None = None) -> float:
        self._evaluated.append(path)  # the call itself was counted on entry
        return value

    def value_at(self, path: Path, line: str, v: float, child: Path | None = None, got: float | None = None,
                 alpha: float | None = None, beta: float | None = None) -> tuple[int, float] | None:
        """Note the new v; returns the node's best (child index, v) so far, if any."""
        best = self._best.get(path)
        if child is not None and (best is None or best[1] != v):
            best = self._best[path] = (child[-1], v)
        return best

    def test_at(self, path: Path, line: str, test: Comparison, v: float | None,
                alpha: float | None = None, beta: float | None = None) -> None:
        pass

    def window_at(self, path: Path, line: str, which: str, v: float | None, alpha: float | None,
                  beta: float | None, got: float | None = None) -> None:
        pass

    def cutoff_at(self, path: Path, line: str, test: Comparison, skipped: list[Path], v: float | None,
                  alpha: float | None, beta: float | None) -> None:
        self.cutoffs += 1
        self._pruned.extend(skipped)

    def exit_at(self, path: Path, line: str, v: float, window: tuple[float | None, float | None],
                alpha: float | None = None, beta: float | None = None) -> float:
        return v

    def mark(self, kind: str, line: str, label: str = "", info: Any = None) -> None:
        """A report of a kind of a newer search (a pass, a table probe): kept only when traced."""

    def done(self, value: float, move: int | None) -> None:
        """The top-level search returns."""


class Recorder(Tally):
    """The recorder of a traced search: a :class:`Tally` that also keeps every :class:`Event`.

    Events are built positionally with ``_event`` rather than ``Event(...,
    v=v, ...)``: the keyword form runs namedtuple's generated ``__new__`` and
    took about a third of a traced search.  Each tuple below is in field order:
    kind, node, line, alpha, beta, v, value, player, bound, move, skipped, test, which, info.

    ``tie``: the search's tie rule.  Under the strict rule a return equal to
    α or β is exact, so bounds are classified on the closed window.

    ``events`` may be left as a :class:`~abteach.search.later.Later` by a
    search that makes its events on first read (:mod:`abteach.search.fast_trace`).
    """

    events: Deferred[list[Event]] = Deferred()
    _events: list[Event]

    def __init__(self, root: Path = (), *, tie: TieRule = TEXTBOOK,
                 tests: Mapping[str, tuple[str, str, str]] = TESTS) -> None:
        super().__init__(root, tests=tests)
        self.events = []
        self.tie = tie
        self._closed = tie.closed_window  # read once a node, in exit()

    # The line-by-line reports, each building its event at once: a traced search makes
    # about five events a node, and going through the explicit reports below cost a
    # second call for each.  They keep exactly what those would keep (tests compare them).
    def call(self, line: str, player: str, alpha: float | None = None, beta: float | None = None) -> None:
        stack = self.stack
        if stack:
            top = stack[-1]
            path = top.child if top.child is not None else self.root
            top.got = None
        else:
            path = self.root
        stack.append(Call(path, player, alpha, beta))
        self.nodes += 1
        self._events.append(_event(Event, (_ENTER, path, line, alpha, beta, None, None, player,
                                          None, None, (), "", "", None)))

    def leaf(self, line: str, value: float) -> float:
        stack = self.stack
        c = stack.pop()
        if stack:
            stack[-1].got = value
        self._evaluated.append(c.path)
        self._events.append(_event(Event, (_LEAF, c.path, line, c.alpha, c.beta, value, value, c.player,
                                          None, None, (), "", "", None)))
        return value

    def v(self, line: str, v: float) -> float:
        c = self.stack[-1]
        got = c.got
        best = self._best.get(c.path)
        if got is not None:
            c.got = None
            if best is None or best[1] != v or c.fresh:  # as Tally.v: an earlier call's best child gives way
                best = self._best[c.path] = (c.child[-1], v)  # type: ignore[index]
            c.fresh = False
        c.v = v
        self._events.append(_event(Event, (_VALUE, c.path, line, c.alpha, c.beta, v, got, None,
                                          None, best[0] if best else None, (), "", "", None)))
        return v

    def cut(self, line: str, holds: bool) -> bool:
        c = self.stack[-1]
        text = self._say(c, line)
        if not holds:
            self._events.append(_event(Event, (_TEST, c.path, line, c.alpha, c.beta, c.v, None, None,
                                              None, None, (), text, "", None)))
            return False
        path, k = c.path, c.k
        skipped = tuple([path + (i,) for i, _ in c.kids[k + 1:]])
        self.cutoffs += 1
        self._pruned.extend(skipped)
        self._events.append(_event(Event, (_CUTOFF, path, line, c.alpha, c.beta, c.v, None, None,
                                          None, None, skipped, text, "", None)))
        return True

    def exit(self, line: str, v: float) -> float:
        stack = self.stack
        c = stack.pop()
        if stack:
            stack[-1].got = v
        low, high = c.window
        # Bound.classify, written out: it runs once a node.
        if self._closed:
            bound = _UPPER if low is not None and v < low else _LOWER if high is not None and v > high else _EXACT
        else:
            bound = _UPPER if low is not None and v <= low else _LOWER if high is not None and v >= high else _EXACT
        best = self._best.get(c.path)
        self._events.append(_event(Event, (_EXIT, c.path, line, c.alpha, c.beta, v, v, None, bound,
                                          best[0] if best else None, (), "", "", None)))
        return v

    def alpha(self, line: str, alpha: float) -> float:
        c = self.stack[-1]
        got = self._took(c, alpha, c.alpha) if c.got is not None else None
        c.alpha = alpha
        best = self._best.get(c.path) if got is not None else None
        self._events.append(_event(Event, (_WINDOW, c.path, line, alpha, c.beta, c.v, got, None,
                                          None, best[0] if best else None, (), "", "alpha", None)))
        return alpha

    def beta(self, line: str, beta: float) -> float:
        c = self.stack[-1]
        got = self._took(c, beta, c.beta) if c.got is not None else None
        c.beta = beta
        best = self._best.get(c.path) if got is not None else None
        self._events.append(_event(Event, (_WINDOW, c.path, line, c.alpha, beta, c.v, got, None,
                                          None, best[0] if best else None, (), "", "beta", None)))
        return beta

    def _say(self, c: Call, line: str) -> str:
        lhs, op, rhs = self.tests[line]
        x, y = _read(self, c, lhs), _read(self, c, rhs)
        if type(x) is int and type(y) is int:
            return f"{lhs}={x} {op} {rhs}={y}"
        return f"{lhs}={fmt(x)} {op} {rhs}={fmt(y)}"

    def enter_at(self, path, line, player, alpha, beta):
        self.nodes += 1
        self._events.append(_event(Event, (Kind.ENTER, path, line, alpha, beta, None, None, player,
                                          None, None, (), "", "", None)))

    def leaf_at(self, path, line, player, value, alpha=None, beta=None):
        self._evaluated.append(path)
        self._events.append(_event(Event, (Kind.LEAF, path, line, alpha, beta, value, value, player,
                                          None, None, (), "", "", None)))
        return value

    def value_at(self, path, line, v, child=None, got=None, alpha=None, beta=None):
        best = Tally.value_at(self, path, line, v, child, got)
        self._events.append(_event(Event, (Kind.VALUE, path, line, alpha, beta, v, got, None,
                                          None, best[0] if best else None, (), "", "", None)))
        return best

    def test_at(self, path, line, test, v, alpha=None, beta=None):
        self._events.append(_event(Event, (Kind.TEST, path, line, alpha, beta, v, None, None,
                                          None, None, (), say(test), "", None)))

    def window_at(self, path, line, which, v, alpha, beta, got=None):
        best = self._best.get(path) if got is not None else None
        self._events.append(_event(Event, (Kind.WINDOW, path, line, alpha, beta, v, got, None,
                                          None, best[0] if best else None, (), "", which, None)))

    def cutoff_at(self, path, line, test, skipped, v, alpha, beta):
        Tally.cutoff_at(self, path, line, test, skipped, v, alpha, beta)
        self._events.append(_event(Event, (Kind.CUTOFF, path, line, alpha, beta, v, None, None,
                                          None, None, tuple(skipped), say(test), "", None)))

    def exit_at(self, path, line, v, window, alpha=None, beta=None):
        best = self._best.get(path)
        self._events.append(_event(Event, (Kind.EXIT, path, line, alpha, beta, v, v, None,
                                          Bound.classify(v, *window, closed=self._closed),
                                          best[0] if best else None, (), "", "", None)))
        return v

    def mark(self, kind: str, line: str, label: str = "", info: Any = None) -> None:
        if self.stack:
            c = self.stack[-1]
            self._events.append(Event(kind, c.path, line, c.alpha, c.beta, c.v, test=label, info=info))
        else:
            self._events.append(Event(kind, self.root, line, test=label, info=info))

    def done(self, value: float, move: int | None) -> None:
        event = Event(Kind.DONE, self.root, "search.return", v=value, value=value, move=move)
        events = self.__dict__["_events"]
        if type(events) is Later:
            self.events = Later(partial(_then, events, event))
        else:
            events.append(event)


def _then(events: Later[list[Event]], event: Event) -> list[Event]:
    """The events once made, and ``event`` after them."""
    out = events.get()
    out.append(event)
    return out


def recorder_for(root: Path, trace: bool, *, tests: Mapping[str, tuple[str, str, str]] = TESTS,
                 tie: TieRule = TEXTBOOK) -> Tally:
    """The recorder a search reports to: a :class:`Recorder` when traced, else a :class:`Tally`."""
    if trace:
        return Recorder(root, tie=tie, tests=tie.tests(tests))
    return Tally(root, tests=tie.tests(tests))


_event = tuple.__new__
_ENTER, _LEAF, _VALUE, _TEST, _CUTOFF, _EXIT = Kind.ENTER, Kind.LEAF, Kind.VALUE, Kind.TEST, Kind.CUTOFF, Kind.EXIT
_WINDOW = Kind.WINDOW
_UPPER, _LOWER, _EXACT = Bound.UPPER, Bound.LOWER, Bound.EXACT


def _read(log: Tally, c: Call, name: str) -> float | None:
    """The value a test's operand names, in the call ``c``."""
    if name == "v":
        return c.v
    if name == "β":
        return c.beta
    if name == "α":
        return c.alpha
    got = c.got  # "v2" or "t": the child just searched, its sign flipped in negamax form
    return -got if log.negated and got is not None else got
# The tuples in Recorder spell out every field, so a new Event field must be added there too.
if len(Event._fields) != 14:
    raise ImportError(f"Recorder builds 14-field events but Event has {len(Event._fields)} fields")


def say(c: Comparison) -> str:
    """``("v", 2, "≤", "α", 3)`` -> ``'v=2 ≤ α=3'``."""
    lhs, x, op, rhs, y = c
    return f"{lhs}={fmt(x)} {op} {rhs}={fmt(y)}"


__all__ = ["Tally", "Recorder", "recorder_for", "Call", "Comparison", "TESTS", "say", "inf"]
