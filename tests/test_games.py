"""Tic-tac-toe through the game protocol, depth-limited search and move ordering."""

import pytest

import abteach as ab
from abteach.games.tictactoe import Board


def test_empty_board_is_a_draw():
    r = ab.alphabeta(ab.TicTacToe(), trace=False)
    assert r.value == 0
    assert ab.minimax(ab.TicTacToe(), trace=False).value == 0
    assert ab.minimax(ab.TicTacToe(), trace=False).nodes == 549946  # the full game tree


@pytest.mark.parametrize("board, value, moves", [
    ("XX. OO. ...", 1, {2}),          # X completes the top row
    ("XX. OO. X..", 1, {5}),          # O to move wins the middle row (utility for O, the mover)
    ("X.. .O. ...", 0, None),         # a quiet opening: a draw with best play
    ("XO. ... ...", 1, None),         # O's edge reply to a corner loses
    ("X.. ... ..O", 1, None),         # so does the opposite corner: X takes a third corner
    ("XOX OXO OX.", 1, {8}),          # X's last move wins the diagonal
])
def test_known_positions(board, value, moves):
    game = ab.TicTacToe(Board.parse(board))
    r = ab.alphabeta(game, trace=False)
    assert r.value == value
    assert ab.minimax(game, trace=False).value == value
    if moves is not None:
        assert r.move in moves


def test_game_trace_names_moves():
    game = ab.TicTacToe(Board.parse("XX. OO. ..."))
    r = ab.alphabeta(game)
    assert r.move_name == "Xc1"
    assert r.trace.name((0,)) == "Xc1" and r.trace.name(()) == "root"
    assert r.trace.frame(len(r.trace)).explanation == "Alpha-beta is done: the best move is Xc1, worth 1."


def test_bad_boards_are_rejected():
    with pytest.raises(ValueError, match="X must equal O or O \\+ 1"):
        Board.parse("XXX ... ...")
    with pytest.raises(ValueError, match="9 cells"):
        Board.parse("XO")


def test_depth_limited_search_uses_the_evaluation_function():
    t = ab.examples.FIG_5_2
    # Cut off at depth 1: B, C, D are scored by their first leaf.
    r = ab.alphabeta(t, depth=1, evaluate=lambda node, player: node.children[0].value)
    assert r.evaluated == [(0,), (1,), (2,)]
    assert (r.value, r.move_name) == (14, "a3")
    assert r.trace.listing.text("max.terminal").strip().startswith("if CUTOFF-TEST")
    assert "depth limit" in r.trace.frame(r.trace.steps("leaf")[0]).explanation


def test_depth_limit_needs_an_evaluation_function():
    with pytest.raises(ValueError, match="needs an evaluation function"):
        ab.alphabeta(ab.examples.FIG_5_2, depth=1)
    with pytest.raises(ValueError, match="depth must be a whole number"):
        ab.alphabeta(ab.examples.FIG_5_2, depth=-1, evaluate=lambda s, p: 0)


def test_move_ordering_changes_pruning_not_the_answer():
    t = ab.examples.FIG_5_2
    # Search D's leaves smallest first: d3 = 2 refutes D at once.
    ascending = lambda node, actions: sorted(actions, key=lambda a: node.children[a].value if node.children[a].is_leaf else 0)
    r = ab.alphabeta(t, order=ascending)
    assert r.value == 3 and r.move_name == "a1"
    assert r.evaluated == [(0, 0), (0, 2), (0, 1), (1, 0), (2, 2)]
    assert r.pruned == [(1, 1), (1, 2), (2, 1), (2, 0)]  # paths keep the tree's own indices


def test_bad_ordering_function_is_reported():
    with pytest.raises(ValueError, match="reordering"):
        ab.alphabeta(ab.examples.FIG_5_2, order=lambda node, actions: [0])


def test_unknown_edition_and_tie_rule():
    with pytest.raises(ValueError, match="edition must be 3 or 4, not 5"):
        ab.alphabeta(ab.examples.FIG_5_2, edition=5)
    with pytest.raises(TypeError, match="prune_on_tie must be True or False"):
        ab.alphabeta(ab.examples.FIG_5_2, prune_on_tie="yes")
    with pytest.raises(TypeError, match="is not a game"):
        ab.alphabeta([[1, 2], [3]])


def test_runaway_game_depth_is_a_clear_error():
    class Endless:
        initial = 0
        def to_move(self, s): return "MAX" if s % 2 == 0 else "MIN"
        def actions(self, s): return [0]
        def result(self, s, a): return s + 1
        def is_terminal(self, s): return False
        def utility(self, s, p): return 0

    with pytest.raises(ValueError, match="deeper than the supported depth of 200 plies"):
        ab.alphabeta(Endless(), trace=False)
