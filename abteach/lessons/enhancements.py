"""The searches beyond the textbook, measured: leaves evaluated on the same trees, against the minimal tree.

Four kinds of tree, all uniform with whole-number leaves (the null-window
searches need them), made by :func:`enhancement_trees`:

- ``perfectly ordered``: every node's best child first, so alpha-beta meets
  the Knuth–Moore minimal tree;
- ``worst ordered``: every node's best child last;
- ``random``: independent leaves in the order they were drawn;
- ``correlated``: each child is its parent plus a little noise, as in a game,
  and every inner node has a static estimate an evaluation function would give.

:func:`measure` runs every search in :data:`SEARCHES` on the same trees and
counts the leaves each evaluates (every evaluation, re-searches and earlier
passes included) and what it keeps in memory.  :class:`CorrelatedGame` is a
correlated tree made only where a search looks, for depths a built tree
cannot reach (the benchmark's b = 8, d = 8 has 16.7 million leaves).

Examples
--------
>>> from abteach.lessons.enhancements import measure
>>> m = measure(3, [2, 3], trials=2, seed=0)
>>> [row.leaves for row in m.rows if row.tree == "perfectly ordered" and row.search == "NegaScout"]
[5.0, 11.0]
>>> m.knuth_moore(3)
11
"""

from __future__ import annotations

import numbers
import random
import statistics
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from abteach.games.generate import RandomTree, child_key, random_tree
from abteach.games.players import MAX, MIN, Player
from abteach.games.trees import Path, Tree
from abteach.lessons.complexity import knuth_moore
from abteach.lessons.measured import TREE_KINDS, Measurement, Row
from abteach.lessons.ordering import minimax_values, reordered
from abteach.search.result import SearchResult
from abteach.trace.algorithms import (alphabeta, aspiration, iterative_deepening, minimax, mtdf, negascout,
                                      sss_star)

Evaluate = Callable[[Any, Any], float]
#: A search as measured: ``run(game, evaluate, guess)``, where ``guess`` is a first guess of the root's
#: value (the root's static estimate, or the middle of the value range) and ``evaluate`` scores the
#: positions where a depth-limited pass stops.
Run = Callable[[Any, Evaluate, int], SearchResult]


def _depth(game: Any) -> int:
    return game.height if isinstance(game, Tree) else int(game.depth)


#: Every search measured, by the label tables and plots show, in that order.  Read-only.
SEARCHES: Mapping[str, Run] = MappingProxyType({
    "minimax": lambda g, ev, guess: minimax(g, trace=False),
    "alpha-beta": lambda g, ev, guess: alphabeta(g, trace=False),
    "aspiration (±5)": lambda g, ev, guess: aspiration(g, guess=guess, delta=5, trace=False),
    "NegaScout": lambda g, ev, guess: negascout(g, trace=False),
    "ID, table and killers": lambda g, ev, guess: iterative_deepening(g, max_depth=_depth(g), evaluate=ev,
                                                                      trace=False),
    "MTD(f)": lambda g, ev, guess: mtdf(g, first_guess=guess, trace=False),
    "SSS*": lambda g, ev, guess: sss_star(g, trace=False),
})


# -- the trees ---------------------------------------------------------------------


def _check(b: Any, d: Any) -> None:
    if isinstance(b, bool) or not isinstance(b, numbers.Integral) or b < 2:
        raise ValueError(f"b must be a whole number ≥ 2, not {b!r}")
    if isinstance(d, bool) or not isinstance(d, numbers.Integral) or d < 1:
        raise ValueError(f"d must be a whole number ≥ 1, not {d!r}")


def ordered_tree(tree: Tree, best_first: bool = True) -> Tree:
    """A copy of ``tree`` whose every node lists its best child first (or last), ties in the tree's order.

    Examples
    --------
    >>> import abteach as ab
    >>> ordered_tree(ab.examples.FIG_5_2).to_nested()
    [[3, 8, 12], [2, 4, 6], [2, 5, 14]]
    >>> ordered_tree(ab.examples.FIG_5_2, best_first=False).to_nested()
    [[6, 4, 2], [14, 5, 2], [12, 8, 3]]
    """
    values = minimax_values(tree)
    orders = {}
    for path, node in tree.nodes.items():
        if node.children:
            mine = [values[c.path] for c in node.children]
            # MAX's best is the highest value, MIN's the lowest; a stable sort keeps ties in order.
            key = (lambda i: -mine[i]) if (node.player == MAX) == best_first else (lambda i: mine[i])
            orders[path] = tuple(sorted(range(len(mine)), key=key))
    return reordered(tree, orders)


def enhancement_trees(b: int, d: int, kind: str, *, seed: int | str) -> Tree:
    """One tree of a kind in :data:`TREE_KINDS`: uniform, ``b`` children a node, ``d`` plies, leaves 0–100.

    The perfectly and worst ordered trees are the random tree of the same seed,
    reordered; the correlated tree keeps static estimates (``tree.estimate``).

    Examples
    --------
    >>> import abteach as ab
    >>> t = enhancement_trees(2, 2, "perfectly ordered", seed=1)
    >>> t.to_nested(), ab.alphabeta(t).leaves
    ([[63, 97], [15, 32]], 3)
    """
    _check(b, d)
    if kind not in TREE_KINDS:
        raise ValueError(f"kind must be one of {', '.join(map(repr, TREE_KINDS))}, not {kind!r}")
    if kind == "correlated":
        return random_tree(b, d, seed=seed, correlated=True)
    t = random_tree(b, d, seed=seed)
    if kind == "random":
        return t
    return ordered_tree(t, best_first=kind == "perfectly ordered")


def _no_knowledge(state: Any, player: Any) -> float:
    """An evaluation that knows nothing: every position where a pass stops scores the same."""
    return 50


def _knowledge(tree: Tree) -> tuple[Evaluate, int]:
    """What a search may know of ``tree`` before it looks: an evaluation and a first guess of the value."""
    if isinstance(tree, RandomTree) and tree.spec.correlated:
        return tree.estimate, round(tree.estimate(tree.root))
    return _no_knowledge, 50


# -- the measurement ---------------------------------------------------------------


def measure(b: int, depths: Iterable[int], *, trials: int = 5, seed: int | str = 0,
            searches: Mapping[str, Run] | None = None) -> Measurement:
    """Run every search on the same ``trials`` trees of each kind and depth, and count leaves and memory.

    Parameters
    ----------
    b : int
        Children per node (≥ 2).
    depths : iterable of int
        Depths to measure (≥ 1 each).
    trials : int
        Trees of each kind at each depth; tree ``k`` of a depth has the same seed for every kind.
    seed : int or str
        Seeds the trees.
    searches : mapping, optional
        Label to search, as :data:`SEARCHES` (the default).

    Returns
    -------
    Measurement
    """
    depths = tuple(depths)
    for d in depths:
        _check(b, d)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise ValueError(f"trials must be a whole number ≥ 1, not {trials!r}")
    searches = SEARCHES if searches is None else searches
    rows = []
    for kind in TREE_KINDS:
        for d in depths:
            results: dict[str, list[SearchResult]] = {s: [] for s in searches}
            for k in range(trials):
                tree = enhancement_trees(b, d, kind, seed=f"{seed}/{d}/{k}")
                evaluate, guess = _knowledge(tree)
                for s, run in searches.items():
                    results[s].append(run(tree, evaluate, guess))
            for s, rs in results.items():
                rows.append(Row(kind, s, d, statistics.fmean(r.leaves for r in rs),
                                statistics.fmean(r.stats.get("table size", 0) for r in rs),
                                statistics.fmean(r.passes for r in rs)))
    return Measurement(b, depths, trials, tuple(rows))


# -- a correlated tree made on demand -----------------------------------------------


class Spot(NamedTuple):
    """A node of a :class:`CorrelatedGame`: its path, its value (for MAX), and the key its children draw from."""

    path: Path
    value: int
    key: int


@dataclass(frozen=True)
class CorrelatedGame:
    """A uniform correlated tree made only where a search looks: each child is its parent ± ``noise``.

    Values are whole numbers (for MAX); every node's value is also its static
    estimate (:meth:`estimate`), so a depth-limited pass scores a position by
    the value its children are drawn around, as an evaluation function would.

    Examples
    --------
    >>> import abteach as ab
    >>> g = CorrelatedGame(3, 4, seed=1)
    >>> ab.alphabeta(g, trace=False).value == ab.minimax(g, trace=False).value
    True
    """

    branching: int
    depth: int
    seed: int | str
    noise: int = 10
    max_player: Player = field(default=MAX, init=False)

    def __post_init__(self) -> None:
        _check(self.branching, self.depth)
        if isinstance(self.noise, bool) or not isinstance(self.noise, int) or self.noise < 0:
            raise ValueError(f"noise must be a whole number ≥ 0, not {self.noise!r}")

    @property
    def initial(self) -> Spot:
        return Spot((), 50, random.Random(self.seed).getrandbits(64))

    def to_move(self, state: Spot) -> Player:
        return MAX if len(state.path) % 2 == 0 else MIN

    def actions(self, state: Spot) -> range:
        return range(self.branching) if len(state.path) < self.depth else range(0)

    def result(self, state: Spot, action: int) -> Spot:
        key = child_key(state.key, action)
        step = key % (2 * self.noise + 1) - self.noise
        return Spot(state.path + (action,), state.value + step, key)

    def is_terminal(self, state: Spot) -> bool:
        return len(state.path) >= self.depth

    def utility(self, state: Spot, player: Player) -> float:
        return state.value if player == MAX else -state.value

    def estimate(self, state: Spot, player: Player = MAX) -> float:
        return state.value if player == MAX else -state.value

    def path_of(self, state: Spot) -> Path:
        return state.path

    def move_name(self, state: Spot, action: int) -> str:
        return str(action)


def minimal_tree_ratio(b: int, d: int, run: Callable[[CorrelatedGame], SearchResult], *, trials: int = 3,
                       seed: int | str = 0) -> float:
    """Mean leaves ``run`` evaluates on correlated games of size ``(b, d)``, over the minimal tree.

    Examples
    --------
    >>> import abteach as ab
    >>> round(minimal_tree_ratio(2, 4, lambda g: ab.minimax(g, trace=False), trials=1), 2)  # 16 / 7
    2.29
    """
    _check(b, d)
    leaves = [run(CorrelatedGame(b, d, seed=f"{seed}/{k}")).leaves for k in range(trials)]
    return statistics.fmean(leaves) / knuth_moore(b, d)


# -- an ordering oracle ---------------------------------------------------------------


@dataclass(frozen=True)
class OracleCount:
    """What :func:`frontier_oracle` found: the leaves its search evaluated, and the value it proved.

    Attributes
    ----------
    leaves : int
        Leaves the ordered search evaluated (the oracle's own look-ahead is not counted).
    value : float
        The minimax value, for MAX.
    """

    leaves: int
    value: float


def frontier_oracle(game: CorrelatedGame) -> OracleCount:
    """Alpha-beta ordered by an oracle that knows every value except what only the leaves reveal.

    At every node above the last ply the oracle puts a best child first (the
    first child, in the game's order, whose minimax value is the node's); at
    the last ply, whose children are the leaves, it knows nothing and keeps the
    game's order, since only evaluating a leaf tells its value.  That is the most an ordering learnt from earlier,
    shallower passes could know, so the leaves this search evaluates are what
    iterative deepening's last pass can hope for.  The search itself is the
    package's alpha-beta (3rd edition, cutting on ``v ≥ β``), ordered by the oracle.

    The oracle finds each best child with its own alpha-beta search, which is not counted.

    Examples
    --------
    >>> import abteach as ab
    >>> g = CorrelatedGame(3, 4, seed=1)
    >>> o = frontier_oracle(g)
    >>> o.value == ab.minimax(g, trace=False).value, o.leaves >= knuth_moore(3, 4)
    (True, True)
    """
    if not isinstance(game, CorrelatedGame):
        raise TypeError(f"game must be a CorrelatedGame, not {type(game).__name__}")
    last = game.depth - 1

    def first_best(s: Spot) -> Any:
        """The oracle's look-ahead, alpha-beta below ``s``: its move is the first best child of ``s``.

        At ``s`` the children go in the game's order, so a later tie fails low and is not taken; below,
        by their static estimates, best for the mover first, for speed.
        """
        def by_estimate(state: Spot, actions: Sequence[Any]) -> list[Any]:
            if state.path == s.path:
                return list(actions)
            sign = 1 if game.to_move(state) == MAX else -1
            return sorted(actions, key=lambda a: -sign * game.result(state, a).value)

        return alphabeta(game, s, order=by_estimate, trace=False).move

    def oracle(state: Spot, actions: Sequence[Any]) -> list[Any]:
        if len(state.path) >= last:
            return list(actions)  # the last ply: only evaluating the leaves would tell
        first = first_best(state)
        return sorted(actions, key=lambda a: a != first)  # a best child first, the rest as the game lists them

    r = alphabeta(game, order=oracle, trace=False)
    return OracleCount(leaves=r.leaves, value=r.value)


__all__ = ["TREE_KINDS", "SEARCHES", "ordered_tree", "enhancement_trees", "measure", "Measurement", "Row",
           "CorrelatedGame", "Spot", "minimal_tree_ratio",
           "frontier_oracle", "OracleCount"]
