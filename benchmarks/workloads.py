"""The random uniform trees both sides search, built the same way in either venv.

Standard library only: the peer side imports this module from its own venv,
where abteach is not installed, and must rebuild exactly the trees abteach
searches rather than receive them over a pipe.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

Nested = Any  # a number (a leaf) or a list of Nested

BRANCHING = 4
DEPTH = 8
TREE_SEEDS = (0, 1, 2, 3, 4)


def uniform_tree(rng: random.Random, branching: int, depth: int) -> Nested:
    """A complete tree: every inner node has ``branching`` children, leaves are ints 0..99.

    Integer leaves give ties, so the tie rule (cut on ``≥`` / ``≤``) matters
    and must agree on both sides for the node counts to match.
    """
    if depth == 0:
        return rng.randint(0, 99)
    return [uniform_tree(rng, branching, depth - 1) for _ in range(branching)]


def random_trees(seeds: tuple[int, ...] = TREE_SEEDS, branching: int = BRANCHING,
                 depth: int = DEPTH) -> list[Nested]:
    return [uniform_tree(random.Random(seed), branching, depth) for seed in seeds]


def fingerprint(trees: list[Nested]) -> str:
    """A short digest, so the report can show both sides searched the very same trees."""
    return hashlib.sha256(json.dumps(trees, separators=(",", ":")).encode()).hexdigest()[:12]
