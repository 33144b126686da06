"""Each search of :mod:`abteach.search`, described once, and the front-door versions that return a trace.

:func:`describe` is the one place a search's name is looked up: it gives the
:class:`~abteach.trace.protocol.Algorithm` its trace carries.  The functions
here (``alphabeta``, ``minimax``, ...) are the searches themselves, with their
events wrapped in a :class:`~abteach.trace.frames.Trace`.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Callable, Mapping

from abteach import search
from abteach.search import Problem, SearchResult, Spec
from abteach.search.later import pending
from abteach.search.result import replaced
from abteach.trace import narrate
from abteach.trace.frames import Trace
from abteach.trace.listings import (fail_hard_listing, listing, memory_listing, negamax_listing, negascout_listing,
                                    tutorial_listing)
from abteach.search.mcts import mcts as _mcts_search
from abteach.trace.mcts import describe_mcts
from abteach.trace.memory import MEMORY_NARRATION, MEMORY_REPLAY, tell_start
from abteach.trace.protocol import Algorithm
from abteach.trace.windowed import WINDOWED

_ED = {3: "3rd", 4: "4th"}


def _alphabeta(spec: Spec) -> Algorithm:
    rule = "prunes on ties" if spec.prune_on_tie else "strict"
    return Algorithm(
        name="alphabeta", title="Alpha-beta", label=f"alpha-beta, {_ED[spec.edition]} edition, {rule}",
        listing=listing("alphabeta", spec.edition, prune_on_tie=spec.prune_on_tie,
                        depth_limited=spec.depth_limited),
        replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start,
        edition=spec.edition, prune_on_tie=spec.prune_on_tie,
        views=frozenset({"tree", "stack", "listing", "table", "ranges"}),
    )


def _minimax(spec: Spec) -> Algorithm:
    return Algorithm(
        name="minimax", title="Minimax", label=f"minimax, {_ED[spec.edition]} edition",
        listing=listing("minimax", spec.edition, depth_limited=spec.depth_limited),
        replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start,
        edition=spec.edition, windowed=False, calls="{player}-VALUE({name})",
    )


def _tutorial(spec: Spec) -> Algorithm:
    return Algorithm(
        name="alphabeta_tutorial", title="Alpha-beta", label="alpha-beta, tutorial form",
        listing=tutorial_listing(), replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start,
        edition=4, calls="ALPHA-BETA({name}, α = {alpha}, β = {beta}, maximizing = {flag})",
    )


def _fail_hard(spec: Spec) -> Algorithm:
    return Algorithm(
        name="alphabeta_fail_hard", title="Alpha-beta (fail-hard)", label="alpha-beta, fail-hard form",
        listing=fail_hard_listing(), replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start,
        calls="alphabeta({name}, α = {alpha}, β = {beta}, maximizingPlayer = {flag})",
    )


def _negamax(spec: Spec) -> Algorithm:
    rule = "prunes on ties" if spec.prune_on_tie else "strict"
    return Algorithm(
        name="negamax", title="Negamax", label=f"negamax, {rule}",
        listing=negamax_listing(prune_on_tie=spec.prune_on_tie, depth_limited=spec.depth_limited),
        replay=WINDOWED, narrate=narrate.NEGAMAX, start=narrate.start, prune_on_tie=spec.prune_on_tie,
        calls="NEGAMAX({name}, α = {alpha}, β = {beta})", perspective="mover",
    )


_MEMORY_TITLES = {
    "negamax_memory": ("Negamax with a table", "negamax with a transposition table"),
    "iterative_deepening": ("Iterative deepening", "iterative deepening"),
    "aspiration": ("Aspiration search", "aspiration search"),
    "null_window": ("The null-window test", "null-window test"),
    "mtdf": ("MTD(f)", "MTD(f)"),
    "sss_star": ("SSS*", "SSS* (MT form)"),
}


def _memory(spec: Spec) -> Algorithm:
    title, label = _MEMORY_TITLES[spec.name]
    return Algorithm(
        name=spec.name, title=title, label=label,
        listing=memory_listing(spec.name, depth_limited=spec.depth_limited),
        replay=MEMORY_REPLAY, narrate=MEMORY_NARRATION, start=tell_start,
        calls="NEGAMAX({name}, α = {alpha}, β = {beta})", perspective="mover",
        views=frozenset({"tree", "stack", "listing", "table", "passes"}),
    )


def _negascout(spec: Spec) -> Algorithm:
    return Algorithm(
        name="negascout", title="NegaScout", label="NegaScout",
        listing=negascout_listing(depth_limited=spec.depth_limited),
        replay=MEMORY_REPLAY, narrate=MEMORY_NARRATION, start=narrate.start,
        calls="NEGASCOUT({name}, α = {alpha}, β = {beta})", perspective="mover",
    )


_DESCRIBE: Mapping[str, Callable[[Spec], Algorithm]] = MappingProxyType({
    "alphabeta": _alphabeta, "minimax": _minimax, "alphabeta_tutorial": _tutorial,
    "alphabeta_fail_hard": _fail_hard, "negamax": _negamax, "negascout": _negascout,
    **{name: _memory for name in _MEMORY_TITLES}, "mcts": describe_mcts,
})


def describe(spec: Spec) -> Algorithm:
    """The description of the search ``spec`` names."""
    try:
        return _DESCRIBE[spec.name](spec)
    except KeyError:
        raise ValueError(f"no description of a search called {spec.name!r}; "
                         f"known: {', '.join(sorted(_DESCRIBE))}") from None


def with_trace(result: SearchResult, algorithm: Algorithm | None = None) -> SearchResult:
    """``result`` with its events wrapped in a :class:`Trace` carrying ``algorithm`` (its own by default)."""
    events = pending(result, "events")  # passed on unmade, if the search left them to be made when read
    if events is None or result.problem is None:
        return result
    p = result.problem
    trace = Trace(events, algorithm or describe(result.spec), p.game, p.state, p.root)
    return replaced(result, trace=trace, events=None)


def traced(fn: Callable[..., SearchResult]) -> Callable[..., SearchResult]:
    """The search ``fn``, returning its result with a trace when run with ``trace=True``."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> SearchResult:
        return with_trace(fn(*args, **kwargs))

    return run


alphabeta = traced(search.alphabeta)
minimax = traced(search.minimax)
alphabeta_tutorial = traced(search.alphabeta_tutorial)
alphabeta_fail_hard = traced(search.alphabeta_fail_hard)
negamax = traced(search.negamax)
negamax_memory = traced(search.negamax_memory)
iterative_deepening = traced(search.iterative_deepening)
aspiration = traced(search.aspiration)
null_window = traced(search.null_window)
negascout = traced(search.negascout)
mtdf = traced(search.mtdf)
sss_star = traced(search.sss_star)
mcts = traced(_mcts_search)

__all__ = ["alphabeta", "minimax", "alphabeta_tutorial", "alphabeta_fail_hard", "negamax", "negamax_memory",
           "iterative_deepening", "aspiration", "null_window", "negascout", "mtdf", "sss_star", "mcts",
           "describe", "with_trace", "traced", "Problem", "SearchResult"]
