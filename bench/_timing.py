"""Shared timing helpers for the benchmarks: best of several runs, in operations per second,
and a profile of one run."""

from __future__ import annotations

import cProfile
import io
import pstats
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


def profiled(run: Callable[[], object], top: int) -> str:
    """The ``top`` functions of one call of ``run`` by their own time (cProfile)."""
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()
