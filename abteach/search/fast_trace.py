"""A fast twin of the traced 3rd-edition alpha-beta on explicit trees: the same events, made when first read.

The readable search (:func:`abteach.search.alphabeta.alphabeta3`) reports
each pseudocode line through a recorder method; on a big tree those calls
are most of its time.  This twin leaves in the recorder exactly the events,
counts, evaluated and pruned paths and best moves the readable search
leaves; the tests compare the two event by event on random trees with ties,
under both tie rules.  Students read the readable one; this one only runs.

It works in two parts.

* The search itself is the lean tree walk (:func:`abteach.search.lean.walk_tree`):
  it finds the value and the counts, and keeps the evaluated leaves, the
  cutoffs and the best children as nodes, from which the recorder's lists
  are made when first read.
* The events (about five a node, each a tuple of every field, and a comparison
  text for most) are made only when something first reads them, by
  :func:`tree_events`: a walk that writes each event inline, by keyword, compiled to
  the bare tuple (:func:`~abteach.search.events.inline_events`).  An explicit
  tree is immutable and the search is deterministic, so that walk makes
  the events the search would have made; it checks that it reached the
  same value, node count and cutoffs.

So a traced search of a tree costs little more than an untraced one, and
what it defers is paid once, by whoever steps through the trace.

Examples
--------
>>> import abteach as ab
>>> from abteach.search.alphabeta import alphabeta3, recorder
>>> from abteach.search.problem import Problem
>>> p = Problem(ab.examples.FIG_5_2, None)
>>> twin, book = recorder(p, True), recorder(p, True)
>>> traced_tree_search(p, twin) == alphabeta3(p, book)[0]
True
>>> twin.events == book.events
True
"""

from __future__ import annotations

import gc
from functools import partial
from math import inf
from typing import Any

from abteach.games.players import MAX, MIN
from abteach.games.trees import Node, Path
from abteach.search.events import Bound, Event, Kind, fmt, inline_events
from abteach.search.lean import tree_start, walk_tree
from abteach.search.later import Later
from abteach.search.problem import Problem
from abteach.search.record import Recorder
from abteach.search.rules import TieRule

_ENTER, _LEAF, _VALUE, _TEST, _WINDOW, _CUTOFF, _EXIT = (
    Kind.ENTER, Kind.LEAF, Kind.VALUE, Kind.TEST, Kind.WINDOW, Kind.CUTOFF, Kind.EXIT)
_UPPER, _LOWER, _EXACT = Bound.UPPER, Bound.LOWER, Bound.EXACT


def applies(problem: Problem, log: Recorder, edition: int) -> bool:
    """Whether the twin can stand in: the 3rd edition, on a plain well-formed tree, no depth limit or order."""
    return edition == 3 and tree_start(problem, log) is not None


def traced_tree_search(p: Problem, log: Recorder) -> float:
    """ALPHA-BETA-SEARCH (3rd edition) on ``p.game``, a tree, leaving in ``log`` what the readable search leaves.

    It follows the tie rule ``log`` reports under.

    The counts are filled in at once; the paths, best moves and events are
    made when first read (:mod:`abteach.search.later`).
    """
    start: Node = p.state
    max_first = p.root_is_max
    value = walk_tree(start, max_first, log.tie, log)
    before = log.events  # a recorder given events already keeps them, first
    log.events = Later(partial(tree_events, start, max_first, log.tie, (value, log.nodes, log.cutoffs), before))
    return value


@inline_events
def tree_events(start: Node, max_first: bool, tie: TieRule,
                expect: tuple[float, int, int] | None = None, into: list[Event] | None = None) -> list[Event]:
    """The events of ALPHA-BETA-SEARCH (3rd edition) from ``start``, as the readable search reports them.

    Parameters
    ----------
    start : Node
        A node of a well-formed tree, where the search starts.
    max_first : bool
        Whether MAX moves at ``start`` (MAX-VALUE is called first).
    tie : TieRule
        The tie rule, as for the search; under the strict rule bounds are classified on the closed window.
    expect : (value, nodes, cutoffs), optional
        What the search found; the walk must find the same.
    into : list, optional
        A list to append the events to (a new one by default).

    Returns
    -------
    list of Event

    Raises
    ------
    RuntimeError
        The walk did not find ``expect``: the tree was changed after it was searched.
    """
    events: list[Event] = [] if into is None else into
    ev = events.append
    best: dict[Path, tuple[int, float]] = {}
    GE, LE = tie.max_cut, tie.min_cut
    prune_on_tie, closed = tie.prunes_on_tie, tie.closed_window
    counts = [0, 0]  # nodes, cutoffs

    def max_value(node: Node, α: float, β: float) -> float:
        path = node._path
        counts[0] += 1
        ev(Event(_ENTER, path, "max.def", alpha=α, beta=β, player=MAX))
        kids = node._children
        if not kids:
            u = node._value
            ev(Event(_LEAF, path, "max.terminal", alpha=α, beta=β, v=u, value=u, player=MAX))
            return u  # type: ignore[return-value]
        α0, β0 = α, β
        v = -inf
        b = None
        ev(Event(_VALUE, path, "max.init", alpha=α, beta=β, v=v))
        last = len(kids) - 1
        for k, child in enumerate(kids):
            got = min_value(child, α, β)
            if got > v:
                v = got
            if b is None or b[1] != v:
                b = best[path] = (k, v)
            ev(Event(_VALUE, path, "max.update", alpha=α, beta=β, v=v, value=got, move=b[0]))
            text = (f"v={v} {GE} β={β}" if type(v) is int and type(β) is int else f"v={_num(v)} {GE} β={_num(β)}")
            if (v >= β) if prune_on_tie else (v > β):
                skipped = tuple([c._path for c in kids[k + 1:]]) if k < last else ()
                counts[1] += 1
                ev(Event(_CUTOFF, path, "max.test", alpha=α, beta=β, v=v, skipped=skipped, test=text))
                ev(Event(_EXIT, path, "max.test", alpha=α, beta=β, v=v, value=v, bound=_bound(v, α0, β0, closed),
                         move=b[0]))
                return v
            ev(Event(_TEST, path, "max.test", alpha=α, beta=β, v=v, test=text))
            if v > α:
                α = v
            ev(Event(_WINDOW, path, "max.window", alpha=α, beta=β, v=v, which="alpha"))
        ev(Event(_EXIT, path, "max.return", alpha=α, beta=β, v=v, value=v, bound=_bound(v, α0, β0, closed),
                 move=b[0] if b else None))
        return v

    def min_value(node: Node, α: float, β: float) -> float:
        path = node._path
        counts[0] += 1
        ev(Event(_ENTER, path, "min.def", alpha=α, beta=β, player=MIN))
        kids = node._children
        if not kids:
            u = node._value
            ev(Event(_LEAF, path, "min.terminal", alpha=α, beta=β, v=u, value=u, player=MIN))
            return u  # type: ignore[return-value]
        α0, β0 = α, β
        v = inf
        b = None
        ev(Event(_VALUE, path, "min.init", alpha=α, beta=β, v=v))
        last = len(kids) - 1
        for k, child in enumerate(kids):
            got = max_value(child, α, β)
            if got < v:
                v = got
            if b is None or b[1] != v:
                b = best[path] = (k, v)
            ev(Event(_VALUE, path, "min.update", alpha=α, beta=β, v=v, value=got, move=b[0]))
            text = (f"v={v} {LE} α={α}" if type(v) is int and type(α) is int else f"v={_num(v)} {LE} α={_num(α)}")
            if (v <= α) if prune_on_tie else (v < α):
                skipped = tuple([c._path for c in kids[k + 1:]]) if k < last else ()
                counts[1] += 1
                ev(Event(_CUTOFF, path, "min.test", alpha=α, beta=β, v=v, skipped=skipped, test=text))
                ev(Event(_EXIT, path, "min.test", alpha=α, beta=β, v=v, value=v, bound=_bound(v, α0, β0, closed),
                         move=b[0]))
                return v
            ev(Event(_TEST, path, "min.test", alpha=α, beta=β, v=v, test=text))
            if v < β:
                β = v
            ev(Event(_WINDOW, path, "min.window", alpha=α, beta=β, v=v, which="beta"))
        ev(Event(_EXIT, path, "min.return", alpha=α, beta=β, v=v, value=v, bound=_bound(v, α0, β0, closed),
                 move=b[0] if b else None))
        return v

    # Events are many small tuples that live as long as the trace and form no
    # cycles: the cyclic collector would only walk them again while they are made.
    paused = gc.isenabled()
    gc.disable()
    try:
        value = (max_value if max_first else min_value)(start, -inf, inf)
    finally:
        # The two functions call each other through their closures: a cycle,
        # which would keep `events` for the cyclic collector.  Break it.
        max_value = min_value = None  # type: ignore[assignment]
        if paused:
            gc.enable()
    if expect is not None and (value, counts[0], counts[1]) != expect:
        raise RuntimeError(f"the tree below the node at {start._path!r} was changed after it was searched: its events now give "
                           f"value {value!r}, {counts[0]} nodes and {counts[1]} cutoffs, not {expect!r}")
    return events


def _num(x: Any) -> str:
    return str(x) if type(x) is int else fmt(x)


def _bound(v: float, low: float, high: float, closed: bool) -> Bound:
    if closed:
        return _UPPER if v < low else _LOWER if v > high else _EXACT
    return _UPPER if v <= low else _LOWER if v >= high else _EXACT
