"""Fig. 5.5 as data, its stage-to-step mapping, and the computed disagreements.

The expected disagreements are worked out by hand from the trace of Fig. 5.2
(FACTS §3) and the figure (FACTS §4), with the rules in ``abteach.lessons.fig55``:

* (a)-(c): A's and B's ranges are exactly the windows and values the algorithm
  holds (B ≤ 3 is β = v = 3; after B returns 3 exactly, A has α = v = 3).
* (d) on: C is called with (3, +∞) and returns 2 ≤ α, a fail-low bound.  The
  3rd edition returns before setting β (β stays +∞); the 4th sets β = 2 first.
* (e), (e+): A's β stays +∞, never 14 or 5; D is called with α = 3.
* (f): D returns 2 ≤ α = 3, again fail-low; its window is (3, 5) in the 3rd
  edition and (3, 2) in the 4th.  A returns 3 exactly, as drawn.
"""

from __future__ import annotations

import dataclasses
from math import inf

import pytest

import abteach as ab
from abteach import fig55
from abteach.lessons.fig55 import FIG_5_5, FigureStage, Range

T = FIG_5_2 = ab.examples.FIG_5_2


def trace_of(tree: ab.Tree, edition: int) -> ab.Trace:
    return ab.alphabeta(tree, edition=edition).trace


def keys(ds: list[fig55.Disagreement]) -> set[tuple[str, str, str, str, str]]:
    return {(d.stage, d.name, d.aspect, "blank" if d.figure is None else str(d.figure), d.algorithm) for d in ds}


# Written out from the reasoning in the module docstring above, not from output.
C3 = {("C", "alpha", "[−∞, 2]", "(α=3, β=+∞)"), ("C", "beta", "[−∞, 2]", "(α=3, β=+∞)")}
C4 = {("C", "alpha", "[−∞, 2]", "(α=3, β=2)")}
EXPECTED = {
    3: {
        "a": set(), "b": set(), "c": set(),
        "d": C3,
        "e": C3 | {("A", "beta", "[3, 14]", "(α=3, β=+∞)"), ("D", "alpha", "[−∞, 14]", "(α=3, β=14)")},
        "e+": C3 | {("A", "beta", "[3, 5]", "(α=3, β=+∞)"), ("D", "alpha", "[−∞, 5]", "(α=3, β=5)")},
        "f": C3 | {("D", "alpha", "[2, 2]", "(α=3, β=5)"), ("D", "beta", "[2, 2]", "(α=3, β=5)"),
                   ("D", "returned", "[2, 2]", "[−∞, 2] (returned 2, fail-low)")},
    },
    4: {
        "a": set(), "b": set(), "c": set(),
        "d": C4,
        "e": C4 | {("A", "beta", "[3, 14]", "(α=3, β=+∞)"), ("D", "alpha", "[−∞, 14]", "(α=3, β=14)")},
        "e+": C4 | {("A", "beta", "[3, 5]", "(α=3, β=+∞)"), ("D", "alpha", "[−∞, 5]", "(α=3, β=5)")},
        "f": C4 | {("D", "alpha", "[2, 2]", "(α=3, β=2)"),
                   ("D", "returned", "[2, 2]", "[−∞, 2] (returned 2, fail-low)")},
    },
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
    for label, expected in EXPECTED[edition].items():
        assert keys(by_stage[label]) == {(label, *k) for k in expected}, label
        assert len(by_stage[label]) == len(expected)  # no duplicates hidden by the set
    for label in "abc":
        assert by_stage[label] == []
    flat = fig55.compare(FIG_5_5, trace)
    assert flat == [d for ds in by_stage.values() for d in ds]
    assert len(flat) == {3: 15, 4: 10}[edition]


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_e_root_is_3_14_in_figure_but_beta_stays_infinite(edition: int) -> None:
    ds = fig55.compare_stage(fig55.stage("e"), trace_of(T, edition))
    (a,) = [d for d in ds if d.name == "A"]
    assert a.path == () and a.aspect == "beta"
    assert a.figure == Range(3, 14) and a.algorithm == "(α=3, β=+∞)"
    assert (a.state.alpha, a.state.beta, a.state.v) == (3, inf, 3)
    assert a.reason == "A's upper bound 14 is never stored: β at A stays +∞"
    (a5,) = [d for d in fig55.compare_stage(fig55.stage("e+"), trace_of(T, edition)) if d.name == "A"]
    assert a5.reason == "A's upper bound 5 is never stored: β at A stays +∞"


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_e_d_has_window_3_14_after_d1(edition: int) -> None:
    ds = fig55.compare_stage(fig55.stage("e"), trace_of(T, edition))
    (d,) = [d for d in ds if d.name == "D"]
    assert d.path == (2,) and d.aspect == "alpha"
    assert d.figure == Range(-inf, 14) and d.algorithm == "(α=3, β=14)"
    assert d.state.window == (3, inf) and d.state.v == 14
    assert d.reason == "D is called with α = 3, not −∞"


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_d_c_is_called_with_alpha_3(edition: int) -> None:
    ds = fig55.compare_stage(fig55.stage("d"), trace_of(T, edition))
    (c,) = [d for d in ds if d.aspect == "alpha"]
    assert (c.name, c.path, c.figure) == ("C", (1,), Range(-inf, 2))
    assert c.state.window == (3, inf) and c.state.bound is ab.Bound.UPPER
    assert c.reason.startswith("C is called with α = 3, not −∞")


def test_edition_3_c_keeps_beta_infinite_its_2_is_a_fail_low_bound() -> None:
    (c,) = [d for d in fig55.compare_stage(fig55.stage("d"), trace_of(T, 3)) if d.aspect == "beta"]
    assert c.reason.startswith("C's 2 is a fail-low bound, not C's value")
    assert "β at C stays +∞" in c.reason


def test_edition_4_sets_beta_2_at_c_before_it_returns() -> None:
    (c,) = fig55.compare_stage(fig55.stage("d"), trace_of(T, 4))
    assert c.state.beta == 2
    assert c.reason == "C is called with α = 3, not −∞; the 4th edition sets β = 2 at C before it returns"


@pytest.mark.parametrize("edition", [3, 4])
def test_stage_f_d_is_a_fail_low_bound_not_exact(edition: int) -> None:
    (d,) = [d for d in fig55.compare_stage(fig55.stage("f"), trace_of(T, edition)) if d.aspect == "returned"]
    assert d.name == "D" and d.figure == Range(2, 2)
    assert "the algorithm holds D ≤ 2, not D = 2" in d.reason


def test_rows_for_a_table() -> None:
    ds = fig55.compare(FIG_5_5, trace_of(T, 3))
    rows = fig55.disagreement_rows(ds)
    assert len(rows) == len(ds)
    assert all(list(r) == ["stage", "in book", "step", "node", "path", "aspect", "figure", "algorithm", "reason"]
               for r in rows)
    row = next(r for r in rows if r["stage"] == "(e)" and r["node"] == "A")
    assert (row["aspect"], row["figure"], row["algorithm"], row["path"]) == ("β", "[3, 14]", "(α=3, β=+∞)", "root")
    assert {r["in book"] for r in rows if r["stage"] == "(e+)"} == {False}


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


def test_other_tree_with_caller_stages_edition_3() -> None:
    by = fig55.compare_by_stage(tutorial_stages(), trace_of(TUT, 3))
    assert by["1"] == []
    assert keys(by["2"]) == {
        ("2", "A", "beta", "[3, 9]", "(α=3, β=+∞)"),
        ("2", "C", "alpha", "[−∞, 9]", "(α=3, β=9)"),
    }
    assert keys(by["3"]) == {
        ("3", "B", "reached", "blank", "reached, (α=−∞, β=3)"),
        ("3", "C", "alpha", "[−∞, 1]", "(α=3, β=9)"),
        ("3", "C", "beta", "[−∞, 1]", "(α=3, β=9)"),
        ("3", "I", "reached", "[2, 2]", "pruned"),
    }
    assert keys(by["4"]) == {
        ("4", "B", "beta", "[−∞, 5]", "(α=−∞, β=3)"),
        ("4", "B", "v", "[−∞, 5]", "v=3"),
        ("4", "C", "reached", "[3, 3]", "not reached"),
    }
    reasons = {(d.stage, d.name, d.aspect): d.reason for ds in by.values() for d in ds}
    assert reasons["2", "A", "beta"] == "A's upper bound 9 is never stored: β at A stays +∞"
    assert reasons["2", "C", "alpha"] == "C is called with α = 3, not −∞"
    assert reasons["3", "C", "beta"].startswith("C's 1 is a fail-low bound, not C's value")
    assert reasons["3", "I", "reached"] == "I is pruned: the search never looks at it"


def test_other_tree_with_caller_stages_edition_4() -> None:
    by = fig55.compare_by_stage(tutorial_stages(), trace_of(TUT, 4))
    assert keys(by["3"]) == {
        ("3", "B", "reached", "blank", "reached, (α=−∞, β=3)"),
        ("3", "C", "alpha", "[−∞, 1]", "(α=3, β=1)"),
        ("3", "I", "reached", "[2, 2]", "pruned"),
    }
    (c,) = [d for d in by["3"] if d.name == "C"]
    assert c.reason.endswith("the 4th edition sets β = 1 at C before it returns")


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
