"""Playing the simulator's hands, here or in worker processes.

A hand to play is a ``HandTask``: the table's set-up as the aggregate planned it, the bots of its
players and a seed of its own. Its result (the final stacks, in the task's seat order) depends on
the task alone, never on which process plays it or on the hands played before: the simulator
can hand a batch of tasks to several processes and record the results in its own order, and a
seed gives the same event log whatever the number of workers.

- ``InlineHands``: plays in this process;
- ``ProcessHands``: a pool of worker processes of the standard library (``spawn``), chunks of
  tasks sent as they are planned, results read back in order;
- ``pokerfloor.sim._ray.RayHands``: the same on a Ray cluster (optional extra ``ray``).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple, Protocol

from pokerfloor.hand import Hand, HandSetup, Seat
from pokerfloor.sim.bots import BOTS, Bot

__all__ = [
    "HandPlayers",
    "HandTask",
    "InlineHands",
    "ProcessHands",
    "hand_players",
    "play_chunk",
    "play_task",
]

# Fewer tasks than this in a batch are played here: sending them costs more than it saves.
PARALLEL_FROM = 48
# Tasks per chunk sent to a worker: small enough for the results of the first chunks to be
# recorded while the later ones are played, large enough to keep the messages few.
CHUNK = 160

_BOTS: dict[str, Bot] = {name: kind() for name, kind in BOTS.items()}


class HandTask(NamedTuple):
    """One hand to play: ``seats`` are (seat number, player, stack, absent, bot) in dealing
    order; the deck and the bots' choices come from ``seed``."""

    profile: str
    seats: tuple[tuple[int, str, int, bool, str], ...]
    button_seat: int
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: int
    smallest_chip: int
    small_blind_seat: int
    big_blind_seat: int
    seed: int


def play_task(task: HandTask) -> tuple[int, ...]:
    """Play the hand; the final stacks in the order of ``task.seats``."""
    rng = random.Random(task.seed)
    seats = tuple(
        Seat(seat_no, player, stack, absent=absent)
        for seat_no, player, stack, absent, _ in task.seats
    )
    setup = HandSetup(
        profile=task.profile,
        seats=seats,
        button_seat=task.button_seat,
        small_blind=task.small_blind,
        big_blind=task.big_blind,
        ante=task.ante,
        bb_ante=task.bb_ante,
        smallest_chip=task.smallest_chip,
        small_blind_seat=task.small_blind_seat,
        big_blind_seat=task.big_blind_seat,
    )
    # The hand reads 2 cards a player, the board and its burns: a draw of that many cards is
    # a shuffle of the deck as far as the hand can tell.
    deck = rng.sample(range(52), 2 * len(task.seats) + 8)
    hand = Hand.start(setup, deck)
    bots = {player: _BOTS[bot] for _, player, _, _, bot in task.seats}
    names = hand.names
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(bots[names[legal.player]].choose(hand, legal, rng))
    final = dict(zip(hand.names, hand.stacks, strict=True))
    return tuple(final[player] for _, player, _, _, _ in task.seats)


def play_chunk(tasks: Sequence[HandTask]) -> list[tuple[int, ...]]:
    return [play_task(task) for task in tasks]


class HandPlayers(Protocol):
    """Plays tasks and yields their results in the tasks' order."""

    workers: int

    def play(self, tasks: Iterator[HandTask]) -> Iterator[tuple[int, ...]]: ...

    def close(self) -> None: ...


class InlineHands:
    workers = 1

    def play(self, tasks: Iterator[HandTask]) -> Iterator[tuple[int, ...]]:
        return (play_task(task) for task in list(tasks))

    def close(self) -> None:
        pass


class ProcessHands:
    """Worker processes of the standard library; small batches are played here."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.chunks_sent = 0
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn")
        )

    def play(self, tasks: Iterator[HandTask]) -> Iterator[tuple[int, ...]]:
        """Chunks go to the workers as soon as they are planned; the results come back in
        order, the first while the last are still being played."""
        pending: list[concurrent.futures.Future[list[tuple[int, ...]]]] = []
        chunk: list[HandTask] = []
        for task in tasks:
            chunk.append(task)
            if len(chunk) >= (CHUNK if pending else max(CHUNK, PARALLEL_FROM)):
                pending.append(self._pool.submit(play_chunk, chunk))
                chunk = []
        if not pending and len(chunk) < PARALLEL_FROM:  # a small batch: played here
            return (play_task(task) for task in chunk)
        if chunk:
            pending.append(self._pool.submit(play_chunk, chunk))
        self.chunks_sent += len(pending)
        return (final for future in pending for final in future.result())

    def close(self) -> None:
        self._pool.shutdown(cancel_futures=True)


def hand_players(workers: int) -> HandPlayers:
    """Hands played here (``workers`` 1) or by that many worker processes."""
    if workers < 1:
        raise ValueError(f"workers: 1 or more, not {workers}")
    return InlineHands() if workers == 1 else ProcessHands(workers)
