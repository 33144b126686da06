"""What Star1's sentences say at a MAX or MIN node's cutoff below a chance node is true.

Below a chance node the window is the one the chance node worked out for that outcome, so a cutoff there
is explained by what the chance node needs, not by what a player above "already has"; a bound at the end
of the value scale, L or U, settles the node's value exactly.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab

from .strategies import chance_trees


def cutoff_sentences(result: ab.SearchResult) -> list[tuple[Any, str]]:
    """(node, sentence) for every cutoff, in search order."""
    trace = result.trace
    return [(trace.frame(k).event.node, trace.frame(k).explanation) for k in range(1, len(trace) + 1)
            if trace.frame(k).event.kind == "cutoff"]


def test_hold_or_roll_cutoffs_below_the_die_are_told_by_the_die() -> None:
    dice = ab.examples.HOLD_OR_ROLL
    said = {dice.name(node): text for node, text in cutoff_sentences(ab.star1(dice, lo=-1, hi=1))}
    assert set(said) == {"D", "E", "F", "C"}
    assert "no value lies below L = −1, so E is worth exactly −1" in said["E"]
    assert "C, the chance node above, stays inside its window only if F is worth more than 0" in said["F"]
    assert not any("already has" in text for text in said.values())


@settings(max_examples=150, deadline=None)
@given(chance_trees(values=st.integers(-3, 3)))
def test_every_mover_cutoff_says_what_is_true(case: Any) -> None:
    nested, probabilities = case
    t = ab.tree(nested, probabilities=probabilities)
    for node, text in cutoff_sentences(ab.star1(t, lo=-3, hi=3)):
        if t.node(node).kind == "CHANCE":
            continue
        exactly = re.search(r"so (\S+) is worth exactly (\S+),", text)
        if exactly:  # the node's own value, as expectiminimax finds it
            assert ab.fmt(ab.expectiminimax(t, t.node(node), trace=False).value).replace("-", "−") == exactly[2]
        holder = re.search(r"already has \S+ at (\S+),", text)
        if holder:  # a player's node above, never a chance node
            (where,) = [p for p in _ancestors(node) if t.name(p) == holder[1]]
            assert t.node(where).kind in ("MAX", "MIN")
        chance = re.search(r"and (\S+), the chance node above,", text)
        if chance:
            (where,) = [p for p in _ancestors(node) if t.name(p) == chance[1]]
            assert t.node(where).kind == "CHANCE"


def _ancestors(path: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [path[:k] for k in range(len(path))]
