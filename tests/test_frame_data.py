"""A frame as data (abteach.views.frame_data) says what the matplotlib drawing draws, at every step.

The texts compared are read off the figure :func:`abteach.views.draw.draw_frame` makes (its text artists,
grouped by the node whose position they are placed at), not worked out again here; the replayed state of
each step is compared with the state worked out directly from that step's frame.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.views.draw import draw_frame
from abteach.views.frame_data import (CURRENT, ON_PV, ON_STACK, data_json, frame_data, node_state, replay,
                                      step_state)
from abteach.views.scene import trace_scene
from abteach.views.styles import node_styles
from tests.strategies import examples, inner_trees
from tests.test_narration_root import RUNS


def _drawn_texts(trace, step, data):
    """What the drawing writes at step ``step``: per node (by layout index), and the move and note texts."""
    fig = draw_frame(trace, step, caption=False, legend=False, stable=True)
    where = {(n["x"], n["y"]): i for i, n in enumerate(data["layout"]["nodes"])}
    at_node: dict[int, Counter] = {}
    elsewhere: Counter = Counter()
    for t in fig.axes[0].texts:
        # A pruned note hangs under its group, which for one leaf is that leaf's own place: told by its words.
        i = None if t.get_text().startswith("pruned:\n") else where.get(tuple(map(float, t.get_position())))
        if i is None:
            elsewhere[t.get_text()] += 1
        else:
            at_node.setdefault(i, Counter())[t.get_text()] += 1
    return at_node, elsewhere


def _data_texts(data, state):
    """What the data says is written at each node, and on edges and under pruned groups, at one step."""
    layout = data["layout"]["nodes"]
    at_node: dict[int, Counter] = {}
    elsewhere: Counter = Counter()
    groups = set()
    for i, s in enumerate(state["nodes"]):
        if s is None:
            continue
        n = layout[i]
        texts = [n["name"], s[1], "\n".join(s[2]), n["below"]]
        if any(texts):
            at_node[i] = Counter(t for t in texts if t)
        if n["move"]:
            elsewhere[n["move"]] += 1
        if s[4]:
            groups.add((n["parent"], s[4]))
    for _, why in groups:
        elsewhere[f"pruned:\n{why}"] += 1
    return at_node, elsewhere


def _check_every_step(trace):
    data = frame_data(trace)
    assert json.loads(data_json(data)) == data  # plain JSON, nothing lost
    layout = data["layout"]["nodes"]
    for k in range(len(trace) + 1):
        state = replay(data, k)
        assert state == step_state(trace, k), f"step {k}: the replayed state is not the step's own"
        assert _data_texts(data, state) == _drawn_texts(trace, k, data), f"step {k}: print and screen disagree"
        styles = node_styles(trace, k, stable=True)
        paths = [tuple(int(x) for x in n["path"].split(".")) if n["path"] else () for n in layout]
        for i, s in enumerate(state["nodes"]):
            if s is not None:
                st = styles[paths[i]]
                assert layout[i]["kind"] == st.kind
                assert bool(s[3] & CURRENT) == st.current and bool(s[3] & ON_STACK) == st.on_stack
                assert bool(s[3] & ON_PV) == st.on_pv
    return data


@pytest.mark.parametrize("search", [ab.alphabeta, ab.negamax, ab.minimax], ids=["alphabeta", "negamax", "minimax"])
def test_fig52_every_step_as_drawn(search):
    trace = search(ab.examples.FIG_5_2).trace
    data = _check_every_step(trace)
    # The players are the tree's own, not a guess by depth.
    tree = ab.examples.FIG_5_2
    assert [n["player"] for n in data["layout"]["nodes"]] == [tree.nodes[p].player for p in tree.nodes]


def test_mcts_every_step_as_drawn():
    trace = ab.mcts(ab.TicTacToe("X.. .O. ..."), playouts=12, seed=1).trace
    data = _check_every_step(trace)
    # Players come from the search's own node states; MCTS records who is to move at each node it expands.
    last = trace.last()
    for n in data["layout"]["nodes"]:
        path = tuple(int(x) for x in n["path"].split(".")) if n["path"] else ()
        recorded = last.node(path).player
        if recorded:
            assert n["player"] == recorded


@settings(max_examples=examples(0.05), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(inner_trees(max_leaves=9))
def test_generated_trees_every_step_as_drawn(nested):
    _check_every_step(ab.alphabeta(ab.tree(nested)).trace)


def test_stack_and_line_as_the_algorithm_names_them():
    trace = ab.negamax(ab.examples.FIG_5_2).trace
    data = frame_data(trace)
    for k in range(len(trace) + 1):
        frame = trace.frame(k)
        state = replay(data, k)
        assert [c[0] for c in state["stack"]] == [
            trace.algorithm.frame_name(frame.node(p).player, trace.name(p)) for p in frame.stack]
        assert state["line"] == (trace.listing.number(frame.line) if frame.line in trace.listing else None)
        assert state["sentence"] == frame.explanation
    assert [line for _, line in data["listing"]["lines"]] == [text for _, text in trace.listing.lines]


def test_later_steps_carry_only_changes():
    trace = ab.alphabeta(ab.examples.WIKIPEDIA).trace
    data = frame_data(trace)
    n = len(data["layout"]["nodes"])
    assert len(data["steps"][0]["nodes"]) == n
    changed = [len(s["nodes"]) for s in data["steps"][1:]]
    assert max(changed) < n and sum(changed) < n * len(changed) / 4


def test_node_state_of_a_plain_tree_style_is_none():
    assert node_state(ab.node_styles(ab.alphabeta(ab.examples.FIG_5_2).trace, 0)[()]) is not None
    from abteach.views.styles import tree_styles
    assert node_state(tree_styles(ab.examples.FIG_5_2)[()]) is None


def test_bad_input_is_named():
    with pytest.raises(TypeError, match="Trace"):
        frame_data("not a trace")
    data = frame_data(ab.minimax(ab.tree([1, 2])).trace)
    with pytest.raises(IndexError, match="step must be a whole number from 0 to"):
        replay(data, len(data["steps"]))
    with pytest.raises(ValueError, match="max_depth"):
        frame_data(ab.minimax(ab.tree([1, 2])).trace, max_depth=-1)


def _check_replay(trace, max_depth):
    """Every step replayed from the data is the step's own state, worked out from its frame alone."""
    scene = trace_scene(trace, max_depth)
    data = frame_data(trace, max_depth=max_depth)
    for k in range(len(trace) + 1):
        assert replay(data, k) == step_state(trace, k, scene), (trace, max_depth, k)


@settings(max_examples=examples(0.1), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=inner_trees(max_leaves=12, values=st.integers(0, 6)), max_depth=st.sampled_from([None, 1, 2]))
def test_every_registered_search_replays_to_each_steps_own_state(tree, max_depth):
    # frame_data styles again only the nodes a step can change (its walk's changes, the nodes below them,
    # and the current, stack and best-play nodes before and after); step_state styles every node afresh.
    game = ab.tree(tree)
    for runs in RUNS.values():
        for run in runs:
            _check_replay(run(game, None).trace, max_depth)


@pytest.mark.parametrize("make", [
    lambda: ab.alphabeta(ab.random_tree(4, 4, seed=2)),       # drawn summarised: only its top is shown
    lambda: ab.iterative_deepening(ab.random_tree(3, 3, seed=1), max_depth=3, evaluate=lambda s, p: 0),
    lambda: ab.alphabeta(ab.TicTacToe("XO. .X. ..O")),        # a game: nodes drawn once reached
], ids=["summarised", "passes", "game"])
def test_big_and_multi_pass_searches_replay_to_each_steps_own_state(make):
    _check_replay(make().trace, None)


def test_a_big_search_is_drawn_summarised():
    # The summarised case above is one: a drawing of it leaves out the nodes below its top levels.
    assert trace_scene(ab.alphabeta(ab.random_tree(4, 4, seed=2)).trace, None).cut is not None
