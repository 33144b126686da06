"""One plain sentence per event: what just happened, and why.

This is part of the trace layer: it reads an event and the node states around
it, and never looks at a drawing.
"""

from __future__ import annotations

from typing import Any, Mapping

from abteach.search.events import Bound, Event, Kind, fmt

def explain(trace: Any, e: Event, before: Any, nodes: Mapping[Any, Any]) -> str:
    """The sentence for event ``e``; ``before`` is the node's state before it, ``nodes`` after."""
    name = trace.name(e.node)
    after = nodes.get(e.node)
    player = (after.player if after is not None else None) or e.player or "MAX"
    fn = f"{player}-VALUE"
    windowed = e.alpha is not None
    kind = e.kind
    if kind is Kind.ENTER:
        if trace.algorithm == "alphabeta_tutorial":
            flag = "true" if player == "MAX" else "false"
            return (f"ALPHA-BETA({name}, α = {fmt(e.alpha)}, β = {fmt(e.beta)}, maximizing = {flag}) is called: "
                    f"{_window_meaning(e)}")
        if windowed:
            return f"{fn}({name}, α = {fmt(e.alpha)}, β = {fmt(e.beta)}) is called: {_window_meaning(e)}"
        return f"{fn}({name}) is called: {player} is to move at {name}."
    if kind is Kind.LEAF:
        if e.line.endswith("terminal") and trace.listing and "CUTOFF" in trace.listing.text(e.line).upper():
            return f"{name} is at the depth limit: the evaluation function scores it {fmt(e.value)}."
        return f"{name} is a leaf: its utility is {fmt(e.value)}."
    if kind is Kind.VALUE:
        if e.value is None:  # v ← ±∞ at the start of the call
            return f"{name} starts with v = {fmt(e.v)}: {player} has seen no move yet."
        child = trace.move_name(e.node + (e.move,)) if e.move is not None else "a child"
        old = before.v
        if e.v != old:
            return (f"A child of {name} returned {fmt(e.value)}, which beats v = {fmt(old)}: "
                    f"now v = {fmt(e.v)} (best so far: {child}).")
        return f"A child of {name} returned {fmt(e.value)}; it does not beat v = {fmt(e.v)}, so v stays."
    if kind is Kind.TEST:
        if e.line.endswith("improve"):
            return f"{e.test} is false: the move is no better for {player}, so v and the window at {name} stay."
        return f"{e.test} is false, so there is no cutoff at {name}: {_why_no_cutoff(player)}"
    if kind is Kind.WINDOW:
        if e.which == "alpha":
            old, new = before.alpha, e.alpha
            role = f"MAX is now sure of at least {fmt(new)} on this path"
            sym = "α"
        else:
            old, new = before.beta, e.beta
            role = f"MIN can now hold MAX to at most {fmt(new)} on this path"
            sym = "β"
        if old == new:
            return f"{sym} stays {fmt(new)} at {name}: v = {fmt(e.v)} is no improvement on it."
        return f"{sym} = {fmt(new)} at {name}: {role}."
    if kind is Kind.CUTOFF:
        return _cutoff_sentence(trace, e, name, player, nodes)
    if kind is Kind.EXIT:
        low, high = after.window if after is not None else (None, None)
        if e.bound is Bound.UPPER:
            return (f"{name} returns {fmt(e.value)}, only an upper bound (fail-low): its true value is at most "
                    f"{fmt(e.value)}, which already shows it is no better than α = {fmt(low)}.")
        if e.bound is Bound.LOWER:
            return (f"{name} returns {fmt(e.value)}, only a lower bound (fail-high): its true value is at least "
                    f"{fmt(e.value)}, which already shows it is no better for MIN than β = {fmt(high)}.")
        return f"{name} returns {fmt(e.value)}, its exact value."
    if kind is Kind.DONE:
        algo = "Minimax" if trace.algorithm == "minimax" else "Alpha-beta"
        if e.move is None:
            return f"{algo} is done: the root's value is {fmt(e.value)}."
        return f"{algo} is done: the best move is {trace.move_name((e.move,))}, worth {fmt(e.value)}."
    return f"{kind.value} at {name}."


def _window_meaning(e: Event) -> str:
    if e.alpha == float("-inf") and e.beta == float("inf"):
        return "nothing is known yet, so any value could matter."
    return f"only a value strictly between {fmt(e.alpha)} and {fmt(e.beta)} can change the choice above."


def _why_no_cutoff(player: str) -> str:
    if player == "MAX":
        return "MIN above cannot yet rule this node out, so the search goes on."
    return "MAX above cannot yet rule this node out, so the search goes on."


def _cutoff_sentence(trace: Any, e: Event, name: str, player: str, nodes: Mapping[Any, Any]) -> str:
    state = nodes.get(e.node)
    if player == "MIN":
        holder, bound = "MAX", e.alpha
        source = state.alpha_from if state is not None else None
    else:
        holder, bound = "MIN", e.beta
        source = state.beta_from if state is not None else None
    where = f" at {trace.name(source)}" if source is not None else ""
    reason = f"{e.test}: {holder} already has {fmt(bound)}{where}, so {name} cannot matter"
    if e.skipped:
        verb = "is" if len(e.skipped) == 1 else "are"
        return f"{reason}; {trace.names(e.skipped)} {verb} pruned."
    return f"{reason}; it was the last child, so nothing is saved."
