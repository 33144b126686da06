"""One rule names nodes everywhere (issue 26): a node's own name, else the book's name for its place.

Never a path, never a number: the trace, the drawings, the feedback and CS188 files all say the same name.
"""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.views.styles import node_styles, tree_styles

from .strategies import examples, nested_trees

_PATH_LIKE = re.compile(r"^(root|\d+(\.\d+)*)$")


def _reads_as_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _column_letters():
    """A, ..., Z, AA, AB, ...: the letters the book's scheme runs through once Z is used."""
    for width in itertools.count(1):
        for letters in itertools.product("ABCDEFGHIJKLMNOPQRSTUVWXYZ", repeat=width):
            yield "".join(letters)


def expected_names(t: ab.Tree) -> dict:
    """The book's names of a tree with no names of its own, derived here independently of the package.

    Fig. 5.2: inner nodes lettered breadth first, left to right (A, B, C, D); a leaf by its parent's letter,
    lower-cased, and its place (b1, b2, b3).  Past Z the letters go on as AA, AB, ...; a letter that reads as
    a number (INF, NAN) is passed over.
    """
    inner, queue = [], [t.root]
    while queue:  # breadth first
        node = queue.pop(0)
        if node.children or node is t.root:
            inner.append(node.path)
        queue.extend(node.children)
    letters = (x for x in _column_letters() if not _reads_as_number(x))
    out = {p: next(letters) for p in inner}
    for p, node in t.nodes.items():
        if p not in out:
            out[p] = out[p[:-1]].lower() + str(p[-1] + 1)
    return out


# -- the rule on trees without names --------------------------------------------------------------

def test_an_unnamed_trees_names_are_the_books_letters_not_paths():
    t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    # Fig. 5.2's own names (Russell & Norvig, 4th ed., Fig. 5.2): A; B, C, D; b1..d3.
    assert [t.name(p) for p in [(), (0,), (1,), (1, 1), (2, 2)]] == ["A", "B", "C", "c2", "d3"]
    assert t.root.name == "A" and t.node((1, 1)).name == "c2"
    assert t.book_name((1, 1)) == t.name((1, 1))


def test_a_deep_trees_letters_go_on_past_z():
    # 40 inner nodes: the root, 3 children, 9 grandchildren, 27 great-grandchildren, 81 leaves.
    t = ab.random_tree(3, 4, seed=1)
    names = {p: t.name(p) for p in t.nodes}
    assert names == expected_names(t)
    assert names[(2, 2, 2)] == "AN" and names[(2, 2, 2, 2)] == "an3"


def test_a_name_asked_for_a_path_not_in_the_tree_is_refused_naming_the_path():
    with pytest.raises(KeyError, match=r"no node at path 5\.1"):
        ab.tree([[1, 2], [3]]).name((5, 1))


# -- partly named trees (finding 2) ---------------------------------------------------------------

def _partly_named():
    # The root and two children named, the rest not: finding 2's shape.
    return ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2], [1, 15]], names={(0,): "L", (1,): "M"})


def test_a_partly_named_tree_keeps_its_names_and_letters_the_rest_by_place():
    t = _partly_named()
    got = {p: t.name(p) for p in t.nodes}
    assert got[(0,)] == "L" and got[(1,)] == "M"
    # The root and D keep the letters of their places (A, ..., D for the root and its third and fourth child)
    assert got[()] == "A" and got[(2,)] == "D" and got[(3,)] == "E"
    # and leaves are named after their parent's name: l1 under L, d2 under D.
    assert got[(0, 0)] == "l1" and got[(1, 2)] == "m3" and got[(2, 1)] == "d2" and got[(3, 1)] == "e2"


def test_a_partly_named_trees_narration_names_nodes_never_paths():
    t = _partly_named()
    trace = ab.alphabeta(t).trace
    names = {t.name(p) for p in t.nodes}
    text = "\n".join(f.explanation for f in trace.frames())
    called = re.findall(r"(?:MAX|MIN)-VALUE\(([^,]+),", text)
    assert called and set(called) <= names
    best = re.findall(r"best so far: ([^)]+)\)", text)
    assert best and all(re.fullmatch(r"[a-z]+\d+", b) for b in best)
    # The leaves are integers, so any "d.d" in the text would be a path such as 0.1.
    assert not re.search(r"\d\.\d", text) and not re.search(r"\broot\d|[(,] ?root\b", text)
    matters = re.findall(r"(\S+) cannot matter", text)
    assert set(matters) <= names


def test_a_partly_named_trees_drawing_labels_are_names_and_moves_never_paths():
    t = _partly_named()
    names = {t.name(p) for p in t.nodes}
    for styles in (tree_styles(t), node_styles(ab.alphabeta(t).trace, 20)):
        shown = {s.name for s in styles.values()} - {""}
        moves = {s.move for s in styles.values()} - {""}
        assert shown <= names
        # Moves are named as Fig. 5.2's are, from the parent's name: a1, l1, ..., never 0.01 or 31.
        assert moves and all(re.fullmatch(r"[a-z]+\d+", m) for m in moves)
        assert not any(_reads_as_number(m) for m in moves | shown)


def test_a_partly_named_tree_goes_to_cs188_and_back_under_its_names():
    t = _partly_named()
    test_text, solution = ab.to_cs188(t)
    states = re.search(r'successors: """\n(.*?)"""', test_text, re.S).group(1).split()
    assert states and not any(_PATH_LIKE.match(s) or _reads_as_number(s) for s in states)
    back = ab.from_cs188(test_text)
    assert back.to_nested() == t.to_nested()
    assert {p: back.name(p) for p in back.nodes} == {p: t.name(p) for p in t.nodes}


def test_an_unnamed_roots_best_move_is_named_from_its_letter():
    t = _partly_named()
    r = ab.alphabeta(t)
    assert r.move_name == "a1" and r.trace.move_name((r.move,)) == "a1"


def test_moves_from_a_node_whose_own_name_is_not_a_word_are_named_from_its_letter():
    t = ab.tree([[1, 2], [3, 4]], names={(1,): "3"})
    assert t.name((1,)) == "3"
    # "31" would read as thirty-one: the node's letter, C, names its moves and leaves instead.
    assert [t.move_name(t.node((1,)), i) for i in (0, 1)] == ["c1", "c2"] and t.name((1, 0)) == "c1"


def test_check_answers_lists_nodes_by_name():
    for t in (_partly_named(), ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])):
        with pytest.raises(ValueError, match="nodes are named") as err:
            ab.check_answers(t, {"zz": 3})
        listed = str(err.value).split("nodes are named ")[1].removesuffix(", ...").split(", ")
        assert listed == [t.name(p) for p in list(t.nodes)[:6]]
        assert not any(_PATH_LIKE.match(name) for name in listed)
    # Preorder, in Fig. 5.2's names.
    assert listed == ["A", "B", "b1", "b2", "b3", "C"]


def test_check_answers_takes_names_and_still_takes_paths():
    t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    by_name = ab.check_answers(t, {"A": 3, "c2": "pruned"})
    by_path = ab.check_answers(t, {(): 3, "1.1": "pruned"})
    assert by_name.score == by_path.score == 2


# -- the narration names the child that returned (finding 14) ---------------------------------------

def test_the_narration_names_the_child_that_returned():
    t = ab.tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = ab.alphabeta(t).trace
    told = [f.explanation for f in trace.frames() if f.event is not None and f.event.kind == "value"
            and f.event.value is not None]
    # Each value step follows a child's return; the children of B return 3, 12, 8 in turn (Fig. 5.2).
    assert told[0].startswith("b1, a child of B, returned 3, which beats v = +∞")
    assert told[1].startswith("b2, a child of B, returned 12; it does not beat v = 3")
    assert told[3].startswith("B, a child of A, returned 3")


# -- laws --------------------------------------------------------------------------------------------

_OWN = st.sampled_from(["A", "B", "C", "b1", "c2", "x", "Top", "3", "1.0", "root", "INF", "a1", "L", "l1"])


@st.composite
def named_trees(draw):
    t = ab.tree(draw(nested_trees()))
    paths = list(t.nodes)
    chosen = draw(st.lists(st.sampled_from(paths), unique=True, max_size=min(len(paths), 14)))
    labels = draw(st.lists(_OWN, unique=True, min_size=len(chosen), max_size=len(chosen)))
    return ab.tree(t.to_nested(), names=dict(zip(chosen, labels)))


@settings(max_examples=examples(0.5), deadline=None)
@given(named_trees())
def test_names_are_unique_keep_own_names_and_derived_ones_never_look_like_numbers_or_paths(t):
    names = {p: t.name(p) for p in t.nodes}
    assert len(set(names.values())) == len(names)
    for p, node in t.nodes.items():
        assert node.name == names[p]
        if node._name is not None:
            assert names[p] == node._name
        else:
            assert not _reads_as_number(names[p]) and not _PATH_LIKE.match(names[p])
    for p, node in t.nodes.items():
        for i in range(len(node.children)):
            assert not _reads_as_number(t.move_name(node, i)) and not _PATH_LIKE.match(t.move_name(node, i))


@settings(max_examples=examples(0.5), deadline=None)
@given(nested_trees(), st.data())
def test_naming_nodes_by_their_book_names_changes_no_name(nested, data):
    t = ab.tree(nested)
    assert {p: t.name(p) for p in t.nodes} == expected_names(t)
    chosen = data.draw(st.lists(st.sampled_from(list(t.nodes)), unique=True))
    named = ab.tree(nested, names={p: t.name(p) for p in chosen})
    assert {p: named.name(p) for p in named.nodes} == {p: t.name(p) for p in t.nodes}


def test_one_name_given_to_two_nodes_is_refused_naming_both_paths():
    with pytest.raises(ValueError, match=r"names: 'x' is given to the nodes at paths 0 and 1"):
        ab.tree([[1, 2], [3]], names={(0,): "x", (1,): "x"})
    with pytest.raises(ValueError, match=r'tree JSON "names": \'x\' is given to the nodes at paths 0 and 1'):
        ab.tree_from_json('{"tree": [[1, 2], [3]], "names": {"0": "x", "1": "x"}}')


def test_a_tree_assembled_by_hand_names_its_nodes_as_a_built_one_does():
    leaf = ab.Node((0,), ab.MIN, 4, ())
    other = ab.Node((1,), ab.MIN, 5, (), "x")
    hand = ab.Tree(root=ab.Node((), ab.MAX, None, (leaf, other)), nodes={})
    built = ab.tree([4, 5], names={(1,): "x"})
    assert [leaf.name, other.name, hand.name(())] == [built.name((0,)), "x", built.name(())] == ["a1", "x", "A"]
