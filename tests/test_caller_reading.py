"""What the narration says a caller cannot tell a return from must be something that can happen.

A node's own cutoff ends it on one side only: a MIN node stops on v ≤ α (a fail-low), a MAX node on v ≥ β (a
fail-high); in negamax, where every value is the mover's, every node stops on v ≥ β.  A MAX node that returns
at or below α therefore searched all its children, and its caller reads that return as a bound only because a
cutoff below the node could have produced it.  The side a node's cutoff can leave is worked out here from the
tree's shape (the root is MAX and levels alternate), not from the package.
"""

from __future__ import annotations

from hypothesis import given, settings

import abteach as ab
from abteach.search.events import Kind
from tests.strategies import examples, inner_trees

OWN = "a call cut off early"
READS = "would also return"


def _readings(result):
    """(node, fail-low?, sentence) for every return the narration reads for the caller."""
    trace = result.trace
    for k, e in enumerate(trace.events, 1):
        said = trace.frame(k).explanation
        if e.kind == Kind.EXIT and READS in said:
            yield e.node, "a fail-low (" in said, said


def _own_cutoff_side(node: tuple[int, ...], mover_values: bool) -> str:
    """The side a node's own cutoff returns on: MIN nodes (odd depth) fail low, the rest fail high."""
    return "low" if not mover_values and len(node) % 2 == 1 else "high"


def _check(nested, runs) -> int:
    """Hold every reading to the node's own side; count the readings that must blame a cutoff below."""
    below_only = 0
    for mover_values, result in runs:
        for node, low, said in _readings(result):
            own_side = _own_cutoff_side(node, mover_values) == ("low" if low else "high")
            if own_side:
                assert OWN in said, (nested, node, said)
            else:
                assert OWN not in said and "a cutoff below it" in said, (nested, node, said)
                below_only += 1
    return below_only


def _runs(tree):
    return [(False, ab.alphabeta(tree)), (False, ab.alphabeta(tree, edition=4)),
            (False, ab.alphabeta(tree, prune_on_tie=False)), (True, ab.negamax(tree))]


def test_a_max_node_that_fails_low_is_not_said_to_be_cut_off_early():
    # FAIL_LOW = [[3], [[1, 2]]]: D (MAX, below C) is called with α = 3 and finds only 1 and 2; it searched
    # both, so it cannot have been cut off: C's caution rests on what a cutoff below D could do.
    tree = ab.examples.FAIL_LOW
    assert _check(tree.to_nested(), _runs(tree)) > 0


@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=14))
def test_the_caller_reading_names_a_cause_that_can_happen(nested):
    _check(nested, _runs(ab.tree(nested)))
