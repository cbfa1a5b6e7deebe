"""Planning and playing the simulator's hands, here or in worker processes.

A table to deal is a ``TableTask``: the table as the aggregate holds it between hands (seats,
last positions, who waits), its players' stacks and bots, the level's blinds and a seed of the
hand's own. Whoever takes it plans the hand with the core (``positions.next_hand_positions``:
button, blinds, who is dealt in), plays it with the hand engine and answers a ``TableResult``:
the positions and the final stacks in dealing order. The answer depends on the task alone,
never on which process plays it or on the hands played before: the simulator hands a batch of
tasks to several processes, records the answers in its own order through the aggregate, and a
seed gives the same event log whatever the number of workers.

- ``InlineHands``: plans and plays in this process;
- ``ProcessHands``: worker processes of the standard library (``spawn``), chunks of tasks sent
  through pipes as they are taken, results read back in order.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import random
import traceback
from collections import deque
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import NamedTuple, Protocol

import msgspec

from pokerfloor.hand import Hand, HandSetup, PotAwarded, Seat
from pokerfloor.rules import load_profile
from pokerfloor.sim.bots import BOTS, Bot
from pokerfloor.tournament.bounties import pot_collectors
from pokerfloor.tournament.positions import HandPositions, next_hand_positions
from pokerfloor.tournament.types import Table

__all__ = [
    "HandPlayers",
    "HandTask",
    "InlineHands",
    "ProcessHands",
    "TableResult",
    "TableTask",
    "final_stacks",
    "hand_players",
    "hand_task",
    "play_chunk",
    "play_hand",
    "play_table",
]

# Fewer tasks than this in a batch are played here: sending them costs more than it saves.
PARALLEL_FROM = 48
# Tasks per chunk sent to a worker: small enough for the results of the first chunks to be
# recorded while the later ones are played, large enough to keep the messages few.
CHUNK = 160

_BOTS: dict[str, Bot] = {name: kind() for name, kind in BOTS.items()}


class TableTask(NamedTuple):
    """A table's next hand to plan and play: ``players`` are (seat, stack, hand killed, bot)
    for every seated player; the deck and the bots' choices come from ``seed``."""

    profile: str
    table: Table
    players: tuple[tuple[int, int, bool, str], ...]
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: int
    smallest_chip: int
    seed: int


# The hand's positions (the core's) and the final stacks in dealing order.
TableResult = tuple[HandPositions, tuple[int, ...]]


class HandTask(NamedTuple):
    """One planned hand: ``seats`` are (seat number, player, stack, absent, bot) in dealing
    order."""

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


def hand_task(task: TableTask) -> tuple[HandPositions, HandTask]:
    """The table's next hand planned by the core: its positions and the hand to play."""
    placed = next_hand_positions(task.table, load_profile(task.profile))
    by_seat = {seat: (stack, away, bot) for seat, stack, away, bot in task.players}
    seats = task.table.seats
    dealt = []
    for seat in placed.dealt_in:
        stack, away, bot = by_seat[seat]
        dealt.append((seat, seats[seat], stack, away, bot))
    return placed, HandTask(
        task.profile,
        tuple(dealt),
        placed.button_seat,
        task.small_blind,
        task.big_blind,
        task.ante,
        task.bb_ante,
        task.smallest_chip,
        placed.small_blind_seat or 0,
        placed.big_blind_seat,
        task.seed,
    )


def play_table(task: TableTask) -> TableResult:
    """Plan and play the table's next hand."""
    placed, hand_to_play = hand_task(task)
    return placed, final_stacks(hand_to_play, play_hand(hand_to_play))


def final_stacks(task: HandTask, hand: Hand) -> tuple[int, ...]:
    """The stacks at the end of ``hand`` (played from ``task``) in the order of ``task.seats``,
    then, when a player ends with none, one number a player: the players (bit ``i`` for
    ``task.seats[i]``) who won the pot holding their last chips and collect their bounty
    (``knockouts``; 0 for a player with chips). Plain integers: the hand players' pipes and
    carry them as they are."""
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


def play_chunk(tasks: Sequence[TableTask]) -> list[TableResult]:
    return [play_table(task) for task in tasks]


class HandPlayers(Protocol):
    """Plans and plays tables' hands and yields their results in the tasks' order. ``play``
    takes the tasks as it needs them, the later ones while the caller records the results of
    the first: the simulator builds each task from the aggregate when it is taken, so a task
    must not depend on the results recorded before it (a batch's tables are independent)."""

    workers: int

    def play(self, tasks: Iterator[TableTask]) -> Iterator[TableResult]: ...

    def close(self) -> None: ...


class InlineHands:
    workers = 1

    def play(self, tasks: Iterator[TableTask]) -> Iterator[TableResult]:
        return (play_table(task) for task in tasks)

    def close(self) -> None:
        pass


class ProcessHands:
    """Worker processes of the standard library (``spawn``), each fed chunks of tasks through a
    pipe as msgpack; small batches are played here.

    Chunk ``i`` goes to worker ``i mod workers``; each worker answers in the order it was fed,
    so the results are read back in the tasks' order. At most ``IN_FLIGHT`` chunks wait at a
    worker, and the next one is sent once an answer is read: neither pipe fills up while the
    other side waits, and the workers play the later chunks while this process records the
    earlier answers (issue 29: the workers no longer wait for the recording)."""

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

    def play(self, tasks: Iterator[TableTask]) -> Iterator[TableResult]:
        """The first chunks go to the workers at once; then each chunk answered is followed by
        the next one to the same worker, so the workers play while this process records."""
        first = list(itertools.islice(tasks, max(CHUNK, PARALLEL_FROM)))
        if len(first) < PARALLEL_FROM:
            return (play_table(task) for task in first)
        return self._stream(_chunks(itertools.chain(first, tasks)))

    def _stream(self, chunks: Iterator[list[TableTask]]) -> Iterator[TableResult]:
        # Chunk i goes to worker i mod workers and is answered in turn: when chunk i is in,
        # chunk i + IN_FLIGHT * workers goes to the same worker, whose pipe just emptied.
        sent: deque[int] = deque()  # the worker of each chunk not yet read, in order
        for chunk in itertools.islice(chunks, self.IN_FLIGHT * self.workers):
            sent.append(self._send(chunk))
        while sent:
            answer = self._receive(sent.popleft())
            following = next(chunks, None)
            if following is not None:
                sent.append(self._send(following))
            yield from answer

    def _send(self, chunk: list[TableTask]) -> int:
        worker = self.chunks_sent % self.workers
        self._connections[worker].send_bytes(_TASKS.encode(chunk))
        self.chunks_sent += 1
        return worker

    def _receive(self, worker: int) -> list[TableResult]:
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
_RESULTS = msgspec.msgpack.Decoder(list[TableResult])
_FAILED = b"!"  # then the worker's traceback (a msgpack list never starts with it)


def _chunks(tasks: Iterator[TableTask]) -> Iterator[list[TableTask]]:
    """The tasks in chunks of ``CHUNK``, each taken when the chunk is asked for."""
    while chunk := list(itertools.islice(tasks, CHUNK)):
        yield chunk


def _serve(connection: Connection) -> None:
    """A worker: chunks of tasks in, their results out, until an empty message."""
    tasks = msgspec.msgpack.Decoder(list[TableTask])
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
