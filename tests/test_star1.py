"""Star1 (*-minimax pruning, Ballard 1983; FACTS.md §11): held to expectiminimax by laws, one pruning by hand,
bad bounds refused before any work, and its trace stepped."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given, settings, strategies as st

import abteach as ab
from abteach.games.kinds import CHANCE
from tests.strategies import chance_trees, examples


def emm(node: Any) -> Any:
    """Expectiminimax straight from the tree's data: the book's equation, case by case."""
    if node.is_leaf:
        return node.value
    values = [emm(c) for c in node.children]
    if node.kind == CHANCE:
        return sum(p * v for p, v in zip(node.probabilities, values))
    return max(values) if node.kind == "MAX" else min(values)


def leaf_values(nested: Any) -> list[int]:
    return [nested] if isinstance(nested, int) else [x for kid in nested for x in leaf_values(kid)]


@st.composite
def bounded(draw: st.DrawFn) -> tuple[Any, Fraction, Fraction]:
    """A chance tree, and bounds [lo, hi] that hold every leaf: tight, or loose by a little."""
    nested, probabilities = draw(chance_trees())
    values = leaf_values(nested)
    lo = min(values) - draw(st.integers(0, 3))
    hi = max(values) + draw(st.integers(0, 3))
    if lo == hi:
        hi += 1
    return ab.tree(nested, probabilities=probabilities), lo, hi


@settings(max_examples=examples(1.0))
@given(bounded())
def test_star1_value_is_expectiminimax_value(case: tuple[Any, int, int]) -> None:
    t, lo, hi = case
    r = ab.star1(t, lo=lo, hi=hi)
    assert r.value == ab.expectiminimax(t).value == emm(t.root)


@settings(max_examples=examples(1.0))
@given(bounded())
def test_a_return_inside_its_window_is_exact_and_one_outside_is_a_bound(case: tuple[Any, int, int]) -> None:
    t, lo, hi = case
    r = ab.star1(t, lo=lo, hi=hi)
    returns = [e for e in r.trace if e.kind in ("leaf", "exit")]
    assert returns
    for e in returns:
        true, got = emm(t.node(e.node)), e.value
        low, high = r.trace.frame(r.trace.events.index(e) + 1).node(e.node).window
        assert lo <= got <= hi  # every return lies in [L, U]
        if low < got < high:
            assert got == true, f"return {got} at {e.node} inside ({low}, {high}) but the value is {true}"
        elif got <= low:
            assert true <= got  # a fail-low is an upper bound
        else:
            assert true >= got  # a fail-high is a lower bound


@settings(max_examples=examples(1.0))
@given(bounded())
def test_star1_scores_only_leaves_expectiminimax_scores(case: tuple[Any, int, int]) -> None:
    t, lo, hi = case
    star, full = ab.star1(t, lo=lo, hi=hi, trace=False), ab.expectiminimax(t, trace=False)
    assert set(star.evaluated) <= set(full.evaluated) and star.leaves <= full.leaves
    # What it skips is what it pruned: every leaf is scored or lies under a pruned child.
    skipped = set(full.evaluated) - set(star.evaluated)
    assert all(any(leaf[:len(p)] == p for p in star.pruned) for leaf in skipped)


@given(bounded())
def test_without_chance_nodes_star1_is_alphabeta_in_the_window(case: tuple[Any, int, int]) -> None:
    t, lo, hi = case
    plain = ab.tree(t.to_nested())
    assert ab.star1(plain, lo=lo, hi=hi).value == ab.minimax(plain).value


# Hand-checked, from FACTS §11's formulas with N = 3, L = 0, U = 10:
#   A = MAX over B = chance(3, 6, 9) and C = chance(0, D = MIN(7, 2), 5), each outcome 1/3.
#   A is called with (L, U) = (0, 10).  B searches all three outcomes (no bound leaves (0, 10)):
#   B = (3 + 6 + 9)/3 = 6, so α = 6 at A.
#   C, with α = 6, β = 10:
#     i = 1: A_1 = 3·6 − 0 − 10·2 = −2, B_1 = 3·10 − 0 − 0·2 = 30: window (max(0, −2), min(10, 30)) = (0, 10);
#            c1 = 0; C ∈ [(0 + 2·0)/3, (0 + 2·10)/3] = [0, 20/3]: 20/3 > 6, go on.
#     i = 2: A_2 = 18 − 0 − 10·1 = 8, B_2 = 30 − 0 − 0 = 30: D is searched with the window (8, 10).
#            D's first leaf 7 ≤ α = 8: D cuts off, its leaf 2 is pruned, D returns 7.
#            C ≤ (0 + 7 + 10)/3 = 17/3 ≤ 6 = α: C cuts off, its third outcome (5) is pruned; C returns 17/3.
#   A = max(6, 17/3) = 6 (expectiminimax: C = (0 + 2 + 5)/3 = 7/3, A = 6); 5 leaves scored of 7.
HAND = [[3, 6, 9], [0, [7, 2], 5]]


def test_hand_checked_pruning() -> None:
    t = ab.tree(HAND, kinds={(0,): CHANCE, (1,): CHANCE})
    r = ab.star1(t, lo=0, hi=10)
    assert (r.value, r.move_name) == (6, "a1")
    assert r.pruned == [(1, 1, 1), (1, 2)]
    assert r.evaluated == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1, 0)]
    end = r.trace.last()
    assert end.node((1,)).value == Fraction(17, 3) and end.node((1, 1)).window == (8, 10)
    assert ab.expectiminimax(t).leaves == 7
    # With no bounds tighter than the leaves need, loose bounds prune less: with U = 100 nothing is cut.
    assert ab.star1(t, lo=0, hi=100).pruned == []


def test_general_probabilities() -> None:
    # Fig. 5.13's shape (FACTS §11): 0.9 × 2 + 0.1 × 3 = 2.1 for a1; a2 with L = 1, U = 4: after 1 at 0.9,
    # a2 ≤ 0.9 × 1 + 0.1 × 4 = 1.3 ≤ 2.1 = α, so its leaf 4 is pruned.
    t = ab.tree([[2, 3], [1, 4]], probabilities={(0,): [Fraction(9, 10), Fraction(1, 10)],
                                                 (1,): [Fraction(9, 10), Fraction(1, 10)]})
    r = ab.star1(t, lo=1, hi=4)
    assert (r.value, r.move_name, r.pruned) == (Fraction(21, 10), "a1", [(1, 1)])


@pytest.mark.parametrize("lo, hi, error, message", [
    (5, 5, ValueError, "star1: lo must be below hi, not lo=5, hi=5"),
    (6, 0, ValueError, "star1: lo must be below hi, not lo=6, hi=0"),
    (float("-inf"), 9, ValueError, "star1: lo must be finite, not -inf"),
    ("0", 9, TypeError, "star1: lo must be a number"),
    (0, 8, ValueError, r"star1: the leaf at path 1\.2 has the value 9, outside \[lo, hi\] = \[0, 8\]"),
    (4, 9, ValueError, r"star1: the leaf at path 0\.0 has the value 3, outside \[lo, hi\] = \[4, 9\]"),
])
def test_bad_bounds_are_refused_before_any_work(lo: Any, hi: Any, error: type, message: str) -> None:
    t = ab.tree([[3, 4, 5], [6, 7, 9]], kinds={(0,): CHANCE})
    with pytest.raises(error, match=message):
        ab.star1(t, lo=lo, hi=hi)


def test_a_zero_probability_is_refused_by_path() -> None:
    t = ab.tree([[3, 4], [6, 7, 9]], probabilities={(1,): [Fraction(1, 2), 0, Fraction(1, 2)]})
    with pytest.raises(ValueError, match=r"the chance node at path 1 has probabilities \[Fraction\(1, 2\), 0, "):
        ab.star1(t, lo=0, hi=9)


def test_a_depth_limited_evaluation_outside_the_bounds_is_refused() -> None:
    t = ab.tree([[[1, 9], [5]], [4, 6]], probabilities={(0,): [0.25, 0.75]})
    assert ab.star1(t, lo=0, hi=30, depth=2, evaluate=lambda s, p: 10 * len(s.path)).value == 20
    with pytest.raises(ValueError, match=r"star1: the node at path 0\.0 has the value 20, outside \[lo, hi\] = \[0, 9\]"):
        ab.star1(t, lo=0, hi=9, depth=2, evaluate=lambda s, p: 10 * len(s.path))


def test_it_is_stepped_narrated_and_listed() -> None:
    t = ab.tree(HAND, kinds={(0,): CHANCE, (1,): CHANCE})
    r = ab.star1(t, lo=0, hi=10)
    assert r.trace.algorithm.name == "star1" and "star1" in dir(ab)
    said = [r.trace.frame(k).explanation for k in range(len(r.trace.events) + 1)]
    assert all(said)
    assert ("hi = 17/3 ≤ α = 6: whatever the outcomes still to come, C is worth at most 17/3, outside its "
            "window, so it cannot matter above; c3 is pruned.") in said
    assert {e.line for e in r.trace} <= {lid for lid, _ in ab.listing("star1").lines}
    s = ab.stepper(r)
    cut = r.trace.steps("cutoff")[-1]
    s.go(cut)
    assert "c3 is pruned" in s.shown()["sentence"]
    assert s.picture_png() != s.picture_png(0)
    assert ab.listing("star1").text("chance.search") == (
        "    v ← STAR1(RESULT(s, r), MAX(L, U + (α − hi) / P(r)), MIN(U, L + (β − lo) / P(r)))")


def test_from_a_node_only_the_leaves_below_it_are_bounded() -> None:
    t = ab.tree([[3, 4, 5], [6, 7, 90]], kinds={(0,): CHANCE})
    assert ab.star1(t, t.node((0,)), lo=0, hi=10).value == 4
    with pytest.raises(ValueError, match=r"the leaf at path 1\.2 has the value 90"):
        ab.star1(t, t.node((1,)), lo=0, hi=10)


@settings(max_examples=examples(0.5))
@given(bounded())
def test_with_float_probabilities_the_value_agrees_up_to_rounding(case: tuple[Any, int, int]) -> None:
    t, lo, hi = case
    floats = {n.path: [float(p) for p in n.probabilities] for n in t.walk() if n.kind == CHANCE}
    # Floats that sum to 1 within the tree's tolerance: each Fraction rounded, the last made up to 1.
    for path, ps in floats.items():
        ps[-1] = 1.0 - sum(ps[:-1])
    assume(all(p > 0 for ps in floats.values() for p in ps))
    ft = ab.tree(t.to_nested(), probabilities=floats)
    assert math.isclose(ab.star1(ft, lo=lo, hi=hi).value, ab.expectiminimax(ft).value, rel_tol=1e-9, abs_tol=1e-9)


def test_the_listing_searches_the_root_once_in_l_u_as_the_search_does() -> None:
    # Issue 30: "arg max over a of STAR1(RESULT(s, a), L, U)" would search each move in (L, U); the search
    # runs the root once in (L, U), so a2 is searched with α raised to a1's value, (2 + 3)/2.
    half = Fraction(1, 2)
    t = ab.tree([[2, 3], [1, 4]], probabilities={(0,): [half, half], (1,): [half, half]})
    windows = {e.node: (e.alpha, e.beta) for e in ab.star1(t, lo=0, hi=4).trace if e.kind == "enter"}
    assert windows[()] == (0, 4) and windows[(1,)] == (Fraction(5, 2), 4)
    listing = ab.listing("star1")
    assert listing.text("search.call").strip() == "v ← STAR1(s, L, U)"
    assert listing.number("search.call") + 1 == listing.number("search.return")
    assert not any("RESULT(s, a), L, U" in text for _, text in listing.lines)
