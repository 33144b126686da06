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

Each kind of report is kept in one place, its ``*_at`` method: the counts,
paths and best moves, and the event when there are events to keep.  The line
methods above only find the node's path, window and v on the recorder's
stack and pass them on.  Searches that keep their own bookkeeping (the
classic mistakes, whose faults are in exactly that bookkeeping) call the
``*_at`` methods themselves, so what they report is kept the same way.
"""

from __future__ import annotations

from math import inf
from typing import Any, Iterable, Iterator, Mapping, Sequence, TypeVar

from abteach.search.events import Bound, Event, Kind, fmt
from abteach.search.rules import TEXTBOOK, TieRule
from abteach.games.kinds import is_mover
from abteach.games.trees import Path, path_str

_F = TypeVar("_F")

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

    __slots__ = ("path", "player", "alpha", "beta", "window", "v", "kids", "k", "got", "child", "fresh", "chooses")

    def __init__(self, path: Path, player: str, alpha: float | None, beta: float | None) -> None:
        self.path = path
        self.player = player
        self.alpha = alpha
        self.beta = beta
        self.window = (alpha, beta)
        self.v: float | None = None
        self.kids: Sequence[tuple[int, Any]] = ()  # the children, once the loop over them starts
        self.k = -1
        self.got: float | None = None   # what the child searched last returned, until v takes it in
        self.child: Path | None = None  # the path of that child
        # No child has reported to this call yet: a best child noted at this path is an earlier call's.
        self.fresh = True
        # Whether a player chooses here, so a child can be the best; chance chooses no child.
        self.chooses = is_mover(player)


class Tally:
    """The recorder of an untraced search: counts, evaluated leaves, pruned children, best moves.

    Each ``*_at`` method also appends the report's event to ``events`` when
    there is such a list: a :class:`Recorder`'s.  This class is the one place
    events are made: every search, readable or mistaken, reports through it.
    """

    _closed = False  # a Recorder's tie rule: bounds are classified on the closed window [α, β]

    def __init__(self, root: Path = (), *, tests: Mapping[str, tuple[str, str, str]] = TESTS) -> None:
        self.root = root
        self.tests = tests
        self.nodes = 0
        self.cutoffs = 0
        self.evaluated: list[Path] = []
        self.pruned: list[Path] = []
        # path -> (child index, the v it produced); a later child replaces it only
        # when it changes v, so ties keep the first child, as the textbook does.
        self.best: dict[Path, tuple[int, float]] = {}
        self.events: list[Event] | None = None  # a Recorder's events; a Tally keeps none
        self.stack: list[Call] = []
        self.negated = False  # True for negamax searches, whose children's values change sign

    def best_move(self, path: Path) -> int | None:
        """The index of the best child found at ``path``, or None."""
        b = self.best.get(path)
        return None if b is None else b[0]

    # -- the stack-keeping reports, one per pseudocode line ---------------------
    @property
    def ply(self) -> int:
        """How many plies below the start the current call is."""
        return len(self.stack) - 1

    def call(self, line: str, player: str, alpha: float | None = None, beta: float | None = None,
             info: Any = None) -> None:
        """A call starts (MAX-VALUE(state, α, β)) on the child the parent's loop is at.

        ``player`` is the node's kind (:mod:`abteach.games.kinds`); ``info`` what the node carries
        besides, such as a chance node's probabilities.
        """
        stack = self.stack
        path = self._next_path()
        if stack:
            stack[-1].got = None
        stack.append(Call(path, player, alpha, beta))
        self.enter_at(path, line, player, alpha, beta, info)

    def _next_path(self) -> Path:
        """The path of the node the next call starts at: the child the parent's loop is at, or the start."""
        if self.stack:
            top = self.stack[-1]
            if top.child is not None:
                return top.child
        return self.root

    def by_kind(self, kind: str, searches: Mapping[str, _F]) -> _F:
        """The function of ``searches`` for a node of ``kind``: the node the next call starts at.

        Raises
        ------
        ValueError
            The search has no function for ``kind``; the message names the kind and the node's path.
        """
        found = searches.get(kind)
        if found is None:
            raise ValueError(f"the node at {path_str(self._next_path())} is of kind {kind!r}, which this search "
                             f"does not search: it searches {', '.join(map(repr, searches))} nodes")
        return found

    def leaf(self, line: str, value: float) -> float:
        """``return UTILITY(state)``: the call ends at once with the leaf's value."""
        stack = self.stack
        c = stack.pop()
        if stack:
            stack[-1].got = value
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
        got = c.got
        child = None
        if got is not None:
            c.got, child = None, c.child
            if c.fresh and child is not None:
                # A node searched again (a re-search, a later pass) keeps only what this call finds.
                c.fresh = False
                self.best.pop(c.path, None)
        c.v = v
        self.value_at(c.path, line, v, child if c.chooses else None, got, c.alpha, c.beta)
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
        got = self._took(c, alpha, c.alpha) if c.got is not None else None
        c.alpha = alpha
        self.window_at(c.path, line, "alpha", c.v, alpha, c.beta, got)
        return alpha

    def beta(self, line: str, beta: float) -> float:
        """``β ← MIN(β, v)``, or ``β := min(β, child)``."""
        c = self.stack[-1]
        got = self._took(c, beta, c.beta) if c.got is not None else None
        c.beta = beta
        self.window_at(c.path, line, "beta", c.v, c.alpha, beta, got)
        return beta

    def _took(self, c: Call, new: float, old: float | None) -> float | None:
        """A bound that takes in a child's return directly (fail-hard form): that child is now the best."""
        got = c.got
        if got is not None:
            c.got = None
            if new != old and c.child is not None:
                self.best[c.path] = (c.child[-1], new)
        return got

    def exit(self, line: str, v: float) -> float:
        """``return v``."""
        stack = self.stack
        c = stack.pop()
        if stack:
            stack[-1].got = v
        return self.exit_at(c.path, line, v, c.window, c.alpha, c.beta)

    def _comparison(self, c: Call, line: str) -> Comparison:
        """What the test at ``line`` compares, read from the call ``c``: each operand names one of its values."""
        lhs, op, rhs = self.tests[line]
        got = c.got  # "v2" or "t": the child just searched, its sign flipped in negamax form
        if got is not None and self.negated:
            got = -got
        # Read by name from the call, not from a dict of its values: a traced search compares once a child.
        x = c.v if lhs == "v" else c.beta if lhs == "β" else c.alpha if lhs == "α" else got
        y = c.v if rhs == "v" else c.beta if rhs == "β" else c.alpha if rhs == "α" else got
        return (lhs, x, op, rhs, y)  # type: ignore[return-value]

    # -- the explicit reports, each kept here and only here -----------------------
    def enter_at(self, path: Path, line: str, player: str, alpha: float | None, beta: float | None,
                 info: Any = None) -> None:
        """A call starts at ``path`` with the window (α, β)."""
        self.nodes += 1
        events = self.events
        if events is not None:
            events.append(Event(_ENTER, path, line, alpha=alpha, beta=beta, player=player, info=info))

    def leaf_at(self, path: Path, line: str, player: str, value: float,
                alpha: float | None = None, beta: float | None = None) -> float:
        """The call at ``path`` returns the utility ``value`` (it was counted on entry)."""
        self.evaluated.append(path)
        events = self.events
        if events is not None:
            events.append(Event(_LEAF, path, line, alpha=alpha, beta=beta, v=value, value=value, player=player))
        return value

    def value_at(self, path: Path, line: str, v: float, child: Path | None = None, got: float | None = None,
                 alpha: float | None = None, beta: float | None = None) -> tuple[int, float] | None:
        """Note the new v, after ``child`` returned ``got``; returns the node's best (child index, v) so far, if any."""
        best = self.best.get(path)
        if child is not None and (best is None or best[1] != v):
            best = self.best[path] = (child[-1], v)
        events = self.events
        if events is not None:
            events.append(Event(_VALUE, path, line, alpha=alpha, beta=beta, v=v, value=got,
                                move=best[0] if best else None))
        return best

    def test_at(self, path: Path, line: str, test: Comparison, v: float | None,
                alpha: float | None = None, beta: float | None = None) -> None:
        """A comparison ran and did not fire."""
        events = self.events
        if events is not None:
            events.append(Event(_TEST, path, line, alpha=alpha, beta=beta, v=v, test=say(test)))

    def window_at(self, path: Path, line: str, which: str, v: float | None, alpha: float | None,
                  beta: float | None, got: float | None = None) -> None:
        """``which`` bound is (re)assigned, taking in the child's return ``got`` if it does so directly."""
        events = self.events
        if events is not None:
            best = self.best.get(path) if got is not None else None
            events.append(Event(_WINDOW, path, line, alpha=alpha, beta=beta, v=v, value=got,
                                move=best[0] if best else None, which=which))

    def cutoff_at(self, path: Path, line: str, test: Comparison, skipped: Sequence[Path], v: float | None,
                  alpha: float | None, beta: float | None) -> None:
        """The comparison ``test`` fired: the children at ``skipped`` are pruned."""
        self.cutoffs += 1
        self.pruned.extend(skipped)
        events = self.events
        if events is not None:
            events.append(Event(_CUTOFF, path, line, alpha=alpha, beta=beta, v=v, skipped=tuple(skipped),
                                test=say(test)))

    def exit_at(self, path: Path, line: str, v: float, window: tuple[float | None, float | None],
                alpha: float | None = None, beta: float | None = None) -> float:
        """The call at ``path``, entered with ``window``, returns ``v``."""
        events = self.events
        if events is not None:
            low, high = window
            # Bound.classify, written out: it runs once a node.
            if self._closed:
                bound = _UPPER if low is not None and v < low else _LOWER if high is not None and v > high else _EXACT
            else:
                bound = _UPPER if low is not None and v <= low else _LOWER if high is not None and v >= high else _EXACT
            best = self.best.get(path)
            events.append(Event(_EXIT, path, line, alpha=alpha, beta=beta, v=v, value=v, bound=bound,
                                move=best[0] if best else None))
        return v

    def mark(self, kind: str, line: str, label: str = "", info: Any = None) -> None:
        """A report of a kind of a newer search (a pass, a table probe): kept only when traced."""

    def done(self, value: float, move: int | None) -> None:
        """The top-level search returns."""


class Recorder(Tally):
    """The recorder of a traced search: a :class:`Tally` that also keeps every :class:`Event`.

    It gives the tally a list of events, to which the tally's reports append
    theirs; the reports of newer searches' kinds (:meth:`mark`) and the
    search's end (:meth:`done`) make nothing but an event, so only it has them.

    ``tie``: the search's tie rule.  Under the strict rule a return equal to
    α or β is exact, so bounds are classified on the closed window.
    """

    events: list[Event]

    def __init__(self, root: Path = (), *, tie: TieRule = TEXTBOOK,
                 tests: Mapping[str, tuple[str, str, str]] = TESTS) -> None:
        super().__init__(root, tests=tests)
        self.events = []
        self.tie = tie
        self._closed = tie.closed_window

    def mark(self, kind: str, line: str, label: str = "", info: Any = None) -> None:
        if self.stack:
            c = self.stack[-1]
            self.events.append(Event(kind, c.path, line, alpha=c.alpha, beta=c.beta, v=c.v, test=label, info=info))
        else:
            self.events.append(Event(kind, self.root, line, test=label, info=info))

    def done(self, value: float, move: int | None) -> None:
        self.events.append(Event(Kind.DONE, self.root, "search.return", v=value, value=value, move=move))


def recorder_for(root: Path, trace: bool, *, tests: Mapping[str, tuple[str, str, str]] = TESTS,
                 tie: TieRule = TEXTBOOK) -> Tally:
    """The recorder a search reports to: a :class:`Recorder` when traced, else a :class:`Tally`."""
    if trace:
        return Recorder(root, tie=tie, tests=tie.tests(tests))
    return Tally(root, tests=tie.tests(tests))


# Module names rather than Kind's attributes: the reports above read them once an event.
_ENTER, _LEAF, _VALUE, _TEST, _CUTOFF, _EXIT = Kind.ENTER, Kind.LEAF, Kind.VALUE, Kind.TEST, Kind.CUTOFF, Kind.EXIT
_WINDOW = Kind.WINDOW
_UPPER, _LOWER, _EXACT = Bound.UPPER, Bound.LOWER, Bound.EXACT


def say(c: Comparison) -> str:
    """``("v", 2, "≤", "α", 3)`` -> ``'v=2 ≤ α=3'``."""
    lhs, x, op, rhs, y = c
    if type(x) is int and type(y) is int:  # the common case, answered before fmt's tests
        return f"{lhs}={x} {op} {rhs}={y}"
    return f"{lhs}={fmt(x)} {op} {rhs}={fmt(y)}"


__all__ = ["Tally", "Recorder", "recorder_for", "Call", "Comparison", "TESTS", "say", "inf"]
