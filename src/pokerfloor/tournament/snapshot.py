"""Snapshots of a tournament: its whole state at one event, so a long tournament reloads fast.

A snapshot is the state the events built, not a replacement for them: the event log stays the
truth, and a snapshot plus the events after it gives exactly the state a full replay gives
(tests/tournament/test_snapshot.py checks it, and that no state is forgotten).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament._cash import CashLine
from pokerfloor.tournament._player_clock import PlayerClock
from pokerfloor.tournament.bounties import BountyLedger
from pokerfloor.tournament.clock import ClockState
from pokerfloor.tournament.events import (
    AddonWindowOpened,
    DealAgreed,
    FloorCalled,
    Placement,
    TournamentCreated,
    TournamentFinished,
)
from pokerfloor.tournament.flights import FlightStopped
from pokerfloor.tournament.room_screen import RoomScreen
from pokerfloor.tournament.table_map import TableMap
from pokerfloor.tournament.types import Move, PlayerId, SeatRef, Table

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

SNAPSHOT_FORMAT = 1


class PlayerRecord(msgspec.Struct, frozen=True):
    player_id: PlayerId
    name: str
    stack: int
    seat: SeatRef | None
    entries: int
    rebuys: int
    addons: int
    place: int | None
    missed_hands: int
    present: bool
    withdrawn: bool
    penalties: tuple[str, ...]
    last_seat: SeatRef | None = None
    busted_after_hand: int | None = None
    bust_undo: tuple[int, int] | None = None


class TournamentSnapshot(msgspec.Struct, frozen=True):
    format: int
    created: TournamentCreated
    players: tuple[PlayerRecord, ...]
    tables: tuple[Table, ...]
    hands_at: dict[int, int]
    placements: tuple[Placement, ...]
    players_left: int
    entries: int
    rebuys: int
    addons: int
    hand_for_hand: bool
    clock: ClockState
    finished: TournamentFinished | None
    max_players: int | None
    waiting_list: tuple[tuple[PlayerId, str], ...]
    hands_after_rebuys: dict[int, int]
    clock_started_at: int | None
    late_entries: int
    highest_table_no: int
    bust_history: tuple[tuple[ranking.Placement, ...], ...]
    proposed: tuple[Move, ...] = ()
    floor_calls: tuple[FloorCalled, ...] = ()
    chips_in_play: int = 0
    unknown_chips: dict[int, int] = {}
    table_ready_at: dict[int, int] = {}
    table_started_at: dict[int, int] = {}
    round_no: int = 0
    round_played: tuple[int, ...] = ()
    round_of_hand: dict[int, int] = {}
    hand_for_hand_paused: bool = False
    last_busts: tuple[ranking.BustInfo, ...] = ()
    last_bust_round: int = 0
    last_bust_at: int = 0
    cash_lines: tuple[CashLine, ...] = ()
    pool_basis: str = "entries"
    captain_keys: dict[int, int] = {}
    # Kept last: take_snapshot fills the fields above by position and these by name.
    deal: DealAgreed | None = None
    room_screen: RoomScreen = RoomScreen()
    player_clocks: tuple[PlayerClock, ...] = ()
    addon_window: AddonWindowOpened | None = None
    bounty_ledger: BountyLedger | None = None
    flight_stopped: FlightStopped | None = None


# Tournament attributes a snapshot does not carry: the events (they stay in the store) and what
# comes from the created event (the profile is loaded again, the structure is in ``created``).
# Indexes the aggregate keeps for speed are rebuilt from the state at restore (the tables' index
# lives inside ``tables``, a ``TableMap``; each account of the cash book, ``cash.accounts``, is
# summed again from its lines; the absent players, ``desk.absent_ids``, from the players). A
# part's state is named ``part.slot`` unless the snapshot keeps the name the aggregate gave it
# before parts (``absent_ids``, ``waiting_list``, ``cash_lines``...).
DERIVED = frozenset({"cash.accounts", "absent_ids"})
NOT_IN_SNAPSHOT = frozenset({"events", "profile", "structure"}) | DERIVED


def take_snapshot(tournament: Tournament) -> bytes:
    players = tuple(
        PlayerRecord(
            p.player_id, p.name, p.stack, p.seat, p.entries, p.rebuys, p.addons, p.place,
            p.missed_hands, p.present, p.withdrawn, tuple(p.penalties),
            p.last_seat, p.busted_after_hand, p.bust_undo,
        )
        for p in tournament.players.values()
    )  # fmt: skip
    snapshot = TournamentSnapshot(
        SNAPSHOT_FORMAT,
        tournament.created,
        players,
        tuple(tournament.tables.values()),
        dict(tournament.hands_at),
        tuple(tournament.placements),
        tournament.players_left,
        tournament.entries,
        tournament.rebuys,
        tournament.addons,
        tournament.hand_for_hand,
        tournament.clock,
        tournament.finished,
        tournament.max_players,
        tuple(tournament.desk.waiting_list.items()),
        dict(tournament.hands_after_rebuys),
        tournament.clock_started_at,
        tournament.late_entries,
        tournament.highest_table_no,
        tuple(tournament.bust_history),
        tuple(tournament.moves.proposed.values()),
        tuple(tournament.floor_calls.values()),
        tournament.chips_in_play,
        dict(tournament.unknown_chips),
        dict(tournament.hands.table_ready_at),
        dict(tournament.hands.table_started_at),
        tournament.hands.round_no,
        tuple(sorted(tournament.hands.round_played)),
        dict(tournament.hands.round_of_hand),
        tournament.hands.hand_for_hand_paused,
        tournament.busts.last,
        tournament.busts.last_round,
        tournament.busts.last_at,
        tuple(tournament.cash.lines),
        tournament.cash.basis,
        dict(tournament.captain_keys),
    )
    snapshot = msgspec.structs.replace(
        snapshot,
        deal=tournament.deal,
        room_screen=tournament.room_screen,
        player_clocks=tuple(tournament.player_clocks.values()),
        addon_window=tournament.add_ons.opened,
        bounty_ledger=tournament.bounties.ledger,
        flight_stopped=tournament.flights.stopped,
    )
    return msgspec.json.encode(snapshot)


def restore_snapshot(data: bytes) -> Tournament:
    from pokerfloor.tournament.state import PlayerState, Tournament

    try:
        snapshot = msgspec.json.decode(data, type=TournamentSnapshot)
    except msgspec.DecodeError:
        raise PokerfloorError("BAD_SNAPSHOT") from None
    if snapshot.format != SNAPSHOT_FORMAT or snapshot.created.structure is None:
        raise PokerfloorError("BAD_SNAPSHOT")
    tournament = Tournament(snapshot.created, snapshot.created.structure, snapshot.max_players)
    tournament.events = []  # the events folded into the snapshot stay in the store
    for record in snapshot.players:
        player = PlayerState(record.player_id, record.name, record.stack)
        player.seat = record.seat
        player.entries = record.entries
        player.rebuys = record.rebuys
        player.addons = record.addons
        player.place = record.place
        player.missed_hands = record.missed_hands
        player.present = record.present
        player.withdrawn = record.withdrawn
        player.penalties = list(record.penalties)
        player.last_seat = record.last_seat
        player.busted_after_hand = record.busted_after_hand
        player.bust_undo = record.bust_undo
        tournament.players[record.player_id] = player
    tournament.tables = TableMap({table.table_no: table for table in snapshot.tables})
    tournament.hands_at = dict(snapshot.hands_at)
    tournament.placements = list(snapshot.placements)
    tournament.players_left = snapshot.players_left
    tournament.entries = snapshot.entries
    tournament.rebuys = snapshot.rebuys
    tournament.addons = snapshot.addons
    tournament.hand_for_hand = snapshot.hand_for_hand
    tournament.clock_history.state = snapshot.clock
    tournament.finished = snapshot.finished
    tournament.desk.waiting_list = dict(snapshot.waiting_list)
    tournament.hands_after_rebuys = dict(snapshot.hands_after_rebuys)
    tournament.clock_history.started_at = snapshot.clock_started_at
    tournament.late_entries = snapshot.late_entries
    tournament.highest_table_no = snapshot.highest_table_no
    tournament.bust_history = list(snapshot.bust_history)
    tournament.moves.proposed = {move.player_id: move for move in snapshot.proposed}
    tournament.floor.open_calls = {call.table_no: call for call in snapshot.floor_calls}
    tournament.chips_in_play = snapshot.chips_in_play
    tournament.unknown_chips = dict(snapshot.unknown_chips)
    tournament.hands.table_ready_at = dict(snapshot.table_ready_at)
    tournament.hands.table_started_at = dict(snapshot.table_started_at)
    tournament.hands.round_no = snapshot.round_no
    tournament.hands.round_played = set(snapshot.round_played)
    tournament.hands.round_of_hand = dict(snapshot.round_of_hand)
    tournament.hands.hand_for_hand_paused = snapshot.hand_for_hand_paused
    tournament.busts.last = snapshot.last_busts
    tournament.busts.last_round = snapshot.last_bust_round
    tournament.busts.last_at = snapshot.last_bust_at
    tournament.deals.agreed = snapshot.deal
    tournament.screen.shown = snapshot.room_screen
    for line in snapshot.cash_lines:
        tournament.cash.add_line(line)
    tournament.desk.absent_ids = {
        player_id: None
        for player_id, player in tournament.players.items()
        if not player.present and not player.withdrawn
    }
    tournament.cash.basis = snapshot.pool_basis
    tournament.floor.captain_keys = dict(snapshot.captain_keys)
    tournament.table_clocks.by_table = {clock.table_no: clock for clock in snapshot.player_clocks}
    tournament.add_ons.opened = snapshot.addon_window
    if snapshot.bounty_ledger is not None:
        tournament.bounties.ledger = snapshot.bounty_ledger
    tournament.flights.stopped = snapshot.flight_stopped
    return tournament
