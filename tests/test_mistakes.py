"""The classic alpha-beta mistakes: where each trace departs from the textbook's, and what it costs.

The expected steps below are counted by hand from the correct 3rd-edition trace.
Every call logs ``enter``; a leaf then logs ``leaf``; an inner node logs
``value`` (v ← ±∞), and per child: ``value`` (the update), then ``test`` and
``window``, or ``cutoff``; then ``exit``.  The search ends with ``done``.
On Fig. 5.2 that numbers the steps:

    1 enter A   2 v=−∞ at A   3 enter B   4 v=+∞ at B   5 enter b1   6 leaf b1 = 3
    7 v=3 at B   8 test 3 ≤ −∞   9 β=3 at B   10 enter b2 ... 20 exit B
    21 v=3 at A   22 test 3 ≥ +∞   23 α=3 at A   24 enter C (3, +∞) ... 29 cutoff at C
    ... 54 exit A   55 done
"""

from __future__ import annotations

import dataclasses
import math
from types import MappingProxyType

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.search.events import Kind
from abteach.lessons.mistakes import (
    MISTAKES, Diagnosis, Difference, Fault, Mistake, Moment, diagnose, first_difference, random_play_value, run_mistake,
)

FIG = ab.examples.FIG_5_2
ALL_LEAVES_FIG = [(i, j) for i in range(3) for j in range(3)]


# -- the registry -------------------------------------------------------------------


def test_registry_is_read_only_and_complete():
    assert isinstance(MISTAKES, MappingProxyType)
    with pytest.raises(TypeError):
        MISTAKES["mine"] = MISTAKES["no-window"]  # type: ignore[index]
    assert set(MISTAKES) == {
        "no-pruning", "no-window", "root-window-reset", "alpha-in-min", "beta-in-max", "strict-test", "inverted-test", "test-before-update",
        "right-to-left", "one-ply-too-deep", "one-ply-too-shallow", "shared-move",
    }
    for key, m in MISTAKES.items():
        assert isinstance(m, Mistake) and m.id == key
        assert m.title and m.symptom and m.expected and callable(m.search)
        assert "\n\n" not in m.explanation and len(m.explanation) > 200
        assert m.example in ab.examples.ALL
        with pytest.raises(AttributeError):
            m.title = "x"  # type: ignore[misc]


@pytest.mark.parametrize("mistake_id", list(MISTAKES))
def test_listing_marks_the_fault_and_keeps_every_logged_line(mistake_id):
    m = MISTAKES[mistake_id]
    r = run_mistake(mistake_id, m.example_tree, **m.options)
    lst = r.trace.listing
    assert "✗" in str(lst) and m.title in lst.title
    for e in r.trace:
        assert e.line in lst, e  # views look every event's line up in the listing


@pytest.mark.parametrize("mistake_id", list(MISTAKES))
def test_a_mistake_trace_replays_like_any_other(mistake_id):
    m = MISTAKES[mistake_id]
    r = run_mistake(mistake_id, m.example_tree, **m.options)
    assert isinstance(r, ab.SearchResult)
    frames = list(r.trace.frames())
    assert len(frames) == len(r.trace) + 1
    assert all(f.explanation for f in frames)
    assert frames[-1].stack == ()
    assert r.trace[-1].kind is Kind.DONE and r.trace[-1].value == r.value
    quiet = run_mistake(mistake_id, m.example_tree, trace=False, **m.options)
    assert (quiet.value, quiet.move, quiet.evaluated, quiet.pruned, quiet.trace) == (
        r.value, r.move, r.evaluated, r.pruned, None)


# -- where each trace first differs, on its example ----------------------------------

# (mistake, tree, options, step, node, kind in the correct trace, kind in the buggy one)
FIRST_DIFFERENCES = [
    # After b1 (steps 5-6) B sets v = 3 (step 7); the correct search then tests 3 ≤ −∞ (step 8), and a
    # search with no test goes straight on to its next call, on b2.
    ("no-pruning", "FIG_5_2", {}, 8, (0, 1), Kind.TEST, Kind.ENTER),
    # B lowers β to 3 after b1 and passes (−∞, 3) to b2; the bug passes (−∞, +∞).  b2's call is step 10.
    ("no-window", "FIG_5_2", {}, 10, (0, 1), Kind.ENTER, Kind.ENTER),
    # Step 9 is B's window update after b1: β = 3, but the bug writes α.
    ("alpha-in-min", "FIG_5_2", {}, 9, (0,), Kind.WINDOW, Kind.WINDOW),
    # The encyclopedia's tree: the first root move, B, is searched with (−∞, +∞) by both, in 59 steps
    # (see test_root_window_reset_departs_at_the_second_root_move); A then sets v, tests and raises α to 3
    # (60-62), and at 63 it calls C, with (3, +∞) in the correct search and (−∞, +∞) in the buggy one.
    ("root-window-reset", "WIKIPEDIA", {}, 63, (1,), Kind.ENTER, Kind.ENTER),
    # MIN nodes are right, so B is the same; A's window update after B (step 23) writes β, not α.
    ("beta-in-max", "FIG_5_2", {}, 23, (), Kind.WINDOW, Kind.WINDOW),
    # TIED runs as Fig. 5.2 but with two leaves under B (steps 1-18); C is entered at 19 with α = 5,
    # 20 v=+∞, 21-22 c1 = 5, 23 v = 5, and at 24 the test 5 ≤ 5 cuts off, while 5 < 5 does not.
    ("strict-test", "TIED", {}, 24, (1,), Kind.CUTOFF, Kind.TEST),
    # Down the leftmost line: root, 0, 0.0, 0.0.0 (two steps each: enter and v ← ±∞) = 8,
    # 9-10 the leaf 5, 11 v = 5 at the MIN node 0.0.0, and 12 its test: 5 ≥ −∞ fires.
    ("inverted-test", "WIKIPEDIA", {}, 12, (0, 0, 0), Kind.TEST, Kind.CUTOFF),
    # After b1 (step 6), the correct search sets v = 3 at B; the bug tests the old v first.
    ("test-before-update", "FIG_5_2", {}, 7, (0,), Kind.VALUE, Kind.TEST),
    # The first child call (step 3) goes to D.
    ("right-to-left", "FIG_5_2", {}, 3, (2,), Kind.ENTER, Kind.ENTER),
    # Depth 1: B is at the limit, so after its enter (step 3) the correct search evaluates it.
    ("one-ply-too-deep", "FIG_5_2", {"depth": 1}, 4, (0,), Kind.LEAF, Kind.VALUE),
    # Intended depth 2, the bug stops at 1: the mirror image of the line above.
    ("one-ply-too-shallow", "FIG_5_2", {}, 4, (0,), Kind.VALUE, Kind.LEAF),
    # The search is the textbook's; only the answer, the done event (step 55), differs.
    ("shared-move", "FIG_5_2", {}, 55, (), Kind.DONE, Kind.DONE),
]


@pytest.mark.parametrize("mistake_id, example, options, step, node, correct_kind, buggy_kind", FIRST_DIFFERENCES)
def test_first_difference_on_the_example(mistake_id, example, options, step, node, correct_kind, buggy_kind):
    m = MISTAKES[mistake_id]
    assert (m.example, dict(m.options), m.node, m.at.kind) == (example, options, node, buggy_kind)
    tree = ab.examples.ALL[example]
    correct = ab.alphabeta(tree, depth=options.get("depth"),
                           evaluate=random_play_value if "depth" in options else None)
    buggy = run_mistake(mistake_id, tree, **options)
    # The registry names the moment by what the mistake's search does there; it is the step counted by hand.
    assert m.at.step(buggy.trace) == step
    d = first_difference(correct.trace, buggy.trace)
    assert isinstance(d, Difference)
    assert (d.step, d.node) == (step, node)
    assert (d.correct.kind, d.buggy.kind) == (correct_kind, buggy_kind)
    assert d.name == correct.trace.name(node) and d.what and "\n" not in d.what
    assert all(a.kind is b.kind and a.node == b.node
               for a, b in zip(correct.trace[: step - 1], buggy.trace[: step - 1]))
    assert str(d) == f"step {step}, at {d.name}: {d.what}"


def test_the_no_window_difference_names_both_windows():
    d = diagnose("no-window").difference
    assert d.correct.beta == 3 and d.buggy.beta == float("inf")
    assert str(d) == ("step 10, at b2: b2 is called with (α, β) = (−∞, +∞) "
                      "where the correct search passes (−∞, 3)")


def test_the_no_pruning_difference_is_the_missing_test():
    d = diagnose("no-pruning").difference
    assert str(d) == ("step 8, at b2: B makes no cutoff test and goes on with a call on b2, "
                      "where the correct search tests v=3 ≤ α=−∞")


def test_root_window_reset_departs_at_the_second_root_move():
    # Counted by hand on the encyclopedia's tree (enter and v ← ±∞ per inner node; per child its own steps,
    # then value, test and window, or value and cutoff; exit): K takes 7-19, E's loop after K 20-22, L 23-34
    # (l2 = 4 ≤ α = 5 cuts l3 at 33), E 35-38, B's loop after E 39-41, F with M 42-55, B 56-59, A 60-62.
    t = ab.examples.WIKIPEDIA
    correct, buggy = ab.alphabeta(t).trace, run_mistake("root-window-reset", t).trace
    assert correct[62].kind is Kind.ENTER and correct[62].node == (1,)
    assert (correct[62].alpha, correct[62].beta) == (3, float("inf"))
    assert (buggy[62].alpha, buggy[62].beta) == (-float("inf"), float("inf"))
    assert str(diagnose("root-window-reset").difference) == (
        "step 63, at C: C is called with (α, β) = (−∞, +∞) where the correct search passes (3, +∞)")


def test_the_shared_move_difference_is_the_answer():
    d = diagnose("shared-move").difference
    assert (d.correct.move, d.buggy.move) == (0, 2)
    assert "a3" in d.what and "a1" in d.what


def test_identical_traces_have_no_difference():
    assert first_difference(ab.alphabeta(FIG).trace, ab.alphabeta(FIG).trace) is None
    # A strict test that never meets a tie takes the textbook's steps: the wording is not compared.
    assert first_difference(ab.alphabeta(FIG).trace, run_mistake("strict-test", FIG).trace) is None


def test_a_shorter_trace_differs_where_it_stops():
    full = ab.alphabeta(FIG).trace
    # The same search, cut short: every field but the events is the full trace's.
    cut = dataclasses.replace(full, events=list(full.events[:30]))
    d = first_difference(full, cut)
    assert d.step == 31 and d.buggy is None and d.correct is full[30]
    assert "finished" in d.what


# -- what each mistake costs on its example ---------------------------------------------


def test_no_window_evaluates_every_leaf_but_keeps_value_and_move():
    r = run_mistake("no-window", FIG)
    assert (r.value, r.move_name, r.leaves, r.pruned, r.cutoffs) == (3, "a1", 9, [], 0)
    assert r.evaluated == ALL_LEAVES_FIG
    d = diagnose("no-window")
    assert d.value_right and d.same_move and d.correct_leaves == 7
    assert d.extra == ((1, 1), (1, 2)) and d.missed == ()


def test_no_pruning_is_minimax_with_no_test_and_no_bound_moved():
    r = run_mistake("no-pruning", FIG)
    assert (r.value, r.move_name, r.leaves, r.pruned, r.cutoffs) == (3, "a1", 9, [], 0)
    assert r.evaluated == ALL_LEAVES_FIG
    assert not [e for e in r.trace if e.kind in (Kind.TEST, Kind.WINDOW, Kind.CUTOFF)]
    assert all((e.alpha, e.beta) == (-math.inf, math.inf) for e in r.trace if e.kind is Kind.ENTER)
    d = diagnose("no-pruning")
    assert d.value_right and d.same_move and d.extra == ((1, 1), (1, 2)) and d.missed == ()


def test_no_pruning_cannot_test_before_the_update():
    with pytest.raises(ValueError, match="prune=False"):
        Fault(prune=False, test_before_update=True)


def test_root_window_reset_loses_the_cutoffs_that_come_from_the_root():
    # The encyclopedia's tree: value 6 by the middle move, 9 leaves; J is pruned under D, l3 and o2 deeper.
    # With the root's α not passed on, D is searched with (−∞, +∞): after I = 5 nothing cuts J, whose R
    # (r1 = 9, r2 = 8) is searched; R = 8 ≥ β = 5 at J then still prunes S.  l3 and o2 are pruned as before,
    # since those cutoffs come from inside B's and C's own windows.
    t = ab.examples.WIKIPEDIA
    r = run_mistake("root-window-reset", t)
    assert (r.value, r.move) == (6, 1)
    assert r.leaves == len(reset_root_search(t.to_nested(), "MAX")[2]) == 11
    assert set(r.evaluated) - set(ab.alphabeta(t).evaluated) == {(2, 1, 0, 0), (2, 1, 0, 1)}
    assert r.pruned == [(0, 0, 1, 2), (1, 0, 1, 1), (2, 1, 1)]
    assert [(e.alpha, e.beta) for e in r.trace if e.kind is Kind.ENTER and len(e.node) == 1] == [
        (-math.inf, math.inf)] * 3
    d = diagnose("root-window-reset")
    assert d.value_right and d.same_move and d.missed == () and d.extra == ((2, 1, 0, 0), (2, 1, 0, 1))


def test_alpha_in_min_prunes_the_best_replies_and_gets_value_and_move_wrong():
    # B: b1 = 3 raises α to 3, so b2's v = 3 ≤ 3 cuts b3.  D: d1 = 14 raises α to 14, so
    # d2's v = 5 ≤ 14 cuts d3 = 2, D's real value.  A takes max(3, 2, 5) = 5 from D.
    r = run_mistake("alpha-in-min", FIG)
    assert (r.value, r.move_name) == (5, "a3")
    assert r.evaluated == [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)]
    assert r.pruned == [(0, 2), (1, 1), (1, 2), (2, 2)]
    d = diagnose("alpha-in-min")
    assert not d.value_right and not d.move_right and d.missed == ((0, 2), (2, 2)) and d.extra == ()


def test_beta_in_max_never_searches_d():
    # A: after B, β ← 3; C gets (−∞, 3) and, with α stuck at −∞, evaluates all three leaves;
    # then v = 3 ≥ β = 3 at A prunes D.
    r = run_mistake("beta-in-max", FIG)
    assert (r.value, r.move_name, r.leaves) == (3, "a1", 6)
    assert r.pruned == [(2,)]
    d = diagnose("beta-in-max")
    assert d.value_right and d.same_move
    assert d.extra == ((1, 1), (1, 2)) and d.missed == ((2, 0), (2, 1), (2, 2))


def test_strict_test_costs_leaves_on_the_tie_only():
    d = diagnose("strict-test")
    assert (d.buggy.value, d.buggy.move_name, d.leaves, d.correct_leaves) == (5, "a1", 5, 3)
    assert d.value_right and d.same_move and d.extra == ((1, 1), (1, 2))


def test_inverted_test_follows_the_leftmost_line():
    d = diagnose("inverted-test")
    assert d.buggy.evaluated == [(0, 0, 0, 0)] and d.buggy.value == 5
    assert (d.correct.value, d.correct.move) == (6, 1)
    assert not d.value_right and not d.move_right and d.buggy.move == 0
    # On Fig. 5.2 the leftmost line is the principal variation, so it is right by luck.
    r = run_mistake("inverted-test", FIG)
    assert (r.value, r.move_name, r.evaluated) == (3, "a1", [(0, 0)])


def test_cutoff_before_update_searches_one_child_too_many():
    r = run_mistake("test-before-update", FIG)
    assert (r.value, r.move_name, r.leaves) == (3, "a1", 8)
    assert r.pruned == [(1, 2)]  # c2 was searched before C's cutoff was noticed
    assert diagnose("test-before-update").extra == ((1, 1),)


def test_right_to_left_evaluates_all_nine_leaves_in_reverse():
    r = run_mistake("right-to-left", FIG)
    assert (r.value, r.move_name) == (3, "a1")
    assert r.evaluated == ALL_LEAVES_FIG[::-1]
    assert r.pruned == []  # D = 2 first gives α = 2; C's c1 = 2 ≤ 2 fires on its last child


def test_right_to_left_picks_another_best_move_on_a_tie():
    d = diagnose("right-to-left", ab.examples.TIED)
    assert d.buggy.move_name == "a2" and d.correct.move_name == "a1"
    assert d.move_right and not d.same_move and d.value_right


def test_one_ply_too_deep_returns_the_deeper_value():
    d = diagnose("one-ply-too-deep")
    assert d.correct.evaluated == [(0,), (1,), (2,)]
    assert d.correct.value == pytest.approx(23 / 3) and d.buggy.value == 3
    assert d.buggy.evaluated == ab.alphabeta(FIG).evaluated
    assert d.missed == ((0,), (1,), (2,)) and not d.value_right and d.same_move


def test_one_ply_too_shallow_scores_inner_nodes_by_random_play():
    r = run_mistake("one-ply-too-shallow", FIG)
    assert r.evaluated == [(0,), (1,), (2,)]
    assert r.value == pytest.approx(23 / 3) and r.move_name == "a1"
    d = diagnose("one-ply-too-shallow")
    assert not d.value_right and d.same_move and d.correct_leaves == 7 and d.leaves == 3


def test_shared_move_answers_with_a_reply_from_the_last_min_node():
    d = diagnose("shared-move")
    assert (d.buggy.value, d.buggy.move_name, d.buggy.pv_path) == (3, "a3", (2, 2))
    assert d.buggy.evaluated == d.correct.evaluated
    assert d.value_right and not d.move_right


def test_shared_move_can_answer_an_illegal_move():
    # The root has two moves.  C's replies 9, 6, 2 each improve C, the last at index 2; 2 ≤ α = 5
    # fails low, so the root keeps B and never writes `best` again: the answer is index 2.
    t = ab.tree([[5, 8], [9, 6, 2]])
    r = run_mistake("shared-move", t)
    assert r.value == 5 and r.move is None and r.move_name is None
    d = diagnose("shared-move", t)
    assert not d.move_right and "no legal move" in d.summary()


def test_summary_reads_as_a_report():
    text = diagnose("alpha-in-min").summary()
    assert text.splitlines() == [
        "α updated in a MIN node:",
        "  first difference: step 9, at B: B sets α = 3 where the correct search sets β = 3",
        "  value 5: wrong, the correct value is 3",
        "  move a3: wrong, the correct move is a1",
        "  5 evaluations where the correct search makes 7",
        "  needed but skipped: b3 and d3",
    ]
    assert isinstance(diagnose("alpha-in-min"), Diagnosis)


# -- other games and bad input ------------------------------------------------------------


def test_mistakes_run_on_a_real_game():
    game = ab.TicTacToe(ab.Board.parse("XX. OO. ..."))
    correct = ab.alphabeta(game)
    for mistake_id in ("no-window", "test-before-update", "right-to-left", "strict-test"):
        r = run_mistake(mistake_id, game)
        assert (r.value, r.move) == (correct.value, correct.move) == (1, 2)
    assert run_mistake("one-ply-too-deep", game, depth=1, evaluate=lambda s, p: 0).leaves > 0
    with pytest.raises(ValueError, match="depth"):
        run_mistake("one-ply-too-shallow", game)
    with pytest.raises(TypeError, match="abteach.Tree"):
        run_mistake("one-ply-too-shallow", game, depth=2, evaluate=random_play_value)


def test_unknown_mistake_and_options_are_named():
    with pytest.raises(KeyError, match="no-window"):
        run_mistake("forgot-to-prune", FIG)
    with pytest.raises(TypeError, match="depth"):
        diagnose("no-window", FIG, edition=4)


def test_random_play_value_is_the_mean_of_random_play():
    t = ab.tree([[1, [2, 4]], 6])
    assert random_play_value(t.root) == pytest.approx(((1 + 3) / 2 + 6) / 2)
    assert random_play_value(t.root, "MIN") == pytest.approx(-4.0)
    assert random_play_value(t.node((1,))) == 6


# -- laws on random uneven trees with ties -------------------------------------------------

leaf_values = st.integers(0, 4)
subtrees = st.recursive(leaf_values, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=16)
trees = st.builds(lambda nested, root: ab.tree(nested, root=root),
                  st.lists(subtrees, min_size=1, max_size=3), st.sampled_from(["MAX", "MIN"]))


def _leaves(t):
    return [n.path for n in t.leaves()]


def reset_root_search(nested, root):
    """The root window reset, written as a student writes it: (value, move, evaluated leaf paths).

    The root loops over its moves, calling the other side's function on each with a fresh (−∞, +∞),
    and keeps the first best; below the root it is the textbook's alpha-beta (≥ and ≤).
    """
    evaluated = []

    def max_value(node, path, alpha, beta):
        if not isinstance(node, list):
            evaluated.append(path)
            return node
        v = -math.inf
        for i, child in enumerate(node):
            v = max(v, min_value(child, path + (i,), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(node, path, alpha, beta):
        if not isinstance(node, list):
            evaluated.append(path)
            return node
        v = math.inf
        for i, child in enumerate(node):
            v = min(v, max_value(child, path + (i,), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best, move = None, None
    for i, child in enumerate(nested):
        if root == "MAX":
            v = min_value(child, (i,), -math.inf, math.inf)
            better = best is None or v > best
        else:
            v = max_value(child, (i,), -math.inf, math.inf)
            better = best is None or v < best
        if better:
            best, move = v, i
    return best, move, evaluated


@given(trees)
def test_law_no_window_is_minimax(t):
    r, mm = run_mistake("no-window", t), ab.minimax(t)
    assert (r.value, r.move) == (mm.value, mm.move)
    assert r.pruned == [] and r.evaluated == _leaves(t)


@given(trees)
def test_law_no_pruning_is_minimax_and_never_tests(t):
    r, mm = run_mistake("no-pruning", t), ab.minimax(t)
    assert (r.value, r.move, r.evaluated, r.pruned) == (mm.value, mm.move, _leaves(t), [])
    assert not [e for e in r.trace if e.kind in (Kind.TEST, Kind.WINDOW, Kind.CUTOFF)]


@given(trees)
def test_law_root_window_reset_is_the_students_arg_max_root(t):
    r = run_mistake("root-window-reset", t)
    value, move, evaluated = reset_root_search(t.to_nested(), t.root.player)
    assert (r.value, r.move, r.evaluated) == (value, move, evaluated)
    # The right value, and a best move; never fewer leaves than the textbook, never more than minimax.
    d = diagnose("root-window-reset", t)
    assert d.value_right and d.move_right and d.missed == ()
    assert ab.alphabeta(t).leaves <= r.leaves <= ab.minimax(t).leaves


@given(trees)
def test_law_strict_test_keeps_value_and_move_and_only_adds_leaves(t):
    r, c = run_mistake("strict-test", t), ab.alphabeta(t)
    assert (r.value, r.move) == (c.value, c.move)
    assert set(c.evaluated) <= set(r.evaluated)


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=14, unique=True).flatmap(
    lambda xs: st.just(ab.tree([xs[i:i + 3] for i in range(0, len(xs), 3)]))))
def test_law_strict_test_is_invisible_without_ties(t):
    assert first_difference(ab.alphabeta(t).trace, run_mistake("strict-test", t).trace) is None


@given(trees)
def test_law_cutoff_before_update_costs_one_subtree_per_early_cutoff(t):
    r, c = run_mistake("test-before-update", t), ab.alphabeta(t)
    assert (r.value, r.move) == (c.value, c.move)
    assert set(c.evaluated) <= set(r.evaluated)
    # Extra leaves exactly when the correct search pruned something.
    assert (len(r.evaluated) > len(c.evaluated)) == bool(c.pruned)


@given(trees)
def test_law_right_to_left_finds_the_value_and_a_best_move(t):
    d = diagnose("right-to-left", t)
    assert d.value_right and d.buggy.value == ab.minimax(t).value
    assert d.move_right


@given(trees)
def test_law_shared_move_differs_only_in_its_answer(t):
    c, r = ab.alphabeta(t), run_mistake("shared-move", t)
    assert (r.value, r.evaluated, r.pruned) == (c.value, c.evaluated, c.pruned)
    d = first_difference(c.trace, r.trace)
    assert d is None or (d.step == len(c.trace) and d.correct.kind is Kind.DONE)


@given(trees)
def test_law_inverted_test_evaluates_only_the_leftmost_leaf(t):
    r = run_mistake("inverted-test", t)
    first = _leaves(t)[0]
    assert r.evaluated == [first] and r.value == t.node(first).value


@given(trees)
def test_law_swapped_bounds_stop_after_two_children(t):
    for mistake_id, player in (("beta-in-max", "MAX"), ("alpha-in-min", "MIN")):
        r = run_mistake(mistake_id, t)
        calls: dict = {}
        for e in r.trace:
            if e.kind is Kind.ENTER and e.node:
                calls[e.node[:-1]] = calls.get(e.node[:-1], 0) + 1
        assert all(n <= 2 for p, n in calls.items() if t.node(p).player == player)


@given(trees, st.integers(1, 5))
def test_law_depth_off_by_one_is_a_search_one_ply_off(t, depth):
    for mistake_id, shift in (("one-ply-too-deep", +1), ("one-ply-too-shallow", -1)):
        r = run_mistake(mistake_id, t, depth=depth)
        c = ab.alphabeta(t, depth=depth + shift, evaluate=random_play_value)
        assert (r.value, r.move, r.evaluated, r.pruned) == (c.value, c.move, c.evaluated, c.pruned)


@given(trees, st.sampled_from(sorted(MISTAKES)))
def test_law_every_mistake_is_consistent_with_its_diagnosis(t, mistake_id):
    d = diagnose(mistake_id, t)
    assert d.difference is None or 1 <= d.difference.step <= max(len(d.correct.trace), len(d.buggy.trace))
    if not d.value_right or not d.same_move or d.extra or d.missed:
        assert d.difference is not None  # whatever goes wrong shows in the trace
    assert d.leaves == len(d.buggy.evaluated) and d.correct_leaves == len(d.correct.evaluated)
    assert set(d.extra).isdisjoint(d.correct.evaluated) and set(d.missed).isdisjoint(d.buggy.evaluated)
    list(d.buggy.trace.frames())


@given(trees, st.data())
def test_a_moment_finds_the_step_it_names(t, data):
    # Any step is the nth event of its kind at its node, counting from the start: naming it so finds it again.
    trace = ab.alphabeta(t).trace
    k = data.draw(st.integers(1, len(trace)))
    e = trace[k - 1]
    nth = sum(1 for x in trace.events[:k] if x.kind == e.kind and x.node == e.node)
    assert Moment(e.kind, e.node, nth).step(trace) == k
    with pytest.raises(LookupError, match="never happens"):
        Moment(e.kind, e.node, nth + sum(1 for x in trace if x.kind == e.kind and x.node == e.node)).step(trace)
