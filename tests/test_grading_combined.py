"""The grader names two mistakes made at once (issue 27): a strict search with a fresh window at the root.

Before, no single mistake fitted such a submission and it was diagnosed 'unknown'.
"""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.grading.checker import CANDIDATES, PAIRS, behaviour, expectations, grading_trees
from abteach.grading.game import state_names
from abteach.lessons.answers import variant
from tests.test_grading import ROOT_RESET, run_on, strict

pytestmark = pytest.mark.sandbox

PAIR = "root-window-reset+strict-test"


@pytest.mark.parametrize("rule", ["textbook", "strict"])
def test_a_strict_search_with_a_fresh_root_window_is_named_as_the_pair(rule):
    # Under the textbook rule the submission's tests are strict; under the strict rule they prune on ties.
    source = strict(ROOT_RESET["loop"]) if rule == "textbook" else ROOT_RESET["loop"]
    # Premise: on some grading tree it behaves as neither single mistake does.
    assert PAIR in PAIRS
    assert any(behaviour(variant(PAIR, t, rule), state_names(t)) != wrong[m]
               for (_, t), (_, wrong, _) in zip(grading_trees(4, rule), expectations(4, rule))
               for m in ("root-window-reset", "strict-test"))
    r = ab.grading.check_alphabeta(source, rule=rule, seed=4)
    assert (r.diagnosis, r.diagnoses) == (PAIR, (PAIR,))
    assert "two mistakes at once: the window reset at the root + " in r.feedback
    assert ("the strict tie rule" if rule == "textbook" else "the textbook's tie rule") in r.feedback
    assert r.feedback.splitlines()[-1] == f"Diagnosis: {PAIR}"


def test_the_pair_behaves_on_each_tree_as_the_submission_does():
    # The grader's own model of the pair, against the submission run here on the shipped examples.
    source = strict(ROOT_RESET["loop"])
    for name, t in grading_trees(4, "textbook")[:3]:
        got = run_on(source, t)
        want = behaviour(variant(PAIR, t, "textbook"), state_names(t))
        assert [s for s in dict.fromkeys(got.scored)] == list(want.scored), name


def test_a_single_mistake_is_never_reported_as_a_pair():
    # One mistake is the simpler explanation: a bug that one mistake explains is named alone.
    assert all("+" not in m for m in CANDIDATES)
    r = ab.grading.check_alphabeta(ROOT_RESET["loop"], rule="textbook", seed=4)
    assert r.diagnoses == ("root-window-reset",)
