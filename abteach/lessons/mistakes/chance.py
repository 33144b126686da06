"""The classic mistakes in expectimax and expectiminimax: a chance node read as something it is not.

Each mistake is the correct search (:func:`abteach.search.expectiminimax`)
run on the tree as the mistaken code reads it: a chance node averaged with
equal weights (its probabilities ignored), or taken for a MIN or a MAX node.
So a mistake needs no search of its own, and its value is exactly what the
mistaken code computes.

Examples
--------
>>> import abteach as ab
>>> fig = ab.examples.FIG_5_13
>>> [(m, run_chance_mistake(m, fig).value, run_chance_mistake(m, fig).move_name) for m in CHANCE_MISTAKES]
[('chance-mean', Fraction(5, 2), 'a1'), ('chance-as-min', 2, 'a1'), ('chance-as-max', 4, 'a2')]
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from abteach.games.kinds import CHANCE, uniform
from abteach.games.players import MAX, MIN
from abteach.games.trees import Path, Tree, tree
from abteach.trace.algorithms import expectiminimax
from abteach.search.result import SearchResult


@dataclass(frozen=True)
class ChanceMistake:
    """One classic mistake at chance nodes.

    Attributes
    ----------
    id : str
        The key in :data:`CHANCE_MISTAKES`, e.g. ``'chance-mean'``.
    title : str
        A short name for it.
    explanation : str
        One paragraph for students: what the code does wrong and what follows.
    reads_as : str
        What the code makes of a chance node: ``'MIN'``, ``'MAX'``, or ``'CHANCE'`` with equal probabilities.
    """

    id: str
    title: str
    explanation: str
    reads_as: str


CHANCE_MISTAKES: Mapping[str, ChanceMistake] = MappingProxyType({m.id: m for m in (
    ChanceMistake(
        "chance-mean", "a chance node averaged without its probabilities",
        "At a chance node the code takes the plain mean of the outcomes' values, as if each were equally likely. "
        "A chance node's value is Σ P(r) × value(r): weight each outcome's value by game.probabilities(state), "
        "in the order of game.actions(state). The two agree only where the outcomes are equally likely.",
        CHANCE),
    ChanceMistake(
        "chance-as-min", "a chance node treated as MIN",
        "At a chance node the code takes the smallest of the outcomes' values, as MIN would: it assumes chance "
        "plays against MAX, the worst case, where expectiminimax takes the expected value. "
        "Give to_move(state) == 'CHANCE' its own case: Σ P(r) × value(r).",
        MIN),
    ChanceMistake(
        "chance-as-max", "a chance node treated as MAX",
        "At a chance node the code takes the largest of the outcomes' values, as MAX would: it assumes chance "
        "always helps MAX (anything that is not MIN is treated as MAX), where expectiminimax takes the expected "
        "value. Give to_move(state) == 'CHANCE' its own case: Σ P(r) × value(r).",
        MAX),
)})


def misread(game: Tree, mistake_id: str) -> Tree:
    """``game`` as the code with the mistake reads it: its chance nodes made what the mistake takes them for.

    Every node keeps its path, its name and its move's name, so a search of it names the same nodes and moves.

    Raises
    ------
    ValueError
        ``mistake_id`` is not a key of :data:`CHANCE_MISTAKES` (the message lists them).
    """
    mistake = chance_mistake(mistake_id)
    if not isinstance(game, Tree):
        raise TypeError(f"misread needs an abteach Tree, not {type(game).__name__}")
    kinds: dict[Path, str] = {}
    probabilities: dict[Path, Any] = {}
    for node in game.walk():
        if node.is_leaf:
            continue
        chance = node.kind == CHANCE
        kinds[node.path] = mistake.reads_as if chance else node.kind
        if chance and mistake.reads_as == CHANCE:
            probabilities[node.path] = uniform(len(node.children))
    moves = {n.path: n.move for n in game.walk() if n.path and n.move is not None}
    names = {n.path: game.name(n.path) for n in game.walk()}
    return tree(game.to_nested(), kinds=kinds, probabilities=probabilities, moves=moves, names=names)


def run_chance_mistake(mistake_id: str, game: Tree, *, trace: bool = True) -> SearchResult:
    """Search ``game`` as the code with the mistake ``mistake_id`` does."""
    return expectiminimax(misread(game, mistake_id), trace=trace)


def chance_mistake(mistake_id: Any) -> ChanceMistake:
    """The mistake called ``mistake_id``; a ValueError lists the mistakes otherwise."""
    found = CHANCE_MISTAKES.get(mistake_id) if isinstance(mistake_id, str) else None
    if found is None:
        raise ValueError(f"unknown chance mistake {mistake_id!r}; known: {', '.join(CHANCE_MISTAKES)}")
    return found


__all__ = ["CHANCE_MISTAKES", "ChanceMistake", "misread", "run_chance_mistake", "chance_mistake"]
