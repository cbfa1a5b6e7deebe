"""Moves the TD carries out by hand: balancing instructions, a table to break, the final-table
redraw. The engine proposes ("Table 3 seat 4 -> Table 1 seat 7"); nobody moves until the TD
confirms, one move at a time or all at once. A final-table redraw moves everyone at the same
instant (a player may take a seat another is leaving), so it is confirmed as a whole.

A part of ``Tournament`` (``tournament.moves``, _parts.py): it owns the moves proposed. A
proposal replaces the previous one; an empty proposal cancels it. ``balance`` keeps the
automatic path (the simulator: applied at once).

Every procedure works on the aggregate's indexed tables (``TableMap``): a bust, a move or a
balancing step looks at the tables it concerns, never at every table of the field, and
``apply_moves`` rebuilds only the tables a move touches.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import balancing
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament._unknown_chips import carry_unknown_chips
from pokerfloor.tournament.events import MovesProposed, PlayersMoved
from pokerfloor.tournament.types import Move, PlayerId

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerfloor.tournament.state import Tournament

__all__ = ["Moves"]


class Moves(Part):
    """Proposing and confirming moves: ``tournament.moves``."""

    __slots__ = ("proposed",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.proposed: dict[PlayerId, Move] = {}  # balancing moves waiting for the TD

    def balance(self, at_ms: int, rng: random.Random) -> list[Move]:
        """Break tables that are no longer needed, redraw the final table, balance the rest."""
        host = self.host
        moves: list[Move] = []
        tables = host.tables
        size = host.created.table_size
        final_size = balancing.final_table_size(host.profile, size)
        if tables.live_count > 1 and host.players_left <= final_size:
            redraw = balancing.final_table_redraw(tables.live_tables(), host.profile, rng)
            host._record(
                PlayersMoved(
                    "final_table",
                    tuple(redraw),
                    at_ms,
                    None,
                    host.cite("final_table.size") + host.cite("final_table.by_event_format"),
                )
            )
            return redraw
        # Most busts change nothing: no table needs to break and the tables are within the gap.
        needed_tables = -(-host.players_left // size)
        limit = balancing.balance_gap_limit(host.profile, tables.live_count, host.hand_for_hand)
        if needed_tables >= tables.live_count and tables.gap() < limit:
            return moves
        for table_no in balancing.tables_to_break_now(tables, size):
            broken = balancing.break_table_moves(tables, table_no, rng)
            host._record(
                PlayersMoved("break", tuple(broken), at_ms, table_no, balancing.BREAK_CITATIONS)
            )
            moves.extend(broken)
        balanced = balancing.balance_moves(
            tables, host.profile, hand_for_hand=host.hand_for_hand, rng=rng
        )
        if balanced:
            host._record(
                PlayersMoved(
                    "balance", tuple(balanced), at_ms, None, host.cite("balancing.threshold")
                )
            )
            moves.extend(balanced)
        return moves

    def propose(self, at_ms: int, rng: random.Random) -> list[Move]:
        """Balancing moves as instructions for the TD; they replace earlier proposals."""
        host = self.host
        moves = balancing.balance_moves(host.tables, host.profile, host.hand_for_hand, rng=rng)
        host._record(MovesProposed(tuple(moves), at_ms, host.cite("balancing.threshold")))
        return moves

    def propose_break_table(
        self, table_no: int | None, at_ms: int, rng: random.Random
    ) -> list[Move]:
        """The players of ``table_no`` (by default the table the predetermined procedure
        breaks next) drawn to the other tables' free seats (tda-2024 R10)."""
        host = self.host
        live = host.tables.live_count
        if table_no is None:
            due = balancing.tables_to_break_now(host.tables, host.created.table_size)
            if not due:
                raise PokerfloorError(
                    "NO_TABLE_TO_BREAK", {"players_left": host.players_left, "tables": live}
                )
            table_no = due[0]
        if live < 2:
            raise PokerfloorError("LAST_TABLE", {"table_no": table_no})
        moves = balancing.break_table_moves(host.tables, table_no, rng)
        host._record(MovesProposed(tuple(moves), at_ms, balancing.BREAK_CITATIONS))
        return moves

    def propose_final_table(self, at_ms: int, rng: random.Random) -> list[Move]:
        """Every player left draws a seat at the final table (tda-2024 RP-9)."""
        host = self.host
        moves = balancing.final_table_redraw(host.tables.live_tables(), host.profile, rng)
        host._record(MovesProposed(tuple(moves), at_ms, host.cite("final_table.size")))
        return moves

    def cancel(self, at_ms: int) -> None:
        """Drop the moves waiting for confirmation (an empty proposal)."""
        if not self.proposed:
            raise PokerfloorError("NO_MOVE_PROPOSED", {})
        self.host._record(MovesProposed((), at_ms))

    def confirm_one(self, player_id: PlayerId, at_ms: int) -> Move:
        """The TD confirms that one player moved as instructed."""
        move = self._proposed(player_id)
        if move.reason == "final_table":
            raise PokerfloorError("CONFIRM_WHOLE_REDRAW", {"player_id": player_id})
        self._confirm([move], at_ms)
        return move

    def confirm(self, player_ids: Iterable[PlayerId], at_ms: int, rng: random.Random) -> list[Move]:
        """Confirm the named moves (all of them when none is named), made at the same instant;
        a table left without a button (a new final table) then draws its first one."""
        wanted = list(player_ids)
        moves = [self._proposed(player_id) for player_id in wanted] or list(self.proposed.values())
        if not moves:
            raise PokerfloorError("NO_MOVE_PROPOSED", {})
        redraw = [move for move in self.proposed.values() if move.reason == "final_table"]
        if redraw and len(moves) != len(redraw):
            raise PokerfloorError(
                "CONFIRM_WHOLE_REDRAW", {"proposed": len(redraw), "confirmed": len(moves)}
            )
        self._confirm(moves, at_ms)
        self.host.place_buttons(rng)
        return moves

    def _proposed(self, player_id: PlayerId) -> Move:
        move = self.proposed.get(player_id)
        if move is None:
            raise PokerfloorError("NO_MOVE_PROPOSED", {"player_id": player_id})
        return move

    def _confirm(self, moves: list[Move], at_ms: int) -> None:
        """Record the moves as made, after checking they still fit the tables (a bust or
        another move since the proposal may have changed them)."""
        try:
            balancing.moved_tables(self.host.tables, moves)
        except PokerfloorError as error:
            raise PokerfloorError(
                "STALE_MOVE", {"players": [move.player_id for move in moves]}
            ) from error
        reason = moves[0].reason
        broken = moves[0].source.table_no if reason == "break" else None
        citations = tuple(dict.fromkeys(c for move in moves for c in move.citations))
        self.host._record(PlayersMoved(reason, tuple(moves), at_ms, broken, citations))

    @applies(PlayersMoved)
    def _moved(self, event: PlayersMoved) -> None:
        self.apply_moves(event.moves)
        for move in event.moves:
            self.proposed.pop(move.player_id, None)

    @applies(MovesProposed)
    def _proposed_now(self, event: MovesProposed) -> None:
        self.proposed = {move.player_id: move for move in event.moves}

    def apply_moves(self, moves: Sequence[Move]) -> None:
        """The tables the moves touch, rebuilt; then, as ever, tables left without players
        close (busts may have emptied some since the last move). Folds a move or a seat
        change (``_seat_changes.py``); decides nothing."""
        host = self.host
        for table_no, table in balancing.moved_tables(host.tables, moves).items():
            host.tables[table_no] = table
        for table_no in host.tables.empty_numbers():
            del host.tables[table_no]
        host.unknown_chips = carry_unknown_chips(host.unknown_chips, host.tables, moves)
        for move in moves:
            host.players[move.player_id].seat = move.target
