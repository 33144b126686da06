"""The traced alpha-beta on AIMA Fig. 5.2 against the hand trace in FACTS.md §3."""

from math import inf

import pytest

import abteach as ab
from abteach.search.events import Bound, Kind

T = ab.examples.FIG_5_2


def compact(trace: ab.Trace) -> list[str]:
    """One short line per event, in the vocabulary of the hand trace."""
    out = []
    for e in trace:
        who = trace.name(e.node)
        if e.kind is Kind.ENTER:
            out.append(f"call {who} ({ab.fmt(e.alpha)}, {ab.fmt(e.beta)})")
        elif e.kind is Kind.LEAF:
            out.append(f"leaf {who} = {ab.fmt(e.value)}")
        elif e.kind is Kind.VALUE:
            out.append(f"{who}: v = {ab.fmt(e.v)}")
        elif e.kind is Kind.TEST:
            out.append(f"{who}: {e.test}? no")
        elif e.kind is Kind.WINDOW:
            out.append(f"{who}: {'α' if e.which == 'alpha' else 'β'} = "
                       f"{ab.fmt(e.alpha if e.which == 'alpha' else e.beta)}")
        elif e.kind is Kind.CUTOFF:
            out.append(f"{who}: cutoff {e.test} prunes [{trace.names(e.skipped)}]")
        elif e.kind is Kind.EXIT:
            out.append(f"{who} returns {ab.fmt(e.value)} ({e.bound.value})")
        elif e.kind is Kind.DONE:
            out.append(f"done: {trace.move_name((e.move,))} = {ab.fmt(e.value)}")
    return out


def leaf(name, value, window, under, v, then):
    """A leaf below a MIN node, 3rd edition: call, evaluate, v ← MIN(v, ·), then the rest."""
    return [f"call {name} {window}", f"leaf {name} = {value}", f"{under}: v = {v}", *then]


# FACTS.md §3, row by row (3rd edition).
THIRD = [
    # 1
    "call A (−∞, +∞)", "A: v = −∞",
    # 2
    "call B (−∞, +∞)", "B: v = +∞",
    # 3-5
    *leaf("b1", 3, "(−∞, +∞)", "B", 3, ["B: v=3 ≤ α=−∞? no", "B: β = 3"]),
    *leaf("b2", 12, "(−∞, 3)", "B", 3, ["B: v=3 ≤ α=−∞? no", "B: β = 3"]),
    *leaf("b3", 8, "(−∞, 3)", "B", 3, ["B: v=3 ≤ α=−∞? no", "B: β = 3"]),
    "B returns 3 (exact)",
    # 6
    "A: v = 3", "A: v=3 ≥ β=+∞? no", "A: α = 3",
    # 7
    "call C (3, +∞)", "C: v = +∞",
    # 8
    *leaf("c1", 2, "(3, +∞)", "C", 2, ["C: cutoff v=2 ≤ α=3 prunes [c2 and c3]"]),
    "C returns 2 (upper)",
    # 9
    "A: v = 3", "A: v=3 ≥ β=+∞? no", "A: α = 3",
    # 10
    "call D (3, +∞)", "D: v = +∞",
    # 11-13
    *leaf("d1", 14, "(3, +∞)", "D", 14, ["D: v=14 ≤ α=3? no", "D: β = 14"]),
    *leaf("d2", 5, "(3, 14)", "D", 5, ["D: v=5 ≤ α=3? no", "D: β = 5"]),
    *leaf("d3", 2, "(3, 5)", "D", 2, ["D: cutoff v=2 ≤ α=3 prunes []"]),
    "D returns 2 (upper)",
    # 14
    "A: v = 3", "A: v=3 ≥ β=+∞? no", "A: α = 3", "A returns 3 (exact)", "done: a1 = 3",
]


def leaf4(name, value, window, under, then):
    return [f"call {name} {window}", f"leaf {name} = {value}", *then]


# The 4th edition: update v and β on a strict improvement, then test.  Same leaves;
# at C it records β = 2 before the cutoff fires.
FOURTH = [
    "call A (−∞, +∞)", "A: v = −∞",
    "call B (−∞, +∞)", "B: v = +∞",
    *leaf4("b1", 3, "(−∞, +∞)", "B", ["B: v = 3", "B: β = 3", "B: v=3 ≤ α=−∞? no"]),
    *leaf4("b2", 12, "(−∞, 3)", "B", ["B: v2=12 < v=3? no", "B: v=3 ≤ α=−∞? no"]),
    *leaf4("b3", 8, "(−∞, 3)", "B", ["B: v2=8 < v=3? no", "B: v=3 ≤ α=−∞? no"]),
    "B returns 3 (exact)",
    "A: v = 3", "A: α = 3", "A: v=3 ≥ β=+∞? no",
    "call C (3, +∞)", "C: v = +∞",
    *leaf4("c1", 2, "(3, +∞)", "C", ["C: v = 2", "C: β = 2", "C: cutoff v=2 ≤ α=3 prunes [c2 and c3]"]),
    "C returns 2 (upper)",
    "A: v2=2 > v=3? no", "A: v=3 ≥ β=+∞? no",
    "call D (3, +∞)", "D: v = +∞",
    *leaf4("d1", 14, "(3, +∞)", "D", ["D: v = 14", "D: β = 14", "D: v=14 ≤ α=3? no"]),
    *leaf4("d2", 5, "(3, 14)", "D", ["D: v = 5", "D: β = 5", "D: v=5 ≤ α=3? no"]),
    *leaf4("d3", 2, "(3, 5)", "D", ["D: v = 2", "D: β = 2", "D: cutoff v=2 ≤ α=3 prunes []"]),
    "D returns 2 (upper)",
    "A: v2=2 > v=3? no", "A: v=3 ≥ β=+∞? no", "A returns 3 (exact)", "done: a1 = 3",
]


@pytest.mark.parametrize("edition, expected", [(3, THIRD), (4, FOURTH)])
def test_event_sequence_matches_the_hand_trace(edition, expected):
    assert compact(ab.alphabeta(T, edition=edition).trace) == expected


def test_editions_differ_at_cs_cutoff():
    at_cutoff = {}
    for edition in (3, 4):
        tr = ab.alphabeta(T, edition=edition).trace
        (step,) = [k for k in tr.steps(Kind.CUTOFF) if tr[k - 1].node == (1,)]
        at_cutoff[edition] = tr.frame(step).node((1,))
    assert (at_cutoff[3].alpha, at_cutoff[3].beta) == (3, inf)
    assert (at_cutoff[4].alpha, at_cutoff[4].beta) == (3, 2)


def test_public_api_example():
    t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = ab.alphabeta(t)
    assert (r.value, r.move) == (3, 0)
    assert r.evaluated == [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)]
    assert r.pruned == [(1, 1), (1, 2)]
    assert ab.alphabeta(T).move_name == "a1"
    assert ab.alphabeta(t, edition=4).evaluated == r.evaluated
    assert ab.alphabeta(t, prune_on_tie=False).evaluated == r.evaluated  # no ties on Fig. 5.2
    m = ab.minimax(t)
    assert (m.value, m.move, m.pruned, m.leaves) == (3, 0, [], 9)


def test_result_counts_and_pv():
    r = ab.alphabeta(T)
    assert (r.nodes, r.leaves, r.cutoffs) == (4 + 7, 7, 2)
    assert r.pv == (0, 0) and r.pv_path == (0, 0)  # a1 then b1, as FACTS.md §1
    assert ab.minimax(T).nodes == 13


def test_min_replies_of_fig_5_2():
    # FACTS.md §1: B → b1, C → c1, D → d3, found by minimax at each MIN node.
    final = ab.minimax(T).trace.frame(len(ab.minimax(T).trace))
    assert [T.node((i, final.node((i,)).best)).name for i in range(3)] == ["b1", "c1", "d3"]
    assert [final.node((i,)).value for i in range(3)] == [3, 2, 2]


def test_frames_status_stack_and_line():
    tr = ab.alphabeta(T).trace
    step = tr.steps(Kind.CUTOFF)[0]
    f = tr.frame(step)
    assert f.stack == ((), (1,))
    assert f.line == "min.test"
    assert tr.listing.text(f.line).strip() == "if v ≤ α then return v"
    assert f.status((1, 1)) is ab.Status.PRUNED and f.status((1, 2)) is ab.Status.PRUNED
    assert f.status((2,)) is ab.Status.UNVISITED and f.status((0,)) is ab.Status.DONE
    assert f.status(()) is ab.Status.ACTIVE
    assert f.node((1,)).window == (3, inf)
    assert f.node((1, 1)).pruned_by == "v=2 ≤ α=3"
    assert f.explanation == "v=2 ≤ α=3: MAX already has 3 at A, so C cannot matter; c2 and c3 are pruned."
    last = tr.frame(len(tr))
    assert last.stack == () and last.node(()).bound is Bound.EXACT and last.node(()).value == 3
    assert tr.frame(0).nodes == {} and tr.frame(0).event is None


def test_frames_generator_matches_random_access():
    tr = ab.alphabeta(ab.examples.WIKIPEDIA).trace
    frames = list(tr.frames())
    assert len(frames) == len(tr) + 1
    for k in (0, 1, len(tr) // 2, len(tr)):
        assert frames[k] == tr.frame(k)


@pytest.mark.parametrize("bad", [-1, 56, 10**6])
def test_frame_out_of_range_is_a_clear_error(bad):
    tr = ab.alphabeta(T).trace
    with pytest.raises(IndexError, match=f"step {bad} is out of range: this trace has steps 0 to {len(tr)}"):
        tr.frame(bad)


def test_every_event_names_a_line_of_its_listing():
    for edition in (3, 4):
        for algo in (ab.alphabeta, ab.minimax):
            tr = algo(ab.examples.WIKIPEDIA, edition=edition).trace
            for e in tr:
                assert e.line in tr.listing, (algo.__name__, edition, e)


def test_the_cutoff_sentence_names_the_node_that_set_beta():
    # On the encyclopedia tree the second MAX node at depth 2 is cut by β from its MIN parent.
    tr = ab.alphabeta(ab.examples.WIKIPEDIA).trace
    sentences = [tr.frame(k).explanation for k in tr.steps(Kind.CUTOFF)]
    assert any("MIN already has" in s for s in sentences)
    assert any("MAX already has" in s for s in sentences)
