"""One plain sentence per event of a windowed search: what just happened, and why.

Each kind has its own small function of a :class:`~abteach.trace.protocol.Telling`
(the trace, the frame after the event, the node before it) and the event.
The sentences follow the trace's tie rule, and on a line a mistaken search
gets wrong they say so rather than justify it.
"""

from __future__ import annotations

import math
import re
from types import MappingProxyType
from typing import Mapping

from abteach.games.kinds import is_mover, node_kinds
from abteach.games.trees import Tree
from abteach.search.events import Bound, Event, Kind, fmt
from abteach.trace.protocol import NarrateStep, Telling, TraceView

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
        if _game_over(t, e):  # no one moves at a finished game: "MAX is to move at b1" would be false
            return f"{call} is called: the game is over at {name}, so no one moves there."
        return f"{call} is called: {acts(player, name)}."
    return f"{call} is called: {window_meaning(t, e.alpha, e.beta)}"


def _game_over(t: Telling, e: Event) -> bool:
    """Whether the call ``e`` is at a finished game: its next event scores the same node as a leaf, and no
    depth limit makes that an evaluation of a game still going."""
    events, k = t.trace.events, t.frame.step
    return (not t.algorithm.depth_limited and k < len(events)
            and events[k].kind == Kind.LEAF and events[k].node == e.node)


def acts(kind: str, name: str) -> str:
    """What happens at the node ``name`` of ``kind``, as its registered kind says it: "MAX is to move at A"."""
    return node_kinds()[kind].says(name) if kind in node_kinds() else f"{kind} is to move at {name}"


def player_above(t: Telling, node: tuple[int, ...], player: str) -> str:
    """The player who moves nearest above ``node`` (a chance node between them moves no one); the other
    of ``player`` where the frame shows none."""
    for depth in range(len(node) - 1, len(t.trace.root) - 1, -1):
        above = t.after(node[:depth]).player
        if above is not None and is_mover(above):
            return above
    return "MIN" if player == "MAX" else "MAX"


def window_meaning(t: Telling, alpha: float | None, beta: float | None) -> str:
    """What a window says about the values that can still matter, under the trace's tie rule."""
    if alpha == -_INF and beta == _INF:
        return "nothing is known yet, so any value could matter."
    if alpha is not None and beta is not None and beta - alpha == 1 and t.trace.whole_valued:
        return (f"a null window: the search only asks whether the value is at least {fmt(beta)} "
                f"or at most {fmt(alpha)}.")
    if _strict(t):
        return (f"only a value from {fmt(alpha)} to {fmt(beta)}, ends included, can change the choice above "
                "(under the strict rule a tie still counts).")
    return f"only a value strictly between {fmt(alpha)} and {fmt(beta)} can change the choice above."


def whole_valued(trace: TraceView) -> bool:
    """Whether every value the search can meet is a whole number, so a window of width 1 holds none.

    A chance node averages its outcomes (D can be worth −1/3), so one anywhere below the start rules it
    out.  A tree is read whole, pruned leaves included; a game only through the values its trace met.
    It reads the whole tree, so a trace asks once (:attr:`abteach.trace.frames.Trace.whole_valued`).

    >>> import abteach as ab
    >>> whole_valued(ab.alphabeta(ab.tree([[1, 2], [3, 4]])).trace), whole_valued(ab.alphabeta(ab.tree([0.5])).trace)
    (True, False)
    """
    game = trace.game
    if isinstance(game, Tree):
        nodes = list(game.walk())
        return (all(is_mover(n.kind) for n in nodes if not n.is_leaf)
                and all(_whole(n.value) for n in nodes if n.is_leaf))
    return all((e.player is None or is_mover(e.player)) and _whole(e.value) for e in trace.events)


def _whole(x: float | None) -> bool:
    return x is None or not math.isfinite(x) or x == int(x)


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
    other = player_above(t, e.node, player)
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
    """A return: what the call has proved about its node, then, if less, what its caller can conclude.

    The two differ after a fail-low or fail-high on the last child: the node's
    own call searched every child, so its value is exact, but the caller sees
    only a return beyond its window, which an early cutoff would give as well
    (see :class:`~abteach.trace.protocol.NodeState`).
    """
    low, high = t.after(e.node).window
    return _tell_return(t, e, "", f"is no better than α = {fmt(low)}", f"is no better for MIN than β = {fmt(high)}")


def _tell_return(t: Telling, e: Event, who: str, low_shows: str, high_shows: str) -> str:
    """The sentence for a return; ``who`` (``' for MIN'``) says whose value it is, ``*_shows`` what a bound settles."""
    name, got = t.name(e.node), f"{fmt(e.value)}{who}"
    state = t.after(e.node)
    proved, seen = state.proved, e.bound
    if proved is Bound.EXACT:
        said = f"{name} returns {got}, its exact value"
        if seen in (None, Bound.EXACT):
            return f"{said}."
        return f"{said}: {_why_exact(t, e)}. {_caller_reads(t, e, got, seen, low_shows, high_shows)}"
    if proved not in (Bound.UPPER, Bound.LOWER):
        return f"{name} returns {got}."
    side, kind, shows = (("most", "an upper bound", low_shows) if proved is Bound.UPPER
                         else ("least", "a lower bound", high_shows))
    fail = "a fail-low" if proved is Bound.UPPER else "a fail-high"
    head = f"{name} returns {got}, {fail}" if seen is proved else f"{name} returns {got}"
    tail = f", which already shows it {shows}" if seen is proved else ""
    if state.known is not None and state.known[0] == state.known[1]:
        # Every child was searched and the value is known, but the form returns its window's end instead.
        exact = f"{fmt(state.known[0])}{who}"
        return (f"{head}: {name}'s own value is exactly {exact}, but this form returns the end of its window "
                f"instead, a number that says only that {name} is worth at {side} {got} ({kind}){tail}.")
    return (f"{head}: {_why_bound(t, e)}, so the search has proved only that {name} is worth at {side} {got} "
            f"({kind}){tail}.")


def _call_events(t: Telling, node: tuple[int, ...]) -> list[Event]:
    """The events of the call at ``node`` that has just returned, from its ``enter`` on."""
    events = t.trace.events
    for k in range(t.frame.step - 1, -1, -1):
        if events[k].kind == Kind.ENTER and events[k].node == node:
            return list(events[k:t.frame.step])
    return []


def _skipped(t: Telling, e: Event) -> tuple[list[tuple[int, ...]], bool]:
    """The children this call's cutoffs left unsearched, and whether any cutoff below it skipped anything."""
    own: list[tuple[int, ...]] = []
    below = False
    for x in _call_events(t, e.node):
        if x.kind == Kind.CUTOFF and x.skipped:
            if x.node == e.node:
                own.extend(x.skipped)
            else:
                below = True
    return own, below


def _why_exact(t: Telling, e: Event) -> str:
    name = t.name(e.node)
    own, below = _skipped(t, e)
    if own:
        return f"{t.trace.names(own)} could not change it"
    if below:
        return f"every child of {name} was searched, and what was pruned below them could not change it"
    return f"every child of {name} was searched"


def _why_bound(t: Telling, e: Event) -> str:
    own, below = _skipped(t, e)
    if own:
        verb = "was" if len(own) == 1 else "were"
        return f"{t.trace.names(own)} {verb} never searched"
    if below:
        return "a search below it was cut off and returned only a bound"
    return "nothing below it settles more"


def _caller_reads(t: Telling, e: Event, got: str, seen: Bound, low_shows: str, high_shows: str) -> str:
    """What the caller can conclude from a return beyond its window: only the bound, whatever the call knew."""
    name = t.name(e.node)
    caller = "the search's caller" if _at_root(t, e) else t.name(e.node[:-1])
    low, high = t.after(e.node).window
    closed = t.algorithm.tie.closed_window
    if seen is Bound.UPPER:
        test, fail, side, shows = (f"{fmt(e.value)} {'<' if closed else '≤'} α = {fmt(low)}", "a fail-low",
                                   "most", low_shows)
    else:
        test, fail, side, shows = (f"{fmt(e.value)} {'>' if closed else '≥'} β = {fmt(high)}", "a fail-high",
                                   "least", high_shows)
    how = _could_return(t, e, seen)
    return (f"But {caller} sees only {fail} ({test}), which {how} would also return, "
            f"so {caller} can conclude only that {name} is worth at {side} {got}; that already shows it {shows}.")


def _could_return(t: Telling, e: Event, seen: Bound) -> str:
    """Which other call the caller cannot tell this return from.

    A node's own cutoff ends it on one side only: a MIN node's (or, where values are the mover's, any node's)
    on the side it tests.  A return on the other side is a bound only through a cutoff below the node, so
    saying the call itself could have been cut off early would be false there (a MAX node's fail-low).
    """
    player = t.after(e.node).player or "MAX"
    if t.algorithm.perspective == "mover":
        own = seen is Bound.LOWER
    elif player in ("MAX", "MIN"):
        own = (player == "MIN") == (seen is Bound.UPPER)
    else:  # a chance node's cutoff may leave either bound
        own = True
    # On its own side, an early cutoff is the plain case to name (a cutoff below would do as well); on the
    # other side only a cutoff below can give such a return.
    return "a call cut off early" if own else "a call with a cutoff below it"


def new_pass(t: Telling, e: Event) -> str:
    return f"A new pass over the tree begins: {e.test}." if e.test else "A new pass over the tree begins."


def done(t: Telling, e: Event) -> str:
    title = t.algorithm.title
    if e.move is None:
        return f"{title} is done: the value is {fmt(e.value)}."
    return f"{title} is done: the best move is {t.trace.move_name(e.node + (e.move,))}, worth {fmt(e.value)}."


def start(trace: TraceView) -> str:
    """The sentence before the first step of a windowed search."""
    from_ = trace.name(trace.root)
    alg = trace.algorithm
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
    return player, player_above(t, e.node, player)


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
    """A return, for the side to move; it reads as :func:`exit_` has it."""
    player, _ = _mover(t, e)
    low, high = t.after(e.node).window
    return _tell_return(t, e, f" for {player}", f"is no better than α = {fmt(low)}", f"reaches β = {fmt(high)}")


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
