"""What a call proved about its own node, against what its return tells the caller.

A call that searched every child (its loop ran to its end, even if the cutoff
test fired on the last child) knows its value exactly, though its caller, which
sees only a return beyond its window, can conclude only a bound.  The trace keeps
both: ``NodeState.bound`` (the caller's reading) and ``NodeState.proved`` (the
call's own).  The laws here check ``proved`` against an independent minimax over
the generated tree, and the narration against what was searched.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes import MISTAKES, run_mistake
from abteach.search.events import Bound, Kind
from tests.strategies import examples, inner_trees

FIG = ab.examples.FIG_5_2
Run = Callable[[Any], Any]

# Every search that searches the whole tree (no depth limit, no sampling), each variant once.
RUNS: dict[str, Run] = {
    "alphabeta 3rd": lambda g: ab.alphabeta(g),
    "alphabeta 4th": lambda g: ab.alphabeta(g, edition=4),
    "alphabeta strict": lambda g: ab.alphabeta(g, prune_on_tie=False),
    "alphabeta 4th strict": lambda g: ab.alphabeta(g, edition=4, prune_on_tie=False),
    "tutorial": lambda g: ab.alphabeta_tutorial(g),
    "fail-hard": lambda g: ab.alphabeta_fail_hard(g),
    "minimax": lambda g: ab.minimax(g),
    "negamax": lambda g: ab.negamax(g),
    "negamax strict": lambda g: ab.negamax(g, prune_on_tie=False),
    "negascout": lambda g: ab.negascout(g),
    "negamax_memory": lambda g: ab.negamax_memory(g),
    "aspiration": lambda g: ab.aspiration(g, guess=2, delta=1),
    "null_window": lambda g: ab.null_window(g, bound=3),
    "mtdf": lambda g: ab.mtdf(g, first_guess=0),
    "sss_star": lambda g: ab.sss_star(g),
}
# The textbook's own searches, whose returns the window alone classifies soundly.
TEXTBOOK = ("alphabeta 3rd", "alphabeta 4th", "alphabeta strict", "alphabeta 4th strict", "tutorial", "negamax",
            "negamax strict")


def subtree(nested: Any, path: tuple[int, ...]) -> Any:
    for i in path:
        nested = nested[i]
    return nested


def true_value(nested: Any, maximizing: bool, path: tuple[int, ...] = (),
               scored: dict[tuple[int, ...], float] | None = None) -> float:
    """Minimax over nested lists, for MAX, written here and not taken from the package.

    ``scored``: nodes valued as given, not searched below (where a depth limit scored them).
    """
    if scored and path in scored:
        return scored[path]
    if not isinstance(nested, list):
        return nested
    values = [true_value(c, not maximizing, path + (i,), scored) for i, c in enumerate(nested)]
    return max(values) if maximizing else min(values)


def leaves(nested: Any, path: tuple[int, ...]) -> set[tuple[int, ...]]:
    node = subtree(nested, path)
    if not isinstance(node, list):
        return {path}
    return set().union(*(leaves(nested, path + (i,)) for i in range(len(node))))


def for_the_node(nested: Any, path: tuple[int, ...], mover: bool,
                 scored: dict[tuple[int, ...], float] | None = None) -> float:
    """The node's minimax value as the trace states it: for MAX, or for the side to move in negamax form."""
    maximizing = len(path) % 2 == 0  # the root is MAX
    v = true_value(subtree(nested, path), maximizing, path, scored)
    return v if maximizing or not mover else -v


def returns(result: Any) -> list[tuple[int, Any]]:
    """(step, event) for every return of an inner node's call."""
    return [(k, e) for k, e in enumerate(result.trace, 1) if e.kind == Kind.EXIT]


def searched_in_call(trace: Any, step: int, node: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The leaves the call at ``node`` that returned at ``step`` evaluated, read from the events alone."""
    events = trace.events
    start = max(k for k in range(step) if events[k].kind == Kind.ENTER and events[k].node == node)
    return {e.node for e in events[start:step] if e.kind == Kind.LEAF}


def scored(nested: Any, result: Any) -> dict[tuple[int, ...], float]:
    """Nodes the search scored without searching below them (a depth limit, a mistaken one), for MAX.

    The true value a depth-limited search can prove is the minimax value of the tree cut where it scored.
    """
    mover = result.trace.algorithm.perspective == "mover"
    out = {}
    for e in result.trace:
        if e.kind == Kind.LEAF and isinstance(subtree(nested, e.node), list):
            out[e.node] = -e.value if mover and len(e.node) % 2 else e.value
    return out


def check_proved(nested: Any, result: Any) -> None:
    trace = result.trace
    mover = trace.algorithm.perspective == "mover"
    cut = scored(nested, result)
    for k, e in returns(result):
        state = trace.frame(k).node(e.node)
        truth = for_the_node(nested, e.node, mover, cut)
        where = (trace.algorithm.label, k, e.node, state.value, state.known, state.proved, truth)
        low, high = state.known
        assert low <= truth <= high, where
        if state.proved is Bound.EXACT:
            assert state.value == truth, where
        elif state.proved is Bound.UPPER:
            assert truth <= state.value, where
        elif state.proved is Bound.LOWER:
            assert truth >= state.value, where


def check_sentences(nested: Any, result: Any) -> None:
    trace = result.trace
    mover = trace.algorithm.perspective == "mover"
    for k, e in returns(result):
        said = trace.frame(k).explanation
        where = (trace.algorithm.label, k, said)
        if "proved only" in said:
            assert e.line == "mem.hit" or searched_in_call(trace, k, e.node) < leaves(nested, e.node), where
        if "its exact value" in said:
            assert e.value == for_the_node(nested, e.node, mover), where


@pytest.mark.parametrize("name", list(RUNS))
@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14, values=st.integers(0, 5)))
def test_what_a_call_proves_is_true(name, nested):
    result = RUNS[name](ab.tree(nested))
    check_proved(nested, result)
    check_sentences(nested, result)


@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14, values=st.integers(0, 5)), pick=st.data())
def test_a_mistaken_search_is_told_truly_what_it_proved(nested, pick):
    # A mistake returns wrong values; what the trace says it proved about them must still be true.
    mistake = pick.draw(st.sampled_from(sorted(MISTAKES)))
    result = run_mistake(mistake, ab.tree(nested))
    check_proved(nested, result)


@pytest.mark.parametrize("name", TEXTBOOK)
@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14, values=st.integers(0, 5)))
def test_a_call_knows_at_least_what_its_caller_can_conclude(name, nested):
    # The window's reading is sound for these searches; the call's own is never weaker than it.
    result = RUNS[name](ab.tree(nested))
    trace = result.trace
    for k, e in returns(result):
        state = trace.frame(k).node(e.node)
        if state.bound is Bound.EXACT:
            assert state.proved is Bound.EXACT, (name, k, e.node)
        else:
            assert state.proved in (Bound.EXACT, state.bound), (name, k, e.node)


@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14, values=st.integers(0, 5)))
def test_a_call_with_no_cutoff_below_it_is_exact(nested):
    # No child left unsearched anywhere in its subtree: every value folded in is a leaf's, so the node is exact.
    result = ab.alphabeta(ab.tree(nested))
    trace = result.trace
    for k, e in returns(result):
        if searched_in_call(trace, k, e.node) == leaves(nested, e.node):
            assert trace.frame(k).node(e.node).proved is Bound.EXACT, (k, e.node)


def test_d_is_exact_for_itself_and_a_bound_for_a():
    # Fig. 5.2: D = min(14, 5, 2) = 2 with every child searched; the cutoff test fires on d3, the last child.
    for edition in (3, 4):
        trace = ab.alphabeta(FIG, edition=edition).trace
        (k,) = trace.steps("exit", (2,))
        d = trace.frame(k).node((2,))
        assert (d.value, d.bound, d.proved, d.known) == (2, Bound.UPPER, Bound.EXACT, (2, 2))
        said = trace.frame(k).explanation
        assert "its exact value" in said and "proved only" not in said
        assert "A can conclude only that D is worth at most 2" in said
        # C was cut off after c1: for C itself, too, only a bound.
        (k,) = trace.steps("exit", (1,))
        c = trace.frame(k).node((1,))
        assert (c.bound, c.proved, c.known) == (Bound.UPPER, Bound.UPPER, (-math.inf, 2))
        assert "proved only that C is worth at most 2" in trace.frame(k).explanation


def test_a_cutoff_below_makes_a_node_a_bound_only_where_it_could_matter():
    # [[1, [5, 9]], [0]]: B = min(1, E).  E (MAX) is called with β = 1 and cuts off after 5, so E is only ≥ 5;
    # but min(1, anything ≥ 5) = 1: B is exact though a node below it was cut off.
    nested = [[1, [5, 9]], [0]]
    trace = ab.alphabeta(ab.tree(nested)).trace
    end = trace.last()
    assert (end.node((0, 1)).proved, end.node((0, 1)).known) == (Bound.LOWER, (5, math.inf))
    assert end.node((0,)).proved is Bound.EXACT and end.node((0,)).value == true_value(nested[0], False)
    (k,) = trace.steps("exit", (0,))
    assert trace.frame(k).explanation == "B returns 1, its exact value."


def test_the_drawing_writes_what_the_node_proved():
    # D searched every child: "2", not "≤2"; C was cut off after c1: "≤2".
    from abteach.views import draw
    trace = ab.alphabeta(FIG).trace
    styles = draw.node_styles(trace, len(trace))
    assert (styles[(1,)].inside, styles[(2,)].inside, styles[()].inside) == ("≤2", "2", "3")


def test_practice_does_not_call_a_node_cut_off_when_only_a_node_below_it_was():
    # [[[[6]]], [[[5, 0]]]]: A has α = 6 when it calls C; G (below E) cuts off after g1 = 5 ≤ α, so E returns 5,
    # only an upper bound, though E searched its one child.  E's minimax value is min(5, 0) = 0.
    from abteach.lessons.practice import check_answers
    t = ab.tree([[[[6]]], [[[5, 0]]]])
    right = {"A": 6, "B": 6, "D": 6, "F": 6, "f1": 6, "C": 5, "E": 5, "G": 5, "g1": 5, "g2": "pruned"}
    assert check_answers(t, right).score == 10
    said = check_answers(t, {**right, "E": 0}).hints[-1]
    assert "0 is E's minimax value" in said and "E is cut off" not in said and "below it is cut off" in said


def test_the_returns_table_says_what_the_node_proved_and_what_its_caller_reads():
    rows = {row[0]: row[2] for row in ab.returns_table(ab.alphabeta(FIG)).rows}
    assert rows == {"B": "3 (exact)", "C": "2 (fail-low: at most)", "D": "2 (exact; to A, fail-low: at most)"}


def test_a_value_inside_what_the_children_establish_is_claimed_as_nothing():
    # Found by the law above: the inverted test returns B's first grandchild's 1, where B's own children prove
    # nothing (the range is everything); the window's reading had called it exact, and B is worth 2.
    result = run_mistake("inverted-test", ab.tree([[[1, 2, 0], [2, 3, 4], 3], [[3, 3, 4], 4, [5]]]))
    b = result.trace.frame(14).node((0,))
    assert b.value == 1 and b.known == (-math.inf, math.inf) and b.proved is None
    check_proved([[[1, 2, 0], [2, 3, 4], 3], [[3, 3, 4], 4, [5]]], result)
