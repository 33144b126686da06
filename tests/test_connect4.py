"""Connect Four: moves, gravity, lines in every direction, orientation, errors, and small boards solved.

The expected values are worked out here by an independent, deliberately plain
model of the game: a list of columns, each a list of pieces from the bottom up,
with lines found by walking the grid cell by cell.  It shares no code with the
bitboards under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .strategies import examples

import abteach as ab
from abteach.games.connect4 import ConnectFour, ConnectFourBoard
from abteach.search.solve import solve


# -- the independent model ------------------------------------------------------------------------------
class Plain:
    """Connect Four on a list of columns; slow and obvious."""

    def __init__(self, width: int, height: int, k: int) -> None:
        self.w, self.h, self.k = width, height, k
        self.cols: list[list[str]] = [[] for _ in range(width)]
        self.turn = "X"
        self.winner: str | None = None

    def copy(self) -> "Plain":
        p = Plain(self.w, self.h, self.k)
        p.cols = [list(c) for c in self.cols]
        p.turn, p.winner = self.turn, self.winner
        return p

    def at(self, c: int, r: int) -> str:
        return self.cols[c][r] if 0 <= c < self.w and 0 <= r < len(self.cols[c]) else "."

    def moves(self) -> list[int]:
        if self.winner is not None:
            return []
        return [c for c in range(self.w) if len(self.cols[c]) < self.h]

    def drop(self, c: int) -> "Plain":
        p = self.copy()
        p.cols[c].append(self.turn)
        if p.line_for(self.turn):
            p.winner = self.turn
        p.turn = "O" if self.turn == "X" else "X"
        return p

    def line_for(self, who: str) -> bool:
        for c in range(self.w):
            for r in range(self.h):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    if all(self.at(c + i * dc, r + i * dr) == who for i in range(self.k)):
                        return True
        return False

    def rows(self) -> list[str]:
        return ["".join(self.at(c, r) for c in range(self.w)) for r in range(self.h - 1, -1, -1)]


def perft(game: ConnectFour, depth: int) -> list[tuple[int, int]]:
    """Per ply up to ``depth``: (move sequences that reach it, how many of them end in a win)."""
    counts = [[0, 0] for _ in range(depth + 1)]

    def walk(state: ConnectFourBoard, ply: int) -> None:
        counts[ply][0] += 1
        counts[ply][1] += state.winner() is not None
        if ply < depth:
            for a in game.actions(state):
                walk(game.result(state, a), ply + 1)

    walk(game.initial, 0)
    return [tuple(c) for c in counts]


def plain_perft(p: Plain, depth: int) -> list[tuple[int, int]]:
    counts = [[0, 0] for _ in range(depth + 1)]

    def walk(q: Plain, ply: int) -> None:
        counts[ply][0] += 1
        counts[ply][1] += q.winner is not None
        if ply < depth:
            for c in q.moves():
                walk(q.drop(c), ply + 1)

    walk(p, 0)
    return [tuple(c) for c in counts]


# -- move generation -----------------------------------------------------------------------------------
@pytest.mark.parametrize("width, height, k, depth", [(7, 6, 4, 4), (4, 4, 3, 6), (5, 3, 3, 5), (3, 3, 2, 6)])
def test_perft_matches_an_independent_brute_force(width, height, k, depth):
    game = ConnectFour(width, height, k)
    counts = perft(game, depth)
    assert counts == plain_perft(Plain(width, height, k), depth)
    assert any(wins for _, wins in counts) or (width, height) == (7, 6)  # the small boards reach wins


def test_perft_on_the_standard_board_grows_by_seven_until_columns_fill():
    # Independent of any model: no column fills and nobody can win in the first six plies.
    game = ConnectFour()
    assert [n for n, _ in perft(game, 5)] == [7 ** d for d in range(6)]


@settings(max_examples=examples(0.5))
@given(size=st.tuples(st.integers(1, 7), st.integers(1, 6)), k=st.integers(1, 7), data=st.data())
def test_random_games_agree_with_the_plain_model(size, k, data):
    width, height = size
    k = min(k, max(width, height))
    game = ConnectFour(width, height, k)
    s, p = game.initial, Plain(width, height, k)
    while True:
        assert game.actions(s) == p.moves()
        assert s.rows() == p.rows()
        assert s.winner() == p.winner
        assert game.to_move(s) == p.turn
        assert game.parse(str(s)) == s
        if not p.moves():
            break
        c = data.draw(st.sampled_from(p.moves()))
        s, p = game.result(s, c), p.drop(c)
    assert game.is_terminal(s)
    draw = p.winner is None
    assert game.utility(s, "X") == (0 if draw else (1 if p.winner == "X" else -1))
    assert game.utility(s, "O") == -game.utility(s, "X")


# -- orientation: the known trap ---------------------------------------------------------------------------
def test_the_empty_board_has_seven_moves_and_the_first_piece_lands_bottom_left():
    # The book's Python code builds 7 rows by 6 columns with 6 opening moves and printed it sideways.
    game = ab.ConnectFour()
    assert game.actions(game.initial) == [0, 1, 2, 3, 4, 5, 6]
    lines = str(game.result(game.initial, 0)).splitlines()
    assert len(lines) == 7  # six rows and the column numbers
    assert lines[-2] == "X . . . . . ."
    assert all(set(line) <= {".", " "} for line in lines[:-2])
    assert lines[-1] == "0 1 2 3 4 5 6"


def test_pieces_stack_up_from_the_bottom_row():
    game = ab.ConnectFour(4, 3, 3)
    s = game.play([1, 1, 1])
    assert s.rows() == [".X..", ".O..", ".X.."]
    assert s.heights() == [0, 3, 0, 0]
    assert game.actions(s) == [0, 2, 3]
    assert (s.cell(1, 0), s.cell(1, 2), s.cell(0, 0)) == ("X", "X", ".")


# -- lines in every direction, at the edges ------------------------------------------------------------------
EDGE_WINS = {
    # X's last move completes the line; X has one piece more than O; only X has a line.
    "vertical, right edge, up to the top": ("......X/......X/......X/......X/......O/O.....O", 7, 6),
    "horizontal, top row, left edge": ("XXXX./OOXOO", 5, 2),
    "diagonal up-right from the bottom left corner": ("...X.../..XO.../.XOX.../XOXOO..", 7, 4),
    "diagonal down-right to the bottom right corner": ("X.../OX../XOXO/OXOX", 4, 4),
}


@pytest.mark.parametrize("name", EDGE_WINS)
def test_lines_at_the_edges_win(name):
    text, width, height = EDGE_WINS[name]
    game = ab.ConnectFour(width, height, 4)
    board = game.parse(text.replace("/", "\n"))
    assert board.winner() == "X"
    assert game.is_terminal(board) and game.actions(board) == []
    assert plain_from(board).line_for("X") and not plain_from(board).line_for("O")


def plain_from(board: ConnectFourBoard) -> Plain:
    p = Plain(board.width, board.height, 4)
    for r, row in enumerate(reversed(board.rows())):
        for c, ch in enumerate(row):
            if ch != ".":
                p.cols[c].append(ch)
    return p


def test_a_line_does_not_wrap_from_one_column_into_the_next():
    # X holds the top two cells of column 0 and the bottom two of column 1: in a bitboard
    # without a spare bit above each column these four would be consecutive bits.
    game = ab.ConnectFour(2, 4, 4)
    wrap = game.parse("XO\nXO\nOX\nOX")
    assert wrap.winner() is None and not plain_from(wrap).line_for("X")
    assert game.actions(wrap) == [] and game.utility(wrap, "X") == 0


def test_a_draw_is_exactly_zero():
    game = ab.ConnectFour(3, 2, 3)
    draw = game.play([0, 1, 2, 0, 1, 2])
    assert draw.rows() == ["OXO", "XOX"] and draw.winner() is None
    assert game.is_terminal(draw)
    assert game.utility(draw, "X") == 0 and game.utility(draw, "O") == 0


# -- errors ------------------------------------------------------------------------------------------------
def test_bad_moves_are_refused_with_the_reason():
    game = ab.ConnectFour(3, 2, 3)
    s = game.play([0, 0])
    with pytest.raises(ValueError, match="column 0 is full"):
        game.result(s, 0)
    with pytest.raises(ValueError, match="from 0 to 2"):
        game.result(s, 3)
    with pytest.raises(ValueError, match="from 0 to 2"):
        game.result(s, -1)
    with pytest.raises(TypeError, match="column number.*'1'"):
        game.result(s, "1")
    with pytest.raises(TypeError, match="column number.*True"):
        game.result(s, True)
    with pytest.raises(TypeError, match="column number.*1.0"):
        game.result(s, 1.0)
    won = ab.ConnectFour(3, 3, 3).play([0, 1, 0, 1, 0])
    assert won.winner() == "X"
    with pytest.raises(ValueError, match="game is over, X has won"):
        ab.ConnectFour(3, 3, 3).result(won, 2)
    with pytest.raises(ValueError, match="not of this game"):
        game.result(ab.ConnectFour().initial, 0)
    with pytest.raises(TypeError, match="ConnectFourBoard"):
        game.result("......", 0)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"width": 0}, ValueError, "width must be from 1 to 16 columns, not 0"),
    ({"height": 17}, ValueError, "height must be from 1 to 16 rows, not 17"),
    ({"k": 8}, ValueError, "k must be from 1 to 7"),
    ({"k": 0}, ValueError, "k must be from 1 to 7"),
    ({"width": 7.0}, TypeError, "width must be a whole number of columns, not 7.0"),
    ({"k": True}, TypeError, "k must be a whole number"),
])
def test_bad_sizes_are_refused_when_the_game_is_made(kwargs, error, words):
    with pytest.raises(error, match=words):
        ab.ConnectFour(**kwargs)


@pytest.mark.parametrize("text, words", [
    ("X..\n...", "3 × 3 board is 3 rows"),
    ("X..\n...\n...", "piece above an empty cell"),
    ("...\n...\nOO.", "X must equal O or O \\+ 1"),
    ("...\nOO.\nXXX", None),
    ("...\nOOO\nXXX", "both X and O have a line"),
    ("X..\nXO.\nXOO", "X has a line, but O moved after that"),
])
def test_parse_refuses_boards_no_game_reaches(text, words):
    game = ab.ConnectFour(3, 3, 3)
    if words is None:
        assert game.parse(text).winner() == "X"
    else:
        with pytest.raises(ValueError, match=words):
            game.parse(text)


# -- evaluation, ordering, solving ---------------------------------------------------------------------------
def test_the_evaluation_is_zero_sum_and_never_reaches_a_win():
    game = ab.ConnectFour()
    s = game.play([3, 3, 2, 4, 1])  # X threatens to complete 0-1-2-3 on the bottom row
    e = game.evaluate(s, "X")
    assert 0 < e < 1 and game.evaluate(s, "O") == -e
    # Everything on a full board of one colour's open lines stays below a win.
    assert abs(game.evaluate(game.parse("\n".join(["......."] * 5 + ["XXX.OOO"])), "X")) < 1


def test_centre_first_ordering_keeps_only_legal_columns():
    game = ab.ConnectFour(6, 2, 3)
    s = game.play([2, 3, 2, 3])
    assert game.order(s, game.actions(s)) == [1, 4, 0, 5]
    standard = ab.ConnectFour(7, 6, 4)
    assert standard.order(standard.initial, [0, 6, 3]) == [3, 0, 6]


@pytest.mark.parametrize("width, height, k", [(4, 4, 3), (4, 3, 3), (3, 4, 3), (5, 3, 3), (3, 3, 3)])
def test_small_boards_solved_by_two_searches_agree(width, height, k):
    game = ab.ConnectFour(width, height, k)
    by_alphabeta = ab.alphabeta(game, trace=False, order=game.order).value
    assert solve(game) == by_alphabeta


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4)])
def test_four_in_a_row_on_small_boards_is_a_draw(width, height):
    # As in Tromp's table of solved board sizes: 4 × 4 and 5 × 4 (width × height) are draws.
    assert solve(ab.ConnectFour(width, height, 4)) == 0


def test_solve_answers_for_the_player_to_move():
    game = ab.ConnectFour(4, 4, 3)
    after = game.result(game.initial, 0)
    assert solve(game) == 1
    assert solve(game, after) == max(-solve(game, game.result(after, a)) for a in game.actions(after))
    with pytest.raises(TypeError, match="not a game"):
        solve(object())
