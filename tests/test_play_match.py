"""Players and matches, headless: seeded, colours alternated, counted right, and each player what it says."""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.games.tictactoe import Board
from abteach.agents.match import play_game


def test_a_match_repeats_with_its_seed_and_alternates_colours():
    game = ab.TicTacToe()
    a = ab.match(ab.players.mcts(40), ab.players.random(), game, games=6, seed=3)
    b = ab.match(ab.players.mcts(40), ab.players.random(), game, games=6, seed=3)
    assert [g.moves for g in a.games] == [g.moves for g in b.games]
    assert [g.first for g in a.games] == [0, 1, 0, 1, 0, 1]
    other = ab.match(ab.players.mcts(40), ab.players.random(), game, games=6, seed=4)
    assert [g.moves for g in other.games] != [g.moves for g in a.games]


def test_the_table_counts_every_game_once_from_each_side():
    m = ab.match(ab.players.random(), ab.players.random(), ab.ConnectFour(4, 4, 3), games=12, seed=0)
    wins_a, wins_b = m.wins
    assert wins_a + wins_b + m.draws == 12
    assert m.count(0, "lost") == wins_b and m.count(1, "lost") == wins_a
    for g in m.games:  # the winner made the last move
        if g.winner is not None:
            last_mover = (len(g.moves) - 1) % 2  # 0: whoever moved first
            assert g.winner == (g.first if last_mover == 0 else 1 - g.first)
    rows = m.rows()
    assert rows[0]["wins"] == wins_a and rows[1]["losses"] == wins_a
    text = str(m)
    assert "random against random, 12 games of ConnectFour" in text and "as first (W-D-L)" in text
    assert "<table" in m._repr_html_()


def test_the_perfect_player_never_loses_tictactoe():
    # Tic-tac-toe is a draw with perfect play, so whoever never errs never loses.
    for opponent in (ab.players.random(), ab.players.mcts(20), ab.players.alphabeta(1)):
        m = ab.match(ab.players.perfect(), opponent, ab.TicTacToe(), games=10, seed=5)
        assert m.count(0, "lost") == 0, opponent
    assert ab.match(ab.players.perfect(), ab.players.perfect(), ab.TicTacToe(), games=6, seed=1).draws == 6


@pytest.mark.parametrize("board", ["X.. ... ...", "XO. .X. ...", "X.O .X. ..O", "XX. OO. ..."])
def test_the_perfect_players_values_are_minimax_values(board):
    game = ab.TicTacToe(Board.parse(board))
    values = ab.players.perfect().values(game, game.initial)
    for a, v in values.items():
        child = ab.TicTacToe(game.result(game.initial, a))
        # ab.minimax scores for the player to move at its start: here, the opponent.
        assert v == -ab.minimax(child, trace=False).value
    assert ab.players.perfect(varied=False)(game, game.initial) == next(a for a, v in values.items()
                                                                         if v == max(values.values()))


@pytest.mark.parametrize("moves", [[], [3], [3, 3, 2], [3, 2, 4, 4, 1]])
def test_the_engine_agrees_with_plain_alphabeta_at_the_same_depth(moves):
    game = ab.ConnectFour()
    s = game.play(moves)
    for depth in (1, 2, 3):
        deep = ab.iterative_deepening(game, s, max_depth=depth, evaluate=game.evaluate, order=game.order,
                                      trace=False)
        plain = ab.alphabeta(game, s, depth=depth, evaluate=game.evaluate, trace=False)
        assert deep.value == pytest.approx(plain.value), depth


def test_the_engine_player_takes_a_win_and_blocks():
    game = ab.ConnectFour()
    engine = ab.players.engine(0.3)
    assert engine(game, game.play([0, 6, 1, 6, 2, 5])) == 3   # X completes the bottom row
    assert engine(game, game.play([0, 6, 1, 6, 2])) == 3      # O blocks it
    assert engine.think(game, game.initial).stats["depth"] >= 1


def test_a_player_that_cheats_is_named():
    def cheat(game, state):
        return 0

    with pytest.raises(ValueError, match="cheat played 0, which the game refuses"):
        play_game(cheat, cheat, ab.TicTacToe())


@pytest.mark.parametrize("make, error, words", [
    (lambda: ab.players.alphabeta(0), ValueError, "depth must be a positive number"),
    (lambda: ab.players.alphabeta(2.5), ValueError, "depth must be a whole number"),
    (lambda: ab.players.engine(0), ValueError, "seconds must be a positive number"),
    (lambda: ab.players.mcts(0), ValueError, "playouts must be a positive number"),
    (lambda: ab.players.mcts(10, fault="x"), ValueError, "fault must be None or one of"),
    (lambda: ab.players.mcts(10, c=-1), ValueError, "c must be a finite number"),
    (lambda: ab.players.random("1"), TypeError, "seed must be an int"),
    (lambda: ab.players.perfect(varied=1), TypeError, "varied must be True or False"),
    (lambda: ab.match(ab.players.random(), "me", ab.TicTacToe()), TypeError, "player_b must be a player"),
    (lambda: ab.match(ab.players.random(), ab.players.random(), object()), TypeError, "is not a game"),
    (lambda: ab.match(ab.players.random(), ab.players.random(), ab.TicTacToe(), games=0), ValueError,
     "games must be a whole number from 1"),
    (lambda: ab.match(ab.players.random(), ab.players.random(), ab.TicTacToe(), seed=1.5), TypeError,
     "seed must be an int"),
])
def test_bad_arguments_are_named(make, error, words):
    with pytest.raises(error, match=words):
        make()


# -- a finished position: no player has a move there ------------------------------------------

#: Each maker of players, with the arguments that make a cheap one.
MAKERS = {"random": lambda: ab.players.random(), "random_player": lambda: ab.players.random_player(1),
          "perfect": lambda: ab.players.perfect(), "alphabeta": lambda: ab.players.alphabeta(2),
          "engine": lambda: ab.players.engine(0.05), "mcts": lambda: ab.players.mcts(20)}


def finished_positions():
    """A won and a drawn tic-tac-toe board, and a won Connect Four board: the game is over in each."""
    c4 = ab.ConnectFour()
    return [(ab.TicTacToe(), Board.parse("XXX OO. ...")), (ab.TicTacToe(), Board.parse("XOX XOO OXX")),
            (c4, c4.play([0, 1, 0, 1, 0, 1, 0]))]


def test_every_maker_of_players_is_tried():
    makers = {name for name in ab.players.__all__ if callable(getattr(ab.players, name))
              and getattr(ab.players, name).__module__ == ab.players.__name__
              and not isinstance(getattr(ab.players, name), type)} - {"think", "evaluation_of", "check_playable"}
    assert makers == set(MAKERS)


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize("game, state", finished_positions(), ids=["won", "drawn", "connect4-won"])
def test_every_player_asked_to_move_in_a_finished_position_says_the_game_is_over(maker, game, state):
    assert game.is_terminal(state) and list(game.actions(state)) == []
    player = MAKERS[maker]()
    message = f"the game is over at state={state!r}: a player has no move to make there"
    with pytest.raises(ValueError) as err:
        player(game, state)
    assert str(err.value) == message
    with pytest.raises(ValueError) as err:
        ab.players.think(player, game, state)
    assert str(err.value) == message


# -- the engine always moves, however short its time -------------------------------------------

@pytest.mark.parametrize("game", [ab.TicTacToe(), ab.ConnectFour()], ids=["tictactoe", "connect4"])
@pytest.mark.parametrize("trace", [False, True])
def test_an_engine_with_no_time_still_completes_the_first_ply(game, trace):
    engine = ab.players.engine(1e-9)
    r = engine.think(game, game.initial, trace=trace)
    assert r.move in game.actions(game.initial)
    assert engine(game, game.initial) in game.actions(game.initial)


def test_an_engine_with_no_time_takes_a_win_one_move_away():
    # One ply sees every game that ends with the mover's next move: X wins at square 2 (row 1 complete),
    # and in Connect Four X completes the bottom row in column 3.
    assert ab.players.engine(1e-9)(ab.TicTacToe(), Board.parse("XX. OO. ...")) == 2
    c4 = ab.ConnectFour()
    assert ab.players.engine(1e-9)(c4, c4.play([0, 6, 1, 6, 2, 5])) == 3
