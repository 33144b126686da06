"""At the root there is nobody above: no sentence says a player above rules it out, or holds it to a bound.

Every registered search is run from the root of Fig. 5.2, from one of its MIN nodes, and from random
nodes of random trees; every sentence about an event at the search's own root is read.  Only the window
the root was called with bounds it, so a sentence there may speak of the window, never of MIN or MAX above.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes import MISTAKES, TABLE_MISTAKES, run_mistake
from abteach.search.events import Kind
from abteach.trace.registry import registered
from tests.strategies import examples, inner_trees

FIG = ab.examples.FIG_5_2
Run = Callable[[Any, Any], Any]


def _zero(state: Any, player: Any) -> float:
    return 0


# Each registered search with the options that make it run on any tree; a search with variants runs each.
RUNS: dict[str, list[Run]] = {
    "alphabeta": [lambda g, s: ab.alphabeta(g, s), lambda g, s: ab.alphabeta(g, s, edition=4),
                  lambda g, s: ab.alphabeta(g, s, prune_on_tie=False)],
    "minimax": [lambda g, s: ab.minimax(g, s), lambda g, s: ab.minimax(g, s, edition=4)],
    "alphabeta_tutorial": [lambda g, s: ab.alphabeta_tutorial(g, s)],
    "alphabeta_fail_hard": [lambda g, s: ab.alphabeta_fail_hard(g, s)],
    "negamax": [lambda g, s: ab.negamax(g, s), lambda g, s: ab.negamax(g, s, prune_on_tie=False)],
    "negascout": [lambda g, s: ab.negascout(g, s)],
    "negamax_memory": [lambda g, s: ab.negamax_memory(g, s),
                       lambda g, s: ab.negamax_memory(g, s, tt=False, killers=True, history=True)],
    "iterative_deepening": [lambda g, s: ab.iterative_deepening(g, s, max_depth=2, evaluate=_zero)],
    "aspiration": [lambda g, s: ab.aspiration(g, s, guess=2, delta=1)],
    # Bounds below, inside and above the values, so the root both cuts and does not.
    "null_window": [lambda g, s, b=b: ab.null_window(g, s, bound=b) for b in (1, 3, 6)],
    "mtdf": [lambda g, s: ab.mtdf(g, s, first_guess=0)],
    "sss_star": [lambda g, s: ab.sss_star(g, s)],
    "mcts": [lambda g, s: ab.mcts(g, s, playouts=12)],
    "expectiminimax": [lambda g, s: ab.expectiminimax(g, s)],
    # Bounds that hold every leaf here (Fig. 5.2's 2..14, the random trees' 0..6): tight ones cut at the root.
    "star1": [lambda g, s, b=b: ab.star1(g, s, lo=0, hi=b) for b in (14, 100)],
    "alphabeta_mistake": [lambda g, s, m=m: run_mistake(m, g, s) for m in MISTAKES],
    "negamax_memory_mistake": [lambda g, s, m=m: run_mistake(m, g, s) for m in TABLE_MISTAKES],
}

# A player above the node, doing something to it; "no MIN above it" is the one true thing to say at a root.
ABOVE = re.compile(r"(?<!no )\b(MIN|MAX) above\b")


def root_sentences(result: Any) -> list[tuple[int, Any, str]]:
    """(step, event, sentence) for every event at the search's own root."""
    tr = result.trace
    return [(k, e, tr.frame(k).explanation) for k, e in enumerate(tr, 1) if e.node == tr.root]


def check_root(result: Any) -> None:
    for step, e, said in root_sentences(result):
        where = (result.spec.name, step, said)
        assert not ABOVE.search(said), where
        assert "cannot matter" not in said and "already has" not in said, where
        flagged = said.startswith("✗")  # a mistake's own line says what went wrong, not why
        if not flagged and ("no cutoff" in said or e.kind == Kind.CUTOFF):
            assert "is the root" in said, where


def test_every_registered_search_is_run_here():
    # The package's own searches: a test module may register one of its own (test_toy_algorithm's optimist), and
    # the register keeps it for the rest of the run, whatever order the modules run in.
    ours = {name for name, entry in registered().items() if entry.search.__module__.split(".")[0] == "abteach"}
    assert set(RUNS) == ours


@pytest.mark.parametrize("name", list(RUNS))
@pytest.mark.parametrize("start", [(), (2,)], ids=["from A (MAX)", "from D (MIN)"])
def test_no_sentence_puts_a_player_above_the_root(name, start):
    for run in RUNS[name]:
        check_root(run(FIG, FIG.node(start) if start else None))


def test_the_textbook_steps_at_a_say_a_is_the_root():
    # The steps where Fig. 5.2's root tests v ≥ β and goes on: 22, 32, 52 in the 3rd edition's
    # pseudocode, 21, 31, 51 in the 4th's (which tests v ≥ β after updating α).
    for edition, steps in ((3, (22, 32, 52)), (4, (21, 31, 51))):
        tr = ab.alphabeta(FIG, edition=edition).trace
        tests = [k for k, e in enumerate(tr, 1) if e.node == () and e.line == "max.test"]
        assert tests == list(steps)
        for k in steps:
            said = tr.frame(k).explanation
            assert "A is the root, with no MIN above it" in said and "cannot yet rule" not in said


def test_a_cutoff_at_the_root_is_told_by_the_window():
    # A null window just below the value: the root reaches it and the search of the rest stops.
    tr = ab.null_window(FIG, bound=2).trace
    (k,) = [k for k, e in enumerate(tr, 1) if e.kind == Kind.CUTOFF and e.node == ()]
    said = tr.frame(k).explanation
    assert "A is the root" in said and "bound β = 2" in said and "C and D are pruned" in said


def test_below_the_root_the_player_above_is_still_named():
    tr = ab.alphabeta(FIG).trace
    below = [tr.frame(k).explanation for k, e in enumerate(tr, 1)
             if e.kind == Kind.TEST and e.node != () and e.line.endswith("test")]
    assert below and all(ABOVE.search(s) for s in below)


def test_the_improvement_test_of_a_table_search_is_not_told_as_a_cutoff():
    tr = ab.negamax_memory(FIG).trace
    improve = [tr.frame(k).explanation for k, e in enumerate(tr, 1) if e.line == "neg.improve"]
    assert improve and all("no better" in s and "cutoff" not in s for s in improve)


@settings(max_examples=examples(0.3), deadline=None)
@given(tree=inner_trees(max_leaves=12, values=st.integers(0, 6)), pick=st.data())
def test_from_any_node_of_any_tree_nothing_is_above_the_root(tree, pick):
    game = ab.tree(tree)
    start = pick.draw(st.sampled_from([n.path for n in game.walk() if not n.is_leaf]))
    for runs in RUNS.values():
        for run in runs:
            check_root(run(game, game.node(start) if start else None))
