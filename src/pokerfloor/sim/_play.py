"""Playing the simulator's hands, here or in worker processes.

A hand to play is a ``HandTask``: the table's set-up as the aggregate planned it, the bots of its
players and a seed of its own. Its result (the final stacks, in the task's seat order) depends on
the task alone, never on which process plays it or on the hands played before: the simulator
can hand a batch of tasks to several processes and record the results in its own order, and a
seed gives the same event log whatever the number of workers.

- ``InlineHands``: plays in this process;
- ``ProcessHands``: worker processes of the standard library (``spawn``), chunks of tasks sent
  through pipes as they are planned, results read back in order;
- ``pokerfloor.sim._ray.RayHands``: the same on a Ray cluster (optional extra ``ray``).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import traceback
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import NamedTuple, Protocol

import msgspec

from pokerfloor.hand import Hand, HandSetup, PotAwarded, Seat
from pokerfloor.sim.bots import BOTS, Bot
from pokerfloor.tournament.bounties import pot_collectors

__all__ = [
    "HandPlayers",
    "HandTask",
    "InlineHands",
    "ProcessHands",
    "final_stacks",
    "hand_players",
    "play_chunk",
    "play_hand",
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
    return final_stacks(task, play_hand(task))


def final_stacks(task: HandTask, hand: Hand) -> tuple[int, ...]:
    """The stacks at the end of ``hand`` (played from ``task``) in the order of ``task.seats``,
    then, when a player ends with none, one number a player: the players (bit ``i`` for
    ``task.seats[i]``) who won the pot holding their last chips and collect their bounty
    (``knockouts``; 0 for a player with chips). Plain integers: the hand players' pipes and
    Ray carry them as they are."""
    final = dict(zip(hand.names, hand.stacks, strict=True))
    stacks = tuple(final[player] for _, player, _, _, _ in task.seats)
    if min(stacks) > 0:
        return stacks
    return stacks + knockout_masks(task, hand, stacks)


def knockout_masks(task: HandTask, hand: Hand, stacks: tuple[int, ...]) -> tuple[int, ...]:
    """For each player of ``task.seats`` left with no chips, the collectors of their bounty as
    a bit mask (tournament.bounties.pot_collectors: the winners of the highest pot they were
    eligible for)."""
    names = hand.names
    winners = {
        event.pot: tuple(names[i] for i in event.players)
        for event in hand.events
        if isinstance(event, PotAwarded)
    }
    pots = [
        (tuple(names[i] for i in eligible), winners.get(index, ()))
        for index, (_, eligible) in enumerate(hand.pots())
    ]
    position = {player: index for index, (_, player, _, _, _) in enumerate(task.seats)}
    masks = []
    for (_, player, _, _, _), stack in zip(task.seats, stacks, strict=True):
        mask = 0
        if stack == 0:
            # A player whose hand was dead (away on a penalty, blinds all in) was eligible for
            # no pot: the main pot's winners took the chips, and the bounty.
            main = pots[0][1] if pots else ()
            for collector in pot_collectors(pots, player) or main:
                mask |= 1 << position[collector]
        masks.append(mask)
    return tuple(masks)


def play_hand(task: HandTask) -> Hand:
    """Play the hand to its end (the same hand whoever plays the task)."""
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
    return hand


def play_chunk(tasks: Sequence[HandTask]) -> list[tuple[int, ...]]:
    return [play_task(task) for task in tasks]


def send_in_chunks(
    tasks: Iterator[HandTask], send: Callable[[list[HandTask]], None]
) -> list[HandTask] | None:
    """Hand ``send`` the tasks in chunks of ``CHUNK`` as they come; a batch of fewer than
    ``PARALLEL_FROM`` tasks is returned instead, to be played here (None: all were sent)."""
    chunk: list[HandTask] = []
    sent = False
    for task in tasks:
        chunk.append(task)
        if len(chunk) >= (CHUNK if sent else max(CHUNK, PARALLEL_FROM)):
            send(chunk)
            sent, chunk = True, []
    if not sent and len(chunk) < PARALLEL_FROM:
        return chunk
    if chunk:
        send(chunk)
    return None


class HandPlayers(Protocol):
    """Plays tasks and yields their results in the tasks' order. ``play`` takes every task
    before it returns (the simulator plans them as they are taken, then records)."""

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
    """Worker processes of the standard library (``spawn``), each fed chunks of tasks through a
    pipe as msgpack; small batches are played here.

    Chunk ``i`` goes to worker ``i mod workers``; each worker answers in the order it was fed,
    so the results are read back in the tasks' order. At most ``IN_FLIGHT`` chunks wait at a
    worker: the answers of earlier ones are read (and kept) before more are sent, so neither
    pipe fills up while the other side waits."""

    IN_FLIGHT = 2

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self.chunks_sent = 0
        self._connections: list[Connection] = []
        self._processes: list[BaseProcess] = []
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            self._connections.append(ours)
            self._processes.append(process)

    def play(self, tasks: Iterator[HandTask]) -> Iterator[tuple[int, ...]]:
        """Chunks go to the workers as soon as they are planned; the results come back in
        order, the first while the last are still being played."""
        sent: list[int] = []  # the worker of each chunk sent, in order
        answers: dict[int, list[list[tuple[int, ...]]]] = {}  # read early, by worker
        waiting = [0] * self.workers  # chunks sent to each worker and not read

        def send(chunk: list[HandTask]) -> None:
            worker = len(sent) % self.workers
            if waiting[worker] >= self.IN_FLIGHT:
                answers.setdefault(worker, []).append(self._receive(worker))
                waiting[worker] -= 1
            self._connections[worker].send_bytes(_TASKS.encode(chunk))
            waiting[worker] += 1
            sent.append(worker)

        small = send_in_chunks(tasks, send)
        if small is not None:
            return (play_task(task) for task in small)
        self.chunks_sent += len(sent)

        def results() -> Iterator[tuple[int, ...]]:
            for worker in sent:
                early = answers.get(worker)
                yield from early.pop(0) if early else self._receive(worker)

        return results()

    def _receive(self, worker: int) -> list[tuple[int, ...]]:
        data = self._connections[worker].recv_bytes()
        if data[:1] == _FAILED:
            raise RuntimeError(f"a hand failed in worker {worker}:\n{data[1:].decode()}")
        return _RESULTS.decode(data)

    def close(self) -> None:
        for connection in self._connections:
            with contextlib.suppress(OSError):
                connection.send_bytes(b"")  # the end
            connection.close()
        for process in self._processes:
            process.join(timeout=10)
            if process.is_alive():  # pragma: no cover - a stuck worker
                process.terminate()
        self._connections, self._processes = [], []


_TASKS = msgspec.msgpack.Encoder()
_RESULTS = msgspec.msgpack.Decoder(list[tuple[int, ...]])
_FAILED = b"!"  # then the worker's traceback (a msgpack list never starts with it)


def _serve(connection: Connection) -> None:
    """A worker: chunks of tasks in, their results out, until an empty message."""
    tasks = msgspec.msgpack.Decoder(list[HandTask])
    results = msgspec.msgpack.Encoder()
    while True:
        data = connection.recv_bytes()
        if not data:
            break
        try:
            answer = results.encode(play_chunk(tasks.decode(data)))
        except Exception:  # the simulation stops with the worker's traceback
            answer = _FAILED + traceback.format_exc().encode()
        connection.send_bytes(answer)
    connection.close()


def hand_players(workers: int) -> HandPlayers:
    """Hands played here (``workers`` 1) or by that many worker processes."""
    if workers < 1:
        raise ValueError(f"workers: 1 or more, not {workers}")
    return InlineHands() if workers == 1 else ProcessHands(workers)
