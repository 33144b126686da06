"""Building, naming, saving and validating explicit trees."""

import json
import math

import pytest
from hypothesis import given, settings

import abteach as ab
from .strategies import nested_trees


def test_levels_alternate_from_the_root():
    t = ab.tree([[3, [4, 5]], 6])
    assert [t.node(p).player for p in [(), (0,), (0, 1), (1,)]] == ["MAX", "MIN", "MAX", "MIN"]
    m = ab.tree([[3, [4, 5]], 6], root=ab.MIN)
    assert [m.node(p).player for p in [(), (0,), (0, 1)]] == ["MIN", "MAX", "MIN"]


def test_uneven_trees_are_allowed():
    t = ab.tree([1, [2, [3, 4, 5, 6]], [7]])
    assert t.height == 3 and len(t.leaves()) == 7
    assert [n.path for n in t.leaves()] == [(0,), (1, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2), (1, 1, 3), (2, 0)]


def test_textbook_names_come_with_fig_5_2():
    t = ab.examples.FIG_5_2
    assert [t.node(p).name for p in [(), (0,), (1,), (2,)]] == ["A", "B", "C", "D"]
    assert [t.node((i,)).move for i in range(3)] == ["a1", "a2", "a3"]
    assert [t.node((2, j)).move for j in range(3)] == ["d1", "d2", "d3"]
    assert [n.value for n in t.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]


@settings(max_examples=200, deadline=None)
@given(nested_trees())
def test_json_round_trip(nested):
    t = ab.tree(nested, root=ab.MIN)
    back = ab.tree_from_json(t.to_json())
    assert back.to_nested() == nested and back.root.player == ab.MIN


def test_json_keeps_names():
    back = ab.tree_from_json(ab.examples.FIG_5_2.to_json())
    assert back.node((1, 2)).name == "c3" and back.node((1,)).move == "a2"


def test_save_never_overwrites(tmp_path):
    f = tmp_path / "t.json"
    ab.examples.TUTORIAL.save(f)
    before = f.read_text()
    with pytest.raises(FileExistsError, match="already exists"):
        ab.examples.FIG_5_2.save(f)
    assert f.read_text() == before
    ab.examples.FIG_5_2.save(f, overwrite=True)
    assert ab.load_tree(f).to_nested() == ab.examples.FIG_5_2.to_nested()


@pytest.mark.parametrize("nested, error, message", [
    ([[3, 12], []], ValueError, "inner node at path 1 has an empty child list"),
    ([], ValueError, "inner node at path root has an empty child list"),
    ([[3, "12"]], TypeError, "leaf at path 0.1 has value '12' of type str"),
    ([[3, None]], TypeError, "leaf at path 0.1 has value None of type NoneType"),
    ([[True, 1]], TypeError, "leaf at path 0.0 has value True of type bool"),
    ([[1, 2j]], TypeError, "leaf at path 0.1 has value 2j of type complex"),
    ([[1, [2, math.nan]]], ValueError, "leaf at path 0.1.1 is NaN"),
    ([[1, {"a": 1}]], TypeError, "leaf at path 0.1 has value {'a': 1} of type dict"),
])
def test_bad_trees_name_the_path(nested, error, message):
    with pytest.raises(error) as err:
        ab.tree(nested)
    assert message in str(err.value)


def test_labels_must_match_the_shape():
    with pytest.raises(ValueError, match=r"name 'Z' is given for path \(5,\), which is not a node of this tree"):
        ab.tree([[1, 2], [3]], names={(5,): "Z"})
    with pytest.raises(ValueError, match=r"move name 'x' is given for path \(0, 9\)"):
        ab.tree([[1, 2], [3]], moves={(0, 9): "x"})
    with pytest.raises(ValueError, match="given for the root"):
        ab.tree([[1, 2], [3]], moves={(): "x"})
    with pytest.raises(TypeError, match="name for path 0 must be a string"):
        ab.tree([[1, 2], [3]], names={(0,): 7})


def test_too_deep_a_tree_names_the_limit_not_a_recursion_error():
    deep = 1
    for _ in range(ab.MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(ValueError, match=f"deeper than the supported depth of {ab.MAX_DEPTH} plies"):
        ab.tree(deep)
    very_deep = 1
    for _ in range(50_000):
        very_deep = [very_deep]
    with pytest.raises(ValueError, match="supported depth"):
        ab.tree(very_deep)
    with pytest.raises(ValueError, match="supported depth"):
        ab.tree_from_json("[" * 50_000 + "1" + "]" * 50_000)


def test_the_deepest_supported_tree_searches():
    deep = 1
    for _ in range(ab.MAX_DEPTH):
        deep = [deep, 0]
    r = ab.alphabeta(ab.tree(deep))
    assert r.value == ab.minimax(ab.tree(deep), trace=False).value


def test_bad_json_is_a_clear_error():
    with pytest.raises(ValueError, match="not valid JSON"):
        ab.tree_from_json("[[1, 2], [3,")
    with pytest.raises(ValueError, match="unknown keys"):
        ab.tree_from_json(json.dumps({"tree": [1], "colour": "red"}))
    with pytest.raises(ValueError, match="bad node path 'x.1'"):
        ab.tree_from_json(json.dumps({"tree": [[1]], "names": {"x.1": "a"}}))
    with pytest.raises(ValueError, match="root must be 'MAX' or 'MIN'"):
        ab.tree_from_json(json.dumps({"tree": [[1]], "root": "max"}))


def test_missing_node_lookup_names_the_path():
    with pytest.raises(KeyError, match="no node at path 3.1"):
        ab.examples.FIG_5_2.node((3, 1))


def test_examples_facts():
    assert ab.alphabeta(ab.examples.WIKIPEDIA).value == 6
    assert len(ab.examples.WIKIPEDIA.leaves()) == 14
    r = ab.alphabeta(ab.examples.TUTORIAL)
    assert r.value == 3 and r.pruned == [(1, 2)] and ab.examples.TUTORIAL.node((1, 2)).name == "I"


def test_encyclopedia_example_prunes_as_documented():
    t = ab.examples.WIKIPEDIA
    r = ab.alphabeta(t)
    # FACTS.md §5: the 5 of [7,4,5]; the 9 of [6,9]; and [[9,8],[6]] under the third subtree.
    assert r.leaves == 9
    assert set(r.pruned) == {(0, 0, 1, 2), (1, 0, 1, 1), (2, 1)}
    assert not t.node((2, 1)).is_leaf and all(r.trace.frame(len(r.trace)).status(p) is ab.Status.PRUNED
                                              for p in [(2, 1, 0, 0), (2, 1, 0, 1), (2, 1, 1, 0)])
    assert [t.node(p).value for p in [(0, 0, 1, 2), (1, 0, 1, 1)]] == [5, 9]


def test_tied_example_separates_the_tie_rules():
    t = ab.examples.TIED
    eq, strict = ab.alphabeta(t), ab.alphabeta(t, prune_on_tie=False)
    assert eq.value == strict.value == 5
    assert eq.evaluated == [(0, 0), (0, 1), (1, 0)]
    assert strict.evaluated == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]
