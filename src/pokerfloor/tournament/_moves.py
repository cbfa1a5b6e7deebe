"""Moves the TD carries out by hand: balancing instructions, a table to break, the final-table
redraw. The engine proposes ("Table 3 seat 4 -> Table 1 seat 7"); nobody moves until the TD
confirms, one move at a time or all at once. A final-table redraw moves everyone at the same
instant (a player may take a seat another is leaving), so it is confirmed as a whole.

A mixin of ``Tournament`` (state.py). A proposal replaces the previous one; an empty proposal
cancels it. ``Tournament.balance`` keeps the automatic path (the simulator: applied at once).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import balancing
from pokerfloor.tournament.events import MovesProposed, PlayersMoved
from pokerfloor.tournament.types import Move, PlayerId, Table

if TYPE_CHECKING:
    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament.events import TournamentCreated, TournamentEvent
    from pokerfloor.tournament.state import PlayerState


class MoveCommands:
    """Proposing and confirming moves, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        created: TournamentCreated
        profile: RuleProfile
        players: dict[PlayerId, PlayerState]
        tables: dict[int, Table]
        proposed: dict[PlayerId, Move]
        players_left: int
        hand_for_hand: bool

        def _record(self, event: TournamentEvent) -> None: ...
        def cite(self, key: str) -> tuple[str, ...]: ...
        def place_buttons(self, rng: random.Random) -> None: ...

    def _live_tables(self) -> list[Table]:
        return [table for table in self.tables.values() if table.seats]

    def propose_moves(self, at_ms: int, rng: random.Random) -> list[Move]:
        """Balancing moves as instructions for the TD; they replace earlier proposals."""
        moves = balancing.balance(self._live_tables(), self.profile, self.hand_for_hand, rng=rng)
        self._record(MovesProposed(tuple(moves), at_ms, self.cite("balancing.threshold")))
        return moves

    def propose_break_table(
        self, table_no: int | None, at_ms: int, rng: random.Random
    ) -> list[Move]:
        """The players of ``table_no`` (by default the table the predetermined procedure
        breaks next) drawn to the other tables' free seats (tda-2024 R10)."""
        live = self._live_tables()
        if table_no is None:
            due = balancing.tables_to_break(live, self.created.table_size)
            if not due:
                raise PokerfloorError(
                    "NO_TABLE_TO_BREAK",
                    f"{self.players_left} players need all {len(live)} tables: no table is "
                    "due to break (name one to break it anyway)",
                    {"players_left": self.players_left, "tables": len(live)},
                )
            table_no = due[0]
        if len(live) < 2:
            raise PokerfloorError(
                "LAST_TABLE", "the last table cannot break", {"table_no": table_no}
            )
        moves = balancing.break_table(live, table_no, rng)
        self._record(MovesProposed(tuple(moves), at_ms, balancing.BREAK_CITATIONS))
        return moves

    def propose_final_table(self, at_ms: int, rng: random.Random) -> list[Move]:
        """Every player left draws a seat at the final table (tda-2024 RP-9)."""
        moves = balancing.final_table_redraw(self._live_tables(), self.profile, rng)
        self._record(MovesProposed(tuple(moves), at_ms, self.cite("final_table.size")))
        return moves

    def cancel_moves(self, at_ms: int) -> None:
        """Drop the moves waiting for confirmation (an empty proposal)."""
        if not self.proposed:
            raise PokerfloorError("NO_MOVE_PROPOSED", "no move is waiting for confirmation", {})
        self._record(MovesProposed((), at_ms))

    def confirm_move(self, player_id: PlayerId, at_ms: int) -> Move:
        """The TD confirms that one player moved as instructed."""
        move = self._proposed(player_id)
        if move.reason == "final_table":
            raise PokerfloorError(
                "CONFIRM_WHOLE_REDRAW",
                "the final-table redraw moves everyone at once: confirm all its moves together",
                {"player_id": player_id},
            )
        self._confirm([move], at_ms)
        return move

    def confirm_moves(
        self, player_ids: Iterable[PlayerId], at_ms: int, rng: random.Random
    ) -> list[Move]:
        """Confirm the named moves (all of them when none is named), made at the same instant;
        a table left without a button (a new final table) then draws its first one."""
        wanted = list(player_ids)
        moves = [self._proposed(player_id) for player_id in wanted] or list(self.proposed.values())
        if not moves:
            raise PokerfloorError("NO_MOVE_PROPOSED", "no move is waiting for confirmation", {})
        redraw = [move for move in self.proposed.values() if move.reason == "final_table"]
        if redraw and len(moves) != len(redraw):
            raise PokerfloorError(
                "CONFIRM_WHOLE_REDRAW",
                "the final-table redraw moves everyone at once: confirm all its moves together",
                {"proposed": len(redraw), "confirmed": len(moves)},
            )
        self._confirm(moves, at_ms)
        self.place_buttons(rng)
        return moves

    def _proposed(self, player_id: PlayerId) -> Move:
        move = self.proposed.get(player_id)
        if move is None:
            raise PokerfloorError(
                "NO_MOVE_PROPOSED", f"no move is waiting for {player_id}", {"player_id": player_id}
            )
        return move

    def _confirm(self, moves: list[Move], at_ms: int) -> None:
        """Record the moves as made, after checking they still fit the tables (a bust or
        another move since the proposal may have changed them)."""
        try:
            balancing.apply_moves(list(self.tables.values()), moves)
        except PokerfloorError as error:
            raise PokerfloorError(
                "STALE_MOVE",
                f"the moves no longer fit the tables ({error.message}): propose them again",
                {"players": [move.player_id for move in moves]},
            ) from error
        reason = moves[0].reason
        broken = moves[0].source.table_no if reason == "break" else None
        citations = tuple(dict.fromkeys(c for move in moves for c in move.citations))
        self._record(PlayersMoved(reason, tuple(moves), at_ms, broken, citations))
