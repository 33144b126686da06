"""How the searches with memory replay and read: table probes and stores, new orders, re-searches.

Each new kind keeps what it says in the node's ``extra``: ``entry`` (what the
table held or now holds, as text), ``order`` (the children in the order
tried) and ``researched`` (how often a child was searched again).
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType
from typing import Mapping

from abteach.search.events import Event, Kind, fmt
from abteach.trace import narrate
from abteach.trace.protocol import UNVISITED, NarrateStep, Replay, ReplayStep, Telling, TraceView
from abteach.trace.windowed import WINDOWED_MOVER, refold


def _with(r: Replay, e: Event, **extra: object) -> None:
    before = r.get(e.node)
    r.set(e.node, replace(before, extra={**before.extra, **extra}))


def probe(r: Replay, e: Event) -> None:
    _with(r, e, probed=str(e.info) if e.info is not None else "nothing")


def store(r: Replay, e: Event) -> None:
    _with(r, e, entry=str(e.info))


def order(r: Replay, e: Event) -> None:
    _with(r, e, order=e.info)


def research(r: Replay, e: Event) -> None:
    """The child about to be searched again starts afresh; its earlier states stay in the history."""
    # The child is the one the parent's last value came from: the node's most recent child in the replay.
    parent = e.node
    children = [p for p in r.nodes if len(p) == len(parent) + 1 and p[:-1] == parent]
    if not children:
        return
    last = max(children, key=lambda p: r.nodes[p][0][-1])
    # What the parent has proved no longer counts the first search of that child: the new one replaces it.
    refold(r, parent, [p for p in children if p != last], negated=True)
    for path in [p for p in r.nodes if p[:len(last)] == last]:
        r.set(path, UNVISITED)
    _with(r, e, researched=r.get(parent).extra.get("researched", 0) + 1)


MEMORY_REPLAY: Mapping[str, ReplayStep] = MappingProxyType({
    **WINDOWED_MOVER, Kind.PROBE: probe, Kind.STORE: store, Kind.ORDER: order, Kind.RESEARCH: research,
})


def tell_probe(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    if e.info is None:
        return f"The table has nothing on {name} yet: it must be searched."
    return (f"The table says {name} is worth {e.test} for the side to move; if that was deep enough, "
            "its bounds narrow the window or settle the value.")


def tell_store(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    flag = getattr(getattr(e.info, "flag", None), "value", "")
    why = {"exact": "its value", "lower": "a lower bound: it failed high",
           "upper": "an upper bound: it failed low against the α it was called with"}.get(flag, "bounds")
    return f"{name}'s result goes into the table: {e.test}, {why}."


def tell_order(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    kids = [t.trace.move_name(e.node + (i,)) for i in (e.info or ())]
    return f"At {name} the children are tried in the order {', '.join(kids)}: {e.test}."


def tell_research(t: Telling, e: Event) -> str:
    return f"At {t.name(e.node)}, {e.test}."


def tell_test(t: Telling, e: Event) -> str:
    if e.line == "pvs.scout":
        return (f"The null-window search at {t.name(e.node)} returned t outside (α, β): {e.test} does not hold "
                "between the ends, so it stands and no re-search is needed.")
    if e.line == "mem.cut":
        return f"{e.test} is false: the table's bounds leave a window, so {t.name(e.node)} is searched."
    return narrate.NEGAMAX[Kind.TEST](t, e)


def tell_window(t: Telling, e: Event) -> str:
    """The table's bounds narrow the window before any child is searched; other window steps read as negamax's."""
    if e.line == "mem.lower":
        return (f"The table knows {t.name(e.node)} is worth at least {fmt(e.alpha)} for the side to move: "
                f"α rises to {fmt(e.alpha)} before any child is searched.")
    if e.line == "mem.upper":
        return (f"The table knows {t.name(e.node)} is worth at most {fmt(e.beta)} for the side to move: "
                f"β falls to {fmt(e.beta)} before any child is searched.")
    return narrate.NEGAMAX[Kind.WINDOW](t, e)


def _probed(t: Telling, e: Event) -> object:
    """What the table gave for ``e.node`` on this visit: the info of its last probe since it was entered."""
    for k in range(t.frame.step - 1, 0, -1):
        earlier = t.trace.event(k)
        if earlier.node == e.node:
            if earlier.kind == Kind.PROBE:
                return earlier.info
            if earlier.kind == Kind.ENTER:
                break
    return None


def tell_exit(t: Telling, e: Event) -> str:
    """A return; one the table settles says so, since no child was searched.

    A value the table holds as exact is told as exact even when it lies on
    the window's edge, where the return's bound (classified against the
    window) is a fail-low or fail-high: the table, not the window, says what it is.
    """
    if e.line != "mem.hit":
        return narrate.NEGAMAX[Kind.EXIT](t, e)
    entry = _probed(t, e)
    lower, upper = getattr(entry, "lower", None), getattr(entry, "upper", None)
    if lower is not None and lower == upper == e.value:
        player = t.after(e.node).player or "MAX"
        return (f"{t.name(e.node)} returns {fmt(e.value)} for {player}, its exact value: the table holds it "
                "as exact, so no child was searched.")
    return f"{narrate.NEGAMAX[Kind.EXIT](t, e)} The table settled it: no child was searched."


MEMORY_NARRATION: Mapping[str, NarrateStep] = MappingProxyType({
    **narrate.NEGAMAX, Kind.TEST: tell_test, Kind.WINDOW: tell_window, Kind.EXIT: tell_exit,
    Kind.PROBE: tell_probe, Kind.STORE: tell_store, Kind.ORDER: tell_order, Kind.RESEARCH: tell_research,
})


def tell_start(trace: TraceView) -> str:
    """The sentence before the first step: the window the first search is called with, which need not be the widest."""
    events = trace.events
    first = next((e for e in events if e.kind == Kind.ENTER), None)
    if (first is None or first.alpha is None or first.beta is None
            or (first.alpha == -math.inf and first.beta == math.inf)):
        return narrate.start(trace)
    alg = trace.algorithm
    from_ = trace.name(trace.root)
    α, β = (fmt(x) for x in (first.alpha, first.beta))  # Frame.explanation prints the minus signs
    if first.alpha == first.beta or first.beta - first.alpha <= 1:
        return (f"{alg.title} is about to search from {from_} with a null window, to ask whether the value, "
                f"for the side to move, is at least {β}.")
    return f"{alg.title} is about to search from {from_} with the narrow window α = {α}, β = {β}."
