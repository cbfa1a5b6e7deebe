"""The desk's own bookkeeping and its corrections: unregistering before the draw (the money
paid is refunded), and mistakes undone by a reversing event with a reason (a bust that was not
one, a rebuy or add-on that did not happen). Nothing is ever deleted: the log only grows.

A part of ``Tournament`` (``tournament.corrections``, _parts.py): each command checks the
state, then records events through the aggregate's ``_record``; its ``@applies`` handlers fold
the events of this module into the aggregate's players, tables and places (it has no state of
its own: it corrects the rest).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import (
    BustCorrected,
    BustUndone,
    HandCorrected,
    Placement,
    PlayerRegistered,
    PlayerUnregistered,
    RebuyCorrected,
)
from pokerfloor.tournament.limits import check_undo_window
from pokerfloor.tournament.types import PlayerId, SeatRef

__all__ = ["CORRECTION_EVENTS", "Corrections"]

CorrectionEvent = PlayerUnregistered | BustCorrected | BustUndone | RebuyCorrected | HandCorrected
CORRECTION_EVENTS = (
    PlayerUnregistered,
    BustCorrected,
    BustUndone,
    RebuyCorrected,
    HandCorrected,
)


class Corrections(Part):
    """Unregistering and the corrections: ``tournament.corrections``."""

    __slots__ = ()

    # ---- commands -----------------------------------------------------------------------

    def unregister(self, player_id: PlayerId, at_ms: int, reason: str) -> None:
        """A player leaves before the seat draw (a player on the waiting list may leave it at
        any time); the first player waiting takes the place."""
        if player_id in self.host.desk.waiting_list:
            self.host._record(PlayerUnregistered(player_id, reason, at_ms))
            return
        if player_id not in self.host.players:
            raise PokerfloorError("NOT_REGISTERED", {"player_id": player_id})
        if self.host.tables:
            raise PokerfloorError("UNREGISTER_AFTER_DRAW", {"player_id": player_id})
        self.host._record(PlayerUnregistered(player_id, reason, at_ms))
        self.host.cash.refund_paid(player_id, reason, at_ms)  # an entry that will not play
        if self.host.desk.waiting_list and not self.host.desk.is_full():
            newcomer, name = next(iter(self.host.desk.waiting_list.items()))
            self.host._record(PlayerRegistered(newcomer, name, at_ms))

    def correct_bust(self, player_id: PlayerId, stack: int, at_ms: int, reason: str) -> None:
        """Reinstate a player wrongly recorded as busted, back at their seat with ``stack``."""
        player = self.host.players.get(player_id)
        if self.host.finished is not None or player is None or player.place is None:
            raise PokerfloorError("NOT_BUSTED", {"player_id": player_id})
        if player.withdrawn or player.last_seat is None:
            raise PokerfloorError("NO_SEAT_TO_RETURN_TO", {"player_id": player_id})
        if stack < 1:
            raise PokerfloorError("BAD_STACK", {"player_id": player_id})
        seat = player.last_seat
        table = self.host.tables.get(seat.table_no)
        if table is None or not table.seats:
            raise PokerfloorError(
                "TABLE_BROKEN", {"player_id": player_id, "table_no": seat.table_no}
            )
        if seat.seat_no in table.seats:
            raise PokerfloorError(
                "SEAT_TAKEN",
                {"player_id": player_id, "table_no": seat.table_no, "seat_no": seat.seat_no},
            )
        self.host._record(
            BustCorrected(player_id, seat.table_no, seat.seat_no, stack, reason, at_ms)
        )

    def undo_bust(
        self,
        player_ids: Sequence[PlayerId],
        at_ms: int,
        reason: str,
        done_at_ms: int | None = None,
    ) -> None:
        """Undo a bust recorded by mistake, while no hand was reported at the table since: each
        player goes back to the seat with the stack the bust took away; a rebuy made at that
        bust is cancelled first (its chips and money go back). Later on, the corrections page
        (``correct_bust``) asks the TD for the stack instead. ``done_at_ms``: the quick undo
        of a bust recorded then, refused once ``limits.UNDO_WINDOW_MS`` has passed."""
        if done_at_ms is not None:
            check_undo_window(done_at_ms, at_ms)
        if not player_ids:
            raise PokerfloorError("NOTHING_TO_UNDO", {})
        plan = [self._bust_to_undo(player_id) for player_id in dict.fromkeys(player_ids)]
        for player_id, seat, stack, rebought in plan:
            if rebought:
                self.correct_rebuy(player_id, at_ms, reason)
            self.host._record(
                BustUndone(player_id, seat.table_no, seat.seat_no, stack, reason, at_ms)
            )

    def _bust_to_undo(self, player_id: PlayerId) -> tuple[PlayerId, SeatRef, int, bool]:
        """(player, seat, stack to give back, whether a rebuy at the bust is cancelled first),
        or the reason the bust can no longer be undone."""
        nothing = PokerfloorError("BUST_NOT_UNDOABLE", {"player_id": player_id})
        player = self.host.players.get(player_id)
        undo = None if player is None or self.host.finished is not None else player.bust_undo
        if player is None or undo is None or player.withdrawn:
            raise nothing
        rebought = player.place is None  # back at the seat by a rebuy at the bust
        seat = player.seat if rebought else player.last_seat
        if seat is None or (rebought and player.stack != self.host.structure.entry.rebuy_chips):
            raise nothing  # no seat, or the rebought player has played since
        stack, hands = undo
        if stack < 1:
            raise PokerfloorError("BUST_UNDO_NEEDS_STACK", {"player_id": player_id})
        played = self.host.hands_at.get(seat.table_no, 0)
        table = self.host.tables.get(seat.table_no)
        if played != hands or table is None or not table.seats:
            raise PokerfloorError(
                "BUST_UNDO_TOO_LATE", {"player_id": player_id, "table_no": seat.table_no}
            )
        if not rebought and table.seats.get(seat.seat_no, player_id) != player_id:
            raise PokerfloorError(
                "SEAT_TAKEN",
                {"player_id": player_id, "table_no": seat.table_no, "seat_no": seat.seat_no},
            )
        return player_id, seat, stack, rebought

    def correct_rebuy(
        self, player_id: PlayerId, at_ms: int, reason: str, done_at_ms: int | None = None
    ) -> None:
        """Cancel the player's last rebuy or add-on (an add-on always comes after the
        rebuys): its chips leave the stack. ``done_at_ms``: the quick undo of a rebuy or
        add-on recorded then, refused once ``limits.UNDO_WINDOW_MS`` has passed."""
        if done_at_ms is not None:
            check_undo_window(done_at_ms, at_ms)
        player = self.host.players.get(player_id)
        if player is None or (player.rebuys == 0 and player.addons == 0):
            raise PokerfloorError("NO_REBUY", {"player_id": player_id})
        entry = self.host.structure.entry
        if player.addons:
            kind, chips, cents = "addon", entry.addon_chips, entry.addon_cents
        else:
            kind, chips, cents = "rebuy", entry.rebuy_chips, entry.rebuy_cents
        if player.stack < chips:
            raise PokerfloorError(
                "REBUY_CHIPS_GONE", {"player_id": player_id, "stack": player.stack, "chips": chips}
            )
        self.host._record(RebuyCorrected(player_id, kind, chips, cents, reason, at_ms))

    def correct_hand(
        self,
        table_no: int,
        hand_no: int,
        stacks: Mapping[PlayerId, int],
        at_ms: int,
        reason: str,
    ) -> None:
        """Correct the stacks reported for a table's last hand, before its next hand is
        reported. The total of the players named is unchanged (chips neither appear nor
        vanish); a player who in fact had no chips left is a bust (``bust_players``). Hand 0,
        at a table with no hand reported yet (a final table just drawn after busts entered
        without stacks), records the chips counted as the players sit: the deal panel needs
        them (issue 26)."""
        table = self.host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        last = self.host.hands_at.get(table_no, 0)
        if hand_no != last:
            raise PokerfloorError(
                "NOT_LAST_HAND", {"table_no": table_no, "hand_no": hand_no, "last_hand": last}
            )
        seated = set(table.seats.values())
        strangers = sorted(set(stacks) - seated)
        if strangers:
            raise PokerfloorError("NOT_AT_TABLE", {"table_no": table_no, "players": strangers})
        before = {player_id: self.host.players[player_id].stack for player_id in sorted(stacks)}
        if min(stacks.values()) < 1:
            raise PokerfloorError("BAD_STACK", {"table_no": table_no})
        # The same totals as a report: the recorded ones, or with the chips of busts reported
        # without stacks when every player of the table is counted.
        self.host.hands.check_total(table_no, sum(before.values()), stacks)
        after = tuple((player_id, stacks[player_id]) for player_id in before)
        self.host._record(
            HandCorrected(table_no, hand_no, tuple(before.items()), after, reason, at_ms)
        )

    # ---- applying this module's events --------------------------------------------------

    @applies(PlayerUnregistered)
    def _unregistered(self, event: PlayerUnregistered) -> None:
        host = self.host
        if host.desk.waiting_list.pop(event.player_id, None) is None:
            del host.players[event.player_id]
            host.desk.absent_ids.pop(event.player_id, None)
            host.players_left -= 1
            host.entries -= 1
            host.chips_in_play -= host.created.starting_stack

    @applies(HandCorrected)
    def _hand_corrected(self, event: HandCorrected) -> None:
        for player_id, stack in event.stacks_after:
            self.host.players[player_id].stack = stack
        if sum(s for _, s in event.stacks_after) != sum(s for _, s in event.stacks_before):
            self.host.unknown_chips.pop(event.table_no, None)

    @applies(RebuyCorrected)
    def _rebuy_corrected(self, event: RebuyCorrected) -> None:
        host = self.host
        player = host.players[event.player_id]
        player.stack -= event.chips
        host.chips_in_play -= event.chips
        if event.kind == "rebuy":
            player.rebuys -= 1
            host.rebuys -= 1
        else:
            player.addons -= 1
            host.addons -= 1

    @applies(BustUndone)
    def _bust_undone(self, event: BustUndone) -> None:
        unknown_chips = self.host.unknown_chips
        player = self.host.players[event.player_id]
        if player.place is None:  # seated again by a rebuy at the bust, now cancelled
            player.stack = event.stack
        else:
            self.reinstate(event.player_id, SeatRef(event.table_no, event.seat_no), event.stack)
        player.bust_undo = None
        # The chips the bust left at the table with no known owner are the player's again.
        left = unknown_chips.get(event.table_no, 0) - event.stack
        if left > 0:
            unknown_chips[event.table_no] = left
        else:
            unknown_chips.pop(event.table_no, None)

    @applies(BustCorrected)
    def _bust_corrected(self, event: BustCorrected) -> None:
        self.reinstate(event.player_id, SeatRef(event.table_no, event.seat_no), event.stack)

    def reinstate(self, player_id: PlayerId, seat: SeatRef, stack: int) -> None:
        """A busted player back at ``seat`` with ``stack`` (a wrong bust corrected, a rebuy at
        the bust): the bust's placement leaves the history."""
        host = self.host
        player = host.players[player_id]
        removed = player.place
        player.place = None
        player.stack = stack
        player.busted_after_hand = None
        player.seat = seat
        table = host.tables[seat.table_no]
        host.tables[seat.table_no] = table.with_seats({**table.seats, seat.seat_no: player_id})
        host.players_left += 1
        host.busts.last = tuple(bust for bust in host.busts.last if bust.player_id != player_id)
        # The player's last placement leaves the history; the places recorded with it or
        # since, better than it, were counted without the player and move down by one.
        index = max(
            i
            for i, group in enumerate(host.bust_history)
            if any(p.player_id == player_id for p in group)
        )
        history: list[tuple[ranking.Placement, ...]] = list(host.bust_history[:index])
        for group in host.bust_history[index:]:
            kept = tuple(_shifted(p, player_id, removed) for p in group if p.player_id != player_id)
            if kept:
                history.append(kept)
        host.bust_history = history
        host.placements = [
            Placement(p.player_id, p.place, p.tied_with, p.places_covered)
            for group in history
            for p in group
        ]
        for group in history[index:]:
            for p in group:
                if host.players[p.player_id].place is not None:
                    host.players[p.player_id].place = p.place


def _shifted(
    placement: ranking.Placement, reinstated: PlayerId, removed: int | None
) -> ranking.Placement:
    if removed is None or placement.place > removed:
        return placement
    if placement.place == removed and reinstated in placement.tied_with:
        covered = placement.places_covered[1:] or (placement.place + 1,)
        tied = tuple(other for other in placement.tied_with if other != reinstated)
        return ranking.Placement(
            placement.player_id, covered[0], tied, covered, placement.citations
        )
    return ranking.Placement(
        placement.player_id,
        placement.place + 1,
        placement.tied_with,
        tuple(place + 1 for place in placement.places_covered),
        placement.citations,
    )
