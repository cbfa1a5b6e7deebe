"""The application service of tournaments dealt by pokerfloor (issue 31, docs/dealt.md).

Each table's hands are a stream of their own (``dealt/<tournament id>/table/<n>``), the TD's
choice and its times another (``dealt/<tournament id>``); the tournament's own stream gets what
it needs from each hand through the same ``record_hand`` command as a live table's captain
(stacks by player, busts ranked by the profile). The deck and the hand's secret come from
``app.shuffle`` (``secrets``; a test may build the service with a seeded source); the time
from the service's clock, inside every command.

The service is made of parts it holds and calls (issue 30 item 4), each owning its state and
reaching the rest through ``host``: ``dealer`` (``tick``: deal, time out, play the bots; the
server runs it a few times a second, ``run_ticker``; tests call it with their own clock),
``floor`` (between hands: hand-for-hand, balancing, the TD's moves, pause, misdeals),
``rulings`` (the TD's rulings on disputes), ``records`` (a finished hand recorded in the
tournament) and ``cluster`` (several servers: the appends at the version held, catch-ups, the
table's subscribers). The service keeps the tables held (``_dealt_slots``), a player's
commands and the listeners; the parts' public names stay on it.

A hand's end is written to the table's stream first, then recorded in the tournament; a
crash between the two is repaired when the table is loaded again
(``DealtRecords.record_finished``). A crash mid-hand loses nothing acknowledged: the table is
replayed from its stream, at the same action, with the same deadline (it is derived from the
recorded times). Pages read a table as a view copied under the table's own lock once per
change (``TableSlot.view``): never half an action, never the object the dealer folds into.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Collection, Mapping, Sequence

import msgspec

from pokerfloor.app import shuffle
from pokerfloor.app._dealt_cluster import DealtCluster, SpectatorsFollower, TableEvent
from pokerfloor.app._dealt_dealer import DealtDealer
from pokerfloor.app._dealt_disputes import DealtDisputes
from pokerfloor.app._dealt_floor import DealtFloor
from pokerfloor.app._dealt_records import DealtRecords
from pokerfloor.app._dealt_slots import TableSlot, TournamentSlot
from pokerfloor.app.commands import Addon, Rebuy
from pokerfloor.app.dealt_push import ANY_TABLE, DealtListeners, TableChanged
from pokerfloor.app.service import TournamentService
from pokerfloor.dealt import ActInHand, ComeBack, DealtEvent, DealtTable
from pokerfloor.dealt.disputes import DisputeRuled, DisputeSettled
from pokerfloor.dealt.mode import (
    BotSeated,
    DealtPlayChosen,
    DealtSettings,
    DealtStreamEvent,
    HoleCardsSeen,
    MoveAsked,
    check_policy,
    check_settings,
    default_settings,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, ShowdownAction
from pokerfloor.tournament.state import Tournament

__all__ = ["DealtService", "dealt_stream_id", "table_stream_id"]

_TABLE_DECODER = msgspec.json.Decoder(DealtEvent)
_CHOICE_DECODER = msgspec.json.Decoder(DealtStreamEvent)
_ENCODER = msgspec.json.Encoder()


def dealt_stream_id(tournament_id: str) -> str:
    return f"dealt/{tournament_id}"


def table_stream_id(tournament_id: str, table_no: int) -> str:
    return f"dealt/{tournament_id}/table/{table_no}"


def _tag(event: msgspec.Struct) -> str:
    return str(type(event).__struct_config__.tag)


class DealtService:
    """The dealt tables of every tournament on this server, over the tournaments' service
    (its store and clock). One lock for all of them: one writer per table stream."""

    def __init__(
        self, tournaments: TournamentService, shuffler: shuffle.Shuffler | None = None
    ) -> None:
        """``shuffler``: every random draw of the tables (decks, secrets, balancing, bots);
        ``secrets`` unless a test or a bench gives a ``shuffle.SeededShuffler``."""
        self.tournaments = tournaments
        self.shuffler: shuffle.Shuffler = shuffler or shuffle.SecretsShuffler()
        self.store = tournaments.store
        self.clock = tournaments.clock
        self._lock = threading.RLock()
        self._loaded: dict[str, TournamentSlot] = {}
        self._listeners = DealtListeners()  # by table (app.dealt_push)
        # Its parts, each owning its state and reaching the rest through ``host``:
        self.cluster = DealtCluster(self)  # several servers, the appends (_dealt_cluster)
        self.records = DealtRecords(self)  # finished hands in the tournament (_dealt_records)
        self.rulings = DealtDisputes(self)  # the TD's rulings on disputes (_dealt_disputes)
        self.floor = DealtFloor(self)  # between hands, the TD's console (_dealt_floor)
        self.dealer = DealtDealer(self)  # deals, timeouts, bots (_dealt_dealer)
        # Actions chosen in advance ("check_fold", "call_any") by (tournament, player), for the
        # hand they were chosen in: a convenience kept in memory, played by ``tick`` at the
        # player's turn through the same command (lost with a restart, like a tap not sent).
        self._advance: dict[tuple[str, str], tuple[int, str]] = {}
        # A TD's rebuy or add-on for a player whose table is in a hand waits for its end.
        tournaments.command_guards.append(self.floor.money_guard)
        # The TD's moves from the live console wait for the dealt hands (the dealt console).
        tournaments.command_guards.append(self.floor.seats_guard)

    # ---- the TD's choice ------------------------------------------------------------------

    def _state(self, tournament_id: str) -> TournamentSlot:
        state = self._loaded.get(tournament_id)
        if state is None:
            state = TournamentSlot(None)
            for item in self.store.read(dealt_stream_id(tournament_id)):
                state.fold(_CHOICE_DECODER.decode(item.data))
                self.cluster.choice_versions[tournament_id] = item.seq
            self._loaded[tournament_id] = state
        return state

    def settings(self, tournament_id: str) -> DealtSettings | None:
        """The dealt play's times; None for a tournament played with live cards."""
        with self._lock:
            chosen = self._state(tournament_id).chosen
            return None if chosen is None else chosen.settings

    def is_dealt(self, tournament_id: str) -> bool:
        return self.settings(tournament_id) is not None

    def default_settings(self, tournament_id: str) -> DealtSettings:
        return self.tournaments.read(tournament_id, lambda t: default_settings(t.profile))

    def choose(self, tournament_id: str, settings: DealtSettings | None = None) -> DealtSettings:
        """Cards dealt by pokerfloor for this tournament (the TD, at creation; refused once a
        hand was played: the tables cannot change how they deal mid-evening)."""
        profile, played = self.tournaments.read(  # TOURNAMENT_NOT_FOUND
            tournament_id, lambda t: (t.profile, bool(t.hands_at))
        )
        chosen = check_settings(settings or default_settings(profile))
        with self._lock:
            state = self._state(tournament_id)
            if played:
                raise PokerfloorError(
                    "DEALT_TOO_LATE",
                    "hands were already played with live cards: the way cards are dealt is "
                    "chosen before the first hand",
                    {"tournament_id": tournament_id},
                )
            event = DealtPlayChosen(chosen, self.clock())
            self._append_choice(tournament_id, event)
            state.chosen = event
        self._notify(tournament_id)
        return chosen

    def _append_choice(self, tournament_id: str, event: DealtStreamEvent) -> None:
        self.cluster.append_choice(tournament_id, (_tag(event), _ENCODER.encode(event)))

    def seat_bot(self, tournament_id: str, player_id: str, policy: str = "random") -> None:
        """A bot of the simulator plays for ``player_id`` from now on (the TD)."""
        check_policy(policy)
        with self._lock:
            self._require_dealt(tournament_id)
            if not self.tournaments.read(tournament_id, lambda t: player_id in t.players):
                raise PokerfloorError(
                    "UNKNOWN_PLAYER",
                    f"no player {player_id!r} in this tournament",
                    {"player": player_id[:40]},
                )
            self._append_choice(tournament_id, BotSeated(player_id, policy, self.clock()))
            self._state(tournament_id).bots[player_id] = policy
        self._notify(tournament_id)

    def bots(self, tournament_id: str) -> dict[str, str]:
        with self._lock:
            return dict(self._state(tournament_id).bots)

    # ---- tables -----------------------------------------------------------------------------

    def _table(self, tournament_id: str, table_no: int) -> TableSlot:
        """The table held, read from its stream once; what another server announced since is
        read now (after the version held: ``_dealt_cluster``)."""
        state = self._state(tournament_id)
        slot = state.tables.get(table_no)
        if slot is None:
            stored = self.store.read(table_stream_id(tournament_id, table_no))
            table = DealtTable.replay(_TABLE_DECODER.decode(item.data) for item in stored)
            slot = state.tables[table_no] = TableSlot(table, stored[-1].seq if stored else 0)
        elif self.cluster.announced.get((tournament_id, table_no), 0) > slot.version:
            self.cluster.catch_up_table(tournament_id, table_no)
        return slot

    def _load_tables(self, tournament_id: str, numbers: Sequence[int]) -> None:
        """The tables not held yet read in one query (a server's first pass over a big
        tournament: not one read per table)."""
        state = self._state(tournament_id)
        missing = [number for number in numbers if number not in state.tables]
        if len(missing) < 2:
            return
        found = self.store.read_many([table_stream_id(tournament_id, n) for n in missing])
        for number in missing:
            stored = found.get(table_stream_id(tournament_id, number), [])
            table = DealtTable.replay(_TABLE_DECODER.decode(item.data) for item in stored)
            state.tables[number] = TableSlot(table, stored[-1].seq if stored else 0)

    def table(self, tournament_id: str, table_no: int) -> DealtTable:
        """The table as of its last durable event, as a view the dealer's next changes leave
        as it is (``TableSlot.view``: read it, do not change it). On several servers, a
        table nobody follows here is caught up first (one indexed read): the poller leaves it
        alone (``loaded_ids``), and the bus may be down."""
        with self._lock:
            slot = self._table(tournament_id, table_no)
            if self.cluster.shared and not self.cluster.watched(tournament_id, table_no):
                self.cluster.catch_up_table(tournament_id, table_no)
            return slot.view()

    def live_table(self, tournament_id: str, table_no: int) -> DealtTable:
        """The table for a live page's render, without waiting for the dealer's lock when it
        is loaded (the lock is held through a tick's and an action's stored appends): the
        view built under the table's own lock (``TableSlot.view``), never half an action;
        a render of a view the next change overtook is followed by the render of that
        change."""
        state = self._loaded.get(tournament_id)
        slot = None if state is None else state.tables.get(table_no)
        return slot.view() if slot is not None else self.table(tournament_id, table_no)

    def _append(
        self, tournament_id: str, table_no: int, slot: TableSlot, events: Sequence[DealtEvent]
    ) -> None:
        """Store the events (durable on return), then fold them in: a refused append changes
        nothing in memory."""
        if not events:
            return
        self.cluster.append_table(tournament_id, table_no, slot, events)  # VERSION_CONFLICT
        self.records.fold_appended(tournament_id, table_no, slot, events)

    def seat_of(self, tournament_id: str, player_id: str) -> tuple[int, int] | None:
        """``(table_no, seat_no)`` of a seated player, else None."""

        def where(tournament: Tournament) -> tuple[int, int] | None:
            player = tournament.players.get(player_id)
            if player is None or player.seat is None:
                return None
            return player.seat.table_no, player.seat.seat_no

        return self.tournaments.read(tournament_id, where)

    def table_numbers(self, tournament_id: str) -> list[int]:
        return self.tournaments.read(tournament_id, lambda t: sorted(t.tables))

    # ---- a player's commands --------------------------------------------------------------

    def _player_table(self, tournament_id: str, player_id: str) -> tuple[int, int, TableSlot]:
        where = self.seat_of(tournament_id, player_id)
        if where is None:
            raise PokerfloorError(
                "PLAYER_NOT_SEATED",
                f"{player_id} has no seat at a table now",
                {"player_id": player_id},
            )
        table_no, seat_no = where
        if self.cluster.shared:  # what another server appended, before deciding (one read)
            self.cluster.catch_up_table(tournament_id, table_no)
        return table_no, seat_no, self._table(tournament_id, table_no)

    def act(
        self, tournament_id: str, player_id: str, action: Action | ShowdownAction
    ) -> list[DealtEvent]:
        """The player's action in the hand at their table, ruled by the hand engine (its
        refusal, e.g. ``RAISE_TOO_SMALL`` with the bounds, changes nothing)."""

        acted_at: list[int] = []

        def decide() -> list[DealtEvent]:
            table_no, seat_no, slot = self._player_table(tournament_id, player_id)
            events = slot.table.decide_act(ActInHand(seat_no, action, self.clock()))
            self._append(tournament_id, table_no, slot, events)
            acted_at.append(table_no)
            return events

        with self._lock:
            self._require_dealt(tournament_id)
            events = self.cluster.decided_twice(decide)
        self._notify(tournament_id, acted_at[-1:])  # the other tables' pages show nothing of it
        return events

    def choose_in_advance(self, tournament_id: str, player_id: str, kind: str) -> None:
        """ "check_fold" or "call_any" for the player's next turn in this hand; "" clears it."""
        if kind not in ("", "check_fold", "call_any"):
            raise PokerfloorError(
                "BAD_ADVANCE_ACTION",
                f"no action {kind[:20]!r} to choose in advance: check_fold or call_any",
                {"kind": kind[:20], "accepted": ["check_fold", "call_any"]},
            )
        with self._lock:
            table_no, _seat_no, slot = self._player_table(tournament_id, player_id)
            if not kind:
                self._advance.pop((tournament_id, player_id), None)
            else:
                self._advance[(tournament_id, player_id)] = (slot.table.hand_no, kind)
        self._notify(tournament_id, [table_no])

    def advance_choice(self, tournament_id: str, player_id: str) -> str:
        with self._lock:
            where = self.seat_of(tournament_id, player_id)
            chosen = self._advance.get((tournament_id, player_id))
            if where is None or chosen is None:
                return ""
            table = self._table(tournament_id, where[0]).table
            return chosen[1] if chosen[0] == table.hand_no and table.in_hand else ""

    def live_advance_choice(self, tournament_id: str, player_id: str, table: DealtTable) -> str:
        """``advance_choice`` for a live page's render, at the table it read, without the
        dealer's lock (``live_table``)."""
        chosen = self._advance.get((tournament_id, player_id))
        if chosen is None or chosen[0] != table.hand_no or not table.in_hand:
            return ""
        return chosen[1]

    def come_back(self, tournament_id: str, player_id: str) -> list[DealtEvent]:
        """The away player is back: a live hand from the next deal."""

        came_back_at: list[int] = []

        def decide() -> list[DealtEvent]:
            table_no, seat_no, slot = self._player_table(tournament_id, player_id)
            events = slot.table.decide_come_back(ComeBack(seat_no, self.clock()))
            self._append(tournament_id, table_no, slot, events)
            came_back_at.append(table_no)
            return events

        with self._lock:
            events = self.cluster.decided_twice(decide)
        self._notify(tournament_id, came_back_at[-1:])
        return events

    def rebuy(self, tournament_id: str, player_id: str) -> None:
        """A rebuy (or the rebuy at the bust) asked from the player's page: between two
        hands of the player's table only, so the hand's stacks stay the ones it was dealt
        with (the tournament rules on the window: ``REBUY_CLOSED`` ...)."""
        self._money_between_hands(tournament_id, player_id, Rebuy(player_id=player_id))

    def addon(self, tournament_id: str, player_id: str) -> None:
        self._money_between_hands(tournament_id, player_id, Addon(player_id=player_id))

    def _money_between_hands(
        self, tournament_id: str, player_id: str, command: Rebuy | Addon
    ) -> None:
        with self._lock:  # the guard checks the hand (``DealtFloor.money_guard``)
            self.tournaments.execute(tournament_id, command)
        self._notify(tournament_id)

    def _require_dealt(self, tournament_id: str) -> DealtSettings:
        settings = self.settings(tournament_id)
        if settings is None:
            raise PokerfloorError(
                "NOT_DEALT",
                "this tournament is played with live cards: pokerfloor deals no hand",
                {"tournament_id": tournament_id},
            )
        return settings

    # ---- the dealer (``service.dealer``) ---------------------------------------------------

    def tick(self, tournament_id: str) -> int:
        """Deal where a table may, time out whom the clock says, play the bots; the number of
        commands run (``DealtDealer.tick``)."""
        return self.dealer.tick(tournament_id)

    async def run_ticker(self, every_seconds: float = 0.2) -> None:
        """The server's dealer: every dealt tournament ticked a few times a second
        (``DealtDealer.run_ticker``)."""
        await self.dealer.run_ticker(every_seconds)

    # ---- listeners ----------------------------------------------------------------------

    def subscribe(
        self, tournament_id: str, table_no: int = ANY_TABLE
    ) -> asyncio.Queue[TableChanged]:
        """A queue of the changes of the tournament's dealt table ``table_no`` (its number
        and version; ``ANY_TABLE``: of every table): a page of table 2 is not woken by an
        action at table 1 (``app.dealt_push``)."""
        return self._listeners.subscribe(tournament_id, table_no)

    def unsubscribe(self, tournament_id: str, queue: asyncio.Queue[TableChanged]) -> None:
        self._listeners.unsubscribe(tournament_id, queue)

    def _notify(self, tournament_id: str, tables: Collection[int] | None = None) -> None:
        """Wake the listeners of ``tables`` with their versions (None: every listener of
        the tournament, for a change that may touch any table: moves, a break, a catch-up)."""
        if tables is None:
            self._listeners.notify(tournament_id)
            return
        with self._lock:
            loaded = self._state(tournament_id).tables
            changes = [
                TableChanged(table_no, loaded[table_no].version if table_no in loaded else 0)
                for table_no in tables
            ]
        self._listeners.notify(tournament_id, changes)

    def dealt_tournaments(self) -> list[str]:
        prefix = dealt_stream_id("")
        return [
            name.removeprefix(prefix)
            for name in self.store.streams(prefix)
            if "/" not in name.removeprefix(prefix)
        ]

    # ---- the parts' public names, kept on the service (pages, routes, the bus call them) ----

    def pause_table(self, tournament_id: str, table_no: int | None = None) -> int:
        return self.floor.pause_table(tournament_id, table_no)

    def resume_table(self, tournament_id: str, table_no: int | None = None) -> int:
        return self.floor.resume_table(tournament_id, table_no)

    def move_player(
        self, tournament_id: str, player_id: str, table_no: int, seat_no: int, reason: str
    ) -> bool:
        return self.floor.move_player(tournament_id, player_id, table_no, seat_no, reason)

    def asked_moves(self, tournament_id: str) -> list[MoveAsked]:
        return self.floor.asked_moves(tournament_id)

    def kill_hand(self, tournament_id: str, table_no: int, cause: str) -> list[DealtEvent]:
        return self.floor.kill_hand(tournament_id, table_no, cause)

    def hole_cards_seen(self, tournament_id: str, table_no: int, by: str) -> None:
        self.floor.hole_cards_seen(tournament_id, table_no, by)

    def hole_card_log(self, tournament_id: str) -> list[HoleCardsSeen]:
        return self.floor.hole_card_log(tournament_id)

    def rule_dispute(
        self,
        tournament_id: str,
        table_no: int,
        hand_no: int,
        transfers: Mapping[str, int],
        reason: str,
        by: str,
    ) -> DisputeRuled:
        return self.rulings.rule_dispute(tournament_id, table_no, hand_no, transfers, reason, by)

    def disputes(self, tournament_id: str) -> list[DisputeRuled | DisputeSettled]:
        return self.rulings.disputes(tournament_id)

    @property
    def shared(self) -> bool:
        """Several servers on the database (``serve`` on PostgreSQL)."""
        return self.cluster.shared

    @property
    def conflicts(self) -> int:
        """The appends another server's append overtook."""
        return self.cluster.conflicts

    @property
    def spectators_followers(self) -> list[SpectatorsFollower]:
        return self.cluster.spectators_followers

    def loaded_ids(self) -> list[str]:
        return self.cluster.loaded_ids()

    def catch_up(self, key: str, version: int | None = None) -> int:
        return self.cluster.catch_up(key, version)

    def subscribe_table(
        self, tournament_id: str, table_no: int, loop: asyncio.AbstractEventLoop | None = None
    ) -> asyncio.Queue[TableEvent]:
        return self.cluster.subscribe_table(tournament_id, table_no, loop)

    def unsubscribe_table(
        self, tournament_id: str, table_no: int, queue: asyncio.Queue[TableEvent]
    ) -> None:
        self.cluster.unsubscribe_table(tournament_id, table_no, queue)

    def table_lines(
        self, tournament_id: str, table_no: int, after_seq: int = 0
    ) -> list[tuple[int, str, bytes]]:
        return self.cluster.table_lines(tournament_id, table_no, after_seq)
