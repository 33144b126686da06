"""What each search answers on a tree: the correct one, and every classic mistake, under either tie rule.

Practice (:mod:`abteach.lessons.practice`) and grading
(:mod:`abteach.grading`) both compare a student with the same
searches.  This module runs them once per tree and tie rule:

- :func:`correct` is ``ab.alphabeta`` under the chosen rule and edition;
- :func:`variant` is one mistake of :data:`~abteach.lessons.mistakes.MISTAKES`.
  Under the textbook rule it is exactly :func:`~abteach.lessons.mistakes.run_mistake`.
  Under the strict rule (CS188's) the same fault is made by a search whose
  cutoff tests are strict, and ``strict-test`` is then the *textbook's* test,
  the one that prunes on ties: the mistake is always "the other tie rule";
- :func:`node_answers` reads, from a finished search, what every node's call
  returned, or ``"pruned"`` for a node the search never visited.

Examples
--------
>>> import abteach as ab
>>> a = node_answers(correct(ab.examples.FIG_5_2))
>>> a[(1,)], a[(1, 1)], a[(2,)]
(2, 'pruned', 2)
>>> node_answers(variant("no-window", ab.examples.FIG_5_2))[(1, 1)]
4
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from abteach.games.trees import Path, Tree
from abteach.lessons.mistakes import MISTAKES, Fault, Search, faulty, run_mistake
from abteach.lessons.mistakes.variants import FAULTS
from abteach.lessons.mistakes.registry import DEPTH_MISTAKES, lookup
from abteach.lessons.mistakes.running import finish_mistake, resolve
from abteach.search.alphabeta import alphabeta3, recorder
from abteach.search.rules import STRICT, TEXTBOOK, TieRule
from abteach.search.problem import Problem
from abteach.search.result import SearchResult, run
from abteach.trace.algorithms import alphabeta
from abteach.trace.protocol import Status

#: The tie rules, by the names exercises use: the textbook cuts off on ties (≥, ≤), CS188 does not (>, <).
RULES: Mapping[str, TieRule] = MappingProxyType({rule.name: rule for rule in (TEXTBOOK, STRICT)})

#: What a node the search never visits answers.
PRUNED = Status.PRUNED.value  # the word a trace gives such a node

#: An answer: the value a node's call returns, or :data:`PRUNED`.
Answer = float | str

# The fault each mistake makes, so it can be made again under the strict rule.
# tests/test_practice.py checks that, under the textbook rule, each gives the registry's own trace.
_FAULTS: Mapping[str, Fault] = FAULTS

def check_rule(rule: Any) -> TieRule:
    """The tie rule an exercise names; a ValueError names the rules otherwise.

    Examples
    --------
    >>> check_rule("strict")
    TieRule(strict)
    >>> check_rule("cs188")
    Traceback (most recent call last):
    ...
    ValueError: rule must be 'textbook' or 'strict', not 'cs188'
    """
    return TieRule.named(rule)


def correct(tree: Any, rule: str = "textbook", edition: int = 3) -> SearchResult:
    """The correct search of ``tree`` under ``rule``, traced."""
    return alphabeta(tree, edition=edition, prune_on_tie=check_rule(rule).prunes_on_tie)


def fault_of(mistake_id: str) -> Fault | None:
    """The :class:`Fault` a mistake makes, in the textbook's search.

    ``None`` for ``strict-test``, which is a tie rule, not a fault; for a pair
    of mistakes (``'a+b'``), both faults at once, with the comparisons left as
    the textbook writes them even when one of the two is ``strict-test``.

    Examples
    --------
    >>> fault_of("strict-test+right-to-left")
    Fault(right_to_left=True)
    """
    faults = [_FAULTS[m] for m in lookup(mistake_id).ids if m in _FAULTS]
    if not faults:
        return None
    return faults[0].combine(faults[1]) if len(faults) == 2 else faults[0]


def variant(mistake_id: str, tree: Any, rule: str = "textbook") -> SearchResult:
    """Search ``tree`` with one classic mistake, under ``rule``.

    Parameters
    ----------
    mistake_id : str
        A key of :data:`~abteach.lessons.mistakes.MISTAKES`, or two joined by ``+``
        (both made at once, see :func:`~abteach.lessons.mistakes.registry.combination`).
    tree : Tree or Game
    rule : {'textbook', 'strict'}
        The rule the *exercise* uses.  The mistake's cutoff tests follow it,
        except ``strict-test``, which is the other rule.

    Examples
    --------
    >>> import abteach as ab
    >>> variant("strict-test", ab.examples.TIED).leaves > ab.alphabeta(ab.examples.TIED).leaves
    True
    >>> variant("strict-test", ab.examples.TIED, "strict").leaves == ab.alphabeta(ab.examples.TIED).leaves
    True
    """
    tie = check_rule(rule)
    if tie is TEXTBOOK:
        return run_mistake(mistake_id, tree)
    m = lookup(mistake_id)
    fault = fault_of(m.id)
    search: Search
    if "strict-test" in m.ids:
        # Under the strict rule the mistake is to prune on ties: the textbook's comparisons, with the other fault.
        search, recorded = (alphabeta3 if fault is None else faulty(fault, name=m.id)), TEXTBOOK
    else:
        # The mistake's own comparisons, made strict: ≥ becomes >, and the inverted ≤ becomes <.
        assert fault is not None
        search, recorded = faulty(fault.under(tie), name=m.id), tie
    return run_faulty(search, tree, m.id, recorded)


def run_faulty(search: Search, tree: Any, mistake_id: str, tie: TieRule) -> SearchResult:
    """Run a mistake's ``search`` as :func:`~abteach.lessons.mistakes.run_mistake` runs the registry's own.

    The same problem, recorder, result and description; ``tie`` is
    the rule its recorder reports ties under.
    """
    m = lookup(mistake_id)
    depth, evaluate = resolve(m, tree, None, None)
    problem = Problem(tree, None, depth, evaluate, None)
    log = recorder(problem, True, tie)
    value, action = run(search, problem, log)
    return finish_mistake(m, problem, log, value, action, tie, depth is not None)


def node_answers(result: SearchResult) -> dict[Path, Answer]:
    """What every node of the searched tree answers: its call's return value, or ``"pruned"``.

    A node the search never visited is ``"pruned"``, deep ones included.  A
    node that cut off returns its bound, not its minimax value.
    """
    trace = result.trace
    if trace is None:
        raise ValueError("node_answers needs a traced search (trace=True)")
    game = trace.game
    if not isinstance(game, Tree):
        raise TypeError(f"node_answers reads the nodes of an abteach.Tree, not {type(game).__name__}")
    last = trace.last()
    out: dict[Path, Answer] = {}
    for node in game.walk():
        state = last.node(node.path)
        out[node.path] = state.value if state.status is Status.DONE and state.value is not None else PRUNED
    return out


def variants_of(tree: Tree, rule: str = "textbook", *, depth_mistakes: bool = True) -> dict[str, SearchResult]:
    """Every mistake's search of ``tree`` under ``rule``, by id, in the registry's order."""
    return {mid: variant(mid, tree, rule) for mid in MISTAKES
            if depth_mistakes or mid not in DEPTH_MISTAKES}


__all__ = ["RULES", "PRUNED", "Answer", "check_rule", "correct", "variant", "fault_of", "node_answers",
           "variants_of", "run_faulty"]
