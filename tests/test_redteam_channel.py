"""Red team, third round: a search that writes the harness's own ``done`` on the grader's channel.

The hand-ins are in course/samples/redteam/hostile_channel.py.  The search shares its interpreter with the
sandbox's harness, so no secret of the harness's is out of its reach; what the grader can hold it to is that a
message counts only for the run it was sent in, and that a ``done`` it writes is taken as a ``return`` would
be.  Each test compares a hand-in's report with the report of its twin that does the same with ``return``.
"""

from __future__ import annotations

import shutil
import sys

import pytest

import abteach as ab
from abteach.grading.checker import grading_trees
from tests.samples import redteam

attacks = redteam("hostile_channel")

pytestmark = [pytest.mark.sandbox,
              pytest.mark.skipif(sys.platform != "linux" or shutil.which("bwrap") is None,
                                 reason="the sandbox is Linux's bubblewrap (apt-get install bubblewrap)")]

SEED = 0
TREES = grading_trees(SEED)
PUBLIC = [k + 1 for k, (name, _) in enumerate(TREES) if name in ab.examples.ALL]
HIDDEN = [k + 1 for k, (name, _) in enumerate(TREES) if name not in ab.examples.ALL]
#: The first and second public tree, the first hidden one and the last tree (after which the grader ends).
WHERE = sorted({PUBLIC[0], PUBLIC[1], HIDDEN[0], len(TREES)})


def same_report(got: ab.grading.Report, want: ab.grading.Report) -> None:
    assert (got.score, got.failure, got.diagnosis) == (want.score, want.failure, want.diagnosis), got.feedback
    assert got.departure == want.departure
    assert got.feedback == want.feedback
    assert got.steps == want.steps


@pytest.mark.parametrize("tree", WHERE)
def test_a_right_answer_claimed_on_the_channel_counts_as_returned_and_only_for_its_own_tree(tree):
    got = ab.grading.check_alphabeta(attacks.claiming_right(tree), seed=SEED)
    twin = ab.grading.check_alphabeta(attacks.claiming_right(tree, twin=True), seed=SEED)
    assert twin.passed  # the twin is the course's correct search
    same_report(got, twin)


@pytest.mark.parametrize("tree", WHERE)
def test_a_wrong_answer_claimed_on_the_channel_fails_its_own_tree_with_its_own_stepper(tree):
    got = ab.grading.check_alphabeta(attacks.claiming_wrong(tree), seed=SEED)
    twin = ab.grading.check_alphabeta(attacks.claiming_wrong(tree, twin=True), seed=SEED)
    assert twin.score == len(TREES) - 1 and twin.departure is not None and twin.departure.tree == tree
    same_report(got, twin)
    if tree in PUBLIC:  # the stepper shows the tree it failed, with the one call it made there
        assert got.steps is not None and got.steps.tree == TREES[tree - 1][0]
        assert got.steps.calls == (("generate", (0,)),)


@pytest.mark.parametrize("tree", WHERE)
def test_a_call_written_on_the_channel_and_its_answer_never_read_counts_on_its_own_tree_only(tree):
    got = ab.grading.check_alphabeta(attacks.calling_unread(tree), seed=SEED)
    twin = ab.grading.check_alphabeta(attacks.calling_unread(tree, twin=True), seed=SEED)
    assert twin.score == len(TREES) - 1 and twin.departure is not None and twin.departure.tree == tree
    same_report(got, twin)


@pytest.mark.parametrize("tree", [PUBLIC[1], HIDDEN[0]])
def test_a_done_for_a_run_id_it_made_up_stops_the_search_on_the_tree_it_was_sent_on(tree):
    # It cannot know the next tree's id before the grader sends it: a done with any other id is a message of no
    # run, written on the channel, and counts as such on the tree where it was sent (with that tree's stepper).
    got = ab.grading.check_alphabeta(attacks.claiming_ahead(tree), seed=SEED)
    name = TREES[tree - 1][0]
    assert (got.score, got.failure) == (0, "raised")
    assert f"on tree {tree} of {len(TREES)} ({name})" in got.feedback and "grader's channel" in got.feedback
    if tree in PUBLIC:
        assert got.steps is not None and got.steps.tree == name and got.steps.calls == (("generate", (0,)),)
    else:
        assert got.steps is None
