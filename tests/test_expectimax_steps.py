"""Issue 29: an expectimax search's calls on the book's chance trees, kept, checked and stepped as alpha-beta's are.

check_expectimax keeps what a failed search asked the game on a public chance tree (never a hidden one);
read_steps takes a chance tree beside expectiminimax alone; the page draws its chance nodes as the lecture's
stepper does.  ``part='frame'`` passes a search whose only fault is a classic chance mistake, and names it.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.grading.autograde import HiddenTest, UnknownTest, hidden_tests
from abteach.grading.expectimax import check_expectimax, expectimax_trees
from abteach.grading.steps import CHANCE_PUBLIC, EXPECTIMAX, PUBLIC, RULES, BadSteps, SearchSteps, read_steps
from abteach.lessons.mistakes.chance import CHANCE_MISTAKES, misread
from abteach.views.game_calls import trace_calls
from abteach.widgets.feedback import steps_html
from tests.samples import redteam

chance = redteam("hostile_chance")

pytestmark = [pytest.mark.sandbox]

#: A search with each classic mistake, written as a student would: the chance node's value, and MIN's.
WRITTEN = {"chance-mean": ("sum(values) / len(values)", "min(values)"),
           "chance-as-min": ("min(values)", "min(values)"),
           "chance-as-max": ("max(values)", "min(values)")}


def test_the_chance_trees_steps_may_name_are_the_public_ones_a_check_runs_on():
    names = [name for name, _ in expectimax_trees(0)]
    public = tuple(n for n in names if n in ab.examples.WITH_CHANCE)
    assert public == CHANCE_PUBLIC and not set(CHANCE_PUBLIC) & set(PUBLIC)


@pytest.mark.parametrize("tree, rule", [("FIG_5_13", "textbook"), ("FIG_5_13", "strict"), ("FIG_5_2", EXPECTIMAX)])
def test_a_tree_is_stepped_beside_its_own_kind_of_search_alone(tree, rule):
    data = {"version": 1, "tree": tree, "rule": rule, "calls": [["generate", "0"]], "made": 1}
    with pytest.raises(BadSteps, match=f"rule must be one of .* on {tree}"):
        read_steps(data)


calls_on_chance = st.sampled_from(CHANCE_PUBLIC).flatmap(lambda name: st.tuples(st.just(name), st.lists(
    st.sampled_from([("generate", n.path) for n in ab.examples.WITH_CHANCE[name].walk() if n.path]
                    + [("score", n.path) for n in ab.examples.WITH_CHANCE[name].walk() if n.is_leaf]),
    max_size=30)))


@settings(max_examples=40, deadline=None)
@given(calls_on_chance, st.integers(0, 5))
def test_any_calls_on_a_chance_tree_read_back_as_written_and_draw_one_step_each(case, more):
    name, calls = case
    steps = SearchSteps(name, EXPECTIMAX, tuple(calls), len(calls) + more)
    assert read_steps(json.dumps(steps.to_json())) == steps
    page = steps_html(steps, ab.expectiminimax(ab.examples.WITH_CHANCE[name]).trace)
    data = json.loads(page.split("application/json'>")[1].split("</script>")[0].replace("<\\/", "</"))
    assert len(data["searches"][0]["data"]["steps"]) == len(calls) + 2
    assert f"on {name} (expectiminimax)" in page


@pytest.mark.parametrize("mistake", list(CHANCE_MISTAKES))
def test_a_classic_mistake_passes_the_frame_named_and_fails_the_whole_with_its_calls_on_a_public_tree(mistake):
    value, least = WRITTEN[mistake]
    source = chance.search(chance=value, min_node=least, returns="best, move")
    frame = check_expectimax(source, seed=3, part="frame")
    assert (frame.passed, frame.diagnosis, frame.steps) == (True, mistake, None)
    assert CHANCE_MISTAKES[mistake].title in frame.feedback
    whole = check_expectimax(source, seed=3)
    assert (whole.passed, whole.diagnosis) == (False, mistake)
    assert whole.steps is not None and whole.steps.tree in CHANCE_PUBLIC and whole.steps.rule == EXPECTIMAX
    # Independently: the mistake's own search of the tree as it misreads it asks for the same states.
    tree = ab.examples.WITH_CHANCE[whole.steps.tree]
    assert list(whole.steps.calls) == trace_calls(ab.expectiminimax(misread(tree, mistake)).trace)
    assert whole.steps.made == len(whole.steps.calls)


def test_a_right_search_passes_both_parts_and_one_wrong_elsewhere_passes_neither():
    right = chance.search(returns="best, move")
    for part in ("frame", "whole"):
        assert check_expectimax(right, seed=3, part=part).passed
    # Reading the probabilities in reverse is no classic mistake: it earns no part.
    reversed_ps = chance.search(chance="sum(p * v for p, v in zip(ps[::-1], values))", returns="best, move")
    for part in ("frame", "whole"):
        r = check_expectimax(reversed_ps, seed=3, part=part)
        assert (r.passed, r.diagnosis) == (False, "unknown"), part


def test_a_search_stopped_on_a_public_tree_keeps_its_calls_there_and_none_of_a_hidden_one():
    looping = '''
def expectimax_search(game, state):
    first = game.actions(state)[0]
    while True:
        game.result(state, first)
'''
    from abteach.grading.game import CALL_LIMIT
    r = check_expectimax(looping, seed=3, time_limit=1)
    assert r.failure == "timeout" and r.steps is not None
    assert r.steps.tree == CHANCE_PUBLIC[0] and len(r.steps.calls) == CALL_LIMIT < r.steps.made
    # Right on the book's trees, wrong on the hidden ones: nothing of a hidden tree is kept.
    names = [name for name, _ in expectimax_trees(3)]
    hidden_only = chance.search(returns="move if RUNS.append(1) or len(RUNS) <= %d else game.actions(state)[-1]"
                                % len(CHANCE_PUBLIC)) + "\nRUNS = []\n"
    r = check_expectimax(hidden_only, seed=3)
    assert not r.passed and r.departure is not None and r.departure.tree_name not in CHANCE_PUBLIC
    assert r.steps is None and len(names) > len(CHANCE_PUBLIC)


def test_part_must_be_one_the_check_knows():
    with pytest.raises(ValueError, match="part must be one of .*'frame'.* not 'half'"):
        check_expectimax(chance.search(), part="half")


def test_a_test_cell_may_require_either_part_with_literal_options_alone():
    assert hidden_tests('ab.grading.require(ab.grading.check_expectimax(f, part="frame"))') == [
        HiddenTest("expectimax", "f", {"part": "frame"})]
    assert hidden_tests("ab.grading.require(ab.grading.check_expectimax(globals().get('f')))") == [
        HiddenTest("expectimax", "f", {})]
    with pytest.raises(UnknownTest, match="literal"):
        hidden_tests("ab.grading.require(ab.grading.check_expectimax(f, part=PART))")
    with pytest.raises(UnknownTest, match="option 'rule'"):
        hidden_tests('ab.grading.require(ab.grading.check_expectimax(f, rule="strict"))')
    assert RULES == ("textbook", "strict")  # the tie rules stay the lessons' own; expectimax is no tie rule
