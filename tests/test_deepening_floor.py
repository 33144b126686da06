"""What iterative deepening can reach on correlated trees: the floor of all its passes, the oracle's
ordering for its last pass, and aspiration windows inside it."""

from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .strategies import examples

import abteach as ab
from abteach.lessons.complexity import deepening_floor, knuth_moore
from abteach.lessons.enhancements import CorrelatedGame, frontier_oracle

# Worked by hand from Knuth–Moore's b^ceil(k/2) + b^floor(k/2) − 1, k = 1..d:
HAND = {
    (2, 3): 2 + 3 + 5,
    (4, 6): 4 + 7 + 19 + 31 + 79 + 127,                         # 267 = 2.10 × 127
    (5, 7): 5 + 9 + 29 + 49 + 149 + 249 + 749,                  # 1,239 = 1.65 × 749
    (8, 7): 8 + 15 + 71 + 127 + 575 + 1023 + 4607,              # 6,426 = 1.39 × 4,607
    (8, 8): 8 + 15 + 71 + 127 + 575 + 1023 + 4607 + 8191,       # 14,617 = 1.78 × 8,191
}


@pytest.mark.parametrize("bd", sorted(HAND))
def test_the_floor_is_the_sum_of_the_minimal_trees_worked_by_hand(bd):
    assert deepening_floor(*bd) == HAND[bd]


def test_the_floor_over_the_minimal_tree_is_above_the_target_for_b_4_d_6():
    assert round(deepening_floor(4, 6) / knuth_moore(4, 6), 2) == 2.10


games = st.builds(CorrelatedGame, st.integers(2, 4), st.integers(1, 5), st.integers(0, 10 ** 6),
                  st.integers(0, 10))


def _last_pass(r, d):
    return sum(1 for p in r.evaluated if len(p) == d)


@settings(max_examples=examples(0.5))
@given(games, st.sampled_from([None, 1, 2, 3, 5]))
def test_iterative_deepening_never_beats_the_floor(g, delta):
    # Each pass proves its depth's value, and no entry of a shallower pass is deep enough to stand in for it.
    r = ab.iterative_deepening(g, max_depth=g.depth, evaluate=g.estimate, delta=delta, trace=False)
    assert r.value == ab.minimax(g, trace=False).value
    assert r.leaves >= deepening_floor(g.branching, g.depth)
    assert _last_pass(r, g.depth) >= knuth_moore(g.branching, g.depth)


def _values(g):
    """Every node's minimax value for MAX, by brute force."""
    out = {}

    def walk(s):
        if g.is_terminal(s):
            v = s.value
        else:
            kids = [walk(g.result(s, a)) for a in g.actions(s)]
            v = max(kids) if len(s.path) % 2 == 0 else min(kids)
        out[s.path] = v
        return v

    walk(g.initial)
    return out


def _oracle_by_hand(g):
    """Fail-soft alpha-beta (cut on v ≥ β), a node's first best child first above the last ply; leaves."""
    values, count = _values(g), 0

    def search(s, alpha, beta):
        nonlocal count
        if g.is_terminal(s):
            count += 1
            return s.value
        maxing = len(s.path) % 2 == 0
        moves = list(g.actions(s))
        if len(s.path) < g.depth - 1:
            best = next(a for a in moves if values[s.path + (a,)] == values[s.path])
            moves = [best] + [a for a in moves if a != best]
        v = -inf if maxing else inf
        for a in moves:
            x = search(g.result(s, a), alpha, beta)
            if maxing:
                v = max(v, x)
                if v >= beta:
                    break
                alpha = max(alpha, v)
            else:
                v = min(v, x)
                if v <= alpha:
                    break
                beta = min(beta, v)
        return v

    return search(g.initial, -inf, inf), count


@settings(max_examples=examples(0.5))
@given(games)
def test_the_oracle_counts_what_a_best_first_alphabeta_written_out_plainly_counts(g):
    value, leaves = _oracle_by_hand(g)
    o = frontier_oracle(g)
    assert (o.value, o.leaves) == (value, leaves)
    assert knuth_moore(g.branching, g.depth) <= o.leaves <= g.branching ** g.depth


@pytest.mark.parametrize("b,d", [(2, 4), (3, 5), (4, 4)])
def test_with_every_leaf_tied_every_ordering_meets_the_minimal_tree(b, d):
    # noise 0: every value is 50, so the first child of every cut node already refutes.
    g = CorrelatedGame(b, d, seed=1, noise=0)
    r = ab.iterative_deepening(g, max_depth=d, evaluate=g.estimate, trace=False)
    assert frontier_oracle(g).leaves == _last_pass(r, d) == knuth_moore(b, d)
    assert r.leaves == deepening_floor(b, d)


@settings(max_examples=examples(0.5))
@given(st.builds(CorrelatedGame, st.integers(2, 3), st.integers(3, 5), st.integers(0, 10 ** 6)),
       st.integers(1, 6))
def test_aspiration_inside_deepening_re_searches_exactly_when_the_value_leaves_the_window(g, delta):
    r = ab.iterative_deepening(g, max_depth=g.depth, evaluate=g.estimate, delta=delta)
    v = {k: ab.alphabeta(g, depth=k, evaluate=g.estimate, trace=False).value for k in range(1, g.depth + 1)}
    assert r.value == v[g.depth]
    expected = []
    for k in range(1, g.depth + 1):
        if k < 3:
            expected.append(f"depth {k}")
            continue
        lo, hi = v[k - 2] - delta, v[k - 2] + delta
        expected.append(f"depth {k}: aspiration window ({lo:g}, {hi:g})")
        # Fail-soft: a first result outside the window is on the side the value is.
        if v[k] <= lo:
            expected.append(f"depth {k}: fail-low, search again with (−∞, ")
        elif v[k] >= hi:
            expected.append(f"depth {k}: fail-high, search again with (")
    got = r.trace.passes
    assert len(got) == len(expected) and all(a.startswith(e) for a, e in zip(got, expected))


def test_aspiration_passes_keep_the_table_and_killers_of_the_passes_before():
    g = CorrelatedGame(3, 5, seed=4)
    r = ab.iterative_deepening(g, max_depth=5, evaluate=g.estimate, delta=2)
    windowed = [k for k, e in enumerate(r.trace) if e.kind == "pass" and "aspiration" in str(e.test)]
    assert windowed
    after = list(r.trace)[windowed[0]:]
    assert any(e.kind == "order" and "best move found before" in str(e.test) for e in after)


@pytest.mark.parametrize("delta", [0, -1, float("nan"), True, "3"])
def test_a_bad_delta_is_named(delta):
    with pytest.raises(ValueError, match="delta"):
        ab.iterative_deepening(ab.examples.FIG_5_2, max_depth=2, evaluate=lambda s, p: 0, delta=delta)


def test_the_oracle_refuses_other_games():
    with pytest.raises(TypeError, match="CorrelatedGame"):
        frontier_oracle(ab.examples.FIG_5_2)
