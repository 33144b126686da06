"""Monte Carlo tree search: seeded runs, the laws of its statistics, wins, blocks, mistakes and errors."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .strategies import examples

import abteach as ab
from abteach.games.tictactoe import Board


def tree_nodes(trace):
    end = trace.last()
    return {p: s for p, s in end.nodes.items() if "N" in s.extra}


def test_the_same_seed_gives_the_same_search():
    game = ab.ConnectFour(5, 4, 3)
    a, b = ab.mcts(game, playouts=150, seed=7), ab.mcts(game, playouts=150, seed=7)
    assert a.move == b.move and a.stats == b.stats
    assert list(a.trace.events) == list(b.trace.events)
    untraced = ab.mcts(game, playouts=150, seed=7, trace=False)
    assert untraced.trace is None and untraced.move == a.move and untraced.stats == a.stats


@settings(max_examples=examples(0.2))
@given(seed=st.integers(0, 10_000), playouts=st.integers(1, 120))
def test_every_playout_passes_the_root_once_and_ends_where_it_expanded(seed, playouts):
    game = ab.TicTacToe(Board.parse("X.. .O. ..."))
    r = ab.mcts(game, playouts=playouts, seed=seed)
    nodes = tree_nodes(r.trace)
    assert nodes[()].extra["N"] == playouts == len(r.trace.steps("simulate"))
    assert r.nodes == len(nodes)
    state_of = {(): game.initial}
    for path in sorted(nodes, key=len):
        if path:
            parent = state_of[path[:-1]]
            state_of[path] = game.result(parent, game.actions(parent)[path[-1]])
    for path, s in nodes.items():
        n, w = s.extra["N"], s.extra["W"]
        kids = sum(nodes[c].extra["N"] for c in nodes if len(c) == len(path) + 1 and c[:-1] == path)
        if not path:
            assert n == kids
        elif game.is_terminal(state_of[path]):
            assert kids == 0  # every playout that reaches an end stops there
        else:
            assert n == kids + 1  # the playout that expanded it was simulated from it
        assert 0 <= w <= n
    assert sum(r.stats["visits"].values()) == playouts


def test_the_selection_is_the_highest_ucb1_and_its_terms_are_the_formula():
    c = 1.1
    r = ab.mcts(ab.TicTacToe(), playouts=300, seed=3, c=c)
    tr = r.trace
    checked = 0
    for step in tr.steps("select"):
        e = tr.event(step)
        before = tr.frame(step - 1)
        n_parent = before.node(e.node[:-1]).extra["N"]
        assert e.info["n_parent"] == n_parent
        scores = {}
        for i, q, explore, n in e.info["terms"]:
            child = before.node(e.node[:-1] + (i,))
            assert n == child.extra["N"] and q == pytest.approx(child.extra["W"] / n)
            assert explore == pytest.approx(c * math.sqrt(math.log(n_parent) / n))
            scores[i] = q + explore
        assert scores[e.node[-1]] == max(scores.values())
        checked += 1
    assert checked > 300  # the root's children fill within 9 playouts; most selections go deeper


def test_the_move_is_the_most_visited_child():
    r = ab.mcts(ab.ConnectFour(4, 4, 3), playouts=400, seed=2)
    visits = r.stats["visits"]
    assert visits[r.move] == max(visits.values())
    assert r.trace.last().node(()).best == ab.ConnectFour(4, 4, 3).actions(ab.ConnectFour(4, 4, 3).initial).index(r.move)


@pytest.mark.parametrize("seed", range(5))
def test_a_large_budget_takes_a_win_in_tictactoe(seed):
    assert ab.mcts(ab.TicTacToe("XX. OO. ..."), playouts=2000, seed=seed, trace=False).move == 2


@pytest.mark.parametrize("seed", range(5))
def test_a_large_budget_blocks_a_threat_in_tictactoe(seed):
    # O to move; X threatens the top row at square 2, and nothing else stops it.
    assert ab.mcts(ab.TicTacToe("XX. O.. ..."), playouts=2000, seed=seed, trace=False).move == 2


@pytest.mark.parametrize("seed", range(3))
def test_a_large_budget_wins_and_blocks_in_connect_four(seed):
    game = ab.ConnectFour()
    win = game.play([0, 6, 1, 6, 2])  # O to move; X threatens column 3 ...
    assert ab.mcts(game, win, playouts=3000, seed=seed, trace=False).move == 3  # ... so O must block it
    take = game.play([0, 6, 1, 6, 2, 5])  # X to move completes 0-1-2-3
    assert ab.mcts(game, take, playouts=3000, seed=seed, trace=False).move == 3


def test_a_draw_is_worth_half_and_the_books_rule_makes_it_a_loss():
    game = ab.TicTacToe("XOX XOO OX.")  # X's only move, square 8, draws
    assert game.is_terminal(game.result(game.initial, 8))
    right = ab.mcts(game, playouts=10, seed=0)
    wrong = ab.mcts(game, playouts=10, seed=0, fault="draws_lose")
    assert right.stats["q"] == {8: 0.5} and right.value == 0
    assert wrong.stats["q"] == {8: 0.0} and wrong.value == -1
    assert wrong.trace.algorithm.label == "MCTS (UCT), mistake: draws lose"


def test_backing_up_from_one_side_expects_help_from_the_opponent():
    # X to move at a corner-and-centre opening; after X's move O's replies are credited to X.
    game = ab.TicTacToe("X.. .O. ...")
    right = tree_nodes(ab.mcts(game, playouts=1000, seed=1).trace)
    wrong = tree_nodes(ab.mcts(game, playouts=1000, seed=1, fault="one_side").trace)
    # A node two plies down is O's choice: the right search scores it for O, the faulty one for X.
    deep_right = [s.v for p, s in right.items() if len(p) == 2 and s.extra["N"] >= 30]
    deep_wrong = [s.v for p, s in wrong.items() if len(p) == 2 and s.extra["N"] >= 30]
    # O's best replies hold X to a draw, so O's chosen lines are worth at least ½ to O ...
    assert max(deep_right) >= 0.5
    # ... while the faulty search sends O where X does best: X's mean there exceeds what X gets at the root.
    assert max(deep_wrong) > max(s.v for p, s in wrong.items() if len(p) == 1)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"playouts": 0}, ValueError, "playouts must be a whole number from 1"),
    ({"playouts": 2.5}, ValueError, "playouts must be a whole number"),
    ({"c": -1}, ValueError, "c must be a finite number ≥ 0"),
    ({"c": math.nan}, ValueError, "c must be a finite number"),
    ({"seed": "1"}, TypeError, "seed must be an int"),
    ({"fault": "sign"}, ValueError, "fault must be None or one of"),
    ({"trace": "yes"}, TypeError, "trace must be True or False"),
])
def test_bad_arguments_are_named(kwargs, error, words):
    with pytest.raises(error, match=words):
        ab.mcts(ab.TicTacToe(), **kwargs)


def test_a_finished_game_has_nothing_to_search():
    with pytest.raises(ValueError, match="already over"):
        ab.mcts(ab.TicTacToe("XXX OO. ..."))


def test_the_trace_steps_through_the_four_phases_in_order():
    r = ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=12, seed=4)
    kinds = [e.kind for e in r.trace.events]
    assert kinds[0] == "start" and kinds[-1] == "done"
    assert kinds.count("playout") == kinds.count("simulate") == kinds.count("backup") == 12
    for k, kind in enumerate(kinds):
        if kind == "simulate":
            assert kinds[k + 1] == "backup"
    sentences = [f.explanation for f in r.trace.all_frames]
    assert all(s and not s.endswith(" at root.") for s in sentences)  # every kind has its own sentence
    assert r.trace.listing.number("mcts.backup") == 7
