"""Trace.walk, the one-pass way through a search, holds every node's state that Frame.nodes holds, at every step.

A frame reads each node's state from its history by bisection (:attr:`Frame.nodes`, made whole here with
``dict``); the walk applies each step's own changes to one mapping.  The two are compared at every step of
every registered search (each variant :data:`tests.test_narration_root.RUNS` lists) on generated trees, and
on a game, whose tree is found as it is searched.  ``changed`` is what a view redraws, so the law it must keep
is that every node whose state differs from the step before is in it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.trace.frames import Trace
from abteach.trace.registry import registered
from tests.strategies import examples, inner_trees
from tests.test_narration_root import RUNS


def check_walk(trace: Trace) -> None:
    """The walk's states are the frames' at every step, and its changes cover every difference."""
    before: dict[Any, Any] = {}
    steps = []
    for walked in trace.walk():
        k = walked.frame.step
        steps.append(k)
        frame = trace.frame(k)
        now = dict(walked.nodes)
        assert now == dict(frame.nodes), (trace, k)
        assert all(frame.nodes.get(p) == s and p in frame.nodes for p, s in now.items()), (trace, k)
        differ = {p for p in before.keys() | now.keys() if before.get(p) != now.get(p)}
        assert differ <= walked.changed <= before.keys() | now.keys(), (trace, k, differ, walked.changed)
        before = now
    assert steps == list(range(len(trace) + 1))


def test_every_registered_search_is_walked_here():
    # The package's own searches: a test module may register one of its own (test_toy_algorithm's optimist), and
    # the register keeps it for the rest of the run, whatever order the modules run in.
    ours = {name for name, entry in registered().items() if entry.search.__module__.split(".")[0] == "abteach"}
    assert set(RUNS) == ours


@settings(max_examples=examples(0.3), deadline=None)
@given(tree=inner_trees(max_leaves=14, values=st.integers(0, 6)))
def test_the_walk_holds_what_every_frame_holds(tree):
    game = ab.tree(tree)
    for runs in RUNS.values():
        for run in runs:
            check_walk(run(game, None).trace)


@pytest.mark.parametrize("name", ["alphabeta", "iterative_deepening", "mcts"])
def test_the_walk_holds_what_every_frame_holds_in_a_game(name):
    game = ab.TicTacToe(ab.Board.parse("XO. .X. ..O"))
    (run, *_) = RUNS[name]
    check_walk(run(game, None).trace)


def test_a_new_pass_changes_every_node_the_last_one_reached():
    # Iterative deepening searches the tree again at each depth: the walk says the old pass's nodes are gone.
    tr = ab.iterative_deepening(ab.examples.FIG_5_2, max_depth=2, evaluate=lambda s, p: 0).trace
    starts = [w for w in tr.walk() if w.frame.step and w.frame.pass_index != tr.frame(w.frame.step - 1).pass_index]
    assert starts
    for w in starts:
        ended = tr.frame(w.frame.step - 1).nodes
        assert ended and set(ended) <= w.changed
