"""The move and the line each search returns are best moves, not only its value (issue 16 §6).

Every expected answer comes from the test itself: a plain minimax over the
nested lists of a random tree, or ``ab.solve`` on a tic-tac-toe position
(itself checked here against a plain negamax).
"""

import itertools
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.search.memory import _table_line
from abteach.search.problem import Problem
from abteach.search.solve import Solver, SolveLimitError
from abteach.search.table import Table
from .strategies import examples, infinite_leaves, inner_trees
from .test_search_laws import minimax_value

GAME = ab.TicTacToe()


#: Plain minimax over nested lists, independent of the package.
value_of = minimax_value


def best_moves(nested, maximizing=True):
    """The children of ``nested`` that reach its minimax value."""
    v = value_of(nested, maximizing)
    return {i for i, c in enumerate(nested) if value_of(c, not maximizing) == v}


def assert_tree_line(nested, pv, maximizing=True):
    """Each move of ``pv`` keeps the value of the node it is played from."""
    node = nested
    for a in pv:
        assert isinstance(node, list) and a in best_moves(node, maximizing), (pv, a)
        node, maximizing = node[a], not maximizing


def plain_negamax(game, s):
    """The value of ``s`` for the side to move, by negamax with no pruning and no table."""
    if game.is_terminal(s):
        return game.utility(s, game.to_move(s))
    return max(-plain_negamax(game, game.result(s, a)) for a in game.actions(s))


def position(data, fewest=2, most=6):
    s = GAME.initial
    for _ in range(data.draw(st.integers(fewest, most), label="plies")):
        if GAME.is_terminal(s):
            break
        s = GAME.result(s, data.draw(st.sampled_from(GAME.actions(s)), label="move"))
    return s


def assert_game_line(s, pv, solver):
    """Each move of ``pv`` keeps the value ``ab.solve`` gives the position it is played from."""
    for a in pv:
        v = solver.value(s)
        after = GAME.result(s, a)
        got = GAME.utility(after, GAME.to_move(s)) if GAME.is_terminal(after) else -solver.value(after)
        assert got == v, (s, pv, a)
        s = after
    return s


# -- 1. aspiration ------------------------------------------------------------------------------

@given(inner_trees(max_leaves=20), st.integers(-2, 6), st.sampled_from([0.5, 1, 2]), st.booleans(),
       st.sampled_from([ab.MAX, ab.MIN]))
def test_aspiration_returns_a_best_move_whatever_the_guess(nested, guess, delta, tt, root):
    maximizing = root == ab.MAX
    v = value_of(nested, maximizing)
    # Whether a re-search goes wrong depends on the order of the root's children (a child that fails low
    # with the value as its bound must come before the best one), so every order is tried; and the
    # guesses with an end of the window at the value itself, where a re-search from the bound fails.
    for order in itertools.permutations(range(len(nested))):
        tree = [nested[i] for i in order]
        for g in (guess, v - delta, v + delta):
            r = ab.aspiration(ab.tree(tree, root=root), guess=g, delta=delta, tt=tt, trace=False)
            assert r.value == v
            assert r.move in best_moves(tree, maximizing), (tree, g)
            assert_tree_line(tree, r.pv, maximizing)


@pytest.mark.parametrize("trace", [True, False])
def test_a_fail_high_at_the_value_itself_still_finds_the_best_move(trace):
    # Window (1, 3): the last child fails high with 3, the value.  Searched again from 3 itself, every
    # child fails low, and the middle one's bound 3 (its value is 1) improved on the first one's 2.
    nested = [2, [3, 1], 3]
    r = ab.aspiration(ab.tree(nested), guess=2, delta=1, trace=trace)
    assert r.passes == 2 and r.value == 3
    assert best_moves(nested) == {2} and r.move == 2


# -- 2. the untraced twin of the 4th edition -------------------------------------------------------

@given(inner_trees(values=infinite_leaves()), st.sampled_from(["alphabeta", "minimax"]), st.booleans(),
       st.sampled_from([ab.MAX, ab.MIN]))
def test_the_untraced_4th_edition_keeps_the_moves_the_readable_one_keeps(nested, algorithm, tie, root):
    t = ab.tree(nested, root=root)
    search = getattr(ab, algorithm)
    options = {"edition": 4, **({"prune_on_tie": tie} if algorithm == "alphabeta" else {})}
    readable, twin = search(t, **options), search(t, trace=False, **options)
    assert (twin.value, twin.move, twin.pv, twin.pv_path, twin.evaluated, twin.pruned, twin.nodes,
            twin.cutoffs) == (readable.value, readable.move, readable.pv, readable.pv_path,
                              readable.evaluated, readable.pruned, readable.nodes, readable.cutoffs)


@pytest.mark.parametrize("trace", [True, False])
def test_a_4th_edition_root_whose_every_child_is_minus_infinity_has_no_move(trace):
    # The pseudocode: v ← −∞, move ← null, and a child of −∞ is no improvement (v2 > v fails).
    t = ab.tree([-inf, [-inf, 2], -inf])
    assert value_of([-inf, [-inf, 2], -inf]) == -inf
    r = ab.alphabeta(t, edition=4, trace=trace)
    assert (r.value, r.move, r.pv) == (-inf, None, ())
    assert ab.alphabeta(t, edition=3, trace=trace).move == 0  # the 3rd's "the action with value v": the first


# -- 3. every line is made of best moves -----------------------------------------------------------

def _searches(depth_of):
    """Every search whose value is the minimax value, each returning a line; ``depth_of(game)`` for ID."""
    zero = lambda s, p: 0  # noqa: E731
    return {
        "minimax": lambda g, s: ab.minimax(g, s, trace=False),
        "minimax, 4th edition": lambda g, s: ab.minimax(g, s, edition=4, trace=False),
        "alphabeta": lambda g, s: ab.alphabeta(g, s),
        "alphabeta, untraced": lambda g, s: ab.alphabeta(g, s, trace=False),
        "alphabeta, 4th edition": lambda g, s: ab.alphabeta(g, s, edition=4),
        "alphabeta, strict": lambda g, s: ab.alphabeta(g, s, prune_on_tie=False, trace=False),
        "alphabeta, fail-hard": lambda g, s: ab.alphabeta_fail_hard(g, s),
        "negamax": lambda g, s: ab.negamax(g, s),
        "negamax_memory": lambda g, s: ab.negamax_memory(g, s),
        "negamax_memory, untraced": lambda g, s: ab.negamax_memory(g, s, trace=False),
        "negamax_memory, killers and history": lambda g, s: ab.negamax_memory(g, s, killers=True, history=True),
        "negamax_memory, no table": lambda g, s: ab.negamax_memory(g, s, tt=False, killers=True),
        "negascout": lambda g, s: ab.negascout(g, s),
        "negascout, untraced": lambda g, s: ab.negascout(g, s, trace=False),
        "iterative deepening": lambda g, s: ab.iterative_deepening(g, s, max_depth=depth_of(g), evaluate=zero),
        "iterative deepening, no table": lambda g, s: ab.iterative_deepening(g, s, max_depth=depth_of(g),
                                                                             evaluate=zero, tt=False),
        "iterative deepening, aspiration": lambda g, s: ab.iterative_deepening(g, s, max_depth=depth_of(g),
                                                                               evaluate=zero, delta=1),
        "aspiration": lambda g, s: ab.aspiration(g, s, guess=1, delta=1),
        "aspiration, table": lambda g, s: ab.aspiration(g, s, guess=-1, delta=1, tt=True),
        "mtdf": lambda g, s: ab.mtdf(g, s, first_guess=1),
        "sss_star": lambda g, s: ab.sss_star(g, s),
    }


SEARCHES = _searches(lambda g: 9 if isinstance(g, ab.TicTacToe) else g.height)


@given(inner_trees())
def test_every_line_on_a_tree_is_made_of_best_moves(nested):
    t = ab.tree(nested)
    for name, search in SEARCHES.items():
        r = search(t, None)
        assert r.value == value_of(nested), name
        assert r.move in best_moves(nested), name
        assert_tree_line(nested, r.pv)


@settings(max_examples=examples(0.5))
@given(st.data())
def test_every_line_in_tic_tac_toe_is_made_of_best_moves(data):
    s = position(data)
    solver = Solver(GAME)
    for name, search in SEARCHES.items():
        r = search(GAME, s)
        assert r.value == solver.value(s), name  # the side to move at the start is MAX
        assert_game_line(s, r.pv, solver)


@pytest.mark.parametrize("cells", [".XO......", "....X.X.O", "XO...X..."])
def test_negascout_lines_that_a_failed_low_probe_once_spoiled(cells):
    s = ab.Board(cells)
    solver = Solver(GAME)
    for trace in (True, False):
        r = ab.negascout(GAME, s, trace=trace)
        assert GAME.is_terminal(assert_game_line(s, r.pv, solver))


# -- 4. the table completes the line ---------------------------------------------------------------

@settings(max_examples=examples(0.5))
@given(st.booleans(), st.booleans(), st.data())
def test_negamax_memory_line_reaches_the_end_in_best_moves(trace, killers, data):
    s = position(data, fewest=1)
    solver = Solver(GAME)
    r = ab.negamax_memory(GAME, s, killers=killers, history=killers, trace=trace)
    end = assert_game_line(s, r.pv, solver)
    assert GAME.is_terminal(end) and "pv stops" not in r.stats


def test_negamax_memory_line_from_the_empty_board_goes_past_the_table_hits():
    r = ab.negamax_memory(GAME, trace=False)
    assert r.stats["hits"] > 0
    assert GAME.is_terminal(assert_game_line(GAME.initial, r.pv, Solver(GAME)))


def test_a_line_the_table_cannot_prove_stops_and_says_why():
    # The root's table entry only bounds the value from above: its move proves nothing.
    t = ab.examples.FIG_5_2
    table = Table()
    table.store(t.initial, 3, depth=inf, move=0, alpha0=3, beta=inf)
    line, why = _table_line(Problem(t, None), table, 3)
    assert line == [] and why.startswith("after 0 moves:") and "not the value 3" in why
    line, why = _table_line(Problem(t, None), Table(), 3)
    assert line == [] and "no result for this position" in why


# -- 5. solve has a limit --------------------------------------------------------------------------

@pytest.mark.timeout(120)  # a guard against a solve that ignores its limit, not a measure of speed
def test_solve_stops_at_a_tiny_node_limit_with_an_error_naming_it():
    game = ab.ConnectFour()
    s = game.play([3, 3, 2, 4, 3, 2, 4, 5])
    with pytest.raises(SolveLimitError, match="max_nodes=1,000") as e:
        ab.solve(game, s, max_nodes=1000)
    assert isinstance(e.value, ValueError) and e.value.limit == "max_nodes" and e.value.value == 1000
    assert ab.SolveLimitError is SolveLimitError


@pytest.mark.parametrize("cells", ["... ... ...", "X.. ... ...", "XO. .X. ..O", "XX. OO. ...", "XOX OXO OX."])
def test_tic_tac_toe_still_solves_within_the_limits(cells):
    s = ab.Board.parse(cells)
    assert ab.solve(GAME, s) == plain_negamax(GAME, s)


def test_a_full_table_stores_nothing_new_and_the_value_is_still_right():
    s = ab.Board.parse("X.. ... ...")
    solver = Solver(GAME, max_table=50)
    assert solver.value(s) == plain_negamax(GAME, s)
    assert len(solver.table) == 50
    assert ab.solve(GAME, s, max_table=1, max_nodes=None) == plain_negamax(GAME, s)


@pytest.mark.parametrize("options, error, match", [
    ({"max_nodes": 0}, ValueError, "max_nodes must be at least 1"),
    ({"max_nodes": 2.5}, TypeError, "max_nodes must be a whole number or None"),
    ({"max_table": None}, TypeError, "max_table must be a whole number, not None"),
    ({"max_table": True}, TypeError, "max_table"),
])
def test_bad_limits_are_named(options, error, match):
    with pytest.raises(error, match=match):
        ab.solve(GAME, **options)
