"""The front door's mistakes: one call per picture, each the same as the parts it is made of."""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.lessons.mistakes import MISTAKES, TABLE_MISTAKES, diagnose, run_mistake


@pytest.mark.parametrize("mistake_id", [*MISTAKES, *TABLE_MISTAKES])
def test_mistake_shows_the_correct_listing_beside_the_mistakes(mistake_id):
    correct, buggy = ab.mistake(mistake_id).listings.listings
    searched = "negamax_memory" if mistake_id in TABLE_MISTAKES else "alphabeta"
    depth_limited = any("CUTOFF-TEST" in text for _, text in correct.lines)
    assert correct == ab.listing(searched, 3, depth_limited=depth_limited)
    assert not any("✗" in text for _, text in correct.lines)
    assert any("✗" in text for _, text in buggy.lines), "the mistake's faulty lines are marked"
    assert buggy.title.endswith(f"with a mistake: {({**MISTAKES, **TABLE_MISTAKES})[mistake_id].title}")


@pytest.mark.parametrize("mistake_id", list(MISTAKES))
def test_mistake_runs_what_diagnose_runs(mistake_id):
    d, alone = ab.mistake(mistake_id).diagnosis, diagnose(mistake_id)
    assert (d.buggy.value, d.leaves, d.correct_leaves, d.difference) == \
        (alone.buggy.value, alone.leaves, alone.correct_leaves, alone.difference)
    text = repr(ab.mistake(mistake_id))
    assert d.summary() in text and MISTAKES[mistake_id].title in text


def test_depth_limited_mistakes_show_the_depth_limited_listing():
    correct, _ = ab.mistake("one-ply-too-deep").listings.listings
    assert any("CUTOFF-TEST" in text for _, text in correct.lines)
    plain, _ = ab.mistake("no-window").listings.listings
    assert not any("CUTOFF-TEST" in text for _, text in plain.lines)


def test_mistake_table_counts_each_mistakes_own_leaves_on_a_given_tree():
    uneven = ab.examples.UNEVEN
    rows = ab.mistake_table(uneven).rows
    assert len(rows) == len(MISTAKES)
    leaves = {row[0]: int(row[4]) for row in rows}
    for m in MISTAKES.values():
        # Counted here by running the buggy search alone, not through the diagnosis.
        assert leaves[m.title] == run_mistake(m.id, uneven).leaves


def test_mistake_table_takes_the_table_bugs():
    rows = ab.mistake_table(mistakes=TABLE_MISTAKES).rows
    assert [row[0] for row in rows] == [m.title for m in TABLE_MISTAKES.values()]


def test_mistake_stepper_opens_where_the_traces_part():
    d = diagnose("alpha-in-min")
    s = ab.mistake_stepper("alpha-in-min")
    assert s.value == d.difference.step and s.choice == "correct"
    assert s.shown()["sentence"] == d.correct.trace.frame(d.difference.step).explanation
    s.choice = "mistake"
    assert s.value == d.difference.step
    assert s.shown()["sentence"] == d.buggy.trace.frame(d.difference.step).explanation


def test_mistake_stepper_opens_at_the_start_when_the_traces_never_part():
    assert diagnose("strict-test", ab.examples.UNEVEN).difference is None
    assert ab.mistake_stepper("strict-test", ab.examples.UNEVEN).value == 0


@pytest.mark.parametrize("bad", ["no-such-mistake", 3, None])
def test_an_unknown_mistake_is_named(bad):
    with pytest.raises(ValueError, match=rf"mistake_id must be one of .*got {bad!r}"):
        ab.mistake(bad)
    with pytest.raises(ValueError, match="mistake_id"):
        ab.mistake_table(mistakes=[bad])
    with pytest.raises(ValueError, match="mistake_id"):
        ab.mistake_stepper(bad)
