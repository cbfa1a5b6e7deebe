"""Planning and playing the simulator's hands, here or in worker processes.

A table to deal is a ``TableTask``: the table as the aggregate holds it between hands (seats,
last positions, who waits), its players' stacks, killed hands and bots, the level, the hand's
number and moment, and a seed of the hand's own. Whoever takes it plans the hand with the core
(``positions.next_hand_positions``: button, blinds, who is dealt in; ``_hand_played.plan_of_hand``),
plays it with the hand engine and answers a ``TableResult``: the ``HandPlayed`` event the core
makes of it (``_hand_played.hand_played``), ready for the aggregate to fold
(``hands.record_played``), and who collects the bounty of a player left with no chips. The
answer depends on the task alone, never on which process plays it or on the hands played
before: the simulator hands a batch of tasks to several processes, records the answers in its
own order through the aggregate, and a seed gives the same event log whatever the number of
workers.

- ``InlineHands``: plans and plays in this process;
- ``ProcessHands``: worker processes of the standard library (``spawn``), chunks of tasks sent
  through pipes as they are taken, results read back in order; a batch is cut in chunks
  sized to it, so that every worker plays a share of a small batch too.
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
from pokerfloor.tournament._hand_played import hand_played, plan_of_hand
from pokerfloor.tournament._hand_report import HandPlan
from pokerfloor.tournament.bounties import pot_collectors
from pokerfloor.tournament.events import HandPlayed
from pokerfloor.tournament.positions import next_hand_positions
from pokerfloor.tournament.structure import Level
from pokerfloor.tournament.types import Table

__all__ = [
    "HandPlayers",
    "HandTask",
    "InlineHands",
    "ProcessHands",
    "TableResult",
    "TableTask",
    "hand_players",
    "hand_task",
    "play_chunk",
    "play_hand",
    "play_table",
    "table_result",
]

# Fewer tasks than this in a batch are played here: sending them costs more than it saves.
PARALLEL_FROM = 8
# Tasks per chunk sent to a worker at most: small enough for the results of the first chunks to
# be recorded while the later ones are played, large enough to keep the messages few. The
# chunks get smaller towards the end of a batch (``chunk_size``), down to ``SMALLEST_CHUNK``.
CHUNK = 160
SMALLEST_CHUNK = 4

_BOTS: dict[str, Bot] = {name: kind() for name, kind in BOTS.items()}


class TableTask(NamedTuple):
    """A table's next hand to plan and play: ``players`` are (seat, stack, hand killed, bot)
    for every seated player; the deck and the bots' choices come from ``seed``. The hand is
    the table's ``hand_no``-th, begun (and recorded) at ``at_ms`` at ``level``,
    ``hand_for_hand`` when the tournament plays hand-for-hand."""

    profile: str
    table: Table
    players: tuple[tuple[int, int, bool, str], ...]
    level: Level
    smallest_chip: int
    seed: int
    hand_no: int = 1
    at_ms: int = 0
    hand_for_hand: bool = False


# The event of the hand, as the core makes it, and the knockout masks (``knockout_masks``):
# none unless a player ends with no chips.
TableResult = tuple[HandPlayed, tuple[int, ...]]


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


def hand_task(task: TableTask) -> tuple[HandPlan, HandTask]:
    """The table's next hand planned by the core: its plan and the hand to play."""
    table = task.table
    placed = next_hand_positions(table, load_profile(task.profile))
    stacks = {seat: stack for seat, stack, _, _ in task.players}
    seats = table.seats
    killed = frozenset(seats[seat] for seat, _, away, _ in task.players if away)
    plan = plan_of_hand(table, task.hand_no, task.level, placed, stacks, killed, task.at_ms)
    bots = {seat: bot for seat, _, _, bot in task.players}
    level = task.level
    return plan, HandTask(
        task.profile,
        tuple(
            [
                (seat, player, stack, player in killed, bots[seat])
                for seat, player, stack in plan.seats
            ]
        ),
        placed.button_seat,
        level.small_blind,
        level.big_blind,
        level.ante,
        level.bb_ante,
        task.smallest_chip,
        placed.small_blind_seat or 0,
        placed.big_blind_seat,
        task.seed,
    )


def play_table(task: TableTask) -> TableResult:
    """Plan and play the table's next hand: its event, and who collects the bounties."""
    plan, hand_to_play = hand_task(task)
    return table_result(task, plan, hand_to_play, play_hand(hand_to_play))


def table_result(task: TableTask, plan: HandPlan, hand_task: HandTask, hand: Hand) -> TableResult:
    """The hand's event (the core's ``hand_played``) and its knockout masks."""
    final = dict(zip(hand.names, hand.stacks, strict=True))
    event = hand_played(plan, final, task.at_ms, task.hand_for_hand)
    if min(hand.stacks) > 0:
        return event, ()
    stacks = tuple(final[player] for _, player, _, _, _ in hand_task.seats)
    return event, knockout_masks(hand_task, hand, stacks)


def knockout_masks(task: HandTask, hand: Hand, stacks: tuple[int, ...]) -> tuple[int, ...]:
    """For each player of ``task.seats`` (dealing order, the event's) left with no chips, the
    collectors of their bounty as a bit mask, bit ``i`` for ``task.seats[i]``
    (tournament.bounties.pot_collectors: the winners of the highest pot they were eligible
    for); 0 for a player with chips. Plain integers: the pipes carry them as they are."""
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
    takes the ``count`` tasks as it needs them, the later ones while the caller records the
    results of the first: the simulator builds each task from the aggregate when it is taken,
    so a task must not depend on the results recorded before it (a batch's tables are
    independent)."""

    workers: int

    def play(self, tasks: Iterator[TableTask], count: int) -> Iterator[TableResult]: ...

    def close(self) -> None: ...


class InlineHands:
    workers = 1

    def play(self, tasks: Iterator[TableTask], count: int) -> Iterator[TableResult]:
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

    def play(self, tasks: Iterator[TableTask], count: int) -> Iterator[TableResult]:
        """The first chunks go to the workers at once; then each chunk answered is followed by
        the next one to the same worker, so the workers play while this process records. A
        batch of fewer than ``PARALLEL_FROM`` tasks is played here."""
        if count < PARALLEL_FROM:
            return (play_table(task) for task in tasks)
        return self._stream(_chunks(tasks, count, self.workers))

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


def chunk_size(remaining: int, workers: int) -> int:
    """Tasks in the next chunk with ``remaining`` tasks of the batch left to send: a share of
    them small enough that every worker gets chunks and that the last chunks are small (this
    process records the last one alone, the workers waiting for the next batch), within
    ``SMALLEST_CHUNK``..``CHUNK``."""
    share = -(-remaining // (2 * ProcessHands.IN_FLIGHT * workers))
    return max(SMALLEST_CHUNK, min(CHUNK, share))


def _chunks(tasks: Iterator[TableTask], count: int, workers: int) -> Iterator[list[TableTask]]:
    """The ``count`` tasks in chunks sized by ``chunk_size``, each taken when it is asked for."""
    remaining = count
    while chunk := list(itertools.islice(tasks, chunk_size(remaining, workers))):
        remaining -= len(chunk)
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
