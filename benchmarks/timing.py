"""Best-of-N CPU-time timing, shared by both sides so they are measured alike."""

from __future__ import annotations

import time
from typing import Any, Callable


def best_of(fn: Callable[[], Any], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in CPU seconds of this process.

    The minimum, not the mean: slower runs only add noise from the machine
    (other processes, cache state), never information about the code.  CPU
    time (:func:`time.process_time`), not wall time: another process on a busy
    machine takes the CPU from a run without adding to its figure (though it
    still slows a run down through the caches the two share: read the load
    average printed with the figures).  The garbage collector stays on,
    because a traced search pays for it in real use.  No collection is forced
    between runs: measured, one made the next run slower (the memory it gave
    back was faulted in again), not steadier.
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
            start = time.process_time()
            fn()
            best[k] = min(best[k], time.process_time() - start)
    return best
