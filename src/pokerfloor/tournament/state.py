"""The tournament aggregate: commands in, events out, state rebuilt by folding the events.

Each command method checks its input against the state and the rule profile, raises a
``PokerfloorError`` (nothing changed) or records outcome events and applies them through
``_apply``, which never decides. Randomness (seat draws, chip-race cards) comes in with the
command as a ``random.Random`` or a deck; time comes in as ``at_ms``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, get_args

from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, load_profile
from pokerfloor.tournament import (
    advice,
    balancing,
    points,
    prizes,
    ranking,
    seating,
    snapshot,
)
from pokerfloor.tournament._addons import AddonCommands
from pokerfloor.tournament._bounties import BountyCommands
from pokerfloor.tournament._calls import FloorCallCommands
from pokerfloor.tournament._cash import CashAccount, CashCommands, CashLine
from pokerfloor.tournament._chip_races import ChipRaceCommands
from pokerfloor.tournament._corrections import CORRECTION_EVENTS, CorrectionCommands
from pokerfloor.tournament._deals import DEAL_EVENTS, DealCommands
from pokerfloor.tournament._entries import EntryCommands
from pokerfloor.tournament._flights import FlightCommands
from pokerfloor.tournament._hand_report import HandPlan, ReportedHand
from pokerfloor.tournament._hands import HAND_EVENTS, HandCommands
from pokerfloor.tournament._moves import MoveCommands
from pokerfloor.tournament._penalties import PenaltyCommands
from pokerfloor.tournament._player_clock import (
    PLAYER_CLOCK_EVENTS,
    PlayerClock,
    PlayerClockCommands,
)
from pokerfloor.tournament._satellite_play import SatelliteCommands
from pokerfloor.tournament._seat_changes import SeatChangeCommands
from pokerfloor.tournament.bounties import BountyLedger
from pokerfloor.tournament.clock import (
    ClockCommand,
    ClockEvent,
    ClockPaused,
    ClockState,
    StartClock,
    clock_time_ms,
    clock_view,
    decide_clock,
    evolve_clock,
    new_clock,
)
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    AddonWindowOpened,
    ButtonMoved,
    ButtonPlaced,
    CaptainKeyRenewed,
    ChipRaced,
    DealAgreed,
    FloorCallAnswered,
    FloorCalled,
    MovesProposed,
    PenaltyGiven,
    Placement,
    PlayerArrived,
    PlayerRebought,
    PlayerRegistered,
    PlayerSeated,
    PlayersMoved,
    Prize,
    SeatChanged,
    SeatedPlayer,
    SeatsDrawn,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    WaitingListJoined,
)
from pokerfloor.tournament.finish_checks import finish_amounts
from pokerfloor.tournament.flights import Day2Origin, FlightStopped
from pokerfloor.tournament.points import PointsFormula
from pokerfloor.tournament.room_screen import ROOM_SCREEN_EVENTS, RoomScreen, RoomScreenCommands
from pokerfloor.tournament.structure import Level, Structure
from pokerfloor.tournament.table_map import TableMap
from pokerfloor.tournament.types import Move, PlayerId, SeatRef, Table

__all__ = ["HandPlan", "PlayerState", "ReportedHand", "Tournament"]

CLOCK_EVENTS = get_args(ClockEvent)
ENTRY_EVENTS = (PlayerSeated, PlayerArrived, WaitingListJoined, AbsentSeatReleased)


class PlayerState:
    """One entrant, mutable inside the aggregate only."""

    __slots__ = (
        "addons",
        "bust_undo",
        "busted_after_hand",
        "entries",
        "last_seat",
        "missed_hands",
        "name",
        "penalties",
        "place",
        "player_id",
        "present",
        "rebuys",
        "seat",
        "stack",
        "withdrawn",
    )

    def __init__(self, player_id: PlayerId, name: str, stack: int) -> None:
        self.player_id = player_id
        self.name = name
        self.stack = stack
        self.seat: SeatRef | None = None
        self.entries = 1
        self.rebuys = 0
        self.addons = 0
        self.place: int | None = None
        self.missed_hands = 0  # hands still to sit out for a penalty (dealt in, hand killed)
        self.present = True
        self.withdrawn = False  # an absent player whose seat went to the waiting list
        self.penalties: list[str] = []
        self.last_seat: SeatRef | None = None  # the seat held when last busted
        self.busted_after_hand: int | None = None  # the table's hand count at the bust
        # The stack the last bust took away and the table's hand count then: an "undo" puts
        # it back while no hand was reported at that table since (undo_bust).
        self.bust_undo: tuple[int, int] | None = None

    @property
    def in_play(self) -> bool:
        return self.place is None and not self.withdrawn


class Tournament(
    HandCommands,
    EntryCommands,
    AddonCommands,
    CorrectionCommands,
    CashCommands,
    MoveCommands,
    FloorCallCommands,
    DealCommands,
    ChipRaceCommands,
    PenaltyCommands,
    RoomScreenCommands,
    SeatChangeCommands,
    PlayerClockCommands,
    BountyCommands,
    SatelliteCommands,
    FlightCommands,
):
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
        self.clock: ClockState = new_clock(structure)
        self.finished: TournamentFinished | None = None
        self.addon_window: AddonWindowOpened | None = None  # opened by the TD (_entries.py)
        self.max_players = max_players if max_players is not None else created.max_players
        self.waiting_list: dict[PlayerId, str] = {}  # in order of arrival
        self.hands_after_rebuys: dict[int, int] = {}  # per table, hands after the rebuy period
        self.clock_started_at: int | None = None
        self.late_entries = 0  # entries after the first bust: earlier places were provisional
        self.highest_table_no = 0
        self.proposed: dict[PlayerId, Move] = {}  # balancing moves waiting for the TD
        self.floor_calls: dict[int, FloorCalled] = {}  # per table, the open call
        self.captain_keys: dict[int, int] = {}  # per table, how often its link was renewed
        self.player_clocks: dict[int, PlayerClock] = {}  # per table (_player_clock.py)
        self.bust_history: list[tuple[ranking.Placement, ...]] = []
        # Chips issued (entries, rebuys, add-ons) less those that left play (chip-race
        # residue, disqualifications, released seats): busts never change it.
        self.chips_in_play = 0
        self.unknown_chips: dict[int, int] = {}  # per table, chips of busts without stacks
        self.table_ready_at: dict[int, int] = {}  # per table, its last report (or opening)
        self.table_started_at: dict[int, int] = {}  # per table, when its last hand began
        self.round_no = 0  # hand-for-hand round being played
        self.round_played: set[int] = set()  # tables that played it
        self.round_of_hand: dict[int, int] = {}  # per table, the round of its last hand
        self.hand_for_hand_paused = False  # hand-for-hand stopped the clock
        self.last_busts: tuple[ranking.BustInfo, ...] = ()  # the last group ranked
        self.last_bust_round = 0
        self.last_bust_at = 0  # when the last group was ranked (its hand's end)
        self.cash_lines: list[CashLine] = []  # the cash book (_cash.py)
        # Indexes kept by _apply and rebuilt from the rest when a snapshot is restored: each
        # player's account, the players registered absent (in order) who have not arrived.
        self.cash_accounts: dict[PlayerId, CashAccount] = {}
        self.absent_ids: dict[PlayerId, None] = {}
        self.pool_basis = "entries"
        self.deal: DealAgreed | None = None  # agreed by every player in play (_deals.py)
        self.room_screen = RoomScreen()  # the club's name, logo and message (room_screen.py)
        # A bounty tournament's bounties (bounties.py); None without bounties.
        self.bounty_ledger: BountyLedger | None = (
            None if structure.bounty is None else BountyLedger(structure.bounty)
        )
        self.flight_stopped: FlightStopped | None = None  # a flight's stop (_flights.py)
        self.events: list[TournamentEvent] = [created]

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
        if not 2 <= table_size <= 10:
            raise PokerfloorError("BAD_TABLE_SIZE", {"table_size": table_size})
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

    def level_at(self, at_ms: int) -> tuple[int, Level | None]:
        """The level (index, level) for a hand starting at ``at_ms``; None during a break."""
        view = clock_view(self.clock, self.structure, at_ms)
        return view.level_index, None if view.in_break else view.level

    def clock_time(self, at_ms: int) -> int:
        """The tournament clock's time at ``at_ms`` (clock.clock_time_ms)."""
        return clock_time_ms(self.clock, self.structure, at_ms)

    def prize_pool(self) -> prizes.PrizePool:
        """The prize pool so far: from the entries, rebuys and add-ons, or from the money
        collected when the TD chose so (_cash.py)."""
        if self.pool_basis == "money":
            book = self.cash_book()
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
        return self.with_carried_pool(pool)  # a Day 2: the flights' pool (_flights.py)

    def default_payouts(self, pool_cents: int) -> tuple[int, ...]:
        """What each paid place gets from ``pool_cents`` by the scheme chosen at set-up (the
        standard table if none), for the entries so far."""
        scheme, rounding = prizes.payout_scheme(self.created.payouts or {"name": "standard"})
        return prizes.payout_table(max(self.event_entries(), 1), pool_cents, scheme, rounding)

    def console_hints(self) -> tuple[advice.Hint, ...]:
        """What the rules call for at the tables now (``advice``), for the TD's console."""
        table_size = self.created.table_size
        halted = self.halted_tables()
        return (
            advice.console_hints(self.tables, self.profile, table_size, self.hand_for_hand, halted)
            + self.satellite_hints()
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
        self._check_day2_entrant(player_id)
        if self.is_full():
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
        for table_no in self.tables.unbuttoned():
            table = self.tables[table_no]
            if len(table.seats) < 2:
                continue
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
        """Start, pause, resume, adjust, jump a level, or take hand-for-hand time off. The
        clock stopped at the finish stays there."""
        if self.finished is not None:
            raise PokerfloorError("TOURNAMENT_FINISHED", {"finished_at_ms": self.finished.at_ms})
        for event in decide_clock(self.clock, command):
            self._record(event)

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
            return self._finish_satellite(
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
            + self.day1_places()
        )
        # Players tied share the prizes of the places they cover (ropta 5.4).
        groups: dict[tuple[int, ...], list[PlayerId]] = {}
        for p in ranked:
            groups.setdefault(p.places_covered or (p.place,), []).append(p.player_id)
        won: dict[PlayerId, int] = {}
        for covered, group in groups.items():
            shares = prizes.split_tied_places(payouts, covered)
            won.update(zip(group, shares, strict=True))
        won = self._deal_prizes(ranked, payouts, won)
        won = self._bounty_prizes(ranked, won)
        scored: dict[PlayerId, int] = {}
        if points_formula is not None:
            scored = points.award_points(
                points_formula,
                list(groups.values()),
                self.event_entries(),
                self.structure.entry.buy_in_cents,
            )
        awarded = tuple(
            Prize(p.player_id, p.place, won[p.player_id], scored.get(p.player_id, 0))
            for p in ranked
            if won[p.player_id] or scored.get(p.player_id, 0)
        )
        event = TournamentFinished(at_ms, self.event_entries(), prize_pool_cents, ranked, awarded)
        self._stop_clock(at_ms)
        self._record(event)
        return event

    def _stop_clock(self, at_ms: int) -> None:
        if self.clock.status == "running":  # the clock stops at the finish, level and all
            self._record(ClockPaused(at_ms))

    # ---- applying events ----------------------------------------------------------------

    def _apply(self, event: TournamentEvent) -> None:
        self._book(event)  # before a player unregistered leaves ``players``
        if self.bounty_ledger is not None:
            self.bounty_ledger.apply(event)
        if isinstance(event, HAND_EVENTS):
            self._apply_hand_event(event)
        elif isinstance(event, PlayersMoved):
            self._apply_moves(event.moves)
            for move in event.moves:
                self.proposed.pop(move.player_id, None)
        elif isinstance(event, MovesProposed):
            self.proposed = {move.player_id: move for move in event.moves}
        elif isinstance(event, SeatChanged):
            self._apply_seat_change(event)
        elif isinstance(event, PlayerRebought):
            player = self.players[event.player_id]
            if event.at_bust and player.seat is not None and player.stack:
                table_no = player.seat.table_no
                self.unknown_chips[table_no] = self.unknown_chips.get(table_no, 0) + player.stack
                player.bust_undo = (player.stack, self.hands_at.get(table_no, 0))
                player.stack = 0
            player.stack += event.chips
            self.chips_in_play += event.chips
            if event.kind == "rebuy":
                player.rebuys += 1
                self.rebuys += 1
            else:
                player.addons += 1
                self.addons += 1
        elif isinstance(event, PlayerRegistered):
            known = self.players.get(event.player_id)
            if known is None:
                player = self.players[event.player_id] = PlayerState(
                    event.player_id, event.name, self.day2_stack(event.player_id)
                )
            else:  # a re-entry: a new starting stack
                player = known
                player.stack = self.created.starting_stack
                player.place = None
                player.bust_undo = None
                player.entries = event.entry_no
            player.present = event.present
            if event.present:
                self.absent_ids.pop(event.player_id, None)
            else:
                self.absent_ids[event.player_id] = None
            self.chips_in_play += self.day2_stack(event.player_id)
            self.waiting_list.pop(event.player_id, None)
            if self.bust_history:
                self.late_entries += 1
            self.players_left += 1
            self.entries += 1
        elif isinstance(
            event, PlayerSeated | PlayerArrived | WaitingListJoined | AbsentSeatReleased
        ):
            self._apply_entry(event)
        elif isinstance(event, SeatsDrawn):
            size = self.created.table_size
            seats: dict[int, dict[int, PlayerId]] = {table_no: {} for table_no in event.tables}
            for seated in event.seats:
                seats[seated.table_no][seated.seat_no] = seated.player_id
                self.players[seated.player_id].seat = SeatRef(seated.table_no, seated.seat_no)
            for table_no, occupied in seats.items():
                self.tables[table_no] = Table(table_no, size, occupied)
            self.highest_table_no = max(event.tables, default=0)
        elif isinstance(event, ButtonPlaced):
            table = self.tables[event.table_no]
            self.tables[event.table_no] = Table(
                table.table_no, table.size, table.seats, event.seat_no
            )
        elif isinstance(event, CLOCK_EVENTS):
            self.clock = evolve_clock(self.clock, event)
            if self.clock_started_at is None and self.clock.status != "not_started":
                self.clock_started_at = event.at_ms
        elif isinstance(event, PenaltyGiven):
            player = self.players[event.player_id]
            player.penalties.append(event.kind)
            player.missed_hands += event.hands_to_miss
            player.stack -= event.chips_removed
            self.chips_in_play -= event.chips_removed
        elif isinstance(event, ChipRaced):
            self._apply_chip_race(event)
        elif isinstance(event, FloorCalled | FloorCallAnswered | ButtonMoved | CaptainKeyRenewed):
            self._apply_floor_call(event)
        elif isinstance(event, PLAYER_CLOCK_EVENTS):
            self._apply_player_clock(event)
        elif isinstance(event, CORRECTION_EVENTS):
            self._apply_correction(event)
        elif isinstance(event, DEAL_EVENTS):
            self._apply_deal(event)
        elif isinstance(event, ROOM_SCREEN_EVENTS):
            self._apply_room_screen(event)
        elif isinstance(event, AddonWindowOpened):
            self.addon_window = event
        elif isinstance(event, TournamentFinished):
            self.finished = event
            for placement in event.ranking:
                if placement.player_id in self.players:  # not a Day 2's players out on Day 1
                    self.players[placement.player_id].place = placement.place
        elif isinstance(event, FlightStopped):
            self.flight_stopped = event

    def _apply_replacement(self, absent_id: PlayerId, newcomer_id: PlayerId, name: str) -> None:
        """The newcomer takes the absent player's seat and remaining stack."""
        absent = self.players[absent_id]
        newcomer = self.players[newcomer_id] = PlayerState(newcomer_id, name, absent.stack)
        newcomer.seat = absent.seat
        if absent.seat is not None:
            table = self.tables[absent.seat.table_no]
            self.tables[table.table_no] = table.with_seats(
                {**table.seats, absent.seat.seat_no: newcomer_id}
            )
        absent.seat = None
        absent.stack = 0
        absent.withdrawn = True  # a released no-show is not an entry: the newcomer is
        self.late_entries += 1
