"""How Monte Carlo tree search replays and reads: select, expand, simulate, back up.

A node's ``extra`` keeps its statistics as the replay reaches each step:
``N`` (playouts through it) and ``W`` (their total reward for the player who
moved into it), and, at the node a selection was made from, ``ucb``: each
child's (index, Q, exploration term, N) at that moment.  ``v`` is the node's
mean reward ``Q = W/N``; nodes on the current playout's path are active.

Examples
--------
>>> import abteach as ab
>>> tr = ab.mcts(ab.TicTacToe("XX. OO. ..."), playouts=20, seed=1).trace
>>> end = tr.last()
>>> end.node(()).extra["N"]
20
>>> print(tr.frame(tr.steps("simulate")[0]).explanation)
Simulate from Xc2: random moves Oc1 Xb3 Oa3; X loses.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from abteach.search.events import Event, Kind, fmt
from abteach.search.result import Spec
from abteach.search.rules import Edition
from abteach.trace.listings import Listing
from abteach.trace.protocol import (Algorithm, NarrateStep, NodeState, Replay, ReplayStep, Status, Telling,
                                    TraceView)

#: AIMA 4th ed., Fig. 5.11, with UCB1 (section 5.4) spelled out.
LISTING = Listing("MONTE-CARLO-TREE-SEARCH (AIMA 4th ed., Fig. 5.11) with UCB1", (
    ("mcts.def", "function MONTE-CARLO-TREE-SEARCH(state) returns an action"),
    ("mcts.tree", "  tree ← NODE(state)"),
    ("mcts.loop", "  while IS-TIME-REMAINING() do"),
    ("mcts.select", "    leaf ← SELECT(tree)            // the child with the highest UCB1, down the tree"),
    ("mcts.expand", "    child ← EXPAND(leaf)           // add one untried move"),
    ("mcts.simulate", "    result ← SIMULATE(child)       // random moves to the end"),
    ("mcts.backup", "    BACK-PROPAGATE(result, child)  // N + 1, and the reward, up to the root"),
    ("mcts.return", "  return the move in ACTIONS(state) whose node has the most playouts"),
    ("", ""),
    ("mcts.ucb", "UCB1(n) = U(n)/N(n) + C × √(log N(PARENT(n)) / N(n))"),
))


def _stats(before: NodeState, n: int, w: float) -> Mapping[str, Any]:
    return {**before.extra, "N": n, "W": w}


def start(r: Replay, e: Event) -> None:
    r.set(e.node, NodeState(Status.ACTIVE, e.player, extra={"N": 0, "W": 0.0}))


def playout(r: Replay, e: Event) -> None:
    # A new playout starts at the root: the last one's path is no longer being walked.
    r.stack.clear()
    r.push(e.node)


def select(r: Replay, e: Event) -> None:
    parent = e.node[:-1]
    r.set(parent, replace(r.get(parent), extra={**r.get(parent).extra, "ucb": e.info["terms"]}))
    before = r.get(e.node)
    r.set(e.node, replace(before, status=Status.ACTIVE))
    r.push(e.node)


def expand(r: Replay, e: Event) -> None:
    r.set(e.node, NodeState(Status.ACTIVE, e.player, extra={"N": 0, "W": 0.0}))
    r.push(e.node)


def backup(r: Replay, e: Event) -> None:
    for path, n, w in e.info:
        before = r.get(path)
        q = w / n if len(path) > len(r.root) else None
        r.set(path, replace(before, status=Status.DONE, v=q, extra=_stats(before, n, w)))


def done(r: Replay, e: Event) -> None:
    r.stack.clear()
    before = r.get(e.node)
    r.set(e.node, replace(before, best=e.move))


REPLAY: Mapping[str, ReplayStep] = MappingProxyType({
    "start": start, "playout": playout, "select": select, "expand": expand, "backup": backup, Kind.DONE: done,
})


def _q(x: float) -> str:
    return f"{x:.2f}"


def tell_start(t: Telling, e: Event) -> str:
    info = e.info or {}
    return (f"The tree starts as the root alone; {info.get('playouts')} playouts will grow it, "
            f"choosing by UCB1 with C = {info.get('c', 0):.2f}.")


def tell_playout(t: Telling, e: Event) -> str:
    return f"Playout {e.info}: start again at the root."


def tell_select(t: Telling, e: Event) -> str:
    terms = e.info["terms"]
    i = e.node[-1]
    _, q, explore, n = next(term for term in terms if term[0] == i)
    return (f"Select {t.trace.move_name(e.node)}: its UCB1 = Q {_q(q)} + exploration {_q(explore)} = "
            f"{_q(q + explore)} (N = {n} of the parent's {e.info['n_parent']}) is the highest of "
            f"{len(terms)} children, every one already tried.")


def tell_expand(t: Telling, e: Event) -> str:
    return (f"Expand: {t.trace.move_name(e.node)} has never been tried from {t.name(e.node[:-1])}; "
            f"it joins the tree as {t.name(e.node)}.")


def _outcome(t: Telling, u: float) -> str:
    """A playout's end in words; ``u`` is the utility for the player to move at the root."""
    mover = t.trace.game.to_move(t.trace.state)
    return "a draw" if u == 0 else (f"{mover} wins" if u > 0 else f"{mover} loses")


def tell_simulate(t: Telling, e: Event) -> str:
    moves = e.info or ()
    shown = " ".join(moves[:8]) + (" …" if len(moves) > 8 else "")
    how = f"random moves {shown}" if moves else "no moves: the game is already over here"
    return f"Simulate from {t.name(e.node)}: {how}; {_outcome(t, e.value or 0)}."


def tell_backup(t: Telling, e: Event) -> str:
    path = e.info[-1][0]
    n = e.info[-1][1]
    return (f"Back up: {len(e.info)} nodes from the root to {t.name(path)} get one more playout "
            f"(it now has N = {n}), and the result, each for the player who moved into it.")


def tell_done(t: Telling, e: Event) -> str:
    root = t.after(t.trace.root)
    if e.move is None:
        return "MCTS is done."
    child = t.after(t.trace.root + (e.move,))
    n = child.extra.get("N", 0)
    return (f"MCTS is done after {root.extra.get('N')} playouts: the most visited move is "
            f"{t.trace.move_name(t.trace.root + (e.move,))} (N = {n}, Q = {_q(child.v or 0)}), "
            f"worth {fmt(round(e.value or 0, 2))} for {t.trace.game.to_move(t.trace.state)} on the utility scale.")


NARRATION: Mapping[str, NarrateStep] = MappingProxyType({
    "start": tell_start, "playout": tell_playout, "select": tell_select, "expand": tell_expand,
    "simulate": tell_simulate, "backup": tell_backup, Kind.DONE: tell_done,
})


def first_words(trace: TraceView) -> str:
    return f"Monte Carlo tree search is about to grow a tree from {trace.name(trace.root)}, one playout at a time."


#: What each mistake gets wrong, for the label and the narration.
FAULT_LINES = {"one_side": "mcts.backup", "draws_lose": "mcts.backup"}


def describe_mcts(spec: Spec) -> Algorithm:
    """The description of :func:`abteach.mcts`."""
    fault = spec.variant
    label = "MCTS (UCT)" + (f", mistake: {fault.replace('_', ' ')}" if fault else "")
    return Algorithm(
        name="mcts", title="MCTS", label=label, listing=LISTING, replay=REPLAY, narrate=NARRATION,
        start=first_words, edition=Edition.FOURTH, windowed=False, calls="{name}",
        views=frozenset({"tree", "listing", "visits"}),
        faulty=frozenset({FAULT_LINES[fault]}) if fault in FAULT_LINES else frozenset(),
    )


__all__ = ["LISTING", "REPLAY", "NARRATION", "describe_mcts"]
