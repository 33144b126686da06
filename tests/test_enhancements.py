"""The measurement behind lecture 09: the trees, the counts, the on-demand correlated game, the plot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .strategies import examples

import abteach as ab
from abteach.lessons.complexity import knuth_moore
from abteach.lessons.enhancements import (SEARCHES, TREE_KINDS, CorrelatedGame, enhancement_trees, measure,
                                          minimal_tree_ratio, ordered_tree)
from abteach.lessons.ordering import minimax_values


@settings(max_examples=examples(0.2))
@given(st.integers(2, 4), st.integers(1, 4), st.integers(0, 10_000))
def test_perfect_order_meets_knuth_moore_and_keeps_the_value(b, d, seed):
    t = enhancement_trees(b, d, "random", seed=seed)
    best = ordered_tree(t)
    assert ab.alphabeta(best, trace=False).leaves == knuth_moore(b, d)
    assert minimax_values(best)[()] == minimax_values(t)[()] == minimax_values(ordered_tree(t, False))[()]


@settings(max_examples=examples(0.2))
@given(st.integers(2, 4), st.integers(1, 3), st.integers(0, 10_000))
def test_worst_order_up_to_three_plies_prunes_nothing(b, d, seed):
    # Distinct values are not guaranteed (whole numbers 0-100), so ties may still cut: at most b^d.
    t = enhancement_trees(b, d, "worst ordered", seed=seed)
    leaves = ab.alphabeta(t, trace=False, prune_on_tie=False).leaves
    assert leaves == b ** d or len({n.value for n in t.nodes.values() if n.is_leaf}) < b ** d


def test_the_measurement_matches_the_laws_where_they_are_exact():
    m = measure(3, [2, 3, 4], trials=2, seed=1)
    assert m.searches() == list(SEARCHES)
    for d in m.depths:
        row = {(r.tree, r.search): r for r in m.rows if r.depth == d}
        for kind in TREE_KINDS:
            assert row[(kind, "minimax")].leaves == 3 ** d
            assert row[(kind, "alpha-beta")].memory == 0 and row[(kind, "alpha-beta")].passes == 1
            assert row[(kind, "SSS*")].memory > 0
        assert row[("perfectly ordered", "alpha-beta")].leaves == knuth_moore(3, d)
        assert row[("perfectly ordered", "NegaScout")].leaves == knuth_moore(3, d)
        # Iterative deepening pays for every pass: at least the sum of the minimal trees above d.
        assert row[("perfectly ordered", "ID, table and killers")].leaves >= sum(knuth_moore(3, k)
                                                                                 for k in range(1, d + 1))
    rows, columns = m.table()
    assert columns[0] == "search" and len(rows) == len(SEARCHES) + 2
    assert rows[-2][1] == f"{knuth_moore(3, 4):,} (1.00×)"


def test_the_same_seed_gives_every_kind_the_same_leaves():
    r, p, w = (enhancement_trees(3, 3, k, seed=5) for k in ("random", "perfectly ordered", "worst ordered"))
    leaves = sorted(n.value for n in r.nodes.values() if n.is_leaf)
    assert leaves == sorted(n.value for n in p.nodes.values() if n.is_leaf)
    assert leaves == sorted(n.value for n in w.nodes.values() if n.is_leaf)


@settings(max_examples=examples(0.2))
@given(st.integers(2, 4), st.integers(1, 4), st.integers(0, 10_000))
def test_correlated_game_children_step_by_at_most_the_noise(b, d, seed):
    g = CorrelatedGame(b, d, seed=seed, noise=3)
    s = g.initial
    while not g.is_terminal(s):
        kids = [g.result(s, a) for a in g.actions(s)]
        assert all(abs(k.value - s.value) <= 3 for k in kids)
        s = kids[-1]
    assert ab.alphabeta(g, trace=False).value == ab.minimax(g, trace=False).value == \
        ab.iterative_deepening(g, max_depth=d, evaluate=g.estimate, trace=False).value


def test_minimal_tree_ratio_of_minimax_is_b_to_the_d_over_knuth_moore():
    assert minimal_tree_ratio(3, 3, lambda g: ab.minimax(g, trace=False), trials=2) == 27 / knuth_moore(3, 3)


@pytest.mark.parametrize("call, match", [
    (lambda: enhancement_trees(1, 3, "random", seed=0), "b must be"),
    (lambda: enhancement_trees(3, 0, "random", seed=0), "d must be"),
    (lambda: enhancement_trees(3, 2, "sorted", seed=0), "kind must be"),
    (lambda: measure(3, [2], trials=0), "trials must be"),
    (lambda: CorrelatedGame(3, 2, seed=0, noise=-1), "noise must be"),
    (lambda: measure(3, [2], trials=1).table(5), "d must be one of"),
])
def test_bad_input_is_named(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_the_plot_draws_a_panel_per_kind_and_refuses_other_input():
    from abteach.views.plots import plot_enhancements
    fig = plot_enhancements(measure(2, [1, 2], trials=1))
    assert [ax.get_title() for ax in fig.axes] == list(TREE_KINDS)
    assert all(ax.get_yscale() == "log" for ax in fig.axes)
    with pytest.raises(TypeError, match="measurement must be a Measurement"):
        plot_enhancements([1, 2])  # type: ignore[arg-type]


def test_negascout_counts_its_re_searches_untraced_too():
    t = enhancement_trees(4, 5, "correlated", seed=2)
    traced, quiet = ab.negascout(t), ab.negascout(t, trace=False)
    assert quiet.stats["researches"] == traced.stats["researches"] == len(traced.trace.steps("research")) > 0
