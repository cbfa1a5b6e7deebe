"""Shared timing helper for the benchmarks: best of several runs, in operations per second."""

from __future__ import annotations

import time
from collections.abc import Callable


def per_second(run: Callable[[], int], repeats: int = 3) -> float:
    """Run ``run`` (which returns how many operations it did) and keep the fastest rate."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        operations = run()
        elapsed = time.perf_counter() - start
        best = max(best, operations / elapsed)
    return best
