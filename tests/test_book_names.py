"""One naming everywhere: a tree's plain drawing, its text alternative and its searches call a node the same."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.views.alt import tree_alt
from abteach.views.styles import tree_styles


def _textbook_letters(tree):
    # Derived here, independently: inner nodes A, B, ... breadth first; a leaf by its parent's letter and place.
    inner = [p for p in sorted(tree.nodes, key=lambda p: (len(p), p)) if not tree.nodes[p].is_leaf]
    letters = {p: chr(ord("A") + k) for k, p in enumerate(inner)}
    return {**letters, **{p: letters[p[:-1]].lower() + str(p[-1] + 1)
                          for p, n in tree.nodes.items() if n.is_leaf and p}}


@settings(max_examples=30, deadline=None)
@given(b=st.integers(2, 3), d=st.integers(1, 3), seed=st.integers(0, 10_000))
def test_an_unnamed_tree_is_drawn_and_searched_under_the_books_letters(b, d, seed):
    tree = ab.random_tree(b, d, seed=seed)
    expected = _textbook_letters(tree)
    trace = ab.alphabeta(tree).trace
    styles = tree_styles(tree)
    for p, name in expected.items():
        assert tree.book_name(p) == trace.name(p) == name
        if p:
            assert styles[p].move == trace.move_name(p) == name if tree.nodes[p].is_leaf else styles[p].move
        if not tree.nodes[p].is_leaf:
            assert styles[p].name == name
    assert f"{expected[()]} (MAX) has children" in tree_alt(tree)


def test_a_tree_with_names_of_its_own_keeps_them():
    fig52 = ab.examples.FIG_5_2
    assert [fig52.book_name(p) for p in [(), (0,), (2, 2)]] == ["A", "B", "d3"]
    named = ab.tree_from_json('{"tree": [[1, 2], 3], "names": {"0": "x"}}')
    assert [named.book_name(p) for p in [(0,), (1,)]] == ["x", named.name((1,))]
