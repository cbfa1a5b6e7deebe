"""Knockouts in a bounty tournament: who collects each bust's bounty, checked, and the shares.

A part of ``Tournament`` (``tournament.bounties``, _parts.py) that owns the ledger.
``busts.settle`` (``_busts.py``) asks ``knockouts`` for the bounties of
the players it busts and records them in the ``players_busted`` event; the ledger
(``bounties.BountyLedger``) folds them. Live, the console's and the captain's bust forms name
the collector(s) of each bust: the winner(s) of the pot holding the busted player's last chips
(several for a split pot). When nobody is named and only one other player is left at the table,
that player collected it. Software-dealt play reads them from the hand's pots
(``bounties.pot_collectors``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._parts import Part
from pokerfloor.tournament.bounties import (
    BountyLedger,
    collectors_in_odd_chip_order,
    knockout,
)
from pokerfloor.tournament.events import Knockout
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.events import Placement, TournamentEvent
    from pokerfloor.tournament.ranking import BustInfo
    from pokerfloor.tournament.state import Tournament

__all__ = ["Bounties", "Eliminations"]

# For each busted player, who collected the bounty (the winners of the pot holding their last
# chips); several: a split pot.
Eliminations = Mapping[PlayerId, Sequence[PlayerId]]


class Bounties(Part):
    """The bounties: ``tournament.bounties`` (``ledger``: None without bounties)."""

    __slots__ = ("ledger",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        rules = host.structure.bounty
        self.ledger: BountyLedger | None = None if rules is None else BountyLedger(rules)

    def see(self, event: TournamentEvent) -> None:
        """The ledger folds every event (entries, busts' knockouts, rebuys...); the
        aggregate's ``_apply`` calls it before the event's own handler."""
        if self.ledger is not None:
            self.ledger.apply(event)

    def of(self, player_id: PlayerId) -> int:
        """The bounty on the player's head now, in cents (0 without bounties)."""
        return 0 if self.ledger is None else self.ledger.head(player_id)

    def prizes(
        self, ranked: Sequence[Placement], won: Mapping[PlayerId, int]
    ) -> dict[PlayerId, int]:
        """The finish's prizes with the bounties that go to the first prize: the champion's
        own when the structure says so (``bounty.last_bounty = "first_prize"``), and those
        nobody collected (a disqualified player's)."""
        prizes = dict(won)
        ledger = self.ledger
        champion = next((p.player_id for p in ranked if p.place == 1), None)
        if ledger is None or champion is None:
            return prizes
        extra = ledger.forfeited_cents
        if ledger.rules.last_bounty == "first_prize":
            extra += ledger.on_heads_cents
        prizes[champion] = prizes.get(champion, 0) + extra
        return prizes

    def knockouts(
        self,
        busted: Sequence[BustInfo],
        eliminated_by: Eliminations | None,
        stacks: Mapping[PlayerId, int],
    ) -> tuple[Knockout, ...]:
        """The knockouts of ``busted`` (one hand at one table). ``eliminated_by`` None: nobody
        knocked them out (a disqualification): the bounty is forfeited. ``stacks``: the
        players' stacks at the start of the hand when counted (a collector must have covered
        the busted player: a smaller stack cannot win the pot holding their last chips)."""
        ledger = self.ledger
        if ledger is None or not busted:
            return ()
        if eliminated_by is None:
            return tuple(
                knockout(ledger.rules, b.player_id, ledger.head(b.player_id), ()) for b in busted
            )
        out = {bust.player_id for bust in busted}
        strangers = sorted(set(eliminated_by) - out)
        if strangers:
            raise PokerfloorError(
                "BOUNTY_NOT_BUSTED", {"player_id": strangers[0], "busted_players": sorted(out)}
            )
        settled = []
        for bust in busted:
            collectors = self._collectors(bust, eliminated_by.get(bust.player_id, ()), out, stacks)
            table = self.host.tables[bust.table_no]
            seats = {player: seat for seat, player in table.seats.items()}
            ordered = collectors_in_odd_chip_order(
                collectors, seats, table.button_seat or 0, table.size
            )
            result = knockout(ledger.rules, bust.player_id, ledger.head(bust.player_id), ordered)
            if len(ordered) > 1:  # the odd unit follows the pot's odd chip
                result = Knockout(
                    result.player_id,
                    result.bounty_cents,
                    result.shares,
                    (*result.citations, *self.host.cite("pots.odd_chip")),
                )
            settled.append(result)
        return tuple(settled)

    def _collectors(
        self,
        bust: BustInfo,
        named: Sequence[PlayerId],
        out: set[PlayerId],
        stacks: Mapping[PlayerId, int],
    ) -> tuple[PlayerId, ...]:
        table = self.host.tables[bust.table_no]
        others = sorted(p for p in table.seats.values() if p not in out)
        if not named:
            if len(others) == 1:  # heads-up: nobody else could have won the pot
                return (others[0],)
            raise PokerfloorError(
                "BOUNTY_COLLECTOR_MISSING",
                {"player_id": bust.player_id, "table_no": bust.table_no, "candidates": others},
            )
        if len(set(named)) != len(named):
            raise PokerfloorError(
                "BOUNTY_BAD_COLLECTOR",
                {"player_id": bust.player_id, "reason": "named_twice", "candidates": others},
            )
        for collector in named:
            if collector not in others:
                raise PokerfloorError(
                    "BOUNTY_BAD_COLLECTOR",
                    {
                        "player_id": bust.player_id,
                        "collector": collector,
                        "table_no": bust.table_no,
                        "reason": "busted_too" if collector in out else "not_at_table",
                        "candidates": others,
                    },
                )
            stack, busted_stack = stacks.get(collector), stacks.get(bust.player_id)
            if stack is not None and busted_stack is not None and stack < busted_stack:
                raise PokerfloorError(
                    "BOUNTY_COLLECTOR_DID_NOT_COVER",
                    {
                        "player_id": bust.player_id,
                        "collector": collector,
                        "stack": stack,
                        "busted_stack": busted_stack,
                    },
                )
        return tuple(named)
