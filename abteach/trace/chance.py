"""How a search with chance nodes describes itself: expectiminimax's replay, sentences and registration.

A chance node's call carries its outcomes' probabilities (its ``enter``
event's ``info``); the replay keeps them in the node's state, as
``extra["probabilities"]``, beside its kind (``NodeState.player``), so every
view reads both from the frame.  The sentences at a chance node say the
weighted sum it takes, term by term, in exact fractions where the inputs are
exact: "0.5 × 3 + 0.5 × 7 = 5".
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from abteach import search
from abteach.games.kinds import has_outcomes
from abteach.search.events import Event, Kind, fmt
from abteach.search.result import Spec
from abteach.trace import narrate, windowed
from abteach.trace.listings import expectiminimax_listing
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

__all__ = ["expectiminimax", "describe_expectiminimax", "weighted_sum", "PROBABILITIES", "REPLAY", "NARRATION"]
