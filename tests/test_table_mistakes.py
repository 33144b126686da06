"""The classic transposition-table bugs as mistakes: each is caught, and the diagnosis names where.

Expected values are worked out by hand on the DAG example (abteach.games.examples.DAG):

    A (MAX): B, C     B (MIN): D, E     C (MIN): E, F     D (MAX): d1 = 7, H     H (MIN): E, h2 = 7
    E (MAX): e1 = 1, G     G (MIN): g1 = 4, g2 = 2     F (MAX): f1 = 4, f2 = 2

G = 2, E = max(1, 2) = 2, H = min(2, 7) = 2, D = max(7, 2) = 7, B = min(7, 2) = 2, F = 4, C = min(2, 4) = 2,
A = 2 by B.  E is first searched below H, where D already has 7: it fails low with "at most 4" (G stops at
g1 = 4 ≤ 7).  Taken as exact, B's next look at E gets 4, so B = min(7, 4) = 4 and A = 4.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach.lessons.mistakes import MISTAKES, TABLE_MISTAKES, TableMistake, diagnose, run_mistake
from abteach.lessons.mistakes.table import correct_table_search
from abteach.search.table import Flag, TableFault
from .strategies import inner_trees, examples
from .test_search_laws import minimax_value

DAG = ab.examples.DAG


def dag_value(position="A", depth=None, ply=0):
    """Minimax of the DAG, written out plainly (estimates at the depth limit)."""
    g = DAG
    if g.is_terminal(position) or (depth is not None and ply >= depth):
        return g.estimate(position)
    values = [dag_value(q, depth, ply + 1) for q in g.actions(position)]
    return max(values) if g.to_move(position) == "MAX" else min(values)


def test_the_registry_is_apart_from_the_classic_twelve_and_read_only():
    assert set(TABLE_MISTAKES) == {"fail-low-as-exact", "raised-alpha-flag", "ignore-depth", "key-without-window"}
    assert not set(TABLE_MISTAKES) & set(MISTAKES) and len(MISTAKES) == 12
    with pytest.raises(TypeError):
        TABLE_MISTAKES["x"] = TABLE_MISTAKES["ignore-depth"]  # type: ignore[index]
    faults = {m.fault for m in TABLE_MISTAKES.values()}
    assert len(faults) == 4 and TableFault() not in faults
    for key, m in TABLE_MISTAKES.items():
        assert isinstance(m, TableMistake) and m.id == key and len(m.explanation) > 200


def test_the_dag_example_repeats_positions_and_the_table_notices():
    assert dag_value() == 2 and dag_value(depth=5) == 2
    r = ab.negamax_memory(DAG)
    assert (r.value, r.move) == (2, "B")
    assert r.stats["hits"] >= 1 and r.stats["table size"] < len(DAG.positions)
    # As a tree, E is searched under H, under B and under C.
    assert sum(1 for e in ab.negamax(DAG).trace if e.kind == "enter" and ab.negamax(DAG).trace.name(e.node)
               .endswith("E")) == 3


@pytest.mark.parametrize("mistake_id, wrong", [("fail-low-as-exact", 4), ("ignore-depth", 7),
                                                ("key-without-window", 4)])
def test_each_wrong_answer_bug_gives_a_wrong_value_on_the_dag(mistake_id, wrong):
    m = TABLE_MISTAKES[mistake_id]
    d = diagnose(mistake_id)
    assert d.correct.value == dag_value(depth=m.options.get("depth")) == 2
    assert d.buggy.value == wrong and not d.value_right
    # The diagnosis names where, the step and node the registry records.
    assert (d.difference.step, d.difference.node) == (m.at.step(d.buggy.trace), m.node)
    assert d.difference.name == d.correct.trace.name(m.node)


def test_fail_low_as_exact_is_named_at_the_store():
    d = diagnose("fail-low-as-exact")
    # E below H: called with α = 7 (D has d1 = 7); it finds at most 4.
    c, b = d.difference.correct, d.difference.buggy
    assert c.kind == b.kind == "store"
    assert (c.info.flag, b.info.flag) == (Flag.UPPER, Flag.EXACT) and c.info.upper == b.info.lower == 4
    assert d.correct.trace.name(d.difference.node) == "B D H E"
    assert "stored as exactly 4" in str(d.difference) and "at most 4" in str(d.difference)


def test_ignore_depth_uses_a_shallow_entry():
    d = diagnose("ignore-depth")
    # At depth 5, E below H (ply 4) has 1 ply left: max(e1 = 1, G's estimate 9) = 9.  Below B it needs 3.
    assert dag_value("E", depth=1) == 9 and dag_value("E", depth=3) == 2
    assert d.difference.buggy.line == "mem.hit" and d.difference.buggy.value == 9
    assert "returns the table's 9" in str(d.difference)


def test_raised_alpha_flag_forgets_exact_values_but_answers_right():
    d = diagnose("raised-alpha-flag")
    assert d.value_right and d.same_move
    c, b = d.difference.correct, d.difference.buggy
    assert (c.info.flag, b.info.flag) == (Flag.EXACT, Flag.UPPER) and c.info.value == b.info.value == 7
    # On tic-tac-toe the forgotten exact values cost searches again.
    game = ab.TicTacToe()
    right = correct_table_search(game, trace=False)
    wrong = run_mistake("raised-alpha-flag", game, trace=False)
    assert wrong.value == right.value == 0 and wrong.nodes > right.nodes


@settings(max_examples=examples(0.5))
@given(inner_trees())
def test_law_raised_alpha_flag_never_changes_the_value(nested):
    # Every bound it stores is still true (v ≥ the value after a fail-low, v = the value otherwise).
    t = ab.tree(nested)
    assert run_mistake("raised-alpha-flag", t, trace=False).value == minimax_value(nested)


def _positions(n, seed):
    """Tic-tac-toe positions from seeded random play, 2 to 5 marks in, not over."""
    rng, game, out = random.Random(seed), ab.TicTacToe(), []
    while len(out) < n:
        s = game.initial
        for _ in range(rng.randint(2, 5)):
            s = game.result(s, rng.choice(list(game.actions(s))))
            if game.is_terminal(s):
                break
        if not game.is_terminal(s):
            out.append(s)
    return out


def test_a_table_keyed_by_position_gives_a_wrong_value_in_some_tictactoe_position():
    # The book's old notebook memoised alpha-beta by state alone: wrong in 3 of 383 random positions (FACTS §8).
    mistake_id, game = "key-without-window", ab.TicTacToe()
    for s in _positions(120, seed=1):
        right = correct_table_search(game, s, trace=False)
        wrong = run_mistake(mistake_id, game, s, trace=False)
        if wrong.value != right.value:
            d = diagnose(mistake_id, game, s)
            assert not d.value_right and d.difference is not None
            return
    pytest.fail(f"{mistake_id} answered right in all 120 positions")


@pytest.mark.parametrize("mistake_id", sorted(TABLE_MISTAKES))
def test_a_table_mistake_trace_replays_with_its_fault_marked(mistake_id):
    m = TABLE_MISTAKES[mistake_id]
    r = run_mistake(mistake_id, m.example_game, **m.options)
    lst = r.trace.listing
    assert "✗" in str(lst) and m.title in lst.title
    for e in r.trace:
        assert not e.line or e.line in lst, e
    frames = list(r.trace.frames())
    assert all(f.explanation.endswith(".") for f in frames)
    if mistake_id != "ignore-depth":  # its faulty line, the depth check, logs no step of its own
        assert any(f.explanation.startswith("✗ The mistake is on line") for f in frames)
    quiet = run_mistake(mistake_id, m.example_game, trace=False, **m.options)
    assert (quiet.value, quiet.move, quiet.evaluated) == (r.value, r.move, r.evaluated)


def test_summary_rows_name_the_dag():
    from abteach.lessons.mistakes import summary_rows
    rows = summary_rows(diagnose(k) for k in TABLE_MISTAKES)
    assert [r[1] for r in rows] == ["DAG"] * 4
    assert [r[2] for r in rows] == ["4 ✗", "2 ✓", "7 ✗", "4 ✗"]
