"""The first-difference sentence reads as English for every pair of event kinds (issue 26, finding 10).

A search with no cutoff test returns from a node where the correct search tests: that used to read
"C does C returning 2 where the correct search does the test v=2 ≥ β=+∞ at C".  Over generated trees
and every registered mistake (and every pair made at once), the sentence names only the tree's own
nodes and moves, never says "X does X", and says what the node does with a verb.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes import MISTAKES, diagnose, first_difference, pairs, run_mistake
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES
from tests.strategies import examples, inner_trees

# A node name or move name as abteach names them: A, B, b1, c12.
NAME = re.compile(r"(?<![\w=])([A-Z]|[a-z]\d+)(?![\w=(])")


def check_sentence(tr, d):
    what = d.what
    names = {tr.name(n.path) for n in tr.game.walk()} | {tr.move_name(n.path) for n in tr.game.walk() if n.path}
    assert d.name in names
    assert what and what[0].isalpha() and not what.endswith((".", ",", ";", " ")), what
    assert "\n" not in what and "None" not in what and "  " not in what, what
    # The garbled shape: a node doing itself, and "does" followed by a noun phrase.
    assert not re.search(r"\b(\S+) does \1\b", what), what
    assert not re.search(r"\bdoes (the|a|an) ", what), what
    assert what.count("(") == what.count(")"), what
    for token in NAME.findall(what):
        assert token in names, (token, what)
    sentence = str(d)
    assert sentence == f"step {d.step}, at {d.name}: {what}"


def test_no_pruning_where_the_correct_search_tests_before_returning():
    # A MIN node C whose last child is searched and whose test would not cut: with no test, C returns.
    # A(MAX) -> [B -> [3], C -> [2]]: the correct search tests v=2 ≤ α=3 at C (and cuts nothing, the
    # child was the last); no pruning goes straight to C's return.
    t = ab.tree([[3], [5]])
    tr = ab.alphabeta(t).trace
    d = first_difference(tr, run_mistake("no-pruning", t).trace)
    assert d is not None
    check_sentence(tr, d)
    assert d.what.startswith("B makes no cutoff test and ")


trees = st.builds(lambda nested, root: ab.tree(nested, root=root),
                  inner_trees(max_leaves=12, values=st.integers(0, 3)), st.sampled_from(["MAX", "MIN"]))
SEARCHES = list(MISTAKES) + list(pairs(m for m in MISTAKES if m not in DEPTH_MISTAKES))


@settings(max_examples=examples(1.0), deadline=None)
@given(t=trees, mistake=st.sampled_from(SEARCHES))
# Found by the law: a wrong cutoff where the correct step is no test at all (it read "the correct test  does not").
@example(t=ab.tree([0], root="MAX"), mistake="inverted-test+test-before-update")
def test_law_every_first_difference_is_a_well_formed_sentence(t, mistake):
    d = diagnose(mistake, t).difference
    if d is None:
        return
    check_sentence(diagnose(mistake, t).correct.trace, d)
