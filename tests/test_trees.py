"""Building, naming, saving and validating explicit trees."""

import json
import math

import pytest
from hypothesis import given, settings

import abteach as ab
from .strategies import nested_trees, examples
from .test_names import expected_names


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


# -- building: names made on demand, nodes immutable ------------------------------------------

@settings(max_examples=examples(0.5))
@given(nested_trees())
def test_default_names_moves_and_order_are_the_paths(nested):
    t = ab.tree(nested)
    paths = list(t.nodes)
    assert paths == [n.path for n in t.walk()]
    # Preorder: each node comes after its parent, and siblings left to right.
    assert paths[0] == () and all(paths.index(p[:-1]) < k for k, p in enumerate(paths) if p)
    # Names are the book's, not the paths (issue 26); tests/test_names.py derives them independently.
    assert [t.nodes[p].name for p in paths] == [t.name(p) for p in paths] == [expected_names(t)[p] for p in paths]
    assert all(t.nodes[p].move == (str(p[-1]) if p else None) for p in paths)
    assert all(t.node(p).player == (ab.MAX if len(p) % 2 == 0 else ab.MIN) for p in paths)
    assert all(c.path == n.path + (i,) for n in t.walk() for i, c in enumerate(n.children))
    assert t.is_well_formed()


def test_reading_a_default_name_does_not_save_it():
    t = ab.tree([[1, 2], [3, [4, 5]]], names={(1,): "C"})
    # The book's names for this shape, as a tree without names of its own has them (issue 26: not paths).
    assert [n.name for n in t.walk()] == ["A", "B", "b1", "b2", "C", "c1", "D", "d1", "d2"]
    assert json.loads(t.to_json())["names"] == {"1": "C"}
    # A name of one's own is saved even where it is the path: the default name is the book's, not the path.
    assert json.loads(ab.tree([[1, 2]], names={(0,): "0"}).to_json())["names"] == {"0": "0"}


def test_wide_nodes_label_their_moves_by_index_and_name_them_by_letter():
    t = ab.tree(list(range(70)))
    assert [c.move for c in t.root.children][62:] == [str(i) for i in range(62, 70)]
    # A label that is only the index names the move as the book would, from the parent's letter: a70 from A.
    assert t.move_name(t.root, 69) == "a70" and t.node((65,)).name == "a66"


def test_nodes_are_immutable_and_compare_by_identity():
    import copy
    import pickle

    t = ab.tree([[3, 12], [2]])
    n = t.node((0, 1))
    for field in ("path", "player", "value", "children", "name", "move"):
        with pytest.raises(AttributeError):
            setattr(n, field, None)
    with pytest.raises(AttributeError):
        n.colour = "red"
    assert n != ab.tree([[3, 12], [2]]).node((0, 1)) and n == n and len({n, n}) == 1
    assert repr(n) == "Node('b2', MAX, value=12)" and repr(t.root) == "Node('A', MAX, 2 children)"
    back = pickle.loads(pickle.dumps(t))
    assert back.to_nested() == t.to_nested() and back.node((0, 1)).name == "b2"
    assert copy.deepcopy(t).to_json() == t.to_json()


def test_trees_assembled_by_hand_are_checked_once():
    leaf = ab.Node((0,), ab.MIN, 4, (), "x", "a")
    good = ab.Tree(root=ab.Node((), ab.MAX, None, (leaf,), "top"), nodes={})
    assert good.is_well_formed() and good.root.name == "top" and leaf.move == "a"
    misplaced = ab.Node((3,), ab.MIN, 4, ())
    assert not ab.Tree(root=ab.Node((), ab.MAX, None, (misplaced,)), nodes={}).is_well_formed()
    valueless = ab.Node((0,), ab.MIN, None, ())
    assert not ab.Tree(root=ab.Node((), ab.MAX, None, (valueless,)), nodes={}).is_well_formed()
    assert ab.examples.FIG_5_2.is_well_formed()


def test_building_leaves_the_garbage_collector_as_it_was():
    import gc

    assert gc.isenabled()
    ab.tree([[1, 2], [3]])
    assert gc.isenabled()
    with pytest.raises(TypeError):
        ab.tree([[1, "x"]])
    assert gc.isenabled()
    gc.disable()
    try:
        ab.tree([[1, 2]])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_big_tree_builds_like_the_nested_lists_it_comes_from():
    nested = [[[[[i * j % 97 for i in range(4)] for j in range(4)] for _ in range(4)] for _ in range(4)]
              for _ in range(4)]
    t = ab.tree(nested)
    assert len(t) == sum(4 ** k for k in range(6)) and t.to_nested() == nested and t.height == 5
    assert ab.tree_from_json(t.to_json()).to_nested() == nested
