"""Lecture 03's tables, one call each: the same facts as the parts they are made of, and clear errors."""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.lessons.fig55 import FIG_5_5, compare, compare_by_stage, stage_steps


@pytest.fixture(scope="module")
def searches():
    tree = ab.examples.FIG_5_2
    return {"3rd edition": ab.alphabeta(tree), "4th edition": ab.alphabeta(tree, edition=4)}


def test_figure_table_has_a_row_per_stage_and_says_which_are_the_books():
    t = ab.figure_table()
    assert [row[0] for row in t.rows] == [f"({s.label})" for s in FIG_5_5]
    assert [row[1] == "yes" for row in t.rows] == [s.in_book for s in FIG_5_5]


def test_stage_steps_table_takes_a_search_or_its_trace(searches):
    third = searches["3rd edition"]
    expected = [(f"({label})", str(step)) for label, step in stage_steps(FIG_5_5, third.trace).items()]
    assert list(ab.stage_steps_table(third).rows) == expected == list(ab.stage_steps_table(third.trace).rows)


def test_disagreement_table_lists_each_disagreement_once(searches):
    third = searches["3rd edition"]
    found = compare(FIG_5_5, third.trace)
    rows = ab.disagreement_table(third).rows
    assert [(r[0], r[1]) for r in rows] == [(f"({d.stage})", d.name) for d in found]


def test_disagreement_counts_has_a_column_per_search(searches):
    t = ab.disagreement_counts(searches)
    assert t.columns[1:] == tuple(searches) or list(t.columns[1:]) == list(searches)
    for k, label in enumerate(searches, start=1):
        by_stage = compare_by_stage(FIG_5_5, searches[label].trace)
        assert [int(row[k]) for row in t.rows] == [len(by_stage[s.label]) for s in FIG_5_5]


@pytest.mark.parametrize("bad", [{}, None, [1, 2]])
def test_disagreement_counts_names_a_bad_argument(bad):
    with pytest.raises(TypeError, match="searches must be"):
        ab.disagreement_counts(bad)


def test_a_table_of_something_not_a_search_names_it():
    with pytest.raises((TypeError, ValueError), match="stage_steps_table"):
        ab.stage_steps_table(42)
