"""Red team 34: wrong expectimax searches from outside the graded family still fail, for a sample of seeds.

Each search below is a plausible student mistake that is *not* one of :data:`abteach.grading.expectimax.FAMILY`
(the likeliest outcome at chance nodes, max of p·v, off-by-one loops, a depth limit of 1 or 2, turn taking
instead of ``to_move``, fail-hard alpha-beta through chance nodes, ...).  It is run in-process on the grading
trees' :class:`~abteach.grading.game.GradingGame` (no sandbox) and judged from the grader's own
:func:`~abteach.grading.expectimax.expected` answers as ``check_expectimax`` judges a search that returns its move
only: the whole check passes it iff its move is a best move on every tree; the frame part iff it is that or it
answers on every tree as one named chance mistake does.  Each was seen to fail both, on each of 451 seeds
(0..300 and 150 random 16-byte hex strings); here a sample of them is pinned.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest

from abteach.grading.expectimax import CHANCE_MISTAKES, expected, expectimax_trees
from abteach.grading.game import GradingGame

SEEDS: list[int | str] = [0, 1, 2, 7, 44, 123, 300, "f49b20846c9025f8108797d6f2e7351d", "07a81949e60d93473ab434fed7e439fe",
         "4348c7ab805eb48d1e3984ac4502ca96"]


def _weighted(ps: list[float], vs: list[Any]) -> Any:
    return sum(p * v for p, v in zip(ps, vs))


def _search(chance: Callable[[list[float], list[Any]], Any] = _weighted,
            at_max: Callable[[list[Any], int], Any] = lambda vs, d: max(vs),
            at_min: Callable[[list[Any], int], Any] = lambda vs, d: min(vs),
            kids: Callable[[list[Any]], list[Any]] = lambda xs: xs,
            depth_limit: int | None = None) -> Callable[[Any, Any], str]:
    """A search, correct but for the rule given (children's values in, the node's value out)."""
    def search(game: Any, state: Any) -> str:
        player = game.to_move(state)

        def value(s: Any, d: int) -> Any:
            if game.is_terminal(s):
                return game.utility(s, player)
            if depth_limit is not None and d >= depth_limit:
                return 0
            vs = [value(game.result(s, a), d + 1) for a in kids(game.actions(s))]
            if game.to_move(s) == "CHANCE":
                return chance(kids(game.probabilities(s)), vs)
            return at_max(vs, d) if game.to_move(s) == "MAX" else at_min(vs, d)
        acts = game.actions(state)
        return max(acts, key=lambda a: value(game.result(state, a), 1))
    return search


def _turn_taking(game: Any, state: Any) -> str:
    """MIN moves after a chance node, MAX after MIN: turns counted, ``to_move`` read only for chance."""
    player = game.to_move(state)

    def value(s: Any, who: str) -> Any:
        if game.is_terminal(s):
            return game.utility(s, player)
        if game.to_move(s) == "CHANCE":
            nxt = "MIN" if who == "MAX" else "MAX"
            return sum(p * value(game.result(s, a), nxt) for p, a in zip(game.probabilities(s), game.actions(s)))
        vs = [value(game.result(s, a), who) for a in game.actions(s)]
        return max(vs) if who == "MAX" else min(vs)
    return max(game.actions(state), key=lambda a: value(game.result(state, a), "MAX"))


def _parity(game: Any, state: Any) -> str:
    """MAX at even depth, MIN at odd, whatever ``to_move`` says (chance read right)."""
    player = game.to_move(state)

    def value(s: Any, d: int) -> Any:
        if game.is_terminal(s):
            return game.utility(s, player)
        vs = [value(game.result(s, a), d + 1) for a in game.actions(s)]
        if game.to_move(s) == "CHANCE":
            return _weighted(game.probabilities(s), vs)
        return max(vs) if d % 2 == 0 else min(vs)
    return max(game.actions(state), key=lambda a: value(game.result(state, a), 1))


def _alphabeta_through_chance_fail_hard(game: Any, state: Any) -> str:
    """Alpha-beta's window handed on through chance nodes, a cut returning the bound (fail-hard)."""
    player = game.to_move(state)

    def value(s: Any, alpha: float, beta: float) -> Any:
        if game.is_terminal(s):
            return game.utility(s, player)
        acts = game.actions(s)
        if game.to_move(s) == "CHANCE":
            return sum(p * value(game.result(s, a), alpha, beta) for p, a in zip(game.probabilities(s), acts))
        if game.to_move(s) == "MAX":
            v = -math.inf
            for a in acts:
                v = max(v, value(game.result(s, a), alpha, beta))
                if v >= beta:
                    return beta
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in acts:
            v = min(v, value(game.result(s, a), alpha, beta))
            if v <= alpha:
                return alpha
            beta = min(beta, v)
        return v
    best, move, alpha = -math.inf, None, -math.inf
    for a in game.actions(state):
        v = value(game.result(state, a), alpha, math.inf)
        if v > best:
            best, move = v, a
        alpha = max(alpha, best)
    assert move is not None
    return move


def _likeliest(ps: list[float], vs: list[Any], last: bool = False) -> Any:
    order = range(len(ps) - 1, -1, -1) if last else range(len(ps))
    return vs[max(order, key=lambda i: ps[i])]


WRONG: dict[str, Callable[[Any, Any], str]] = {
    "likeliest outcome (first of ties)": _search(chance=_likeliest),
    "likeliest outcome (last of ties)": _search(chance=lambda ps, vs: _likeliest(ps, vs, last=True)),
    "max of p*v": _search(chance=lambda ps, vs: max(p * v for p, v in zip(ps, vs))),
    "min of p*v": _search(chance=lambda ps, vs: min(p * v for p, v in zip(ps, vs))),
    "sum of v/p": _search(chance=lambda ps, vs: sum(v / p for p, v in zip(ps, vs))),
    "sum of p*v*v": _search(chance=lambda ps, vs: sum(p * v * v for p, v in zip(ps, vs))),
    "chance skips its last outcome": _search(chance=lambda ps, vs: _weighted(ps[:-1], vs[:-1])),
    "max only at 3-outcome chance nodes":
        _search(chance=lambda ps, vs: max(vs) if len(vs) == 3 else _weighted(ps, vs)),
    "every loop skips its last action": _search(kids=lambda xs: xs[:-1] if len(xs) > 1 else xs),
    "every loop skips its first action": _search(kids=lambda xs: xs[1:] if len(xs) > 1 else xs),
    "depth limit 1, cut scored 0": _search(depth_limit=1),
    "depth limit 2, cut scored 0": _search(depth_limit=2),
    "MAX below depth 2 taken for MIN": _search(at_max=lambda vs, d: min(vs) if d >= 2 else max(vs)),
    "MIN below depth 2 averaged": _search(at_min=lambda vs, d: sum(vs) / len(vs) if d >= 2 else min(vs)),
    "turn taking after chance": _turn_taking,
    "MAX/MIN by depth parity": _parity,
    "alpha-beta through chance nodes, fail-hard": _alphabeta_through_chance_fail_hard,
}


def _verdict(search: Callable[[Any, Any], str], seed: int | str) -> tuple[bool, bool]:
    """(whole passed, frame passed), as check_expectimax reads a search that returns its move only."""
    got = []
    for _, t in expectimax_trees(seed):
        g = GradingGame(t)
        got.append(search(g, g.initial))
    exp = expected(seed)
    whole = all(right.agrees(m, None) for m, (right, _) in zip(got, exp))
    fits = [k for k in CHANCE_MISTAKES if all(w[k].agrees(m, None) for m, (_, w) in zip(got, exp))
            and any(w[k].differs(r) for r, w in exp)]
    return whole, whole or bool(fits)


def test_the_judge_passes_the_correct_search_and_a_named_mistake_on_the_frame() -> None:
    for seed in SEEDS[:3]:
        assert _verdict(_search(), seed) == (True, True)
        assert _verdict(_search(chance=lambda ps, vs: min(vs)), seed) == (False, True)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_search_outside_the_family_fails_whole_and_frame(name: str, seed: int | str) -> None:
    assert _verdict(WRONG[name], seed) == (False, False), name
