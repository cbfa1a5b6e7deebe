"""Entries after the seat draw: late registration, the waiting list and alternates, re-entries,
rebuys (with the profile's threshold and extra hands), add-ons, absent players and their seats.

A part of ``Tournament`` (``tournament.desk``, _parts.py; ``tournament.entries`` is the count of
entries): it owns the waiting list and the absent players not arrived yet; each command checks
the state and the profile, then records events through ``host._record``; its ``@applies``
handlers fold the entries' events (registrations, rebuys and add-ons, seats, arrivals, the
waiting list, released seats).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Literal

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import seating
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament._player_state import PlayerState
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
    from pokerfloor.tournament.state import Tournament
    from pokerfloor.tournament.structure import Level

__all__ = ["Desk", "ReleaseRefusal"]

FIRST_HOUR_MS = 60 * 60_000

# Why absent players' seats cannot be released now (``release_refusal``).
ReleaseRefusal = Literal["never", "clock_not_started", "no_absent_player"]


class Desk(Part):
    """The entries desk: ``tournament.desk`` (``tournament.entries`` is their count)."""

    __slots__ = ("absent_ids", "waiting_list")

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.waiting_list: dict[PlayerId, str] = {}  # in order of arrival
        # An index kept by the handlers and rebuilt from the players when a snapshot is
        # restored: the players registered absent (in order) who have not arrived.
        self.absent_ids: dict[PlayerId, None] = {}

    # ---- registration after the draw ----------------------------------------------------

    def late_registration_open(self, at_ms: int) -> bool:
        return self.late_registration_refusal(at_ms) is None

    def late_registration_refusal(self, at_ms: int) -> PokerfloorError | None:
        """Why late registration is closed now, or None while it is open. The structure says
        whether there is one and until when (a last level, minutes of the tournament clock;
        with both, the first reached closes it); the rule profile's own limit caps it
        (heavenpoker 2.2: an hour after the start; ropta-2025: the end of level 2): the stricter
        applies, and the refusal names both."""
        entry = self.host.structure.entry
        number = self._level_number(at_ms, None)
        clock_ms = None if self.host.clock_started_at is None else self.host.clock_time(at_ms)
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
                self.host.profile.int_value("late_registration.until_end_of_level"),
                True,
                self.host.cite("late_registration.until_end_of_level"),
            ),
            (
                "profile_minutes",
                self.host.profile.int_value("late_registration.until_minutes_after_start"),
                False,
                self.host.cite("late_registration.until_minutes_after_start"),
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
        if not self.host.tables:
            raise PokerfloorError("SEATS_NOT_DRAWN")
        if player_id in self.host.players or player_id in self.waiting_list:
            raise PokerfloorError("ALREADY_REGISTERED", {"player_id": player_id})
        self.host.flights.check_day2_entrant(player_id)  # a Day 2: the flights' survivors only
        refusal = self.late_registration_refusal(at_ms)
        if refusal is not None:
            raise refusal
        if self.is_full():
            self.host._record(WaitingListJoined(player_id, name, at_ms))
            return "waiting"
        self.host._record(PlayerRegistered(player_id, name, at_ms))
        self._seat_newcomer(player_id, "late_registration", at_ms, rng)
        return "seated"

    def is_full(self) -> bool:
        return self.host.max_players is not None and self.host.players_left >= self.host.max_players

    def seat_alternates(self, at_ms: int, rng: random.Random) -> list[PlayerId]:
        """Seat waiting players, first come first served, while there is room and late
        registration is open."""
        if not self.host.tables:
            raise PokerfloorError("SEATS_NOT_DRAWN", {})
        seated: list[PlayerId] = []
        while self.waiting_list and not self.is_full() and self.late_registration_open(at_ms):
            player_id, name = next(iter(self.waiting_list.items()))
            self.host._record(PlayerRegistered(player_id, name, at_ms))
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
        player = self.host.players[player_id]
        self.host._record(
            PlayerRegistered(
                player_id, player.name, at_ms, player.entries + 1, payment_method=method
            )
        )
        self._seat_newcomer(player_id, "reentry", at_ms, rng)

    def reentry_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why ``player_id`` may not re-enter at ``at_ms`` (None: they may): not busted, the
        re-entry period over (``entry.reentry_until_level``), or every re-entry used
        (``entry.max_reentries``)."""
        entry = self.host.structure.entry
        player = self.host.players.get(player_id)
        if player is None or player.in_play:
            return PokerfloorError("NOT_BUSTED", {"player_id": player_id})
        index, level = self.host.level_at(at_ms)
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
        new_table = Table(self.host.highest_table_no + 1, self.host.created.table_size, {})
        placed = seating.seat_new_player_in(self.host.tables, new_table, self.host.profile, rng)
        self.host._record(
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
        entry = self.host.structure.entry
        if not entry.rebuy_until_level and not entry.addon_chips:
            return "over"
        number = self._level_number(at_ms, level)
        if number <= entry.rebuy_until_level:
            return "rebuy"
        if entry.addon_break_after_level:  # the break ends the rebuy period: no extra hands
            return "addon" if self.host.add_ons.window_open(at_ms) else "over"
        extra = self.host.profile.int_value("rebuy.extra_hands_after_period")
        player = self.host.players[player_id]
        seat = player.seat or player.last_seat
        played = self.host.hands_after_rebuys.get(seat.table_no, 0) if seat else extra
        if hand_recorded and played:
            played -= 1
        if played < extra:
            return "rebuy"
        return "addon" if number <= entry.rebuy_until_level + 1 else "over"

    def rebuys_open(self, player_id: PlayerId, at_ms: int) -> bool:
        """Whether the structure has rebuys and ``player_id`` is still in their period (the
        captain's "bust + rebuy" is offered then; the rebuy itself is checked when made)."""
        return bool(self.host.structure.entry.rebuy_chips) and (
            self.rebuy_period(player_id, at_ms) == "rebuy"
        )

    def _level_number(self, at_ms: int, level: Level | None) -> int:
        if level is not None:
            return level.number
        index, current = self.host.level_at(at_ms)
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
        entry = self.host.structure.entry
        player = self.host.players.get(player_id)
        if player is None or player.withdrawn:
            return PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
        if not entry.rebuy_chips:
            return PokerfloorError(
                "REBUY_NOT_ALLOWED", {"player_id": player_id, "reason": "no_rebuys"}
            )
        number = self._level_number(at_ms, level)
        if self.rebuy_period(player_id, at_ms, level, hand_recorded) != "rebuy":
            extra = self.host.profile.int_value("rebuy.extra_hands_after_period")
            return PokerfloorError(
                "REBUY_NOT_ALLOWED",
                {
                    "player_id": player_id,
                    "reason": "period_over",
                    "until_level": entry.rebuy_until_level,
                    "extra_hands": extra,
                    "level": number,
                    "citations": list(self.host.cite("rebuy.extra_hands_after_period")),
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
        threshold = self.host.profile.enum_value("rebuy.stack_threshold")
        big_blind = (level or self.host.structure.levels[number - 1]).big_blind
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
                "citations": list(self.host.cite("rebuy.stack_threshold")),
            },
        )

    def may_rebuy(self, player_id: PlayerId, at_ms: int) -> bool:
        return self.rebuy_refusal(player_id, at_ms) is None

    def rebuy(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        """A declared rebuy between hands (binding: rebuy.declaration_binding); for a player
        busted in the table's last hand, the rebuy at the bust (``rebuy_after_bust``).
        ``method``: how it was paid on the spot ("" = not paid yet: the cash book says so)."""
        player = self.host.players.get(player_id)
        if player is not None and player.place is not None and not player.withdrawn:
            self.rebuy_after_bust(player_id, at_ms, method)
            return
        refusal = self.rebuy_refusal(player_id, at_ms)
        if refusal is not None:
            raise refusal
        self.record_rebuy(player_id, "rebuy", at_ms, method=method)

    # ---- rebuy after the bust ------------------------------------------------------------

    def rebuy_after_bust(self, player_id: PlayerId, at_ms: int, method: str = "cash") -> None:
        """A player busted during the rebuy period rebuys before the table's next hand: back at
        the seat with the rebuy's chips, the bust's place withdrawn (rebuy.declaration_binding)."""
        refusal = self.rebuy_after_bust_refusal(player_id, at_ms)
        if refusal is not None:
            raise refusal
        seat = self.host.players[player_id].last_seat
        assert seat is not None  # checked by the refusal
        self.host._record(
            BustRebought(
                player_id, seat.table_no, seat.seat_no, at_ms,
                self.host.cite("rebuy.declaration_binding"),
            )
        )  # fmt: skip
        self.record_rebuy(player_id, "rebuy", at_ms, method=method)

    def rebuy_after_bust_refusal(self, player_id: PlayerId, at_ms: int) -> PokerfloorError | None:
        """Why a busted player may not rebuy at the bust now, with the numbers; None when they
        may: busted in the table's last hand, the seat still free, a rebuy allowed at the
        level of that hand."""
        player = self.host.players.get(player_id)
        seat = None if player is None else player.last_seat
        if player is None or seat is None or player.busted_after_hand is None:
            return PokerfloorError("NOT_BUSTED", {"player_id": player_id})
        played = self.host.hands_at.get(seat.table_no, 0)
        if played != player.busted_after_hand or seat.table_no not in self.host.tables:
            return PokerfloorError(
                "REBUY_TOO_LATE",
                {
                    "player_id": player_id,
                    "table_no": seat.table_no,
                    "busted_in_hand": player.busted_after_hand,
                    "hands_played": played,
                },
            )
        table = self.host.tables[seat.table_no]
        if seat.seat_no in table.seats:
            return PokerfloorError(
                "SEAT_TAKEN",
                {"player_id": player_id, "table_no": seat.table_no, "seat_no": seat.seat_no},
            )
        level = self.host.hands.level_of_last(seat.table_no)
        return self.rebuy_refusal(player_id, at_ms, level, hand_recorded=True, at_bust=True)

    def record_rebuy(
        self,
        player_id: PlayerId,
        kind: str,
        at_ms: int,
        at_bust: bool = False,
        method: str = "cash",
    ) -> None:
        entry = self.host.structure.entry
        chips, cents = (
            (entry.rebuy_chips, entry.rebuy_cents)
            if kind == "rebuy"
            else (entry.addon_chips, entry.addon_cents)
        )
        cite = self.host.cite("rebuy.declaration_binding") + self.host.cite("rebuy.stack_threshold")
        if kind == "rebuy" and self.host.profile.int_value("rebuy.extra_hands_after_period"):
            cite += self.host.cite("rebuy.extra_hands_after_period")
        cite = tuple(dict.fromkeys(cite))  # one citation once, however many settings share it
        self.host._record(
            PlayerRebought(player_id, chips, cents, kind, at_ms, cite, at_bust, method)
        )

    # ---- absent players -----------------------------------------------------------------

    def arrive(self, player_id: PlayerId, at_ms: int) -> None:
        player = self.host.players.get(player_id)
        if player is None or player.present or not player.in_play:
            raise PokerfloorError("NOT_ABSENT", {"player_id": player_id})
        self.host._record(PlayerArrived(player_id, at_ms))

    def _absent_seated(self) -> list[PlayerState]:
        absent = [self.host.players[player_id] for player_id in self.absent_ids]
        return [p for p in absent if p.in_play and p.seat is not None]

    def release_refusal(self) -> ReleaseRefusal | None:
        """Why the desk may not release absent players' seats now (None: it may; each seat is
        then released when its own time has come): ``never`` (the profile keeps them,
        ``late_registration.absent_seat_released``), ``clock_not_started``, or
        ``no_absent_player`` (no absent player holds a seat). A reason, not a refusal: the
        command itself releases nothing in these cases and says so."""
        if self.host.profile.enum_value("late_registration.absent_seat_released") == "never":
            return "never"
        if self.host.clock_started_at is None:
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
        rule = self.host.profile.enum_value("late_registration.absent_seat_released")
        released: list[PlayerId] = []
        cite = self.host.cite("late_registration.absent_seat_released")

        def paid(player: PlayerState) -> bool:
            account = self.host.cash.accounts.get(player.player_id)
            return account is not None and account.due_cents > 0 and not account.owed_cents

        # The waiting list takes the unpaid seats first: a paid no-show whose stack leaves
        # play stays an entry with his money in the pool, and nobody is left owing.
        absent = self._absent_seated()
        for player in sorted(absent, key=paid):
            assert player.seat is not None
            table = self.host.tables[player.seat.table_no]
            if rule == "unpaid_after_first_level":
                # A paid entry keeps the seat; an unpaid one (or a free tournament's) waits
                # until the first level ("round") is over.
                due = not paid(player) and self.host.level_at(at_ms)[0] >= 1
            else:
                due = self.host.clock_time(at_ms) >= FIRST_HOUR_MS
            if not due:
                continue
            if self.waiting_list:
                newcomer, name = next(iter(self.waiting_list.items()))
                self.host._record(
                    AbsentSeatReleased(
                        player.player_id, newcomer, name, player.seat.table_no,
                        player.seat.seat_no, player.stack, 0, at_ms, cite,
                    )
                )  # fmt: skip
            elif rule == "after_first_hour":
                stack = player.stack
                self.host._record(
                    AbsentSeatReleased(
                        player.player_id, None, None, player.seat.table_no, player.seat.seat_no,
                        stack, stack, at_ms, cite,
                    )
                )  # fmt: skip
                hand_no = self.host.hands_at.get(player.seat.table_no, 0)
                self.host.busts.settle(
                    [BustInfo(player.player_id, table.table_no, stack, hand_no)], at_ms
                )
            else:
                continue
            released.append(player.player_id)
        return released

    # ---- folding this part's events ----------------------------------------------------

    @applies(PlayerRegistered)
    def _registered(self, event: PlayerRegistered) -> None:
        host = self.host
        known = host.players.get(event.player_id)
        if known is None:
            player = host.players[event.player_id] = PlayerState(
                event.player_id, event.name, host.flights.day2_stack(event.player_id)
            )
        else:  # a re-entry: a new starting stack
            player = known
            player.stack = host.created.starting_stack
            player.place = None
            player.bust_undo = None
            player.entries = event.entry_no
        player.present = event.present
        if event.present:
            self.absent_ids.pop(event.player_id, None)
        else:
            self.absent_ids[event.player_id] = None
        host.chips_in_play += host.flights.day2_stack(event.player_id)
        self.waiting_list.pop(event.player_id, None)
        if host.bust_history:
            host.late_entries += 1
        host.players_left += 1
        host.entries += 1

    @applies(PlayerRebought)
    def _rebought(self, event: PlayerRebought) -> None:
        host = self.host
        player = host.players[event.player_id]
        if event.at_bust and player.seat is not None and player.stack:
            table_no = player.seat.table_no
            host.unknown_chips[table_no] = host.unknown_chips.get(table_no, 0) + player.stack
            player.bust_undo = (player.stack, host.hands_at.get(table_no, 0))
            player.stack = 0
        player.stack += event.chips
        host.chips_in_play += event.chips
        if event.kind == "rebuy":
            player.rebuys += 1
            host.rebuys += 1
        else:
            player.addons += 1
            host.addons += 1

    @applies(PlayerSeated)
    def _seated(self, event: PlayerSeated) -> None:
        host = self.host
        host.highest_table_no = max(host.highest_table_no, event.table_no)
        table = host.tables.get(event.table_no) or Table(
            event.table_no, host.created.table_size, {}
        )
        seats = {**table.seats, event.seat_no: event.player_id}
        waiting = table.waiting | {event.seat_no} if event.waits else table.waiting
        host.tables[event.table_no] = Table(
            table.table_no, table.size, seats, table.button_seat, table.big_blind_seat,
            table.small_blind_seat, waiting,
        )  # fmt: skip
        host.players[event.player_id].seat = SeatRef(event.table_no, event.seat_no)

    @applies(PlayerArrived)
    def _arrived(self, event: PlayerArrived) -> None:
        self.host.players[event.player_id].present = True
        self.absent_ids.pop(event.player_id, None)

    @applies(WaitingListJoined)
    def _waiting(self, event: WaitingListJoined) -> None:
        self.waiting_list[event.player_id] = event.name

    @applies(AbsentSeatReleased)
    def _released(self, event: AbsentSeatReleased) -> None:
        host = self.host
        absent = host.players[event.absent_player_id]
        absent.stack -= event.chips_removed
        host.chips_in_play -= event.chips_removed
        if event.player_id is None:
            return
        self.absent_ids.pop(absent.player_id, None)  # withdrawn: the newcomer plays
        self.waiting_list.pop(event.player_id, None)
        self._replace(absent.player_id, event.player_id, event.name or "")

    def _replace(self, absent_id: PlayerId, newcomer_id: PlayerId, name: str) -> None:
        """The newcomer takes the absent player's seat and remaining stack."""
        host = self.host
        absent = host.players[absent_id]
        newcomer = host.players[newcomer_id] = PlayerState(newcomer_id, name, absent.stack)
        newcomer.seat = absent.seat
        if absent.seat is not None:
            table = host.tables[absent.seat.table_no]
            host.tables[table.table_no] = table.with_seats(
                {**table.seats, absent.seat.seat_no: newcomer_id}
            )
        absent.seat = None
        absent.stack = 0
        absent.withdrawn = True  # a released no-show is not an entry: the newcomer is
        host.late_entries += 1
