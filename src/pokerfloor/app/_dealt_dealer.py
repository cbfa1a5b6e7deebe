"""The dealer of a dealt tournament's tables: a part of ``DealtService`` (``service.dealer``).

``tick`` is what a dealer and a floor do at a table: deal the next hand once the last one is
recorded and its pause is over (never during a break: the tournament's ``hands.plan`` refuses
it, so a break stops the deal after the hand in progress; a new level applies from the next
deal), time out the player whose clock ran out, fold the hand of a player away at once, play
the bots and the actions chosen in advance. The floor's work between hands comes first
(``DealtFloor.between_hands``); every table's due command is then decided and all their
appends go to the store together (``DealtCluster.append_due``). ``run_ticker`` is the server's
dealer: it ticks every dealt tournament a few times a second.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import time
from typing import TYPE_CHECKING, NamedTuple

from pokerfloor.app._dealt_cluster import DueAppend
from pokerfloor.dealt import ActInHand, DealHand, DealtTable
from pokerfloor.dealt.between_hands import BustIndex, may_deal
from pokerfloor.dealt.mode import DealtSettings, chip_unit, hand_setup
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, HandSetup, ShowdownAction, Timeout
from pokerfloor.sim.bots import Bot, RandomBot, TightAggressiveBot
from pokerfloor.tournament.state import Tournament

if TYPE_CHECKING:
    from pokerfloor.app._dealt_slots import TableSlot
    from pokerfloor.app.dealt_service import DealtService

__all__ = ["BUSY_PAUSE_S", "LIST_EVERY_S", "DealtDealer", "PassReads"]

log = logging.getLogger("pokerfloor.app.dealt_service")

_BOTS: dict[str, Bot] = {"random": RandomBot(), "tag": TightAggressiveBot()}


class PassReads(NamedTuple):
    """What a dealer's pass needs from the tournament, read once (not once per table): the
    tables, who sits where (a seat's player cannot change during its hand), the hands each
    table has recorded, and the tables between hands that may deal now (``may_deal``, asked
    for every table in the same read, the busts looked up once: ``BustIndex``). A table whose
    last hand the pass records itself deals at the next pass."""

    numbers: list[int]
    seats: dict[int, dict[int, str]]  # {table_no: {seat_no: player_id}}
    recorded: dict[int, int]  # {table_no: hands recorded}
    dealable: frozenset[int]


def _pass_reads(
    tournament: Tournament, slots: dict[int, TableSlot], pause_ms: int, now: int
) -> PassReads:
    numbers = sorted(tournament.tables)
    busts = BustIndex(tournament)
    dealable = frozenset(
        n
        for n in numbers
        if (slot := slots.get(n)) is not None
        and not slot.table.in_hand
        and slot.table.paused_at_ms is None
        and may_deal(tournament, n, slot.table, pause_ms, now, busts)
    )
    return PassReads(
        numbers,
        {n: dict(tournament.tables[n].seats) for n in numbers},
        {n: tournament.hands_at.get(n, 0) for n in numbers},
        dealable,
    )


class DealtDealer:
    """Deals, times out and plays the bots at every dealt table of this server."""

    def __init__(self, host: DealtService) -> None:
        self.host = host
        self._frozen_count = 0  # the tournaments and tables held at the last ``gc.freeze``
        # Only ``pokerfloor serve`` sets it: a freeze is the whole process's, and a process
        # that embeds the application (a test run, a script) keeps its own collector.
        self.freezes = False

    def freeze_loaded(self) -> bool:
        """Once more tournaments or tables are held than at the last call: a full collection,
        then ``gc.freeze()``: what is loaded now (the tournaments' aggregates, the tables and
        their hands) is left out of every later collection. Issue 32: on 10,000 bots the
        collector took 2.1 s of 16 with full collections of about 170 ms, each walking every
        loaded object although they live all evening; frozen, 0.36 s (docs/dealt.md). Frozen
        objects are never freed: a table broken or a hand replaced later keeps its memory
        until the process ends (the objects of the next hands are collected as usual)."""
        held = len(self.host._loaded) + sum(
            len(state.tables) for state in self.host._loaded.values()
        )
        if held <= self._frozen_count:
            return False
        self._frozen_count = held
        gc.collect()  # not to freeze the garbage of the loads
        gc.freeze()
        return True

    def tick(self, tournament_id: str) -> int:
        """Deal where a table may, time out whom the clock says, play the bots; the number of
        commands run. **Batched** (issue 32): every table's due command is decided first,
        then all their appends go to the store together (``append_many``: one transaction);
        a table another server appended to meanwhile is caught up and decided once more
        (``DealtCluster.append_due``)."""
        with self.host._lock:
            settings = self.host.settings(tournament_id)
            if settings is None:
                return 0
            if self.host.tournaments.read(tournament_id, lambda t: t.finished is not None):
                return 0
            try:
                done, held = self.host.floor.between_hands(tournament_id, self.host.clock())
            except PokerfloorError as refusal:  # e.g. the store is busy: next tick
                log.warning("dealt floor %s: %s", tournament_id, refusal)
                return 0
            floor_done = done
            changed: list[int] = []

            def decide(table_no: int, due: list[DueAppend], reads: PassReads | None = None) -> None:
                try:
                    self._tick_table(tournament_id, table_no, settings, held, due, reads)
                except PokerfloorError as refusal:  # e.g. the store is busy: next tick
                    if refusal.code != "VERSION_CONFLICT":  # else another server dealt first
                        log.warning("dealt table %s/%s: %s", tournament_id, table_no, refusal)

            # After the floor's moves: a table broken is no longer dealt.
            started = self.host.clock()
            due: list[DueAppend] = []
            numbers = self.host.tournaments.read(tournament_id, lambda t: sorted(t.tables))
            self.host._load_tables(tournament_id, numbers)
            slots = self.host._state(tournament_id).tables
            for table_no in numbers:  # one table alone is not read by ``_load_tables``
                if table_no not in slots:
                    self.host._table(tournament_id, table_no)
            pause_ms = settings.pause_seconds * 1000
            reads = self.host.tournaments.read(
                tournament_id, lambda t: _pass_reads(t, slots, pause_ms, started)
            )
            for table_no in reads.numbers:
                decide(table_no, due, reads)
            try:
                # A table overtaken by another server is decided again on fresh reads (the
                # pass's hands were recorded in the tournament meanwhile).
                changed = self.host.cluster.append_due(tournament_id, due, decide)
            except PokerfloorError as refusal:  # the whole batch refused: nothing written
                log.warning("dealt tables of %s: %s", tournament_id, refusal)
            done += len(changed)
            # The takeover delay follows how long this server's pass took.
            self.host.cluster.pass_ms = self.host.clock() - started
        if floor_done:  # moves, breaks, hand-for-hand: any table's pages may change
            self.host._notify(tournament_id)
        elif changed:  # only these tables' pages render again
            self.host._notify(tournament_id, changed)
        return done

    def _tick_table(
        self,
        tournament_id: str,
        table_no: int,
        settings: DealtSettings,
        held: frozenset[int],
        due: list[DueAppend],
        reads: PassReads | None,
    ) -> None:
        """The table's due command decided, its events added to ``due`` (appended with the
        other tables'); ``reads``: the tournament read once for the pass (None: read now)."""
        # Several servers: the table's dealer first, another after the takeover delay.
        grace = self.host.cluster.grace_ms(tournament_id, table_no)
        if grace is None:  # another server's table: not even read
            return
        slot = self.host._table(tournament_id, table_no)
        table = slot.table
        now = self.host.clock()
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
            self._bot_acts(tournament_id, table_no, slot, seat_no, now, due, reads)
            return
        if not self._recorded(tournament_id, table_no, table, reads):
            self.host.records.record_finished(tournament_id, table_no, table)  # after a crash
        if table_no in held or not self._may_deal(tournament_id, table_no, table, settings, now,
                                                  reads):  # fmt: skip
            return  # held: a move waits for this table's hand to end, or balancing
        seated = None if reads is None else reads.seats.get(table_no)
        if seated is None or table.seats_with_clock() - seated.keys():  # else nothing to clear
            self.host.floor.vacated(tournament_id, table_no, now)

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
            setup = self.host.tournaments.read(tournament_id, prepare)
        except PokerfloorError as refusal:
            if refusal.code in ("ON_BREAK", "TABLE_TOO_SHORT", "NO_SUCH_TABLE"):
                return
            raise
        command = DealHand(
            setup, self.host.shuffler.deck(), self.host.shuffler.secret(), now, settings.time()
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
        reads: PassReads | None,
    ) -> None:
        """A bot whose turn it is acts through the same command as a person's phone; its
        randomness is drawn here, in the application (the service's ``shuffler``), never in
        the core."""
        at_table = None if reads is None else reads.seats.get(table_no)
        if at_table is not None:
            player_id = at_table.get(seat_no) or ""
        else:
            player_id = self.host.tournaments.read(
                tournament_id, lambda t: t.tables[table_no].seats.get(seat_no) or ""
            )
        if self._advance_acts(tournament_id, table_no, slot, seat_no, player_id, now, due):
            return
        policy = self.host._state(tournament_id).bots.get(player_id)
        if policy is None:
            return
        hand = slot.table.hand()
        legal = hand.legal_actions()
        action: Action | ShowdownAction
        if not legal.options:  # the showdown: a bot tables its hand
            action = ShowdownAction("show")
        else:
            action = _BOTS[policy].choose(
                hand, legal, random.Random(self.host.shuffler.randbits(64))
            )
        due.append((table_no, slot, slot.table.decide_act(ActInHand(seat_no, action, now))))

    def _advance_acts(
        self, tournament_id: str, table_no: int, slot: TableSlot, seat_no: int, player_id: str,
        now: int, due: list[DueAppend],
    ) -> bool:  # fmt: skip
        """The action the player chose in advance for this hand, played at their turn."""
        chosen = self.host._advance.pop((tournament_id, player_id), None)
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

    def _recorded(
        self, tournament_id: str, table_no: int, table: DealtTable, reads: PassReads | None
    ) -> bool:
        """The table's last hand is in the tournament already and no ruling of the TD waits
        for a hand (``record_finished`` would do nothing): not read again for every table
        between hands at every pass."""
        if reads is None or table.finished is None:
            return False
        recorded = reads.recorded.get(table_no)
        return recorded == table.played_no and not self.host._state(tournament_id).disputes

    def _may_deal(
        self,
        tournament_id: str,
        table_no: int,
        table: DealtTable,
        settings: DealtSettings,
        now: int,
        reads: PassReads | None,
    ) -> bool:
        """The clock runs, the last hand is recorded and its pause over, and hand-for-hand
        this table has not played the round yet (tda-2024 RP-8: it waits for the others);
        asked once for the pass's tables (``PassReads.dealable``), else read now."""
        if reads is not None:
            return table_no in reads.dealable

        def may(tournament: Tournament) -> bool:
            return may_deal(tournament, table_no, table, settings.pause_seconds * 1000, now)

        return self.host.tournaments.read(tournament_id, may)

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
                listed = await run_in_threadpool(self.host.dealt_tournaments)
                listed_at = time.monotonic()
            with self.host._lock:
                held = [key for key, state in self.host._loaded.items() if state.chosen is not None]
            done = 0
            for tournament_id in dict.fromkeys([*listed, *held]):
                try:
                    done += await run_in_threadpool(self.host.tick, tournament_id)
                except Exception:  # one tournament's failure never stops the others
                    log.exception("dealt tick failed for %s", tournament_id)
            if self.freezes:
                with self.host._lock:  # after a pass loaded tables or tournaments
                    self.freeze_loaded()
            await asyncio.sleep(BUSY_PAUSE_S if done else every_seconds)


# The ticker's pause after a round that did something (other threads take the lock), and how
# often it lists the dealt tournaments from the store.
BUSY_PAUSE_S = 0.005
LIST_EVERY_S = 5.0
