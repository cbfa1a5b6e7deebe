"""Penalties: the profile's ladder applied to a player (the kind, the hands to miss, a
disqualification's chips out of play and its place, tda-2024 R71), and the next step of the
ladder proposed to the TD (``penalties.py`` holds the rules; this mixin records them).

A mixin of ``Tournament`` (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import ranking
from pokerfloor.tournament.events import PenaltyGiven
from pokerfloor.tournament.penalties import Penalty, assess_penalty, next_penalty

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pokerfloor.rules import RuleProfile
    from pokerfloor.tournament._bounties import Eliminations
    from pokerfloor.tournament.events import Placement, TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.table_map import TableMap
    from pokerfloor.tournament.types import PlayerId


class PenaltyCommands:
    """Giving penalties, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        profile: RuleProfile
        players: dict[PlayerId, PlayerState]
        tables: TableMap
        hands_at: dict[int, int]

        def _record(self, event: TournamentEvent) -> None: ...
        def settle_busts(
            self,
            busted: Sequence[ranking.BustInfo],
            at_ms: int,
            eliminated_by: Eliminations | None = ...,
        ) -> list[Placement]: ...

    def penalize(self, player_id: PlayerId, kind: str, reason: str, at_ms: int) -> Penalty:
        """Give a penalty of the profile's ladder; a disqualification removes the chips and
        ranks the player like a bust (tda-2024 R71)."""
        player = self.players.get(player_id)
        if player is None or not player.in_play or player.seat is None:
            raise PokerfloorError("NOT_IN_PLAY", {"player_id": player_id})
        at_table = len(self.tables[player.seat.table_no].seats)
        penalty = assess_penalty(
            player_id,
            kind,
            self.profile,
            reason=reason,
            players_at_table=at_table,
            stack=player.stack,
        )
        self._record(
            PenaltyGiven(
                player_id, penalty.kind, penalty.hands_to_miss, reason, at_ms,
                penalty.chips_removed, tuple(penalty.citations),
            )
        )  # fmt: skip
        if penalty.chips_removed:
            table_no = player.seat.table_no
            hand_no = self.hands_at.get(table_no, 0)
            self.settle_busts(
                [ranking.BustInfo(player_id, table_no, penalty.chips_removed, hand_no)],
                at_ms,
                None,  # nobody knocked a disqualified player out: a bounty is forfeited
            )
        return penalty

    def proposed_penalty(self, player_id: PlayerId) -> str:
        """The next step of the profile's ladder for this player (escalation)."""
        return next_penalty(self.players[player_id].penalties, self.profile)
