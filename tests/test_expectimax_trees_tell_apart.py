"""The expectimax grading trees tell every search of a family apart by the move it returns.

The family: a rule per node kind (MAX, MIN, chance) from a few plausible ones, the root's move chosen as the child
of largest or of smallest value; and searches that do not search (always action i).  Over a seed's trees
(:func:`expectimax_trees`), (a) only the correct search returns a best move on every tree, and (b) for the
``'frame'`` part, no search wrong at a MAX or MIN node (or not searching) answers on every tree as the correct
search or as a named chance mistake, and each named mistake is told from every other search.  Each search is
valued here by this test's own evaluator, from the trees' data; the grader's own answers are checked against it.
Red team session 33 (/tmp/redteam33/REPRO.md §1) found searches that passed, for some hidden seeds.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product
from typing import Any, Callable, Sequence

import pytest
from hypothesis import given, settings, strategies as st

from abteach.grading.expectimax import check_expectimax, expected, expectimax_trees

Rule = Callable[[Sequence[Any], Sequence[Any]], Any]  # (probabilities or None, children's values) -> value

NODE = {  # how a MAX or a MIN node may be valued
    "max": lambda ps, vs: max(vs), "min": lambda ps, vs: min(vs),
    "mean": lambda ps, vs: Fraction(sum(map(Fraction, vs))) / len(vs),
    "first": lambda ps, vs: vs[0], "last": lambda ps, vs: vs[-1],
}
CHANCE = {  # how a chance node may be valued
    **NODE,
    "weighted": lambda ps, vs: sum(Fraction(p) * Fraction(v) for p, v in zip(ps, vs)),
    "reversed": lambda ps, vs: sum(Fraction(p) * Fraction(v) for p, v in zip(ps[::-1], vs)),
    "divided-by-count": lambda ps, vs: sum(Fraction(p) * Fraction(v) for p, v in zip(ps, vs)) / len(vs),
}
# A search: (root choice, MAX rule, MIN rule, chance rule); root choice 'max' or 'min', or an int: always action i.
Search = tuple[Any, ...]
RIGHT: Search = ("max", "max", "min", "weighted")
NAMED = {"chance-mean": ("max", "max", "min", "mean"), "chance-as-min": ("max", "max", "min", "min"),
         "chance-as-max": ("max", "max", "min", "max")}
FAMILY: list[Search] = [*product(("max", "min"), NODE, NODE, CHANCE), *((i,) for i in (0, 1, 2, -1))]


def close(a: Any, b: Any) -> bool:
    return math.isclose(a, b, abs_tol=1e-9)


def moves(t: Any, search: Search) -> frozenset[str]:
    """The moves ``search`` may return on ``t`` (every one tied for its choice)."""
    n = len(t.root.children)
    if isinstance(search[0], int):
        i = search[0]
        return frozenset({t.move_name(t.root, i % n)}) if -n <= i < n else frozenset()
    _, at_max, at_min, at_chance = search

    def value(node: Any) -> Any:
        if node.is_leaf:
            return node.value
        vs = [value(c) for c in node.children]
        if node.kind == "CHANCE":
            return CHANCE[at_chance](list(node.probabilities), vs)
        return NODE[at_max if node.kind == "MAX" else at_min](None, vs)

    kids = [value(c) for c in t.root.children]
    best = max(kids) if search[0] == "max" else min(kids)
    return frozenset(t.move_name(t.root, i) for i, v in enumerate(kids) if close(v, best))


def wrong_at_max_or_min(search: Search) -> bool:
    return isinstance(search[0], int) or search[:3] != RIGHT[:3]


def check(seed: Any) -> None:
    trees = [t for _, t in expectimax_trees(seed)]
    got = {s: [moves(t, s) for t in trees] for s in FAMILY}
    # The test's evaluator is the grader's: the correct search and each named mistake answer the same moves.
    for k, (right, wrong) in enumerate(expected(seed)):
        assert got[RIGHT][k] == right.moves
        for m, s in NAMED.items():
            assert got[s][k] == wrong[m].moves, (m, k)

    def told_apart(a: Search, b: Search) -> bool:
        return any(x.isdisjoint(y) for x, y in zip(got[a], got[b]))

    # (a) only the correct search returns a best move on every tree.
    assert [s for s in FAMILY if s != RIGHT and not told_apart(RIGHT, s)] == []
    # (b) no search wrong at a MAX or MIN node passes the frame, and each named mistake is told from every search.
    for m, named in NAMED.items():
        assert [s for s in FAMILY if s != named and not told_apart(named, s)] == [], m
    assert all(told_apart(RIGHT, s) for s in FAMILY if wrong_at_max_or_min(s))


HEX = st.binary(min_size=16, max_size=16).map(bytes.hex)  # as the course's hidden seed is written


@settings(deadline=None, max_examples=25)
@given(st.one_of(st.integers(min_value=-10**6, max_value=10**9), HEX, st.text(max_size=12)))
def test_every_search_of_the_family_is_told_apart_by_its_move(seed: Any) -> None:
    check(seed)


@pytest.mark.parametrize("seed", [0, 4, 23, 40, 2, 7, 10, 44, "redteam-19", "redteam-134", "course-2026"])
def test_the_red_teams_seeds_tell_every_search_apart(seed: Any) -> None:
    check(seed)


# -- the red team's searches, through the sandbox --------------------------------------------------------------

SEARCH = '''
def expectimax_search(game, state):
    player = game.to_move(state)

    def value(s):
        if game.is_terminal(s):
            return game.utility(s, player)
        values = [value(game.result(s, a)) for a in game.actions(s)]
        if game.to_move(s) == "CHANCE":
            return sum(p * v for p, v in zip(game.probabilities(s), values))
        if game.to_move(s) == "MAX":
            return max(values)
        return min(values)
    best, move = None, None
    for a in game.actions(state):
        v = value(game.result(state, a))
        if best is None or v > best:
            best, move = v, a
    return move
'''
MIN_AVERAGED = SEARCH.replace("return min(values)", "return sum(values) / len(values)")
MAX_AND_MIN_AVERAGED = MIN_AVERAGED.replace("sum(p * v for p, v in zip(game.probabilities(s), values))",
                                            "max(values)")
FIRST_ACTION = "def expectimax_search(game, state):\n    return game.actions(state)[0]\n"


@pytest.mark.sandbox
def test_the_searches_are_what_they_say() -> None:
    # Each differs from the correct search where it says, and the correct one gets full marks.
    assert MIN_AVERAGED != SEARCH and MAX_AND_MIN_AVERAGED != MIN_AVERAGED
    r = check_expectimax(SEARCH, seed=4)
    assert r.passed and r.score == r.out_of


@pytest.mark.sandbox
@pytest.mark.parametrize("seed", [4, 23, 40, "redteam-19"])
def test_a_search_that_averages_min_nodes_never_passes(seed: Any) -> None:
    for part in ("whole", "frame"):
        r = check_expectimax(MIN_AVERAGED, seed=seed, part=part)
        assert not r.passed and r.diagnosis == "unknown", part


@pytest.mark.sandbox
@pytest.mark.parametrize("seed", [2, 7, 10])
def test_the_frame_fails_a_chance_mistake_made_with_min_nodes_averaged(seed: Any) -> None:
    r = check_expectimax(MAX_AND_MIN_AVERAGED, seed=seed, part="frame")
    assert not r.passed and r.diagnosis == "unknown"


@pytest.mark.sandbox
@pytest.mark.parametrize("seed", [44, "redteam-134"])
def test_the_frame_fails_a_search_that_does_not_search(seed: Any) -> None:
    r = check_expectimax(FIRST_ACTION, seed=seed, part="frame")
    assert not r.passed and r.diagnosis == "unknown"


@pytest.mark.parametrize("field, bad", [("root", "mean"), ("root", True), ("at_max", "median"), ("at_min", "weighted"),
                                        ("at_chance", "likeliest")])
def test_a_rule_outside_the_family_is_refused_by_name(field: str, bad: Any) -> None:
    from abteach.grading.expectimax import Rules
    with pytest.raises(ValueError, match=f"{field} must be .*{bad!r}"):
        Rules(**{field: bad})
