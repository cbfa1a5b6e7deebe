"""A whole tournament played by bots: the tournament aggregate drives the tables, the hand
engine plays every hand, bots choose through the public hand API.

Simulated time: every table plays its hands one after the other, a hand lasting a time that
grows with the players dealt in; tables run side by side. The tables free within the same
``WINDOW_MS`` play their next hands as one batch. This process takes each table as the
aggregate holds it (seats, last positions, stacks, the level read once per clock period:
``_clock.BatchClock``) in the order the tables became free, with a seed of its own drawn in
that order; whoever plays the table (this process, or the worker process it goes to: ``_play``)
plans the hand with the core (button, blinds, who is dealt in), plays it and answers with the
event the core makes of it (``HandPlayed``). The events are folded by the aggregate in the same
order (``hands.record_played``) with their busts, and the tables are balanced once the batch is
in. Between two balancing steps the tables are independent, so the event log
is the same whatever the number of workers. Breaks stop every table; a colour-up break is
followed at each table by a chip race. Near the bubble the tables play hand-for-hand: one hand
each, then wait for the others, the clock losing the profile's time per hand.

The cost of a hand does not grow with the field: the aggregate's balancing, breaking, seating
and buttons look at the tables concerned only (``pokerfloor.tournament.table_map``), and the
batch walks only its own tables. With ``events_out`` the events go to the file as they are
recorded and leave memory.
"""

from __future__ import annotations

import heapq
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

import msgspec

from pokerfloor.cards import Deck
from pokerfloor.sim._clock import BatchClock
from pokerfloor.sim._play import HandPlayers, TableTask, hand_players
from pokerfloor.tournament.chiprace import odd_chips_from_stacks
from pokerfloor.tournament.clock import PauseClock, ResumeClock, clock_view
from pokerfloor.tournament.events import HandPlayed, TournamentEvent, TournamentFinished
from pokerfloor.tournament.points import PointsFormula
from pokerfloor.tournament.ranking import BustInfo
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import Level, Structure

Progress = Callable[[int, int, int], None]  # players left, level number, hands played


@dataclass
class SimulationResult:
    tournament: Tournament
    finished: TournamentFinished
    hands: int
    seconds_simulated: int
    payouts: tuple[int, ...]
    bots: dict[str, str] = field(default_factory=dict)
    event_count: int = 0  # every event recorded, written out or kept
    clock_views: int = 0  # views of the clock the batches asked of the core

    @property
    def events(self) -> list[TournamentEvent]:
        """The events kept in memory: all of them, unless they went to ``events_out``."""
        return self.tournament.events


SHUFFLE_MS = 20_000  # from the pot being pushed to the first riffle of the next hand
# Tables free within this window play their next hands together. Shorter than the shortest
# hand (``hand_seconds(2)``), so a table plays at most one hand a batch and the batch's
# moments come before any of its tables is free again.
WINDOW_MS = 30_000


def hand_begins_at(tournament: Tournament, table_free_at: int) -> int:
    """When the next hand begins, for the level it is played at (tda-2024 R23: a new level
    applies from the next hand). Per ``hand.begins_at``: as soon as the previous pot is awarded
    (ropta), or at the shuffle or first riffle, a little later."""
    if tournament.profile.value("hand.begins_at") == "previous_pot_awarded":
        return table_free_at
    return table_free_at + SHUFFLE_MS


def hand_seconds(players: int) -> int:
    """How long a dealerless hand takes, by players dealt in (shuffle, deal, act, push)."""
    return 30 + 10 * players


class EventWriter:
    """The event log as JSON lines (``{"seq": n, "type": ..., ...}``, docs/events.md), written
    as the events are recorded: ``drain`` moves the aggregate's new events to the file."""

    def __init__(self, out: BinaryIO | None) -> None:
        self.out = out
        self.written = 0
        self._encoder = msgspec.json.Encoder()

    def drain(self, tournament: Tournament) -> None:
        if self.out is None:
            return
        self.write(tournament.events)
        tournament.events.clear()

    def write(self, events: list[TournamentEvent]) -> None:
        assert self.out is not None
        encode_into = self._encoder.encode_into
        lines = bytearray()
        for seq, event in enumerate(events, start=self.written + 1):
            lines += b'{"seq":%d' % seq
            brace = len(lines)
            encode_into(event, lines, -1)  # the event's object, appended in place
            lines[brace] = 44  # its opening brace becomes the comma after the seq
            lines += b"\n"
        self.out.write(lines)
        self.written += len(events)


@dataclass
class _Run:
    """What the simulation keeps between batches."""

    tournament: Tournament
    rng: random.Random
    kinds: dict[str, str]
    players: HandPlayers
    penalty_rate: float
    arrivals: deque[tuple[int, str]]
    latecomers: deque[tuple[int, str]]
    free_at: list[tuple[int, int]] = field(default_factory=list)
    raced: set[int] = field(default_factory=set)
    addons_offered: set[str] = field(default_factory=set)
    highest_table_no: int = 0
    hands: int = 0
    profile: str = ""  # the rule profile's name, as the tasks carry it
    clock_views: int = 0  # views of the clock asked of the core (``BatchClock``)
    smallest_chips: dict[int, int] = field(default_factory=dict)  # by level number

    def smallest_chip(self, level_number: int) -> int:
        chip = self.smallest_chips.get(level_number)
        if chip is None:
            chip = self.smallest_chips[level_number] = self.tournament.smallest_chip(level_number)
        return chip


def simulate(
    players: int,
    profile: str,
    structure: Structure,
    seed: int = 0,
    table_size: int = 9,
    bot_names: tuple[str, ...] = ("tag", "random"),
    progress: Progress | None = None,
    penalty_rate: float = 0.002,
    points: PointsFormula | None = None,
    workers: int = 1,
    events_out: BinaryIO | None = None,
    hands_by: HandPlayers | None = None,
) -> SimulationResult:
    """Play a whole tournament; ``penalty_rate`` is the chance, per hand, that a player at the
    table gets the next penalty of the profile's ladder (to exercise penalties in the log).

    ``workers``: processes planning and playing the hands (1: this one); ``hands_by`` instead:
    hand players of your own (``sim._play.HandPlayers``: ``ProcessHands``, the PHH writer),
    left open. ``events_out``: a binary file the events are written to as they happen (JSON
    lines); they then leave memory."""
    # The workers start first, while this process is small (a spawned worker begins as a copy).
    hands = hands_by or hand_players(workers)
    try:
        return _simulate(
            players, profile, structure, seed, table_size, bot_names, progress,
            penalty_rate, points, events_out, hands,
        )  # fmt: skip
    finally:
        if hands_by is None:
            hands.close()


def _simulate(
    players: int,
    profile: str,
    structure: Structure,
    seed: int,
    table_size: int,
    bot_names: tuple[str, ...],
    progress: Progress | None,
    penalty_rate: float,
    points: PointsFormula | None,
    events_out: BinaryIO | None,
    hands: HandPlayers,
) -> SimulationResult:
    rng = random.Random(seed)
    # Some players come late (late registration; when the field is full they wait for a seat)
    # and some registered players are not there at the start (dealt in and blinded meanwhile).
    late = players // 20 if structure.entry.late_registration_until_level else 0
    absent = players // 25
    opening = players - late
    tournament = Tournament.create(
        f"simulation-{seed}", profile, structure, table_size, max_players=opening + late // 2
    )
    kinds: dict[str, str] = {}

    def enrol(number: int) -> str:
        player_id = f"P{number:05d}"
        kinds[player_id] = rng.choice(bot_names)
        return player_id

    absentees = set(rng.sample(range(1, opening + 1), absent))
    arrivals: list[tuple[int, str]] = []
    for number in range(1, opening + 1):
        player_id = enrol(number)
        tournament.register(player_id, f"Player {number}", 0, present=number not in absentees)
        if number in absentees and rng.random() < 0.8:
            arrivals.append((rng.randint(2, 50) * 60_000, player_id))
    window = sum(
        level.minutes for level in structure.levels[: structure.entry.late_registration_until_level]
    )
    latecomers = sorted(
        (rng.randint(1, max(1, window - 1)) * 60_000, enrol(number))
        for number in range(opening + 1, players + 1)
    )
    arrivals.sort()
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    writer = EventWriter(events_out)
    writer.drain(tournament)
    run = _Run(tournament, rng, kinds, hands, penalty_rate, deque(arrivals), deque(latecomers))
    now = play_out(run, writer, progress)
    payouts = _payouts(tournament)
    pool = sum(payouts)
    finished = tournament.finish(now, payouts, pool, points)
    count = writer.written + len(tournament.events)
    writer.drain(tournament)
    return SimulationResult(
        tournament, finished, run.hands, now // 1000, payouts, kinds, count, run.clock_views
    )


def play_out(run: _Run, writer: EventWriter, progress: Progress | None = None, now: int = 0) -> int:
    """Play the tournament from ``now`` (its clock started, its players seated) to its end:
    one player left, a satellite's seats reached or a flight's stop (``_over``); returns when
    the last hand ended."""
    tournament = run.tournament
    run.profile = tournament.created.profile
    paid, entries = _places_paid(tournament), tournament.entries
    _add_new_tables(run, now)
    while not _over(tournament, now):
        if tournament.entries != entries and tournament.players_left <= 2 * paid:
            # Late entries pay more places: counted again once the money comes near.
            paid, entries = _places_paid(tournament), tournament.entries
        # Hand-for-hand from the moment one round of hands could burst the bubble: one
        # player from the money on a few tables, about a round's busts (a bust every fourth
        # hand) on thousands, which a batch of hands played together would jump over.
        bubble = paid + max(1, tournament.tables.dealing_count // 4)
        if (
            not tournament.hand_for_hand
            and paid < tournament.players_left <= bubble
            and len(tournament.tables) > 1
            and _break_wait(tournament, now) == 0
        ):
            # On the bubble the clock stops (the aggregate stops it; each round takes
            # time off).
            tournament.hands.set_hand_for_hand(True, now)
        elif tournament.hand_for_hand and tournament.players_left <= paid:
            tournament.hands.set_hand_for_hand(False, now)
        if tournament.hand_for_hand:
            now = _hand_for_hand_round(run, now)
            run.free_at = [(now, table_no) for table_no in sorted(tournament.tables)]
            heapq.heapify(run.free_at)
        else:
            now = _batch(run)
        writer.drain(tournament)
        if progress is not None:
            index, _ = tournament.level_at(now)
            progress(tournament.players_left, index + 1, run.hands)
    return now


def _batch(run: _Run) -> int:
    """The tables free within ``WINDOW_MS`` of the first one play a hand each; returns the
    moment the batch ends (its last table's)."""
    tournament, rng, free_at = run.tournament, run.rng, run.free_at
    start = free_at[0][0]
    if _entries_desk(tournament, start, rng, run.arrivals, run.latecomers):
        _add_new_tables(run, start)
    _chip_races(tournament, start, rng, run.raced)
    batch: list[tuple[int, int]] = []
    while free_at and free_at[0][0] < start + WINDOW_MS:
        batch.append(heapq.heappop(free_at))
    # Which tables deal, their add-ons, levels and seeds, all decided (and drawn from ``rng``)
    # before any hand is recorded: then the tasks are built as the workers take them, while
    # the first answers are recorded, and the log is still the same whatever the workers.
    taken: list[tuple[int, int, int, Level, int]] = []  # (free at, table, begins, level, seed)
    unbalanced = False
    clock = BatchClock(tournament)
    for now, table_no in batch:
        table = tournament.tables.get(table_no)
        if table is None or table.player_count < 2:
            if table is not None and tournament.tables.live_count > 1:
                unbalanced = True  # balanced at the end of the batch
                heapq.heappush(free_at, (now + 60_000, table_no))
            continue
        begins = hand_begins_at(tournament, now)
        wait = clock.break_wait(now)
        if wait:
            heapq.heappush(free_at, (now + wait, table_no))
            continue
        _addons(tournament, table_no, now, rng, run.addons_offered)
        wait = clock.break_wait(begins)
        if wait:
            heapq.heappush(free_at, (begins + wait, table_no))
            continue
        taken.append((now, table_no, begins, clock.level(begins), rng.getrandbits(64)))
    tasks = (
        _task(run, table_no, begins, level, seed) for _, table_no, begins, level, seed in taken
    )
    results = run.players.play(tasks, len(taken))
    end = batch[-1][0] if batch else start
    changed = unbalanced
    for (now, table_no, _, _, _), (event, masks) in zip(taken, results, strict=True):
        heapq.heappush(free_at, (now + hand_seconds(len(event.players)) * 1000, table_no))
        changed = _record(run, event, masks, now) or changed
    run.hands += len(taken)
    run.clock_views += clock.views
    if changed:
        tournament.desk.seat_alternates(end, rng)
    if tournament.desk.release_absent_seats(end):
        tournament.desk.seat_alternates(end, rng)
        changed = True
    if changed and tournament.moves.balance(end, rng):
        tournament.place_buttons(rng)
        _add_new_tables(run, end)  # tables gone are skipped when popped; one could appear
    return end


def _record(run: _Run, event: HandPlayed, masks: tuple[int, ...], now: int) -> bool:
    """Record a hand played, its busts and now and then a penalty; True when a seat was
    freed."""
    knockouts: dict[str, list[str]] = {}
    busted = _record_hand(run, event, masks, knockouts)
    if busted:
        # No covering check here: the hand's pots decided, and a dead hand's blinds all in
        # go to the main pot's winners, who need not cover the player (_play.knockout_masks).
        run.tournament.busts.settle(busted, now, knockouts)
    disqualified = _maybe_penalty(run.tournament, event, now, run.rng, run.penalty_rate)
    return bool(busted) or disqualified


def _record_hand(
    run: _Run, event: HandPlayed, masks: tuple[int, ...], knockouts: dict[str, list[str]]
) -> list[BustInfo]:
    """The hand the worker decided, folded by the aggregate (with the rebuys at the bust);
    its busts, to settle. ``knockouts`` gets who collects each bust's bounty (the hand's pots
    decided it: _play.knockout_masks); ``masks`` is empty when nobody ended without chips."""
    tournament = run.tournament
    if not masks:
        return tournament.hands.record_played(event)
    played = event.players
    rebuyers = _rebuyers(tournament, event, run.rng)
    busted = tournament.hands.record_played(event, rebuyers)
    # A player who rebought at the bust is no knockout: no bounty is paid.
    for bust in busted:
        mask = masks[next(i for i, p in enumerate(played) if p.player_id == bust.player_id)]
        if mask:
            knockouts[bust.player_id] = [p.player_id for i, p in enumerate(played) if mask >> i & 1]
    return busted


def _task(run: _Run, table_no: int, begins: int, level: Level, seed: int) -> TableTask:
    """The table as the aggregate holds it, for a worker to plan and play its next hand
    (begun and recorded at ``begins``)."""
    tournament, kinds = run.tournament, run.kinds
    table = tournament.tables[table_no]
    return TableTask(
        run.profile,
        table,
        tuple(
            [
                (seat_no, stack, killed, kinds[player])
                for seat_no, player, stack, killed in tournament.hands.seated(table)
            ]
        ),
        level,
        run.smallest_chip(level.number),
        seed,
        tournament.hands_at.get(table_no, 0) + 1,
        begins,
        tournament.hand_for_hand,
    )


def _places_paid(tournament: Tournament) -> int:
    """The places the money reaches: a satellite's seats, a flight's players through to Day 2
    (0 when it stops at a level: no bubble), else the payout table's places."""
    flight = tournament.structure.flight
    if flight is not None:
        return flight.stop_players
    status = tournament.satellite.status()
    return len(_payouts(tournament)) if status is None else max(status.seats, 1)


def _over(tournament: Tournament, now: int) -> bool:
    """One player left, a satellite's players left all winning a seat, or a flight at its
    stop (its players or the end of its level)."""
    if tournament.structure.flight is not None:
        return tournament.players_left <= 1 or tournament.flights.may_stop_now(now)
    status = tournament.satellite.status()
    return tournament.players_left <= 1 if status is None else status.stage == "stop"


def _payouts(tournament: Tournament) -> tuple[int, ...]:
    return tournament.default_payouts(tournament.prize_pool().total_cents)


def _entries_desk(
    tournament: Tournament,
    now: int,
    rng: random.Random,
    arrivals: deque[tuple[int, str]],
    latecomers: deque[tuple[int, str]],
) -> bool:
    """Absent players who arrive and late registrations due by ``now``; True if seats changed."""
    changed = False
    while arrivals and arrivals[0][0] <= now:
        _, player_id = arrivals.popleft()
        if tournament.players[player_id].in_play:
            tournament.desk.arrive(player_id, now)
    while latecomers and latecomers[0][0] <= now:
        _, player_id = latecomers.popleft()
        if tournament.desk.late_registration_open(now):
            tournament.desk.register_late(player_id, f"Player {int(player_id[1:])}", now, rng)
            changed = True
    if changed:
        tournament.moves.balance(now, rng)
        tournament.place_buttons(rng)  # a table opened for late entrants draws its button
    return changed


def _addons(
    tournament: Tournament, table_no: int, now: int, rng: random.Random, offered: set[str]
) -> None:
    """Once the rebuy period (and the profile's extra hands) is over at a table, each of its
    players may take the add-on, or a double add-on, once."""
    entry = tournament.structure.entry
    if not entry.addon_chips:
        return
    for player_id in tournament.tables[table_no].seats.values():
        if player_id in offered or tournament.desk.rebuy_period(player_id, now) != "addon":
            continue
        offered.add(player_id)
        if rng.random() < 0.7:
            tournament.add_ons.take(player_id, now)
            if entry.double_addon and rng.random() < 0.3:
                tournament.add_ons.take(player_id, now)


def _maybe_penalty(
    tournament: Tournament, event: HandPlayed, now: int, rng: random.Random, rate: float
) -> bool:
    """Now and then a player at the table earns the next penalty of the ladder; True when the
    player was disqualified (a seat is freed)."""
    if rng.random() >= rate or tournament.players_left <= 2:
        return False
    seated = [p.player_id for p in event.players if tournament.players[p.player_id].in_play]
    seated = [player for player in seated if tournament.players[player].seat is not None]
    seated = [player for player in seated if tournament.players[player].stack > 0]
    if not seated:
        return False
    player_id = rng.choice(seated)
    kind = tournament.proposed_penalty(player_id)
    return tournament.penalize(player_id, kind, "simulated misconduct", now).chips_removed > 0


def _rebuyers(tournament: Tournament, event: HandPlayed, rng: random.Random) -> list[str]:
    """Players left without chips who may rebuy at the bust, and most of them do."""
    level = tournament.structure.level(event.level)
    return [
        played.player_id
        for played in event.players
        if played.final_stack == 0
        and tournament.desk.rebuy_refusal(played.player_id, event.at_ms, level, at_bust=True)
        is None
        and rng.random() < 0.6
    ]


def _break_wait(tournament: Tournament, now: int) -> int:
    """Milliseconds until the current break ends (0 when a level is running or the clock is
    stopped)."""
    view = clock_view(tournament.clock, tournament.structure, now)
    if not view.in_break or not view.running:
        return 0
    return max(1, view.remaining_ms)


def _chip_races(tournament: Tournament, now: int, rng: random.Random, raced: set[int]) -> None:
    """At every colour-up break already passed, race off the removed chips at every table,
    all during the break (players moved later must not bring chips that are gone)."""
    index, level = tournament.level_at(now)
    for pause in tournament.structure.breaks:
        if (
            pause.after_level >= (level.number if level else index + 1)
            or pause.after_level in raced
        ):
            continue
        raced.add(pause.after_level)
        next_chip = tournament.smallest_chip(pause.after_level + 1)
        values = sorted(chip.value for chip in tournament.structure.chips)
        # Several colours removed at once are raced one after the other, the smallest first,
        # each into the next colour up (the 100s into 500s, then the 500s into 1,000s).
        races = [
            (removed, next(value for value in values if value > removed))
            for removed in sorted(pause.colour_up)
            if removed < next_chip
        ]
        for table_no in sorted(tournament.tables):
            if not tournament.tables[table_no].seats:
                continue
            for removed, into in races:
                deck = Deck.shuffled(rng.getrandbits(64))
                # The simulator's stacks are exact: they are what a table would count.
                stacks = {
                    player: tournament.players[player].stack
                    for player in tournament.tables[table_no].seats.values()
                }
                odd = odd_chips_from_stacks(stacks, removed, into)
                tournament.chip_race(table_no, removed, into, deck, now, odd_chips=odd)


def _hand_for_hand_round(run: _Run, now: int) -> int:
    """Every table plays one hand; busts of the round are ranked together (tda-2024 RP-8).
    Returns when the round ends (its slowest hand)."""
    tournament, rng = run.tournament, run.rng
    view = clock_view(tournament.clock, tournament.structure, now)
    if view.in_break:
        # The time taken off the stopped clock reached a break: the break is played out.
        tournament.clock_command(ResumeClock(now))
        now += max(1, view.remaining_ms)
        tournament.clock_command(PauseClock(now))
    _chip_races(tournament, now, rng, run.raced)
    clock = BatchClock(tournament)
    taken = [
        (table_no, clock.level(now), rng.getrandbits(64))
        for table_no in sorted(tournament.tables)
        if tournament.tables[table_no].player_count >= 2
    ]
    tasks = (_task(run, table_no, now, level, seed) for table_no, level, seed in taken)
    results = run.players.play(tasks, len(taken))
    busts: list[BustInfo] = []
    planned = 0
    knockouts: dict[str, list[str]] = {}
    for event, masks in results:
        busts += _record_hand(run, event, masks, knockouts)
        planned += 1
    # The round's busts, whatever their tables, are ranked together (RP-8) once the round is
    # in: with thousands of tables a round busts hundreds, and ranking them table by table
    # would record the growing group again at each table. The aggregate takes the round's time
    # off the clock once every table has played it.
    tournament.busts.settle(busts, now, knockouts)
    run.hands += planned
    run.clock_views += clock.views
    if tournament.moves.balance(now, rng):
        tournament.place_buttons(rng)
    slowest = max(
        (hand_seconds(tournament.tables[t].player_count) for t in tournament.tables), default=0
    )
    return now + slowest * 1000


def _add_new_tables(run: _Run, now: int) -> None:
    """Tables opened since the last look (late entrants): free now. New tables take new
    numbers, so only the numbers above the last one known are looked at."""
    tournament = run.tournament
    for table_no in range(run.highest_table_no + 1, tournament.highest_table_no + 1):
        if table_no in tournament.tables:
            heapq.heappush(run.free_at, (now, table_no))
    run.highest_table_no = max(run.highest_table_no, tournament.highest_table_no)
