"""The play widget, driven from Python: clicks, the engine's replies, undo, new game, who starts, the menus."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.views.boards import board_data, board_figure, board_texts
from abteach.widgets.play import BOARD_ESM, BUDGETS, MAX_SEARCH_STEPS, Board
from abteach.widgets.stepper import Stepper


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
    assert w.status in ("The engine wins.", "A draw.")
    assert all(b.disabled for b in w.cells)
    assert w.board.announce.endswith(w.status)  # the live region says how it ended too


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


def test_the_page_draws_the_board_the_views_describe():
    w = ab.play(ab.TicTacToe(), engine="perfect")
    w.click(0)
    assert isinstance(w.board, Board) and w.board._esm == BOARD_ESM.read_text(encoding="utf-8")
    assert w.board.board == board_data(w.game, w.state, legal=w.game.actions(w.state), highlight=w._last_move())
    # Independently of the views: the cells read the position's own cells, and only the empty ones are playable.
    assert [c.description for c in w.cells] == [ch if ch != "." else "" for ch in w.state.cells]
    assert [not c.disabled for c in w.cells] == [ch == "." for ch in w.state.cells]
    assert w.cells[0].label == "a1: X"


def test_a_move_from_the_page_is_one_message_and_the_live_region_says_both_moves():
    w = ab.play(ab.TicTacToe(), engine="alpha-beta", budget=2)
    busy = []
    w.board.observe(lambda change: busy.append(change["new"]), names="busy")
    w.board._message(w.board, {"event": "play", "action": 4}, [])  # a JSON number, as the page sends it
    assert w.state.cells[4] == "X" and w.state.cells.count("O") == 1
    o = w.state.cells.index("O")
    assert w.board.announce == f"You played Xb2. The engine played O{'abc'[o % 3]}{o // 3 + 1}. {w.outcome()}"
    assert busy == [True, False]  # the page, busy since the click, hears that the reply is in
    w.board._message(w.board, {"event": "play", "action": 4.0}, [])
    assert w.status == "Xb2 cannot be played here: pick another." and w.board.busy is False
    w.board._message(w.board, {"event": "hover"}, [])  # not a move: nothing happens
    assert len(w.history) == 3


@pytest.mark.parametrize("engine, budget", [("alpha-beta", 2), ("alpha-beta", 4), ("MCTS", 100)])
def test_the_engines_last_search_is_stepped_through_where_its_thinking_is(engine, budget):
    w = ab.play(ab.TicTacToe(), engine=engine, budget=budget)
    assert w.search is None and w.search_box.children == ()
    w.click(4)
    assert isinstance(w.search, Stepper) and w.search in w.search_box.children
    # The very search that chose the move: its trace ends on that move, and the stepper opens there.
    before = w.history[-2]
    assert w.search.trace is w.thought.search.trace and w.search.value == w.search.last == len(w.search.trace)
    assert w.thought.search.move == w.thought.move and w.game.result(before, w.thought.move) == w.state
    first = w.search
    w.undo()
    assert w.search is None and w.search_box.children == () and first.comm is None  # the old one is closed


@pytest.mark.parametrize("engine, budget, why", [
    ("perfect", "exact", "solved game"), ("engine", 0.1, "against the clock"), ("random", "none", "does not search"),
    ("MCTS", 1000, f"more than are stepped through here ({MAX_SEARCH_STEPS:,})")])
def test_a_search_that_cannot_be_stepped_through_says_why(engine, budget, why):
    w = ab.play(ab.TicTacToe(), engine=engine, budget=budget)
    w.click(4)
    assert w.search is None and why in w.search_box.children[0].value


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=12), st.booleans(), st.booleans())
def test_print_and_screen_write_the_same_texts(moves, connect_four, caption):
    """The picture (matplotlib) writes exactly the texts of the board's description, which the page writes."""
    game = ab.ConnectFour() if connect_four else ab.TicTacToe()
    state = game.initial
    for m in moves:
        legal = list(game.actions(state))
        if game.is_terminal(state):
            break
        state = game.result(state, legal[m % len(legal)])
    words = "Your move" if caption else ""
    fig = board_figure(game, state, caption=words)
    drawn = [t.get_text() for t in fig.texts] + [t.get_text() for t in fig.axes[0].texts]
    assert sorted(drawn) == sorted(board_texts(board_data(game, state, caption=words)))
    # and those texts are the pieces on the board, counted from the position itself
    pieces = [ch for row in _rows(state) for ch in row if ch != "."]
    assert sorted(t for t in drawn if t in ("X", "O")) == sorted(pieces)


def _rows(state):
    return [list(r) for r in state.rows()] if callable(getattr(state, "rows", None)) else [state.cells]


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=5), st.sampled_from(["alphabeta", "mcts"]))
def test_recording_the_search_does_not_change_the_move(moves, kind):
    game = ab.TicTacToe()
    state = game.initial
    for m in moves:
        if game.is_terminal(state):
            break
        legal = list(game.actions(state))
        state = game.result(state, legal[m % len(legal)])
    if game.is_terminal(state):
        return
    player = ab.players.alphabeta(3) if kind == "alphabeta" else ab.players.mcts(60, seed=1)
    plain, traced = ab.players.think(player, game, state), ab.players.think(player, game, state, trace=True)
    assert plain.search is None and traced.search is not None and len(traced.search.trace) > 0
    assert traced.move == plain.move and traced.summary == plain.summary


def test_an_exported_lecture_shows_a_game_as_its_board_with_its_words():
    """No kernel replies in an exported page: it shows the board's picture, with the board in words as its alt."""
    from abteach.views.boards import board_alt
    from abteach.widgets.offline import OFFLINE_BOARD_CLASS, _show_play

    w = ab.play(ab.TicTacToe(), engine="perfect")
    w.click(4)
    bundle = _show_play(w)
    assert bundle["image/png"].startswith("iVBORw0KGgo") and "application/vnd.jupyter.widget-view+json" not in bundle
    assert f'alt="{board_alt(w.game, w.state)}"' in bundle["text/html"]
    # Marked as the page's own, so the full tier's nbval compares the run with the committed widget.
    assert bundle["text/html"].startswith(f"<div class='{OFFLINE_BOARD_CLASS}'>")
    assert bundle["text/plain"].startswith("A game to play") and w.status in bundle["text/plain"]
