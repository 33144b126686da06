"""The example trees the lessons use, defined once.  Notebooks and tests import them.

Examples
--------
>>> import abteach as ab
>>> ab.alphabeta(ab.examples.WIKIPEDIA).value
6
"""

from __future__ import annotations

from abteach.trees import Tree, tree

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

ALL: dict[str, Tree] = {"FIG_5_2": FIG_5_2, "WIKIPEDIA": WIKIPEDIA, "TUTORIAL": TUTORIAL, "TIED": TIED}
