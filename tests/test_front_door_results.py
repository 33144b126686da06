"""The front door's results are the readable search's.

Untraced, alpha-beta runs the lean search (:mod:`abteach.search.lean`); traced,
the readable one.  The reference here is the readable search, run with its
own recorder and finished the same way.
"""

import gc
import math
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.games.generate import random_tree
from abteach.search.alphabeta import alphabeta3, recorder
from abteach.search.lean import lean_search
from abteach.search.problem import Problem
from abteach.search.result import Spec, finish
from abteach.search.rules import TEXTBOOK, STRICT, TieRule
from abteach.trace.algorithms import with_trace
from .strategies import inner_trees


def readable(game, state=None, *, prune_on_tie=True, trace=False):
    """The 3rd-edition readable search, finished as the front door finishes it."""
    p = Problem(game, state)
    tie = TieRule.of(prune_on_tie)
    log = recorder(p, trace, tie)
    value, move = tie.compile(alphabeta3)(p, log)
    return with_trace(finish(p, log, value, Spec("alphabeta", tie=tie), move))


def fields_of(r):
    return (r.value, r.move, r.move_name, r.pv, r.pv_path, r.evaluated, r.pruned, r.nodes, r.cutoffs, r.spec)


@given(inner_trees(values=st.one_of(st.integers(-3, 3), st.sampled_from([1.5, math.inf, -math.inf]))),
       st.booleans(), st.sampled_from([ab.MAX, ab.MIN]), st.data())
def test_front_door_results_equal_the_readable_searchs(nested, tie, root, data):
    t = ab.tree(nested, root=root)
    start = t.node(data.draw(st.sampled_from(sorted(t.nodes))))
    fast, book = ab.alphabeta(t, start, prune_on_tie=tie, trace=False), readable(t, start, prune_on_tie=tie)
    assert fast == book
    assert [type(x) for x in fields_of(fast)] == [type(x) for x in fields_of(book)]
    traced, book_traced = ab.alphabeta(t, start, prune_on_tie=tie), readable(t, start, prune_on_tie=tie, trace=True)
    assert fields_of(traced) == fields_of(book_traced) == fields_of(book)
    assert traced.trace.events == book_traced.trace.events  # the done event included
    assert traced.trace.last().nodes == book_traced.trace.last().nodes


@pytest.mark.parametrize("tie", [True, False])
def test_a_big_tree_to_the_last_event(tie):
    t = random_tree(4, 6, seed=7)
    fast, book = ab.alphabeta(t, prune_on_tie=tie), readable(t, prune_on_tie=tie, trace=True)
    assert fields_of(fast) == fields_of(book)
    assert fast.trace.events == book.trace.events
    assert len(fast.trace) == len(book.trace) > 5 * fast.nodes // 2


def test_the_tally_and_its_result_share_one_list():
    # As when the lists are made at once, a result's lists are its tally's.
    p = Problem(ab.examples.FIG_5_2, None)
    value, tally = lean_search(p, tie=TEXTBOOK)
    r = finish(p, tally, value, Spec("alphabeta"))
    assert r.pruned is tally.pruned == [(1, 1), (1, 2)]
    assert r.evaluated is tally.evaluated


def test_results_and_tallies_pickle():
    t = random_tree(3, 5, seed=2)
    r = ab.alphabeta(t, trace=False)
    back = pickle.loads(pickle.dumps(r))
    assert back == r == readable(t)
    assert type(back.evaluated) is list
    _, tally = lean_search(Problem(t, None), tie=STRICT)
    again = pickle.loads(pickle.dumps(tally))
    assert (again.evaluated, again.pruned, again.best) == (tally.evaluated, tally.pruned, tally.best)


@pytest.mark.parametrize("trace", [False, True])
def test_a_result_leaves_no_reference_cycles(trace):
    t = random_tree(3, 5, seed=3)
    gc.collect()
    # The readable search's MAX-VALUE and MIN-VALUE are nested functions that call each other, a cycle
    # holding the recorder: the collector frees it as soon as it resumes, so nothing cyclic is left after it.
    r = ab.alphabeta(t, trace=trace)
    gc.disable()
    try:
        assert gc.collect() == 0
        r.evaluated, r.pruned
        if trace:
            r.trace.events, r.trace.frame(len(r.trace) // 2).nodes
        del r
        assert gc.collect() == 0
    finally:
        gc.enable()
