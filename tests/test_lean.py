"""The lean untraced alpha-beta is a twin of the tallied one: it must leave exactly the same tally.

Every test runs both on the same problem and compares the value, the node and
cutoff counts, the evaluated leaves and pruned children (in order) and the
best child of every node.  With a depth limit or a move order there is no
twin: the front door runs the readable search with a tally, which the last
tests check.
"""

import gc
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.games.generate import RandomGame, random_tree
from abteach.search.alphabeta import search_for
from abteach.search.lean import lean_search
from abteach.search.problem import Problem, TooDeepError
from abteach.search.record import Tally
from abteach.search.rules import Edition, TieRule
from .strategies import infinite_leaves, inner_trees, nested_trees


def tallied(problem, prune_on_tie, edition=3):
    """The reference: the readable search run with a tally."""
    log = Tally(problem.root)
    value, _ = search_for(Edition.of(edition), TieRule.of(prune_on_tie))(problem, log)
    return value, log


def lean(problem, prune_on_tie, **options):
    return lean_search(problem, tie=TieRule.of(prune_on_tie), **options)


def tally_of(value, log):
    return {"value": value, "nodes": log.nodes, "cutoffs": log.cutoffs, "evaluated": log.evaluated,
            "pruned": log.pruned, "best": log.best}


def assert_twins(game, state=None, *, prune_on_tie):
    twin = tally_of(*lean(Problem(game, state), prune_on_tie))
    ref = tally_of(*tallied(Problem(game, state), prune_on_tie))
    assert twin == ref
    assert type(twin["value"]) is type(ref["value"])
    return twin


# -- explicit trees ---------------------------------------------------------------------------

@given(nested_trees(), st.booleans(), st.sampled_from([ab.MAX, ab.MIN]))
def test_trees(nested, prune_on_tie, root):
    assert_twins(ab.tree(nested, root=root), prune_on_tie=prune_on_tie)


@given(inner_trees(values=st.one_of(st.integers(-3, 3), st.floats(-5, 5, allow_nan=False),
                                    st.sampled_from([math.inf, -math.inf]))),
       st.booleans())
def test_trees_with_real_and_infinite_leaves(nested, prune_on_tie):
    assert_twins(ab.tree(nested), prune_on_tie=prune_on_tie)


@given(inner_trees(), st.booleans(), st.data())
def test_searching_from_a_node_below_the_root(nested, prune_on_tie, data):
    t = ab.tree(nested)
    start = data.draw(st.sampled_from(list(t.nodes)))
    lean = assert_twins(t, t.node(start), prune_on_tie=prune_on_tie)
    # Paths are the tree's own, from its root.
    assert all(p[:len(start)] == start for p in lean["evaluated"] + lean["pruned"])


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_the_benchmark_trees(seed, prune_on_tie):
    t = random_tree(4, 6, seed=seed)
    assert_twins(t, prune_on_tie=prune_on_tie)


@pytest.mark.parametrize("name", sorted(ab.examples.ALL))
@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_the_textbook_examples(name, prune_on_tie):
    assert_twins(ab.examples.ALL[name], prune_on_tie=prune_on_tie)


def test_a_tree_assembled_by_hand_with_misplaced_paths_is_searched_as_a_game():
    a = ab.Node((7,), ab.MIN, 3, ())  # its path does not say where it is
    b = ab.Node((1,), ab.MIN, 5, ())
    t = ab.Tree(root=ab.Node((), ab.MAX, None, (a, b)), nodes={})
    assert not t.is_well_formed()
    lean = assert_twins(t, prune_on_tie=True)
    assert lean["evaluated"] == [(0,), (1,)] and lean["value"] == 5


def test_a_tree_subclass_with_its_own_utility_is_searched_through_it():
    class Doubled(ab.Tree):
        def utility(self, state, player):
            return 2 * super().utility(state, player)

    plain = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    t = Doubled(root=plain.root, nodes=plain.nodes)
    lean = assert_twins(t, prune_on_tie=True)
    assert lean["value"] == 6


def test_a_node_of_another_tree_is_searched_as_a_game_state():
    t, other = ab.tree([[1, 2], [3, 4]]), ab.tree([[1, 2], [3, 4]])
    assert_twins(t, other.node((1,)), prune_on_tie=True)


# -- games ------------------------------------------------------------------------------------

class Nested:
    """A game over nested lists themselves, not a Tree: the game walk, on the same shapes."""

    def __init__(self, nested, root="MAX"):
        self.initial = (nested, 0)
        self.root = root

    def to_move(self, s):
        return self.root if s[1] % 2 == 0 else ("MIN" if self.root == "MAX" else "MAX")

    def actions(self, s):
        return range(len(s[0]))

    def result(self, s, a):
        return (s[0][a], s[1] + 1)

    def is_terminal(self, s):
        return not isinstance(s[0], list)

    def utility(self, s, player):
        # Scored for the player to move at the start, as a game is.
        return s[0] if player == self.root else -s[0]

    def move_name(self, s, a):
        return str(a)


@given(nested_trees(values=st.one_of(st.integers(-3, 3), st.sampled_from([math.inf, -math.inf]))),
       st.booleans(), st.sampled_from([ab.MAX, ab.MIN]))
def test_games(nested, prune_on_tie, root):
    assert_twins(Nested(nested, root), prune_on_tie=prune_on_tie)


@pytest.mark.parametrize("board", ["... ... ...", "X.. ... ...", "XO. .X. ..O", "XX. OO. ...", "XOX OXO OX.",
                                   "XOX OOX XXO", "XXX OO. ..."])
@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_tictactoe_alphabeta(board, prune_on_tie):
    assert_twins(ab.TicTacToe(board), prune_on_tie=prune_on_tie)


def test_tictactoe_from_the_empty_board():
    lean = assert_twins(ab.TicTacToe(), prune_on_tie=True)
    assert (lean["value"], lean["nodes"]) == (0, 18297)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_made_on_demand(seed):
    g = RandomGame(3, 6, seed=seed)
    for prune_on_tie in (True, False):
        assert_twins(g, prune_on_tie=prune_on_tie)


@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_wide_nodes(prune_on_tie):
    nested = [[5] * 70, [1] + [9] * 69, list(range(70, 0, -1))]
    for game in (ab.tree(nested), Nested(nested)):
        lean = assert_twins(game, prune_on_tie=prune_on_tie)
        assert lean["pruned"][:69] == [(1, j) for j in range(1, 70)]


class Sparse:
    """A game where some states that are not terminal have no moves, and MIN moves first."""

    initial = 0

    def to_move(self, s):
        return "MIN" if len(str(s)) % 2 else "MAX"

    def actions(self, s):
        return [] if s % 7 == 3 else [1, 2]

    def result(self, s, a):
        return s * 10 + a

    def is_terminal(self, s):
        return s >= 1000

    def utility(self, s, player):
        return (s % 13) * (1 if player == "MIN" else -1)

    def move_name(self, s, a):
        return str(a)


@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_a_game_with_dead_ends(prune_on_tie):
    lean = assert_twins(Sparse(), prune_on_tie=prune_on_tie)
    assert lean["nodes"] > len(lean["evaluated"]) + len(lean["best"])  # the dead ends count as calls


def test_a_terminal_start():
    assert_twins(ab.TicTacToe("XXX OO. ..."), prune_on_tie=True)
    assert_twins(ab.tree(5), prune_on_tie=True)


# -- the same errors ------------------------------------------------------------------------------

class Endless:
    initial = 0

    def to_move(self, s):
        return "MAX" if s % 2 == 0 else "MIN"

    def actions(self, s):
        return [0]

    def result(self, s, a):
        return s + 1

    def is_terminal(self, s):
        return False

    def utility(self, s, p):
        return 0


def test_a_game_too_deep_raises_the_same_error():
    with pytest.raises(TooDeepError) as ref:
        tallied(Problem(Endless(), None), True)
    with pytest.raises(TooDeepError) as twin:
        lean(Problem(Endless(), None), True)
    assert str(twin.value) == str(ref.value)


def test_bad_options():
    with pytest.raises(TypeError, match="tie must be a TieRule, not True"):
        lean_search(Problem(ab.examples.FIG_5_2, None), tie=True)


def test_a_given_tally_is_filled_in():
    p = Problem(ab.examples.FIG_5_2, None)
    mine = Tally(p.root)
    value, log = lean(p, True, tally=mine)
    assert log is mine and value == 3 and mine.pruned == [(1, 1), (1, 2)]


# -- no garbage for the cyclic collector -----------------------------------------------------------

@pytest.mark.parametrize("game", [ab.examples.FIG_5_2, ab.TicTacToe("XO. .X. ..O"), Sparse()],
                         ids=["tree", "tictactoe", "game"])
def test_a_search_leaves_no_reference_cycles(game):
    gc.collect()
    gc.disable()
    try:
        lean(Problem(game, None), True)
        assert gc.collect() == 0
        # The tallied search's nested closures do leave a cycle: the check can fail.
        tallied(Problem(game, None), True)
        assert gc.collect() > 0
    finally:
        gc.enable()


def test_the_collector_is_left_as_it_was():
    p = Problem(ab.examples.FIG_5_2, None)
    lean(p, True)
    assert gc.isenabled()
    gc.disable()
    try:
        lean(p, True)
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(TooDeepError):
        lean(Problem(Endless(), None), True)
    assert gc.isenabled()


@given(inner_trees(values=infinite_leaves()), st.booleans(), st.sampled_from([ab.MAX, ab.MIN]), st.sampled_from([3, 4]))
def test_keeping_only_the_principal_variations_best_moves(nested, prune_on_tie, root, edition):
    # Everything but best is the full twin's; best is its entries along the chain of best moves from the start.
    t = ab.tree(nested, root=root)
    full = tally_of(*lean(Problem(t, None), prune_on_tie, edition=edition))
    line = tally_of(*lean(Problem(t, None), prune_on_tie, edition=edition, every_best=False))
    chain, path = {}, ()
    while path in full["best"]:
        chain[path] = full["best"][path]
        path += (full["best"][path][0],)
    assert line == {**full, "best": chain}


def test_every_best_must_be_a_flag():
    with pytest.raises(TypeError, match="every_best"):
        lean(Problem(ab.examples.FIG_5_2, None), True, every_best="no")


# -- the 4th edition --------------------------------------------------------------------------------

@given(inner_trees(values=infinite_leaves()), st.booleans(), st.sampled_from([ab.MAX, ab.MIN]), st.booleans())
def test_the_4th_edition_twin_keeps_the_best_moves_the_4th_edition_keeps(nested, prune_on_tie, root, as_game):
    # A node whose every child scores v's start (−∞ at MAX, +∞ at MIN) has no move in the 4th edition.
    game = Nested(nested, root) if as_game else ab.tree(nested, root=root)
    twin = tally_of(*lean(Problem(game, None), prune_on_tie, edition=4))
    assert twin == tally_of(*tallied(Problem(game, None), prune_on_tie, edition=4))


@given(inner_trees(values=infinite_leaves()), st.booleans(), st.booleans())
def test_untraced_and_traced_4th_edition_return_the_same_move_and_line(nested, prune_on_tie, as_game):
    game = Nested(nested) if as_game else ab.tree(nested)
    traced = ab.alphabeta(game, edition=4, prune_on_tie=prune_on_tie)
    lean = ab.alphabeta(game, edition=4, prune_on_tie=prune_on_tie, trace=False)
    assert (lean.value, lean.move, lean.pv, lean.pv_path) == (traced.value, traced.move, traced.pv, traced.pv_path)


def test_an_unknown_edition_is_named():
    with pytest.raises(ValueError, match="edition must be 3 or 4, not 5"):
        lean(Problem(ab.examples.FIG_5_2, None), True, edition=5)


# -- no twin: a depth limit or a move order ------------------------------------------------------

def lines_open(board, player):
    return sum(1 for line in ("012", "345", "678", "036", "147", "258", "048", "246")
               if all(board.cells[int(i)] in (player, ".") for i in line)) / 10


@pytest.mark.parametrize("options", [{"depth": 3, "evaluate": lines_open},
                                     {"order": lambda board, moves: sorted(moves, key=lambda m: (m != 4, m))}],
                         ids=["depth", "order"])
@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_with_options_the_front_door_runs_the_readable_search_with_a_tally(options, prune_on_tie):
    game = ab.TicTacToe("X.. ... ...")
    assert lean(Problem(game, None, **options), prune_on_tie) is None
    untraced = ab.alphabeta(game, prune_on_tie=prune_on_tie, trace=False, **options)
    traced = ab.alphabeta(game, prune_on_tie=prune_on_tie, **options)
    assert untraced.trace is None
    assert (untraced.value, untraced.move, untraced.evaluated, untraced.pruned, untraced.nodes) == (
        traced.value, traced.move, traced.evaluated, traced.pruned, traced.nodes)
