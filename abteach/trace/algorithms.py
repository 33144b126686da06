"""Each search of :mod:`abteach.search`, described once and registered (:mod:`abteach.trace.registry`).

A registration is the one place a search is named: it gives the
:class:`~abteach.trace.protocol.Algorithm` its trace carries, its command-line
name and its front-door name.  The functions here (``alphabeta``, ``minimax``,
...) are the searches themselves, with their events wrapped in a
:class:`~abteach.trace.frames.Trace`.
"""

from __future__ import annotations

from abteach import search
from abteach.search import Problem, SearchResult, Spec
from abteach.search.rules import Edition
from abteach.trace import narrate
from abteach.trace.catalog import described_kinds
from abteach.trace.listings import (alphabeta_listing, fail_hard_listing, memory_listing, minimax_listing,
                                    negamax_listing, negascout_listing, tutorial_listing)
from abteach.search.mcts import mcts as _mcts_search
from abteach.trace.mcts import describe_mcts
from abteach.trace.memory import MEMORY_NARRATION, MEMORY_REPLAY, tell_start
from abteach.trace.protocol import Algorithm
from abteach.trace.registry import Registration, describe, register, registered, traced, with_trace
from abteach.trace.windowed import WINDOWED, WINDOWED_MOVER

def _alphabeta(spec: Spec) -> Algorithm:
    return Algorithm(
        name="alphabeta", title="Alpha-beta", label=f"alpha-beta, {spec.edition.label}, {spec.tie.label}",
        listing=alphabeta_listing(spec.edition, tie=spec.tie, depth_limited=spec.depth_limited),
        replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start, depth_limited=spec.depth_limited,
        edition=spec.edition, tie=spec.tie,
        views=frozenset({"tree", "stack", "listing", "table", "ranges"}),
    )


def _minimax(spec: Spec) -> Algorithm:
    return Algorithm(
        name="minimax", title="Minimax", label=f"minimax, {spec.edition.label}",
        listing=minimax_listing(spec.edition, depth_limited=spec.depth_limited),
        replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start, depth_limited=spec.depth_limited,
        edition=spec.edition, windowed=False, calls="{player}-VALUE({name})",
    )


def _tutorial(spec: Spec) -> Algorithm:
    return Algorithm(
        name="alphabeta_tutorial", title="Alpha-beta", label="alpha-beta, tutorial form",
        listing=tutorial_listing(), replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start, depth_limited=spec.depth_limited,
        edition=Edition.FOURTH, calls="ALPHA-BETA({name}, α = {alpha}, β = {beta}, maximizing = {flag})",
        frame="ALPHA-BETA({name}, maximizing = {flag})",
    )


def _fail_hard(spec: Spec) -> Algorithm:
    return Algorithm(
        name="alphabeta_fail_hard", title="Alpha-beta (fail-hard)", label="alpha-beta, fail-hard form",
        listing=fail_hard_listing(), replay=WINDOWED, narrate=narrate.WINDOWED, start=narrate.start, depth_limited=spec.depth_limited,
        calls="alphabeta({name}, α = {alpha}, β = {beta}, maximizingPlayer = {flag})",
        frame="alphabeta({name}, maximizingPlayer = {flag})",
    )


def _negamax(spec: Spec) -> Algorithm:
    return Algorithm(
        name="negamax", title="Negamax", label=f"negamax, {spec.tie.label}",
        listing=negamax_listing(tie=spec.tie, depth_limited=spec.depth_limited),
        replay=WINDOWED_MOVER, narrate=narrate.NEGAMAX, start=narrate.start, depth_limited=spec.depth_limited, tie=spec.tie,
        calls="NEGAMAX({name}, α = {alpha}, β = {beta})", frame="NEGAMAX({name})", perspective="mover",
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
        listing=memory_listing(spec.name, depth_limited=spec.depth_limited, uses=spec.uses),
        replay=MEMORY_REPLAY, narrate=MEMORY_NARRATION, start=tell_start, depth_limited=spec.depth_limited,
        calls="NEGAMAX({name}, α = {alpha}, β = {beta})", frame="NEGAMAX({name})", perspective="mover",
        views=frozenset({"tree", "stack", "listing", "table", "passes"}),
    )


def _negascout(spec: Spec) -> Algorithm:
    return Algorithm(
        name="negascout", title="NegaScout", label="NegaScout",
        listing=negascout_listing(depth_limited=spec.depth_limited),
        replay=MEMORY_REPLAY, narrate=MEMORY_NARRATION, start=narrate.start, depth_limited=spec.depth_limited,
        calls="NEGASCOUT({name}, α = {alpha}, β = {beta})", frame="NEGASCOUT({name})", perspective="mover",
    )


# Each search registered once: its description, its command-line name and options, its front-door name.
_BOTH = frozenset({"edition", "prune_on_tie"})
alphabeta = register(Registration("alphabeta", search.alphabeta, _alphabeta, command="alphabeta", options=_BOTH))
minimax = register(Registration("minimax", search.minimax, _minimax, command="minimax",
                                options=frozenset({"edition"})))
alphabeta_tutorial = register(Registration("alphabeta_tutorial", search.alphabeta_tutorial, _tutorial,
                                           command="tutorial"))
alphabeta_fail_hard = register(Registration("alphabeta_fail_hard", search.alphabeta_fail_hard, _fail_hard,
                                            command="fail-hard"))
negamax = register(Registration("negamax", search.negamax, _negamax, command="negamax",
                                options=frozenset({"prune_on_tie"})))
negascout = register(Registration("negascout", search.negascout, _negascout))
negamax_memory = register(Registration("negamax_memory", search.negamax_memory, _memory))
iterative_deepening = register(Registration("iterative_deepening", search.iterative_deepening, _memory))
aspiration = register(Registration("aspiration", search.aspiration, _memory))
null_window = register(Registration("null_window", search.null_window, _memory))
mtdf = register(Registration("mtdf", search.mtdf, _memory))
sss_star = register(Registration("sss_star", search.sss_star, _memory))
mcts = register(Registration("mcts", _mcts_search, describe_mcts))
# Registered in its own module, with the replay and sentences of its chance nodes.
from abteach.trace.chance import expectiminimax, star1  # noqa: E402


__all__ = ["alphabeta", "minimax", "alphabeta_tutorial", "alphabeta_fail_hard", "negamax", "negamax_memory",
           "iterative_deepening", "aspiration", "null_window", "negascout", "mtdf", "sss_star", "mcts", "expectiminimax", "star1",
           "describe", "described_kinds", "with_trace", "traced", "Problem", "SearchResult"]
