"""Entries after the seat draw: late registration, the waiting list and alternates, re-entries,
rebuys (with the profile's threshold and extra hands), add-ons, absent players and their seats.

A mixin of ``Tournament`` (state.py): each command checks the state and the profile, then
records events through ``_record``; ``_apply_entry`` folds the events of this module.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Literal

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import seating
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    BustRebought,
    PlayerArrived,
    PlayerRebought,
    PlayerRegistered,
    PlayerSeated,
    WaitingListJoined,
)
from pokerfloor.tournament.ranking import BustInfo
from pokerfloor.tournament.types import PlayerId, SeatRef, Table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament._addons import AddOns
    from pokerfloor.tournament._cash import Cash
    from pokerfloor.tournament._flights import Flights
    from pokerfloor.tournament.events import Placement, TournamentCreated, TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.structure import Level, Structure
    from pokerfloor.tournament.table_map import TableMap

FIRST_HOUR_MS = 60 * 60_000

# Why absent players' seats cannot be released now (``release_refusal``).
ReleaseRefusal = Literal["never", "clock_not_started", "no_absent_player"]


class EntryCommands:
    """Commands of the entries desk, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        cash: Cash
        add_ons: AddOns
        flights: Flights

        created: TournamentCreated
        structure: Structure
        profile: RuleProfile
        players: dict[PlayerId, PlayerState]
        tables: TableMap
        hands_at: dict[int, int]
        hands_after_rebuys: dict[int, int]
        waiting_list: dict[PlayerId, str]
        absent_ids: dict[PlayerId, None]
        max_players: int | None
        players_left: int
        clock_started_at: int | None
        highest_table_no: int
        chips_in_play: int

        def clock_time(self, at_ms: int) -> int: ...
        def _record(self, event: TournamentEvent) -> None: ...
        def level_at(self, at_ms: int) -> tuple[int, Level | None]: ...
        def cite(self, key: str) -> tuple[str, ...]: ...
        def in_play(self) -> list[PlayerState]: ...
        def settle_busts(self, busted: Sequence[BustInfo], at_ms: int) -> list[Placement]: ...
        def _level_of_last_hand(self, table_no: int) -> Level | None: ...
        def _apply_replacement(
            self, absent_id: PlayerId, newcomer_id: PlayerId, name: str
        ) -> None: ...

    # ---- registration after the draw ----------------------------------------------------

    def late_registration_open(self, at_ms: int) -> bool:
        return self.late_registration_refusal(at_ms) is None

    def late_registration_refusal(self, at_ms: int) -> PokerfloorError | None:
        """Why late registration is closed now, or None while it is open. The structure says
        whether there is one and until when (a last level, minutes of the tournament clock;
        with both, the first reached closes it); the rule profile's own limit caps it
        (heavenpoker 2.2: an hour after the start; ropta-2025: the end of level 2): the stricter
        applies, and the refusal names both."""
        entry = self.structure.entry
        number = self._level_number(at_ms, None)
        clock_ms = None if self.clock_started_at is None else self.clock_time(at_ms)
        params: dict[str, object] = {"level": number, "minutes": (clock_ms or 0) // 60_000}
        # Only the limits the structure sets: the refusal's sentence names those.
        if entry.late_registration_until_level:
            params["structure_level"] = entry.late_registration_until_level
        if entry.late_registration_minutes:
            params["structure_minutes"] = entry.late_registration_minutes
        if not entry.late_registration_until_level and not entry.late_registration_minutes:
            return PokerfloorError("LATE_REGISTRATION_CLOSED", {**params, "reason": "none"})
        closings = (  # (reason, limit, limit by level or else by minutes, citations)
            ("structure_level", entry.late_registration_until_level, True, ()),
            ("structure_minutes", entry.late_registration_minutes, False, ()),
            (
                "profile_level",
                self.profile.int_value("late_registration.until_end_of_level"),
                True,
                self.cite("late_registration.until_end_of_level"),
            ),
            (
                "profile_minutes",
                self.profile.int_value("late_registration.until_minutes_after_start"),
                False,
                self.cite("late_registration.until_minutes_after_start"),
            ),
        )
        for reason, limit, by_level, citations in closings:
            reached = clock_ms is not None and clock_ms > limit * 60_000
            over = number > limit if by_level else reached
            if limit and over:
                return PokerfloorError(
                    "LATE_REGISTRATION_CLOSED",
                    {**params, "reason": reason, "limit": limit, "citations": list(citations)},
                )
        return None

    def register_late(self, player_id: PlayerId, name: str, at_ms: int, rng: random.Random) -> str:
        """Register after the draw: seated at once (``seated``) or put on the waiting list
        (``waiting``) when the field is full. Refused once late registration is over."""
        if not self.tables:
            raise PokerfloorError("SEATS_NOT_DRAWN")
        if player_id in self.players or player_id in self.waiting_list:
            raise PokerfloorError("ALREADY_REGISTERED", {"player_id": player_id})
        self.flights.check_day2_entrant(player_id)  # a Day 2: the flights' survivors only
        refusal = self.late_registration_refusal(at_ms)
        if refusal is not None:
            raise refusal
        if self.is_full():
            self._record(WaitingListJoined(player_id, name, at_ms))
            return "waiting"
        self._record(PlayerRegistered(player_id, name, at_ms))
        self._seat_newcomer(player_id, "late_registration", at_ms, rng)
        return "seated"

    def is_full(self) -> bool:
        return self.max_players is not None and self.players_left >= self.max_players

    def seat_alternates(self, at_ms: int, rng: random.Random) -> list[PlayerId]:
        """Seat waiting players, first come first served, while there is room and late
        registration is open."""
        if not self.tables:
            raise PokerfloorError("SEATS_NOT_DRAWN", {})
        seated: list[PlayerId] = []
        while self.waiting_list and not self.is_full() and self.late_registration_open(at_ms):
            player_id, name = next(iter(self.waiting_list.items()))
            self._record(PlayerRegistered(player_id, name, at_ms))
            self._seat_newcomer(player_id, "alternate", at_ms, rng)
            seated.append(player_id)
        return seated

    def reenter(
        self, player_id: PlayerId, at_ms: int, rng: random.Random, method: str = "cash"
    ) -> None:
        """A busted player buys a new entry (a full starting stack, a new random seat), paid on
        the spot by ``method`` ("" = not paid yet)."""
        refusal = self.reentry_refusal(player_id, at_ms)
        if refusal is not None:
            raise refusal
        player = self.players[player_id]
        self._record(
            PlayerRegistered(
                player_id, player.name, at_ms, player.entries + 1, payment_method=method
            )
        )
        self._seat_newcomer(player_id, "reentry", at_ms, rng)

    def reentry_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may not re-enter at ``at_ms`` (None: they may): not busted, the
        re-entry period over (``entry.reentry_until_level``), or every re-entry used
        (``entry.max_reentries``)."""
        entry = self.structure.entry
        player = self.players.get(player_id)
        if player is None or player.in_play:
            return PokerfloorError("NOT_BUSTED", {"player_id": player_id})
        index, level = self.level_at(at_ms)
        number = level.number if level else index + 1
        if not entry.reentry_until_level or number > entry.reentry_until_level:
            return PokerfloorError("REENTRY_CLOSED", {"player_id": player_id, "level": number})
        if entry.max_reentries is not None and player.entries > entry.max_reentries:
            return PokerfloorError("NO_REENTRY_LEFT", {"player_id": player_id})
        return None

    def _seat_newcomer(
        self, player_id: PlayerId, reason: str, at_ms: int, rng: random.Random
    ) -> None:
        # A new table gets a new number: never one of a broken table.
        new_table = Table(self.highest_table_no + 1, self.created.table_size, {})
        placed = seating.seat_new_player_in(self.tables, new_table, self.profile, rng)
        self._record(
            PlayerSeated(
                player_id, placed.seat.table_no, placed.seat.seat_no, placed.waits, reason, at_ms,
                tuple(placed.citations),
            )
        )  # fmt: skip

    # ---- rebuys and add-ons -------------------------------------------------------------

    def rebuy_period(
        self,
        player_id: PlayerId,
        at_ms: int,
        level: Level | None = None,
        hand_recorded: bool = False,
    ) -> str:
        """``rebuy`` while rebuys are allowed, ``addon`` once only the add-on is, or ``over``.

        ``level``: the level of the hand the question is about (a bust is judged at the level
        its hand began at); by default the level in force at ``at_ms``. After the last rebuy
        level the profile may add hands at the player's table
        (``rebuy.extra_hands_after_period``, allinouest: two), counted by when they began:
        rebuys stay open until the last of them (``hand_recorded``: the hand in question is
        already counted), then comes the add-on.
        """
        entry = self.structure.entry
        if not entry.rebuy_until_level and not entry.addon_chips:
            return "over"
        number = self._level_number(at_ms, level)
        if number <= entry.rebuy_until_level:
            return "rebuy"
        if entry.addon_break_after_level:  # the break ends the rebuy period: no extra hands
            return "addon" if self.add_ons.window_open(at_ms) else "over"
        extra = self.profile.int_value("rebuy.extra_hands_after_period")
        player = self.players[player_id]
        seat = player.seat or player.last_seat
        played = self.hands_after_rebuys.get(seat.table_no, 0) if seat else extra
        if hand_recorded and played:
            played -= 1
        if played < extra:
            return "rebuy"
        return "addon" if number <= entry.rebuy_until_level + 1 else "over"

    def rebuys_open(self, player_id: PlayerId, at_ms: int) -> bool:
        """Whether the structure has rebuys and ``player_id`` is still in their period (the
        captain's "bust + rebuy" is offered then; the rebuy itself is checked when made)."""
        return bool(self.structure.entry.rebuy_chips) and (
            self.rebuy_period(player_id, at_ms) == "rebuy"
        )

    def _level_number(self, at_ms: int, level: Level | None) -> int:
        if level is not None:
            return level.number
        index, current = self.level_at(at_ms)
        return current.number if current else index + 1

    def rebuy_refusal(
        self,
        player_id: PlayerId,
        at_ms: int,
        level: Level | None = None,
        hand_recorded: bool = False,
        at_bust: bool = False,
    ) -> PokerfloorError | None:
        """Why the player may not rebuy now, with the numbers; None when they may. ``level``
        and ``hand_recorded`` as for ``rebuy_period`` (a rebuy at the bust is judged at the
        level of the hand the player busted in); ``at_bust``: the player lost every chip."""
        entry = self.structure.entry
        player = self.players.get(player_id)
        if player is None or player.withdrawn:
            return PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
        if not entry.rebuy_chips:
            return PokerfloorError(
                "REBUY_NOT_ALLOWED", {"player_id": player_id, "reason": "no_rebuys"}
            )
        number = self._level_number(at_ms, level)
        if self.rebuy_period(player_id, at_ms, level, hand_recorded) != "rebuy":
            extra = self.profile.int_value("rebuy.extra_hands_after_period")
            return PokerfloorError(
                "REBUY_NOT_ALLOWED",
                {
                    "player_id": player_id,
                    "reason": "period_over",
                    "until_level": entry.rebuy_until_level,
                    "extra_hands": extra,
                    "level": number,
                    "citations": list(self.cite("rebuy.extra_hands_after_period")),
                },
            )
        if entry.max_rebuys is not None and player.rebuys >= entry.max_rebuys:
            return PokerfloorError(
                "REBUY_NOT_ALLOWED",
                {
                    "player_id": player_id,
                    "reason": "limit_reached",
                    "limit": entry.max_rebuys,
                    "rebuys": player.rebuys,
                },
            )
        if at_bust or player.stack == 0 or not player.in_play:
            return None
        threshold = self.profile.enum_value("rebuy.stack_threshold")
        big_blind = (level or self.structure.levels[number - 1]).big_blind
        if threshold == "below_big_blind" and player.stack < big_blind:
            return None
        return PokerfloorError(
            "REBUY_NOT_ALLOWED",
            {
                "player_id": player_id,
                "reason": "stack_above_threshold",
                "stack": player.stack,
                "threshold": threshold,
                "big_blind": big_blind,
                "citations": list(self.cite("rebuy.stack_threshold")),
            },
        )

    def may_rebuy(self, player_id: PlayerId, at_ms: int) -> bool:
        return self.rebuy_refusal(player_id, at_ms) is None

    def rebuy(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        """A declared rebuy between hands (binding: rebuy.declaration_binding); for a player
        busted in the table's last hand, the rebuy at the bust (``rebuy_after_bust``).
        ``method``: how it was paid on the spot ("" = not paid yet: the cash book says so)."""
        player = self.players.get(player_id)
        if player is not None and player.place is not None and not player.withdrawn:
            self.rebuy_after_bust(player_id, at_ms, method)
            return
        refusal = self.rebuy_refusal(player_id, at_ms)
        if refusal is not None:
            raise refusal
        self._rebuy(player_id, "rebuy", at_ms, method=method)

    # ---- rebuy after the bust ------------------------------------------------------------

    def rebuy_after_bust(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        """A player busted during the rebuy period rebuys before the table's next hand: back at
        the seat with the rebuy's chips, the bust's place withdrawn (rebuy.declaration_binding)."""
        refusal = self.rebuy_after_bust_refusal(player_id, at_ms)
        if refusal is not None:
            raise refusal
        seat = self.players[player_id].last_seat
        assert seat is not None  # checked by the refusal
        self._record(
            BustRebought(
                player_id, seat.table_no, seat.seat_no, at_ms,
                self.cite("rebuy.declaration_binding"),
            )
        )  # fmt: skip
        self._rebuy(player_id, "rebuy", at_ms, method=method)

    def rebuy_after_bust_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why a busted player may not rebuy at the bust now, with the numbers; None when they
        may: busted in the table's last hand, the seat still free, a rebuy allowed at the
        level of that hand."""
        player = self.players.get(player_id)
        seat = None if player is None else player.last_seat
        if player is None or seat is None or player.busted_after_hand is None:
            return PokerfloorError("NOT_BUSTED", {"player_id": player_id})
        played = self.hands_at.get(seat.table_no, 0)
        if played != player.busted_after_hand or seat.table_no not in self.tables:
            return PokerfloorError(
                "REBUY_TOO_LATE",
                {
                    "player_id": player_id,
                    "table_no": seat.table_no,
                    "busted_in_hand": player.busted_after_hand,
                    "hands_played": played,
                },
            )
        table = self.tables[seat.table_no]
        if seat.seat_no in table.seats:
            return PokerfloorError(
                "SEAT_TAKEN",
                {"player_id": player_id, "table_no": seat.table_no, "seat_no": seat.seat_no},
            )
        level = self._level_of_last_hand(seat.table_no)
        return self.rebuy_refusal(player_id, at_ms, level, hand_recorded=True, at_bust=True)

    def _rebuy(
        self,
        player_id: PlayerId,
        kind: str,
        at_ms: int,
        at_bust: bool = False,
        method: str = "cash",
    ) -> None:
        entry = self.structure.entry
        chips, cents = (
            (entry.rebuy_chips, entry.rebuy_cents)
            if kind == "rebuy"
            else (entry.addon_chips, entry.addon_cents)
        )
        cite = self.cite("rebuy.declaration_binding") + self.cite("rebuy.stack_threshold")
        if kind == "rebuy" and self.profile.int_value("rebuy.extra_hands_after_period"):
            cite += self.cite("rebuy.extra_hands_after_period")
        cite = tuple(dict.fromkeys(cite))  # one citation once, however many settings share it
        self._record(PlayerRebought(player_id, chips, cents, kind, at_ms, cite, at_bust, method))

    # ---- absent players -----------------------------------------------------------------

    def arrive(self, player_id: PlayerId, at_ms: int) -> None:
        player = self.players.get(player_id)
        if player is None or player.present or not player.in_play:
            raise PokerfloorError("NOT_ABSENT", {"player_id": player_id})
        self._record(PlayerArrived(player_id, at_ms))

    def _absent_seated(self) -> list[PlayerState]:
        absent = [self.players[player_id] for player_id in self.absent_ids]
        return [p for p in absent if p.in_play and p.seat is not None]

    def release_refusal(self) -> ReleaseRefusal | None:
        """Why the desk may not release absent players' seats now (None: it may; each seat is
        then released when its own time has come): ``never`` (the profile keeps them,
        ``late_registration.absent_seat_released``), ``clock_not_started``, or
        ``no_absent_player`` (no absent player holds a seat). A reason, not a refusal: the
        command itself releases nothing in these cases and says so."""
        if self.profile.enum_value("late_registration.absent_seat_released") == "never":
            return "never"
        if self.clock_started_at is None:
            return "clock_not_started"
        if not self._absent_seated():
            return "no_absent_player"
        return None

    def release_absent_seats(self, at_ms: int) -> list[PlayerId]:
        """Give absent players' seats to the waiting list once the profile allows it
        (allinouest: an unpaid entry after the first level, a paid one never; heavenpoker 2.6:
        after the first hour, the stack removed when nobody waits). The newcomer plays the
        stack left; the absent player is no longer an entry."""
        if self.release_refusal() is not None:
            return []
        rule = self.profile.enum_value("late_registration.absent_seat_released")
        released: list[PlayerId] = []
        cite = self.cite("late_registration.absent_seat_released")

        def paid(player: PlayerState) -> bool:
            account = self.cash.accounts.get(player.player_id)
            return account is not None and account.due_cents > 0 and not account.owed_cents

        # The waiting list takes the unpaid seats first: a paid no-show whose stack leaves
        # play stays an entry with his money in the pool, and nobody is left owing.
        absent = self._absent_seated()
        for player in sorted(absent, key=paid):
            assert player.seat is not None
            table = self.tables[player.seat.table_no]
            if rule == "unpaid_after_first_level":
                # A paid entry keeps the seat; an unpaid one (or a free tournament's) waits
                # until the first level ("round") is over.
                due = not paid(player) and self.level_at(at_ms)[0] >= 1
            else:
                due = self.clock_time(at_ms) >= FIRST_HOUR_MS
            if not due:
                continue
            if self.waiting_list:
                newcomer, name = next(iter(self.waiting_list.items()))
                self._record(
                    AbsentSeatReleased(
                        player.player_id, newcomer, name, player.seat.table_no,
                        player.seat.seat_no, player.stack, 0, at_ms, cite,
                    )
                )  # fmt: skip
            elif rule == "after_first_hour":
                stack = player.stack
                self._record(
                    AbsentSeatReleased(
                        player.player_id, None, None, player.seat.table_no, player.seat.seat_no,
                        stack, stack, at_ms, cite,
                    )
                )  # fmt: skip
                hand_no = self.hands_at.get(player.seat.table_no, 0)
                self.settle_busts(
                    [BustInfo(player.player_id, table.table_no, stack, hand_no)], at_ms
                )
            else:
                continue
            released.append(player.player_id)
        return released

    # ---- applying this module's events --------------------------------------------------

    def _apply_entry(
        self,
        event: PlayerSeated | PlayerArrived | WaitingListJoined | AbsentSeatReleased,
    ) -> None:
        if isinstance(event, PlayerSeated):
            self.highest_table_no = max(self.highest_table_no, event.table_no)
            table = self.tables.get(event.table_no) or Table(
                event.table_no, self.created.table_size, {}
            )
            seats = {**table.seats, event.seat_no: event.player_id}
            waiting = table.waiting | {event.seat_no} if event.waits else table.waiting
            self.tables[event.table_no] = Table(
                table.table_no, table.size, seats, table.button_seat, table.big_blind_seat,
                table.small_blind_seat, waiting,
            )  # fmt: skip
            self.players[event.player_id].seat = SeatRef(event.table_no, event.seat_no)
        elif isinstance(event, PlayerArrived):
            self.players[event.player_id].present = True
            self.absent_ids.pop(event.player_id, None)
        elif isinstance(event, WaitingListJoined):
            self.waiting_list[event.player_id] = event.name
        elif isinstance(event, AbsentSeatReleased):
            absent = self.players[event.absent_player_id]
            absent.stack -= event.chips_removed
            self.chips_in_play -= event.chips_removed
            if event.player_id is None:
                return
            self.absent_ids.pop(absent.player_id, None)  # withdrawn: the newcomer plays
            self.waiting_list.pop(event.player_id, None)
            self._apply_replacement(absent.player_id, event.player_id, event.name or "")
