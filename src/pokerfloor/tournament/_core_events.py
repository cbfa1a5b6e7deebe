"""The aggregate's own events folded into its state: entrants, seats and buttons, moves,
 rebuys, the add-on window, the finish; and the events of the mixins that are not parts
yet (hands, entries, seat changes), handed to their ``_apply_*``. A ``Part`` with no state of its
own (it folds into the aggregate's), so ``state.py`` keeps the commands and queries.
"""

from __future__ import annotations

from pokerfloor.tournament._hands import HAND_EVENTS
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament._player_state import PlayerState
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    ButtonPlaced,
    PlayerArrived,
    PlayerRebought,
    PlayerRegistered,
    PlayerSeated,
    SeatsDrawn,
    TournamentCreated,
    TournamentEvent,
    TournamentFinished,
    WaitingListJoined,
)
from pokerfloor.tournament.types import PlayerId, SeatRef, Table

__all__ = ["CoreEvents"]


class CoreEvents(Part):
    """The handlers of the aggregate's own events (see the module's docstring)."""

    __slots__ = ()

    @applies(TournamentCreated)
    def _created(self, event: TournamentCreated) -> None:
        """The first event, folded by the constructor: nothing more to do."""

    @applies(*HAND_EVENTS)
    def _hand_event(self, event: TournamentEvent) -> None:
        self.host._apply_hand_event(event)  # type: ignore[arg-type]  # one of HAND_EVENTS

    @applies(PlayerSeated, PlayerArrived, WaitingListJoined, AbsentSeatReleased)
    def _entry_event(
        self, event: PlayerSeated | PlayerArrived | WaitingListJoined | AbsentSeatReleased
    ) -> None:
        self.host._apply_entry(event)

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
            host.absent_ids.pop(event.player_id, None)
        else:
            host.absent_ids[event.player_id] = None
        host.chips_in_play += host.flights.day2_stack(event.player_id)
        host.waiting_list.pop(event.player_id, None)
        if host.bust_history:
            host.late_entries += 1
        host.players_left += 1
        host.entries += 1

    @applies(SeatsDrawn)
    def _seats_drawn(self, event: SeatsDrawn) -> None:
        host = self.host
        size = host.created.table_size
        seats: dict[int, dict[int, PlayerId]] = {table_no: {} for table_no in event.tables}
        for seated in event.seats:
            seats[seated.table_no][seated.seat_no] = seated.player_id
            host.players[seated.player_id].seat = SeatRef(seated.table_no, seated.seat_no)
        for table_no, occupied in seats.items():
            host.tables[table_no] = Table(table_no, size, occupied)
        host.highest_table_no = max(event.tables, default=0)

    @applies(ButtonPlaced)
    def _button_placed(self, event: ButtonPlaced) -> None:
        host = self.host
        table = host.tables[event.table_no]
        host.tables[event.table_no] = Table(table.table_no, table.size, table.seats, event.seat_no)

    @applies(TournamentFinished)
    def _finished(self, event: TournamentFinished) -> None:
        host = self.host
        host.finished = event
        for placement in event.ranking:
            if placement.player_id in host.players:  # not a Day 2's players out on Day 1
                host.players[placement.player_id].place = placement.place
