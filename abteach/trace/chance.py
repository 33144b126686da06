"""How a search with chance nodes describes itself: expectiminimax's replay, sentences and registration.

A chance node's call carries its outcomes' probabilities (its ``enter``
event's ``info``); the replay keeps them in the node's state, as
``extra["probabilities"]``, beside its kind (``NodeState.player``), so every
view reads both from the frame.  The sentences at a chance node say the
weighted sum it takes, term by term, in exact fractions where the inputs are
exact: "0.5 × 3 + 0.5 × 7 = 5".
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from abteach import search
from abteach.games.kinds import has_outcomes
from abteach.games.players import MIN
from abteach.search.events import Event, Kind, fmt
from abteach.search.result import Spec
from abteach.trace import narrate, windowed
from abteach.trace.listings import expectiminimax_listing, star1_listing
from abteach.trace.protocol import Algorithm, NarrateStep, Replay, ReplayStep, Telling
from abteach.trace.registry import Registration, register

#: Where a chance node's state keeps its outcomes' probabilities.
PROBABILITIES = "probabilities"


def enter(r: Replay, e: Event) -> None:
    """A call starts; a chance node's state keeps its probabilities."""
    windowed.enter(r, e)
    if e.info is not None:
        r.set(e.node, replace(r.get(e.node), extra=MappingProxyType({PROBABILITIES: tuple(e.info)})))


def weighted_sum(probabilities: Sequence[Any], values: Sequence[Any]) -> str:
    """``0.5 × 3 + 0.5 × 7``: each term as the search adds it.

    >>> from fractions import Fraction
    >>> weighted_sum([Fraction(1, 3), Fraction(2, 3)], [3, -6])
    '1/3 × 3 + 2/3 × (−6)'
    """
    def factor(x: Any) -> str:
        text = fmt(x).replace("-", "−")
        return f"({text})" if text.startswith("−") else text
    return " + ".join(f"{factor(p)} × {factor(v)}" for p, v in zip(probabilities, values))


def _terms(t: Telling, node: tuple[int, ...], upto: int | None = None) -> tuple[tuple[Any, ...], list[Any]]:
    """A chance node's probabilities and its children's returned values so far, in order of its children."""
    state = t.after(node)
    probabilities = tuple(state.extra.get(PROBABILITIES, ()))
    values = [t.after(node + (i,)).value for i in range(len(probabilities))]
    kept = [(p, v) for p, v in zip(probabilities, values) if v is not None]
    return tuple(p for p, _ in kept), [v for _, v in kept]


def tell_enter(t: Telling, e: Event) -> str:
    said = narrate.enter(t, e)
    if e.info is None:
        return said
    return f"{said[:-1]}, with probabilities {', '.join(fmt(p) for p in e.info)}."


def tell_value(t: Telling, e: Event) -> str:
    if not has_outcomes(t.after(e.node).player):
        return narrate.value(t, e)
    name = t.name(e.node)
    if e.value is None:
        return f"{name} starts its weighted sum at v = {fmt(e.v)}."
    probabilities, values = _terms(t, e.node)
    return (f"{narrate._child_of(t, e, name)} returned {fmt(e.value)}; {name} adds it in with its "
            f"probability: v = {weighted_sum(probabilities, values)} = {fmt(e.v)} so far.")


def tell_exit(t: Telling, e: Event) -> str:
    if not has_outcomes(t.after(e.node).player):
        return narrate.exit_(t, e)
    probabilities, values = _terms(t, e.node)
    return (f"{t.name(e.node)} returns {fmt(e.value)}: the chance node averages its children weighted by "
            f"their probabilities: {weighted_sum(probabilities, values)} = {fmt(e.value)}.")


REPLAY: Mapping[str, ReplayStep] = MappingProxyType({**windowed.WINDOWED, Kind.ENTER: enter})
NARRATION: Mapping[str, NarrateStep] = MappingProxyType({
    **narrate.WINDOWED, Kind.ENTER: tell_enter, Kind.VALUE: tell_value, Kind.EXIT: tell_exit,
})


def describe_expectiminimax(spec: Spec) -> Algorithm:
    return Algorithm(
        name="expectiminimax", title="Expectiminimax", label="expectiminimax",
        listing=expectiminimax_listing(depth_limited=spec.depth_limited),
        replay=REPLAY, narrate=NARRATION, start=narrate.start, depth_limited=spec.depth_limited,
        windowed=False, calls="{player}-VALUE({name})",
    )


expectiminimax = register(Registration("expectiminimax", search.expectiminimax, describe_expectiminimax,
                                       command="expectiminimax"))

# -- Star1: a chance node keeps the bounds [lo, hi] its outcomes so far prove, and is cut off by them --------

#: Where a chance node's state keeps its bounds under Star1: ``extra["lo"]`` and ``extra["hi"]``.
LO, HI = "lo", "hi"


def star1_value(r: Replay, e: Event) -> None:
    """A chance node's bound moves (``lo ←``, ``hi ←``): kept beside its probabilities, and as what it proves."""
    windowed.value(r, e)
    if e.line in (LO_LINE, HI_LINE):
        state = r.get(e.node)
        extra = {**state.extra, LO if e.line == LO_LINE else HI: e.v}
        # The node's own reasoning: lo and hi as the search holds them (hi = +∞ until its first update).
        r.set(e.node, replace(state, extra=MappingProxyType(extra), known=(extra.get(LO, -math.inf),
                                                                             extra.get(HI, math.inf))))


def star1_cutoff(r: Replay, e: Event) -> None:
    """A cutoff; a chance node's bounds already account for the outcomes it skips, at L and U."""
    known = r.get(e.node).known
    windowed.cutoff(r, e)
    if has_outcomes(r.get(e.node).player):
        r.set(e.node, replace(r.get(e.node), known=known))


def star1_start(trace: Any) -> str:
    """The sentence before the first step: the root's window is the leaves' bounds [L, U]."""
    first = trace.events[0]
    return (f"Star1 is about to search from {trace.name(trace.root)}, knowing every leaf value lies in "
            f"[L, U] = [{fmt(first.alpha)}, {fmt(first.beta)}]: that is its first window.")


LO_LINE, HI_LINE = "chance.lo", "chance.hi"


def tell_star1_value(t: Telling, e: Event) -> str:
    if e.line not in (LO_LINE, HI_LINE):
        return narrate.value(t, e)
    name = t.name(e.node)
    if e.line == LO_LINE:
        return (f"{narrate._child_of(t, e, name)} returned {fmt(e.value)}; its share of {name} now counts at "
                f"{fmt(e.value)} rather than at L, so {name} is worth at least lo = {fmt(e.v)}.")
    child = narrate._returning_child(t, e.node)
    got = fmt(t.after(child).value) if child is not None else "its value"
    return f"Counting the same share at {got} rather than at U, {name} is worth at most hi = {fmt(e.v)}."


def _bound_test(t: Telling, e: Event) -> tuple[str, str]:
    """A chance node's test as it reads: ``lo = 3 ≥ β = 3``, and what firing means."""
    if e.line == "chance.high":
        return f"lo = {fmt(e.v)} ≥ β = {fmt(e.beta)}", f"{t.name(e.node)} is worth at least {fmt(e.v)}"
    return f"hi = {fmt(e.v)} ≤ α = {fmt(e.alpha)}", f"{t.name(e.node)} is worth at most {fmt(e.v)}"


def tell_star1_test(t: Telling, e: Event) -> str:
    if not e.line.startswith("chance."):
        return narrate.test(t, e)
    said, _ = _bound_test(t, e)
    return f"{said} is false: {t.name(e.node)} could still be worth something inside its window, so the search goes on."


def star1_enter(r: Replay, e: Event) -> None:
    """A call starts; below a chance node, the window is the one the chance node worked out for this outcome.

    Even where it equals the chance node's own window, it is what the chance node needs from this outcome,
    not what a player above already has: the chance node is where it comes from.
    """
    enter(r, e)
    if len(e.node) > len(r.root) and has_outcomes(r.get(e.node[:-1]).player):
        r.set(e.node, replace(r.get(e.node), alpha_from=e.node[:-1], beta_from=e.node[:-1]))


def _mover_cutoff(t: Telling, e: Event) -> str | None:
    """A MAX or MIN node's cutoff that Star1's bounds explain, or None for one alpha-beta's sentence fits.

    A bound equal to L (at MIN) or U (at MAX) is the end of the value scale, not what a player already has;
    a bound a chance node set says what the chance node needs from this outcome to stay inside its window.
    """
    state = t.after(e.node)
    minimizing = state.player == MIN
    bound, source = (e.alpha, state.alpha_from) if minimizing else (e.beta, state.beta_from)
    first = t.trace.events[0]
    name = t.name(e.node)
    if bound == (first.alpha if minimizing else first.beta):
        end = "below L" if minimizing else "above U"
        return (f"{e.test}: no value lies {end} = {fmt(bound)}, so {name} is worth exactly {fmt(e.v)}, "
                "whatever its other children are")
    if source is not None and has_outcomes(t.after(source).player):
        side, need = ("at most", "more") if minimizing else ("at least", "less")
        return (f"{e.test}: {name} is worth {side} {fmt(e.v)}, and {t.name(source)}, the chance node above, "
                f"stays inside its window only if {name} is worth {need} than {fmt(bound)}, so {name} "
                "cannot matter")
    return None


def tell_star1_cutoff(t: Telling, e: Event) -> str:
    if not e.line.startswith("chance."):
        reason = None if narrate._at_root(t, e) else _mover_cutoff(t, e)
        return narrate.cutoff(t, e) if reason is None else narrate._what_is_pruned(t, e, reason)
    said, meaning = _bound_test(t, e)
    reason = f"{said}: whatever the outcomes still to come, {meaning}, outside its window, so it cannot matter above"
    return narrate._what_is_pruned(t, e, reason)


def tell_star1_exit(t: Telling, e: Event) -> str:
    if not has_outcomes(t.after(e.node).player) or e.line != "chance.return":
        return narrate.exit_(t, e)
    probabilities, values = _terms(t, e.node)
    return (f"{t.name(e.node)} returns {fmt(e.value)}: every outcome was searched, so lo = hi, the weighted "
            f"sum {weighted_sum(probabilities, values)} = {fmt(e.value)}.")


STAR1_REPLAY: Mapping[str, ReplayStep] = MappingProxyType({**REPLAY, Kind.ENTER: star1_enter,
                                                            Kind.VALUE: star1_value, Kind.CUTOFF: star1_cutoff})
STAR1_NARRATION: Mapping[str, NarrateStep] = MappingProxyType({
    **narrate.WINDOWED, Kind.ENTER: tell_enter, Kind.VALUE: tell_star1_value, Kind.TEST: tell_star1_test,
    Kind.CUTOFF: tell_star1_cutoff, Kind.EXIT: tell_star1_exit,
})


def describe_star1(spec: Spec) -> Algorithm:
    return Algorithm(
        name="star1", title="Star1", label="Star1 (*-minimax pruning)",
        listing=star1_listing(depth_limited=spec.depth_limited),
        replay=STAR1_REPLAY, narrate=STAR1_NARRATION, start=star1_start, depth_limited=spec.depth_limited,
        calls="{player}-VALUE({name}, α = {alpha}, β = {beta})", frame="{player}-VALUE({name})",
    )


# Off the command line: it needs the bounds lo and hi, which the command line has no option for.
star1 = register(Registration("star1", search.star1, describe_star1))

__all__ = ["expectiminimax", "star1", "describe_star1", "LO", "HI", "describe_expectiminimax", "weighted_sum", "PROBABILITIES", "REPLAY", "NARRATION"]
