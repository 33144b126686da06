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
import statistics
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
            depth_limit: int | None = None, cut: Any = 0) -> Callable[[Any, Any], str]:
    """A search, correct but for the rule given (children's values in, the node's value out); a node at
    ``depth_limit`` is scored ``cut``."""
    def search(game: Any, state: Any) -> str:
        player = game.to_move(state)

        def value(s: Any, d: int) -> Any:
            if game.is_terminal(s):
                return game.utility(s, player)
            if depth_limit is not None and d >= depth_limit:
                return cut
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


def _alphabeta_through_chance(fail_hard: bool, chance: Callable[[list[float], list[Any]], Any] = _weighted
                              ) -> Callable[[Any, Any], str]:
    """Alpha-beta's window handed on through chance nodes, a cut returning the bound (fail-hard) or the value
    so far (fail-soft); chance nodes valued by ``chance``."""
    def search(game: Any, state: Any) -> str:
        player = game.to_move(state)

        def value(s: Any, alpha: float, beta: float) -> Any:
            if game.is_terminal(s):
                return game.utility(s, player)
            acts = game.actions(s)
            if game.to_move(s) == "CHANCE":
                return chance(game.probabilities(s), [value(game.result(s, a), alpha, beta) for a in acts])
            if game.to_move(s) == "MAX":
                v = -math.inf
                for a in acts:
                    v = max(v, value(game.result(s, a), alpha, beta))
                    if v >= beta:
                        return beta if fail_hard else v
                    alpha = max(alpha, v)
                return v
            v = math.inf
            for a in acts:
                v = min(v, value(game.result(s, a), alpha, beta))
                if v <= alpha:
                    return alpha if fail_hard else v
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
    return search


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
    "alpha-beta through chance nodes, fail-hard": _alphabeta_through_chance(fail_hard=True),
}


def _verdict(search: Callable[[Any, Any], str], seed: int | str) -> tuple[bool, bool]:
    """(whole passed, frame passed), as check_expectimax reads a search that returns its move only."""
    exp = expected(seed)
    whole = True
    fits = {k for k in CHANCE_MISTAKES if any(w[k].differs(r) for r, w in exp)}  # the mistakes the frame may name
    for (_, t), (right, wrong) in zip(expectimax_trees(seed), exp):
        if not whole and not fits:  # failed both already: the trees left cannot change that
            break
        g = GradingGame(t)
        m = search(g, g.initial)
        whole = whole and right.agrees(m, None)
        fits = {k for k in fits if wrong[k].agrees(m, None)}
    return whole, whole or bool(fits)


def test_the_judge_passes_the_correct_search_and_a_named_mistake_on_the_frame() -> None:
    for seed in SEEDS[:3]:
        assert _verdict(_search(), seed) == (True, True)
        assert _verdict(_search(chance=lambda ps, vs: min(vs)), seed) == (False, True)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_search_outside_the_family_fails_whole_and_frame(name: str, seed: int | str) -> None:
    assert _verdict(WRONG[name], seed) == (False, False), name


# -- red team 34: searches that passed before the close-call trees (/tmp/redteam34/REPRO.md, breaks 1-4) ---------

def _mean(vs: list[Any]) -> Any:
    return sum(vs) / len(vs)


def _min_mean_if(n: int) -> Callable[[list[Any], int], Any]:
    return lambda vs, d: _mean(vs) if len(vs) == n else min(vs)


def _max_mean_if(n: int) -> Callable[[list[Any], int], Any]:
    return lambda vs, d: _mean(vs) if len(vs) == n else max(vs)


def _min_skips_last(vs: list[Any], d: int) -> Any:
    return min(vs[:-1]) if len(vs) > 1 else vs[0]


def _chance_mean_where(pred: Callable[[list[float]], bool]) -> Callable[[list[float], list[Any]], Any]:
    """Chance nodes averaged without their probabilities, but only where ``pred(probabilities)`` holds."""
    return lambda ps, vs: _mean(vs) if pred(ps) else _weighted(ps, vs)


#: Wrong at a MAX or MIN node (or not searching every node): each passed the whole check, the frame or both on
#: some of the red team's seeds (public seed 0 among them for the alpha-beta through chance nodes).
WRONG_AT_MAX_OR_MIN: dict[str, Callable[[Any, Any], str]] = {
    "alpha-beta through chance nodes, fail-soft": _alphabeta_through_chance(fail_hard=False),
    "alpha-beta through chance nodes, fail-soft, chance mean":
        _alphabeta_through_chance(fail_hard=False, chance=lambda ps, vs: _mean(vs)),
    "MIN averaged at 2-child nodes": _search(at_min=_min_mean_if(2)),
    "MIN averaged at 3-child nodes": _search(at_min=_min_mean_if(3)),
    "MAX below the root averaged at 2-child nodes": _search(at_max=_max_mean_if(2)),
    "MAX below the root read as MIN at 3-child nodes": _search(at_max=lambda vs, d: min(vs) if len(vs) == 3 else max(vs)),
    "MIN skips its last child": _search(at_min=_min_skips_last),
    "MIN skips its first child": _search(at_min=lambda vs, d: min(vs[1:]) if len(vs) > 1 else vs[0]),
    "MIN valued -max": _search(at_min=lambda vs, d: -max(vs)),
    "depth limit 3, cut scored 0": _search(depth_limit=3),
    "depth limit 3, cut scored +1000": _search(depth_limit=3, cut=1000),
    "depth limit 3, cut scored -1000": _search(depth_limit=3, cut=-1000),
    "MIN below depth 3 averaged": _search(at_min=lambda vs, d: _mean(vs) if d >= 3 else min(vs)),
    "MAX below depth 3 averaged": _search(at_max=lambda vs, d: _mean(vs) if d >= 3 else max(vs)),
    "chance as max, MIN averaged at 2-child nodes": _search(chance=lambda ps, vs: max(vs), at_min=_min_mean_if(2)),
    "chance as max, MAX averaged at 2-child nodes": _search(chance=lambda ps, vs: max(vs), at_max=_max_mean_if(2)),
    "chance mean, MAX averaged at 2-child nodes": _search(chance=lambda ps, vs: _mean(vs), at_max=_max_mean_if(2)),
    "chance mean, MIN skips its last child": _search(chance=lambda ps, vs: _mean(vs), at_min=_min_skips_last),
}
#: Wrong only at chance nodes, so the frame may pass them as a named mistake; the whole check must not.
WRONG_AT_CHANCE: dict[str, Callable[[Any, Any], str]] = {
    "round(sum p*v)": _search(chance=lambda ps, vs: round(_weighted(ps, vs))),
    "floor(sum p*v)": _search(chance=lambda ps, vs: math.floor(_weighted(ps, vs))),
    "sum of int(p*v)": _search(chance=lambda ps, vs: sum(int(p * v) for p, v in zip(ps, vs))),
    "sum p*v times the count": _search(chance=lambda ps, vs: _weighted(ps, vs) * len(vs)),
    "sum p*v / max p": _search(chance=lambda ps, vs: _weighted(ps, vs) / max(ps)),
    "sum p*v + sum v": _search(chance=lambda ps, vs: _weighted(ps, vs) + sum(vs)),
    "median outcome": _search(chance=lambda ps, vs: statistics.median(vs)),
    "(min + max) / 2": _search(chance=lambda ps, vs: (min(vs) + max(vs)) / 2),
    "probabilities sorted largest first": _search(chance=lambda ps, vs: _weighted(sorted(ps, reverse=True), vs)),
    "p[0] * sum v": _search(chance=lambda ps, vs: ps[0] * sum(vs)),
    "averaged where a probability is 0.5": _search(chance=_chance_mean_where(lambda ps: any(p == 0.5 for p in ps))),
    "averaged at 2-outcome nodes": _search(chance=_chance_mean_where(lambda ps: len(ps) == 2)),
    "averaged at 3-outcome nodes": _search(chance=_chance_mean_where(lambda ps: len(ps) == 3)),
}
#: The red team's seeds where these passed, public seed 0, and hex seeds as the course's hidden seed is written.
SEEDS_34: list[int | str] = [0, 1, 3, 5, 6, 7, 9, 16, 27, 41, 88, "07a81949e60d93473ab434fed7e439fe",
                             "f49b20846c9025f8108797d6f2e7351d", "4348c7ab805eb48d1e3984ac4502ca96"]


def test_the_searches_of_red_team_34_are_wrong() -> None:
    # Each answers another move than expectiminimax on a small tree of the grader's own kind (so each test below
    # can fail): a search wrong on no tree would pass whatever the trees.
    trees = [t for seed in (0, 1) for _, t in expectimax_trees(seed)]
    exp = [right for seed in (0, 1) for right, _ in expected(seed)]
    for name, search in {**WRONG_AT_MAX_OR_MIN, **WRONG_AT_CHANCE}.items():
        got = [search(g, g.initial) for g in map(GradingGame, trees)]
        assert not all(right.agrees(m, None) for m, right in zip(got, exp)), name


@pytest.mark.parametrize("seed", SEEDS_34)
@pytest.mark.parametrize("name", sorted(WRONG_AT_MAX_OR_MIN))
def test_a_search_wrong_at_max_or_min_fails_whole_and_frame(name: str, seed: int | str) -> None:
    assert _verdict(WRONG_AT_MAX_OR_MIN[name], seed) == (False, False), name


@pytest.mark.parametrize("seed", SEEDS_34)
@pytest.mark.parametrize("name", sorted(WRONG_AT_CHANCE))
def test_a_search_wrong_at_chance_nodes_fails_the_whole_check(name: str, seed: int | str) -> None:
    assert _verdict(WRONG_AT_CHANCE[name], seed)[0] is False, name
