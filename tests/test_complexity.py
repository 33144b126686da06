"""Random trees, move orderings, and the node-count laws (FACTS.md §6) they reproduce."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .strategies import examples

import abteach as ab
from abteach.lessons.complexity import (
    branching_table, count_leaves, effective_branching, fit_exponent, knuth_moore, no_pruning,
    ordering_experiment, pearl_exponent, pearl_rstar, rule_of_thumb,
)
from abteach.games.generate import RandomGame, random_tree
from abteach.lessons.ordering import (
    RandomOrder, best_order, minimax_values, random_order, shallow_order, worst_order,
)

# -- theory ------------------------------------------------------------------------

#: Pearl's R*(b), FACTS.md §6 (from the literature).
PEARL_TABLE = {2: 1.6180, 3: 2.1479, 4: 2.6297, 5: 3.0796, 6: 3.5063, 7: 3.9151, 8: 4.3093, 9: 4.6915,
               10: 5.0635}


@pytest.mark.parametrize("b, expected", PEARL_TABLE.items())
def test_pearl_rstar_matches_the_published_table(b, expected):
    assert round(pearl_rstar(b), 4) == expected


def test_pearl_rstar_solves_its_equation():
    for b in range(1, 30):
        r = pearl_rstar(b)
        xi = r / (1 + r)
        assert abs(xi ** b + xi - 1) < 1e-12
    assert pearl_rstar(1) == 1.0  # one child: nothing to prune, nothing to choose


def _xi_by_bisection(b: int) -> float:
    """The positive root of x^b + x - 1 = 0, found here without the package: it lies in (0, 1)."""
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mid ** b + mid - 1 < 0 else (lo, mid)
    return (lo + hi) / 2


@pytest.mark.parametrize("b", PEARL_TABLE)
def test_pearl_exponent_lies_between_one_half_and_three_quarters(b):
    xi = _xi_by_bisection(b)
    assert math.isclose(pearl_exponent(b), math.log(xi / (1 - xi)) / math.log(b), rel_tol=1e-9)
    # log_b of the published R*(b), which is given to four places.
    assert math.isclose(pearl_exponent(b), math.log(PEARL_TABLE[b]) / math.log(b), abs_tol=1e-4)
    # Above perfect ordering's 1/2 and below the textbook's rule of thumb, 3/4.
    assert 0.5 < pearl_exponent(b) < 0.75


def test_knuth_moore_matches_the_published_counts():
    assert [knuth_moore(2, d) for d in range(1, 7)] == [2, 3, 5, 7, 11, 15]
    assert [knuth_moore(3, d) for d in range(1, 7)] == [3, 5, 11, 17, 35, 53]
    assert (knuth_moore(10, 4), no_pruning(10, 4)) == (199, 10_000)
    assert rule_of_thumb(2, 4) == 8.0


@pytest.mark.parametrize("call, word", [
    (lambda: knuth_moore(0, 3), "b must"), (lambda: knuth_moore(2, -1), "d must"),
    (lambda: knuth_moore(2.5, 2), "2.5"), (lambda: pearl_rstar(0.5), "b must"),
    (lambda: pearl_exponent(1), "b must be > 1"),
])
def test_theory_functions_reject_bad_arguments(call, word):
    with pytest.raises(ValueError, match=word):
        call()


# -- perfect and pessimal ordering -------------------------------------------------

CASES = list(itertools.product(range(2, 6), range(1, 7)))


@pytest.mark.parametrize("b, d", CASES)
def test_perfect_ordering_evaluates_exactly_the_knuth_moore_count(b, d):
    counts = count_leaves(b, d, "best", trials=2 if b ** d < 1000 else 1, seed=b * 10 + d)
    assert set(counts.counts) == {knuth_moore(b, d)}


@pytest.mark.parametrize("b, d", [(b, d) for b, d in CASES if d <= 3])
def test_pessimal_ordering_evaluates_every_leaf_of_a_shallow_random_tree(b, d):
    assert count_leaves(b, d, "worst", trials=2, seed=b * 10 + d).counts == (b ** d,) * 2


def separated_tree(b: int, d: int, seed: int) -> ab.Tree:
    """A worst-case tree: each child's leaves lie in an interval of their own, children shuffled.

    Ordering such a tree worst first leaves nothing to prune.  On a random tree
    of depth ≥ 4 deep cutoffs can survive every ordering: the random tree of
    ``random_tree(2, 4, seed=0, integer=False)`` evaluates at most 15 of its 16
    leaves over all 2**15 orderings, so ``b**d`` is a property of worst-case
    trees, not of an ordering alone.
    """
    rng = random.Random(seed)

    def build(depth: int, lo: float, hi: float):
        if depth == 0:
            return rng.uniform(lo, hi)
        width = (hi - lo) / b
        kids = [build(depth - 1, lo + i * width, lo + (i + 1) * width) for i in range(b)]
        rng.shuffle(kids)
        return kids

    return ab.tree(build(d, 0.0, 1.0))


@pytest.mark.parametrize("b, d", CASES)
def test_pessimal_ordering_evaluates_b_to_the_d_on_worst_case_trees(b, d):
    t = separated_tree(b, d, seed=b * 10 + d)
    assert ab.alphabeta(t, order=worst_order(t), trace=False).leaves == b ** d
    assert ab.alphabeta(t, order=best_order(t), trace=False).leaves == knuth_moore(b, d)


def test_pessimal_ordering_of_deeper_random_trees_prunes_little():
    for b, d in [(2, 5), (3, 4), (4, 4)]:
        counts = count_leaves(b, d, "worst", trials=3, seed=1)
        assert all(0.8 * b ** d <= n <= b ** d for n in counts.counts)


# -- random order: Pearl's R*(b) -----------------------------------------------------

#: The effective branching factor measured by ``effective_branching(b, trials=20,
#: seed=0)`` at its default depths, as a fraction above R*(b).  Measured over
#: seeds 0..19: mean +4.2 % (b = 2), +5.9 % (b = 3), +9.4 % (b = 4), standard
#: deviation 3-3.5 %, extremes -1.4 % and +14.4 %.  The finite-depth rate
#: approaches R* from above (see BranchingEstimate), so the band is lopsided:
#: 3 % below R* (noise) to 15 % above (depth bias plus noise).  Seed 0 gives
#: +10.8 %, +5.0 % and +7.5 %.
RSTAR_BAND = (-0.03, 0.15)


@pytest.mark.parametrize("b", [2, 3, 4])
def test_random_order_has_pearls_effective_branching_factor(b):
    e = effective_branching(b, trials=20, seed=0)
    low, high = RSTAR_BAND
    assert low < e.relative_error < high, (e.estimate, e.rstar)
    # Pearl's limit sits well below the rule of thumb's b**(3/4) and far from b or √b.
    assert math.sqrt(b) < e.estimate < b


def test_the_estimate_reads_the_deepest_pair_of_depths():
    e = effective_branching(2, (7, 8, 10), trials=5, seed=0)
    assert set(e.local_rates) == {10}
    assert e.estimate == e.local_rates[10] == (e.mean_leaves[2] / e.mean_leaves[1]) ** 0.5
    assert len(e.roots) == 3 and e.seconds > 0


def test_shuffling_children_does_not_change_the_count_much():
    plain = effective_branching(3, (4, 6), trials=30, seed=2)
    shuffled = effective_branching(3, (4, 6), trials=30, seed=2, shuffle=True)
    for a, b_ in zip(plain.mean_leaves, shuffled.mean_leaves):
        # Each mean has a standard error near 4 % (a tree's count varies by about 20 %).
        assert abs(a / b_ - 1) < 0.2


def test_branching_table_is_reproducible():
    a = branching_table((2, 3), trials=3, seed=5)
    b = branching_table((2, 3), trials=3, seed=5)
    assert [e.mean_leaves for e in a] == [e.mean_leaves for e in b]


def test_effective_branching_rejects_depths_without_a_pair():
    with pytest.raises(ValueError, match="two plies apart"):
        effective_branching(2, (3, 4))
    with pytest.raises(ValueError, match="b must"):
        effective_branching(1)


def test_fit_exponent_recovers_each_law():
    depths = [2, 4, 6, 8]
    fit = fit_exponent(3, depths, [rule_of_thumb(3, d) for d in depths])
    assert (round(fit.exponent, 9), fit.closest) == (0.75, "rule of thumb")
    fit = fit_exponent(3, depths, [7 * pearl_rstar(3) ** d for d in depths])
    assert fit.closest == "Pearl" and math.isclose(fit.constant, 7)
    assert fit_exponent(2, depths, [2 ** d for d in depths]).closest == "no pruning"
    with pytest.raises(ValueError, match="two or more"):
        fit_exponent(2, [2], [3])


# -- iterative deepening's ordering ----------------------------------------------------

def test_shallow_search_ordering_nears_the_minimal_tree_on_correlated_trees():
    c = ordering_experiment(3, 6, lookaheads=(1, 2), trials=6, seed=0)
    rand, one, two, best = (c.row(n).leaves for n in ("random", "shallow 1", "shallow 2", "best"))
    assert best == c.knuth_moore
    assert best <= two < rand and best <= one < rand
    assert two < 2 * c.knuth_moore < rand
    assert c.row("shallow 2").ordering_cost > 0 == c.row("best").ordering_cost


def test_shallow_ordering_needs_an_evaluation_function():
    with pytest.raises(ValueError, match="evaluate"):
        shallow_order(ab.tree([[1, 2], [3, 4]]), 1)
    with pytest.raises(ValueError, match="depth"):
        shallow_order(random_tree(2, 2, seed=0, correlated=True), 0)


# -- the generator ----------------------------------------------------------------------

params = st.fixed_dictionaries({
    "branching": st.integers(1, 4), "depth": st.integers(0, 5), "seed": st.integers(0, 10 ** 6),
    "uneven": st.booleans(), "integer": st.booleans(), "correlated": st.booleans(),
    "root": st.sampled_from(["MAX", "MIN"]),
})


@settings(max_examples=examples(0.5))
@given(params)
def test_generated_trees_are_valid_and_reproducible(kw):
    t = random_tree(**kw, values=(-5, 5))
    again = random_tree(**kw, values=(-5, 5))
    assert t.to_nested() == again.to_nested() and dict(t.estimates) == dict(again.estimates)
    # It is a tree the validating constructor accepts, and survives JSON.
    assert ab.tree(t.to_nested(), root=kw["root"]).to_nested() == t.to_nested()
    assert ab.tree_from_json(t.to_json()).to_nested() == t.to_nested()
    assert t.root.player == kw["root"] and t.height == kw["depth"]
    for n in t.walk():
        assert len(n.children) == kw["branching"] or n.is_leaf or kw["uneven"]
        assert len(n.children) <= kw["branching"]
        if n.is_leaf:
            assert -5 <= n.value <= 5 and isinstance(n.value, int) == kw["integer"]
            assert kw["uneven"] or n.depth == kw["depth"]


@settings(max_examples=examples(0.5))
@given(params)
def test_alphabeta_value_equals_minimax_under_every_ordering(kw):
    t = random_tree(**kw)
    truth = ab.minimax(t, trace=False).value
    assert minimax_values(t)[()] == truth
    orders = [None, best_order(t), worst_order(t), random_order(kw["seed"])]
    if kw["correlated"]:
        orders += [shallow_order(t, 1), shallow_order(t, 2)]
    for order in orders:
        for edition, tie in [(3, True), (4, False)]:
            r = ab.alphabeta(t, order=order, edition=edition, prune_on_tie=tie, trace=False)
            assert r.value == truth


def test_minimax_values_agree_with_a_search_from_every_node():
    t = random_tree(3, 3, seed=4, uneven=True, root="MIN")
    values = minimax_values(t)
    for path, node in t.nodes.items():
        assert values[path] == ab.minimax(t, node, trace=False).value


def test_different_seeds_give_different_trees():
    for kw in [dict(branching=2, depth=3), dict(branching=3, depth=2, uneven=True),
               dict(branching=2, depth=4, correlated=True, integer=False)]:
        nested = {str(random_tree(**kw, seed=s).to_nested()) for s in range(10)}
        assert len(nested) == 10


def test_the_global_random_generator_is_untouched():
    random.seed(123)
    expected = random.random()
    random.seed(123)
    random_tree(3, 4, seed=1, correlated=True, uneven=True)
    ab.alphabeta(RandomGame(3, 5, seed=1), order=RandomOrder(1), trace=False)
    assert random.random() == expected


def test_uneven_trees_are_uneven():
    varied_depths = 0
    for seed in range(10):
        t = random_tree(3, 5, seed=seed, uneven=True)
        assert t.height == 5
        assert len({len(n.children) for n in t.walk() if not n.is_leaf}) > 1
        varied_depths += len({n.depth for n in t.leaves()}) > 1
    # A small tree may happen to keep all its leaves at the bottom (seed 2 does).
    assert varied_depths >= 8


def sibling_correlation(t: ab.Tree) -> float:
    pairs = [(n.children[0].value, n.children[1].value) for n in t.walk()
             if len(n.children) >= 2 and n.children[0].is_leaf and n.children[1].is_leaf]
    return statistics.correlation(*zip(*pairs))


def test_correlated_trees_are_correlated_and_independent_ones_are_not():
    kw = dict(branching=2, depth=10, integer=False)
    # Measured on seeds 0..3: about 0.8 at the default noise, 0.4 at noise 0.5, |r| < 0.07 independent.
    for seed in range(4):
        assert sibling_correlation(random_tree(**kw, seed=seed, correlated=True)) > 0.7
        assert sibling_correlation(random_tree(**kw, seed=seed, correlated=True, noise=0.5)) < 0.5
        assert abs(sibling_correlation(random_tree(**kw, seed=seed))) < 0.1
    # The estimates of inner nodes predict their true values.
    t = random_tree(3, 6, seed=2, correlated=True, integer=False)
    truth = minimax_values(t)
    inner = [p for p, n in t.nodes.items() if not n.is_leaf]
    assert statistics.correlation([t.estimates[p] for p in inner], [truth[p] for p in inner]) > 0.8


def test_correlated_values_stay_in_range():
    t = random_tree(3, 6, seed=3, correlated=True, noise=0.9, values=(10, 20))
    assert all(10 <= v <= 20 for v in t.estimates.values())


@pytest.mark.parametrize("kw, words", [
    (dict(branching=0, depth=2), ["branching", "0"]),
    (dict(branching=-3, depth=2), ["branching", "-3"]),
    (dict(branching=2.5, depth=2), ["branching", "2.5"]),
    (dict(branching=True, depth=2), ["branching", "True"]),
    (dict(branching=2, depth=-1), ["depth", "-1"]),
    (dict(branching=2, depth=1.5), ["depth", "1.5"]),
    (dict(branching=2, depth=2, values=(5, 1)), ["values", "(5, 1)", "empty"]),
    (dict(branching=2, depth=2, values=(0.5, 3)), ["values", "whole numbers"]),
    (dict(branching=2, depth=2, values=(0, math.inf), integer=False), ["values", "finite"]),
    (dict(branching=2, depth=2, values=5), ["values", "pair"]),
    (dict(branching=2, depth=2, noise=0.2), ["noise", "correlated=True"]),
    (dict(branching=2, depth=2, noise=-1, correlated=True), ["noise", "-1"]),
    (dict(branching=2, depth=2, root="X"), ["root", "'X'"]),
    (dict(branching=2, depth=2, uneven="yes"), ["uneven", "'yes'"]),
    (dict(branching=10, depth=10), ["max_leaves", "10**10"]),
    (dict(branching=2, depth=201), ["depth", "201"]),
])
def test_bad_parameters_are_named_in_the_error(kw, words):
    with pytest.raises(ValueError) as err:
        random_tree(**{"seed": 0, **kw})
    for w in words:
        assert w in str(err.value)


def test_a_tree_needs_a_seed():
    with pytest.raises(ValueError, match="seed must be"):
        random_tree(2, 2, seed=None)
    with pytest.raises(TypeError):
        random_tree(2, 2)  # the seed is required: no tree from the global generator


def test_random_game_is_a_fixed_tree():
    g = RandomGame(3, 4, seed=9)
    a = ab.alphabeta(g, trace=False)
    b = ab.alphabeta(g, order=RandomOrder(3), trace=False)
    assert a.value == b.value == ab.minimax(g, trace=False).value
    assert ab.minimax(g, trace=False).leaves == 81
    with pytest.raises(ValueError, match="branching"):
        RandomGame(0, 3, seed=1)
