"""table-flags grades what the table does: each search's leaves and the flags it stores, driven from the grader.

Every submission here is the course's correct sample (course/samples/table-search/correct.py)
changed in one place, so each differs from a right search in one behaviour only.
Before the grader kept its own record of each search, the first three got
full marks: the check compared values and asked only that the last search
score nothing, and the searches were driven, and the parts marked, in the
submission's own process.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.grading.game import State
from abteach.grading.tables import (ENTRY, NEXT, Driver, PartsGame, Record, check_table_search, reference,
                                    table_trees)

SAMPLES = Path(__file__).resolve().parent.parent / "course" / "samples" / "table-search"
CORRECT = (SAMPLES / "correct.py").read_text()


def changed(old: str, new: str, source: str = CORRECT) -> str:
    assert source.count(old) == 1, old
    return source.replace(old, new)


#: Never cuts: every child of every node is searched, with the flags stored by the rule.
NO_PRUNING = changed("        if v >= beta:\n            break\n", "")
#: Keeps its entries in a memory of its own, never in the table it is given.
OWN_MEMORY = changed("def table_search(game, state, alpha, beta, table):\n",
                     "MEMORY = {}\n\n\ndef table_search(game, state, alpha, beta, table):\n    table = MEMORY\n")
#: LOWER and UPPER swapped, where stored and where read: right values and leaves, wrong flags.
SWAPPED_FLAGS = changed('flag = "UPPER"\n    elif', 'flag = "LOWER"\n    elif').replace(
    'flag = "LOWER"\n    else', 'flag = "UPPER"\n    else').replace(
    'if flag == "LOWER":', 'if flag == "UPPER":')


def in_process(source: str, tree: ab.Tree) -> Record:
    """Run ``source``'s table_search here, speaking to the grader's game as the sandboxed side does."""
    namespace: dict = {}
    exec(compile(source, "<sample>", "exec"), namespace)
    game = PartsGame(tree)
    table: dict = {}
    order = game.is_terminal((NEXT,))
    while order is not None:
        alpha, beta = (float(x) if isinstance(x, str) else x for x in order)
        value = namespace["table_search"](game, game.initial, alpha, beta, table)
        for key, entry in list(table.items()):
            game.result(key, (ENTRY, entry))
        order = game.is_terminal((NEXT, value))
    return game.record()


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_the_listing_of_the_exercise_does_exactly_what_the_packages_search_with_an_overwriting_table_does(seed):
    # The reference is the package's negamax with memory; the exercise's rules are the listing in the notebook.
    for _, tree in table_trees(seed):
        assert in_process(CORRECT, tree) == reference(tree)


def test_a_right_record_stores_flags_as_the_lecture_teaches_on_fig_5_2():
    # FACTS: Fig. 5.2's root is 3 (the textbook); searched with the full window, its entry is exact.
    right = reference(ab.examples.FIG_5_2)
    full = [s for s in right.searches if s.part == 1][0]
    assert full.window == (-math.inf, math.inf) and full.table["A"] == (3, "EXACT")
    # MTD(f)'s first pass (99, 100): each MIN child fails low at its first leaf (3, 2, 14: all ≤ 99), so the
    # fail-soft root returns max(3, 2, 14) = 14 ≤ α₀ = 99, an upper bound.
    first = right.searches[0]
    assert first.window == (99, 100) and first.value == 14 and first.table["A"] == (14, "UPPER")


def test_the_driver_closes_mtdf_bounds_then_searches_the_full_window_twice():
    d = Driver()
    assert d.first() == (99, 100)
    assert d.next(3) == (2, 3)  # failed low at 3: the next null window tests "≥ 3"
    assert d.next(3) == (-math.inf, math.inf)  # 3 ≥ 3: lower = upper = 3
    assert d.next(3) == (-math.inf, math.inf) and d.next(3) is None
    assert Driver().next(3) is None  # nothing before the first window
    stopped = Driver()
    stopped.first()
    assert stopped.next("three") is None and stopped.next(3) is None


@pytest.mark.sandbox
def test_the_correct_search_gets_full_marks():
    r = check_table_search(CORRECT, seed="t")
    assert (r.score, r.out_of, r.diagnosis) == (len(table_trees("t")), len(table_trees("t")), None)


@pytest.mark.sandbox
def test_a_search_that_never_prunes_earns_only_the_trees_where_it_does_what_alpha_beta_does():
    r = check_table_search(NO_PRUNING, seed="t")
    # Only on a tree where the table answers every node alpha-beta would cut at (FAIL_LOW, three leaves) is
    # its record the right one; run here, not in the sandbox, it is so on as many trees.
    same = [name for name, tree in table_trees("t") if in_process(NO_PRUNING, tree) == reference(tree)]
    assert (r.score, r.diagnosis) == (len(same), "no-pruning"), r.feedback
    assert same == ["FAIL_LOW"]
    assert "On tree FIG_5_2" in r.feedback and "alpha-beta prunes" in r.feedback


@pytest.mark.sandbox
def test_a_search_that_keeps_its_own_memory_instead_of_the_table_earns_nothing():
    r = check_table_search(OWN_MEMORY, seed="t")
    assert r.score == 0, r.feedback
    assert "the table holds nothing" in r.feedback


@pytest.mark.sandbox
def test_a_search_that_stores_a_wrong_flag_earns_nothing_and_the_flag_is_named():
    r = check_table_search(SWAPPED_FLAGS, seed="t")
    assert (r.score, r.diagnosis) == (0, "wrong-flag"), r.feedback
    # Fig. 5.2's first null window (99, 100) fails low at the root, at 14: the rule gives UPPER.
    assert "(14, 'LOWER') for A, where the rule gives (14, 'UPPER')" in r.feedback


#: Asks the grader for the next search itself, before doing its own work: what it scores then is outside.
HANDS_IN_EARLY = changed("def table_search(game, state, alpha, beta, table):\n", '''SEEN = {}


def table_search(game, state, alpha, beta, table):
    if repr(state) == "A":
        seen = SEEN.setdefault(game, [])
        seen.append((alpha, beta))
        if seen.count((alpha, beta)) == 2 and alpha == -math.inf:
            # The repeat of the full window: hand in a value at once, then search with no table.
            game.is_terminal(("abteach-next", 0))
            table = {}
''')
#: Moves the old driver's part marks, and defines the grader's side itself: both come after, or go nowhere.
OLD_TAMPER = CORRECT + '''

def _abteach_table_searches(game, state):
    return None


def _abteach_table_parts(game, state):
    return (3, 3, 3, 1)
'''


@pytest.mark.sandbox
@pytest.mark.parametrize("source", [HANDS_IN_EARLY, OLD_TAMPER], ids=["hands-in-early", "replaces-the-driver"])
def test_a_submission_that_tampers_with_the_searches_earns_only_what_its_record_shows(source):
    r = check_table_search(source, seed="t")
    expected = sum(in_process(source, tree) == reference(tree) for _, tree in table_trees("t"))
    assert r.score == expected
    if source is HANDS_IN_EARLY:
        assert expected == 0 and r.score == 0


def test_a_record_with_a_key_that_is_no_state_or_an_entry_out_of_turn_is_not_right():
    tree = ab.examples.FIG_5_2
    game = PartsGame(tree)
    game.result(game.initial, (ENTRY, (3, "EXACT")))  # before any search: out of turn
    assert game.record().outside == 1
    game = PartsGame(tree)
    game.is_terminal((NEXT,))
    game.result("A", (ENTRY, (3, "EXACT")))
    game.is_terminal((NEXT, 3))
    assert "<not a state: 'A'>" in game.record().searches[0].table
    assert isinstance(game.initial, State)
