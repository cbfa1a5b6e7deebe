"""Hands played on a Ray cluster: a farm of machines for fields beyond one machine's cores.

An optional extra (``uv sync --extra ray``, or ``pip install 'pokerfloor[ray]'``). The tasks and
their results are the same as with the standard library's workers (``_play``): chunks of
``HandTask`` go to the cluster as they are planned, the results come back in order, so the
event log is the same whatever plays the hands. Every node needs pokerfloor installed.

    hands = RayHands(workers=8, address="auto")  # an existing cluster; None: start one here
    result = simulate(..., hands_by=hands)
    hands.close()
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Iterator
from typing import Any

from pokerfloor.sim._play import HandTask, play_chunk, play_task, send_in_chunks

__all__ = ["RayHands", "ray_available"]


def ray_available() -> bool:
    """Whether Ray is installed (without importing it: ``RayHands`` sets it up first)."""
    return importlib.util.find_spec("ray") is not None


class RayHands:
    """Chunks of hands played as Ray tasks. ``address``: a running cluster's (``"auto"``, or
    ``"ray://host:10001"``); ``None`` starts a Ray instance on this machine with ``workers``
    CPUs, shut down by ``close``."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        if address is None:
            # Under ``uv run`` Ray would build each local worker an environment of its own from
            # the project, without the optional extras (so without Ray): the workers started
            # here use this interpreter. Ray reads the flag when it is first imported.
            os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
        self._ray: Any = importlib.import_module("ray")
        self.workers = workers
        self.chunks_sent = 0
        self._started = not self._ray.is_initialized()
        if self._started:
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if address is None:
                options["num_cpus"] = workers
            self._ray.init(address=address, **options)
        self._remote = self._ray.remote(play_chunk)

    def play(self, tasks: Iterator[HandTask]) -> Iterator[tuple[int, ...]]:
        pending: list[Any] = []
        small = send_in_chunks(tasks, lambda chunk: pending.append(self._remote.remote(chunk)))
        if small is not None:
            return (play_task(task) for task in small)
        self.chunks_sent += len(pending)
        ray = self._ray
        return (final for reference in pending for final in ray.get(reference))

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
