"""The graded exercises by hand of lectures 03, 06 and 10, and the table search of lecture 07.

Expected answers are derived here independently of the grader: Fig. 5.5's
stages from FACTS.md section 4 (the algorithm's windows and returns against
the figure), the fewest leaves from Knuth and Moore's minimal tree (FACTS.md
section 6), UCB1 from its formula (FACTS.md section 10).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.grading.checker import GradingFailed
from abteach.grading.handwork import (ORDERING_SLACK, Child, Situation, _greedy, _most_visited, fig55_answers,
                                      require_fig55, require_order, require_ucb1, ucb1, ucb1_choice)

ROOT = Path(__file__).resolve().parent.parent
INF = math.inf
STUDENTS = ("ada", "alan", "mallory", "grace", "bob")


# -- lecture 03: Fig. 5.5 against the algorithm ----------------------------------------------------------

def test_the_algorithm_at_each_stage_is_what_the_checked_facts_say():
    a = fig55_answers()
    # FACTS.md 4: β at A stays +∞; C and D are called with (3, +∞); after d1 D's window is (3, 14);
    # C's 2 is a fail-low bound; B returns exactly 3; C and D are not reached before their first leaf.
    assert a["a"] == {"A": (-INF, INF), "B": (-INF, 3), "C": None, "D": None}
    assert a["c"]["A"] == (3, INF) and a["c"]["B"] == ("exact", 3)
    assert a["d"]["C"] == ("upper", 2) and a["d"]["D"] is None
    assert a["e"]["A"] == (3, INF) and a["e"]["D"] == (3, 14)
    assert a["f"] == {"A": ("exact", 3), "B": ("exact", 3), "C": ("upper", 2), "D": ("upper", 2)}


def test_the_figures_ranges_written_as_windows_are_named_as_the_misconception_at_their_node():
    holds = fig55_answers()
    holds["e"]["A"] = (3, 14)    # the figure's range at A
    holds["d"]["C"] = ("exact", 2)  # C's fail-low taken for its value
    with pytest.raises(GradingFailed) as failed:
        require_fig55(holds)
    text = str(failed.value)
    assert text.startswith("22 of 24 entries right.")
    line_a = next(line for line in text.splitlines() if line.startswith("Stage (e), A:"))
    assert "figure's range" in line_a and "window" in line_a
    line_c = next(line for line in text.splitlines() if line.startswith("Stage (d), C:"))
    assert "fail-low" in line_c and "upper bound" in line_c


def test_a_missing_stage_or_entry_is_named_and_a_wrong_type_is_refused():
    holds = fig55_answers()
    del holds["b"]
    del holds["c"]["D"]
    with pytest.raises(GradingFailed, match=r"Stage \(b\): no answer[\s\S]*Stage \(c\), D: no entry"):
        require_fig55(holds)
    with pytest.raises(GradingFailed, match="must be a dict"):
        require_fig55([1, 2])


# -- lecture 06: ordering the children -----------------------------------------------------------------

@pytest.mark.parametrize("student", STUDENTS)
def test_the_fewest_leaves_is_the_minimal_tree_and_the_given_order_is_far_from_it(student):
    tree = ab.grading.ordering_tree("course", student, "ordering")
    b, d = 3, 2
    assert all(len(n.children) in (0, b) for n in tree.walk())
    knuth_moore = b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1  # FACTS.md 6: 5 for b = 3, d = 2
    assert ab.grading.fewest_leaves(tree) == knuth_moore
    assert ab.grading.order_leaves(tree, {}) >= knuth_moore + ORDERING_SLACK
    assert ab.grading.order_leaves(tree, ab.grading.optimal_order(tree)) == knuth_moore
    assert ab.grading.ordering_tree("course", student, "ordering").to_nested() == tree.to_nested()


def test_a_best_first_order_passes_and_maxs_order_at_a_min_node_is_named_there():
    tree = ab.examples.FIG_5_2  # B = 3 (b1), C = 2 (c1), D = 2 (d3): FACTS.md 1
    require_order(tree, {"A": ["B", "C", "D"], "D": ["d3", "d1", "d2"]})
    with pytest.raises(GradingFailed) as failed:
        require_order(tree, {"D": ["d1", "d2", "d3"], "C": ["c3", "c2", "c1"]})
    text = str(failed.value)
    assert "evaluates 9 leaves; the fewest any order allows is 5" in text
    assert "At C (MIN)" in text and "At D (MIN)" in text and "as MAX would like them" in text
    assert "At B" not in text  # B's order costs nothing: its three leaves are all needed
    with pytest.raises(GradingFailed, match="cannot be read"):
        require_order(tree, {"D": ["d1", "d1", "d3"]})


# -- lecture 10: UCB1 --------------------------------------------------------------------------------

def by_formula(s: Situation) -> str:
    """UCB1's choice from its formula: unvisited first, else the highest U/N + √2·√(ln N_parent / N)."""
    for c in s.children:
        if c.visits == 0:
            return c.name
    n = sum(c.visits for c in s.children)
    return max(s.children, key=lambda c: c.wins / c.visits + math.sqrt(2) * math.sqrt(math.log(n) / c.visits)).name


@pytest.mark.parametrize("student", STUDENTS)
def test_each_students_situations_are_theirs_and_the_exploration_term_decides_them(student):
    sheet = ab.grading.ucb1_situations("course", student, "ucb1")
    assert len(sheet) == 4 and sum(any(c.visits == 0 for c in s.children) for s in sheet) == 1
    for s in sheet:
        assert ucb1_choice(s) == by_formula(s)
        if all(c.visits for c in s.children):
            assert ucb1_choice(s) not in (_greedy(s), _most_visited(s))
    assert str(sheet) == str(ab.grading.ucb1_situations("course", student, "ucb1"))
    assert str(sheet) != str(ab.grading.ucb1_situations("course", student + "x", "ucb1"))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 60)), min_size=2, max_size=5))
def test_ucb1_picks_a_child_with_the_highest_score_and_an_unvisited_one_first(rows):
    kids = tuple(Child("abcde"[k], n, min(w, 2 * n) / 2) for k, (n, w) in enumerate(rows))
    s = Situation("1", kids)
    if s.parent_visits == 0:
        return
    pick = next(c for c in kids if c.name == ucb1_choice(s))
    assert all(ucb1(pick, s.parent_visits) >= ucb1(c, s.parent_visits) for c in kids)
    if any(c.visits == 0 for c in kids):
        assert pick == next(c for c in kids if c.visits == 0)


def test_a_wrong_choice_is_named_with_its_misconception():
    sheet = ab.grading.ucb1_situations("course", "ada", "ucb1")
    greedy = {s.name: (_greedy(s) if all(c.visits for c in s.children) else by_formula(s)) for s in sheet}
    with pytest.raises(GradingFailed) as failed:
        require_ucb1(sheet, greedy)
    assert str(failed.value).startswith("1 of 4 choices right.")
    assert str(failed.value).count("exploitation alone") == 3
    unvisited = next(s for s in sheet if any(c.visits == 0 for c in s.children))
    first_visited = next(c.name for c in unvisited.children if c.visits)
    with pytest.raises(GradingFailed, match=f"Situation {unvisited.name}: .*never been visited"):
        require_ucb1(sheet, {**{s.name: by_formula(s) for s in sheet}, unvisited.name: first_visited})
