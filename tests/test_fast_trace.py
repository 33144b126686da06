"""The traced tree twin makes exactly the events, counts and paths the readable search makes."""

from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.search.alphabeta import alphabeta3, recorder
from abteach.search.fast_trace import applies, traced_tree_search
from abteach.search.problem import Problem
from abteach.search.rules import TieRule
from .strategies import inner_trees, examples


def both(game, state=None, prune_on_tie=True):
    p = Problem(game, state)
    tie = TieRule.of(prune_on_tie)
    twin, book = recorder(p, True, tie), recorder(p, True, tie)
    assert applies(p, twin, 3)
    got = traced_tree_search(p, twin)
    want, _ = tie.compile(alphabeta3)(p, book)
    return (got, twin), (want, book)


def assert_same(a, b):
    (va, la), (vb, lb) = a, b
    assert va == vb
    assert la.events == lb.events
    assert (la.nodes, la.cutoffs, la.evaluated, la.pruned, la.best) == (lb.nodes, lb.cutoffs, lb.evaluated,
                                                                        lb.pruned, lb.best)


@given(inner_trees(values=st.integers(-3, 3)), st.booleans())
def test_the_twin_makes_the_readable_searchs_events(nested, tie):
    assert_same(*both(ab.tree(nested), prune_on_tie=tie))


@settings(max_examples=examples(0.5))
@given(inner_trees(values=st.sampled_from([0, 1, 2.5, -1.5])), st.booleans())
def test_the_twin_formats_non_integer_values_as_the_readable_search_does(nested, tie):
    assert_same(*both(ab.tree(nested), prune_on_tie=tie))


def test_the_twin_starts_below_the_root_and_on_min_roots():
    t = ab.examples.FIG_5_2
    assert_same(*both(t, t.node((2,))))
    assert_same(*both(ab.tree([[3, 1], [4, [5, 0]]], root="MIN")))


def test_the_front_door_uses_it_only_where_it_applies():
    t = ab.examples.FIG_5_2
    p = Problem(t, None)
    assert applies(p, recorder(p, True), 3) and not applies(p, recorder(p, True), 4)
    assert not applies(Problem(t, None, depth=1, evaluate=lambda s, q: 0), recorder(p, True), 3)
    assert ab.alphabeta(t).trace.events == ab.alphabeta(t, order=lambda s, a: list(a)).trace.events
