"""How the events of a search that keeps a window replay into node states.

One function per kind, each small; an algorithm's description maps its kinds
to them (:data:`WINDOWED`, or :data:`WINDOWED_MOVER` for a search whose values
are for the side to move), and a newer search adds its own beside them.

Besides the search's own variables, the replay builds what the search has
*proved* about each node's value (``NodeState.known``, the rule is on
:class:`~abteach.trace.protocol.NodeState`): each child's proved range is
folded into its parent's as the child returns, and a cutoff that leaves
children unsearched opens the parent's range on the side they could have
moved it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import Mapping

from abteach.games.kinds import is_mover
from abteach.games.players import MIN
from abteach.search.events import Bound, Event, Kind
from abteach.games.trees import Path
from abteach.trace.protocol import NodeState, Replay, ReplayStep, Status


def _inherited(r: Replay, e: Event) -> tuple[object, object]:
    """Who set the window a node is called with: its parent's record of it."""
    if len(e.node) > len(r.root):
        parent = r.get(e.node[:-1])
        return parent.alpha_from, parent.beta_from
    return None, None


def enter(r: Replay, e: Event) -> None:
    a_from, b_from = _inherited(r, e)
    r.set(e.node, NodeState(Status.ACTIVE, e.player, e.alpha, e.beta, None, (e.alpha, e.beta),
                            alpha_from=a_from, beta_from=b_from))  # type: ignore[arg-type]
    r.push(e.node)


Known = tuple[float, float]


def _maximizes(state: NodeState, negated: bool) -> bool:
    """Whether a node takes the largest of its children's values: every node in negamax form, else MAX's."""
    return negated or state.player != MIN


def _fold(r: Replay, child: Path, proved: Known, negated: bool) -> None:
    """Fold a child's proved range into its parent's, as the child returns.

    Max of ranges is [max of lows, max of highs]; min likewise.  In negamax
    form the child's range is for the other side: [l, h] is [−h, −l] above.
    """
    if len(child) <= len(r.root):
        return
    parent = r.get(child[:-1])
    if parent.status is not Status.ACTIVE or not is_mover(parent.player):
        # A chance node's value is no max or min of its children's: what it proves is read from its return.
        return
    low, high = (-proved[1], -proved[0]) if negated else proved
    if parent.known is not None:
        pick = max if _maximizes(parent, negated) else min
        low, high = pick(parent.known[0], low), pick(parent.known[1], high)
    r.set(child[:-1], replace(parent, known=(low, high)))


def refold(r: Replay, parent: Path, children: list[Path], negated: bool) -> None:
    """Fold the parent's proved range again from ``children`` alone: a child searched again replaces its first result."""
    state = r.get(parent)
    r.set(parent, replace(state, known=None))
    for child in children:
        known = r.get(child).known
        if known is not None:
            _fold(r, child, known, negated)


def leaf(r: Replay, e: Event, negated: bool = False) -> None:
    a_from, b_from = _inherited(r, e)
    value = e.value if e.value is not None else math.nan
    r.set(e.node, NodeState(Status.DONE, e.player, e.alpha, e.beta, e.value, (e.alpha, e.beta), e.value,
                            Bound.EXACT, alpha_from=a_from, beta_from=b_from,  # type: ignore[arg-type]
                            known=(value, value)))
    r.pop(e.node)  # a leaf's call returns at once
    _fold(r, e.node, (value, value), negated)


def value(r: Replay, e: Event) -> None:
    before = r.get(e.node)
    r.set(e.node, replace(before, v=e.v, best=e.move if e.move is not None else before.best))


def window(r: Replay, e: Event) -> None:
    before = r.get(e.node)
    changed = (e.alpha != before.alpha) if e.which == "alpha" else (e.beta != before.beta)
    r.set(e.node, replace(
        before, alpha=e.alpha, beta=e.beta, v=e.v, best=e.move if e.move is not None else before.best,
        alpha_from=e.node if (e.which == "alpha" and changed) else before.alpha_from,
        beta_from=e.node if (e.which == "beta" and changed) else before.beta_from,
    ))


def cutoff(r: Replay, e: Event, negated: bool = False) -> None:
    before = r.get(e.node)
    known = before.known
    if e.skipped:
        # An unsearched child may be worth anything: it could raise a MAX node's value, or lower a MIN node's.
        low, high = known if known is not None else (-math.inf, math.inf)
        known = (low, math.inf) if _maximizes(before, negated) else (-math.inf, high)
    r.set(e.node, replace(before, alpha=e.alpha, beta=e.beta, v=e.v, known=known))
    for child in e.skipped:
        r.set(child, NodeState(Status.PRUNED, pruned_by=e.test))


def _returned(value: float | None, bound: Bound | None) -> Known:
    """The range a return alone allows, read as its caller reads it: for a node no child of which was searched."""
    g = value if value is not None else math.nan
    if bound is Bound.UPPER:
        return (-math.inf, g)
    if bound is Bound.LOWER:
        return (g, math.inf)
    return (g, g)


def exit_(r: Replay, e: Event, negated: bool = False) -> None:
    before = r.get(e.node)
    # No child folded in: a value settled without searching below (a table's), known only as its caller reads it.
    known = before.known if before.known is not None else _returned(e.value, e.bound)
    r.set(e.node, replace(before, status=Status.DONE, value=e.value, bound=e.bound, known=known,
                          best=e.move if e.move is not None else before.best))
    r.pop(e.node)
    _fold(r, e.node, known, negated)


def new_pass(r: Replay, e: Event) -> None:
    r.new_pass(e.test)


#: The kinds every windowed search reports.  ``test`` and ``done`` change no node.
WINDOWED: Mapping[str, ReplayStep] = MappingProxyType({
    Kind.ENTER: enter, Kind.LEAF: leaf, Kind.VALUE: value, Kind.WINDOW: window,
    Kind.CUTOFF: cutoff, Kind.EXIT: exit_, Kind.PASS: new_pass,
})

#: The same, for a search whose values are for the side to move (negamax): a child's value changes sign above it.
WINDOWED_MOVER: Mapping[str, ReplayStep] = MappingProxyType({
    **WINDOWED, Kind.LEAF: partial(leaf, negated=True), Kind.CUTOFF: partial(cutoff, negated=True),
    Kind.EXIT: partial(exit_, negated=True),
})
