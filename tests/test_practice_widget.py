"""The practice widget without a browser: the form read, rows marked, hints one at a time, "show me"."""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.lessons.practice import practice_tree
from abteach.widgets.practice import parse_entry


def right_answers(t: ab.Tree) -> dict:
    returned = {e.node: e.value for e in ab.alphabeta(t).trace.events if e.kind in ("leaf", "exit")}
    return {n.path: returned.get(n.path, "pruned") for n in t.walk()}


def test_the_form_marks_each_row_as_the_check_does():
    p = ab.practice(seed=4)
    answers = right_answers(p.tree)
    p.fill({**answers, (): "12.5"})
    c = p.run_check()
    assert c.wrong == [()]
    assert p.rows[()]._dom_classes[-1] == "ab-wrong"
    assert all(row._dom_classes[-1] == "ab-right" for path, row in p.rows.items() if path != ())
    assert "12.5" in p.rows[()].verdict.value
    assert p.message.value.startswith(f"{len(answers) - 1} of {len(answers)} nodes right")


def test_text_that_is_not_a_number_is_flagged_on_its_row():
    p = ab.practice(seed=4)
    p.fill(right_answers(p.tree))
    p.rows[(0,)].value.value = "seven"
    p.run_check()
    assert "&#x27;seven&#x27; is not a number" in p.rows[(0,)].verdict.value
    assert p.rows[(0,)]._dom_classes[-1] == "ab-wrong"


def test_hints_come_one_at_a_time_and_show_me_starts_at_the_first_wrong_node():
    p = ab.practice(seed=4)
    p.fill({path: "pruned" for path in p.rows})
    first, second = p.next_hint(), p.next_hint()
    assert first != second and "Hint 2 of" in p.hint_text.value
    p.show_me()
    stepper = p.replay.children[1]
    assert stepper.value == p.check.replay_step


def test_new_tree_draws_another_with_the_same_options():
    p = ab.practice(seed=4, rule="strict", ties=True)
    before = p.tree.to_nested()
    p.new_tree()
    assert p.tree.to_nested() != before
    assert p.tree.to_nested() == practice_tree(rule="strict", ties=True, seed=5).to_nested()
    assert all(row.value.value == "" for row in p.rows.values())


def test_windows_are_asked_for_and_checked():
    p = ab.practice(ab.examples.FIG_5_2, windows=True)
    p.fill({"A": 3})
    p.rows[(0,)].alpha.value, p.rows[(0,)].beta.value = "-inf", "inf"
    p.rows[(0, 1)].alpha.value, p.rows[(0, 1)].beta.value = "-inf", "inf"  # b2 gets (−∞, 3)
    c = p.run_check()
    assert c.verdicts[(0,)].window == (float("-inf"), float("inf"))
    assert "(−∞, 3)" in c.verdicts[(0, 1)].reason


def test_without_a_kernel_it_shows_the_tree():
    p = ab.practice(seed=4)
    bundle = p._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/png"].startswith(b"\x89PNG") and data["text/plain"].startswith("A practice tree to fill in") and "rule=" not in data["text/plain"]


@pytest.mark.parametrize("text, pruned, want", [("", False, None), (" 4 ", False, 4), ("−∞", False, float("-inf")),
                                                 ("pruned", False, "pruned"), ("9", True, "pruned")])
def test_entries_are_read_as_a_student_types_them(text, pruned, want):
    assert parse_entry(text, pruned) == (want, "")


def test_bad_options_are_refused_by_name():
    with pytest.raises(ValueError, match="size"):
        ab.practice(size="huge")
    with pytest.raises(ValueError, match="edition"):
        ab.practice(edition=2)
    with pytest.raises(TypeError, match="windows"):
        ab.practice(windows="yes")


def test_a_leaf_row_asks_only_whether_it_is_reached():
    p = ab.practice(seed=8)
    for path, row in p.rows.items():
        node = p.tree.node(path)
        assert (row.value in row.children) == (not node.is_leaf)
        if node.is_leaf:
            assert row.leaf == node.value and f"= {node.value}" in row.children[1].value
            assert row.entry() == (node.value, "")
            row.pruned.value = True
            assert row.entry() == ("pruned", "")


def test_a_form_with_only_inner_values_and_pruned_ticks_is_all_right():
    p = ab.practice(seed=8)
    answers = right_answers(p.tree)
    p.fill({path: v for path, v in answers.items() if not p.tree.node(path).is_leaf or v == "pruned"})
    c = p.run_check()
    assert c.score == c.out_of == len(p.tree)


@pytest.mark.parametrize("seed", [0, 8, "lecture"])
def test_show_me_speaks_in_the_names_the_picture_shows(seed):
    p = ab.practice(seed=seed, size="medium")
    p.show_me()
    tr = p.check.result.trace
    names = {n.name for n in p.tree.walk()}
    moves = {tr.move_name(n.path) for n in p.tree.walk() if n.path}
    # Every move reads as Fig. 5.2's do: the name of the node it leaves, lower-cased, and its place.
    assert all(m[:-1].upper() in names and m[-1].isdigit() and not m.isdigit() for m in moves)
    done = tr.frame(len(tr)).explanation
    assert f"the best move is {p.check.result.move_name}," in done and p.check.result.move_name in moves
