"""Fig. 5.5 as data, its stage-to-step mapping, and the computed disagreements.

The rule is "like with like": a figure's range is compared with the range of
the node's value that the algorithm has established, never with its window.
The expected disagreements are worked out by hand from the trace of Fig. 5.2
(FACTS §3) and the figure (FACTS §4):

* (a), (b): B is being searched with v = 3 from the exact leaf b1, so B ≤ 3,
  as drawn; A has no child back yet, so nothing bounds it: [−∞, +∞], as drawn.
* (c): B returned 3 inside its window (−∞, +∞), exact: B = 3.  A's running
  v = 3 comes from that exact child: A ≥ 3.  Both as drawn.
* (d): C returned 2 ≤ α = 3, fail-low: C ≤ 2, as drawn.  No disagreement.
* (e), (e+): D is being searched with v = 14 (then 5) from exact leaves, so
  D ≤ 14 (≤ 5), as drawn.  A still has only v = 3: A ≥ 3, not A in [3, 14]
  (or [3, 5]).  One disagreement, at A.
* (f): D returned 2 ≤ α = 3 after searching all three of its children, so its
  own call proved D = min(14, 5, 2) = 2, exact, as drawn; only A, which sees a
  fail-low it cannot tell from an early cutoff, reads it as D ≤ 2.  A returned
  3 inside (−∞, +∞), exact, as drawn.  No disagreement.

Both editions evaluate the same leaves and return the same values, so these
are the same for both; only the windows differ (C's is (3, 2) in the 4th
edition at (d), (3, +∞) in the 3rd), and windows are not compared.
"""

from __future__ import annotations

import dataclasses
from math import inf

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach import fig55
from abteach.lessons.fig55 import FIG_5_5, FigureStage, Range

from .strategies import examples, inner_trees

T = FIG_5_2 = ab.examples.FIG_5_2


def trace_of(tree: ab.Tree, edition: int) -> ab.Trace:
    return ab.alphabeta(tree, edition=edition).trace


def keys(ds: list[fig55.Disagreement]) -> set[tuple[str, str, str, str, str]]:
    return {(d.stage, d.name, d.aspect, "blank" if d.figure is None else str(d.figure), d.algorithm) for d in ds}


# Written out from the reasoning in the module docstring above, not from output; the same for both editions.
EXPECTED = {
    "a": set(), "b": set(), "c": set(), "d": set(),
    "e": {("A", "range", "[3, 14]", "[3, +∞] (running v = 3)")},
    "e+": {("A", "range", "[3, 5]", "[3, +∞] (running v = 3)")},
    "f": set(),
}
# What the algorithm has established at each stage, by node, from the same reasoning.
ESTABLISHED = {
    "a": {"A": (-inf, inf), "B": (-inf, 3)},
    "b": {"A": (-inf, inf), "B": (-inf, 3)},
    "c": {"A": (3, inf), "B": (3, 3)},
    "d": {"A": (3, inf), "B": (3, 3), "C": (-inf, 2)},
    "e": {"A": (3, inf), "B": (3, 3), "C": (-inf, 2), "D": (-inf, 14)},
    "e+": {"A": (3, inf), "B": (3, 3), "C": (-inf, 2), "D": (-inf, 5)},
    "f": {"A": (3, 3), "B": (3, 3), "C": (-inf, 2), "D": (2, 2)},
}


# -- the figure as data ------------------------------------------------------------

def test_figure_transcription_matches_facts() -> None:
    table = {s.label: s.by_name(T) for s in FIG_5_5}
    assert list(table) == ["a", "b", "c", "d", "e", "e+", "f"]
    assert table["a"] == {"A": Range(-inf, inf), "B": Range(-inf, 3), "C": None, "D": None}
    assert table["c"] == {"A": Range(3, inf), "B": Range(3, 3), "C": None, "D": None}
    assert table["d"]["C"] == Range(-inf, 2) and table["d"]["D"] is None
    assert table["e"] == {"A": Range(3, 14), "B": Range(3, 3), "C": Range(-inf, 2), "D": Range(-inf, 14)}
    assert table["e+"]["A"] == Range(3, 5) and table["e+"]["D"] == Range(-inf, 5)
    assert table["f"] == {"A": Range(3, 3), "B": Range(3, 3), "C": Range(-inf, 2), "D": Range(2, 2)}
    assert [s.in_book for s in FIG_5_5] == [True] * 5 + [False, True]
    assert [len(s.leaves_seen) for s in FIG_5_5] == [1, 2, 3, 4, 5, 6, 7]
    assert all(s.caption for s in FIG_5_5)


def test_stages_are_read_only() -> None:
    given = {(): (3, 14)}
    s = FigureStage("x", given)
    given[()] = (0, 0)
    assert s.ranges[()] == Range(3, 14)
    with pytest.raises(TypeError):
        s.ranges[()] = Range(0, 0)  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.label = "y"  # type: ignore[misc]


def test_figure_rows() -> None:
    rows = fig55.figure_rows(FIG_5_5, T)
    assert [r["stage"] for r in rows] == ["(a)", "(b)", "(c)", "(d)", "(e)", "(e+)", "(f)"]
    assert rows[3]["C"] == "[−∞, 2]" and rows[3]["D"] == ""


# -- stage -> step -----------------------------------------------------------------

@pytest.mark.parametrize("edition", [3, 4])
def test_stage_step_is_after_the_stages_leaves_and_their_consequences(edition: int) -> None:
    trace = trace_of(T, edition)
    steps = fig55.stage_steps(FIG_5_5, trace)
    assert list(steps.values()) == sorted(steps.values())
    for s in FIG_5_5:
        k = steps[s.label]
        seen = [e.node for e in trace.events[:k] if e.kind is ab.Kind.LEAF]
        assert set(seen) == set(s.leaves_seen)
        if s.label == "f":
            assert k == len(trace)
        else:
            assert trace[k].kind is ab.Kind.ENTER  # the next step starts a new subtree
            assert all(e.kind is not ab.Kind.ENTER for e in trace.events[trace.steps("leaf")[len(seen) - 1]:k])


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_steps_anchor_on_the_facts_trace(edition: int) -> None:
    trace = trace_of(T, edition)
    f = lambda label: trace.frame(fig55.stage_step(fig55.stage(label), trace))  # noqa: E731
    # (c): B has returned 3 and A has set α = 3 (FACTS §3 row 6); C not yet called.
    assert (f("c").node(()).alpha, f("c").node((0,)).value) == (3, 3)
    assert f("c").status((1,)) is ab.Status.UNVISITED
    # (d): C has returned its fail-low 2 and A has taken it in (row 9).
    assert f("d").node((1,)).bound is ab.Bound.UPPER and f("d").status((2,)) is ab.Status.UNVISITED
    # (e): after d1, D's window is (3, 14) (row 11).
    assert (f("e").node((2,)).alpha, f("e").node((2,)).beta) == (3, 14)
    # (e+): after d2, (3, 5) (row 12).
    assert (f("e+").node((2,)).alpha, f("e+").node((2,)).beta) == (3, 5)


def test_empty_stage_maps_to_step_zero() -> None:
    s = FigureStage("0", {(): None})
    assert fig55.stage_step(s, trace_of(T, 3)) == 0
    assert fig55.compare_stage(s, trace_of(T, 3)) == []


# -- the comparison on Fig. 5.2 ----------------------------------------------------

@pytest.mark.parametrize("edition", [3, 4])
def test_exact_disagreements_on_fig_5_2(edition: int) -> None:
    trace = trace_of(T, edition)
    by_stage = fig55.compare_by_stage(FIG_5_5, trace)
    assert list(by_stage) == [s.label for s in FIG_5_5]
    for label, expected in EXPECTED.items():
        assert keys(by_stage[label]) == {(label, *k) for k in expected}, label
        assert len(by_stage[label]) == len(expected)  # no duplicates hidden by the set
    flat = fig55.compare(FIG_5_5, trace)
    assert flat == [d for ds in by_stage.values() for d in ds]
    assert len(flat) == sum(len(e) for e in EXPECTED.values()) == 2


@pytest.mark.parametrize("edition", [3, 4])
def test_established_ranges_on_fig_5_2(edition: int) -> None:
    trace = trace_of(T, edition)
    for label, by_name in ESTABLISHED.items():
        step = fig55.stage_step(fig55.stage(label), trace)
        for name, (low, high) in by_name.items():
            (path,) = [p for p in T.nodes if T.name(p) == name]
            assert fig55.established(trace, step, path)[0] == Range(low, high), (label, name)


def test_the_editions_differ_in_windows_not_in_what_they_establish() -> None:
    third, fourth = trace_of(T, 3), trace_of(T, 4)
    c3 = third.frame(fig55.stage_step(fig55.stage("d"), third)).node((1,))
    c4 = fourth.frame(fig55.stage_step(fig55.stage("d"), fourth)).node((1,))
    # FACTS §2: the 4th edition sets β = 2 at C before it returns; the 3rd returns with β = +∞.
    assert (c3.alpha, c3.beta) == (3, inf) and (c4.alpha, c4.beta) == (3, 2)
    assert fig55.window_text(c3) == "(α=3, β=+∞)" and fig55.window_text(c4) == "(α=3, β=2)"
    assert fig55.compare(FIG_5_5, third) != [] and [
        (d.stage, d.name, d.reason) for d in fig55.compare(FIG_5_5, third)] == [
        (d.stage, d.name, d.reason) for d in fig55.compare(FIG_5_5, fourth)]


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_e_root_is_3_14_in_figure_but_only_at_least_3_in_the_algorithm(edition: int) -> None:
    (a,) = fig55.compare_stage(fig55.stage("e"), trace_of(T, edition))
    assert a.path == () and a.aspect == "range"
    assert a.figure == Range(3, 14) and a.algorithm == "[3, +∞] (running v = 3)"
    assert (a.state.alpha, a.state.beta, a.state.v) == (3, inf, 3)
    assert a.reason == ("A's running v = 3 establishes A ≥ 3, not A in [3, 14]: "
                        "no value the search has returned bounds A from above")
    (a5,) = fig55.compare_stage(fig55.stage("e+"), trace_of(T, edition))
    assert a5.name == "A" and "not A in [3, 5]" in a5.reason


@pytest.mark.parametrize("edition", [3, 4])
def test_c_fail_low_2_is_exactly_the_figures_at_most_2(edition: int) -> None:
    trace = trace_of(T, edition)
    step = fig55.stage_step(fig55.stage("d"), trace)
    c = trace.frame(step).node((1,))
    assert c.window == (3, inf) and c.value == 2 and c.bound is ab.Bound.UPPER
    assert fig55.established(trace, step, (1,)) == (Range(-inf, 2), "returned 2, fail-low")
    assert fig55.compare_stage(fig55.stage("d"), trace) == []


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_f_d_is_exact_for_d_and_only_a_bound_for_a(edition: int) -> None:
    # D searched d1, d2 and d3: min(14, 5, 2) = 2 is exact, as the figure draws it; A reads only D ≤ 2.
    trace = trace_of(T, edition)
    assert fig55.compare_stage(fig55.stage("f"), trace) == []
    assert fig55.established(trace, len(trace), (2,)) == (Range(2, 2), "returned 2, exact; a fail-low to A")


@pytest.mark.parametrize("edition", [3, 4])
def test_a_figure_that_calls_c_exact_is_told_c_was_cut_off(edition: int) -> None:
    # C's 2 came from c1 alone: c2 and c3 were pruned, so C ≤ 2 is all anyone knows, C itself included.
    wrong = FigureStage("f", {**fig55.stage("f").ranges, (1,): (2, 2)}, leaves_seen=fig55.stage("f").leaves_seen)
    (c,) = fig55.compare_stage(wrong, trace_of(T, edition))
    assert c.name == "C" and c.algorithm == "[−∞, 2] (returned 2, fail-low)"
    assert c.reason == ("C's 2 is only an upper bound, since c2 and c3 went unsearched: "
                        "the algorithm holds C ≤ 2, not C = 2")


def test_rows_for_a_table() -> None:
    ds = fig55.compare(FIG_5_5, trace_of(T, 3))
    rows = fig55.disagreement_rows(ds)
    assert len(rows) == len(ds)
    assert all(list(r) == ["stage", "in book", "step", "node", "path", "aspect", "figure", "algorithm", "window",
                           "reason"] for r in rows)
    row = next(r for r in rows if r["stage"] == "(e)" and r["node"] == "A")
    assert (row["aspect"], row["figure"], row["algorithm"], row["window"], row["path"]) == (
        "range", "[3, 14]", "[3, +∞] (running v = 3)", "(α=3, β=+∞)", "root")
    assert {r["in book"] for r in rows if r["stage"] == "(e+)"} == {False}


def _minimax(node: object, maximizing: bool) -> float:
    """The exact value of a nested-list subtree, written again here so the law below checks fig55 independently."""
    if not isinstance(node, list):
        return float(node)  # type: ignore[arg-type]
    values = [_minimax(c, not maximizing) for c in node]
    return max(values) if maximizing else min(values)


def _subtree(nested: list, path: tuple[int, ...]) -> object:
    node: object = nested
    for i in path:
        node = node[i]  # type: ignore[index]
    return node


@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14))
def test_what_is_established_always_contains_the_true_value(nested: list) -> None:
    # The law that makes "established" safe to compare a figure with: at every step,
    # for every node, both editions, the node's true minimax value lies in the range.
    tree = ab.tree(nested)
    for edition in (3, 4):
        trace = trace_of(tree, edition)
        for step in range(len(trace) + 1):
            for path in tree.nodes:
                held, _ = fig55.established(trace, step, path)
                value = _minimax(_subtree(nested, path), len(path) % 2 == 0)
                assert held.low <= value <= held.high, (nested, edition, step, path, held, value)
        root, why = fig55.established(trace, len(trace), ())
        assert root == Range.exact(_minimax(nested, True)) and why.endswith("exact")


def test_established_refuses_a_bad_step_or_path() -> None:
    trace = trace_of(T, 3)
    with pytest.raises(ValueError, match="step must be an int from 0 to 55, not 56"):
        fig55.established(trace, 56, ())
    with pytest.raises(ValueError, match="path 3 is not a node of this tree"):
        fig55.established(trace, 1, (3,))


# -- another tree, caller-given stages ---------------------------------------------

TUT = ab.examples.TUTORIAL  # A -> B(D=3, E=5, F=6), C(G=9, H=1, I=2)


def tutorial_stages() -> list[FigureStage]:
    mk = fig55.figure_stage
    return [
        mk(TUT, "1", {"A": (-inf, inf), "B": (-inf, 3), "C": None}, leaves=["D"]),
        # A human's inference, as in the book's (e): A ≤ max(3, 9).
        mk(TUT, "2", {"A": (3, 9), "B": (3, 3), "C": (-inf, 9)}, leaves=["D", "E", "F", "G"]),
        mk(TUT, "3", {"A": (3, 3), "B": None, "C": (-inf, 1), "I": (2, 2)}, leaves=["D", "E", "F", "G", "H"]),
        # Wrong on purpose: takes E = 5 as B's bound, and draws C early.
        mk(TUT, "4", {"B": (-inf, 5), "C": (3, 3)}, leaves=["E", "D"]),
    ]


@pytest.mark.parametrize("edition", [3, 4])
def test_other_tree_with_caller_stages(edition: int) -> None:
    # Worked out by hand.  (2): A has only v = 3 from B's exact 3, so A ≥ 3, not [3, 9]; C has v = 9 from
    # the leaf G, so C ≤ 9, as drawn.  (3): C returns 1 ≤ α = 3, fail-low, so C ≤ 1, as drawn; A returns 3
    # exactly; B is drawn blank though reached; I is pruned.  (4): B has v = min(3, 5) = 3, so B ≤ 3, not ≤ 5.
    by = fig55.compare_by_stage(tutorial_stages(), trace_of(TUT, edition))
    assert by["1"] == []
    assert keys(by["2"]) == {("2", "A", "range", "[3, 9]", "[3, +∞] (running v = 3)")}
    assert keys(by["3"]) == {
        ("3", "B", "reached", "blank", "reached"),
        ("3", "I", "reached", "[2, 2]", "pruned"),
    }
    assert keys(by["4"]) == {
        ("4", "B", "range", "[−∞, 5]", "[−∞, 3] (running v = 3)"),
        ("4", "C", "reached", "[3, 3]", "not reached"),
    }
    reasons = {(d.stage, d.name): d.reason for ds in by.values() for d in ds}
    assert reasons["2", "A"].startswith("A's running v = 3 establishes A ≥ 3, not A in [3, 9]")
    assert reasons["4", "B"] == "B's running v = 3 establishes B ≤ 3, not B ≤ 5"
    assert reasons["3", "I"] == "I is pruned: the search never looks at it"


def test_a_stage_that_agrees_everywhere_is_empty_on_another_tree() -> None:
    trace = trace_of(ab.examples.WIKIPEDIA, 3)
    first = trace.events[trace.steps("leaf")[0] - 1].node
    s = FigureStage("w", {(): (-inf, inf), first: (5, 5)}, leaves_seen=(first,))
    assert fig55.compare_stage(s, trace) == []


# -- bad stage data ----------------------------------------------------------------

@pytest.mark.parametrize("make, words", [
    (lambda: FigureStage("q", {(7,): (0, 1)}), ["stage (q)", "path 7", "not a node"]),
    (lambda: FigureStage("q", {(0,): (0, 1)}, leaves_seen=((0, 9),)), ["stage (q)", "0.9", "not a node"]),
    (lambda: FigureStage("q", {}, leaves_seen=((0,),)), ["stage (q)", "B", "path 0", "not a leaf"]),
    (lambda: FigureStage("q", {}, leaves_seen=((1, 1),)), ["stage (q)", "c2", "path 1.1", "never evaluated"]),
    (lambda: FigureStage("q", {}, leaves_seen=((0, 0), (0, 2))), ["stage (q)", "b2", "path 0.1", "does not list"]),
])
def test_stage_data_that_does_not_fit_the_tree(make, words) -> None:
    with pytest.raises(ValueError) as err:
        fig55.compare([make()], trace_of(T, 3))
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("make, words", [
    (lambda: FigureStage("r", {(2,): (14, 5)}), ["stage (r)", "path 2", "low > high"]),
    (lambda: FigureStage("r", {(2,): (float("nan"), 5)}), ["stage (r)", "path 2", "NaN"]),
    (lambda: FigureStage("r", {(2,): (1, 2, 3)}), ["stage (r)", "path 2"]),
    (lambda: FigureStage("r", {"D": (1, 2)}), ["stage (r)", "'D'", "not a path"]),
    (lambda: FigureStage("r", {}, leaves_seen=((0, 0), (0, 0))), ["stage (r)", "0.0", "twice"]),
    (lambda: fig55.figure_stage(T, "r", {"Z": None}), ["stage (r)", "'Z'"]),
    (lambda: fig55.figure_stage(T, "r", {}, leaves=["c3"]), []),  # valid data: c3 exists
])
def test_malformed_stage_data(make, words) -> None:
    if not words:
        make()
        return
    with pytest.raises(ValueError) as err:
        make()
    for w in words:
        assert w in str(err.value)


def test_range_rejects_non_numbers_and_reversed_ends() -> None:
    with pytest.raises(ValueError, match=r"\[5, 3\] has low > high"):
        Range(5, 3)
    with pytest.raises(TypeError):
        Range("0", 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="stage \\(s\\), node at path 1"):
        FigureStage("s", {(1,): (True, 3)})


def test_repeated_labels_and_wrong_traces() -> None:
    s = fig55.stage("a")
    with pytest.raises(ValueError, match=r"stage \(a\) appears twice"):
        fig55.compare([s, s], trace_of(T, 3))
    with pytest.raises(ValueError, match="alpha-beta trace"):
        fig55.compare([s], ab.minimax(T).trace)
    with pytest.raises(KeyError, match="no stage 'z'"):
        fig55.stage("z")
