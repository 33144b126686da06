"""The larger example trees, and the summary rows of the mistakes.

Expected values are worked out by hand from the trees, not read off the search.

UNEVEN = [[5, [3, 8, 1]], 2, [[4, [6, 7]], [9, [2, 1]], 7]], names in pre-order
A; B (b1, D (d1 d2 d3)); a2; C (E (e1, G (g1 g2)), F (f1, H (h1 h2)), c3).

    minimax: D = 8, B = min(5, 8) = 5; a2 = 2; G = 6, E = max(4, 6) = 6,
    H = 1, F = max(9, 1) = 9, C = min(6, 9, 7) = 6; A = max(5, 2, 6) = 6 by a3.
    alpha-beta: B after b1 has β = 5; D gets (−∞, 5): d1 = 3, d2 = 8 ≥ 5 prunes d3.
    A has α = 5 after B, a2 = 2 changes nothing.  C gets (5, +∞); E returns 6, so
    C's β = 6; F gets (5, 6): f1 = 9 ≥ 6 prunes H (h1, h2).  c3 = 7 is evaluated.

TIED_ROOT = [[5, 9], [5, 3, 8], [[5, 4], [8, 5]]]; A; B (b1 b2); C (c1 c2 c3); D (E (e1 e2), F (f1 f2)).

    minimax: B = 5, C = 3, D = min(max(5, 4), max(8, 5)) = min(5, 8) = 5; A = 5 by a1.
    prune on ties: A's α = 5 after B.  C: c1 = 5 ≤ 5 prunes c2, c3.  D: E gets (5, +∞),
    returns 5; D's v = 5 ≤ 5 prunes F.  Evaluated b1 b2 c1 e1 e2.
    strict: C: c1 = 5 is not < 5, β = 5; c2 = 3 < 5 prunes c3.  D: E returns 5, not < 5,
    β = 5; F gets (5, 5): f1 = 8 > 5 prunes f2.  Evaluated b1 b2 c1 c2 e1 e2 f1.
"""

from __future__ import annotations

import pytest

import abteach as ab
from abteach.search.events import Kind
from abteach.lessons.mistakes import MISTAKES, SUMMARY_COLUMNS, diagnose, run_mistake, summary_rows

UNEVEN = ab.examples.UNEVEN
TIED_ROOT = ab.examples.TIED_ROOT


def names(tree: ab.Tree, paths: list) -> list[str]:
    return [tree.name(p) for p in paths]


def root_child_values(result: ab.SearchResult) -> list[float]:
    """What each root child returned to the root, in order."""
    return [e.value for e in result.trace if len(e.node) == 1 and e.kind in (Kind.EXIT, Kind.LEAF)]


# -- UNEVEN --------------------------------------------------------------------------


def test_uneven_shape():
    assert len(UNEVEN.leaves()) == 12
    assert UNEVEN.height == 4
    depths = sorted({len(UNEVEN.path_of(leaf)) for leaf in UNEVEN.leaves()})
    assert depths == [1, 2, 3, 4]
    assert UNEVEN.name((1,)) == "a2" and UNEVEN.node((1,)).value == 2


def test_uneven_minimax():
    r = ab.minimax(UNEVEN)
    assert (r.value, r.move_name) == (6, "a3")
    assert r.leaves == 12
    assert UNEVEN.name(r.pv_path) == "g1"
    assert root_child_values(r) == [5, 2, 6]


@pytest.mark.parametrize("prune_on_tie", [True, False])
def test_uneven_alphabeta_prunes_d3_and_the_subtree_h(prune_on_tie):
    # No cutoff here is on a tie, so both rules take the same steps.
    r = ab.alphabeta(UNEVEN, prune_on_tie=prune_on_tie)
    assert (r.value, r.move_name) == (6, "a3")
    assert names(UNEVEN, r.pruned) == ["d3", "H"]
    assert names(UNEVEN, r.evaluated) == ["b1", "d1", "d2", "a2", "e1", "g1", "g2", "f1", "c3"]
    assert r.leaves == 9


def test_uneven_editions_and_tutorial_agree():
    book = ab.alphabeta(UNEVEN)
    for other in (ab.alphabeta(UNEVEN, edition=4), ab.alphabeta_tutorial(UNEVEN)):
        assert (other.value, other.evaluated) == (book.value, book.evaluated)


# -- TIED_ROOT -----------------------------------------------------------------------


def test_tied_root_minimax():
    r = ab.minimax(TIED_ROOT)
    assert (r.value, r.move_name) == (5, "a1")
    assert root_child_values(r) == [5, 3, 5]


def test_tied_root_pruning_on_ties():
    r = ab.alphabeta(TIED_ROOT)
    assert (r.value, r.move_name) == (5, "a1")
    assert names(TIED_ROOT, r.evaluated) == ["b1", "b2", "c1", "e1", "e2"]
    assert names(TIED_ROOT, r.pruned) == ["c2", "c3", "F"]
    # C comes back as 5, though it is worth 3: a value equal to α is only an upper bound.
    assert root_child_values(r) == [5, 5, 5]


def test_tied_root_strict():
    r = ab.alphabeta(TIED_ROOT, prune_on_tie=False)
    assert (r.value, r.move_name) == (5, "a1")
    assert names(TIED_ROOT, r.evaluated) == ["b1", "b2", "c1", "c2", "e1", "e2", "f1"]
    assert names(TIED_ROOT, r.pruned) == ["c3", "f2"]
    # Under the strict rule the returned values that equal the root's are exact.
    assert root_child_values(r) == [5, 3, 5]


def test_examples_registry_lists_the_new_trees():
    assert ab.examples.ALL["UNEVEN"] is UNEVEN
    assert ab.examples.ALL["TIED_ROOT"] is TIED_ROOT


# -- summary rows ---------------------------------------------------------------------


def test_summary_rows_default_covers_every_mistake_in_order():
    rows = summary_rows()
    assert [r[0] for r in rows] == [m.title for m in MISTAKES.values()]
    assert all(len(r) == len(SUMMARY_COLUMNS) for r in rows)
    assert [r[1] for r in rows] == [m.example for m in MISTAKES.values()]
    # Each row's first difference is the one the registry records: the moment it names, in the mistake's trace.
    for row, m in zip(rows, MISTAKES.values()):
        step = m.at.step(run_mistake(m.id, m.example_tree, **m.options).trace)
        assert row[-1].startswith(f"step {step}, at ")


def test_summary_rows_marks():
    by_id = dict(zip(MISTAKES, summary_rows()))
    # alpha-in-min on Fig. 5.2: value 5 (not 3), move a3 (not a1), 5 leaves (not 7).
    assert by_id["alpha-in-min"][2:6] == ("5 ✗", "a3 ✗", "5", "7")
    # no-window: right answer, every leaf.
    assert by_id["no-window"][2:6] == ("3 ✓", "a1 ✓", "9", "7")
    # shared-move: right value, same leaves, wrong move.
    assert by_id["shared-move"][2:6] == ("3 ✓", "a3 ✗", "7", "7")


def test_summary_rows_on_a_given_tree():
    rows = summary_rows([diagnose("right-to-left", ab.tree([[1, 2], [3, 4]]))])
    assert rows[0][1] == "(given)"
    # Left to right nothing is pruned (1 < 3 only after B is done): 4 leaves.
    # Right to left: [3, 4] first gives α = 3; then [1, 2] from the right: 2 ≤ 3 prunes 1.
    # The move is named as the book names Fig. 5.2's (a2 leads from A to C), never by a bare index.
    assert rows[0][2:6] == ("3 ✓", "a2 ✓", "3", "4")


def test_summary_rows_another_best_move():
    # Two equal moves: right-to-left finds the second one first and keeps it.
    d = diagnose("right-to-left", ab.tree([[4, 5], [4, 6]]))
    assert summary_rows([d])[0][3] == "a2 ≈"


def test_summary_rows_table():
    text = str(ab.table(summary_rows(), SUMMARY_COLUMNS))
    assert text.splitlines()[0].split()[:2] == ["mistake", "tree"]


# -- how diagnoses show in Jupyter ---------------------------------------------------


def test_diagnosis_and_difference_pretty_print_as_their_text():
    from IPython.lib.pretty import pretty

    d = diagnose("test-before-update")
    assert pretty(d) == d.summary() == str(d)
    assert pretty(d.difference) == str(d.difference)
    assert pretty(d.difference).startswith("step 7, at B: ")
