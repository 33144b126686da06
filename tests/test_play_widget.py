"""The play widget, driven from Python: clicks, the engine's replies, undo, new game, who starts, the menus."""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.widgets.play import BUDGETS


def test_a_click_is_answered_and_the_thinking_shown():
    w = ab.play(ab.TicTacToe(), engine="MCTS", budget=100)
    w.click(4)
    assert w.state.cells.count("X") == 1 and w.state.cells.count("O") == 1
    assert "MCTS 100 played" in w.thinking.value and "N=" in w.thinking.value
    assert w.cells[4].description == "X" and w.cells[4].disabled


def test_perfect_play_against_the_clicker_never_loses_and_says_how_it_ended():
    w = ab.play(ab.TicTacToe(), engine="perfect")
    while not w.game.is_terminal(w.state):
        w.click(w.game.actions(w.state)[0])  # always the first free square
    assert ab.TicTacToe().utility(w.state, "O") >= 0
    assert w.status.value in ("<b>The engine wins.</b>", "<b>A draw.</b>")
    assert all(b.disabled for b in w.cells)


def test_connect_four_clicks_drop_in_the_column():
    w = ab.play(ab.ConnectFour(), engine="alpha-beta", budget=2)
    w.click(3)
    bottom = w.cells[5 * 7: 6 * 7]  # the bottom row of buttons
    assert bottom[3].description == "X" and sum(b.description == "O" for b in w.cells) == 1
    assert "Depth 2" in w.thinking.value


def test_undo_new_game_and_who_starts():
    w = ab.play(ab.TicTacToe(), engine="perfect")
    w.click(0)
    w.click(w.game.actions(w.state)[0])
    assert len(w.history) == 5
    w.undo()
    assert len(w.history) == 3 and w.game.to_move(w.state) == "X"
    w.starts.value = "engine starts"
    assert len(w.history) == 2 and w.you == "O"  # the engine moved first at once
    w.undo()
    assert len(w.history) == 2  # undo never takes back the engine's opening move
    w.new_button.click()
    assert len(w.history) == 2


def test_the_engine_menu_changes_the_budgets_and_the_player():
    assert [v for _, v in ab.play(ab.ConnectFour(), engine="MCTS").engine.options] == [
        "alpha-beta", "engine", "MCTS", "random"]  # no perfect play on a board too big to solve
    w = ab.play(ab.ConnectFour(4, 4, 3))
    assert w.engine.options[0] == ("minimax (perfect)", "perfect")
    w.engine.value = "engine"
    assert [v for _, v in w.budget.options] == [v for _, v in BUDGETS["engine"]] and w.budget.value == 0.5
    assert w.player_name() == "engine 0.5 s"


def test_a_picture_where_no_kernel_runs():
    w = ab.play(ab.TicTacToe("XO. ... ..."), engine="random")
    data = w._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["image/png"][:4] == b"\x89PNG" and data["text/plain"].startswith("A game to play (a picture of it as it stands; it runs in Jupyter): TicTacToe against random")


def test_bad_choices_are_named():
    with pytest.raises(ValueError, match="engine must be one of"):
        ab.play(ab.TicTacToe(), engine="deep blue")
    with pytest.raises(ValueError, match="budget for MCTS must be one of"):
        ab.play(ab.TicTacToe(), engine="MCTS", budget=7)
    with pytest.raises(TypeError, match="you_first must be True or False"):
        ab.play(ab.TicTacToe(), you_first="yes")
    with pytest.raises(ValueError, match="too big to solve move by move"):
        ab.play(ab.ConnectFour(), engine="perfect")
    assert ab.play(ab.ConnectFour()).engine.value == "engine"  # the default where perfect play cannot be had
    with pytest.raises(TypeError, match="draws tic-tac-toe and Connect Four"):
        ab.play(ab.examples.FIG_5_2)
