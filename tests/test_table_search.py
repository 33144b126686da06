"""Grading a table search (lecture 07) in the sandbox: its flags, read from what it does over repeated searches.

The samples in course/samples/table-search/ are named for what they are:
``correct`` stores its flags against α₀, ``bug_raised_alpha_flag`` against the
raised α, ``bug_fail_low_as_exact`` starts every flag at EXACT, and
``hostile_package`` calls the package's own search.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import abteach as ab
from abteach.grading.tables import reference, table_trees

SAMPLES = Path(__file__).resolve().parent.parent / "course" / "samples" / "table-search"
pytestmark = pytest.mark.sandbox


def sample(name: str) -> str:
    return (SAMPLES / f"{name}.py").read_text()


def test_the_correct_table_search_passes_every_tree():
    r = ab.grading.check_table_search(sample("correct"), seed="t")
    assert (r.score, r.out_of, r.diagnosis) == (len(table_trees("t")), len(table_trees("t")), None)


def test_a_flag_decided_against_the_raised_alpha_is_named_from_the_leaves_scored_again():
    r = ab.grading.check_table_search(sample("bug_raised_alpha_flag"), seed="t")
    assert (r.score, r.diagnosis) == (0, "raised-alpha-flag")
    assert "On tree FIG_5_2" in r.feedback and "scores 3 leaves again (the first, b1, under B)" in r.feedback


def test_a_fail_low_stored_as_exact_gives_a_wrong_value_and_is_named():
    r = ab.grading.check_table_search(sample("bug_fail_low_as_exact"), seed="t")
    assert r.score < r.out_of and r.diagnoses == ("fail-low-as-exact", "key-without-window")
    # On the public Fig. 5.2 the value is told: FACTS.md 1 gives A = 3.
    assert "not the root's value 3" in r.feedback


def test_a_search_with_no_table_is_told_apart_from_the_flag_bug():
    no_table = sample("correct").replace("entry = table.get(state)", "entry = None")
    r = ab.grading.check_table_search(no_table, seed="t")
    assert (r.score, r.diagnosis) == (0, "no-table")


def test_using_the_package_earns_nothing_and_a_hidden_tree_is_never_shown():
    r = ab.grading.check_table_search(sample("hostile_package"), seed="t")
    assert (r.score, r.failure) == (0, "package")
    # A bug first seen on a seeded tree: the feedback neither draws it nor tells its values.
    r = ab.grading.check_table_search(sample("bug_fail_low_as_exact"), seed="t")
    hidden = [t for name, t in table_trees("t") if name.startswith("seeded")]
    assert all(str(t.to_nested()) not in r.feedback for t in hidden)


def test_the_packages_own_table_search_answers_the_repeat_from_its_table_and_a_tableless_one_does_not():
    tree = ab.examples.FIG_5_2
    right, none = reference(tree), reference(tree, "no-table")
    assert right.values == (3, 3, 3) and right.leaves[2] == ()
    assert none.values == (3, 3, 3) and none.leaves[2] == none.leaves[1] != ()
