"""Laws every correct alpha-beta obeys, checked on random uneven trees with many ties."""

from math import inf

from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.search.events import Bound, Kind
from .strategies import inner_trees, examples


def minimax_value(nested, maximizing=True):
    if not isinstance(nested, list):
        return nested
    values = [minimax_value(c, not maximizing) for c in nested]
    return max(values) if maximizing else min(values)


def reference_leaves(nested, prune_on_tie=True):
    """A plain recursive alpha-beta, independent of the package: the leaves it evaluates."""
    seen = []

    def search(node, path, alpha, beta, maximizing):
        if not isinstance(node, list):
            seen.append(path)
            return node
        v = -inf if maximizing else inf
        for i, child in enumerate(node):
            g = search(child, path + (i,), alpha, beta, not maximizing)
            if maximizing:
                v = max(v, g)
                if v > beta or (prune_on_tie and v == beta):
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, g)
                if v < alpha or (prune_on_tie and v == alpha):
                    return v
                beta = min(beta, v)
        return v

    search(nested, (), -inf, inf, True)
    return seen


@given(inner_trees(), st.sampled_from([3, 4]), st.booleans())
def test_alphabeta_value_equals_minimax(nested, edition, tie):
    t = ab.tree(nested)
    assert ab.alphabeta(t, edition=edition, prune_on_tie=tie).value == minimax_value(nested)
    assert ab.minimax(t, edition=edition).value == minimax_value(nested)


@given(inner_trees(), st.booleans())
def test_evaluated_leaves_equal_the_reference(nested, tie):
    r = ab.alphabeta(ab.tree(nested), prune_on_tie=tie)
    assert r.evaluated == reference_leaves(nested, tie)


@given(inner_trees())
def test_strict_rule_never_evaluates_fewer_leaves(nested):
    t = ab.tree(nested)
    assert ab.alphabeta(t, prune_on_tie=False).leaves >= ab.alphabeta(t, prune_on_tie=True).leaves


@given(inner_trees(), st.booleans())
def test_both_editions_evaluate_the_same_leaves(nested, tie):
    t = ab.tree(nested)
    a3 = ab.alphabeta(t, edition=3, prune_on_tie=tie)
    a4 = ab.alphabeta(t, edition=4, prune_on_tie=tie)
    assert a3.evaluated == a4.evaluated and a3.pruned == a4.pruned and a3.move == a4.move


@given(inner_trees(), st.sampled_from([3, 4]), st.booleans())
def test_returned_bounds_are_honest(nested, edition, tie):
    t = ab.tree(nested)
    true = {n.path: minimax_value(t.to_nested() if n.path == () else _sub(nested, n.path), n.player == ab.MAX)
            for n in t.walk()}
    for e in ab.alphabeta(t, edition=edition, prune_on_tie=tie).trace:
        if e.kind is not Kind.EXIT:
            continue
        g, value = e.value, true[e.node]
        if e.bound is Bound.UPPER:
            assert value <= g
        elif e.bound is Bound.LOWER:
            assert value >= g
        else:
            assert value == g


def _sub(nested, path):
    for i in path:
        nested = nested[i]
    return nested


@given(inner_trees())
def test_the_chosen_move_achieves_the_value(nested):
    r = ab.alphabeta(ab.tree(nested))
    assert minimax_value(nested[r.move], maximizing=False) == r.value
    # and it is the first such move, as "the action with value v" reads
    assert all(minimax_value(nested[i], maximizing=False) < r.value for i in range(r.move))


@given(inner_trees(), st.sampled_from([3, 4]))
def test_frames_replay_consistently(nested, edition):
    tr = ab.alphabeta(ab.tree(nested), edition=edition).trace
    last = None
    for f in tr.frames():
        # the call stack is always a chain from the root
        assert all(b[:-1] == a for a, b in zip(f.stack, f.stack[1:]))
        assert not f.stack or f.stack[0] == ()
        last = f
    assert last.stack == () and last.node(()).status is ab.Status.DONE


@given(inner_trees(), st.booleans())
def test_untraced_search_agrees_with_traced(nested, tie):
    t = ab.tree(nested)
    a, b = ab.alphabeta(t, prune_on_tie=tie), ab.alphabeta(t, prune_on_tie=tie, trace=False)
    assert (a.value, a.move, a.evaluated, a.pruned, a.nodes, a.cutoffs, a.pv) == \
           (b.value, b.move, b.evaluated, b.pruned, b.nodes, b.cutoffs, b.pv)
    assert b.trace is None


@settings(max_examples=examples(0.5))
@given(inner_trees())
def test_min_root_mirrors_max_root(nested):
    negated = _negate(nested)
    assert ab.alphabeta(ab.tree(nested, root=ab.MIN)).value == -ab.alphabeta(ab.tree(negated)).value


def _negate(nested):
    return [_negate(c) for c in nested] if isinstance(nested, list) else -nested


@given(inner_trees())
def test_tutorial_form_prunes_exactly_as_the_textbook(nested):
    t = ab.tree(nested)
    book, tutorial = ab.alphabeta(t), ab.alphabeta_tutorial(t)
    assert (tutorial.value, tutorial.move, tutorial.evaluated, tutorial.pruned) == \
           (book.value, book.move, book.evaluated, book.pruned)
    assert all(e.line in tutorial.trace.listing for e in tutorial.trace)


@given(inner_trees(), st.sampled_from([3, 4]))
def test_strict_rule_returns_at_the_window_ends_are_exact(nested, edition):
    # Pruning only on v > β searches the closed window [α, β]: a return equal to
    # α or β is the true value, and the trace must call it exact.
    t = ab.tree(nested)
    tr = ab.alphabeta(t, edition=edition, prune_on_tie=False).trace
    entered = {e.node: (e.alpha, e.beta) for e in tr if e.kind is Kind.ENTER}
    for e in tr:
        if e.kind is Kind.EXIT and e.value in entered[e.node]:
            assert e.bound is Bound.EXACT
            assert e.value == minimax_value(_sub(nested, e.node), t.node(e.node).player == ab.MAX)
