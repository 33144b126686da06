"""strict-test's diagnosis on trees with ties: the first difference is the tie cutoff, not a bound's label.

The strict rule and the textbook's label a return on the window's end
differently (exact under the strict rule, a bound under the textbook's), one
step or more before the first tie cutoff.  Both searches have done the same
thing there; what they do differently is the cutoff.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.search.events import Bound, Kind
from abteach.lessons.mistakes import diagnose, first_difference, run_mistake

# A(MAX) -> B(MIN) -> [b1 = 5, C(MAX) -> [D(MIN) -> [d1 = 5, d2 = 7], c2 = 9]]
LABEL_FIRST = ab.tree([[5, [[5, 7], 9]]],
                      names={(): "A", (0,): "B", (0, 0): "b1", (0, 1): "C", (0, 1, 0): "D",
                             (0, 1, 0, 0): "d1", (0, 1, 0, 1): "d2", (0, 1, 1): "c2"})
C, D = (0, 1), (0, 1, 0)

# The steps, counted by hand from the 3rd-edition pseudocode (enter, v ← ±∞, then per child:
# the call, v ← MIN/MAX, the test, the window update):
#   1-2 A entered, v = −∞;  3-4 B entered, v = +∞;  5-6 b1 = 5;  7 v = 5 at B;  8 test 5 ≤ −∞;  9 β = 5 at B;
#  10-11 C entered with (−∞, 5);  12-13 D entered with (−∞, 5);  14-15 d1 = 5;  16-18 v = 5, test, β = 5;
#  19-20 d2 = 7;  21-23 v = 5, test, β = 5;  24 D returns 5 = β: a lower bound under the textbook's rule
#  (5 ≥ β), exact under the strict rule (its window is closed);  25 v = 5 at C;  26 C tests v = 5 ≥ β = 5:
#  the textbook cuts off (c2 is pruned), the strict v = 5 > β = 5 does not.
LABEL_STEP, CUTOFF_STEP = 24, 26


def test_the_tree_returns_a_differently_labelled_value_before_the_tie_cutoff():
    # The premise: on this tree the two traces first differ in a label, then in what they do.
    correct, strict = ab.alphabeta(LABEL_FIRST).trace, run_mistake("strict-test", LABEL_FIRST).trace
    c, s = correct[LABEL_STEP - 1], strict[LABEL_STEP - 1]
    assert (c.kind, c.node, c.value, c.bound) == (Kind.EXIT, D, 5, Bound.LOWER)
    assert (s.kind, s.node, s.value, s.bound) == (Kind.EXIT, D, 5, Bound.EXACT)
    assert all(a.kind == b.kind and a.node == b.node and a.value == b.value
               for a, b in zip(correct[:CUTOFF_STEP - 1], strict[:CUTOFF_STEP - 1]))
    assert correct[CUTOFF_STEP - 1].kind == Kind.CUTOFF and strict[CUTOFF_STEP - 1].kind == Kind.TEST


def test_strict_tests_first_difference_is_the_tie_cutoff():
    d = diagnose("strict-test", LABEL_FIRST).difference
    assert d is not None
    assert (d.step, d.node, d.name) == (CUTOFF_STEP, C, "C")
    assert (d.correct.kind, d.buggy.kind) == (Kind.CUTOFF, Kind.TEST)
    assert d.what == ("the correct test v=5 ≥ β=5 cuts off here; this search's v=5 > β=5 does not, "
                      "so c2 is still searched")
    assert "bound" not in d.what


def test_the_summary_reports_the_cutoff():
    summary = diagnose("strict-test", LABEL_FIRST).summary()
    assert f"first difference: step {CUTOFF_STEP}, at C: the correct test v=5 ≥ β=5 cuts off here" in summary


def test_either_order_finds_the_same_step():
    textbook = ab.alphabeta(LABEL_FIRST).trace
    strict = ab.alphabeta(LABEL_FIRST, prune_on_tie=False).trace
    ab_, ba = first_difference(textbook, strict), first_difference(strict, textbook)
    assert ab_ is not None and ba is not None
    assert (ab_.step, ab_.node) == (ba.step, ba.node) == (CUTOFF_STEP, C)


# -- on random trees with ties ----------------------------------------------------------------

leaf_values = st.integers(0, 3)
subtrees = st.recursive(leaf_values, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=16)
trees = st.builds(lambda nested, root: ab.tree(nested, root=root),
                  st.lists(subtrees, min_size=1, max_size=3), st.sampled_from(["MAX", "MIN"]))


@given(trees)
def test_law_strict_tests_first_difference_is_always_a_tie_cutoff(t):
    # The strict rule is the textbook's search with > for ≥: until the first tie the two take the
    # same steps, and at the first tie the textbook cuts off and the strict rule does not.
    d = diagnose("strict-test", t).difference
    if d is None:
        return
    c, b = d.correct, d.buggy
    assert c is not None and b is not None
    assert (c.kind, b.kind) == (Kind.CUTOFF, Kind.TEST)
    assert c.node == b.node == d.node
    assert c.v in (c.alpha, c.beta)  # a tie: v met the bound it was tested against


# -- the tie rule told against the exercise's rule (issue 26, finding 6) ----------------------------------

from abteach.lessons.answers import correct as correct_search  # noqa: E402
from abteach.lessons.answers import node_answers  # noqa: E402
from abteach.lessons.practice import check_answers, practice_tree  # noqa: E402


def _other_rules_answers(rule):
    """A practice tree whose tie decides a cutoff, and answers made under the other tie rule there."""
    t = practice_tree(rule=rule, ties=True, seed=1)
    other = "strict" if rule == "textbook" else "textbook"
    return t, node_answers(correct_search(t, other))


def test_strict_answers_in_a_textbook_exercise_are_told_they_went_on_at_a_tie():
    t, theirs = _other_rules_answers("textbook")
    c = check_answers(t, theirs, rule="textbook")
    assert c.misconception == "strict-test"
    told = " ".join(c.hints) + " " + c.message
    assert "Your cutoff tests are strict, v > β and v < α" in told
    assert "does not cut off on a tie (v > β, v < α) where this exercise's textbook rule does" in c.message
    assert "prune on ties, v ≥ β" not in told


def test_textbook_answers_in_a_strict_exercise_are_told_they_pruned_on_a_tie():
    # The student pruned on a tie, as the textbook does; the exercise's rule is the strict one. The
    # feedback must say what the student did, not the registry's textbook-centred "tests are v > β".
    t, theirs = _other_rules_answers("strict")
    c = check_answers(t, theirs, rule="strict")
    assert c.misconception == "strict-test"
    told = " ".join(c.hints) + " " + c.message
    assert "Your cutoff tests prune on ties, v ≥ β and v ≤ α" in told
    assert "cuts off on a tie (v ≥ β, v ≤ α, the textbook's rule) where this exercise's strict rule" in c.message
    assert "The cutoff tests are v > β and v < α instead of the textbook's" not in told
    assert "Your cutoff tests are strict" not in told
