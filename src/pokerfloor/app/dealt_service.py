"""The application service of tournaments dealt by pokerfloor (issue 31, docs/dealt.md).

Each table's hands are a stream of their own (``dealt/<tournament id>/table/<n>``), the TD's
choice and its times another (``dealt/<tournament id>``); the tournament's own stream gets what
it needs from each hand through the same ``record_hand`` command as a live table's captain
(stacks by player, busts ranked by the profile). The deck and the hand's secret come from
``app.shuffle`` (``secrets``; a test may build the service with a seeded source); the time
from the service's clock, inside every command.

``tick`` is what a dealer and a floor do at a table: deal the next hand once the last one is
recorded and its pause is over (never during a break: the tournament's ``hands.plan`` refuses
it, so a break stops the deal after the hand in progress; a new level applies from the next
deal), time out the player whose clock ran out, fold the hand of a player away at once. The
server runs it a few times a second (``run_ticker``); tests call it with their own clock.

A hand's end is written to the table's stream first, then recorded in the tournament; a
crash between the two is repaired when the table is loaded again (``_record_finished``). A
crash mid-hand loses nothing acknowledged: the table is replayed from its stream, at the same
action, with the same deadline (it is derived from the recorded times).
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from collections.abc import Collection, Sequence

import msgspec

from pokerfloor.app import shuffle
from pokerfloor.app._dealt_cluster import DealtCluster, DueAppend
from pokerfloor.app._dealt_disputes import DealtDisputes
from pokerfloor.app._dealt_floor import DealtFloor, TableSlot, TournamentSlot
from pokerfloor.app._dealt_records import DealtRecords
from pokerfloor.app.commands import Addon, Rebuy
from pokerfloor.app.dealt_push import ANY_TABLE, DealtListeners, TableChanged
from pokerfloor.app.service import TournamentService
from pokerfloor.dealt import ActInHand, ComeBack, DealHand, DealtEvent, DealtTable
from pokerfloor.dealt.between_hands import may_deal
from pokerfloor.dealt.mode import (
    BotSeated,
    DealtPlayChosen,
    DealtSettings,
    DealtStreamEvent,
    check_policy,
    check_settings,
    chip_unit,
    default_settings,
    hand_setup,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, HandSetup, ShowdownAction, Timeout
from pokerfloor.sim.bots import Bot, RandomBot, TightAggressiveBot
from pokerfloor.tournament.state import Tournament

__all__ = ["DealtService", "dealt_stream_id", "table_stream_id"]

log = logging.getLogger(__name__)

_TABLE_DECODER = msgspec.json.Decoder(DealtEvent)
_CHOICE_DECODER = msgspec.json.Decoder(DealtStreamEvent)
_ENCODER = msgspec.json.Encoder()
_BOTS: dict[str, Bot] = {"random": RandomBot(), "tag": TightAggressiveBot()}


def dealt_stream_id(tournament_id: str) -> str:
    return f"dealt/{tournament_id}"


def table_stream_id(tournament_id: str, table_no: int) -> str:
    return f"dealt/{tournament_id}/table/{table_no}"


def _tag(event: msgspec.Struct) -> str:
    return str(type(event).__struct_config__.tag)


class DealtService(DealtFloor, DealtDisputes, DealtCluster, DealtRecords):
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
        self._cluster_init()  # several servers (_dealt_cluster)
        # Actions chosen in advance ("check_fold", "call_any") by (tournament, player), for the
        # hand they were chosen in: a convenience kept in memory, played by ``tick`` at the
        # player's turn through the same command (lost with a restart, like a tap not sent).
        self._advance: dict[tuple[str, str], tuple[int, str]] = {}
        # A TD's rebuy or add-on for a player whose table is in a hand waits for its end.
        tournaments.command_guards.append(self._money_guard)
        # The TD's moves from the live console wait for the dealt hands (the dealt console).
        tournaments.command_guards.append(self._seats_guard)

    # ---- the TD's choice ------------------------------------------------------------------

    def _state(self, tournament_id: str) -> TournamentSlot:
        state = self._loaded.get(tournament_id)
        if state is None:
            state = TournamentSlot(None)
            for item in self.store.read(dealt_stream_id(tournament_id)):
                state.fold(_CHOICE_DECODER.decode(item.data))
                self._choice_versions[tournament_id] = item.seq
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
        self._append_choice_at(tournament_id, (_tag(event), _ENCODER.encode(event)))

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
        elif self._announced.get((tournament_id, table_no), 0) > slot.version:
            self._catch_up_table(tournament_id, table_no)
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
        """The table as of its last durable event (read it, do not change it). On several
        servers, a table nobody follows here is caught up first (one indexed read): the
        poller leaves it alone (``loaded_ids``), and the bus may be down."""
        with self._lock:
            slot = self._table(tournament_id, table_no)
            if self.shared and not self._watched(tournament_id, table_no):
                self._catch_up_table(tournament_id, table_no)
            return slot.table

    def live_table(self, tournament_id: str, table_no: int) -> DealtTable:
        """The table for a live page's render, without waiting for the dealer's lock when it
        is loaded (the lock is held through a tick's and an action's stored appends): a
        render that overlaps the next change is followed by the render of that change."""
        state = self._loaded.get(tournament_id)
        slot = None if state is None else state.tables.get(table_no)
        return slot.table if slot is not None else self.table(tournament_id, table_no)

    def _append(
        self, tournament_id: str, table_no: int, slot: TableSlot, events: Sequence[DealtEvent]
    ) -> None:
        """Store the events (durable on return), then fold them in: a refused append changes
        nothing in memory."""
        if not events:
            return
        self._append_table(tournament_id, table_no, slot, events)  # VERSION_CONFLICT
        self._fold_appended(tournament_id, table_no, slot, events)

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
        if self.shared:  # what another server appended, before deciding (one indexed read)
            self._catch_up_table(tournament_id, table_no)
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
            events = self._decided_twice(decide)
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
            events = self._decided_twice(decide)
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
        with self._lock:  # the guard checks the hand (``_money_guard``)
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

    # ---- the dealer and the floor -----------------------------------------------------------

    def tick(self, tournament_id: str) -> int:
        """Deal where a table may, time out whom the clock says, play the bots; the number of
        commands run. **Batched** (issue 32): every table's due command is decided first,
        then all their appends go to the store together (``append_many``: one transaction);
        a table another server appended to meanwhile is caught up and decided once more
        (``_append_due``)."""
        with self._lock:
            settings = self.settings(tournament_id)
            if settings is None:
                return 0
            if self.tournaments.read(tournament_id, lambda t: t.finished is not None):
                return 0
            try:
                done, held = self._floor(tournament_id, self.clock())
            except PokerfloorError as refusal:  # e.g. the store is busy: next tick
                log.warning("dealt floor %s: %s", tournament_id, refusal)
                return 0
            floor_done = done
            changed: list[int] = []

            def decide(table_no: int, due: list[DueAppend]) -> None:
                try:
                    self._tick_table(tournament_id, table_no, settings, held, due)
                except PokerfloorError as refusal:  # e.g. the store is busy: next tick
                    if refusal.code != "VERSION_CONFLICT":  # else another server dealt first
                        log.warning("dealt table %s/%s: %s", tournament_id, table_no, refusal)

            # After the floor's moves: a table broken is no longer dealt.
            started = self.clock()
            due: list[DueAppend] = []
            numbers = self.tournaments.read(tournament_id, lambda t: sorted(t.tables))
            self._load_tables(tournament_id, numbers)
            for table_no in numbers:
                decide(table_no, due)
            try:
                changed = self._append_due(tournament_id, due, decide)
            except PokerfloorError as refusal:  # the whole batch refused: nothing written
                log.warning("dealt tables of %s: %s", tournament_id, refusal)
            done += len(changed)
            self._pass_ms = self.clock() - started  # the takeover delay follows it
        if floor_done:  # moves, breaks, hand-for-hand: any table's pages may change
            self._notify(tournament_id)
        elif changed:  # only these tables' pages render again
            self._notify(tournament_id, changed)
        return done

    def _tick_table(
        self,
        tournament_id: str,
        table_no: int,
        settings: DealtSettings,
        held: frozenset[int],
        due: list[DueAppend],
    ) -> None:
        """The table's due command decided, its events added to ``due`` (appended with the
        other tables')."""
        grace = self._grace_ms(tournament_id, table_no)  # several servers: its dealer first
        if grace is None:  # another server's table: not even read
            return
        slot = self._table(tournament_id, table_no)
        table = slot.table
        now = self.clock()
        if table.paused_at_ms is not None:  # the TD paused it: nothing is played
            return
        if table.in_hand:
            seat_no = table.to_act_seat()
            if seat_no == 0:
                return
            deadline = table.deadline_ms(seat_no)
            if seat_no in table.away or (deadline is not None and now >= deadline + grace):
                due.append((table_no, slot, table.decide_act(ActInHand(seat_no, Timeout(), now))))
                return
            self._bot_acts(tournament_id, table_no, slot, seat_no, now, due)
            return
        self._record_finished(tournament_id, table_no, table)  # after a crash in between
        if table_no in held or not self._may_deal(tournament_id, table_no, table, settings, now):
            return  # held: a move waits for this table's hand to end, or balancing
        self._vacated(tournament_id, table_no, now)

        def prepare(tournament: Tournament) -> HandSetup:
            plan = tournament.hands.plan(table_no, now)
            # Only this table's players: a copy of the whole field per deal grew with it.
            names = {player: tournament.players[player].name for _seat, player, _ in plan.seats}
            return hand_setup(
                plan,
                tournament.created.profile,
                names,
                table.away,
                chip_unit(tournament.structure),
            )

        try:
            setup = self.tournaments.read(tournament_id, prepare)
        except PokerfloorError as refusal:
            if refusal.code in ("ON_BREAK", "TABLE_TOO_SHORT", "NO_SUCH_TABLE"):
                return
            raise
        command = DealHand(
            setup, self.shuffler.deck(), self.shuffler.secret(), now, settings.time()
        )
        due.append((table_no, slot, table.decide_deal(command)))

    def _bot_acts(
        self,
        tournament_id: str,
        table_no: int,
        slot: TableSlot,
        seat_no: int,
        now: int,
        due: list[DueAppend],
    ) -> None:
        """A bot whose turn it is acts through the same command as a person's phone; its
        randomness is drawn here, in the application (the service's ``shuffler``), never in
        the core."""
        player_id = self.tournaments.read(
            tournament_id, lambda t: t.tables[table_no].seats.get(seat_no) or ""
        )
        if self._advance_acts(tournament_id, table_no, slot, seat_no, player_id, now, due):
            return
        policy = self._state(tournament_id).bots.get(player_id)
        if policy is None:
            return
        hand = slot.table.hand()
        legal = hand.legal_actions()
        action: Action | ShowdownAction
        if not legal.options:  # the showdown: a bot tables its hand
            action = ShowdownAction("show")
        else:
            action = _BOTS[policy].choose(hand, legal, random.Random(self.shuffler.randbits(64)))
        due.append((table_no, slot, slot.table.decide_act(ActInHand(seat_no, action, now))))

    def _advance_acts(
        self, tournament_id: str, table_no: int, slot: TableSlot, seat_no: int, player_id: str,
        now: int, due: list[DueAppend],
    ) -> bool:  # fmt: skip
        """The action the player chose in advance for this hand, played at their turn."""
        chosen = self._advance.pop((tournament_id, player_id), None)
        if chosen is None or chosen[0] != slot.table.hand_no:
            return False
        options = slot.table.hand().legal_actions().options
        if not options:  # the showdown: nothing chosen in advance applies
            return False
        if chosen[1] == "check_fold":
            action = Action("check" if "check" in options else "fold")
        else:
            kind = "check" if "check" in options else "call" if "call" in options else "allin"
            action = Action(kind)  # type: ignore[arg-type]
        due.append((table_no, slot, slot.table.decide_act(ActInHand(seat_no, action, now))))
        return True

    def _may_deal(
        self,
        tournament_id: str,
        table_no: int,
        table: DealtTable,
        settings: DealtSettings,
        now: int,
    ) -> bool:
        """The clock runs, the last hand is recorded and its pause over, and hand-for-hand
        this table has not played the round yet (tda-2024 RP-8: it waits for the others)."""

        def may(tournament: Tournament) -> bool:
            return may_deal(tournament, table_no, table, settings.pause_seconds * 1000, now)

        return self.tournaments.read(tournament_id, may)

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

    async def run_ticker(self, every_seconds: float = 0.2) -> None:
        """The server's dealer: every dealt tournament ticked a few times a second, and at
        once again while the last round did something (the bots' next turns wait for the
        next round, not for a fixed period). The dealt tournaments are listed from the store
        every ``LIST_EVERY_S`` (a scan of the streams), the ones held here at each round."""
        from starlette.concurrency import run_in_threadpool

        listed: list[str] = []
        listed_at = float("-inf")
        while True:
            if time.monotonic() - listed_at >= LIST_EVERY_S:
                listed = await run_in_threadpool(self.dealt_tournaments)
                listed_at = time.monotonic()
            with self._lock:
                held = [key for key, state in self._loaded.items() if state.chosen is not None]
            done = 0
            for tournament_id in dict.fromkeys([*listed, *held]):
                try:
                    done += await run_in_threadpool(self.tick, tournament_id)
                except Exception:  # one tournament's failure never stops the others
                    log.exception("dealt tick failed for %s", tournament_id)
            await asyncio.sleep(BUSY_PAUSE_S if done else every_seconds)


# The ticker's pause after a round that did something (other threads take the lock), and how
# often it lists the dealt tournaments from the store.
BUSY_PAUSE_S = 0.005
LIST_EVERY_S = 5.0
