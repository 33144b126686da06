"""Practice: per-node verdicts, reasons in the student's own numbers, and the misconception named.

Expected answers are read here straight from the trace's events (the value
each call's ``leaf`` or ``exit`` event reports, and "pruned" for a node with
neither), not from the code under test.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons import answers as A
from abteach.lessons.mistakes import MISTAKES, faulty, run_mistake
from abteach.lessons.practice import check_answers, practice_tree
from abteach.search.rules import TEXTBOOK

from .strategies import inner_trees, examples

# AIMA Fig. 5.2 (FACTS.md §1, §3): B = 3; C returns 2 after c1 and prunes c2, c3; D = 2.
FIG52_RIGHT = {"A": 3, "B": 3, "b1": 3, "b2": 12, "b3": 8, "C": 2, "c1": 2, "c2": "pruned", "c3": "pruned",
               "D": 2, "d1": 14, "d2": 5, "d3": 2}


def answers_from_events(result: ab.SearchResult) -> dict:
    """What every node's call returned, from the leaf and exit events; 'pruned' where there are none."""
    out: dict = {}
    for e in result.trace.events:
        if e.kind in ("leaf", "exit"):
            out[e.node] = e.value
    return {n.path: out.get(n.path, "pruned") for n in result.trace.game.walk()}


def differs(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return a != b
    return not math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def test_the_right_answers_on_fig_5_2_are_all_right_in_both_editions():
    for edition in (3, 4):
        c = check_answers(ab.examples.FIG_5_2, FIG52_RIGHT, edition=edition)
        assert (c.score, c.out_of, c.misconception, c.wrong) == (13, 13, None, [])


def test_a_cut_off_node_answered_with_its_minimax_value_is_wrong_and_told_why():
    # In Fig. 5.2 C returns 2 and its minimax value is 2 too; with c3 = 1 the two differ.
    t = ab.tree([[3, 12, 8], [2, 4, 1], [14, 5, 2]])  # C = min(2, 4, 1) = 1, but C returns 2 after c1
    right = {**FIG52_RIGHT}
    c = check_answers(t, {**{k: v for k, v in right.items()}, "C": 1}, rule="textbook")
    reason = c.verdicts[(1,)].reason
    assert not c.verdicts[(1,)].right
    assert "1 is C's minimax value" in reason and "returns 2" in reason


def test_a_wrong_value_is_flagged_alone_and_its_reason_uses_the_students_number():
    c = check_answers(ab.examples.FIG_5_2, {**FIG52_RIGHT, "d2": 7})
    assert c.wrong == [(2, 1)]
    assert "7" in c.verdicts[(2, 1)].reason and "5" in c.verdicts[(2, 1)].reason
    assert c.misconception is None


def test_a_parent_inconsistent_with_the_students_own_children_says_so():
    c = check_answers(ab.examples.FIG_5_2, {**FIG52_RIGHT, "B": 8})
    assert "From your own answers for its children (3, 12, 8)" in c.verdicts[(0,)].reason
    assert "min, 3, not 8" in c.verdicts[(0,)].reason


def test_names_and_paths_are_both_accepted_and_missing_nodes_are_wrong():
    by_path = {(): 3, (0,): 3}
    c = check_answers(ab.examples.FIG_5_2, by_path)
    assert c.score == 2 and c.verdicts[(1, 1)].reason.startswith("No answer for c2")


@pytest.mark.parametrize("answers, error, words", [
    ({"Z": 3}, ValueError, "'Z'"),
    ({(7,): 3}, ValueError, "(7,)"),
    ({"A": True}, ValueError, "answers['A']"),
    ({"A": float("nan")}, ValueError, "answers['A']"),
    ({3.5: 3}, TypeError, "3.5"),
])
def test_bad_answers_are_refused_by_name(answers, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        check_answers(ab.examples.FIG_5_2, answers)


def test_bad_options_are_refused_by_name():
    with pytest.raises(ValueError, match="rule"):
        check_answers(ab.examples.FIG_5_2, {}, rule="cs188")
    with pytest.raises(ValueError, match="edition"):
        check_answers(ab.examples.FIG_5_2, {}, edition=5)
    with pytest.raises(TypeError, match="tree"):
        check_answers([[1, 2]], {})


def test_windows_are_checked_when_given():
    # Fig. 5.2: d2 is called with (3, 14), after d1 lowered D's β to 14 (FACTS.md §3).
    c = check_answers(ab.examples.FIG_5_2, FIG52_RIGHT, windows={"d2": (3, 14), "d3": (3, 14), "c2": (3, 2)})
    assert c.verdicts[(2, 1)].right
    assert not c.verdicts[(2, 2)].right and "(3, 5)" in c.verdicts[(2, 2)].reason
    assert not c.verdicts[(1, 1)].right and "no window" in c.verdicts[(1, 1)].reason


def test_the_strict_rule_changes_the_answers_on_the_tied_tree():
    t = ab.examples.TIED
    strict = answers_from_events(ab.alphabeta(t, prune_on_tie=False))
    assert check_answers(t, strict, rule="strict").score == len(t)
    c = check_answers(t, strict, rule="textbook")
    assert c.misconception == "strict-test" and c.score < len(t)


def test_the_fault_table_makes_the_registrys_own_searches():
    # Under the textbook rule, each fault run as a strict-rule variant is run must replay the registry's search.
    for tree in (ab.examples.FIG_5_2, ab.examples.TIED, ab.examples.WIKIPEDIA, ab.examples.UNEVEN):
        for mid in MISTAKES:
            fault = A.fault_of(mid)
            if fault is None:
                continue
            mine = A.run_faulty(faulty(fault), tree, mid, TEXTBOOK)
            assert mine.trace.events == run_mistake(mid, tree).trace.events, (mid, tree)


@settings(max_examples=examples(0.2))
@given(nested=inner_trees(max_leaves=14), rule=st.sampled_from(["textbook", "strict"]),
       mid=st.sampled_from(list(MISTAKES)))
def test_answers_copied_from_a_mistake_are_flagged_exactly_where_it_differs(nested, rule, mid):
    t = ab.tree(nested)
    right = answers_from_events(ab.alphabeta(t, prune_on_tie=rule == "textbook"))
    theirs = answers_from_events(A.variant(mid, t, rule))
    c = check_answers(t, theirs, rule=rule)
    departs = {p for p in right if differs(right[p], theirs[p])}
    assert set(c.wrong) == departs
    assert c.score == len(t) - len(departs)
    if not departs:
        assert c.misconception is None and c.misconceptions == ()
    else:
        # Every mistake that gives these very answers on this tree fits equally, and each is named,
        # the likeliest first (the order is tested in tests/test_diagnosis_choice.py).
        alike = [m for m in MISTAKES
                 if not any(differs(answers_from_events(A.variant(m, t, rule))[p], theirs[p]) for p in right)]
        assert mid in alike
        assert sorted(c.misconceptions) == sorted(alike)
        assert c.misconception == c.misconceptions[0]


def test_practice_trees_are_interesting_and_reproducible():
    for rule in ("textbook", "strict"):
        for ties in (False, True):
            for seed in range(3):
                t = practice_tree(rule=rule, ties=ties, seed=seed)
                here = ab.alphabeta(t, prune_on_tie=rule == "textbook")
                other = ab.alphabeta(t, prune_on_tie=rule != "textbook")
                assert here.pruned, "at least one cutoff"
                assert (here.pruned != other.pruned) == ties
                assert t.to_nested() == practice_tree(rule=rule, ties=ties, seed=seed).to_nested()
    assert practice_tree(seed=1).to_nested() != practice_tree(seed=2).to_nested()
    uneven = practice_tree(shape="uneven", size="large", seed=0)
    assert len(uneven.root.children) >= 2
    assert len({len(n.path) for n in uneven.leaves()}) > 1 or any(len(n.children) < 3 for n in uneven.walk()
                                                                   if not n.is_leaf)


def test_hints_come_for_the_first_wrong_node_and_show_me_starts_there():
    c = check_answers(ab.examples.FIG_5_2, {**FIG52_RIGHT, "c2": 4})
    assert c.first_wrong == (1, 1)
    assert "c2" in c.hints[0]
    # The replay starts at the cutoff at C that prunes c2 (frame k shows the trace after its k-th event).
    event = c.result.trace.events[c.replay_step - 1]
    assert event.kind == "cutoff" and event.node == (1,)


# Every node's minimax value and nothing pruned: what plain minimax answers on Fig. 5.2.
FIG52_MINIMAX = {**FIG52_RIGHT, "c2": 4, "c3": 6}


def test_answers_that_several_mistakes_give_name_them_all():
    # On Fig. 5.2 four mistakes prune nothing and return every node's minimax value: no test at all, no
    # window passed, the root's window reset (C is called with (−∞, +∞), so c1 = 2 cannot cut), and right
    # to left (D = 2 first, then C's last child c1 = 2 ≤ 2 cuts nothing).  They fit these answers equally.
    # The one that changes the search least comes first: the root's reset leaves b2's and b3's windows
    # (−∞, 3) as the correct search has them, where no window and no pruning make them (−∞, +∞).
    c = check_answers(ab.examples.FIG_5_2, FIG52_MINIMAX)
    assert set(c.misconceptions) == {"no-pruning", "no-window", "root-window-reset", "right-to-left"}
    assert c.misconception == "root-window-reset"
    assert c.message.startswith(
        "11 of 13 nodes right; look again at c2, c3. Your answers are what a search gives that searches each "
        "root move with a fresh window (−∞, +∞). Other mistakes fit your answers just as well: ")
    hint = next(h for h in c.hints if h.startswith("Your answers are"))
    assert MISTAKES["root-window-reset"].explanation.split(". ")[0] in hint and c.telling in hint


def test_a_root_window_reset_by_hand_is_named_alone_where_it_shows():
    # The encyclopedia's tree: with the root's α not passed on, D (called with (−∞, +∞)) searches J, whose
    # R returns 8 and whose S is then pruned; J returns 8 ≥ β = 5, and D returns 5 exactly, as I gives it.
    t = ab.examples.WIKIPEDIA
    theirs = answers_from_events(run_mistake("root-window-reset", t))
    assert theirs[(2, 1)] == 8 and theirs[(2, 1, 1)] == "pruned" and theirs[(2,)] == 5
    assert check_answers(t, theirs).misconceptions == ("root-window-reset",)
