"""Laws of the searches with memory (FACTS.md §8), on uneven random trees full of ties."""

from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.search.events import Kind
from .strategies import inner_trees, examples
from .test_node_counts import ordered, uniform
from .test_search_laws import minimax_value

SEARCHES = {
    "negamax_memory": lambda t: ab.negamax_memory(t),
    "negamax_memory, killers and history": lambda t: ab.negamax_memory(t, killers=True, history=True),
    "iterative deepening": lambda t: ab.iterative_deepening(t, max_depth=t.height, evaluate=lambda s, p: 0),
    "aspiration": lambda t: ab.aspiration(t, guess=2, delta=1),
    "negascout": lambda t: ab.negascout(t),
    "mtdf": lambda t: ab.mtdf(t, first_guess=0),
    "sss_star": lambda t: ab.sss_star(t),
}


@given(inner_trees(), st.sampled_from(sorted(SEARCHES)))
def test_every_search_returns_the_minimax_value(nested, name):
    r = SEARCHES[name](ab.tree(nested))
    assert r.value == minimax_value(nested)
    assert r.trace.last().explanation.endswith(".")  # every step reads as a sentence, to the end


@given(inner_trees())
def test_sss_star_never_evaluates_a_leaf_alphabeta_skips(nested):
    # Stockman (1979): SSS* dominates alpha-beta with the same static order.
    t = ab.tree(nested)
    assert set(ab.sss_star(t).evaluated) <= set(ab.alphabeta(t).evaluated)


@given(inner_trees())
def test_mtdf_started_at_the_value_takes_two_passes(nested):
    r = ab.mtdf(ab.tree(nested), first_guess=minimax_value(nested))
    assert r.passes == 2 and r.value == minimax_value(nested)


@pytest.mark.parametrize("b,d", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (2, 6)])
def test_negascout_on_a_perfectly_ordered_tree_evaluates_the_minimal_tree(b, d):
    # Knuth and Moore: b^ceil(d/2) + b^floor(d/2) - 1 leaves on a best-ordered uniform tree.
    nested = ordered(uniform(b, d, seed=b * 10 + d))
    r = ab.negascout(ab.tree(nested))
    assert r.leaves == b ** -(-d // 2) + b ** (d // 2) - 1
    assert r.value == minimax_value(nested)


@given(inner_trees(), st.integers(-2, 6), st.integers(1, 3))
def test_aspiration_re_searches_exactly_when_the_first_result_falls_outside(nested, guess, delta):
    t = ab.tree(nested)
    r = ab.aspiration(t, guess=guess, delta=delta)
    first = ab.negamax_memory(t, tt=False)  # the same search...
    α, β = guess - delta, guess + delta
    # ...with the narrow window: fail-soft, so a result ≤ α or ≥ β says "outside".
    narrow = _narrow_value(nested, α, β)
    assert r.value == minimax_value(nested) == first.value
    assert (r.passes == 2) == (narrow <= α or narrow >= β)


def _narrow_value(nested, alpha, beta, maximizing=True):
    """Fail-soft alpha-beta with a given window, written out plainly."""
    if not isinstance(nested, list):
        return nested
    v = -inf if maximizing else inf
    for child in nested:
        g = _narrow_value(child, alpha, beta, not maximizing)
        if maximizing:
            v = max(v, g)
            if v >= beta:
                return v
            alpha = max(alpha, v)
        else:
            v = min(v, g)
            if v <= alpha:
                return v
            beta = min(beta, v)
    return v


@given(inner_trees(), st.integers(-1, 6))
def test_null_window_says_at_least_exactly_when_minimax_is(nested, bound):
    r = ab.null_window(ab.tree(nested), bound=bound)
    assert r.stats["at least"] == (minimax_value(nested) >= bound)


def test_tictactoe_with_a_table_is_still_a_draw_and_searches_no_position_twice_alike():
    r = ab.negamax_memory(ab.TicTacToe())
    assert r.value == 0
    tr = r.trace
    seen = set()
    for k, e in enumerate(tr.events):
        if e.kind == Kind.ENTER and k + 1 < len(tr.events) and tr.events[k + 1].kind == "probe":
            key = (_state_at(tr, e.node), e.alpha, e.beta)
            # Searched, not settled by the table: its loop starts (v ← −∞) before the call returns.
            rest = [x for x in tr.events[k + 2:k + 6] if x.node == e.node]
            searched = any(x.line == "neg.init" for x in rest[:next((i for i, x in enumerate(rest)
                                                                     if x.kind == Kind.EXIT), len(rest))])
            if searched:
                assert key not in seen
                seen.add(key)
    assert r.stats["hits"] > 0 and r.stats["table size"] <= 5478  # 5,478 legal positions (FACTS.md)


def _state_at(trace, path):
    state = trace.state
    for i in path:
        state = trace.game.result(state, list(trace.game.actions(state))[i])
    return state


def test_iterative_deepening_marks_each_iteration_and_orders_by_the_last():
    t = ab.examples.WIKIPEDIA
    r = ab.iterative_deepening(t, max_depth=t.height, evaluate=lambda s, p: 0)
    assert r.trace.passes == [f"depth {d}" for d in range(1, t.height + 1)]
    assert r.value == ab.alphabeta(t).value
    assert any(e.kind == "order" for e in r.trace)  # a later pass tries the table's move first


def test_a_time_budget_keeps_the_last_finished_pass():
    r = ab.iterative_deepening(ab.TicTacToe(), max_depth=9, evaluate=lambda s, p: 0, time_budget=0.05)
    assert 1 <= r.passes <= 9 and r.stats["depth"] == r.passes


@pytest.mark.parametrize("kw, match", [
    ({"max_depth": 0}, "max_depth"), ({"max_depth": 2, "time_budget": -1}, "time_budget"),
])
def test_bad_options_are_named(kw, match):
    with pytest.raises(ValueError, match=match):
        ab.iterative_deepening(ab.examples.FIG_5_2, evaluate=lambda s, p: 0, **kw)


def test_null_windows_need_whole_numbers():
    with pytest.raises(TypeError, match="bound must be a whole number"):
        ab.null_window(ab.examples.FIG_5_2, bound=2.5)
    with pytest.raises(ValueError, match="whole-number values"):
        ab.negascout(ab.tree([[1.5, 2], [3]]))


def test_killers_change_the_order_and_the_trace_says_so():
    t = ab.examples.WIKIPEDIA
    r = ab.negamax_memory(t, tt=False, killers=True)
    orders = [e for e in r.trace if e.kind == "order"]
    assert orders and "killers" in orders[0].test
    assert r.value == ab.alphabeta(t).value


def _passes(trace):
    """Each pass's events, in order."""
    out = []
    for k in range(1, len(trace) + 1):
        e = trace.event(k)
        if e.kind == Kind.PASS:
            out.append([])
        elif out:
            out[-1].append(e)
    return out


@settings(max_examples=examples(0.2))
@given(st.lists(st.integers(0, 8), min_size=1, max_size=3, unique=True))
def test_without_a_table_each_pass_leads_with_the_last_passes_best_move(opening):
    # In tic-tac-toe a move is a square, not a child's index: after the opening, square k is rarely child k.
    game = ab.TicTacToe()
    state = game.initial
    for square in opening:
        if game.is_terminal(state) or square not in game.actions(state):
            return
        state = game.result(state, square)
    if game.is_terminal(state):
        return
    r = ab.iterative_deepening(game, state, max_depth=3, evaluate=lambda s, p: 0, tt=False, killers=False)
    passes = _passes(r.trace)
    assert len(passes) == 3
    root = passes[0][0].node
    for before, now in zip(passes, passes[1:]):
        best = [e.move for e in before if e.kind == Kind.EXIT and e.node == root][-1]
        first = next(e.node for e in now if e.kind == Kind.ENTER and len(e.node) == len(root) + 1)
        assert first == root + (best,), (before[-1], first)
