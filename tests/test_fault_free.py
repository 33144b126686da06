"""The mistakes' search with no fault is the textbook's search, event for event.

Every diagnosis compares a mistake's trace with the correct one, and every
mistake is ``faulty(Fault(...))`` with one fault point changed: so the
search with none changed must be ``alphabeta3`` itself, under both tie
rules, traced and untraced, from any node, with and without a depth limit.
"""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes.variants import Fault, faulty
from abteach.search.alphabeta import alphabeta3, recorder
from abteach.search.problem import Problem
from abteach.search.rules import STRICT, TEXTBOOK, TieRule
from .strategies import inner_trees

#: The fault-free search under each rule: the strict rule's comparisons are the fault points' own.
FAULT_FREE = {TEXTBOOK: faulty(Fault()), STRICT: faulty(Fault(max_test=">", min_test="<"))}

values = st.one_of(st.integers(-3, 3), st.sampled_from([1.5, -math.inf, math.inf]))


def run_both(problem: Problem, tie: TieRule, trace: bool) -> tuple[tuple, tuple]:
    mine, book = recorder(problem, trace, tie), recorder(problem, trace, tie)
    got = FAULT_FREE[tie](problem, mine)
    want = tie.compile(alphabeta3)(problem, book)

    def kept(log):
        return (log.nodes, log.cutoffs, log.evaluated, log.pruned, log.best, log.events)

    return (got, kept(mine)), (want, kept(book))


@given(inner_trees(values=values), st.sampled_from([TEXTBOOK, STRICT]), st.booleans(),
       st.sampled_from([ab.MAX, ab.MIN]))
def test_no_fault_is_the_textbook_search(nested, tie, trace, root):
    t = ab.tree(nested, root=root)
    mine, book = run_both(Problem(t, None), tie, trace)
    assert mine == book


@given(inner_trees(values=values), st.sampled_from([TEXTBOOK, STRICT]), st.data())
def test_no_fault_from_any_node(nested, tie, data):
    t = ab.tree(nested)
    start = t.node(data.draw(st.sampled_from(sorted(t.nodes))))
    mine, book = run_both(Problem(t, start), tie, True)
    assert mine == book


@given(inner_trees(values=st.integers(-3, 3)), st.sampled_from([TEXTBOOK, STRICT]), st.integers(0, 3))
def test_no_fault_with_a_depth_limit(nested, tie, depth):
    t = ab.tree(nested)

    def guess(node, player):
        return len(node.children)

    mine, book = run_both(Problem(t, None, depth, guess), tie, True)
    assert mine == book


def test_no_fault_plays_tictactoe_as_the_textbook():
    board = ab.TicTacToe("XO. .X. ..O")
    for tie in (TEXTBOOK, STRICT):
        mine, book = run_both(Problem(board, None), tie, False)
        assert mine == book
