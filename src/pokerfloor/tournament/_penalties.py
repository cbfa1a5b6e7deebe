"""Penalties: the profile's ladder applied to a player (the kind, the hands to miss, a
disqualification's chips out of play and its place, tda-2024 R71), and the next step of the
ladder proposed to the TD (``penalties.py`` holds the rules; this part records them).

A part of ``Tournament`` (``tournament.penalties``, _parts.py): a player's penalties are kept
on the player (``PlayerState.penalties``, ``missed_hands``), folded here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import PenaltyGiven
from pokerfloor.tournament.penalties import Penalty, assess_penalty, next_penalty

if TYPE_CHECKING:
    from pokerfloor.tournament.types import PlayerId

__all__ = ["Penalties"]


class Penalties(Part):
    """Giving penalties: ``tournament.penalties``."""

    __slots__ = ()

    def give(self, player_id: PlayerId, kind: str, reason: str, at_ms: int) -> Penalty:
        """Give a penalty of the profile's ladder; a disqualification removes the chips and
        ranks the player like a bust (tda-2024 R71)."""
        host = self.host
        player = host.players.get(player_id)
        if player is None or not player.in_play or player.seat is None:
            raise PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
        at_table = len(host.tables[player.seat.table_no].seats)
        penalty = assess_penalty(
            player_id,
            kind,
            host.profile,
            reason=reason,
            players_at_table=at_table,
            stack=player.stack,
        )
        host._record(
            PenaltyGiven(
                player_id, penalty.kind, penalty.hands_to_miss, reason, at_ms,
                penalty.chips_removed, tuple(penalty.citations),
            )
        )  # fmt: skip
        if penalty.chips_removed:
            table_no = player.seat.table_no
            hand_no = host.hands_at.get(table_no, 0)
            host.busts.settle(
                [ranking.BustInfo(player_id, table_no, penalty.chips_removed, hand_no)],
                at_ms,
                None,  # nobody knocked a disqualified player out: a bounty is forfeited
            )
        return penalty

    def proposed(self, player_id: PlayerId) -> str:
        """The next step of the profile's ladder for this player (escalation)."""
        return next_penalty(self.host.players[player_id].penalties, self.host.profile)

    @applies(PenaltyGiven)
    def _given(self, event: PenaltyGiven) -> None:
        player = self.host.players[event.player_id]
        player.penalties.append(event.kind)
        player.missed_hands += event.hands_to_miss
        player.stack -= event.chips_removed
        self.host.chips_in_play -= event.chips_removed
