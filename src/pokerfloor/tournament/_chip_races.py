"""The chip race of one table at a colour-up, with the odd chips counted there (chiprace.py
holds the race itself).

A part of ``Tournament`` (``tournament.chip_races``, _parts.py); its state is the players'
stacks and the chips in play, the aggregate's.
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import chiprace
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import ChipRaced
from pokerfloor.tournament.types import PlayerId

__all__ = ["ChipRaces"]


class ChipRaces(Part):
    """Racing off the chips of a removed denomination: ``tournament.chip_races``."""

    __slots__ = ()

    def race(
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
        host = self.host
        table = host.tables.get(table_no)
        if table is None or not table.seats:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
        stacks = {player: host.players[player].stack for player in table.seats.values()}
        result = chiprace.chip_race(
            table, stacks, removed, next_chip, host.profile, deck, odd_chips=odd_chips or {}
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
        host._record(event)
        return event

    @applies(ChipRaced)
    def _raced(self, event: ChipRaced) -> None:
        host = self.host
        for player_id, stack in event.stacks_after:
            host.players[player_id].stack = stack
        # The odd chips leave play; the winners, and anyone kept in, get chips of the next
        # colour: the chips in play move by exactly what left the table and came to it.
        host.chips_in_play += sum(s for _, s in event.stacks_after) - sum(
            s for _, s in event.stacks_before
        )
