"""The aggregate's own events folded into its state: the tournament created, the seat draw,
the buttons, the finish. A ``Part`` with no state of its own (it folds into the aggregate's),
so ``state.py`` keeps the commands and queries; the hands' events are the hands part's
(``_hands.py``) and the busts' part's (``_busts.py``).
"""

from __future__ import annotations

from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import (
    ButtonPlaced,
    SeatsDrawn,
    TournamentCreated,
    TournamentFinished,
)
from pokerfloor.tournament.types import PlayerId, SeatRef, Table

__all__ = ["CoreEvents"]


class CoreEvents(Part):
    """The handlers of the aggregate's own events (see the module's docstring)."""

    __slots__ = ()

    @applies(TournamentCreated)
    def _created(self, event: TournamentCreated) -> None:
        """The first event, folded by the constructor: nothing more to do."""

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
