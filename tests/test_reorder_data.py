"""The reorder view's data: every ordering's last frame, once, as the stepper's frame data describes it."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import abteach as ab
from abteach.lessons.ordering import reorderings
from abteach.views.frame_data import data_json, frame_data, replay
from abteach.views.reorder import decode, key_text, reorder_data, text_key
from tests.strategies import examples, inner_trees

FIG = ab.examples.FIG_5_2


@pytest.fixture(scope="module")
def fig52():
    r = reorderings(FIG)
    return r, reorder_data(r)


def _expected(r, key):
    """What the stepper's data says of the ordering's last frame: its layout and every node's state."""
    trace = r.result(key).trace
    data = frame_data(trace)
    return data["layout"], replay(data, len(trace))["nodes"]


def _check_ordering(r, data, key):
    shown = decode(data, key_text(key))
    layout, nodes = _expected(r, key)
    assert shown["layout"] == layout
    assert shown["nodes"] == nodes
    result = r.result(key)
    said = re.fullmatch(r"(\d+) of (\d+) leaves evaluated\. Pruned: (.*)\.", shown["summary"])
    assert said is not None, shown["summary"]
    # Counted from the drawing itself: the leaves drawn as done are the leaves the search evaluated.
    done = sum(1 for nd, st in zip(layout["nodes"], nodes) if nd["kind"] == "leaf" and st[0] == "d")
    assert int(said[1]) == result.leaves == done == shown["leaves"]
    assert int(said[2]) == sum(1 for nd in layout["nodes"] if nd["kind"] == "leaf")
    # What a cutoff skipped: the pruned nodes whose parent is not pruned itself, in the order the layout has them.
    tree = r.tree_for(key)
    paths = [tuple(int(i) for i in nd["path"].split(".")) if nd["path"] else () for nd in layout["nodes"]]
    status = {p: st[0] for p, st in zip(paths, nodes)}
    skipped = sorted((p for p in paths if status[p] == "p" and status[p[:-1]] != "p"))
    assert sorted(said[3].split(", ")) == sorted([tree.name(p) for p in skipped] or ["nothing"])


@settings(max_examples=examples(0.3), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nested=inner_trees(max_leaves=8), data=st.data())
def test_any_ordering_decodes_to_its_searchs_last_frame(nested, data):
    tree = ab.tree(nested)
    inner = [p for p, n in tree.nodes.items() if not n.is_leaf]
    total = math.prod(math.factorial(len(tree.nodes[p].children)) for p in inner)
    assume(total <= 144)
    r = reorderings(tree)
    described = reorder_data(r)
    assert len(described["orderings"]) == len(r) == total
    for key in data.draw(st.lists(st.sampled_from(sorted(r.results)), min_size=1, max_size=3, unique=True)):
        _check_ordering(r, described, key)


def test_fig52_every_ordering_in_one_small_layout(fig52):
    r, data = fig52
    size = len(data_json(data).encode("utf-8"))
    assert size < 200_000, size
    assert len(data["layouts"]) == 1  # every subtree of a level looks alike: one shape for every ordering
    assert len(data["orderings"]) == len(r) == 6 ** 4
    for key in r.results:  # each row is the ordering its key says, as the page counts them
        assert decode(data, key_text(key))["leaves"] == r.result(key).leaves


@pytest.mark.parametrize("key", [(), ((0, 1, 2),) * 3 + ((2, 0, 1),), ((1, 0, 2),) * 2 + ((2, 1, 0),) * 2])
def test_fig52_orderings_decode_to_their_last_frames(fig52, key):
    r, data = fig52
    _check_ordering(r, data, key or r.identity)


def test_the_buttons_keys_are_the_best_the_worst_and_the_trees_own(fig52):
    r, data = fig52
    keys = data["keys"]
    assert text_key(keys["own"]) == r.identity
    assert decode(data, keys["best"])["leaves"] == r.fewest_leaves == min(r.histogram())
    assert decode(data, keys["worst"])["leaves"] == r.most_leaves == max(r.histogram())
    assert f"{len(r)} orderings" in data["overall"]


def test_an_uneven_tree_changes_its_layout_with_its_order():
    r = reorderings(ab.tree([[1, 2], 3]))
    data = reorder_data(r)
    assert len(data["layouts"]) == 2
    for key in r.results:
        _check_ordering(r, data, key)


def test_bad_input_is_refused(fig52):
    r, data = fig52
    with pytest.raises(TypeError, match="Reorderings"):
        reorder_data(ab.alphabeta(FIG))
    with pytest.raises(TypeError, match="title"):
        reorder_data(r, title=3)
    with pytest.raises(KeyError, match="no ordering"):
        decode(data, "0,1,2")
    with pytest.raises(KeyError, match="D's orders"):
        decode(data, "0,1,2|0,1,2|0,1,2|0,0,0")
    with pytest.raises(ValueError, match="children by index"):
        text_key("a|b")
