"""The expectimax grader: a correct search passes, each mistake at chance nodes is named, nothing hidden leaks.

Each student below is a small function run in the sandbox, as a submission is.  The values the tests
expect are derived here, from the trees' data, by an evaluator written for the test (or from FACTS.md §11).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach.games.kinds import CHANCE
from abteach.grading.expectimax import answers, check_expectimax, expectimax_trees
from abteach.grading.game import GradingGame
from abteach.grading.sandbox import HIDDEN_ERROR
from abteach.lessons.mistakes.chance import CHANCE_MISTAKES, run_chance_mistake
from tests.samples import redteam
from tests.strategies import chance_trees

pytestmark = pytest.mark.sandbox

# One search (the red team's, course/samples/redteam/hostile_chance.py); each student differs from it only in
# how it values a chance node.
WEIGHTED = "sum(p * v for p, v in zip(game.probabilities(s), values))"
STUDENTS = {
    None: WEIGHTED,
    "chance-mean": "sum(values) / len(values)",
    "chance-as-min": "min(values)",
    "chance-as-max": "max(values)",
}


def student(chance: str, returns: str = "move") -> str:
    return redteam("hostile_chance").search(chance=chance, returns=returns)


def value_as(node: Any, chance: str) -> Any:
    """A node's value when its chance nodes are valued by ``chance``: 'weighted', 'mean', 'min' or 'max'."""
    if node.is_leaf:
        return node.value
    values = [value_as(c, chance) for c in node.children]
    if node.kind == CHANCE:
        if chance == "weighted":
            return sum(p * v for p, v in zip(node.probabilities, values))
        if chance == "mean":
            return Fraction(sum(values)) / len(values)
        return min(values) if chance == "min" else max(values)
    return max(values) if node.kind == "MAX" else min(values)


READS = {"chance-mean": "mean", "chance-as-min": "min", "chance-as-max": "max"}


@settings(deadline=None)
@given(chance_trees())
def test_each_mistake_is_the_search_with_its_chance_nodes_misread(case: tuple[Any, Any]) -> None:
    nested, probabilities = case
    t = ab.tree(nested, probabilities=probabilities)
    for m, reads in READS.items():
        assert run_chance_mistake(m, t).value == value_as(t.root, reads)
    right, _ = answers(t)
    assert right.value == value_as(t.root, "weighted")


@pytest.mark.parametrize("seed", [0, 1, "course-2026"])
def test_the_seeded_trees_tell_every_mistake_apart_by_the_move_alone(seed: Any) -> None:
    trees = expectimax_trees(seed)
    shown = [answers(t) for _, t in trees]
    for m in CHANCE_MISTAKES:
        assert any(wrong[m].moves.isdisjoint(right.moves) for right, wrong in shown), m
        for other in CHANCE_MISTAKES:
            if other != m:
                assert any(wrong[m].moves.isdisjoint(wrong[other].moves) for _, wrong in shown), (m, other)
    # Each tree's correct answer, derived here: the best moves by the book's equation.
    for _, t in trees:
        right, _ = answers(t)
        kids = [value_as(c, "weighted") for c in t.root.children]
        assert right.value == max(kids)
        assert right.moves == {t.move_name(t.root, i) for i, v in enumerate(kids) if v == max(kids)}


@pytest.mark.parametrize("returns", ["move", "(best, move)"])
def test_a_correct_search_gets_full_marks(returns: str) -> None:
    r = check_expectimax(student(WEIGHTED, returns), seed=3)
    assert (r.score, r.diagnosis, r.failure, r.departure) == (r.out_of, None, None, None)
    assert r.out_of == len(expectimax_trees(3)) and "All" in r.feedback


@pytest.mark.parametrize("mistake", [m for m in STUDENTS if m is not None])
@pytest.mark.parametrize("returns", ["move", "(best, move)"])
def test_each_mistake_is_diagnosed_by_name(mistake: str, returns: str) -> None:
    r = check_expectimax(student(STUDENTS[mistake], returns), seed=3)
    assert r.diagnoses == (mistake,) and r.diagnosis == mistake and r.score < r.out_of
    assert CHANCE_MISTAKES[mistake].title in r.feedback and f"Diagnosis: {mistake}" in r.feedback


def test_the_feedback_on_the_books_tree_gives_the_books_values() -> None:
    # FACTS §11: on Fig. 5.13 a1 is worth 0.9 × 2 + 0.1 × 3 = 2.1 and a2 1.3; taken as MAX, chance gives
    # a1 max(2, 3) = 3 and a2 max(1, 4) = 4, so a2: the first public tree it fails.
    r = check_expectimax(student("max(values)"), seed=0)
    assert r.departure is not None and r.departure.tree_name == "FIG_5_13"
    assert "your search returns a2; the correct move is a1, worth 2.1" in r.feedback


def test_a_right_move_with_a_wrong_value_is_told_by_the_value() -> None:
    # On Fig. 5.13 the plain mean ties, (2 + 3)/2 = (1 + 4)/2 = 2.5, and the first of the tie is a1, the right
    # move; but the value is 2.5, not 0.9 × 2 + 0.1 × 3 = 2.1 (FACTS §11).
    r = check_expectimax(student("sum(values) / len(values)", "(best, move)"), seed=0)
    assert r.departure is not None and r.departure.tree_name == "FIG_5_13"
    assert "your search returns the value 2.5; the correct value is 2.1" in r.feedback
    assert r.diagnosis == "chance-mean"


def hidden_texts(seed: Any) -> list[str]:
    """What of the hidden trees must never show: each tree's JSON and its correct value."""
    out = []
    for name, t in expectimax_trees(seed):
        if name.startswith("seeded-"):
            out += [t.to_json(), str(t.to_nested()), repr(float(value_as(t.root, "weighted")))]
    return out


def test_an_error_on_a_hidden_tree_tells_nothing_of_it() -> None:
    # The public trees have two moves at the root; a hidden one with three makes this search raise with the
    # leaves it saw in its message, which must not reach the feedback.
    code = student(WEIGHTED).replace(
        "    best, move = float(\"-inf\"), None\n",
        "    if len(game.actions(state)) == 3:\n"
        "        raise ValueError('leaked ' + repr(value(game.result(state, game.actions(state)[0]))))\n"
        "    best, move = float(\"-inf\"), None\n")
    assert any(len(t.root.children) == 3 for name, t in expectimax_trees(0) if name.startswith("seeded-"))
    assert all(len(t.root.children) == 2 for name, t in expectimax_trees(0) if not name.startswith("seeded-"))
    r = check_expectimax(code, seed=0)
    assert r.failure == "raised" and r.score == 0
    assert HIDDEN_ERROR in r.feedback and "leaked" not in r.feedback
    assert not any(text in r.feedback for text in hidden_texts(0))


def test_a_failure_on_hidden_trees_only_names_no_value_of_them() -> None:
    # Right on the book's trees, and answering the last move anywhere else: it fails only on hidden trees.
    code = student(WEIGHTED, "move if PUBLIC(game, state) else game.actions(state)[-1]") + (
        "\ndef PUBLIC(game, state):\n    return game.actions(state) in (['a1', 'a2'], ['hold', 'roll']) and "
        "len(game.actions(game.result(state, game.actions(state)[0]))) == 2\n")
    r = check_expectimax(code, seed=0)
    public = [k for k, (name, _) in enumerate(expectimax_trees(0)) if not name.startswith("seeded-")]
    assert r.score < r.out_of and r.departure is not None and r.departure.tree_name.startswith("seeded-")
    assert r.score >= len(public)
    assert "hidden trees stay hidden" in r.feedback and "worth" not in r.feedback
    assert not any(text in r.feedback for text in hidden_texts(0))


@pytest.mark.parametrize("code, failure, words", [
    ("import abteach\ndef expectimax_search(game, state):\n    return None\n", "package", "imports abteach"),
    ("def expectimax_search(game, state):\n    return None\n", "none", "expectimax_search must return an action"),
    ("def expectimax_search(game, state):\n    return\n  x = (\n", "load", "could not be loaded"),
    ("def other(game, state):\n    return 1\n", "load", "no function named expectimax_search"),
    (None, "missing", "No function expectimax_search was defined"),
])
def test_bad_submissions_get_a_clear_message_and_score_zero(code: Any, failure: str, words: str) -> None:
    r = check_expectimax(code, seed=0)
    assert (r.score, r.failure, r.diagnosis) == (0, failure, "unknown") and words in r.feedback


def test_the_game_gives_probabilities_only_at_chance_nodes() -> None:
    g = GradingGame(ab.examples.FIG_5_13)
    b = g.result(g.initial, "a1")
    assert (g.to_move(b), g.probabilities(b)) == ("CHANCE", [0.9, 0.1])
    with pytest.raises(ValueError, match="only a state where game.to_move is 'CHANCE' has probabilities"):
        g.probabilities(g.initial)


def test_bad_options_raise_by_name() -> None:
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        check_expectimax(student(WEIGHTED), time_limit=0)
    with pytest.raises(ValueError, match="unknown chance mistake 'chance-median'"):
        run_chance_mistake("chance-median", ab.examples.FIG_5_13)
