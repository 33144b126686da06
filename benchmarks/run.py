"""Benchmarks: the untraced and traced searches against the book's code, what building
a tree costs next to searching it, and what a long trace weighs.  Run by hand
(``make bench``), never by the tests.

    python benchmarks/run.py [--rounds R] [--repeat N] [--no-peer] [--no-memory] [--no-build]

Two workloads, alpha-beta (3rd edition, cut on ties) from the start: tic-tac-toe
from the empty board, and the five random trees of ``workloads.py`` (b=4, d=8).
On each, abteach's lean untraced search (``abteach.search.lean``) and its traced
search (``ab.alphabeta(..., trace=True)``) are timed against the book's Python
code, aima3's ``alphabeta_search``, untraced.  Both sides visit the same nodes,
and the table shows the counts of each.

Both make everything they return as they search: the lean one its paths and
best moves, the traced one (the readable search, reporting to its recorder)
every event.

The book's side runs in its own venv, benchmarks/.venv-peer, built by
benchmarks/setup_peer.sh; it is driven as a subprocess and answers in JSON.
The two sides take turns, round after round, and each keeps its best CPU time
(``time.process_time``, so another process's load is not counted), so a burst
of load falls on both alike: every ratio printed comes from that one
interleaved run, and the untraced ratio's spread from round to round is
printed beside it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable

import abteach as ab
from abteach.search.lean import lean_search
from abteach.search.problem import Problem
from abteach.search.rules import TEXTBOOK

from memory import EVENTS, alphabeta_trace, million_event_trace, tree_trace
from timing import best_of_each
from workloads import BRANCHING, DEPTH, TREE_SEEDS, fingerprint, random_trees

HERE = Path(__file__).resolve().parent
PEER_PYTHON = HERE / ".venv-peer" / "bin" / "python"

# The targets the figures are held to.
SPEEDUP_OVER_BOOK = 2.0  # lean untraced: at least this many times aima3's speed
MAX_TRACED_OVER_BOOK = 3.0  # traced: at most this many times aima3's untraced time
MAX_TRACE_MB = 300.0


def lean(game: Any) -> Any:
    """The lean untraced alpha-beta, as the front door runs it: the Problem is made each time, and only the
    principal variation's best moves are kept (all a result reads)."""
    return lean_search(Problem(game, None), tie=TEXTBOOK, every_best=False)


def traced(game: Any) -> Any:
    return ab.alphabeta(game, trace=True)


def front_door(game: Any) -> Any:
    return ab.alphabeta(game, trace=False)


@dataclass
class Side:
    """abteach on one workload: best-of-N seconds of each search, and what it searched."""

    lean: float
    traced: float
    front_door: float
    nodes: int
    leaves: int
    traced_nodes: int
    traced_leaves: int


def time_abteach(games: list[Any], repeat: int) -> Side:
    """Sum over the games of each game's best-of-N time, so one slow tree cannot hide.

    The two untraced searches of a game run interleaved, so their ratio is
    fair even when the machine's load changes during the run.
    """
    total = [0.0] * 3
    for g in games:
        # The untraced pair first, the traced search after: run between them, a traced search's garbage
        # was collected inside the next untraced run (the front door measured 14.7 ms against the lean
        # search's 8.6 ms on the trees, with the same work).
        times = best_of_each([lambda: lean(g), lambda: front_door(g)], repeat)
        times.insert(1, best_of_each([lambda: traced(g)], repeat)[0])
        total = [a + b for a, b in zip(total, times)]
    tallies = [lean(g)[1] for g in games]
    results = [traced(g) for g in games]
    return Side(lean=total[0], traced=total[1], front_door=total[2],
                nodes=sum(t.nodes for t in tallies), leaves=sum(len(t.evaluated) for t in tallies),
                traced_nodes=sum(r.nodes for r in results), traced_leaves=sum(r.leaves for r in results))


def faster(a: Side, b: Side) -> Side:
    return replace(a, lean=min(a.lean, b.lean), traced=min(a.traced, b.traced),
                   front_door=min(a.front_door, b.front_door))


def faster_peer(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    for workload in ("tictactoe", "trees"):
        a[workload]["seconds"] = min(a[workload]["seconds"], b[workload]["seconds"])
    return a


def run_peer(repeat: int) -> dict[str, Any] | None:
    if not PEER_PYTHON.exists():
        print(f"(no peer venv at {PEER_PYTHON}: run benchmarks/setup_peer.sh to compare with aima3)")
        return None
    request = {"repeat": repeat, "seeds": list(TREE_SEEDS), "branching": BRANCHING, "depth": DEPTH}
    done = subprocess.run([str(PEER_PYTHON), str(HERE / "peer.py")], input=json.dumps(request),
                          capture_output=True, text=True, check=True, cwd=HERE)
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def gc_time(games: list[Any]) -> tuple[float, float, int]:
    """One traced pass: (seconds in all, seconds inside the garbage collector, full collections).

    Best-of timing tends to pick a run that escaped a full collection; this
    shows what one costs when it does come, since every event is a tracked
    tuple that lives as long as the trace.
    """
    spent = [0.0, 0.0, 0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            spent[0] = time.process_time()
        else:
            spent[1] += time.process_time() - spent[0]
            spent[2] += info["generation"] == 2

    gc.collect()
    gc.callbacks.append(watch)
    try:
        start = time.process_time()
        for g in games:
            traced(g)
        total = time.process_time() - start
    finally:
        gc.callbacks.remove(watch)
    return total, spent[1], int(spent[2])


def build_vs_search(nested: list[Any], repeat: int) -> list[tuple[str, float]]:
    """Seconds to build the random trees with ``ab.tree``, beside searching them (sums over the trees).

    Minimax visits every node the build makes, so it is the fair yardstick;
    alpha-beta visits a fraction of them.
    """
    trees = [ab.tree(t) for t in nested]

    def each(f: Callable[[Any], Any], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for x in items:
                f(x)
        return run

    names = ["build (ab.tree)", "minimax, untraced", "alpha-beta, lean", "alpha-beta, traced"]
    fns = [each(ab.tree, nested),
           each(lambda t: ab.minimax(t, trace=False), trees),
           each(lean, trees), each(traced, trees)]
    return list(zip(names, best_of_each(fns, repeat)))


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement; the best counts")
    parser.add_argument("--rounds", type=int, default=7, help="turns taken by each side")
    parser.add_argument("--no-peer", action="store_true", help="skip the comparison with aima3")
    parser.add_argument("--no-memory", action="store_true", help="skip the 1M-event trace")
    parser.add_argument("--no-build", action="store_true", help="skip tree building against searching")
    args = parser.parse_args()

    nested = random_trees()
    trees = [ab.tree(t) for t in nested]
    games = {"tic-tac-toe, empty board": [ab.TicTacToe()],
             f"random b={BRANCHING} d={DEPTH}, {len(trees)} trees": trees}
    workloads: dict[str, Side] = {}
    peer: dict[str, Any] | None = None
    # Each round's lean and aima3 seconds, per workload: the spread of the ratio from round to round.
    per_round: dict[str, list[tuple[float, float]]] = {name: [] for name in games}
    for _ in range(args.rounds):
        sides = {}
        for name, group in games.items():
            side = sides[name] = time_abteach(group, args.repeat)
            workloads[name] = side if name not in workloads else faster(workloads[name], side)
        if not args.no_peer:
            answer = run_peer(args.repeat)
            if answer is not None:
                for name, key in zip(games, ("tictactoe", "trees")):
                    per_round[name].append((sides[name].lean, answer[key]["seconds"]))
            peer = answer if peer is None or answer is None else faster_peer(peer, answer)
    if peer is not None and peer["trees"]["fingerprint"] != fingerprint(nested):
        sys.exit("the peer searched different random trees; the comparison would be meaningless")
    peer_sides: list[dict[str, Any] | None] = [peer["tictactoe"], peer["trees"]] if peer else [None, None]

    print(f"alpha-beta (3rd edition, cut on ties) on Python {platform.python_version()}, "
          f"CPU time, best of {args.rounds}×{args.repeat} interleaved runs, load average "
          f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores at the end"
          + (f"; book code: aima3 {peer['aima3']} on Python {peer['python']}" if peer else ""))
    print()
    head = (f"{'workload':<30}{'nodes':>8}{'leaves':>8}{'lean':>11}{'aima3':>11}{'aima3':>8}{'aima3':>8}"
            f"{'aima3/':>8}{'traced':>11}{'traced/':>9}{'trace=False':>13}")
    print(head)
    print(f"{'':<30}{'':>8}{'':>8}{'untraced':>11}{'untraced':>11}{'nodes':>8}{'leaves':>8}{'lean':>8}"
          f"{'':>11}{'aima3':>9}{'front door':>13}")
    print("-" * len(head))
    checks: list[tuple[str, str, str, bool]] = []
    for (name, side), other in zip(workloads.items(), peer_sides):
        row = f"{name:<30}{side.nodes:>8}{side.leaves:>8}{ms(side.lean):>11}"
        if other is not None:
            speed = other["seconds"] / side.lean
            cost = side.traced / other["seconds"]
            row += (f"{ms(other['seconds']):>11}{other['nodes']:>8}{other['leaves']:>8}{speed:>7.2f}×"
                    f"{ms(side.traced):>11}{cost:>8.2f}×")
            checks.append((f"lean untraced speed vs aima3, {name}", f"{speed:.2f}×", f"≥ {SPEEDUP_OVER_BOOK:g}×",
                           speed >= SPEEDUP_OVER_BOOK))
            checks.append((f"traced time vs aima3 untraced, {name}", f"{cost:.2f}×",
                           f"≤ {MAX_TRACED_OVER_BOOK:g}×", cost <= MAX_TRACED_OVER_BOOK))
        else:
            row += f"{'':>11}{'':>8}{'':>8}{'':>8}{ms(side.traced):>11}{'':>9}"
        row += f"{ms(side.front_door):>13}"
        same = (side.nodes, side.leaves) == (side.traced_nodes, side.traced_leaves) and (
            other is None or (other["nodes"], other["leaves"]) == (side.nodes, side.leaves))
        print(row + ("" if same else "  (nodes differ!)"))
    print()
    for name, rounds in per_round.items():
        if rounds:
            ratios = sorted(theirs / ours for ours, theirs in rounds)
            print(f"lean untraced speed vs aima3, {name}, round by round (each side's best of {args.repeat}): "
                  f"min {ratios[0]:.2f}×, median {statistics.median(ratios):.2f}×, max {ratios[-1]:.2f}× "
                  f"over {len(ratios)} rounds")
    for name, side in workloads.items():
        print(f"tracing cost, {name}: traced {side.traced / side.lean:.1f}× lean untraced "
              f"(traced search: {side.traced_nodes} nodes, {side.traced_leaves} leaves)")
    if peer:
        print("aima3 calls (tic-tac-toe; trees): "
              + "; ".join(", ".join(f"{k} {v}" for k, v in s["calls"].items()) for s in peer_sides if s))

    for name, group in games.items():
        total, in_gc, full = gc_time(group)
        print(f"one traced pass, {name}: {ms(total)}, of which garbage collector {ms(in_gc)} "
              f"({full} full collections)")

    if not args.no_build:
        print()
        nodes = sum(len(t) for t in trees)
        figures = build_vs_search(nested, max(args.repeat, 3))
        build = figures[0][1]
        print(f"building against searching, {len(trees)} random trees b={BRANCHING} d={DEPTH} ({nodes:,} nodes):")
        for name, seconds in figures:
            note = f"  {seconds / nodes * 1e6:.2f} µs a node" if name.startswith("build") else \
                f"  build takes {build / seconds:.1f}× this"
            print(f"  {name:<22}{ms(seconds):>11}{note}")

    if not args.no_memory:
        print()
        for m in (million_event_trace(), alphabeta_trace(), tree_trace(trees[0], "random tree")):
            scaled = m.bytes_per_event * EVENTS / 1e6
            print(f"trace memory, {m.source:<24}{m.events:>9} events{m.megabytes:>9.1f} MB"
                  f"{m.bytes_per_event:>7.0f} B/event  -> {scaled:6.1f} MB per {EVENTS:,} events")
            if m.events == EVENTS:
                checks.append((f"memory, {EVENTS:,}-event trace", f"{m.megabytes:.0f} MB",
                               f"≤ {MAX_TRACE_MB:g} MB", m.megabytes <= MAX_TRACE_MB))

    print()
    width = max(len(c[0]) for c in checks) + 2 if checks else 48
    print(f"{'target':<{width}}{'measured':>10}{'goal':>10}  verdict")
    for what, got, goal, ok in checks:
        print(f"{what:<{width}}{got:>10}{goal:>10}  {verdict(ok)}")


if __name__ == "__main__":
    main()
