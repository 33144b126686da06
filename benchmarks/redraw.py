"""How long the stepper takes, in the kernel, from a slider change to the new image.

    python benchmarks/redraw.py [--rounds R]

Prints the median over every step of Fig. 5.2, cold (each frame drawn for the
first time) and warm (from the stepper's cache), in wall-clock and CPU time.
CPU time is the steadier figure on a shared machine.
"""

from __future__ import annotations

import argparse
import statistics
import time

import abteach as ab

TARGET_MS = 100.0


def one_pass(result: ab.SearchResult) -> tuple[list[float], list[float], list[float]]:
    stepper = ab.stepper(result)
    cold_wall, cold_cpu, warm_wall = [], [], []
    for k in range(1, len(result.trace) + 1):
        w, c = time.perf_counter(), time.process_time()
        stepper.slider.value = k
        cold_wall.append(time.perf_counter() - w)
        cold_cpu.append(time.process_time() - c)
    for k in range(len(result.trace) - 1, -1, -1):
        w = time.perf_counter()
        stepper.slider.value = k
        warm_wall.append(time.perf_counter() - w)
    return cold_wall, cold_cpu, warm_wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    result = ab.alphabeta(ab.examples.FIG_5_2)
    runs = [one_pass(result) for _ in range(args.rounds)]
    ms = lambda xs: 1000 * statistics.median(xs)
    cold_wall = min(ms(r[0]) for r in runs)
    cold_cpu = min(ms(r[1]) for r in runs)
    warm = min(ms(r[2]) for r in runs)
    print(f"stepper redraw on Fig. 5.2 ({len(result.trace)} steps, best of {args.rounds} rounds, medians)")
    print(f"  first view of a step   wall {cold_wall:7.1f} ms   cpu {cold_cpu:7.1f} ms   target ≤ {TARGET_MS:.0f} ms: "
          f"{'met' if cold_wall <= TARGET_MS else 'missed'} (wall), {'met' if cold_cpu <= TARGET_MS else 'missed'} (cpu)")
    print(f"  step seen before       wall {warm:7.1f} ms")


if __name__ == "__main__":
    main()
