"""Seats by hand: the TD puts a player at a chosen free seat, or swaps two players' seats, for
a player with special needs (tda-2024 R7, tda-2010 R4: an accommodation made when possible)
or any other reason the TD writes down. A part of ``Tournament`` (``tournament.seat_changes``,
_parts.py), with no state of its own: its handler folds a change with the moves part's
``apply_moves``.

The choices (docs/seating-balancing.md, "Seats by hand"):

- only after the seat draw: before it nobody has a seat, and right after it (before a table's
  first hand) a change costs nobody a blind;
- the target is a seat of a table in play, in range and free (or, for a swap, the other
  player's seat, at the same table or another); both players are in play;
- a moved player follows the rules of every moved player (``balancing.apply_moves``): a seat
  between the next button and small blind waits for the button to pass; a swap puts each
  player straight into the other's position (heavenpoker 10.3, allinouest: a player who
  replaces another plays at once, with the blinds or the button that come with the seat);
- a change that alters table counts must not call for balancing or halt a table
  (``balancing.threshold``, ``balancing.halt_when_short_by``): otherwise the next balancing
  could move the player straight back. A swap never changes counts, so it is always possible,
  hand-for-hand included;
- refused while moves wait for confirmation: they were drawn for the tables as they are;
- the reason is required (at most ``limits.MAX_REASON_LENGTH`` characters): it stays in the
  log for the TD, never shown to the public (it may name a health matter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import balancing
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import SeatChanged
from pokerfloor.tournament.limits import MAX_REASON_LENGTH
from pokerfloor.tournament.types import Move, SeatRef

if TYPE_CHECKING:
    from pokerfloor.tournament.types import PlayerId

__all__ = ["SEAT_CHANGE_CITATIONS", "SeatChanges"]

# Every book draws seats at random; TDA alone names the exception this serves.
SEAT_CHANGE_CITATIONS: tuple[str, ...] = ("tda-2024 R7", "tda-2010 R4")


class SeatChanges(Part):
    """Changing a player's seat by hand: ``tournament.seat_changes``."""

    __slots__ = ()

    def change(
        self,
        player_id: PlayerId,
        reason: str,
        at_ms: int,
        *,
        table_no: int | None = None,
        seat_no: int | None = None,
        swap_with: PlayerId | None = None,
    ) -> tuple[Move, ...]:
        """Put ``player_id`` at ``table_no`` seat ``seat_no`` (a free seat), or swap their
        seat with ``swap_with``'s. Rule: tda-2024 R7."""
        reason = " ".join(reason.split())
        if not reason or len(reason) > MAX_REASON_LENGTH:
            raise PokerfloorError(
                "SEAT_CHANGE_REASON", {"length": len(reason), "max_length": MAX_REASON_LENGTH}
            )
        if not self.host.tables:
            raise PokerfloorError("SEATS_NOT_DRAWN", {"player_id": player_id})
        source = self._seat_of(player_id)
        seat_named = table_no is not None or seat_no is not None
        if (swap_with is None and (table_no is None or seat_no is None)) or (
            swap_with is not None and seat_named
        ):
            raise PokerfloorError("SEAT_CHANGE_TARGET", {"player_id": player_id})
        if swap_with is not None:
            other = self._seat_of(swap_with)
            if swap_with == player_id:
                raise PokerfloorError(
                    "SEAT_CHANGE_SAME_SEAT",
                    {
                        "player_id": player_id,
                        "table_no": source.table_no,
                        "seat_no": source.seat_no,
                    },
                )
            moves: tuple[Move, ...] = (
                Move(player_id, source, other, "seat_change", SEAT_CHANGE_CITATIONS),
                Move(swap_with, other, source, "seat_change", SEAT_CHANGE_CITATIONS),
            )
        else:
            assert table_no is not None and seat_no is not None
            target = self._free_seat(player_id, source, table_no, seat_no)
            moves = (Move(player_id, source, target, "seat_change", SEAT_CHANGE_CITATIONS),)
        if self.host.moves.proposed:
            raise PokerfloorError(
                "MOVES_PENDING", {"moves": len(self.host.moves.proposed), "player_id": player_id}
            )
        if len(moves) == 1:  # a swap leaves every table with as many players
            self._check_balance(moves[0])
        after = balancing.moved_tables(self.host.tables, moves)
        citations = SEAT_CHANGE_CITATIONS
        if any(move.target.seat_no in after[move.target.table_no].waiting for move in moves):
            citations = (*citations, *self.host.cite("seating.late_entrant_seat"))
        self.host._record(SeatChanged(moves, reason, at_ms, citations))
        return moves

    def _seat_of(self, player_id: PlayerId) -> SeatRef:
        player = self.host.players.get(player_id)
        if player is None:
            raise PokerfloorError("NOT_REGISTERED", {"player_id": player_id})
        if not player.in_play or player.seat is None:
            raise PokerfloorError("NOT_IN_PLAY", {"player_id": player_id, "place": player.place})
        return player.seat

    def _free_seat(
        self, player_id: PlayerId, source: SeatRef, table_no: int, seat_no: int
    ) -> SeatRef:
        table = self.host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        target = SeatRef(table_no, seat_no)
        if target == source:
            raise PokerfloorError(
                "SEAT_CHANGE_SAME_SEAT",
                {"player_id": player_id, "table_no": table_no, "seat_no": seat_no},
            )
        if not 1 <= seat_no <= table.size:
            raise PokerfloorError(
                "BAD_SEAT", {"table_no": table_no, "seat_no": seat_no, "size": table.size}
            )
        occupant = table.seats.get(seat_no)
        if occupant is not None:
            raise PokerfloorError(
                "SEAT_TAKEN",
                {
                    "player_id": player_id,
                    "table_no": table_no,
                    "seat_no": seat_no,
                    "occupant": occupant,
                },
            )
        return target

    def _check_balance(self, move: Move) -> None:
        """A move to another table must not unbalance the tables further than balancing
        allows (tda-2024 R11): the next balancing would undo it, or play would halt."""
        if move.source.table_no == move.target.table_no:
            return
        tables = self.host.tables
        gap_before = tables.gap()
        with tables.trial():  # the counts once moved, then the tables as they were
            for table_no, table in balancing.moved_tables(tables, [move]).items():
                tables[table_no] = table
            live_after, gap_after = tables.live_count, tables.gap()
            target = tables[move.target.table_no]
        limit = min(
            balancing.balance_gap_limit(self.host.profile, live_after, self.host.hand_for_hand),
            self.host.profile.int_value("balancing.halt_when_short_by"),
        )
        if live_after > 1 and gap_after >= limit and gap_after > gap_before:
            raise PokerfloorError(
                "SEAT_CHANGE_UNBALANCES",
                {
                    "player_id": move.player_id,
                    "table_no": target.table_no,
                    "players": target.player_count,
                    "gap": gap_after,
                },
            )

    @applies(SeatChanged)
    def _changed(self, event: SeatChanged) -> None:
        self.host.moves.apply_moves(event.moves)
