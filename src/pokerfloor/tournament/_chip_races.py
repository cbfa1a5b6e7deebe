"""The chip race of one table at a colour-up, with the odd chips counted there (chiprace.py
holds the race itself).

A mixin of ``Tournament`` (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament import chiprace
from pokerfloor.tournament.events import ChipRaced
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.events import TournamentEvent
    from pokerfloor.tournament.state import PlayerState
    from pokerfloor.tournament.table_map import TableMap


class ChipRaceCommands:
    """Racing off the chips of a removed denomination, mixed into ``Tournament``."""

    if TYPE_CHECKING:  # provided by Tournament
        tables: TableMap
        players: dict[PlayerId, PlayerState]
        profile: RuleProfile
        chips_in_play: int

        def _record(self, event: TournamentEvent) -> None: ...

    def chip_race(
        self,
        table_no: int,
        removed: int,
        next_chip: int,
        deck: Deck,
        at_ms: int,
        *,
        odd_chips: Mapping[PlayerId, int] | None,
    ) -> ChipRaced:
        """Race off the ``removed`` chips at ``table_no`` with the odd chips counted at the
        table for each seated player (``chiprace.chip_race``). Without counts there is no race
        (``CHIP_RACE_NEEDS_COUNTS``): the recorded stacks do not show the small chips.

        Rule: tda-2024 R24, heavenpoker 9.24, allinouest §Le chip race, ropta-2025 chip race.
        """
        table = self.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        stacks = {player: self.players[player].stack for player in table.seats.values()}
        result = chiprace.chip_race(
            table, stacks, removed, next_chip, self.profile, deck, odd_chips=odd_chips or {}
        )
        event = ChipRaced(
            table_no=table_no,
            removed_chip=removed,
            next_chip=next_chip,
            cards=tuple(
                (player, tuple(str(card) for card in dealt))
                for player, dealt in result.cards.items()
            ),
            winners=result.winners,
            stacks_before=tuple(stacks.items()),
            stacks_after=tuple(result.new_stacks.items()),
            at_ms=at_ms,
            citations=result.citations,
            odd_chips=tuple(result.odd_chips.items()),
            dealer_seat=result.dealer_seat,
            given_not_raced_out=result.given_not_raced_out,
        )
        self._record(event)
        return event

    def _apply_chip_race(self, event: ChipRaced) -> None:
        for player_id, stack in event.stacks_after:
            self.players[player_id].stack = stack
        # The odd chips leave play; the winners, and anyone kept in, get chips of the next
        # colour: the chips in play move by exactly what left the table and came to it.
        self.chips_in_play += sum(s for _, s in event.stacks_after) - sum(
            s for _, s in event.stacks_before
        )
