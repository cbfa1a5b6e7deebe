"""Shared timing helpers for the benchmarks: best of several runs, in operations per second,
and a profile of one run."""

from __future__ import annotations

import cProfile
import io
import pstats
import time
from collections.abc import Callable


def per_second(
    run: Callable[[], int], repeats: int = 3, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Run ``run`` (which returns how many operations it did) and keep the fastest rate.

    ``clock=time.process_time`` counts this process's CPU time rather than the wall clock:
    on a machine shared by many busy processes the wall clock mostly measures the waiting."""
    best = 0.0
    for _ in range(repeats):
        start = clock()
        operations = run()
        elapsed = clock() - start
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
