"""Bad input to the games layer: tic-tac-toe moves and boards, and tree JSON.

Each error is a ValueError or TypeError that names the argument (or the place
in the JSON document) and the bad value, raised before any work is done.
"""

import copy
import json
import pickle
import re

import pytest

import abteach as ab
from abteach.games.tictactoe import Board, TicTacToe


# -- tic-tac-toe: moves ----------------------------------------------------------------

@pytest.mark.parametrize("square, error, message", [
    (9, ValueError, "square must be from 0 to 8 (row by row), not 9: that is off the board"),
    (-1, ValueError, "square must be from 0 to 8 (row by row), not -1: that is off the board"),
    (True, TypeError, "square must be an int from 0 to 8 (row by row), not True of type bool"),
    (2.0, TypeError, "square must be an int from 0 to 8 (row by row), not 2.0 of type float"),
    ("2", TypeError, "square must be an int from 0 to 8 (row by row), not '2' of type str"),
    (None, TypeError, "not None of type NoneType"),
    (0, ValueError, "square 0 is taken by X on board 'X...O....'"),
    (4, ValueError, "square 4 is taken by O on board 'X...O....'"),
])
def test_bad_squares_name_the_square(square, error, message):
    board = Board("X...O....")
    with pytest.raises(error) as err:
        board.play(square)
    assert message in str(err.value)


def test_the_game_method_names_its_own_argument():
    game = TicTacToe()
    with pytest.raises(ValueError, match="action 0 is taken by X on board 'X........'"):
        game.result(Board("X........"), 0)
    with pytest.raises(ValueError, match=r"action must be from 0 to 8 .* not 9"):
        game.result(game.initial, 9)
    with pytest.raises(TypeError, match="action must be an int .* not 1.5 of type float"):
        game.result(game.initial, 1.5)


def test_no_move_after_the_game_is_over():
    won = Board.parse("XXX OO. ...")
    assert won.winner() == "X" and won.is_over()
    with pytest.raises(ValueError, match="square 5 cannot be played: the game is over, X has won"):
        won.play(5)
    full = Board.parse("XOX XOO OXX")
    assert full.winner() is None and full.is_over()
    with pytest.raises(ValueError, match="the game is over, the board 'XOXXOOOXX' is full"):
        full.play(0)
    assert TicTacToe().actions(won) == [] and TicTacToe().is_terminal(won)


def test_integer_types_other_than_int_are_squares():
    np = pytest.importorskip("numpy")
    assert Board().play(np.int64(4)) == Board().play(4)
    with pytest.raises(TypeError, match="of type float64"):
        Board().play(np.float64(4))


def test_a_refused_move_changes_nothing():
    board = Board("X...O....")
    with pytest.raises(ValueError):
        board.play(0)
    assert board == Board("X...O....") and board.to_move == "X" and board.winner() is None


# -- tic-tac-toe: boards ------------------------------------------------------------------

@pytest.mark.parametrize("cells, error, message", [
    ("XX", ValueError, "cells must be 9 characters, each 'X', 'O' or '.', row by row; got 'XX' (2 characters)"),
    ("XO. .X. ..O", ValueError, "got 'XO. .X. ..O' (11 characters). Board.parse reads boards written with spaces"),
    ("XO.......?", ValueError, "cells must be 9 characters"),
    ("xo.......", ValueError, "cells must be 9 characters"),
    ("XXX......", ValueError, "has 3 X and 0 O; X moves first, so X must equal O or O + 1"),
    ("O........", ValueError, "has 0 X and 1 O"),
    ("XXXOOO...", ValueError, "three in a row for both X and O"),
    ("XXX.OO.O.", ValueError, "X has three in a row, but O moved after that"),
    ("OOOXX.X.X", ValueError, "O has three in a row, but X moved after that"),
    (123456789, TypeError, "cells must be a str of 9 characters 'X', 'O' or '.', not 123456789 of type int"),
    (list("X........"), TypeError, "of type list"),
])
def test_malformed_boards_are_refused(cells, error, message):
    with pytest.raises(error) as err:
        Board(cells)
    assert message in str(err.value)


def test_parse_reads_the_friendly_form_and_refuses_the_rest():
    assert Board.parse("x o - . X _ . . o") == Board("XO..X...O")
    with pytest.raises(TypeError, match="text must be a str"):
        Board.parse(None)
    with pytest.raises(ValueError, match="X must equal O or O \\+ 1"):
        Board.parse("OO. ... ...")
    with pytest.raises(ValueError, match="both X and O"):
        Board.parse("XXX OOO ...")


def test_the_game_takes_a_board_or_its_written_form():
    assert TicTacToe("XX. OO. ...").initial == Board.parse("XX. OO. ...")
    with pytest.raises(TypeError, match="initial must be a Board, .* not 5 of type int"):
        TicTacToe(5)
    with pytest.raises(ValueError, match="a board is 9 cells"):
        TicTacToe("XX")
    with pytest.raises(ValueError, match="X must equal O or O \\+ 1"):
        TicTacToe("XXX ... ...")


def test_a_move_completing_two_lines_at_once_is_legal():
    before = Board.parse(". X X  X O O  X O O")
    assert before.winner() is None and before.to_move == "X"
    after = before.play(0)  # the top row and the left column
    assert after.winner() == "X" and after == Board("XXXXOOXOO") and Board("XXXXOOXOO").winner() == "X"


# -- tic-tac-toe: boards are values -----------------------------------------------------------

def test_boards_are_immutable_hashable_and_equal_by_position():
    a = Board().play(4).play(0)
    b = Board.parse(". . . . X . . . .").play(0)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Board().play(4) and a != a.cells
    assert a.to_move == "X" and a.cells == "O...X...."
    with pytest.raises(AttributeError):
        a.cells = "........."  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.to_move = "O"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.extra = 1  # type: ignore[attr-defined]
    assert repr(a) == "Board(cells='O...X....')"
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a


def test_each_move_knows_its_winner_turn_and_moves_as_a_fresh_board_does():
    # Every position reachable from the empty board, rebuilt from its cells.
    seen = {}
    stack = [Board()]
    game = TicTacToe()
    while stack:
        b = stack.pop()
        if b.cells in seen:
            continue
        seen[b.cells] = b
        fresh = Board(b.cells)
        assert (b.to_move, b.winner(), b.is_over(), game.actions(b)) == \
               (fresh.to_move, fresh.winner(), fresh.is_over(), game.actions(fresh))
        if not game.is_terminal(b):
            stack.extend(game.result(b, a) for a in game.actions(b))
    assert len(seen) == 5478  # the legal positions of tic-tac-toe


def test_search_counts_from_the_empty_board():
    assert ab.minimax(TicTacToe(), trace=False).nodes == 549946
    r = ab.alphabeta(TicTacToe(), trace=False)
    assert (r.value, r.nodes) == (0, 18297)


# -- tree JSON ---------------------------------------------------------------------------------

@pytest.mark.parametrize("doc, error, message", [
    ({"tree": [[1, 2]], "names": ["A"]}, TypeError,
     'tree JSON "names" must be an object mapping node paths to strings, such as {"0.1": "B"}; '
     "got ['A'] of type list"),
    ({"tree": [[1, 2]], "moves": "a1"}, TypeError, "tree JSON \"moves\" must be an object"),
    ({"tree": [[1, 2]], "names": None}, TypeError, 'tree JSON "names" must be an object'),
    ({"tree": [[1, 2]], "names": {"0": 7}}, TypeError, 'tree JSON "names"["0"] must be a string, not 7 of type int'),
    ({"tree": [[1, 2]], "moves": {"0.1": ["x"]}}, TypeError,
     'tree JSON "moves"["0.1"] must be a string, not [\'x\'] of type list'),
    ({"tree": [[1, 2]], "names": {"x.1": "a"}}, ValueError, 'tree JSON "names"["x.1"]: bad node path \'x.1\''),
    ({"tree": [[1, 2]], "names": {"0.5": "a"}}, ValueError,
     'tree JSON "names"["0.5"]: \'a\' is given for path 0.5, which is not a node of this tree'),
    ({"tree": [[1, 2]], "moves": {"root": "a"}}, ValueError, 'tree JSON "moves"["root"]: \'a\' is given for the root'),
    ({"tree": [[1, 2]], "names": {"0": "a", "00": "b"}}, ValueError,
     'tree JSON "names"["00"] names the same node as "0"'),
    ({"tree": [[1, "2"]]}, TypeError, "tree JSON \"tree\": leaf at path 0.1 has value '2' of type str"),
    ({"tree": [[1, None]]}, TypeError, 'tree JSON "tree": leaf at path 0.1 has value None'),
    ({"tree": [[1, {"a": 1}]]}, TypeError, 'tree JSON "tree": leaf at path 0.1 has value {\'a\': 1} of type dict'),
    ({"tree": [[1, []]]}, ValueError, 'tree JSON "tree": inner node at path 0.1 has an empty child list'),
    ({"tree": [[1]], "root": "max"}, ValueError, "tree JSON \"root\": root must be 'MAX' or 'MIN', not 'max'"),
    ({"tree": [[1]], "root": ["MAX"]}, ValueError, "not ['MAX']"),
    ({"names": {}}, ValueError, 'an object with a "tree" key'),
])
def test_bad_tree_json_names_the_place_and_the_value(doc, error, message):
    with pytest.raises(error) as err:
        ab.tree_from_json(json.dumps(doc))
    assert message in str(err.value)


@pytest.mark.parametrize("number, shown", [
    ("1" + "0" * 400, "1000000000…0000000000 (401 digits)"),
    ("-" + "9" * 309, "-999999999…9999999999 (309 digits)"),
    ("7" * 5000, "7777777777…7777777777 (5000 digits)"),  # more than Python reads as an int
    ("1e400", "1e400"),
    ("-2.5e308", "-2.5e308"),
])
def test_json_numbers_too_large_for_a_float_are_refused(number, shown):
    text = '{"tree": [[1, 2], [3, %s]]}' % number
    with pytest.raises(ValueError) as err:
        ab.tree_from_json(text)
    assert str(err.value) == (f'tree JSON "tree": leaf at path 1.1 has value {shown}, too large for a float; '
                              "a leaf must be a real number a float can hold")


def test_json_numbers_a_float_can_hold_are_kept_exactly():
    big = 2 ** 1000  # exactly a float, and an int
    t = ab.tree_from_json(json.dumps([[1, big], [1.5e308, -3]]))
    assert t.node((0, 1)).value == big and type(t.node((0, 1)).value) is int
    assert ab.tree_from_json(t.to_json()).to_nested() == [[1, big], [1.5e308, -3]]
    assert ab.tree_from_json("[[Infinity, 1], [-Infinity]]").to_nested() == [[float("inf"), 1], [float("-inf")]]


def test_json_nan_is_refused():
    with pytest.raises(ValueError, match='tree JSON "tree": leaf at path 0.0 is NaN'):
        ab.tree_from_json("[[NaN, 1]]")


def test_json_text_of_the_wrong_type():
    with pytest.raises(TypeError, match="text must be the JSON document as a str, not dict"):
        ab.tree_from_json({"tree": [1]})
    assert ab.tree_from_json(b"[[1, 2]]").to_nested() == [[1, 2]]
    with pytest.raises(ValueError, match="not valid JSON"):
        ab.tree_from_json(b"[[1, \xff]]")


def test_load_tree_names_the_file(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{"tree": [[1, 2]], "names": ["A"]}')
    with pytest.raises(TypeError, match=r"bad\.json: tree JSON \"names\" must be an object"):
        ab.load_tree(f)


def test_integer_leaves_too_large_for_a_float_are_refused_when_building():
    with pytest.raises(ValueError, match=r"leaf at path 1 has the integer value 1000000000…0000000000 \(401 digits\), "
                                         "too large for a float"):
        ab.tree([1, 10 ** 400])
    with pytest.raises(ValueError, match="leaf at path 0 has the integer value of about 15051 digits"):
        ab.tree([-(2 ** 50_000)])
    assert ab.tree([2 ** 1023, -(2 ** 1023)]).root.children[0].value == 2 ** 1023


# -- a state of the wrong type: named by the game, before any search -----------------------------------

from abteach.games.connect4 import ConnectFour  # noqa: E402

C4 = ConnectFour()
NOT_A_BOARD = [42, "XX. OO. ...", None, [4, 0], (1,), C4.initial]


@pytest.mark.parametrize("state", NOT_A_BOARD, ids=["int", "str", "None", "list", "tuple", "connect4"])
def test_tictactoe_methods_name_a_state_that_is_not_a_board(state):
    game = TicTacToe()
    expected = f"state must be a tic-tac-toe Board, such as Board.parse("
    shown = f"not {state!r} of type {type(state).__name__}"
    for call in (lambda: game.to_move(state), lambda: game.actions(state), lambda: game.result(state, 0),
                 lambda: game.is_terminal(state), lambda: game.utility(state, "X"),
                 lambda: game.move_name(state, 0), lambda: game.check_state(state)):
        with pytest.raises(TypeError) as err:
            call()
        assert str(err.value).startswith(expected) and str(err.value).endswith(shown)


def test_a_board_written_as_a_string_is_told_how_to_read_it():
    with pytest.raises(TypeError, match=re.escape("such as Board.parse('XX. OO. ...'), not 'XX. OO. ...' of type str")):
        ab.alphabeta(TicTacToe(), "XX. OO. ...")


@pytest.mark.parametrize("state", [42, "XX. OO. ...", [1], Board()], ids=["int", "str", "list", "tictactoe"])
def test_connect_four_methods_name_a_state_that_is_not_its_board(state):
    shown = f"not {state!r} of type {type(state).__name__}"
    for call in (lambda: C4.to_move(state), lambda: C4.actions(state), lambda: C4.result(state, 0),
                 lambda: C4.is_terminal(state), lambda: C4.utility(state, "X"), lambda: C4.check_state(state)):
        with pytest.raises(TypeError) as err:
            call()
        assert str(err.value).startswith("state must be a ConnectFourBoard of this game") and shown in str(err.value)


def _every_search(game, state):
    """Each front-door way to search from ``state``, cheap settings, none run to the end."""
    return [
        lambda: ab.minimax(game, state, depth=1, evaluate=lambda s, p: 0),
        lambda: ab.alphabeta(game, state, depth=1, evaluate=lambda s, p: 0),
        lambda: ab.negamax(game, state, depth=1, evaluate=lambda s, p: 0),
        lambda: ab.iterative_deepening(game, state, max_depth=1, evaluate=lambda s, p: 0),
        lambda: ab.mcts(game, state, playouts=5),
        lambda: ab.solve(game, state),
        lambda: ab.players.random()(game, state),
        lambda: ab.players.alphabeta(1)(game, state),
        lambda: ab.players.engine(0.01)(game, state),
    ]


@pytest.mark.parametrize("game, state, words", [
    (TicTacToe(), 42, "state must be a tic-tac-toe Board, such as Board.parse('XO. .X. ..O'), not 42 of type int"),
    (TicTacToe(), "X........", "such as Board.parse('X........'), not 'X........' of type str"),
    (TicTacToe(), C4.initial, f"state must be a tic-tac-toe Board, such as Board.parse('XO. .X. ..O'), "
                              f"not {C4.initial!r} of type ConnectFourBoard"),
    (C4, Board(), f"state must be a ConnectFourBoard of this game, such as game.play([3, 3]), "
                  f"not {Board()!r} of type Board"),
    (C4, ConnectFour(5, 4).initial, "state is a board of ConnectFour(5, 4, 4), not of this game"),
    (ab.examples.FIG_5_2, (1,), "state must be a Node of this tree, such as tree.node((1,)), not (1,) of type tuple"),
], ids=["ttt-int", "ttt-str", "ttt-c4", "c4-ttt", "c4-other-size", "tree-path"])
def test_every_search_names_a_state_of_the_wrong_kind_before_it_starts(game, state, words):
    for call in _every_search(game, state):
        with pytest.raises((TypeError, ValueError)) as err:
            call()
        assert str(err.value).startswith("state ") and words in str(err.value), str(err.value)


def test_a_node_of_this_tree_is_still_a_start():
    t = ab.examples.FIG_5_2
    assert ab.alphabeta(t, t.node((1,))).value == 2  # C = min(2, 4, 6)


# -- names and moves of a tree must be mappings ------------------------------------------------------

@pytest.mark.parametrize("argument, value", [("names", 5), ("names", ["A"]), ("names", "A"), ("moves", 5),
                                             ("moves", [("0", "a1")])])
def test_tree_names_and_moves_that_are_not_mappings_are_named(argument, value):
    with pytest.raises(TypeError) as err:
        ab.tree([[1, 2]], **{argument: value})
    assert str(err.value).startswith(f"{argument} must be a mapping of node path to str")
    assert str(err.value).endswith(f"not {value!r} of type {type(value).__name__}")
