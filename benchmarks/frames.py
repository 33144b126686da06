"""What stepping through a long trace costs: memory to open it in the stepper, and time per frame.

    python benchmarks/frames.py

Targets: a 100,000-step trace opens in the stepper in under 300 MB, and
``trace.frame(k)`` takes under 50 ms for any k.  Run by hand (``make bench``).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc

import abteach as ab

STEPS = 100_000
MAX_MB = 300.0
MAX_FRAME_MS = 50.0


def long_trace() -> ab.Trace:
    """An alpha-beta trace of at least STEPS steps: tic-tac-toe from a few openings, the longest kept."""
    best = None
    for board in ("... ... ...", "... .X. ...", "X.. ... ..."):
        r = ab.minimax(ab.TicTacToe(ab.Board.parse(board))) if board != "... ... ..." else \
            ab.alphabeta(ab.TicTacToe())
        if len(r.trace) >= STEPS and (best is None or len(r.trace) < len(best)):
            best = r.trace
    if best is None:  # no single search was long enough: the biggest we have
        best = ab.minimax(ab.TicTacToe(ab.Board.parse("X.. ... ..."))).trace
    return best


def main() -> None:
    gc.collect()
    tracemalloc.start()
    trace = long_trace()
    searched = tracemalloc.get_traced_memory()[0]
    start = time.perf_counter()
    stepper = ab.stepper(trace)
    stepper.go(len(trace) // 2)
    opened = time.perf_counter() - start
    total = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()

    rng = random.Random(0)
    steps = [rng.randrange(len(trace) + 1) for _ in range(200)] + [0, len(trace)]
    times = []
    for k in steps:
        t0 = time.perf_counter()
        f = trace.frame(k)
        _ = (f.nodes, f.stack, f.explanation)
        times.append((time.perf_counter() - t0) * 1000)

    print(f"trace: {len(trace):,} steps ({trace.algorithm.label})")
    print(f"{'what':<48}{'measured':>12}{'target':>12}")
    print(f"{'memory, trace and stepper open (MB)':<48}{total / 1e6:>12.1f}{f'≤ {MAX_MB:.0f}':>12}")
    print(f"{'  of which the search and its events (MB)':<48}{searched / 1e6:>12.1f}")
    print(f"{'opening the stepper, first replay included (s)':<48}{opened:>12.2f}")
    print(f"{'frame(k) with nodes, stack, sentence: median (ms)':<48}{statistics.median(times):>12.2f}"
          f"{f'< {MAX_FRAME_MS:.0f}':>12}")
    print(f"{'frame(k): worst of {len(steps)} (ms)':<48}{max(times):>12.2f}{f'< {MAX_FRAME_MS:.0f}':>12}")


if __name__ == "__main__":
    main()
