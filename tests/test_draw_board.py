"""A board drawn for a lecture says in words what it shows, cell for cell."""

from __future__ import annotations

import pytest

import abteach as ab


def test_a_connect_four_board_is_described_row_by_row():
    c4 = ab.ConnectFour()
    state = c4.play([3, 3, 0])
    fig = ab.draw_board(c4, state)
    rows = fig.alt.split("rows from the top: ")[1].split(" (")[0].split(" / ")
    assert len(rows) == 6 and all(len(r.split()) == 7 for r in rows)
    # Independently: the bottom row has X in columns 0 and 3, the row above O in column 3.
    assert rows[-1].split() == ["X", ".", ".", "X", ".", ".", "."]
    assert rows[-2].split() == [".", ".", ".", "O", ".", ".", "."]
    assert "image/png" in fig._repr_mimebundle_() and 'alt="Connect Four board' in fig._repr_mimebundle_()["text/html"]


def test_the_start_is_drawn_when_no_state_is_given():
    assert ab.draw_board(ab.TicTacToe()).alt.count(".") >= 9


def test_a_state_of_another_game_is_refused_by_name():
    with pytest.raises(TypeError, match="state"):
        ab.draw_board(ab.ConnectFour(), ab.TicTacToe().initial)
