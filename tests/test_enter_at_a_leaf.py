"""A call at a finished game says the game is over there, not that a player is to move (issue 30).

Expectiminimax's and minimax's calls carry no window, so their sentence at a call says who moves; at a
leaf no one does.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings

import abteach as ab

from .strategies import chance_trees, nested_trees


def enter_sentences(result: ab.SearchResult) -> list[tuple[Any, str]]:
    trace = result.trace
    return [(trace.frame(k).event.node, trace.frame(k).explanation) for k in range(1, len(trace) + 1)
            if trace.frame(k).event.kind == "enter"]


def check(t: ab.Tree, result: ab.SearchResult) -> None:
    said = enter_sentences(result)
    assert said
    for node, text in said:
        over = t.node(node).is_leaf
        assert ("the game is over at" in text) == over, text
        assert ("is to move at" in text or "picks the outcome at" in text) == (not over), text


@settings(max_examples=80, deadline=None)
@given(chance_trees())
def test_expectiminimax_says_the_game_is_over_exactly_at_leaves(case: Any) -> None:
    nested, probabilities = case
    t = ab.tree(nested, probabilities=probabilities)
    check(t, ab.expectiminimax(t))


@settings(max_examples=80, deadline=None)
@given(nested_trees(max_leaves=20))
def test_minimax_says_the_game_is_over_exactly_at_leaves(nested: Any) -> None:
    t = ab.tree(nested)
    check(t, ab.minimax(t))


def test_hold_or_roll_b1_is_a_finished_game() -> None:
    said = dict(enter_sentences(ab.expectiminimax(ab.examples.HOLD_OR_ROLL)))
    b1 = (0, 0)
    assert ab.examples.HOLD_OR_ROLL.name(b1) == "b1"
    assert said[b1] == "MAX-VALUE(b1) is called: the game is over at b1, so no one moves there."


def test_at_the_depth_limit_the_game_is_not_said_to_be_over() -> None:
    t = ab.examples.HOLD_OR_ROLL
    r = ab.expectiminimax(t, depth=1, evaluate=lambda s, p: 0)
    assert not any("the game is over" in text for _, text in enter_sentences(r))
