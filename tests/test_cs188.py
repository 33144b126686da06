"""CS188's GraphGameTreeTest files: written from a tree, read back, with the solution the strict search gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach.grading.cs188 import parse_cs188

from .strategies import inner_trees, examples


def entered(t: ab.Tree) -> set[str]:
    """The states the strict search enters, named as the trace names them (CS188 prunes only on >, <)."""
    trace = ab.alphabeta(t, prune_on_tie=False).trace
    return {trace.name(e.node) for e in trace.events if e.kind == "enter"}


@settings(max_examples=examples(0.2))
@given(nested=inner_trees(max_leaves=16))
def test_a_round_trip_gives_the_same_tree(nested):
    t = ab.tree(nested)
    test, _ = ab.to_cs188(t)
    back = ab.from_cs188(test)
    assert back.to_nested() == t.to_nested()
    # Each action is written as the tree names its move (its own label, or a1, b2, ... as the book names them).
    assert [n.move for n in back.walk()] == [t.move_name(t.node(n.path[:-1]), n.path[-1]) if n.path else None
                                             for n in t.walk()]
    assert ab.to_cs188(back)[0] == test


@settings(max_examples=examples(0.2))
@given(nested=inner_trees(max_leaves=16))
def test_the_solution_is_what_the_strict_search_enters_plus_the_start(nested):
    t = ab.tree(nested)
    test, solution = ab.to_cs188(t)
    s, d = parse_cs188(solution), parse_cs188(test)
    generated = s["generated"].split()
    assert generated == sorted(generated)  # Python's string order: capitals first
    assert set(generated) == entered(t) | {d["start_state"]}
    strict = ab.alphabeta(t, prune_on_tie=False)
    assert s["action"] == t.move_name(t.root, strict.move)


@settings(max_examples=examples(0.2))
@given(nested=inner_trees(max_leaves=16))
def test_every_leaf_is_a_win_or_lose_state_or_at_the_depth_limit(nested):
    t = ab.tree(nested)
    d = parse_cs188(ab.to_cs188(t)[0])
    names = set(d["win_states"].split()) | set(d["lose_states"].split())
    depth = int(d["depth"])
    back = ab.from_cs188(ab.to_cs188(t)[0])
    for leaf in back.leaves():
        assert leaf.name in names or len(leaf.path) == 2 * depth
    states = [line.split()[0] for line in d["successors"].splitlines()] + d["win_states"].split()
    assert all(" " not in x for x in states)
    assert len(set(n.name for n in back.walk())) == len(back)


def test_fig_5_2_as_cs188_has_the_textbook_solution():
    test, solution = ab.to_cs188(ab.examples.FIG_5_2)
    # FACTS.md §3: the strict search of Fig. 5.2 prunes c2 and c3 and plays a1.
    assert solution == 'action: "a1"\ngenerated: "A B C D b1 b2 b3 c1 d1 d2 d3"\n'
    d = parse_cs188(test)
    assert (d["class"], d["alg"], d["depth"], d["num_agents"], d["start_state"]) == (
        "GraphGameTreeTest", "AlphaBetaAgent", "1", "2", "A")
    assert "diagram" in d and "#" not in d["diagram"]


def test_ties_at_the_root_go_to_the_first_action():
    t = ab.tree([[5, 6], [7, 5], [5, 9]])  # every MIN child is worth 5
    _, solution = ab.to_cs188(t)
    assert parse_cs188(solution)["action"] == t.move_name(t.root, 0)


def test_a_hand_written_test_file_is_read_as_cs188_reads_it():
    text = '''class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "1"

#  A tree from the slides  # comment after a comment
diagram: """
    max
   /   \\
  a     b
"""
num_agents: "2"

start_state: "A"
win_states: ""
lose_states: ""

successors: """
A Left B   # the first move
A Right C
B Left d
B Right e
C Left f
C Right g
"""

evaluation: """
d 3.0
e 4
f -2
g 9.5
"""
'''
    t = ab.from_cs188(text)
    assert t.to_nested() == [[3.0, 4], [-2, 9.5]]
    assert [n.name for n in t.walk()] == ["A", "B", "d", "e", "C", "f", "g"]
    assert t.node((1,)).move == "Right"


@pytest.mark.parametrize("text, words", [
    ('class: "PacmanTest"\n', "not a GraphGameTreeTest"),
    ('class: "GraphGameTreeTest"\nstart_state: "A"\nsuccessors: """\nA x B\nA y B\n"""\nevaluation: """\nB 1\n"""\n',
     "reached twice"),
    ('class: "GraphGameTreeTest"\nstart_state: "A"\nsuccessors: """\nA x B\n"""\nevaluation: """\n"""\n',
     "no evaluation"),
    ('class: "GraphGameTreeTest"\nsuccessors: """\nA x B\n', "never closes"),
    ('class GraphGameTreeTest\n', "line 1"),
])
def test_bad_files_are_refused_with_the_reason(text, words):
    with pytest.raises(ValueError, match=words):
        ab.from_cs188(text)


def test_a_tree_with_min_at_the_root_is_refused():
    with pytest.raises(ValueError, match="MAX"):
        ab.to_cs188(ab.tree([[1, 2]], root="MIN"))


# -- depth-limited tests: the tree stops where CS188's agent stops ----------------------------

# The shape of CS188's 2-1a-vary-depth test: the c states carry evaluations that differ from
# what lies below them, so a search to depth 1 and one to the bottom disagree.
VARY_DEPTH = '''class: "GraphGameTreeTest"
alg: "AlphaBetaAgent"
depth: "{depth}"

diagram: """
           a
        /     \\
      b1       b2
     /  \\       |
   c1    c2     cx
  / \\   / \\     |
 d1 d2 d3 d4    dx
"""
num_agents: "2"

start_state: "a"
win_states: "d1 d2 d3 d4 dx"
lose_states: ""

successors: """
a Left b1
a Right b2
b1 Left c1
b1 Right c2
b2 Down cx
c1 Left d1
c1 Right d2
c2 Left d3
c2 Right d4
cx Down dx
"""

evaluation: """
c1 -4
c2 9
cx -3.5
d1 -3
d2 -9
d3 10
d4 6
dx -4.01
"""
'''


def solved(text: str) -> tuple[str, str]:
    """The action and the generated states of a search of what ``from_cs188`` reads, as CS188 grades them."""
    t = ab.from_cs188(text)
    r = ab.alphabeta(t, prune_on_tie=False)
    generated = entered(t) | {parse_cs188(text)["start_state"]}
    return t.move_name(t.root, r.move), " ".join(sorted(generated))


def test_a_depth_1_test_stops_at_the_evaluations_after_min_replies():
    text = VARY_DEPTH.format(depth=1)
    # By hand, at ply 2: b1 = min(c1 -4, c2 9) = -4 and b2 = cx = -3.5 > -4, so MAX goes Right.
    # Nothing below the c states is generated.
    assert ab.from_cs188(text).to_nested() == [[-4, 9], [-3.5]]
    assert solved(text) == ("Right", "a b1 b2 c1 c2 cx")


def test_a_depth_2_test_searches_to_the_bottom():
    text = VARY_DEPTH.format(depth=2)
    # By hand: c1 = max(-3, -9) = -3; at c2, d3 = 10 > β = -3 prunes d4; b1 = -3.
    # b2 = cx = dx = -4.01 < -3, so MAX goes Left.
    assert ab.from_cs188(text).to_nested() == [[[-3, -9], [10, 6]], [[-4.01]]]
    assert solved(text) == ("Left", "a b1 b2 c1 c2 cx d1 d2 d3 dx")


def test_a_win_or_lose_state_is_a_leaf_even_with_successors():
    text = '''class: "GraphGameTreeTest"
depth: "3"
start_state: "A"
win_states: "B"
lose_states: "C"
successors: """
A x B
A y C
B x b
C x c
"""
evaluation: """
B 5
C -2
b -100
c 100
"""
'''
    t = ab.from_cs188(text)
    assert t.to_nested() == [5, -2] and [n.name for n in t.walk()] == ["A", "B", "C"]
    assert solved(text) == ("x", "A B C")


@pytest.mark.parametrize("depth, words", [("0", "depth must be a whole number ≥ 1, not '0'"),
                                          ("two", "depth must be a whole number ≥ 1, not 'two'")])
def test_a_bad_depth_is_refused_by_name(depth, words):
    with pytest.raises(ValueError, match=words):
        ab.from_cs188(VARY_DEPTH.format(depth=depth))


def test_a_state_at_the_depth_limit_without_an_evaluation_is_named():
    text = VARY_DEPTH.format(depth=1).replace("c2 9\n", "")
    with pytest.raises(ValueError, match=r"state 'c2' is at the depth limit \(depth=1, ply 2\).*no evaluation"):
        ab.from_cs188(text)
