"""Hands and busts at the tables: when a hand began and at which level, its report, the busts
it caused (with a rebuy at the bust), hand-for-hand rounds, and the places busts take.

A mixin of ``Tournament`` (state.py): each command checks the state and the profile, then
records events through ``_record``; ``_apply_hand_event`` folds the events of this module.

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
from types import MappingProxyType
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import positions, ranking
from pokerfloor.tournament._hand_report import (
    HandPlan,
    ReportedHand,
    check_hand_time,
    check_report,
)
from pokerfloor.tournament._hand_time import SHUFFLE_MS as SHUFFLE_MS
from pokerfloor.tournament._hand_time import hand_begins
from pokerfloor.tournament.clock import (
    PauseClock,
    RecordHandForHandHand,
    ResumeClock,
    level_at,
    play_resumes_at,
)
from pokerfloor.tournament.events import (
    BustRebought,
    HandForHandChanged,
    HandPlayed,
    HandPlayer,
    Placement,
    PlayersBusted,
)
from pokerfloor.tournament.types import PlayerId, SeatRef, Table

if TYPE_CHECKING:
    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament._bounties import Eliminations
    from pokerfloor.tournament.clock import ClockCommand, ClockState
    from pokerfloor.tournament.events import Knockout, TournamentCreated, TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.structure import Level, Structure
    from pokerfloor.tournament.table_map import TableMap


HAND_EVENTS = (HandPlayed, PlayersBusted, BustRebought, HandForHandChanged)
# No collector named: in a bounty tournament, the only other player of the table, else refused.
NOBODY_NAMED: Mapping[PlayerId, Sequence[PlayerId]] = MappingProxyType({})
NO_STACKS: Mapping[PlayerId, int] = MappingProxyType({})
_NONE: frozenset[PlayerId] = frozenset()


class HandCommands:
    """Hands, busts and places, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        created: TournamentCreated
        structure: Structure
        profile: RuleProfile
        players: dict[PlayerId, PlayerState]
        tables: TableMap
        hands_at: dict[int, int]
        hands_after_rebuys: dict[int, int]
        placements: list[Placement]
        bust_history: list[tuple[ranking.Placement, ...]]
        players_left: int
        hand_for_hand: bool
        clock: ClockState
        clock_started_at: int | None
        unknown_chips: dict[int, int]
        table_ready_at: dict[int, int]
        round_no: int
        round_played: set[int]
        round_of_hand: dict[int, int]
        hand_for_hand_paused: bool
        last_busts: tuple[ranking.BustInfo, ...]
        last_bust_round: int
        last_bust_at: int
        table_started_at: dict[int, int]

        def _record(self, event: TournamentEvent) -> None: ...
        def cite(self, key: str) -> tuple[str, ...]: ...
        def in_play(self) -> list[PlayerState]: ...
        def clock_command(self, command: ClockCommand) -> None: ...
        def check_format_plays(self) -> None: ...
        def rebuy_refusal(
            self,
            player_id: PlayerId,
            at_ms: int,
            level: Level | None = None,
            hand_recorded: bool = False,
            at_bust: bool = False,
        ) -> PokerfloorError | None: ...
        def _rebuy(
            self,
            player_id: PlayerId,
            kind: str,
            at_ms: int,
            at_bust: bool = False,
            method: str = "cash",
        ) -> None: ...
        def _reinstate(self, player_id: PlayerId, seat: SeatRef, stack: int) -> None: ...
        def _knockouts(
            self,
            busted: Sequence[ranking.BustInfo],
            eliminated_by: Eliminations | None,
            stacks: Mapping[PlayerId, int],
        ) -> tuple[Knockout, ...]: ...

    # ---- when a hand began --------------------------------------------------------------

    def hand_begins_at(self, table_no: int, now_ms: int) -> int:
        """When the table's next hand began, for a report made at ``now_ms`` (the module's
        documentation says how the live app places that moment)."""
        ready = self.table_ready_at.get(table_no)
        if ready is None:
            ready = self.clock_started_at if self.clock_started_at is not None else now_ms
        return self.next_hand_begins(ready, now_ms)

    def next_hand_begins(self, table_free_ms: int, now_ms: int) -> int:
        """When a hand begins at a table free from ``table_free_ms`` (``_hand_time``)."""
        shuffles = self.profile.value("hand.begins_at") != "previous_pot_awarded"
        return hand_begins(self.clock, self.structure, shuffles, table_free_ms, now_ms)

    def level_of_hand(self, started_at_ms: int) -> Level | None:
        """The level a hand that began at ``started_at_ms`` is played at (the clock's history
        answers for past moments, so an adjustment made since changes nothing); None when
        the clock has not started."""
        if self.clock.status == "not_started":
            return None
        return level_at(self.clock, self.structure, started_at_ms)

    # ---- planning and reporting a hand ----------------------------------------------------

    def plan_hand(
        self, table_no: int, at_ms: int, not_dealt_in: Collection[PlayerId] = ()
    ) -> HandPlan:
        """Positions and level of the table's next hand, begun at ``at_ms`` (a query: nothing
        is recorded). A hand cannot begin during a break.

        ``not_dealt_in``: players seated at the table who had no cards in the hand (a dealt
        table knows it: seated after its deal, or waiting for the button). The positions are
        those of the table without them; their seats are kept waiting, so the next plan deals
        them in unless they sit between the small blind and the button (tda-2024 R8, R10 A).
        """
        self.check_format_plays()  # a satellite at its seats, a flight stopped
        table = self.tables.get(table_no)
        if table is None:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if table.player_count < 2:
            raise PokerfloorError(
                "TABLE_TOO_SHORT", {"table_no": table_no, "players": table.player_count}
            )
        if play_resumes_at(self.clock, self.structure, at_ms, at_ms + 1) != at_ms:
            raise PokerfloorError("ON_BREAK", {"at_ms": at_ms, "table_no": table_no})
        level = self.level_of_hand(at_ms) or self.structure.levels[0]
        absent_from_hand = set(not_dealt_in)
        left_out = frozenset(seat for seat, p in table.seats.items() if p in absent_from_hand)
        if left_out:
            table = table.with_seats(
                {seat: p for seat, p in table.seats.items() if seat not in left_out}
            )
        placed = positions.next_hand_positions(table, self.profile)
        plan = self.hand_plan(table_no, at_ms, level, placed)
        return replace(plan, waiting=plan.waiting | left_out) if left_out else plan

    def hand_plan(
        self, table_no: int, at_ms: int, level: Level, placed: positions.HandPositions
    ) -> HandPlan:
        """The plan of the table's next hand from positions already computed from the table as
        it stands (``positions.next_hand_positions``), at ``level`` (``level_of_hand(at_ms)``):
        ``plan_hand`` without its checks (``plan_of_hand`` with this aggregate's stacks and
        killed hands)."""
        table = self.tables[table_no]
        players = self.players
        stacks = {seat: players[player].stack for seat, player in table.seats.items()}
        killed = self.hand_killed(table.seats.values())
        hand_no = self.hands_at.get(table_no, 0) + 1
        return plan_of_hand(table, hand_no, level, placed, stacks, killed, at_ms)

    def hand_killed(self, players: Iterable[PlayerId]) -> frozenset[PlayerId]:
        """Those of ``players`` dealt in with their hand killed: absent, or serving a penalty
        of missed hands."""
        states = self.players
        return frozenset(player for player in players if _killed(states[player]))

    def seated_for_hand(self, table: Table) -> list[tuple[int, PlayerId, int, bool]]:
        """Each seated player of ``table`` as (seat, player, stack, hand killed: as
        ``hand_killed``), each player read once (a copy of the table's players for whoever
        plans its next hand: the simulator's workers). With a field of 250,000 players a read
        is a cache miss: ``hand_killed`` and the stacks read apart cost three a player."""
        states = self.players
        seated = []
        for seat, player in table.seats.items():
            state = states[player]
            seated.append((seat, player, state.stack, _killed(state)))
        return seated

    def plan_next_hand(self, table_no: int, now_ms: int) -> HandPlan:
        """The table's next hand as it is reported at ``now_ms``: begun when the module says."""
        return self.plan_hand(table_no, self.hand_begins_at(table_no, now_ms))

    def plan_reported_hand(
        self,
        table_no: int,
        now_ms: int,
        started_at_ms: int | None = None,
        not_dealt_in: Collection[PlayerId] = (),
    ) -> HandPlan:
        """The hand a report made at ``now_ms`` is about: begun at ``started_at_ms`` when the
        report says so (after the creation, not after ``now_ms``), else when the module says;
        ``not_dealt_in`` as ``plan_hand``."""
        if started_at_ms is None:
            started_at_ms = self.hand_begins_at(table_no, now_ms)
        else:
            check_hand_time(self.created.at_ms, started_at_ms, now_ms)
        return self.plan_hand(table_no, started_at_ms, not_dealt_in)

    def record_hand(
        self,
        plan: HandPlan,
        final_stacks: Mapping[PlayerId, int],
        at_ms: int,
        rebuys: Iterable[PlayerId] = (),
        reported: ReportedHand | None = None,
    ) -> list[ranking.BustInfo]:
        """Record a hand's result (reported at ``at_ms``). Players left with no chips and named
        in ``rebuys`` rebuy at once (refused with the reason when they may not: nothing asked
        for is dropped); the others are returned as busts to settle (``settle_busts``). The
        hand's time, and the number and positions ``reported``, are checked against the plan
        (``_hand_report``)."""
        if plan.started_at_ms is not None:
            check_hand_time(self.created.at_ms, plan.started_at_ms, at_ms)
        if reported is not None:
            check_report(plan, reported)
        table = self.tables.get(plan.table_no)
        if table is None or plan.hand_no != self.hands_at.get(plan.table_no, 0) + 1:
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
        self._check_total(plan.table_no, sum(before.values()), final_stacks)
        wanted = list(dict.fromkeys(rebuys))
        for player in wanted:
            if player not in before or final_stacks[player] > 0:
                raise PokerfloorError(
                    "REBUY_NOT_BUSTED", {"player_id": player, "table_no": plan.table_no}
                )
            refusal = self.rebuy_refusal(player, at_ms, plan.level, at_bust=True)
            if refusal is not None:
                raise refusal
        event = hand_played(plan, final_stacks, at_ms, self.hand_for_hand)
        self._record(event)
        return self._after_hand(event, wanted)

    def record_hand_played(
        self, event: HandPlayed, rebuys: Iterable[PlayerId] = ()
    ) -> list[ranking.BustInfo]:
        """Record a hand decided elsewhere from the table as this aggregate holds it: the event
        ``hand_played`` made from ``plan_of_hand``'s plan and the hand's final stacks (the
        simulator's workers make it from the copy of the table and the stacks they were
        given). Only what the copy cannot know is checked here: the table's hand number (a
        hand recorded meanwhile: ``STALE_HAND``), the hand-for-hand round, and the rebuys
        (as ``record_hand``). Returns the busts to settle."""
        table_no = event.table_no
        if table_no not in self.tables or event.hand_no != self.hands_at.get(table_no, 0) + 1:
            raise PokerfloorError("STALE_HAND", {"table": table_no})
        if self.hand_for_hand:
            self._check_round(table_no)
        wanted = list(dict.fromkeys(rebuys))
        if wanted:
            finals = {played.player_id: played.final_stack for played in event.players}
            for player in wanted:
                if finals.get(player, 1) > 0:
                    raise PokerfloorError(
                        "REBUY_NOT_BUSTED", {"player_id": player, "table_no": table_no}
                    )
                level = self.structure.level(event.level)
                refusal = self.rebuy_refusal(player, event.at_ms, level, at_bust=True)
                if refusal is not None:
                    raise refusal
        self._record(event)
        return self._after_hand(event, wanted)

    def _after_hand(self, event: HandPlayed, rebuys: Sequence[PlayerId]) -> list[ranking.BustInfo]:
        """What follows a hand recorded: a hand-for-hand round's time off the clock, the
        rebuys at the bust, and the busts to settle."""
        at_ms = event.at_ms
        if self.hand_for_hand and not self.round_played:
            # The round this hand completed: its time comes off the stopped clock (TDA RP-8).
            self.clock_command(RecordHandForHandHand.per_profile(self.profile, at_ms))
        busted: list[ranking.BustInfo] = []
        for played in event.players:
            if played.final_stack > 0:
                continue
            player = played.player_id
            if player in rebuys:
                self._rebuy(player, "rebuy", at_ms)
                continue
            busted.append(ranking.BustInfo(player, event.table_no, played.stack, event.hand_no))
        return busted

    def round_waits_for(self, table_no: int) -> list[int]:
        """Hand-for-hand, the tables a table that played the round waits for (tda-2024 RP-8);
        [] when it may deal."""
        if not self.hand_for_hand or table_no not in self.round_played:
            return []
        return sorted(set(self._dealing_tables()) - self.round_played)

    def _check_round(self, table_no: int) -> None:
        if not self.hand_for_hand or table_no not in self.round_played:
            return
        waiting = self.round_waits_for(table_no)
        raise PokerfloorError(
            "HAND_FOR_HAND_WAIT",
            {
                "table_no": table_no,
                "round_no": self.round_no,
                "waiting_for": waiting,
                "citations": list(self.cite("hand_for_hand.seconds_off_per_hand")),
            },
        )

    def _check_total(self, table_no: int, before: int, after: Mapping[PlayerId, int]) -> None:
        total = sum(after.values())
        unknown = self.unknown_chips.get(table_no, 0)
        if min(after.values(), default=0) >= 0 and total in (before, before + unknown):
            return
        raise PokerfloorError(
            "CHIPS_NOT_CONSERVED",
            {"table_no": table_no, "before": before, "after": total, "unknown_chips": unknown},
        )

    # ---- busts ----------------------------------------------------------------------------

    def bust_players(
        self,
        table_no: int,
        players: Sequence[PlayerId],
        starting_stacks: Mapping[PlayerId, int],
        at_ms: int,
        rebuys: Sequence[PlayerId] = (),
        eliminated_by: Eliminations = NOBODY_NAMED,
    ) -> list[Placement]:
        """Players of one table who busted in its last hand, reported without stacks. Those in
        ``rebuys`` rebuy at once and keep their seat (refused with the reason when they may
        not); the others are ranked (``starting_stacks``: all of them or none, else they tie).
        A bounty tournament: ``eliminated_by`` names who collected each bounty (_bounties.py)."""
        self._check_bust_report(table_no, players, starting_stacks, rebuys)
        busting = [player for player in players if player not in rebuys]
        if len(busting) >= self.players_left:
            raise PokerfloorError(
                "TOO_MANY_BUSTS", {"players_left": self.players_left, "busts": len(busting)}
            )
        hand_no = self.hands_at.get(table_no, 0)
        level = self._level_of_last_hand(table_no)
        for player in rebuys:
            refusal = self.rebuy_refusal(player, at_ms, level, hand_recorded=True, at_bust=True)
            if refusal is not None:
                raise refusal
        for player in rebuys:
            self._rebuy(player, "rebuy", at_ms, at_bust=True)
        busts = [
            ranking.BustInfo(player, table_no, starting_stacks.get(player, 1), hand_no)
            for player in busting
        ]
        return self.settle_busts(busts, at_ms, eliminated_by, starting_stacks)

    def _check_bust_report(
        self,
        table_no: int,
        players: Sequence[PlayerId],
        starting_stacks: Mapping[PlayerId, int],
        rebuys: Sequence[PlayerId],
    ) -> None:
        if table_no not in self.tables:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        if len(set(players)) != len(players) or len(set(rebuys)) != len(rebuys):
            raise PokerfloorError("DUPLICATE_PLAYER", {})
        strangers = sorted(set(rebuys) - set(players))
        if strangers:
            raise PokerfloorError("UNKNOWN_PLAYER", {"players": strangers})
        for player_id in players:
            player = self.players.get(player_id)
            if player is None or not player.in_play or player.seat is None:
                raise PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
            if player.seat.table_no != table_no:
                raise PokerfloorError(
                    "NOT_AT_TABLE", {"player_id": player_id, "table_no": player.seat.table_no}
                )
        strangers = sorted(set(starting_stacks) - set(players))
        if strangers:
            raise PokerfloorError("UNKNOWN_PLAYER", {"players": strangers})
        ranked = [player for player in players if player not in rebuys]
        given = [player for player in ranked if player in starting_stacks]
        if given and len(given) != len(ranked):
            raise PokerfloorError(
                "STARTING_STACKS_INCOMPLETE",
                {"missing": sorted(set(ranked) - set(starting_stacks))},
            )
        if any(stack <= 0 for stack in starting_stacks.values()):
            raise PokerfloorError("BAD_STARTING_STACK", {"starting_stacks": dict(starting_stacks)})

    def _level_of_last_hand(self, table_no: int) -> Level | None:
        """The level of the table's last hand (the busts reported now happened in it)."""
        started = self.table_started_at.get(table_no)
        return None if started is None else self.level_of_hand(started)

    def settle_busts(
        self,
        busted: Sequence[ranking.BustInfo],
        at_ms: int,
        eliminated_by: Eliminations | None = NOBODY_NAMED,
        stacks: Mapping[PlayerId, int] = NO_STACKS,
    ) -> list[Placement]:
        """Rank the players who busted in one hand. Hand-for-hand, busts of the same round at
        another table ranked before are ranked again with them: they share the places they
        cover, or the bigger starting stack ranks higher (``busts.hand_for_hand_tables``).
        Outside hand-for-hand, where ``busts.different_tables`` says so (ropta-2025), the last
        busts at another table tie with these when that table's hand ended after this one
        began: both hands were being played at once."""
        if not busted:
            return []
        # A bounty tournament: each bust's bounty and its collectors (refused before anything
        # is recorded); ``eliminated_by`` None: nobody knocked them out (a disqualification).
        knockouts = self._knockouts(busted, eliminated_by, stacks)
        first = busted[0]
        round_no = self.round_of_hand.get(first.table_no, 0) if self.hand_for_hand else 0
        if self.hand_for_hand:
            merge = bool(round_no) and bool(self.last_busts) and self.last_bust_round == round_no
        else:
            merge = self._same_hand_elsewhere(first.table_no)
        group = (*self.last_busts, *busted) if merge else tuple(busted)
        left_before = self.players_left + (len(self.last_busts) if merge else 0)
        several_tables = len({bust.table_no for bust in group}) > 1
        placements = ranking.rank_busts(
            group,
            left_before,
            self.profile,
            hand_for_hand=several_tables and self.hand_for_hand,
            same_hand_tables=several_tables and not self.hand_for_hand,
        )
        settled = tuple(
            Placement(p.player_id, p.place, tuple(p.tied_with), tuple(p.places_covered))
            for p in placements
        )
        key = "busts.same_table"
        if several_tables:
            key = "busts.hand_for_hand_tables" if self.hand_for_hand else "busts.different_tables"
        self._record(
            PlayersBusted(
                first.table_no, first.hand_id, at_ms, settled, self.hand_for_hand,
                self.cite(key), round_no, group, merge, knockouts,
            )
        )  # fmt: skip
        return [p for p in settled if p.player_id in {bust.player_id for bust in busted}]

    def _same_hand_elsewhere(self, table_no: int) -> bool:
        """Whether the last busts ranked came from other tables' hands that ended after this
        table's hand began (and the profile ties such busts)."""
        if self.profile.enum_value("busts.different_tables") != "share_when_hands_overlap":
            return False
        if not self.last_busts or any(b.table_no == table_no for b in self.last_busts):
            return False
        began = self.table_started_at.get(table_no)
        return began is not None and self.last_bust_at >= began

    # ---- hand-for-hand --------------------------------------------------------------------

    def set_hand_for_hand(self, active: bool, at_ms: int) -> None:
        """Start or end hand-for-hand. It stops a running clock (each round then takes the
        profile's time off it) and starts it again at the end (tda-2024 RP-8)."""
        if active == self.hand_for_hand:
            return
        cite = self.cite("hand_for_hand.seconds_off_per_hand")
        pause = active and self.clock.status == "running"
        self._record(HandForHandChanged(active, self.players_left, at_ms, cite, pause))
        if pause:
            self.clock_command(PauseClock(at_ms))
        elif not active and self.hand_for_hand_paused and self.clock.status == "paused":
            self.clock_command(ResumeClock(at_ms))

    def hand_for_hand_hand_played(self, at_ms: int) -> None:
        """The TD closes the hand-for-hand round (a table could not play it): the profile's
        time comes off the clock and every table may deal the next round."""
        self.clock_command(RecordHandForHandHand.per_profile(self.profile, at_ms))
        self.round_played.clear()
        self.round_no += 1

    def _dealing_tables(self) -> list[int]:
        return [no for no, table in self.tables.items() if table.player_count >= 2]

    # ---- places ---------------------------------------------------------------------------

    def current_places(self) -> dict[PlayerId, ranking.Placement]:
        """The place of every busted player now, recomputed from the order of the busts: late
        entries after a bust move the earlier busts down, so places stay distinct and equal
        the final ranking's (``ranking.provisional_places``)."""
        in_play = {p.player_id for p in self.in_play()}
        return ranking.provisional_places(self.bust_history, in_play)

    # ---- applying this module's events ----------------------------------------------------

    def _apply_hand_event(
        self, event: HandPlayed | PlayersBusted | BustRebought | HandForHandChanged
    ) -> None:
        if isinstance(event, HandPlayed):
            self._apply_hand_played(event)
        elif isinstance(event, PlayersBusted):
            self._apply_busts(event)
        elif isinstance(event, BustRebought):
            self._reinstate(event.player_id, SeatRef(event.table_no, event.seat_no), 0)
        else:
            self.hand_for_hand = event.active
            if event.active:
                self.hand_for_hand_paused = event.clock_paused
                self.round_no += 1
                self.round_played = set()
            else:
                self.round_played = set()

    def _apply_hand_played(self, event: HandPlayed) -> None:
        players = self.players
        before = after = 0
        for played in event.players:
            player = players[played.player_id]
            before += player.stack
            after += played.final_stack
            player.stack = played.final_stack
        table_no = event.table_no
        if after != before:
            self.unknown_chips.pop(table_no, None)  # the real stacks, counted
        for player_id in event.away:
            if players[player_id].missed_hands:
                players[player_id].missed_hands -= 1
        if event.level > self.structure.entry.rebuy_until_level:
            self.hands_after_rebuys[table_no] = self.hands_after_rebuys.get(table_no, 0) + 1
        tables = self.tables
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
        self.hands_at[event.table_no] = event.hand_no
        self.table_ready_at[event.table_no] = event.at_ms
        self.table_started_at[event.table_no] = (
            event.at_ms if event.started_at_ms is None else event.started_at_ms
        )
        if event.hand_for_hand:
            self.round_of_hand[event.table_no] = self.round_no
            self.round_played.add(event.table_no)
            # Counting first: the round is complete only once as many tables played it as
            # can deal, so the tables are walked at the round's last hands only.
            if (
                len(self.round_played) >= self.tables.dealing_count
                and set(self._dealing_tables()) <= self.round_played
            ):
                self.round_played = set()
                self.round_no += 1

    def _apply_busts(self, event: PlayersBusted) -> None:
        if event.replaces_last and self.bust_history:
            replaced = self.bust_history.pop()
            for earlier in replaced:
                self.players[earlier.player_id].place = None
                self.players_left += 1
            self.placements = self.placements[: len(self.placements) - len(replaced)]
        self.bust_history.append(
            tuple(
                ranking.Placement(p.player_id, p.place, p.tied_with, p.places_covered)
                for p in event.placements
            )
        )
        for placement in event.placements:
            player = self.players[placement.player_id]
            player.place = placement.place
            if player.seat is not None:
                hands = self.hands_at.get(player.seat.table_no, 0)
                player.bust_undo = (player.stack, hands)
                if player.stack > 0:  # busted without stacks: the chips stay at the table
                    table_no = player.seat.table_no
                    self.unknown_chips[table_no] = (
                        self.unknown_chips.get(table_no, 0) + player.stack
                    )
                player.busted_after_hand = self.hands_at.get(player.seat.table_no, 0)
            player.stack = 0
            self._unseat(player)
            self.placements.append(placement)
        self.players_left -= len(event.placements)
        self.last_busts = event.busts
        self.last_bust_round = event.round_no
        self.last_bust_at = event.at_ms

    def _unseat(self, player: PlayerState) -> None:
        if player.seat is None:
            return
        table = self.tables[player.seat.table_no]
        seats = dict(table.seats)
        seats.pop(player.seat.seat_no, None)
        self.tables[table.table_no] = table.with_seats(seats)
        player.last_seat = player.seat
        player.seat = None


# ---- a hand decided from a copy of the table ------------------------------------------------


def plan_of_hand(
    table: Table,
    hand_no: int,
    level: Level,
    placed: positions.HandPositions,
    stacks: Mapping[int, int],
    killed: Collection[PlayerId],
    at_ms: int,
) -> HandPlan:
    """The plan of ``table``'s hand number ``hand_no``, begun at ``at_ms`` at ``level``, from
    its positions (``positions.next_hand_positions``), the stacks by seat and the players whose
    hand is killed (``HandCommands.hand_killed``): the players dealt in, in dealing order, and
    the hands killed among them. ``HandCommands.hand_plan`` with the aggregate's own stacks;
    the simulator's workers with the copy of the table they were given."""
    seats = tuple((seat, table.seats[seat], stacks[seat]) for seat in placed.dealt_in)
    away = (
        frozenset(player for _, player, _ in seats if player in killed) if killed else frozenset()
    )
    return HandPlan(
        table.table_no, hand_no, level, placed.button_seat, placed.small_blind_seat,
        placed.big_blind_seat, seats, placed.waiting, tuple(placed.citations), away, at_ms,
    )  # fmt: skip


def hand_played(
    plan: HandPlan, final_stacks: Mapping[PlayerId, int], at_ms: int, hand_for_hand: bool
) -> HandPlayed:
    """The event of the hand ``plan`` planned, ended with ``final_stacks`` and reported at
    ``at_ms`` (``hand_for_hand``: the tournament plays hand-for-hand): what ``record_hand``
    records, and what the simulator's workers send back for ``record_hand_played``."""
    level = plan.level
    started = plan.started_at_ms if plan.started_at_ms is not None else at_ms
    players = tuple(
        [
            HandPlayer(player, seat, stack, final_stacks[player])
            for seat, player, stack in plan.seats
        ]
    )
    return HandPlayed(
        plan.table_no, plan.hand_no, at_ms, level.number, level.small_blind, level.big_blind,
        level.ante, level.bb_ante, plan.button_seat, plan.small_blind_seat, plan.big_blind_seat,
        players, tuple(sorted(plan.waiting)) if plan.waiting else (), hand_for_hand,
        plan.citations, tuple(sorted(plan.away)) if plan.away else (), started,
    )  # fmt: skip


def _killed(player: PlayerState) -> bool:
    """A hand dealt to ``player`` is killed: absent, or serving a penalty of missed hands."""
    return player.missed_hands > 0 or not player.present
