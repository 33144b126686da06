"""Leaves evaluated by iterative deepening with a table and killers, over the minimal tree (Knuth–Moore).

    python benchmarks/enhancements.py [--trials N] [--quick]

On correlated trees made on demand (each child its parent ± 10), b = 4..8 and
d = 6..8, three trees each.  Target: within 1.5× of the minimal tree.  Two
counts are given for iterative deepening: every evaluation of every pass
(what the search pays), and the last pass's alone (how well the earlier
passes ordered it).  Beside it, the alternatives: history scores on, an
aspiration window around the last pass's value, MTD(f) driven by iterative
deepening, and plain alpha-beta.  Then tic-tac-toe solved by each search, timed.
Run by hand (``make bench``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any, Callable

import abteach as ab
from abteach.lessons.complexity import knuth_moore
from abteach.lessons.enhancements import CorrelatedGame

TARGET = 1.5


def last_pass(r: ab.SearchResult, d: int) -> int:
    """The leaves of the deepest pass: evaluations at depth ``d``."""
    return sum(1 for p in r.evaluated if len(p) == d)


def deepening(step: Callable[[Any, int, float], ab.SearchResult]) -> Callable[[Any, int], int]:
    """A driver that calls ``step(game, depth, guess)`` for depth 1..d, each guessing the last value; total leaves."""

    def run(g: Any, d: int) -> int:
        guess, leaves = g.estimate(g.initial), 0
        for k in range(1, d + 1):
            r = step(g, k, guess)
            guess, leaves = r.value, leaves + r.leaves
        return leaves

    return run


def aspirated(g: Any, d: int, guess: float) -> ab.SearchResult:
    return ab.aspiration(g, guess=guess, delta=5, depth=d, evaluate=g.estimate, tt=True, trace=False)


def mtd(g: Any, d: int, guess: float) -> ab.SearchResult:
    return ab.mtdf(g, first_guess=round(guess), depth=d, evaluate=g.estimate, trace=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="b = 4..6, d = 6..7 only")
    args = parser.parse_args()
    bs, ds = (range(4, 7), range(6, 8)) if args.quick else (range(4, 9), range(6, 9))
    columns = ["ID all passes", "ID last pass", "ID + history", "ID + aspiration", "ID-driven MTD(f)",
               "alpha-beta"]
    print(f"Leaves over the minimal tree, correlated trees, mean of {args.trials} (target ≤ {TARGET}×)")
    print(f"{'b':>2} {'d':>2} {'minimal':>8}  " + "  ".join(f"{c:>16}" for c in columns) + "  seconds")
    worst = 0.0
    for b in bs:
        for d in ds:
            start = time.perf_counter()
            km = knuth_moore(b, d)
            sums = [0.0] * len(columns)
            for k in range(args.trials):
                g = CorrelatedGame(b, d, seed=f"bench/{b}/{d}/{k}")
                r = ab.iterative_deepening(g, max_depth=d, evaluate=g.estimate, trace=False)
                h = ab.iterative_deepening(g, max_depth=d, evaluate=g.estimate, history=True, trace=False)
                counts = [r.leaves, last_pass(r, d), h.leaves, deepening(aspirated)(g, d),
                          deepening(mtd)(g, d), ab.alphabeta(g, trace=False).leaves]
                sums = [s + c for s, c in zip(sums, counts)]
            ratios = [s / args.trials / km for s in sums]
            worst = max(worst, ratios[0])
            print(f"{b:>2} {d:>2} {km:>8,}  " + "  ".join(f"{x:>15.2f}×" for x in ratios)
                  + f"  {time.perf_counter() - start:7.1f}", flush=True)
    verdict = "met" if worst <= TARGET else "missed"
    print(f"worst ratio, ID with table and killers, every pass counted: {worst:.2f}× (target {TARGET}×: {verdict})")
    print()
    print("Tic-tac-toe from the empty board, untraced (best of 3 runs)")
    game = ab.TicTacToe()
    solvers = {
        "alpha-beta": lambda: ab.alphabeta(game, trace=False),
        "negamax, table": lambda: ab.negamax_memory(game, trace=False),
        "negamax, table, killers, history": lambda: ab.negamax_memory(game, killers=True, history=True,
                                                                      trace=False),
        "ID, table and killers": lambda: ab.iterative_deepening(game, max_depth=9, evaluate=lambda s, p: 0,
                                                                trace=False),
        "NegaScout": lambda: ab.negascout(game, trace=False),
        "MTD(f) from 0": lambda: ab.mtdf(game, first_guess=0, trace=False),
        "SSS*": lambda: ab.sss_star(game, trace=False),
    }
    print(f"{'search':<34} {'value':>5} {'nodes':>8} {'hits':>7} {'ms':>8}")
    for name, solve in solvers.items():
        times = []
        for _ in range(3):
            start = time.perf_counter()
            r = solve()
            times.append(time.perf_counter() - start)
        print(f"{name:<34} {r.value:>5g} {r.nodes:>8,} {r.stats.get('hits', 0):>7,} {min(times) * 1e3:>8.0f}")


if __name__ == "__main__":
    main()
