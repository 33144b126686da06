"""Where an untraced alpha-beta's time goes, on the random trees.

    python benchmarks/why.py [--profile]

It times the same search with its layers added one at a time, on abteach's
own Tree, so each difference is the price of one layer:

1. ``book``: the book's MAX-VALUE / MIN-VALUE loop calling the game directly;
2. ``problem``: the same loop through :class:`Problem` (TERMINAL-TEST with the
   depth guard, UTILITY, ACTIONS as (index, action) pairs) and node paths;
3. ``recorder``: abteach's ``alphabeta3`` with the untraced :class:`Tally`;
4. ``api``: ``ab.alphabeta(..., trace=False)``, which adds the PV and the result;
5. ``traced``: ``ab.alphabeta(..., trace=True)``, which keeps every event.

Beside them, ``lean``: :func:`abteach.search.lean.lean_search`, which fills in
the same tally as ``recorder`` without the per-line reports.

``--profile`` adds cProfile's table for the untraced and traced searches.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from functools import partial
from math import inf
from typing import Any, Callable

import abteach as ab
from abteach.search.alphabeta import alphabeta3
from abteach.search.lean import lean_search
from abteach.search.rules import TEXTBOOK
from abteach.search.problem import Problem
from abteach.search.record import Tally

from timing import best_of_each
from workloads import random_trees


def book(g: ab.Tree) -> float:
    def max_value(state: Any, alpha: float, beta: float) -> float:
        if g.is_terminal(state):
            return g.utility(state, ab.MAX)
        v = -inf
        for a in g.actions(state):
            v = max(v, min_value(g.result(state, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state: Any, alpha: float, beta: float) -> float:
        if g.is_terminal(state):
            return g.utility(state, ab.MAX)
        v = inf
        for a in g.actions(state):
            v = min(v, max_value(g.result(state, a), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    return max_value(g.initial, -inf, inf)


def problem(g: ab.Tree) -> float:
    p = Problem(g, None)

    def max_value(state: Any, path: tuple[int, ...], alpha: float, beta: float) -> float:
        if p.is_cutoff(state, len(path)):
            return p.utility(state)
        v = -inf
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            v = max(v, min_value(p.result(state, a), path + (i,), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state: Any, path: tuple[int, ...], alpha: float, beta: float) -> float:
        if p.is_cutoff(state, len(path)):
            return p.utility(state)
        v = inf
        children = p.actions(state)
        for k, (i, a) in enumerate(children):
            v = min(v, max_value(p.result(state, a), path + (i,), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    return max_value(p.state, (), -inf, inf)


def recorder(g: ab.Tree) -> float:
    p = Problem(g, None)
    value, _ = alphabeta3(p, Tally(p.root))
    return value


def api(g: ab.Tree) -> float:
    return ab.alphabeta(g, trace=False).value


def traced(g: ab.Tree) -> float:
    return ab.alphabeta(g, trace=True).value


def lean(g: ab.Tree) -> float:
    value, _ = lean_search(Problem(g, None), tie=TEXTBOOK)
    return value


LAYERS: list[Callable[[ab.Tree], float]] = [book, problem, recorder, api, traced]
ASIDE: list[Callable[[ab.Tree], float]] = [lean]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    trees = [ab.tree(t) for t in random_trees()]
    every = LAYERS + ASIDE
    values = {layer.__name__: [layer(t) for t in trees] for layer in every}
    assert all(v == values["book"] for v in values.values()), values
    totals = [0.0] * len(every)
    for t in trees:
        runs: list[Callable[[], float]] = [partial(f, t) for f in every]
        for k, seconds in enumerate(best_of_each(runs, args.repeat)):
            totals[k] += seconds
    print(f"{'layer':<10}{'time':>10}{'added':>10}{'× book':>9}")
    for k, layer in enumerate(every):
        added = totals[k] - totals[k - 1] if 0 < k < len(LAYERS) else totals[k]
        sign = "+" if 0 < k < len(LAYERS) else " "
        print(f"{layer.__name__:<10}{totals[k] * 1e3:>7.1f} ms{sign}{added * 1e3:>6.1f} ms"
              f"{totals[k] / totals[0]:>8.2f}×")
    if args.profile:
        for trace in (False, True):
            print(f"\ncProfile, trace={trace}")
            prof = cProfile.Profile()
            prof.enable()
            for t in trees:
                ab.alphabeta(t, trace=trace)
            prof.disable()
            pstats.Stats(prof).sort_stats("tottime").print_stats(14)


if __name__ == "__main__":
    main()
