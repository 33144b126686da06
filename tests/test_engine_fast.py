"""The engine's untraced fast path (``abteach.search.solve.deepen``) is the readable engine, move for move.

The readable one is ``ab.iterative_deepening(..., tt=True, killers=True, trace=False)``;
the fast path must find the same value and move after exactly as many nodes,
on any position, at any depth, whatever the evaluation and the order.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.search import EvaluationError
from abteach.search.solve import deepen

from .strategies import infinite_leaves, inner_trees, examples


def readable(game, state, depth, evaluate, order):
    return ab.iterative_deepening(game, state, max_depth=depth, evaluate=evaluate, order=order, trace=False)


def zero_of(game):
    def zero(state, player):
        return float(game.utility(state, player)) if game.is_terminal(state) else 0.0
    return zero


def random_position(game, data, most):
    s = game.initial
    for _ in range(data.draw(st.integers(0, most), label="plies")):
        if game.is_terminal(s):
            break
        s = game.result(s, data.draw(st.sampled_from(game.actions(s)), label="move"))
    return s


SIZES = [(7, 6, 4), (5, 4, 4), (4, 4, 3), (6, 5, 3), (4, 3, 2)]


@settings(max_examples=examples(0.5))
@given(st.sampled_from(SIZES), st.integers(1, 5), st.booleans(), st.booleans(), st.data())
def test_on_connect_four_it_finds_what_the_readable_engine_finds(size, depth, own_eval, centre, data):
    game = ab.ConnectFour(*size)
    s = random_position(game, data, 30)
    evaluate = game.evaluate if own_eval else zero_of(game)
    order = game.order if centre else None
    fast, slow = deepen(game, s, max_depth=depth, evaluate=evaluate, order=order), \
        readable(game, s, depth, evaluate, order)
    assert (fast.value, fast.move, fast.nodes, fast.depth) == (slow.value, slow.move, slow.nodes, slow.stats["depth"])


@settings(max_examples=examples(0.5))
@given(st.integers(1, 9), st.data())
def test_on_tic_tac_toe_through_the_game_protocol_it_finds_the_same(depth, data):
    game = ab.TicTacToe()
    s = random_position(game, data, 6)
    fast, slow = deepen(game, s, max_depth=depth, evaluate=zero_of(game)), readable(game, s, depth, zero_of(game), None)
    assert (fast.value, fast.move, fast.nodes) == (slow.value, slow.move, slow.nodes)


@settings(max_examples=examples(0.5))
@given(st.one_of(inner_trees(), inner_trees(values=infinite_leaves())))
def test_on_trees_with_ties_it_finds_the_same_and_the_minimax_value(nested):
    # With ±∞ leaves a node of all −∞ keeps no move in either, as the pseudocode's v2 > v decides.
    t = ab.tree(nested)
    fast, slow = deepen(t, max_depth=t.height, evaluate=lambda s, p: 0), \
        readable(t, t.initial, t.height, lambda s, p: 0, None)
    assert (fast.value, fast.move, fast.nodes) == (slow.value, slow.move, slow.nodes)
    assert fast.value == ab.alphabeta(t).value


@settings(max_examples=examples(0.2))
@given(st.integers(1, 4), st.data())
def test_its_value_is_plain_alpha_beta_at_the_same_depth(depth, data):
    # An independent search: the textbook's alpha-beta, cut off at the same depth, no table, no ordering.
    game = ab.ConnectFour(5, 4)
    s = random_position(game, data, 12)
    if game.is_terminal(s):
        return
    fast = deepen(game, s, max_depth=depth, evaluate=game.evaluate, order=game.order)
    plain = ab.alphabeta(game, s, depth=depth, evaluate=game.evaluate, trace=False)
    assert math.isclose(fast.value, plain.value, abs_tol=1e-12)


def test_it_takes_a_win_and_blocks_a_threat():
    game = ab.ConnectFour()
    win = game.play([0, 6, 1, 6, 2, 5])          # X to move: column 3 completes the bottom row
    block = game.play([0, 6, 1, 6, 2])           # O to move: column 3 stops it
    assert deepen(game, win, max_depth=3, evaluate=game.evaluate, order=game.order).value == 1
    assert deepen(game, win, max_depth=3, evaluate=game.evaluate, order=game.order).move == 3
    assert deepen(game, block, max_depth=4, evaluate=game.evaluate, order=game.order).move == 3


def test_a_finished_game_has_its_utility_and_no_move():
    game = ab.ConnectFour()
    over = game.play([3, 3, 4, 4, 5, 5, 6])
    r = deepen(game, over, max_depth=3, evaluate=game.evaluate)
    assert (r.value, r.move, r.pv) == (readable(game, over, 3, game.evaluate, None).value, None, ())


def test_the_line_it_expects_is_legal_and_starts_with_its_move():
    game = ab.ConnectFour()
    r = deepen(game, max_depth=6, evaluate=game.evaluate, order=game.order)
    assert r.pv[0] == r.move and len(r.pv) == 6
    game.play(r.pv)  # raises if any move of the line is illegal


def test_a_time_budget_keeps_the_last_finished_pass():
    game = ab.ConnectFour()
    r = deepen(game, max_depth=42, evaluate=game.evaluate, order=game.order, time_budget=0.05)
    assert 1 <= r.depth < 42 and r.stats["depth"] == r.depth == r.passes
    assert r.move in game.actions(game.initial)


@pytest.mark.parametrize("kw, error, words", [
    ({"max_depth": 0, "evaluate": lambda s, p: 0}, ValueError, "max_depth"),
    ({"max_depth": True, "evaluate": lambda s, p: 0}, ValueError, "max_depth"),
    ({"max_depth": 2, "evaluate": None}, ValueError, "evaluate"),
    ({"max_depth": 2, "evaluate": lambda s, p: 0, "time_budget": -1}, ValueError, "time_budget"),
    ({"max_depth": 2, "evaluate": 3}, TypeError, "evaluate"),
    ({"max_depth": 2, "evaluate": lambda s, p: 0, "order": "centre"}, TypeError, "order"),
])
def test_bad_options_are_named_before_any_search(kw, error, words):
    with pytest.raises(error, match=words):
        deepen(ab.ConnectFour(), **kw)


def test_a_nan_evaluation_is_refused_as_in_the_readable_search():
    game = ab.ConnectFour()
    with pytest.raises(EvaluationError, match="finite"):
        deepen(game, max_depth=2, evaluate=lambda s, p: float("nan"))


def test_not_a_game_is_refused():
    with pytest.raises(TypeError, match="not a game"):
        deepen(object(), max_depth=2, evaluate=lambda s, p: 0)


def test_a_board_of_another_size_is_refused():
    small = ab.ConnectFour(5, 4)
    with pytest.raises(ValueError, match="not of this game"):
        deepen(ab.ConnectFour(), small.initial, max_depth=2, evaluate=lambda s, p: 0)
