"""Knuth & Moore's best case and the b^d worst case (FACTS.md §6), on uniform trees."""

import itertools
import random

import pytest

import abteach as ab


def uniform(b: int, d: int, seed: int):
    """A uniform tree of distinct leaf values, as nested lists."""
    values = iter(random.Random(seed).sample(range(10 * b ** d), b ** d))

    def build(depth):
        return next(values) if depth == 0 else [build(depth - 1) for _ in range(b)]

    return build(d)


def value(nested, maximizing):
    if not isinstance(nested, list):
        return nested
    vs = [value(c, not maximizing) for c in nested]
    return max(vs) if maximizing else min(vs)


def ordered(nested, maximizing=True, best_first=True):
    """Reorder every node's children by their true value: best first, or worst first."""
    if not isinstance(nested, list):
        return nested
    kids = [ordered(c, not maximizing, best_first) for c in nested]
    return sorted(kids, key=lambda c: value(c, not maximizing), reverse=(maximizing == best_first))


CASES = list(itertools.product(range(2, 6), range(1, 7)))


@pytest.mark.parametrize("b, d", CASES)
def test_perfect_ordering_evaluates_the_knuth_moore_count(b, d):
    t = ab.tree(ordered(uniform(b, d, seed=b * 10 + d)))
    expected = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    assert ab.alphabeta(t, trace=False).leaves == expected
    assert ab.alphabeta(t, edition=4, prune_on_tie=False, trace=False).leaves == expected


def pessimal(b: int, d: int):
    """A uniform tree on which every later child is better for the mover than all earlier ones.

    Each subtree gets its own interval of values: a MAX node hands its children
    rising intervals, a MIN node falling ones.  Every value then lies strictly
    inside every window alpha-beta can hold there, so no test ever fires.
    Sorting a random tree's children worst-first is not enough for d ≥ 4:
    bounds from grandparents still cut.
    """
    counter = itertools.count()

    def build(depth, maximizing):
        if depth == 0:
            return next(counter)
        if maximizing:
            return [build(depth - 1, False) for _ in range(b)]
        return [build(depth - 1, True) for _ in range(b)][::-1]

    return build(d, True)


@pytest.mark.parametrize("b, d", CASES)
def test_pessimal_ordering_evaluates_every_leaf(b, d):
    t = ab.tree(pessimal(b, d))
    for edition, tie in itertools.product((3, 4), (True, False)):
        r = ab.alphabeta(t, edition=edition, prune_on_tie=tie, trace=False)
        assert r.leaves == b ** d and r.pruned == [] and r.cutoffs == 0


@pytest.mark.parametrize("b, d", [(b, d) for b in range(2, 6) for d in range(1, 4)])
def test_worst_first_reordering_prunes_nothing_at_depth_three(b, d):
    t = ab.tree(ordered(uniform(b, d, seed=b), best_first=False))
    assert ab.alphabeta(t, trace=False).leaves == b ** d


#: Knuth & Moore's best-case leaf counts as FACTS.md §6 prints them: (b, d) -> leaves.
FACTS_TABLE = {
    **{(2, d): n for d, n in enumerate([2, 3, 5, 7, 11, 15], start=1)},
    **{(3, d): n for d, n in enumerate([3, 5, 11, 17, 35, 53], start=1)},
    (10, 4): 199,
}


@pytest.mark.parametrize("b, d", FACTS_TABLE)
def test_facts_table_values(b, d):
    # The published counts, reproduced by searching perfectly ordered trees; minimax reads every leaf.
    t = ab.tree(ordered(uniform(b, d, seed=b * 100 + d)))
    assert ab.alphabeta(t, trace=False).leaves == FACTS_TABLE[b, d]
    assert ab.minimax(t, trace=False).leaves == b ** d
