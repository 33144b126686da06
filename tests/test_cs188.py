"""CS188's GraphGameTreeTest files: written from a tree, read back, with the solution the strict search gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach.lessons.grading.cs188 import parse_cs188

from .strategies import inner_trees


def entered(t: ab.Tree) -> set[str]:
    """The states the strict search enters, named as the trace names them (CS188 prunes only on >, <)."""
    trace = ab.alphabeta(t, prune_on_tie=False).trace
    return {trace.name(e.node) for e in trace.events if e.kind == "enter"}


@settings(max_examples=40, deadline=None)
@given(nested=inner_trees(max_leaves=16))
def test_a_round_trip_gives_the_same_tree(nested):
    t = ab.tree(nested)
    test, _ = ab.to_cs188(t)
    back = ab.from_cs188(test)
    assert back.to_nested() == t.to_nested()
    assert [n.move for n in back.walk()] == [n.move if n.move is not None else str(n.path[-1]) if n.path else None
                                             for n in t.walk()]
    assert ab.to_cs188(back)[0] == test


@settings(max_examples=40, deadline=None)
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


@settings(max_examples=30, deadline=None)
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
