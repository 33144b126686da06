"""Best-of-N wall-clock timing, shared by both sides so they are measured alike."""

from __future__ import annotations

import time
from typing import Any, Callable


def best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds.

    The minimum, not the mean: slower runs only add noise from the machine
    (other processes, cache state), never information about the code.  The
    garbage collector stays on, because a traced search pays for it in real use.
    """
    return best_of_each([fn], repeat)[0]


def best_of_each(fns: list[Callable[[], Any]], repeat: int) -> list[float]:
    """Best-of-``repeat`` for each function, with their runs interleaved.

    Interleaving puts a burst of load from other processes on all of them
    alike, so the ratio between them stays meaningful on a busy machine.
    """
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for k, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            best[k] = min(best[k], time.perf_counter() - start)
    return best
