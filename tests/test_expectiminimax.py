"""Expectiminimax and node kinds as data (issue 29): anchors from the book, laws, and bad input refused by path."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, strategies as st

import abteach as ab
from abteach.games.kinds import CHANCE

# AIMA 3rd ed. Fig. 5.13 (FACTS.md §11): MAX chooses a1 or a2, each followed by a chance node 0.9 / 0.1.
FIG_5_13 = {(0,): [Fraction(9, 10), Fraction(1, 10)], (1,): [Fraction(9, 10), Fraction(1, 10)]}


def emm(nested: Any, kinds: dict[Any, str], probs: dict[Any, list[Any]], path: tuple[int, ...] = (),
        turn: str = "MAX") -> Any:
    """An independent expectiminimax over nested lists: the book's equation, case by case.

    A node given no kind is the player whose turn it is; a move passes the turn, chance does not."""
    if not isinstance(nested, list):
        return nested
    kind = kinds.get(path, turn)
    below = turn if kind == CHANCE else "MIN" if kind == "MAX" else "MAX"
    values = [emm(c, kinds, probs, path + (i,), below) for i, c in enumerate(nested)]
    if kind == CHANCE:
        return sum(p * v for p, v in zip(probs[path], values))
    return max(values) if kind == "MAX" else min(values)


def test_fig_5_13_order_preserving_changes_are_not_safe() -> None:
    # FACTS §11: leaves 2, 3 / 1, 4 give 2.1 against 1.3, so a1; 20, 30 / 1, 400 give 21 against 40.9, so a2.
    small = ab.expectiminimax(ab.tree([[2, 3], [1, 4]], probabilities=FIG_5_13))
    large = ab.expectiminimax(ab.tree([[20, 30], [1, 400]], probabilities=FIG_5_13))
    assert (small.value, small.move_name) == (Fraction(21, 10), "a1")
    assert (large.value, large.move_name) == (Fraction(409, 10), "a2")
    end = small.trace.last()
    assert end.node((1,)).value == Fraction(13, 10) and end.node((1,)).kind == CHANCE


def test_chance_node_is_narrated_as_a_weighted_sum() -> None:
    r = ab.expectiminimax(ab.tree([[3, 7], [2, 4]], probabilities={(0,): [0.5, 0.5], (1,): [0.5, 0.5]}))
    said = [r.trace.frame(k).explanation for k in r.trace.steps("exit")]
    assert ("B returns 5: the chance node averages its children weighted by their probabilities: "
            "0.5 × 3 + 0.5 × 7 = 5.") in said
    # The node state keeps the kind and the probabilities, for every view to read.
    state = r.trace.last().node((0,))
    assert state.kind == CHANCE and state.extra["probabilities"] == (0.5, 0.5)


def test_exact_probabilities_keep_the_value_exact() -> None:
    r = ab.expectiminimax(ab.tree([[3, 12, 9], [2, 4, 6], [15, 6, 0]],
                                  kinds={(0,): "CHANCE", (1,): "CHANCE", (2,): "CHANCE"}))
    # Uniform by default, as CS188's expectimax: (3+12+9)/3 = 8, (2+4+6)/3 = 4, (15+6+0)/3 = 7.
    assert r.value == 8 and isinstance(r.value, Fraction) and r.move_name == "a1"
    text = r.trace.frame(r.trace.steps("exit")[-2]).explanation
    assert "1/3 × 15 + 1/3 × 6 + 1/3 × 0 = 7" in text


def test_the_stepper_shows_chance_value_calls() -> None:
    r = ab.expectiminimax(ab.tree([[2, 3], [1, 4]], probabilities=FIG_5_13))
    s = ab.stepper(r)
    s.go(r.trace.steps("enter")[1])
    assert "CHANCE-VALUE(B)" in s.shown()["sentence"]
    assert "CHANCE-VALUE(B)" in [call[0] for call in s.shown()["stack"]]
    assert ab.listing("expectiminimax").text("chance.update") == "    v ← v + P(r) × EXPECTIMINIMAX(RESULT(s, r))"


def test_depth_limit_and_evaluation() -> None:
    t = ab.tree([[[1, 9], [5]], [4, 6]], probabilities={(0,): [0.25, 0.75]})
    r = ab.expectiminimax(t, depth=2, evaluate=lambda state, player: 10 * len(state.path))
    # At depth 2 every node is scored 20: the chance node's average is 20, MIN's (1,) min is 20.
    assert r.value == 20
    with pytest.raises(ValueError, match="evaluation function"):
        ab.expectiminimax(t, depth=1)


def test_chance_edges_are_drawn_with_probabilities_and_circles() -> None:
    from abteach.views.styles import tree_styles
    s = tree_styles(ab.tree([[2, 3], [1, 4]], probabilities=FIG_5_13))
    assert s[(0,)].marker == "o" and s[()].marker == "^"
    assert (s[(0, 0)].move, s[(0, 1)].move, s[(1,)].move) == ("9/10", "1/10", "a2")


nested_trees = st.recursive(st.integers(-20, 20), lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=12)


def _inner_paths(nested: Any, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    if not isinstance(nested, list):
        return []
    return [path] + [p for i, c in enumerate(nested) for p in _inner_paths(c, path + (i,))]


@given(nested_trees)
def test_without_chance_nodes_it_is_minimax(nested: Any) -> None:
    t = ab.tree(nested)
    assert ab.expectiminimax(t).value == ab.minimax(t).value


@given(nested_trees, st.data())
def test_value_is_the_books_equation(nested: Any, data: st.DataObject) -> None:
    inner = _inner_paths(nested)
    chance = data.draw(st.sets(st.sampled_from(inner))) if inner else set()
    probs: dict[Any, list[Any]] = {}
    for p in chance:
        n = len(ab.tree(nested).node(p).children)
        weights = data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n).filter(lambda w: sum(w) > 0))
        probs[p] = [Fraction(w, sum(weights)) for w in weights]
    t = ab.tree(nested, probabilities=probs)
    kinds = {p: CHANCE for p in chance}
    assert ab.expectiminimax(t).value == emm(nested, kinds, probs)
    # The tree keeps its kinds and probabilities through JSON.
    back = ab.tree_from_json(t.to_json())
    assert ab.expectiminimax(back).value == ab.expectiminimax(t).value


@given(st.integers(-50, 50), st.lists(st.integers(1, 9), min_size=1, max_size=5))
def test_a_chance_node_whose_children_all_equal_x_is_worth_x(x: int, weights: list[int]) -> None:
    probs = [Fraction(w, sum(weights)) for w in weights]
    assert ab.expectiminimax(ab.tree([[x] * len(weights)], probabilities={(0,): probs})).value == x


@pytest.mark.parametrize("probabilities, message", [
    ({(1,): [0.5, 0.6]}, "probabilities of the chance node at path 1 sum to 1.1, not 1"),
    ({(1,): [-0.5, 1.5]}, "at path 1: outcome 0 has -0.5; a probability is finite and ≥ 0"),
    ({(1,): [1.0]}, "at path 1: 1 given for 2 children"),
    ({(1,): [float("inf"), 0]}, "outcome 0 has inf"),
    ({(1,): [Fraction(1, 3), Fraction(1, 3)]}, "sum to 2/3, not 1"),
    ({(7,): [0.5, 0.5]}, "given for path 7, which is not a node of this tree"),
])
def test_bad_probabilities_are_refused_by_path(probabilities: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ab.tree([[2, 3], [1, 4]], probabilities=probabilities)


def test_bad_kinds_are_refused_by_path() -> None:
    with pytest.raises(ValueError, match="kinds\\[\\(0,\\)\\] must be one of 'MAX', 'MIN', 'CHANCE'"):
        ab.tree([[2, 3], [1, 4]], kinds={(0,): "DICE"})
    with pytest.raises(ValueError, match="the leaf at path 0.1 is given the kind CHANCE"):
        ab.tree([[2, 3], [1, 4]], kinds={(0, 1): "CHANCE"})
    with pytest.raises(ValueError, match="given for a MAX node; only a chance node has them"):
        ab.tree([[2, 3], [1, 4]], kinds={(0,): "MAX"}, probabilities={(0,): [0.5, 0.5]})
    doc = {"tree": [[2, 3], [1, 4]], "probabilities": {"1": [0.3, 0.3]}}
    with pytest.raises(ValueError, match='tree JSON "tree": probabilities of the chance node at path 1 sum to 0.6'):
        ab.tree_from_json(json.dumps(doc))


def test_json_names_kinds_and_exact_probabilities() -> None:
    t = ab.tree_from_json('{"tree": [[2, 3], [1, 4]], "kinds": {"0": "chance"}, "probabilities": {"0": ["1/3", "2/3"]}}')
    assert t.node((0,)).probabilities == (Fraction(1, 3), Fraction(2, 3)) and t.node((1,)).kind == "MIN"
    assert json.loads(t.to_json())["probabilities"] == {"0": ["1/3", "2/3"]}
    # Chance passes no turn: below the chance node at depth 1 it is still MIN's turn, as at depth 1.
    assert t.node((0, 0)).kind == "MIN"
    assert ab.tree([[1, 2]], kinds={(): "CHANCE"}, root="MIN").node((0,)).kind == "MIN"
