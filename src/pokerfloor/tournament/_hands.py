"""Hands at the tables: when a hand began and at which level, its plan, its report (with the
rebuys at the bust), and hand-for-hand rounds.

A part of ``Tournament`` (``tournament.hands``, _parts.py): it owns when each table's last hand
was reported and began, and the hand-for-hand round being played; each command checks the
state and the profile, then records events through ``host._record``; its ``@applies``
handlers fold ``HandPlayed`` and ``HandForHandChanged``. The busts a report shows are settled
by the busts part (``_busts.py``); the plan and the event of a hand decided from a copy of
the table are pure (``_hand_played.py``), shared with the simulator's workers. The hands
counted per table (``hands_at``), the stacks and the chips of unknown owners stay the
aggregate's: other parts fold them too.

Time of a hand (tda-2024 R23, tda-2010 R18, ropta 3.2, heavenpoker 4.5 and 10.1-10.2,
allinouest §Les niveaux): a hand is played at the level in force when it began. A live app
does not see the shuffle: a table's hand is taken to begin when the table's previous hand was
reported (or when the table opened, for its first hand), plus ``SHUFFLE_MS`` for the profiles
whose hand begins at the shuffle or the first riffle rather than when the previous pot is
awarded (``hand.begins_at``). A moment that falls in a break moves to the break's end.

Chips with no known owner: a bust reported without stacks leaves the busted player's last
recorded chips with the other players of the table, who did not count them. The table's
stacks are then *unknown* until a report gives the real stacks (they add up to the recorded
ones plus those chips) or a correction does; chips in play never change for it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import positions, ranking
from pokerfloor.tournament._hand_played import hand_played, killed, plan_of_hand
from pokerfloor.tournament._hand_report import (
    ButtonCheck,
    HandPlan,
    ReportedHand,
    check_button_report,
    check_hand_time,
    check_report,
)
from pokerfloor.tournament._hand_time import SHUFFLE_MS as SHUFFLE_MS
from pokerfloor.tournament._hand_time import hand_begins
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.clock import (
    PauseClock,
    RecordHandForHandHand,
    ResumeClock,
    level_at,
    play_resumes_at,
)
from pokerfloor.tournament.events import HandForHandChanged, HandPlayed
from pokerfloor.tournament.types import PlayerId, Table

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament
    from pokerfloor.tournament.structure import Level

__all__ = ["SHUFFLE_MS", "Hands"]


class Hands(Part):
    """Hands and hand-for-hand: ``tournament.hands``."""

    __slots__ = (
        "hand_for_hand_paused",
        "round_no",
        "round_of_hand",
        "round_played",
        "table_ready_at",
        "table_started_at",
    )

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.table_ready_at: dict[int, int] = {}  # per table, its last report (or opening)
        self.table_started_at: dict[int, int] = {}  # per table, when its last hand began
        self.round_no = 0  # hand-for-hand round being played
        self.round_played: set[int] = set()  # tables that played it
        self.round_of_hand: dict[int, int] = {}  # per table, the round of its last hand
        self.hand_for_hand_paused = False  # hand-for-hand stopped the clock

    # ---- when a hand began --------------------------------------------------------------

    def begins_at(self, table_no: int, now_ms: int) -> int:
        """When the table's next hand began, for a report made at ``now_ms`` (the module's
        documentation says how the live app places that moment)."""
        ready = self.table_ready_at.get(table_no)
        if ready is None:
            started = self.host.clock_started_at
            ready = started if started is not None else now_ms
        return self.next_begins(ready, now_ms)

    def next_begins(self, table_free_ms: int, now_ms: int) -> int:
        """When a hand begins at a table free from ``table_free_ms`` (``_hand_time``)."""
        host = self.host
        shuffles = host.profile.value("hand.begins_at") != "previous_pot_awarded"
        return hand_begins(host.clock, host.structure, shuffles, table_free_ms, now_ms)

    def level_of(self, started_at_ms: int) -> Level | None:
        """The level a hand that began at ``started_at_ms`` is played at (the clock's history
        answers for past moments, so an adjustment made since changes nothing); None when
        the clock has not started."""
        clock = self.host.clock
        if clock.status == "not_started":
            return None
        return level_at(clock, self.host.structure, started_at_ms)

    def level_of_last(self, table_no: int) -> Level | None:
        """The level of the table's last hand (the busts reported now happened in it)."""
        started = self.table_started_at.get(table_no)
        return None if started is None else self.level_of(started)

    # ---- planning a hand ------------------------------------------------------------------

    def plan(self, table_no: int, at_ms: int, not_dealt_in: Collection[PlayerId] = ()) -> HandPlan:
        """Positions and level of the table's next hand, begun at ``at_ms`` (a query: nothing
        is recorded). A hand cannot begin during a break.

        ``not_dealt_in``: players seated at the table who had no cards in the hand (a dealt
        table knows it: seated after its deal, or waiting for the button). The positions are
        those of the table without them; their seats are kept waiting, so the next plan deals
        them in unless they sit between the small blind and the button (tda-2024 R8, R10 A).
        """
        host = self.host
        host.satellite.check_plays()  # no hand once a satellite's seats are reached
        host.flights.check_plays()  # nor once a flight stopped
        table = host.tables.get(table_no)
        if table is None:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if table.player_count < 2:
            raise PokerfloorError(
                "TABLE_TOO_SHORT", {"table_no": table_no, "players": table.player_count}
            )
        if play_resumes_at(host.clock, host.structure, at_ms, at_ms + 1) != at_ms:
            raise PokerfloorError("ON_BREAK", {"at_ms": at_ms, "table_no": table_no})
        level = self.level_of(at_ms) or host.structure.levels[0]
        absent_from_hand = set(not_dealt_in)
        left_out = frozenset(seat for seat, p in table.seats.items() if p in absent_from_hand)
        if left_out:
            table = table.with_seats(
                {seat: p for seat, p in table.seats.items() if seat not in left_out}
            )
        placed = positions.next_hand_positions(table, host.profile)
        plan = self.plan_from(table_no, at_ms, level, placed)
        return replace(plan, waiting=plan.waiting | left_out) if left_out else plan

    def plan_from(
        self, table_no: int, at_ms: int, level: Level, placed: positions.HandPositions
    ) -> HandPlan:
        """The plan of the table's next hand from positions already computed from the table as
        it stands (``positions.next_hand_positions``), at ``level`` (``level_of(at_ms)``):
        ``plan`` without its checks (``plan_of_hand`` with this aggregate's stacks and killed
        hands)."""
        host = self.host
        table = host.tables[table_no]
        players = host.players
        stacks = {seat: players[player].stack for seat, player in table.seats.items()}
        hands_killed = self.killed(table.seats.values())
        hand_no = host.hands_at.get(table_no, 0) + 1
        return plan_of_hand(table, hand_no, level, placed, stacks, hands_killed, at_ms)

    def killed(self, players: Iterable[PlayerId]) -> frozenset[PlayerId]:
        """Those of ``players`` dealt in with their hand killed: absent, or serving a penalty
        of missed hands."""
        states = self.host.players
        return frozenset(player for player in players if killed(states[player]))

    def seated(self, table: Table) -> list[tuple[int, PlayerId, int, bool]]:
        """Each seated player of ``table`` as (seat, player, stack, hand killed: as
        ``killed``), each player read once (a copy of the table's players for whoever plans
        its next hand: the simulator's workers). With a field of 250,000 players a read is a
        cache miss: ``killed`` and the stacks read apart cost three a player."""
        states = self.host.players
        seated = []
        for seat, player in table.seats.items():
            state = states[player]
            seated.append((seat, player, state.stack, killed(state)))
        return seated

    def plan_next(self, table_no: int, now_ms: int) -> HandPlan:
        """The table's next hand as it is reported at ``now_ms``: begun when the module says."""
        return self.plan(table_no, self.begins_at(table_no, now_ms))

    def plan_reported(
        self,
        table_no: int,
        now_ms: int,
        started_at_ms: int | None = None,
        not_dealt_in: Collection[PlayerId] = (),
    ) -> HandPlan:
        """The hand a report made at ``now_ms`` is about: begun at ``started_at_ms`` when the
        report says so (after the creation, not after ``now_ms``), else when the module says;
        ``not_dealt_in`` as ``plan``."""
        if started_at_ms is None:
            started_at_ms = self.begins_at(table_no, now_ms)
        else:
            check_hand_time(self.host.created.at_ms, started_at_ms, now_ms)
        return self.plan(table_no, started_at_ms, not_dealt_in)

    def button_check(
        self, table_no: int, hand_no: int, button_seat: int, now_ms: int
    ) -> ButtonCheck:
        """What a captain's report of ``hand_no`` at ``table_no`` with the button on
        ``button_seat`` comes to now (``check_button_report``); ``PokerfloorError`` when the
        table has no hand to report."""
        plan = self.plan_next(table_no, now_ms)
        return check_button_report(plan, self.host.hands_at.get(table_no, 0), hand_no, button_seat)

    # ---- recording a hand -----------------------------------------------------------------

    def record(
        self,
        plan: HandPlan,
        final_stacks: Mapping[PlayerId, int],
        at_ms: int,
        rebuys: Iterable[PlayerId] = (),
        reported: ReportedHand | None = None,
    ) -> list[ranking.BustInfo]:
        """Record a hand's result (reported at ``at_ms``). Players left with no chips and named
        in ``rebuys`` rebuy at once (refused with the reason when they may not: nothing asked
        for is dropped); the others are returned as busts to settle (``busts.settle``). The
        hand's time, and the number and positions ``reported``, are checked against the plan
        (``_hand_report``)."""
        host = self.host
        if plan.started_at_ms is not None:
            check_hand_time(host.created.at_ms, plan.started_at_ms, at_ms)
        if reported is not None:
            check_report(plan, reported)
        table = host.tables.get(plan.table_no)
        if table is None or plan.hand_no != host.hands_at.get(plan.table_no, 0) + 1:
            raise PokerfloorError("STALE_HAND", {"table": plan.table_no})
        self._check_round(plan.table_no)
        before = {player: stack for _, player, stack in plan.seats}
        if set(final_stacks) != set(before):
            raise PokerfloorError(
                "WRONG_PLAYERS",
                {
                    "table_no": plan.table_no,
                    "missing": sorted(set(before) - set(final_stacks)),
                    "unexpected": sorted(set(final_stacks) - set(before)),
                },
            )
        self.check_total(plan.table_no, sum(before.values()), final_stacks)
        wanted = list(dict.fromkeys(rebuys))
        for player in wanted:
            if player not in before or final_stacks[player] > 0:
                raise PokerfloorError(
                    "REBUY_NOT_BUSTED", {"player_id": player, "table_no": plan.table_no}
                )
            refusal = host.desk.rebuy_refusal(player, at_ms, plan.level, at_bust=True)
            if refusal is not None:
                raise refusal
        event = hand_played(plan, final_stacks, at_ms, host.hand_for_hand)
        host._record(event)
        return self._after_hand(event, wanted)

    def record_played(
        self, event: HandPlayed, rebuys: Iterable[PlayerId] = ()
    ) -> list[ranking.BustInfo]:
        """Record a hand decided elsewhere from the table as this aggregate holds it: the event
        ``hand_played`` made from ``plan_of_hand``'s plan and the hand's final stacks (the
        simulator's workers make it from the copy of the table and the stacks they were
        given). Only what the copy cannot know is checked here: the table's hand number (a
        hand recorded meanwhile: ``STALE_HAND``), the hand-for-hand round, and the rebuys
        (as ``record``). Returns the busts to settle."""
        host = self.host
        table_no = event.table_no
        if table_no not in host.tables or event.hand_no != host.hands_at.get(table_no, 0) + 1:
            raise PokerfloorError("STALE_HAND", {"table": table_no})
        if host.hand_for_hand:
            self._check_round(table_no)
        wanted = list(dict.fromkeys(rebuys))
        if wanted:
            finals = {played.player_id: played.final_stack for played in event.players}
            for player in wanted:
                if finals.get(player, 1) > 0:
                    raise PokerfloorError(
                        "REBUY_NOT_BUSTED", {"player_id": player, "table_no": table_no}
                    )
                level = host.structure.level(event.level)
                refusal = host.desk.rebuy_refusal(player, event.at_ms, level, at_bust=True)
                if refusal is not None:
                    raise refusal
        host._record(event)
        return self._after_hand(event, wanted)

    def _after_hand(self, event: HandPlayed, rebuys: Sequence[PlayerId]) -> list[ranking.BustInfo]:
        """What follows a hand recorded: a hand-for-hand round's time off the clock, the
        rebuys at the bust, and the busts to settle."""
        host = self.host
        at_ms = event.at_ms
        if host.hand_for_hand and not self.round_played:
            # The round this hand completed: its time comes off the stopped clock (TDA RP-8).
            host.clock_command(RecordHandForHandHand.per_profile(host.profile, at_ms))
        busted: list[ranking.BustInfo] = []
        for played in event.players:
            if played.final_stack > 0:
                continue
            player = played.player_id
            if player in rebuys:
                host.desk.record_rebuy(player, "rebuy", at_ms)
                continue
            busted.append(ranking.BustInfo(player, event.table_no, played.stack, event.hand_no))
        return busted

    def check_total(self, table_no: int, before: int, after: Mapping[PlayerId, int]) -> None:
        """The stacks reported add up to those recorded (plus the table's chips of unknown
        owners), none below 0: else ``CHIPS_NOT_CONSERVED``."""
        total = sum(after.values())
        unknown = self.host.unknown_chips.get(table_no, 0)
        if min(after.values(), default=0) >= 0 and total in (before, before + unknown):
            return
        raise PokerfloorError(
            "CHIPS_NOT_CONSERVED",
            {"table_no": table_no, "before": before, "after": total, "unknown_chips": unknown},
        )

    # ---- hand-for-hand --------------------------------------------------------------------

    def set_hand_for_hand(self, active: bool, at_ms: int) -> None:
        """Start or end hand-for-hand. It stops a running clock (each round then takes the
        profile's time off it) and starts it again at the end (tda-2024 RP-8)."""
        host = self.host
        if active == host.hand_for_hand:
            return
        cite = host.cite("hand_for_hand.seconds_off_per_hand")
        pause = active and host.clock.status == "running"
        host._record(HandForHandChanged(active, host.players_left, at_ms, cite, pause))
        if pause:
            host.clock_command(PauseClock(at_ms))
        elif not active and self.hand_for_hand_paused and host.clock.status == "paused":
            host.clock_command(ResumeClock(at_ms))

    def close_round(self, at_ms: int) -> None:
        """The TD closes the hand-for-hand round (a table could not play it): the profile's
        time comes off the clock and every table may deal the next round."""
        self.host.clock_command(RecordHandForHandHand.per_profile(self.host.profile, at_ms))
        self.round_played.clear()
        self.round_no += 1

    def round_waits_for(self, table_no: int) -> list[int]:
        """Hand-for-hand, the tables a table that played the round waits for (tda-2024 RP-8);
        [] when it may deal."""
        if not self.host.hand_for_hand or table_no not in self.round_played:
            return []
        return sorted(set(self._dealing_tables()) - self.round_played)

    def _check_round(self, table_no: int) -> None:
        if not self.host.hand_for_hand or table_no not in self.round_played:
            return
        waiting = self.round_waits_for(table_no)
        raise PokerfloorError(
            "HAND_FOR_HAND_WAIT",
            {
                "table_no": table_no,
                "round_no": self.round_no,
                "waiting_for": waiting,
                "citations": list(self.host.cite("hand_for_hand.seconds_off_per_hand")),
            },
        )

    def _dealing_tables(self) -> list[int]:
        return [no for no, table in self.host.tables.items() if table.player_count >= 2]

    # ---- folding this part's events --------------------------------------------------------

    @applies(HandForHandChanged)
    def _hand_for_hand_changed(self, event: HandForHandChanged) -> None:
        self.host.hand_for_hand = event.active
        if event.active:
            self.hand_for_hand_paused = event.clock_paused
            self.round_no += 1
        self.round_played = set()

    @applies(HandPlayed)
    def _played(self, event: HandPlayed) -> None:
        host = self.host
        players = host.players
        before = after = 0
        for played in event.players:
            player = players[played.player_id]
            before += player.stack
            after += played.final_stack
            player.stack = played.final_stack
        table_no = event.table_no
        if after != before:
            host.unknown_chips.pop(table_no, None)  # the real stacks, counted
        for player_id in event.away:
            if players[player_id].missed_hands:
                players[player_id].missed_hands -= 1
        if event.level > host.structure.entry.rebuy_until_level:
            host.hands_after_rebuys[table_no] = host.hands_after_rebuys.get(table_no, 0) + 1
        tables = host.tables
        table = tables[table_no]
        seats = table.seats
        waiting = event.waiting
        tables.replace_positions(
            Table(
                table_no,
                table.size,
                seats,
                event.button_seat,
                event.big_blind_seat,
                event.small_blind_seat,
                frozenset(seat for seat in waiting if seat in seats) if waiting else frozenset(),
            )
        )
        host.hands_at[table_no] = event.hand_no
        self.table_ready_at[table_no] = event.at_ms
        self.table_started_at[table_no] = (
            event.at_ms if event.started_at_ms is None else event.started_at_ms
        )
        if event.hand_for_hand:
            self.round_of_hand[table_no] = self.round_no
            self.round_played.add(table_no)
            # Counting first: the round is complete only once as many tables played it as
            # can deal, so the tables are walked at the round's last hands only.
            if (
                len(self.round_played) >= tables.dealing_count
                and set(self._dealing_tables()) <= self.round_played
            ):
                self.round_played = set()
                self.round_no += 1
