"""Results made when first read are the results the readable searches make at once.

The fast searches of trees leave their paths, best moves and events to be
made on first read (:mod:`abteach.search.later`).  The reference here is
the readable search, run with its own recorder and finished the same way,
which makes everything as it goes.
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
from abteach.search.later import Deferred, Later, pending
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


def test_what_is_deferred_is_made_once_and_shared():
    t = random_tree(3, 5, seed=1)
    r = ab.alphabeta(t, trace=False)
    assert type(pending(r, "evaluated")) is Later and type(pending(r, "pruned")) is Later
    assert r.evaluated is r.evaluated and type(pending(r, "evaluated")) is list
    value, tally = lean_search(Problem(t, None), tie=TEXTBOOK)
    assert type(pending(tally, "best")) is Later
    assert tally.best_move(()) == r.pv_path[0]  # answered without making the best dict
    assert type(pending(tally, "best")) is Later
    assert tally.best[()][0] == r.pv_path[0] and tally.best[()][1] == value

    traced = ab.alphabeta(t)
    assert type(pending(traced.trace, "events")) is Later
    assert len(traced.trace) == len(readable(t, trace=True).trace)
    assert traced.trace.events is traced.trace.events


def test_the_tally_and_its_result_share_one_list():
    # As when the lists are made at once, a result's lists are its tally's.
    p = Problem(ab.examples.FIG_5_2, None)
    value, tally = lean_search(p, tie=TEXTBOOK)
    r = finish(p, tally, value, Spec("alphabeta"))
    assert r.pruned is tally.pruned == [(1, 1), (1, 2)]
    assert r.evaluated is tally.evaluated


def test_results_pickle_as_made_lists():
    t = random_tree(3, 5, seed=2)
    r = ab.alphabeta(t, trace=False)
    data = pickle.dumps(r)  # before anything was read
    assert b"Later" not in data and b"TreeRecord" not in data
    back = pickle.loads(data)
    assert back == r == readable(t)
    assert type(pending(back, "evaluated")) is list
    _, tally = lean_search(Problem(t, None), tie=STRICT)
    again = pickle.loads(pickle.dumps(tally))
    assert (again.evaluated, again.pruned, again.best) == (tally.evaluated, tally.pruned, tally.best)
    assert again.compact is None


def test_events_made_after_the_tree_was_changed_are_refused():
    t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = ab.alphabeta(t)
    # Nodes are immutable to their users; only a write to a private slot can change one.
    t.node((0, 0))._value = 1
    with pytest.raises(RuntimeError, match=r"the tree below the node at \(\) was changed after it was searched"):
        r.trace.events


@pytest.mark.parametrize("trace", [False, True])
def test_a_deferred_result_leaves_no_reference_cycles(trace):
    t = random_tree(3, 5, seed=3)
    gc.collect()
    gc.disable()
    try:
        r = ab.alphabeta(t, trace=trace)
        r.evaluated, r.pruned
        if trace:
            r.trace.events, r.trace.frame(len(r.trace) // 2).nodes
        del r
        assert gc.collect() == 0
    finally:
        gc.enable()


class _Box:
    items: Deferred[list[int]] = Deferred()
    other: Deferred[int | None] = Deferred(default=None)


def test_deferred_attributes():
    box = _Box()
    with pytest.raises(AttributeError, match="'_Box' object has no attribute 'items'"):
        box.items
    assert box.other is None and pending(box, "other") is None
    made = []
    box.items = Later(lambda: made.append(1) or [1, 2])
    assert made == [] and box.items == [1, 2] and box.items is box.items and made == [1]
    box.items = [3]
    assert box.items == [3] and pending(box, "items") == [3]
    # A Later standing in two places is made once; both then hold the same object.
    shared = Later(lambda: made.append(2) or [4])
    a, b = _Box(), _Box()
    a.items = b.items = shared
    assert a.items is b.items and made == [1, 2]
    assert pickle.loads(pickle.dumps(shared)).get() == [4]
