"""The dice game "hold or roll" and the chance examples, held to values worked out here from the rules alone."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.games.dice import DiceState, HoldOrRoll


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def by_hand(faces: tuple[int, ...], hold: int) -> tuple[Fraction, Fraction, Fraction]:
    """(value, value of holding, value of rolling) for MAX at the start, from the rules: one turn each."""
    die = {face: Fraction(n, 6) for face, n in Counter(faces).items()}

    def min_turn(m: int) -> Fraction:  # MIN knows MAX's score m and takes the smaller of hold and roll
        return min(Fraction(sign(m - hold)), sum(p * sign(m - f) for f, p in die.items()))

    holding = min_turn(hold)
    rolling = sum(p * min_turn(f) for f, p in die.items())
    return max(holding, rolling), holding, rolling


def test_the_lectures_die_by_hand() -> None:
    # Worked by hand: MIN, after MAX's 1, holds and wins (−1); after MAX's 2, holding and rolling both tie
    # on average (0); after MAX's 3 MIN must roll: 1/3·1 + 1/3·1 + 1/3·0 = 2/3.  Rolling is (−1 + 0 + 2/3)/3.
    value, holding, rolling = by_hand((1, 1, 2, 2, 3, 3), 2)
    assert (value, holding, rolling) == (0, 0, Fraction(-1, 9))
    result = ab.expectiminimax(ab.examples.HOLD_OR_ROLL)
    assert (result.value, result.move_name) == (0, "hold")
    # Every inner node's value, as the lecture states them by name.
    t = ab.examples.HOLD_OR_ROLL
    last = result.trace.frame(len(result.trace))
    inner = [(), (0,), (0, 1), (1,), (1, 0), (1, 0, 1), (1, 1), (1, 1, 1), (1, 2), (1, 2, 1)]
    named = {t.name(p): last.node(p).value for p in inner}
    assert named == {"A": 0, "B": 0, "D": 0, "C": Fraction(-1, 9), "E": -1, "H": Fraction(-2, 3), "F": 0,
                     "I": 0, "G": Fraction(2, 3), "J": Fraction(2, 3)}


def test_the_lectures_practice_die_by_hand() -> None:
    # Lecture 12's practice: faces 1, 2, 2, 3, 3, 3 and 2 for holding.  F: MIN rolls, 1/6 − 1/2 = −1/3;
    # G: 1/6 + 1/3 = 1/2; C = −1/6 − 1/9 + 1/4 = −1/36 > B = −1/3, so MAX rolls.
    assert by_hand((1, 2, 2, 3, 3, 3), 2) == (Fraction(-1, 36), Fraction(-1, 3), Fraction(-1, 36))
    t = ab.HoldOrRoll((1, 2, 2, 3, 3, 3), 2).tree()
    result = ab.expectiminimax(t)
    last = result.trace.frame(len(result.trace))
    assert [last.node(p).value for p in [(1, 0), (1, 1), (1, 2)]] == [-1, Fraction(-1, 3), Fraction(1, 2)]
    assert result.move_name == "roll"


def test_question_one_chance_node() -> None:
    # Lecture 12, question 1: 1/2 × 4 + 1/4 × 8 + 1/4 × 0 = 4.
    t = ab.tree([4, 8, 0], kinds={(): "CHANCE"}, probabilities={(): [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]})
    assert ab.expectiminimax(t).value == 4


def test_the_lectures_stepping_moments() -> None:
    # Lecture 12: C's running v goes −1/3, −1/3, −1/9 (1/3 × −1, + 1/3 × 0, + 1/3 × 2/3); at B both of MIN's
    # choices are worth 0 and the best line keeps the first, hold then hold.
    result = ab.expectiminimax(ab.examples.HOLD_OR_ROLL)
    running = [e.v for e in result.trace.events if e.node == (1,) and e.line == "chance.update"]
    assert running == [Fraction(-1, 3), Fraction(-1, 3), Fraction(-1, 9)]
    at_b = [e.v for e in result.trace.events if e.node == (0,) and e.line == "min.update"]
    assert at_b == [0, 0] and result.pv == (0, 0)
    assert [result.trace.move_name(p) for p in [(0,), (0, 0)]] == ["hold", "hold"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=6, max_size=6).map(tuple), st.integers(0, 6))
def test_expectiminimax_solves_the_game_as_the_rules_say(faces: tuple[int, ...], hold: int) -> None:
    value, holding, rolling = by_hand(faces, hold)
    game = HoldOrRoll(faces, hold)
    on_game, on_tree = ab.expectiminimax(game, trace=False), ab.expectiminimax(game.tree(), trace=False)
    assert on_game.value == on_tree.value == value
    assert isinstance(on_tree.value, (int, Fraction))  # exact: no float crept in
    assert on_game.move_name == ("hold" if holding >= rolling else "roll")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=6, max_size=6).map(tuple), st.integers(0, 6))
def test_the_tree_has_one_leaf_per_way_the_game_can_end(faces: tuple[int, ...], hold: int) -> None:
    # Each turn ends in one of 1 + (distinct faces) ways, hold or one face; there are two turns.
    ends = 1 + len(set(faces))
    assert len(list(HoldOrRoll(faces, hold).tree().leaves())) == ends ** 2


def test_turns_and_chance_follow_the_rules() -> None:
    game = HoldOrRoll((1, 2, 3, 4, 5, 6), 4)
    s = game.initial
    assert (game.to_move(s), game.actions(s)) == ("MAX", ("hold", "roll"))
    s = game.result(s, "roll")
    assert (game.to_move(s), game.actions(s)) == ("CHANCE", (1, 2, 3, 4, 5, 6))
    assert game.probabilities(s) == (Fraction(1, 6),) * 6
    s = game.result(s, 5)
    assert (game.to_move(s), s) == ("MIN", DiceState(max_score=5))
    s = game.result(s, "hold")
    assert game.is_terminal(s) and game.utility(s, "MAX") == 1 and game.utility(s, "MIN") == -1


@pytest.mark.parametrize("faces, hold, message", [
    ((1, 2, 3), 2, "faces: a die has six faces, not 3"),
    ((1, 2, 3, 4, 5, 6), 2.5, "hold must be a whole number of points, not 2.5"),
    ((1, 2, 3, 4, 5, "6"), 2, "faces[5] must be a whole number of points, not '6'"),
])
def test_a_bad_die_is_refused_by_name(faces: tuple[int, ...], hold: int, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        HoldOrRoll(faces, hold)


def test_a_move_not_in_the_position_is_refused() -> None:
    with pytest.raises(ValueError, match="action: 4 is not a move"):
        HoldOrRoll().result(HoldOrRoll().result(HoldOrRoll().initial, "roll"), 4)


def test_fig_5_13_both_trees_as_facts_section_11_states() -> None:
    # FACTS §11: 2, 3 / 1, 4 give 2.1 against 1.3 (a1); 20, 30 / 1, 400 give 21 against 40.9 (a2).
    def chance_values(t: ab.Tree) -> list[float]:
        return [sum(p * t.node((i, j)).value for j, p in enumerate(t.node((i,)).probabilities))
                for i in range(2)]
    small, big = ab.examples.FIG_5_13, ab.examples.FIG_5_13_RESCALED
    assert chance_values(small) == pytest.approx([2.1, 1.3])
    assert chance_values(big) == pytest.approx([21, 40.9])
    assert ab.expectiminimax(small).move_name == "a1" and ab.expectiminimax(big).move_name == "a2"
    # The change keeps the leaves' order: ranking the four leaves gives the same order in both trees.
    def ranks(t: ab.Tree) -> list[int]:
        leaves = [t.node((i, j)).value for i in range(2) for j in range(2)]
        return sorted(range(4), key=leaves.__getitem__)
    assert ranks(small) == ranks(big)


def test_chance_examples_are_kept_out_of_the_alpha_beta_examples() -> None:
    assert not set(ab.examples.WITH_CHANCE) & set(ab.examples.ALL)
    for t in ab.examples.WITH_CHANCE.values():
        assert any(t.node(p).kind == "CHANCE" for p in [()] + [(i,) for i in range(len(t.root.children))])


def test_two_dice_have_21_distinct_rolls() -> None:
    # Backgammon's two dice (FACTS.md §11): 6 doubles, 1/36 each, and 15 others, 1/18 each (two orders): 21.
    rolls = Counter(tuple(sorted((a, b))) for a in range(1, 7) for b in range(1, 7))
    assert len(rolls) == 21
    assert sorted(Counter(rolls.values()).items()) == [(1, 6), (2, 15)]


two_by_two = st.tuples(st.lists(st.integers(-20, 20), min_size=4, max_size=4),
                       st.fractions(Fraction(1, 20), Fraction(19, 20)), st.fractions(Fraction(1, 20), Fraction(19, 20)))


@settings(max_examples=100, deadline=None)
@given(two_by_two, st.fractions(Fraction(1, 10), 10), st.fractions(-10, 10))
def test_a_positive_linear_change_keeps_expectiminimaxs_value_and_choice(shape: Any, a: Fraction,
                                                                         b: Fraction) -> None:
    leaves, p, q = shape
    probabilities = {(0,): [p, 1 - p], (1,): [q, 1 - q]}
    plain = ab.expectiminimax(ab.tree([leaves[:2], leaves[2:]], probabilities=probabilities), trace=False)
    moved = ab.expectiminimax(ab.tree([[a * x + b for x in leaves[:2]], [a * x + b for x in leaves[2:]]],
                                      probabilities=probabilities), trace=False)
    assert moved.value == a * plain.value + b and moved.move_name == plain.move_name


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_an_order_preserving_change_keeps_minimaxs_choice(seed: int) -> None:
    # Minimax only compares values, so any strictly increasing change of every leaf keeps its move.
    t = ab.random_tree(3, 3, seed=seed, values=(-9, 9))
    cubed = ab.tree(_mapped(t.to_nested(), lambda x: x ** 3 + 7))
    powered = ab.tree(_mapped(t.to_nested(), lambda x: Fraction(10) ** x))
    moves = {ab.minimax(x, trace=False).move_name for x in (t, cubed, powered)}
    assert len(moves) == 1


def _mapped(nested: Any, f: Any) -> Any:
    return [_mapped(child, f) for child in nested] if isinstance(nested, list) else f(nested)


def test_cubing_the_leaves_can_change_expectiminimaxs_choice() -> None:
    # Lecture 12 says x³, not linear, can change the choice on other leaves than Fig. 5.13's: 3, 3 / 1, 4 with
    # even odds give a1 = 3 against 2.5; cubed, 27 against 32.5, so a2.
    half = [Fraction(1, 2)] * 2
    plain = ab.tree([[3, 3], [1, 4]], probabilities={(0,): half, (1,): half})
    cubed = ab.tree([[27, 27], [1, 64]], probabilities={(0,): half, (1,): half})
    assert ab.expectiminimax(plain).move_name == "a1" and ab.expectiminimax(cubed).move_name == "a2"
    assert ab.minimax(ab.tree([[3, 3], [1, 4]])).move_name == ab.minimax(ab.tree([[27, 27], [1, 64]])).move_name
