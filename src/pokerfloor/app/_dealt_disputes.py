"""The TD's rulings on disputes at dealt tables (a part of ``DealtService``; the checks are
the core's, ``dealt.disputes`` and the tournament's ``correct_hand``).

A ruling names a hand of a table and the chips to move between stacks, with its reason. Between
hands (the last hand finished and recorded) the tournament's stacks are corrected at once
(``CorrectHand``: the tournament refuses a stack below 1 or a player not at the table, and the
ruling is then not recorded). On the hand in progress (the table paused: tda-2024 R1, the TD
stops the play to decide) it is recorded, then applied right after the tournament records
that hand, to the stacks the hand left; refused then, it says why (``dispute_settled``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerfloor.app.commands import CorrectHand
from pokerfloor.dealt.disputes import (
    DISPUTE_CITATIONS,
    MAX_DISPUTE_REASON,
    DisputeRuled,
    DisputeSettled,
    applies_at_once,
    check_dispute,
    lapsing,
    waiting_totals,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament

if TYPE_CHECKING:
    from pokerfloor.app.dealt_service import DealtService

__all__ = ["DealtDisputes"]


class DealtDisputes:
    """Rulings on disputes: a part of ``DealtService`` (``service.rulings``)."""

    def __init__(self, host: DealtService) -> None:
        self.host = host

    def rule_dispute(
        self,
        tournament_id: str,
        table_no: int,
        hand_no: int,
        transfers: Mapping[str, int],
        reason: str,
        by: str,
    ) -> DisputeRuled:
        """The TD's ruling on ``hand_no`` at ``table_no``: chips moved between the stacks of
        players of the table (``transfers``, adding up to 0) for ``reason``. The last finished
        hand between hands: applied at once. The hand in progress: the table must be paused
        (``DISPUTE_NEEDS_PAUSE``); applied once the hand is recorded."""
        moved = check_dispute(transfers, reason)
        reason = " ".join(reason.split())[:MAX_DISPUTE_REASON]
        with self.host._lock:
            self.host._require_dealt(tournament_id)
            known = self.host.tournaments.read(tournament_id, lambda t: set(t.tables))
            if table_no not in known:
                raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
            table = self.host._table(tournament_id, table_no).table
            recorded = self.host.tournaments.read(
                tournament_id, lambda t: t.hands_at.get(table_no, 0)
            )
            at_once = applies_at_once(table, table_no, hand_no, recorded)
            now = self.host.clock()
            if at_once:  # refused by the tournament: nothing is recorded
                self._correct(tournament_id, table_no, moved, reason)
            ruling = DisputeRuled(
                table_no, hand_no, moved, reason, by[:80], DISPUTE_CITATIONS, now, at_once
            )
            self.host._append_choice(tournament_id, ruling)
            self.host._state(tournament_id).disputes.append(ruling)
        self.host._notify(tournament_id)
        return ruling

    def _correct(
        self, tournament_id: str, table_no: int, moved: Sequence[tuple[str, int]], reason: str
    ) -> None:
        """The tournament's stacks of the table's last recorded hand, corrected."""

        def stacks(tournament: Tournament) -> tuple[int, dict[str, int]]:
            players = tournament.players
            return tournament.hands_at.get(table_no, 0), {
                player: (players[player].stack if player in players else 0) + chips
                for player, chips in moved
            }

        last, corrected = self.host.tournaments.read(tournament_id, stacks)
        self.host.tournaments.execute(
            tournament_id,
            CorrectHand(table_no=table_no, hand_no=last, stacks=corrected, reason=reason),
        )

    def settle(self, tournament_id: str, table_no: int, hand_no: int) -> None:
        """After the tournament recorded ``hand_no``: the rulings made during it, applied."""
        state = self.host._state(tournament_id)
        waiting, totals = waiting_totals(state.disputes, table_no, hand_no)
        if not waiting:
            return
        code = ""
        try:
            if any(totals.values()):
                reason = "; ".join(ruling.reason for ruling in waiting)
                self._correct(tournament_id, table_no, sorted(totals.items()), reason)
        except PokerfloorError as refusal:
            code = refusal.code
        event = DisputeSettled(table_no, hand_no, not code, code, self.host.clock())
        self.host._append_choice(tournament_id, event)
        state.disputes.append(event)

    def void(self, tournament_id: str, table_no: int, hand_no: int) -> None:
        """The hand was voided (a misdeal): its waiting rulings lapse, every chip went back."""
        state = self.host._state(tournament_id)
        if lapsing(state.disputes, table_no, hand_no):
            event = DisputeSettled(table_no, hand_no, False, "HAND_VOID", self.host.clock())
            self.host._append_choice(tournament_id, event)
            state.disputes.append(event)

    def disputes(self, tournament_id: str) -> list[DisputeRuled | DisputeSettled]:
        """Every ruling and settlement, oldest first."""
        with self.host._lock:
            return list(self.host._state(tournament_id).disputes)
