"""A whole tournament played by bots: the tournament aggregate drives the tables, the hand
engine plays every hand, bots choose through the public hand API.

Simulated time: every table plays its hands one after the other, a hand lasting a time that
grows with the players dealt in; tables run side by side, so the next hand played is always the
one of the table that is free first. Breaks stop every table; a colour-up break is followed at
each table by a chip race. Near the bubble the tables play hand-for-hand: one hand each, then
wait for the others, the clock losing the profile's time per hand.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from pokerfloor.cards import Deck
from pokerfloor.hand import Hand, HandSetup, Seat
from pokerfloor.sim.bots import BOTS, Bot
from pokerfloor.tournament.chiprace import odd_chips_from_stacks
from pokerfloor.tournament.clock import PauseClock, ResumeClock, clock_view
from pokerfloor.tournament.events import TournamentEvent, TournamentFinished
from pokerfloor.tournament.points import PointsFormula
from pokerfloor.tournament.state import HandPlan, Tournament
from pokerfloor.tournament.structure import Structure

Progress = Callable[[int, int, int], None]  # players left, level number, hands played


@dataclass
class SimulationResult:
    tournament: Tournament
    finished: TournamentFinished
    hands: int
    seconds_simulated: int
    payouts: tuple[int, ...]
    bots: dict[str, str] = field(default_factory=dict)

    @property
    def events(self) -> list[TournamentEvent]:
        return self.tournament.events


SHUFFLE_MS = 20_000  # from the pot being pushed to the first riffle of the next hand


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


def play_hand(
    tournament: Tournament, plan: HandPlan, bots: dict[str, Bot], rng: random.Random
) -> dict[str, int]:
    level = plan.level
    seats = tuple(
        Seat(seat_no, player, stack, absent=player in plan.away)
        for seat_no, player, stack in plan.seats
    )
    setup = HandSetup(
        profile=tournament.created.profile,
        seats=seats,
        button_seat=plan.button_seat,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        bb_ante=level.bb_ante,
        smallest_chip=tournament.smallest_chip(level.number),
        small_blind_seat=plan.small_blind_seat or 0,
        big_blind_seat=plan.big_blind_seat,
    )
    deck = list(range(52))
    rng.shuffle(deck)
    hand = Hand.start(setup, deck)
    while not hand.is_complete:
        legal = hand.legal_actions()
        hand.act(bots[hand.names[legal.player]].choose(hand, legal, rng))
    return dict(zip(hand.names, hand.stacks, strict=True))


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
) -> SimulationResult:
    """Play a whole tournament; ``penalty_rate`` is the chance, per hand, that a player at the
    table gets the next penalty of the profile's ladder (to exercise penalties in the log)."""
    rng = random.Random(seed)
    # Some players come late (late registration; when the field is full they wait for a seat)
    # and some registered players are not there at the start (dealt in and blinded meanwhile).
    late = players // 20 if structure.entry.late_registration_until_level else 0
    absent = players // 25
    opening = players - late
    tournament = Tournament.create(
        f"simulation-{seed}", profile, structure, table_size, max_players=opening + late // 2
    )
    bots: dict[str, Bot] = {}
    kinds: dict[str, str] = {}

    def enrol(number: int) -> str:
        player_id = f"P{number:05d}"
        kind = rng.choice(bot_names)
        bots[player_id] = BOTS[kind]()
        kinds[player_id] = kind
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
    paid = len(_payouts(tournament))
    free_at = [(0, table_no) for table_no in sorted(tournament.tables)]
    heapq.heapify(free_at)
    raced: set[int] = set()
    addons_offered: set[str] = set()
    hands = 0
    now = 0
    while tournament.players_left > 1:
        if (
            not tournament.hand_for_hand
            and paid < tournament.players_left <= paid + 1
            and len(tournament.tables) > 1
            and _break_wait(tournament, now) == 0
        ):
            # On the bubble the clock stops (the aggregate stops it; each round takes time off).
            tournament.set_hand_for_hand(True, now)
        elif tournament.hand_for_hand and tournament.players_left <= paid:
            tournament.set_hand_for_hand(False, now)
        if tournament.hand_for_hand:
            now, played = _hand_for_hand_round(tournament, bots, rng, now, raced)
            hands += played
            free_at = [(now, table_no) for table_no in sorted(tournament.tables)]
            heapq.heapify(free_at)
        else:
            now, table_no = heapq.heappop(free_at)
            if _entries_desk(tournament, now, rng, arrivals, latecomers):
                free_at = _add_new_tables(free_at, tournament, now)
            table = tournament.tables.get(table_no)
            if table is None or table.player_count < 2:
                if table is not None and len(tournament.tables) > 1:
                    tournament.balance(now, rng)
                    heapq.heappush(free_at, (now + 60_000, table_no))
                continue
            wait = _break_wait(tournament, now)
            if wait:
                heapq.heappush(free_at, (now + wait, table_no))
                continue
            _chip_races(tournament, now, rng, raced)
            _addons(tournament, table_no, now, rng, addons_offered)
            begins = hand_begins_at(tournament, now)
            if _break_wait(tournament, begins):
                heapq.heappush(free_at, (begins + _break_wait(tournament, begins), table_no))
                continue
            plan = tournament.plan_hand(table_no, begins)
            final = play_hand(tournament, plan, bots, rng)
            hands += 1
            busted = tournament.record_hand(
                plan, final, begins, _rebuyers(tournament, plan, final, now, rng)
            )
            heapq.heappush(free_at, (now + hand_seconds(len(plan.seats)) * 1000, table_no))
            if busted:
                tournament.settle_busts(busted, now)
                tournament.seat_alternates(now, rng)
            if hands % 25 == 0 and tournament.release_absent_seats(now):
                tournament.seat_alternates(now, rng)
            disqualified = _maybe_penalty(tournament, plan, now, rng, penalty_rate)
            if (disqualified or busted) and tournament.balance(now, rng):
                tournament.place_buttons(rng)
                # Tables that were gone are skipped when popped; a table could appear.
                free_at = _add_new_tables(free_at, tournament, now)
        if progress is not None:
            index, _ = tournament.level_at(now)
            progress(tournament.players_left, index + 1, hands)
    payouts = _payouts(tournament)
    pool = sum(payouts)
    finished = tournament.finish(now, payouts, pool, points)
    return SimulationResult(tournament, finished, hands, now // 1000, payouts, kinds)


def _payouts(tournament: Tournament) -> tuple[int, ...]:
    return tournament.default_payouts(tournament.prize_pool().total_cents)


def _entries_desk(
    tournament: Tournament,
    now: int,
    rng: random.Random,
    arrivals: list[tuple[int, str]],
    latecomers: list[tuple[int, str]],
) -> bool:
    """Absent players who arrive and late registrations due by ``now``; True if seats changed."""
    changed = False
    while arrivals and arrivals[0][0] <= now:
        _, player_id = arrivals.pop(0)
        if tournament.players[player_id].in_play:
            tournament.arrive(player_id, now)
    while latecomers and latecomers[0][0] <= now:
        _, player_id = latecomers.pop(0)
        if tournament.late_registration_open(now):
            tournament.register_late(player_id, f"Player {int(player_id[1:])}", now, rng)
            changed = True
    if changed:
        tournament.balance(now, rng)
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
        if player_id in offered or tournament.rebuy_period(player_id, now) != "addon":
            continue
        offered.add(player_id)
        if rng.random() < 0.7:
            tournament.addon(player_id, now)
            if entry.double_addon and rng.random() < 0.3:
                tournament.addon(player_id, now)


def _maybe_penalty(
    tournament: Tournament, plan: HandPlan, now: int, rng: random.Random, rate: float
) -> bool:
    """Now and then a player at the table earns the next penalty of the ladder; True when the
    player was disqualified (a seat is freed)."""
    if rng.random() >= rate or tournament.players_left <= 2:
        return False
    seated = [player for _, player, _ in plan.seats if tournament.players[player].in_play]
    seated = [player for player in seated if tournament.players[player].seat is not None]
    seated = [player for player in seated if tournament.players[player].stack > 0]
    if not seated:
        return False
    player_id = rng.choice(seated)
    kind = tournament.proposed_penalty(player_id)
    return tournament.penalize(player_id, kind, "simulated misconduct", now).chips_removed > 0


def _rebuyers(
    tournament: Tournament, plan: HandPlan, final: dict[str, int], now: int, rng: random.Random
) -> list[str]:
    """Players left without chips who may rebuy at the bust, and most of them do."""
    return [
        player
        for player, stack in final.items()
        if stack == 0
        and tournament.rebuy_refusal(player, now, plan.level, at_bust=True) is None
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
        for table_no in sorted(tournament.tables):
            if not tournament.tables[table_no].seats:
                continue
            for removed in sorted(pause.colour_up):
                if removed < next_chip:
                    deck = Deck.shuffled(rng.getrandbits(64))
                    # The simulator's stacks are exact: they are what a table would count.
                    stacks = {
                        player: tournament.players[player].stack
                        for player in tournament.tables[table_no].seats.values()
                    }
                    odd = odd_chips_from_stacks(stacks, removed, next_chip)
                    tournament.chip_race(table_no, removed, next_chip, deck, now, odd_chips=odd)


def _hand_for_hand_round(
    tournament: Tournament,
    bots: dict[str, Bot],
    rng: random.Random,
    now: int,
    raced: set[int],
) -> tuple[int, int]:
    """Every table plays one hand; busts of the round are ranked together (tda-2024 RP-8)."""
    view = clock_view(tournament.clock, tournament.structure, now)
    if view.in_break:
        # The time taken off the stopped clock reached a break: the break is played out.
        tournament.clock_command(ResumeClock(now))
        now += max(1, view.remaining_ms)
        tournament.clock_command(PauseClock(now))
    played = 0
    for table_no in sorted(tournament.tables):
        if tournament.tables[table_no].player_count < 2:
            continue
        _chip_races(tournament, now, rng, raced)
        plan = tournament.plan_hand(table_no, now)
        final = play_hand(tournament, plan, bots, rng)
        played += 1
        rebuyers = _rebuyers(tournament, plan, final, now, rng)
        # The aggregate ranks the busts of one round together, whatever the table (RP-8),
        # and takes the round's time off the clock once every table has played it.
        tournament.settle_busts(tournament.record_hand(plan, final, now, rebuyers), now)
    if tournament.balance(now, rng):
        tournament.place_buttons(rng)
    slowest = max(
        (hand_seconds(tournament.tables[t].player_count) for t in tournament.tables), default=0
    )
    return now + slowest * 1000, played


def _add_new_tables(
    free_at: list[tuple[int, int]], tournament: Tournament, now: int
) -> list[tuple[int, int]]:
    known = {table_no for _, table_no in free_at}
    for table_no in tournament.tables:
        if table_no not in known:
            heapq.heappush(free_at, (now, table_no))
    return free_at
