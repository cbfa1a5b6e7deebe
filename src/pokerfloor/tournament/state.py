"""The tournament aggregate: commands in, events out, state rebuilt by folding the events.

Each command method checks its input against the state and the rule profile, raises a
``PokerfloorError`` (nothing changed) or records outcome events and applies them through
``_apply``, which never decides. Randomness (seat draws, chip-race cards) comes in with the
command as a ``random.Random`` or a deck; time comes in as ``at_ms``.

The aggregate is made of parts (``_parts.py``), each with its state, its commands, its queries
and the handlers of its events: ``desk`` (the entries desk: late registration, the waiting
list, re-entries, rebuys, absent players), ``add_ons``, ``cash`` (the cash book), ``moves``,
``seat_changes``, ``bounties``, ``satellite``, ``flights`` (a flight's stop, a Day 2),
``table_clocks`` (the player clocks), ``floor`` (floor calls, captains' links), ``deals``,
``screen`` (the room's screen), ``clock_history`` (the tournament clock), ``chip_races``,
``penalties``, ``corrections``, ``hands`` (a hand's plan and report, hand-for-hand),
``busts`` (busts and places), ``core_events`` (the aggregate's own events); it inherits from
none of them. ``_apply`` looks the event's type up in one table built once per
aggregate (``event_table``): each event type has exactly one handler; the cash book and the
bounty ledger see every event first.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, load_profile
from pokerfloor.tournament import (
    advice,
    balancing,
    limits,
    points,
    prizes,
    ranking,
    seating,
    snapshot,
)
from pokerfloor.tournament._addons import AddOns
from pokerfloor.tournament._bounties import Bounties
from pokerfloor.tournament._busts import Busts
from pokerfloor.tournament._calls import FloorCalls
from pokerfloor.tournament._cash import Cash
from pokerfloor.tournament._chip_races import ChipRaces
from pokerfloor.tournament._clock_history import ClockHistory
from pokerfloor.tournament._core_events import CoreEvents
from pokerfloor.tournament._corrections import Corrections
from pokerfloor.tournament._deals import DealOffer, Deals
from pokerfloor.tournament._entries import Desk
from pokerfloor.tournament._flights import Flights
from pokerfloor.tournament._hand_report import HandPlan, ReportedHand
from pokerfloor.tournament._hands import Hands
from pokerfloor.tournament._moves import Moves
from pokerfloor.tournament._parts import event_table
from pokerfloor.tournament._penalties import Penalties
from pokerfloor.tournament._player_clock import ClockTimes, PlayerClock, PlayerClocks
from pokerfloor.tournament._player_state import PlayerState
from pokerfloor.tournament._satellite_play import Satellite
from pokerfloor.tournament._seat_changes import SeatChanges
from pokerfloor.tournament.clock import (
    ClockCommand,
    ClockPaused,
    ClockState,
    StartClock,
    new_clock,
)
from pokerfloor.tournament.events import (
    ButtonPlaced,
    ChipRaced,
    DealAgreed,
    FloorCalled,
    Placement,
    PlayerRegistered,
    Prize,
    SeatedPlayer,
    SeatsDrawn,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    WaitingListJoined,
)
from pokerfloor.tournament.finish_checks import finish_amounts
from pokerfloor.tournament.flights import Day2Origin
from pokerfloor.tournament.penalties import Penalty
from pokerfloor.tournament.points import PointsFormula
from pokerfloor.tournament.room_screen import RoomScreen, Screen
from pokerfloor.tournament.structure import Level, Structure
from pokerfloor.tournament.table_map import TableMap
from pokerfloor.tournament.types import PlayerId

__all__ = ["HandPlan", "PlayerState", "ReportedHand", "Tournament"]


class Tournament:
    def __init__(
        self, created: TournamentCreated, structure: Structure, max_players: int | None = None
    ) -> None:
        self.created = created
        self.structure = structure
        self.profile: RuleProfile = load_profile(created.profile)
        self.players: dict[PlayerId, PlayerState] = {}
        self.tables = TableMap()  # indexed: balancing looks at the tables concerned only
        self.hands_at: dict[int, int] = {}
        self.placements: list[Placement] = []
        self.players_left = 0
        self.entries = 0
        self.rebuys = 0
        self.addons = 0
        self.hand_for_hand = False
        self.finished: TournamentFinished | None = None
        self.max_players = max_players if max_players is not None else created.max_players
        self.hands_after_rebuys: dict[int, int] = {}  # per table, hands after the rebuy period
        self.late_entries = 0  # entries after the first bust: earlier places were provisional
        self.highest_table_no = 0
        self.bust_history: list[tuple[ranking.Placement, ...]] = []
        # Chips issued (entries, rebuys, add-ons) less those that left play (chip-race
        # residue, disqualifications, released seats): busts never change it.
        self.chips_in_play = 0
        self.unknown_chips: dict[int, int] = {}  # per table, chips of busts without stacks
        self.events: list[TournamentEvent] = [created]
        # The parts: each owns its state, its commands and queries, its events' handlers.
        self.desk = Desk(self)  # the entries desk: the waiting list, the absent players
        self.moves = Moves(self)  # the moves proposed to the TD, confirmed
        self.seat_changes = SeatChanges(self)  # seats changed by hand
        self.add_ons = AddOns(self)  # the add-ons: the window the TD opened
        self.bounties = Bounties(self)  # a bounty tournament's ledger (bounties.py)
        self.satellite = Satellite(self)  # a satellite's seats and finish
        self.flights = Flights(self)  # a flight's stop, a Day 2's carried stacks and pool
        self.cash = Cash(self)  # the cash book: lines, accounts, the pool's basis
        self.table_clocks = PlayerClocks(self)  # the player clock of each table
        self.floor = FloorCalls(self)  # floor calls, buttons put right, captains' links
        self.deals = Deals(self)  # a deal at the final table
        self.screen = Screen(self)  # the room's screen: club name, message, logo
        self.chip_races = ChipRaces(self)
        self.penalties = Penalties(self)
        self.corrections = Corrections(self)
        self.hands = Hands(self)  # a hand's plan and report, hand-for-hand rounds
        self.busts = Busts(self)  # busts reported, the places they take
        self.clock_history = ClockHistory(self, new_clock(structure))  # the tournament clock
        self.core_events = CoreEvents(self)  # the aggregate's own events (_core_events.py)
        self._appliers = event_table(
            self.core_events,
            self.clock_history,
            self.cash,
            self.desk,
            self.add_ons,
            self.moves,
            self.seat_changes,
            self.flights,
            self.table_clocks,
            self.floor,
            self.deals,
            self.screen,
            self.chip_races,
            self.penalties,
            self.corrections,
            self.hands,
            self.busts,
        )

    # ---- building -----------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        tournament_id: str,
        profile: str,
        structure: Structure,
        table_size: int = 9,
        at_ms: int = 0,
        max_players: int | None = None,
        points: Mapping[str, Any] | None = None,
        payouts: Mapping[str, Any] | None = None,
        name: str = "",
        day2: Day2Origin | None = None,
    ) -> Tournament:
        """A new tournament; ``points``: the championship points formula of the evening
        (checked by ``points.points_formula``; ``finish`` uses it by default); ``payouts``:
        its payout scheme (``prizes.payout_scheme``; none: the standard table); ``name``: its
        display name (``display_name``)."""
        if payouts is not None:
            prizes.payout_scheme(payouts)
        load_profile(profile)  # refuse an unknown profile before anything is recorded
        limits.check_table_size(table_size)
        created = TournamentCreated(
            tournament_id,
            profile,
            structure.name,
            table_size,
            structure.entry.starting_stack,
            at_ms,
            max_players,
            structure,
            None if points is None else dict(points),
            None if payouts is None else dict(payouts),
            " ".join(name.split()),
            day2,
        )
        return cls(created, structure)

    @classmethod
    def replay(
        cls, events: Iterable[TournamentEvent], structure: Structure | None = None
    ) -> Tournament:
        """Rebuild a tournament by folding its events; the structure comes from the first
        event (or is given, for logs written without it)."""
        iterator = iter(events)
        first = next(iterator, None)
        if not isinstance(first, TournamentCreated):
            raise PokerfloorError("BAD_EVENT_LOG")
        chosen = structure or first.structure
        if chosen is None:
            raise PokerfloorError("BAD_EVENT_LOG")
        tournament = cls(first, chosen)
        for event in iterator:
            tournament._record(event)
        return tournament

    def to_snapshot(self) -> bytes:
        """The whole state as bytes (pokerfloor.tournament.snapshot)."""
        return snapshot.take_snapshot(self)

    @classmethod
    def from_snapshot(cls, data: bytes) -> Tournament:
        """The state a snapshot holds; apply the later events with ``apply_stored``."""
        return snapshot.restore_snapshot(data)

    def apply_stored(self, event: TournamentEvent) -> None:
        """Fold an event read back from the store (it was decided before: no check here)."""
        self._record(event)

    def _record(self, event: TournamentEvent) -> None:
        self.events.append(event)
        self._apply(event)

    def cite(self, key: str) -> tuple[str, ...]:
        return self.profile.citations(key)

    # ---- queries ------------------------------------------------------------------------

    @property
    def display_name(self) -> str:
        """What the pages call the tournament: its name, or its id when it has none."""
        return self.created.display_name or self.created.tournament_id

    def in_play(self) -> list[PlayerState]:
        return [player for player in self.players.values() if player.in_play]

    def winner_before_finish(self) -> PlayerId | None:
        """The winner once every other entry has busted and before the TD records the finish
        (``finish``, which ranks and pays): the last player in play, of a tournament of more
        than one entry. None while several play, once finished, or alone from the start."""
        if self.finished is not None or self.players_left != 1 or self.entries < 2:
            return None
        return next((p.player_id for p in self.players.values() if p.in_play), None)

    @property
    def clock(self) -> ClockState:
        """The tournament clock's state (``clock_history.state``)."""
        return self.clock_history.state

    @clock.setter
    def clock(self, state: ClockState) -> None:
        self.clock_history.state = state

    @property
    def clock_started_at(self) -> int | None:
        """When the clock first ran (``clock_history.started_at``)."""
        return self.clock_history.started_at

    @clock_started_at.setter
    def clock_started_at(self, at_ms: int | None) -> None:
        self.clock_history.started_at = at_ms

    def level_at(self, at_ms: int) -> tuple[int, Level | None]:
        """The level (index, level) for a hand starting at ``at_ms``; None during a break."""
        return self.clock_history.level_at(at_ms)

    def clock_time(self, at_ms: int) -> int:
        """The tournament clock's time at ``at_ms`` (clock.clock_time_ms)."""
        return self.clock_history.time(at_ms)

    def prize_pool(self) -> prizes.PrizePool:
        """The prize pool so far: from the entries, rebuys and add-ons, or from the money
        collected when the TD chose so (_cash.py)."""
        if self.cash.basis == "money":
            book = self.cash.book()
            return prizes.PrizePool(
                total_cents=book.pool_cents,
                collected_cents=book.received_cents - book.refunds_cents,
                fees_cents=book.fees_cents,
                overlay_cents=0,
            )
        return self._pool_by_entries()

    def pool_by_entries_cents(self) -> int:
        return self._pool_by_entries().total_cents

    def _pool_by_entries(self) -> prizes.PrizePool:
        entry = self.structure.entry
        bounty = self.structure.bounty
        pool = prizes.prize_pool(
            entries=self.entries,
            rebuys=self.rebuys,
            addons=self.addons,
            # The bounty is the part of the buy-in that does not go to the prize pool.
            buy_in_cents=entry.buy_in_cents - (0 if bounty is None else bounty.cents),
            rebuy_cents=entry.rebuy_cents,
            addon_cents=entry.addon_cents,
            fee_cents=entry.fee_cents,
        )
        return self.flights.with_carried_pool(pool)  # a Day 2: the flights' pool (_flights.py)

    def default_payouts(self, pool_cents: int) -> tuple[int, ...]:
        """What each paid place gets from ``pool_cents`` by the scheme chosen at set-up (the
        standard table if none), for the entries so far."""
        scheme, rounding = prizes.payout_scheme(self.created.payouts or {"name": "standard"})
        return prizes.payout_table(
            max(self.flights.event_entries(), 1), pool_cents, scheme, rounding
        )

    def console_hints(self, at_ms: int | None = None) -> tuple[advice.Hint, ...]:
        """What the rules call for at the tables now (``advice``), for the TD's console;
        ``at_ms``: the moment, for what depends on the clock (a flight's level)."""
        table_size = self.created.table_size
        halted = self.halted_tables()
        return (
            advice.console_hints(self.tables, self.profile, table_size, self.hand_for_hand, halted)
            + self.satellite.hints()
            + (() if at_ms is None else self.flights.hints(at_ms))
        )

    def halted_tables(self) -> list[int]:
        """Tables 3 or more players short of the fullest: play stops there until balanced
        (tda-2024 R11, ``balancing.halt_when_short_by``)."""
        if self.tables.live_count < 2:
            return []
        return balancing.halted_table_numbers(self.tables, self.profile)

    def smallest_chip(self, level_number: int) -> int:
        return self.structure.smallest_chip_at(level_number)

    # ---- commands -----------------------------------------------------------------------

    def register(self, player_id: PlayerId, name: str, at_ms: int, present: bool = True) -> None:
        """Register before the seat draw (``present=False``: not there yet, dealt in and
        blinded until ``arrive``). After the draw use ``register_late``."""
        if self.tables:
            raise PokerfloorError("SEATS_ALREADY_DRAWN", {"player_id": player_id})
        if player_id in self.players:
            raise PokerfloorError("ALREADY_REGISTERED", {"player_id": player_id})
        self.flights.check_day2_entrant(player_id)
        if self.desk.is_full():
            self._record(WaitingListJoined(player_id, name, at_ms))
            return
        self._record(PlayerRegistered(player_id, name, at_ms, present=present))

    def draw_seats(self, rng: random.Random) -> None:
        if self.tables:
            raise PokerfloorError("SEATS_ALREADY_DRAWN")
        if len(self.players) < 2:
            raise PokerfloorError("TOO_FEW_PLAYERS")
        size = self.created.table_size
        count = -(-len(self.players) // size)
        drawn = seating.draw_seats(list(self.players), count, size, rng)
        seats = tuple(
            SeatedPlayer(player_id, ref.table_no, ref.seat_no) for player_id, ref in drawn.items()
        )
        tables = tuple(sorted({ref.table_no for ref in drawn.values()}))
        self._record(SeatsDrawn(seats, tables, self.cite("seating.late_entrant_seat")))

    def place_buttons(self, rng: random.Random) -> None:
        """Place the first button at every table that has none (start, final table)."""
        for table_no in self.tables.awaiting_button():
            table = self.tables[table_no]
            deck = Deck.shuffled(rng.getrandbits(64))
            seat_no, citations, draw = seating.first_button(table, self.profile, deck)
            cards: tuple[tuple[int, str], ...] = ()
            if draw is not None:
                cards = tuple((seat, str(card)) for seat, card in draw.rounds[0])
            method = str(self.profile.value("seating.first_button"))
            self._record(ButtonPlaced(table_no, seat_no, method, cards, tuple(citations)))

    def start_clock(self, at_ms: int) -> None:
        self.clock_command(StartClock(at_ms))

    def clock_command(self, command: ClockCommand) -> None:
        """Start, pause, resume, adjust, jump a level, or take hand-for-hand time off
        (``ClockHistory.command``)."""
        self.clock_history.command(command)

    def finish(
        self,
        at_ms: int,
        payouts: Sequence[int] | None = None,
        prize_pool_cents: int | None = None,
        points_formula: PointsFormula | None = None,
        below_pool: bool = False,
        holding_seat: Collection[PlayerId] = (),
    ) -> TournamentFinished:
        """Close the tournament: the complete ranking, the prizes (tied players share the
        places they cover) and, with a formula, championship points in hundredths. The pool
        defaults to the pool collected, the payouts to the set-up's scheme; payouts above the
        pool are refused, and given payouts below it unless ``below_pool`` (finish_checks).
        A satellite is closed at its seats (``holding_seat``: players who already hold a seat
        to the target event; ``_satellite_play.py``); a Day 2 ranks the players out on Day 1
        below its own field (``_flights.py``)."""
        if self.structure.satellite is not None:
            return self.satellite.finish(
                self.structure.satellite, at_ms, holding_seat, points_formula
            )
        payouts, prize_pool_cents = finish_amounts(
            payouts,
            prize_pool_cents,
            lambda: self.prize_pool().total_cents,
            self.default_payouts,
            below_pool,
        )
        alive = self.in_play()
        if len(alive) != 1:
            raise PokerfloorError("NOT_FINISHED", {"left": len(alive)})
        everyone = [p.player_id for p in self.players.values() if not p.withdrawn]
        final = ranking.final_ranking(
            everyone, alive[0].player_id, self.bust_history, late_entries=self.late_entries > 0
        )
        ranked = (
            tuple(
                Placement(p.player_id, p.place, tuple(p.tied_with), tuple(p.places_covered))
                for p in sorted(final, key=lambda p: (p.place, p.player_id))
            )
            + self.flights.day1_places()
        )
        # Players tied share the prizes of the places they cover (ropta 5.4).
        groups: dict[tuple[int, ...], list[PlayerId]] = {}
        for p in ranked:
            groups.setdefault(p.places_covered or (p.place,), []).append(p.player_id)
        won: dict[PlayerId, int] = {}
        for covered, group in groups.items():
            shares = prizes.split_tied_places(payouts, covered)
            won.update(zip(group, shares, strict=True))
        won = self.deals.prizes(ranked, payouts, won)
        won = self.bounties.prizes(ranked, won)
        scored: dict[PlayerId, int] = {}
        if points_formula is not None:
            scored = points.award_points(
                points_formula,
                list(groups.values()),
                self.flights.event_entries(),
                self.structure.entry.buy_in_cents,
            )
        awarded = tuple(
            Prize(p.player_id, p.place, won[p.player_id], scored.get(p.player_id, 0))
            for p in ranked
            if won[p.player_id] or scored.get(p.player_id, 0)
        )
        event = TournamentFinished(
            at_ms, self.flights.event_entries(), prize_pool_cents, ranked, awarded
        )
        self._stop_clock(at_ms)
        self._record(event)
        return event

    # ---- the parts, as other packages read them today --------------------------------------

    @property
    def floor_calls(self) -> dict[int, FloorCalled]:
        return self.floor.open_calls

    @property
    def captain_keys(self) -> dict[int, int]:
        return self.floor.captain_keys

    @property
    def player_clocks(self) -> dict[int, PlayerClock]:
        return self.table_clocks.by_table

    @property
    def deal(self) -> DealAgreed | None:
        return self.deals.agreed

    @property
    def room_screen(self) -> RoomScreen:
        return self.screen.shown

    def player_clock(self, table_no: int) -> PlayerClock | None:
        return self.table_clocks.at_table(table_no)

    def player_clock_times(self) -> ClockTimes:
        return self.table_clocks.times()

    def captain_call_wait_ms(self, table_no: int, seat_no: int, at_ms: int) -> int:
        return self.table_clocks.captain_wait_ms(table_no, seat_no, at_ms)

    def may_call_clock(
        self, table_no: int, seat_no: int, at_ms: int, by: Literal["captain", "td"] = "captain"
    ) -> bool:
        return self.table_clocks.may_call(table_no, seat_no, at_ms, by)

    def propose_deal(self, played_for_cents: int = 0) -> DealOffer:
        return self.deals.propose(played_for_cents)

    def penalize(self, player_id: PlayerId, kind: str, reason: str, at_ms: int) -> Penalty:
        return self.penalties.give(player_id, kind, reason, at_ms)

    def proposed_penalty(self, player_id: PlayerId) -> str:
        return self.penalties.proposed(player_id)

    def chip_race(
        self,
        table_no: int,
        removed: int,
        next_chip: int,
        deck: Deck,
        at_ms: int,
        *,
        odd_chips: Mapping[PlayerId, int] | None,
    ) -> ChipRaced:
        return self.chip_races.race(table_no, removed, next_chip, deck, at_ms, odd_chips=odd_chips)

    def _stop_clock(self, at_ms: int) -> None:
        if self.clock.status == "running":  # the clock stops at the finish, level and all
            self._record(ClockPaused(at_ms))

    # ---- applying events ----------------------------------------------------------------

    def _apply(self, event: TournamentEvent) -> None:
        self.cash.see(event)  # before a player unregistered leaves ``players``
        self.bounties.see(event)
        self._appliers[type(event)](event)
