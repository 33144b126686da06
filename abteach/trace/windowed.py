"""How the events of a search that keeps a window replay into node states.

One function per kind, each small; an algorithm's description maps its kinds
to them (:data:`WINDOWED`), and a newer search adds its own beside them.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Mapping

from abteach.search.events import Bound, Event, Kind
from abteach.trace.frames import Replay
from abteach.trace.protocol import NodeState, ReplayStep, Status


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


def leaf(r: Replay, e: Event) -> None:
    a_from, b_from = _inherited(r, e)
    r.set(e.node, NodeState(Status.DONE, e.player, e.alpha, e.beta, e.value, (e.alpha, e.beta), e.value,
                            Bound.EXACT, alpha_from=a_from, beta_from=b_from))  # type: ignore[arg-type]
    r.pop(e.node)  # a leaf's call returns at once


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


def cutoff(r: Replay, e: Event) -> None:
    r.set(e.node, replace(r.get(e.node), alpha=e.alpha, beta=e.beta, v=e.v))
    for child in e.skipped:
        r.set(child, NodeState(Status.PRUNED, pruned_by=e.test))


def exit_(r: Replay, e: Event) -> None:
    before = r.get(e.node)
    r.set(e.node, replace(before, status=Status.DONE, value=e.value, bound=e.bound,
                          best=e.move if e.move is not None else before.best))
    r.pop(e.node)


def new_pass(r: Replay, e: Event) -> None:
    r.new_pass(e.test)


#: The kinds every windowed search reports.  ``test`` and ``done`` change no node.
WINDOWED: Mapping[str, ReplayStep] = MappingProxyType({
    Kind.ENTER: enter, Kind.LEAF: leaf, Kind.VALUE: value, Kind.WINDOW: window,
    Kind.CUTOFF: cutoff, Kind.EXIT: exit_, Kind.PASS: new_pass,
})
