"""The example trees the lessons use, defined once.  Notebooks and tests import them.

Examples
--------
>>> import abteach as ab
>>> ab.alphabeta(ab.examples.WIKIPEDIA).value
6
"""

from __future__ import annotations

from abteach.games.trees import Tree, tree

#: AIMA Fig. 5.2: MAX at A; MIN at B, C, D; leaves 3 12 8 | 2 4 6 | 14 5 2.
FIG_5_2: Tree = tree(
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    names={(): "A", (0,): "B", (1,): "C", (2,): "D",
           **{(i, j): f"{'bcd'[i]}{j + 1}" for i in range(3) for j in range(3)}},
    moves={**{(i,): f"a{i + 1}" for i in range(3)},
           **{(i, j): f"{'bcd'[i]}{j + 1}" for i in range(3) for j in range(3)}},
)

#: The encyclopedia's larger example ("AB pruning.svg"): MAX, MIN, MAX, MIN; 14 leaves; value 6.
WIKIPEDIA: Tree = tree([[[[5, 6], [7, 4, 5]], [[3]]], [[[6], [6, 9]], [[7]]], [[[5]], [[9, 8], [6]]]])

#: The tutorial's example: A -> B(D=3, E=5, F=6), C(G=9, H=1, I=2); value 3, only I is pruned.
TUTORIAL: Tree = tree(
    [[3, 5, 6], [9, 1, 2]],
    names={(): "A", (0,): "B", (1,): "C", (0, 0): "D", (0, 1): "E", (0, 2): "F",
           (1, 0): "G", (1, 1): "H", (1, 2): "I"},
    moves={(0,): "B", (1,): "C", (0, 0): "D", (0, 1): "E", (0, 2): "F",
           (1, 0): "G", (1, 1): "H", (1, 2): "I"},
)

#: A tie in the CS188 style: C's first leaf equals the α that B gave the root.
#: Pruning on equality skips C's other leaves; the strict rule must look at them.
TIED: Tree = tree(
    [[5, 7], [5, 9, 6]],
    names={(): "A", (0,): "B", (1,): "C", (0, 0): "b1", (0, 1): "b2",
           (1, 0): "c1", (1, 1): "c2", (1, 2): "c3"},
    moves={(0,): "a1", (1,): "a2", (0, 0): "b1", (0, 1): "b2",
           (1, 0): "c1", (1, 1): "c2", (1, 2): "c3"},
)

#: An uneven tree: leaves at depths 1 to 4 and two to three moves a node.  The
#: root's move a2 ends the game at once.  Levels still alternate by depth: MAX
#: at A, D, E, F; MIN at B, C, G, H.  Value 6 by a3 (A → C → E → G → g1).
#: Alpha-beta evaluates 9 of the 12 leaves: D's cutoff (8 ≥ β = 5) prunes the leaf
#: d3, and F's (9 ≥ β = 6) prunes the whole MIN subtree H, two leaves at once.
UNEVEN: Tree = tree(
    [[5, [3, 8, 1]], 2, [[4, [6, 7]], [9, [2, 1]], 7]],
    names={(): "A", (0,): "B", (1,): "a2", (2,): "C",
           (0, 0): "b1", (0, 1): "D", (0, 1, 0): "d1", (0, 1, 1): "d2", (0, 1, 2): "d3",
           (2, 0): "E", (2, 1): "F", (2, 2): "c3",
           (2, 0, 0): "e1", (2, 0, 1): "G", (2, 0, 1, 0): "g1", (2, 0, 1, 1): "g2",
           (2, 1, 0): "f1", (2, 1, 1): "H", (2, 1, 1, 0): "h1", (2, 1, 1, 1): "h2"},
    moves={(0,): "a1", (1,): "a2", (2,): "a3"},
)

#: A tied root in the CS188 style: B, C and D all seem to be worth 5 to MAX; C is not.
#: B = 5 and C = min(5, 3, 8) = 3; D = min(max(5, 4), max(8, 5)) = 5.  Pruning on
#: equality, C and D stop after their first child and return 5, which is only an
#: upper bound for C (5 leaves evaluated).  The strict rule finds C = 3 and D = 5
#: exactly (7 leaves).  Both answer a1 for 5.
TIED_ROOT: Tree = tree(
    [[5, 9], [5, 3, 8], [[5, 4], [8, 5]]],
    names={(): "A", (0,): "B", (1,): "C", (2,): "D",
           (0, 0): "b1", (0, 1): "b2", (1, 0): "c1", (1, 1): "c2", (1, 2): "c3",
           (2, 0): "E", (2, 1): "F", (2, 0, 0): "e1", (2, 0, 1): "e2", (2, 1, 0): "f1", (2, 1, 1): "f2"},
    moves={(0,): "a1", (1,): "a2", (2,): "a3"},
)

#: Where fail-soft and fail-hard part: D (MAX, called with α = 3) finds only 1 and 2.
#: The textbook's D returns 2, a bound below α; the fail-hard D returns α = 3, and so does C.
FAIL_LOW: Tree = tree([[3], [[1, 2]]])

ALL: dict[str, Tree] = {"FIG_5_2": FIG_5_2, "WIKIPEDIA": WIKIPEDIA, "TUTORIAL": TUTORIAL, "TIED": TIED,
                        "UNEVEN": UNEVEN, "TIED_ROOT": TIED_ROOT, "FAIL_LOW": FAIL_LOW}
