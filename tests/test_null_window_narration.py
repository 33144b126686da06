"""A sentence calls a window "null" only where no value can lie strictly inside it (issue 30).

A window (α, α + 1) holds no value only when every value is a whole number: integer leaves and no chance
node, which averages its outcomes into fractions (a die node can be worth −1/3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab

from .strategies import chance_trees, nested_trees


def said(result: ab.SearchResult) -> list[tuple[Any, str]]:
    """(event, sentence) for every step of ``result``'s trace."""
    trace = result.trace
    return [(trace.frame(k).event, trace.frame(k).explanation) for k in range(1, len(trace) + 1)]


def values_strictly_inside(t: ab.Tree, alpha: float, beta: float) -> bool:
    """Whether some value of the tree's nodes, worked out by expectiminimax at every node, lies in (α, β)."""
    return any(alpha < ab.expectiminimax(t, t.node(n.path), trace=False).value < beta for n in t.walk())


@settings(max_examples=120, deadline=None)
@given(chance_trees(values=st.integers(-3, 3)))
def test_a_null_window_is_named_only_where_no_value_lies_inside_it(case: Any) -> None:
    nested, probabilities = case
    t = ab.tree(nested, probabilities=probabilities)
    has_chance = any(n.kind == "CHANCE" for n in t.walk())
    for e, text in said(ab.star1(t, lo=-3, hi=3)):
        if "null window" in text:
            assert not has_chance and not values_strictly_inside(t, e.alpha, e.beta), text


@settings(max_examples=60, deadline=None)
@given(nested_trees(max_leaves=20), st.integers(0, 4))
def test_on_whole_number_trees_a_width_one_window_is_still_named_null(nested: Any, bound: int) -> None:
    t = ab.tree(nested)
    entered = [(e, text) for e, text in said(ab.null_window(t, bound=bound)) if e.kind == "enter"]
    assert entered and all("a null window" in text for e, text in entered if e.beta - e.alpha == 1)


def test_hold_or_roll_die_window_of_width_one_is_not_called_null() -> None:
    # D = (−1 + 0 + 0)/3 = −1/3 lies strictly inside (−1, 0): the window of width 1 is not null.
    dice = ab.examples.HOLD_OR_ROLL
    texts = [text for e, text in said(ab.star1(dice, lo=-1, hi=1))
             if e.kind == "enter" and e.alpha is not None and e.beta - e.alpha == 1]
    assert texts and not any("null window" in text for text in texts)
    assert any("strictly between −1 and 0" in text for text in texts)


def test_a_fraction_leaf_rules_out_a_null_window_too() -> None:
    t = ab.tree([[Fraction(1, 2), 1], [0, 2]])
    for e, text in said(ab.null_window(t, bound=1)):
        assert "null window" not in text, text
