"""One plain sentence per event of a windowed search: what just happened, and why.

Each kind has its own small function of a :class:`~abteach.trace.protocol.Telling`
(the trace, the frame after the event, the node before it) and the event.
The sentences follow the trace's tie rule, and on a line a mistaken search
gets wrong they say so rather than justify it.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Mapping

from abteach.search.events import Bound, Event, Kind, fmt
from abteach.trace.protocol import NarrateStep, Telling

_INF = float("inf")
# A hyphen that starts a number, not one inside a word ("fail-low") or an exponent ("1e-05").
_HYPHEN_MINUS = re.compile(r"(?<![\w.])-(?=\.?\d)")


def minus_signs(sentence: str) -> str:
    """``sentence`` with its negative numbers printed with the minus sign, as ``−∞`` is.

    The search layer prints numbers as Python does (``-1``, and tests compare
    them so); a sentence for a reader prints them as the book does (``−1``).

    Examples
    --------
    >>> minus_signs("v=-1 ≥ β=-2: a fail-low at B-1, 1e-05")
    'v=−1 ≥ β=−2: a fail-low at B-1, 1e-05'
    """
    return _HYPHEN_MINUS.sub("−", sentence)


def _strict(t: Telling) -> bool:
    return not t.algorithm.tie.prunes_on_tie


def enter(t: Telling, e: Event) -> str:
    name, alg = t.name(e.node), t.algorithm
    player = e.player or "MAX"
    call = alg.calls.format(player=player, name=name, alpha=fmt(e.alpha), beta=fmt(e.beta),
                            flag="true" if player == "MAX" else "false")
    if e.alpha is None:
        return f"{call} is called: {player} is to move at {name}."
    return f"{call} is called: {window_meaning(t, e.alpha, e.beta)}"


def window_meaning(t: Telling, alpha: float | None, beta: float | None) -> str:
    """What a window says about the values that can still matter, under the trace's tie rule."""
    if alpha == -_INF and beta == _INF:
        return "nothing is known yet, so any value could matter."
    if alpha is not None and beta is not None and beta - alpha == 1:
        return (f"a null window: the search only asks whether the value is at least {fmt(beta)} "
                f"or at most {fmt(alpha)}.")
    if _strict(t):
        return (f"only a value from {fmt(alpha)} to {fmt(beta)}, ends included, can change the choice above "
                "(under the strict rule a tie still counts).")
    return f"only a value strictly between {fmt(alpha)} and {fmt(beta)} can change the choice above."


def leaf(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    if t.algorithm.depth_limited:
        return f"{name} is at the depth limit: the evaluation function scores it {fmt(e.value)}."
    return f"{name} is a leaf: its utility is {fmt(e.value)}."


def value(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    player = t.after(e.node).player or "MAX"
    if e.value is None:  # v ← ±∞ at the start of the call
        return f"{name} starts with v = {fmt(e.v)}: {player} has seen no move yet."
    child = t.trace.move_name(e.node + (e.move,)) if e.move is not None else "a child"
    who = _child_of(t, e, name)
    got = fmt(e.value)
    if t.algorithm.perspective == "mover":
        got = f"{fmt(e.value)}, which is {fmt(-e.value)} for {player}" if e.value else got
    old = t.before.v
    if e.v != old:
        return (f"{who} returned {got}, which beats v = {fmt(old)}: "
                f"now v = {fmt(e.v)} (best so far: {child}).")
    return f"{who} returned {got}; it does not beat v = {fmt(e.v)}, so v stays."


def _child_of(t: Telling, e: Event, name: str) -> str:
    """The child whose value ``e`` takes in, by name: "B, a child of A," ("A child of A" if none is found)."""
    child = _returning_child(t, e.node)
    return f"A child of {name}" if child is None else f"{t.name(child)}, a child of {name},"


def _returning_child(t: Telling, node: tuple[int, ...]) -> tuple[int, ...] | None:
    """The child of ``node`` that has just returned: the one below it that the latest steps were at.

    ``Event.move`` will not do: it is the best child so far, not the one that just returned.
    """
    depth, events = len(node), t.trace
    for k in range(t.frame.step - 2, -1, -1):
        at = events[k].node
        if len(at) > depth and at[:depth] == node:
            return at[:depth + 1]
        if at != node:
            return None
    return None


def test(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    player = t.after(e.node).player or "MAX"
    if e.line.endswith("improve"):
        return f"{e.test} is false: the move is no better for {player}, so v and the window at {name} stay."
    if _strict(t) and _ties(e):
        return (f"{e.test} is false, so there is no cutoff at {name}: under the strict rule a value equal to "
                "the bound might still tie with the best move above, so the search goes on.")
    other = "MIN" if player == "MAX" else "MAX"
    if _at_root(t, e):
        return _root_goes_on(t, e, player, other)
    return (f"{e.test} is false, so there is no cutoff at {name}: {other} above cannot yet rule this node out, "
            "so the search goes on.")


def _at_root(t: Telling, e: Event) -> bool:
    """Whether ``e`` happens at the node the search started from, which has nothing above it."""
    return e.node == t.trace.root


def _bound(t: Telling, e: Event, player: str) -> tuple[str, float | None]:
    """The bound a test at ``e.node`` compares with: β for MAX, α for MIN (β for every mover in negamax)."""
    state = t.after(e.node)
    if player == "MIN" and t.algorithm.perspective != "mover":
        return "α", state.alpha
    return "β", state.beta


def _root_goes_on(t: Telling, e: Event, player: str, other: str) -> str:
    """A test that does not fire at the root: no player above it, only the window it was called with."""
    name = t.name(e.node)
    said = f"{e.test} is false, so there is no cutoff at {name}: {name} is the root, with no {other} above it"
    sym, bound = _bound(t, e, player)
    if bound is None or abs(bound) == _INF:
        return f"{said}, so nothing can rule it out and the search goes on."
    return f"{said}; only its window bounds it, and v has not reached {sym} = {fmt(bound)}, so the search goes on."


def _what_is_pruned(t: Telling, e: Event, reason: str) -> str:
    """A cutoff's reason, then what it prunes (or that it came at the last child)."""
    if e.skipped:
        verb = "is" if len(e.skipped) == 1 else "are"
        return f"{reason}; {t.trace.names(e.skipped)} {verb} pruned."
    return f"{reason}; it was the last child, so nothing is saved."


def _root_cutoff(t: Telling, e: Event, player: str) -> str:
    """A cutoff at the root: the value has reached the window the root was called with, which answers the pass."""
    name = t.name(e.node)
    sym, bound = _bound(t, e, player)
    side = "at most" if sym == "α" else "at least"
    said = (f"{e.test}: {name} is the root, and its value is {side} {fmt(e.v)}, which reaches its window's "
            f"bound {sym} = {fmt(bound)}, so this search has its answer")
    return _what_is_pruned(t, e, said)


def _ties(e: Event) -> bool:
    """Whether the test compared equal values (``v=3 > β=3``)."""
    parts = e.test.replace("=", " ").split()
    return len(parts) == 5 and parts[1] == parts[4]


def window(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    if e.which == "alpha":
        old, new, sym = t.before.alpha, e.alpha, "α"
        role = f"MAX is now sure of at least {fmt(new)} on this path"
    else:
        old, new, sym = t.before.beta, e.beta, "β"
        role = f"MIN can now hold MAX to at most {fmt(new)} on this path"
    took = f"{_child_of(t, e, name)} returned {fmt(e.value)}. " if e.value is not None else ""
    if old == new:
        since = fmt(e.value) if e.value is not None else f"v = {fmt(e.v)}"
        return f"{took}{sym} stays {fmt(new)} at {name}: {since} is no improvement on it."
    return f"{took}{sym} = {fmt(new)} at {name}: {role}."


def cutoff(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    state = t.after(e.node)
    player = state.player or "MAX"
    if _at_root(t, e):
        return _root_cutoff(t, e, player)
    if player == "MIN":
        holder, bound, source = "MAX", e.alpha, state.alpha_from
    else:
        holder, bound, source = "MIN", e.beta, state.beta_from
    where = f" at {t.name(source)}" if source is not None else ""
    reason = f"{e.test}: {holder} already has {fmt(bound)}{where}, so {name} cannot matter"
    return _what_is_pruned(t, e, reason)


def exit_(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    low, high = t.after(e.node).window
    if e.bound is Bound.UPPER:
        return (f"{name} returns {fmt(e.value)}, a fail-low: the search has proved only that {name} is worth at "
                f"most {fmt(e.value)} (an upper bound), which already shows it is no better than α = {fmt(low)}.")
    if e.bound is Bound.LOWER:
        return (f"{name} returns {fmt(e.value)}, a fail-high: the search has proved only that {name} is worth at "
                f"least {fmt(e.value)} (a lower bound), which already shows it is no better for MIN than "
                f"β = {fmt(high)}.")
    return f"{name} returns {fmt(e.value)}, its exact value."


def new_pass(t: Telling, e: Event) -> str:
    return f"A new pass over the tree begins: {e.test}." if e.test else "A new pass over the tree begins."


def done(t: Telling, e: Event) -> str:
    title = t.algorithm.title
    if e.move is None:
        return f"{title} is done: the value is {fmt(e.value)}."
    return f"{title} is done: the best move is {t.trace.move_name(e.node + (e.move,))}, worth {fmt(e.value)}."


def start(trace: object) -> str:
    """The sentence before the first step of a windowed search."""
    from_ = trace.name(trace.root)  # type: ignore[attr-defined]
    alg = trace.algorithm  # type: ignore[attr-defined]
    if not alg.windowed:
        return f"{alg.title} is about to search the tree from {from_}."
    return f"{alg.title} is about to search from {from_} with the widest window, α = −∞ and β = +∞."


def plainly(t: Telling, e: Event) -> str:
    """What happened, without a reason: for the line a mistaken search gets wrong."""
    name = t.name(e.node)
    if e.kind == Kind.WINDOW:
        sym, x = ("α", e.alpha) if e.which == "alpha" else ("β", e.beta)
        return f"{sym} = {fmt(x)} at {name}"
    if e.kind == Kind.CUTOFF:
        pruned = f": {t.trace.names(e.skipped)} pruned" if e.skipped else ""
        return f"{e.test} fires at {name}{pruned}"
    if e.kind == Kind.TEST:
        return f"{e.test} does not fire at {name}"
    if e.kind == Kind.ENTER:
        return f"{name} is called with α = {fmt(e.alpha)}, β = {fmt(e.beta)}"
    return f"{e.kind} at {name}"


def faulty(base: NarrateStep) -> NarrateStep:
    """``base``, except on the lines the algorithm gets wrong, where the sentence flags the fault."""

    def tell(t: Telling, e: Event) -> str:
        if e.line in t.algorithm.faulty:
            listing = t.algorithm.listing
            why = t.algorithm.faults.get(e.line, "")
            where = f"line {listing.number(e.line)}" if e.line in listing else "a faulty line"
            return f"✗ The mistake is on {where}: {plainly(t, e)}. {why}".rstrip()
        return base(t, e)

    return tell


#: The sentences every windowed search's events read as.
WINDOWED: Mapping[str, NarrateStep] = MappingProxyType({
    Kind.ENTER: enter, Kind.LEAF: leaf, Kind.VALUE: value, Kind.TEST: test, Kind.WINDOW: window,
    Kind.CUTOFF: cutoff, Kind.EXIT: exit_, Kind.PASS: new_pass, Kind.DONE: done,
})


# -- negamax: every value is for the side to move at its node --------------------------

def _mover(t: Telling, e: Event) -> tuple[str, str]:
    player = t.after(e.node).player or "MAX"
    return player, "MIN" if player == "MAX" else "MAX"


def negamax_window(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    player, _ = _mover(t, e)
    if t.before.alpha == e.alpha:
        return f"α stays {fmt(e.alpha)} at {name}: v = {fmt(e.v)} is no improvement on it."
    return f"α = {fmt(e.alpha)} at {name}: {player}, to move here, is now sure of at least {fmt(e.alpha)}."


def negamax_test(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    player, other = _mover(t, e)
    if e.line.endswith("improve"):
        return f"{e.test} is false: the move is no better for {player}, so v and the window at {name} stay."
    if _strict(t) and _ties(e):
        return (f"{e.test} is false, so there is no cutoff at {name}: under the strict rule a value equal to β "
                "might still tie, so the search goes on.")
    if _at_root(t, e):
        return _root_goes_on(t, e, player, other)
    return (f"{e.test} is false, so there is no cutoff at {name}: {other} above would still allow "
            f"what {player} has found here, so the search goes on.")


def negamax_cutoff(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    player, other = _mover(t, e)
    if _at_root(t, e):
        return _root_cutoff(t, e, player)
    reason = (f"{e.test}: {player} already has {fmt(e.v)} at {name}, and {other} above can keep {player} to "
              f"{fmt(e.beta)} elsewhere, so {name} cannot matter")
    return _what_is_pruned(t, e, reason)


def negamax_exit(t: Telling, e: Event) -> str:
    """A return, for the side to move; a fail-low or fail-high reads as :func:`exit_` has it."""
    name = t.name(e.node)
    player, _ = _mover(t, e)
    low, high = t.after(e.node).window
    got = fmt(e.value)
    if e.bound is Bound.UPPER:
        return (f"{name} returns {got} for {player}, a fail-low: the search has proved only that {name} is worth "
                f"at most {got} for {player} (an upper bound), which already shows it is no better than "
                f"α = {fmt(low)}.")
    if e.bound is Bound.LOWER:
        return (f"{name} returns {got} for {player}, a fail-high: the search has proved only that {name} is worth "
                f"at least {got} for {player} (a lower bound), which already reaches β = {fmt(high)}.")
    return f"{name} returns {got} for {player}, its exact value."


def negamax_leaf(t: Telling, e: Event) -> str:
    """A leaf's value for MAX, as the game scores it, then for the side to move, as negamax uses it."""
    name = t.name(e.node)
    player, _ = _mover(t, e)
    # The event carries color × utility: the value for the side to move.
    for_max = e.value if player == "MAX" or e.value is None else -e.value
    said = (f"{name} is at the depth limit: the evaluation function scores it {fmt(for_max)} for MAX"
            if t.algorithm.depth_limited else f"{name} is a leaf: its utility is {fmt(for_max)} for MAX")
    if player == "MAX":
        return f"{said}, the side to move."
    return f"{said}, so {fmt(e.value)} for {player}, the side to move."


#: Negamax's sentences: the windowed ones, told from the side to move.
NEGAMAX: Mapping[str, NarrateStep] = MappingProxyType({
    **WINDOWED, Kind.WINDOW: negamax_window, Kind.TEST: negamax_test, Kind.CUTOFF: negamax_cutoff,
    Kind.EXIT: negamax_exit, Kind.LEAF: negamax_leaf,
})
