"""How long the stepper takes, in the kernel, from a slider change to the new image.

    python benchmarks/redraw.py [--rounds R] [--quick]

Two workloads:

* Fig. 5.2, every step: the lectures' tree, drawn with every label;
* a 300-node irregular tree (``random_tree(5, 6, seed=148, uneven=True)``),
  every step of alpha-beta on it: too big to label, so the stepper draws it as
  an overview (:data:`abteach.widgets.stepper.OVERVIEW_PIXELS` wide, no small
  text), on one canvas, with the legend drawn once.

For each it prints the median over every step, cold (each frame drawn for the
first time) and warm (from the stepper's cache), in wall-clock and CPU time,
and the time to build the stepper.  CPU time is the steadier figure on a
shared machine: wall-clock time there includes waiting for the other jobs.
A change must take under :data:`TARGETS` milliseconds, median, cold.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

import abteach as ab

#: Median milliseconds from a slider change to the new image, per workload.
TARGETS = {"Fig. 5.2": 100.0, "300-node irregular tree": 150.0}


@dataclass
class Run:
    build_wall: float
    build_cpu: float
    cold_wall: list[float]
    cold_cpu: list[float]
    warm_wall: list[float]


def workloads() -> dict[str, ab.SearchResult]:
    big = ab.random_tree(5, 6, seed=148, uneven=True)
    assert len(big.nodes) == 300, len(big.nodes)
    return {"Fig. 5.2": ab.alphabeta(ab.examples.FIG_5_2), "300-node irregular tree": ab.alphabeta(big)}


def one_pass(result: ab.SearchResult, steps: int | None = None) -> Run:
    w, c = time.perf_counter(), time.process_time()
    stepper = ab.stepper(result)
    build_wall, build_cpu = time.perf_counter() - w, time.process_time() - c
    last = len(result.trace) if steps is None else min(steps, len(result.trace))
    cold_wall, cold_cpu, warm_wall = [], [], []
    for k in range(1, last + 1):
        w, c = time.perf_counter(), time.process_time()
        stepper.slider.value = k
        cold_wall.append(time.perf_counter() - w)
        cold_cpu.append(time.process_time() - c)
    # Back over the steps the stepper still holds (it keeps the last 256 pictures drawn).
    for k in range(last - 1, max(-1, last - 201), -1):
        w = time.perf_counter()
        stepper.slider.value = k
        warm_wall.append(time.perf_counter() - w)
    return Run(build_wall, build_cpu, cold_wall, cold_cpu, warm_wall)


def ms(xs: list[float]) -> float:
    return 1000 * statistics.median(xs)


def report(name: str, result: ab.SearchResult, runs: list[Run]) -> bool:
    target = TARGETS[name]
    cold_wall = min(ms(r.cold_wall) for r in runs)
    cold_cpu = min(ms(r.cold_cpu) for r in runs)
    warm = min(ms(r.warm_wall) for r in runs)
    build_wall = 1000 * min(r.build_wall for r in runs)
    build_cpu = 1000 * min(r.build_cpu for r in runs)
    steps = len(runs[0].cold_wall)
    nodes = len(result.trace.tree.nodes) if result.trace.tree is not None else "?"
    print(f"stepper redraw on {name} ({nodes} nodes, {steps} of {len(result.trace)} steps, "
          f"best of {len(runs)} rounds, medians)")
    print(f"  build the stepper      wall {build_wall:7.1f} ms   cpu {build_cpu:7.1f} ms")
    print(f"  first view of a step   wall {cold_wall:7.1f} ms   cpu {cold_cpu:7.1f} ms   target < {target:.0f} ms: "
          f"{'met' if cold_wall < target else 'missed'} (wall), {'met' if cold_cpu < target else 'missed'} (cpu)")
    print(f"  step seen before       wall {warm:7.1f} ms")
    return cold_cpu < target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one round, the first 60 steps of each search")
    args = parser.parse_args()
    rounds, steps = (1, 60) if args.quick else (args.rounds, None)
    for name, result in workloads().items():
        report(name, result, [one_pass(result, steps) for _ in range(rounds)])


if __name__ == "__main__":
    main()
