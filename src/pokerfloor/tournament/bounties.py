"""Bounties and progressive knockouts: a knockout's bounty split among its collectors, the
collector of each bust read from a hand's pots, and the ledger of every bounty (funded, on each
head, paid, forfeited).

Settlement, after the operators' published PKO rules (``pko-rules``: PokerStars' Progressive
Knockout page, GGPoker's Bounty Hunters page):

- the bounty of a busted player goes to whoever wins the pot holding that player's last chips
  (the highest pot they were eligible for); a player who won only a lower pot did not cover
  them and collects nothing for them;
- a split pot splits the bounty equally, the odd unit (``bounty.rounding_cents``) to the
  collector first left of the button, as the profile gives a pot's odd chip (``pots.odd_chip``);
- several players busted in one hand each pay their bounty;
- a progressive knockout adds ``progressive_percent`` of each share to the collector's own head
  (rounded down to the unit) and pays the rest in cash.

Money is conserved and every bounty is paid once: the entries' bounties = paid in cash + on the
heads of the players still in play + forfeited or added to the first prize
(``BountyLedger.reconciles``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from pokerfloor.hand import split_pot
from pokerfloor.tournament._bounty_rules import BountyRules
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    BountyShare,
    BustCorrected,
    BustRebought,
    BustUndone,
    Knockout,
    PlayerRegistered,
    PlayersBusted,
    PlayerUnregistered,
    TournamentEvent,
    TournamentFinished,
)
from pokerfloor.tournament.structure import Structure
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "PKO_CITATIONS",
    "BountyLedger",
    "BountyRules",
    "knockout",
    "pot_collectors",
    "split_bounty",
    "with_bounty",
]

PKO_CITATIONS = ("pko-rules (PokerStars Progressive Knockout, GGPoker Bounty Hunters)",)


def with_bounty(structure: Structure, rules: BountyRules | None) -> Structure:
    """The structure with these bounties (None: without), checked like any structure."""
    fields = {name: getattr(structure, name) for name in structure.__struct_fields__}
    return Structure(**(fields | {"bounty": rules}))


def split_bounty(
    rules: BountyRules, bounty_cents: int, collectors: Sequence[PlayerId]
) -> tuple[BountyShare, ...]:
    """Each collector's share of ``bounty_cents`` (collectors in odd-chip order: the first
    gets the first odd unit), each share cut into cash and the part added to the collector's
    head. The cash part takes the rounding: the head part is rounded down to the unit."""
    unit = rules.rounding_cents
    amounts = split_pot(bounty_cents, list(range(len(collectors))), unit)
    shares = []
    for player_id, amount in zip(collectors, amounts, strict=True):
        head = amount * rules.progressive_percent // 100 // unit * unit
        shares.append(BountyShare(player_id, amount - head, head))
    return tuple(shares)


def knockout(
    rules: BountyRules, busted: PlayerId, bounty_cents: int, collectors: Sequence[PlayerId]
) -> Knockout:
    """The knockout of ``busted`` by ``collectors`` (odd-chip order); none: forfeited."""
    shares = split_bounty(rules, bounty_cents, collectors) if collectors else ()
    return Knockout(busted, bounty_cents, shares, PKO_CITATIONS)


def pot_collectors(
    pots: Sequence[tuple[Sequence[PlayerId], Sequence[PlayerId]]], busted: PlayerId
) -> tuple[PlayerId, ...]:
    """Who collects ``busted``'s bounty, from a hand's pots given main pot first as
    ``(eligible players, winners)``: the winners of the highest pot the busted player was
    eligible for, the one holding their last chips."""
    for eligible, winners in reversed(pots):
        if busted in eligible:
            return tuple(winners)
    return ()


class BountyLedger(msgspec.Struct):
    """Every bounty of one tournament, folded from its events (``apply``).

    ``heads``: the bounty on each player still in play; ``won_cents``: cash each player
    collected; ``knockouts``: how many busts each player collected a share of;
    ``funded_cents``: the bounties the entries paid for; ``paid_cents``: paid in cash;
    ``forfeited_cents``: bounties nobody collected (a disqualification), added to the prize
    pool; ``first_prize_cents``: the champion's own bounty when the structure adds it to the
    first prize; ``last``: the last knockout of each busted player (a correction reverses it).
    """

    rules: BountyRules
    heads: dict[PlayerId, int] = {}
    won_cents: dict[PlayerId, int] = {}
    knockouts: dict[PlayerId, int] = {}
    funded_cents: int = 0
    paid_cents: int = 0
    forfeited_cents: int = 0
    first_prize_cents: int = 0
    last: dict[PlayerId, Knockout] = {}

    # ---- queries ------------------------------------------------------------------------

    def head(self, player_id: PlayerId) -> int:
        return self.heads.get(player_id, 0)

    @property
    def on_heads_cents(self) -> int:
        return sum(self.heads.values())

    @property
    def reconciles(self) -> bool:
        """Every cent the entries put into bounties is on a head, paid, or in the prize pool."""
        return self.funded_cents == (
            self.paid_cents + self.on_heads_cents + self.forfeited_cents + self.first_prize_cents
        )

    # ---- folding events -----------------------------------------------------------------

    def apply(self, event: TournamentEvent) -> None:
        if isinstance(event, PlayerRegistered):  # an entry or a re-entry: a fresh bounty
            self.heads[event.player_id] = self.head(event.player_id) + self.rules.cents
            self.funded_cents += self.rules.cents
        elif isinstance(event, PlayerUnregistered):  # the entry is refunded with its bounty
            self.funded_cents -= self.heads.pop(event.player_id, 0)
        elif isinstance(event, AbsentSeatReleased) and event.player_id is not None:
            # The newcomer takes the absent player's entry, and the bounty on it.
            self.heads[event.player_id] = self.heads.pop(event.absent_player_id, 0)
        elif isinstance(event, PlayersBusted):
            for settled in event.knockouts:
                self._collect(settled, 1)
        elif isinstance(event, BustRebought | BustUndone | BustCorrected):
            reversed_ = self.last.pop(event.player_id, None)
            if reversed_ is not None:  # the player is back: the bounty goes back on the head
                self._collect(reversed_, -1)
        elif isinstance(event, TournamentFinished):
            self._champion(event)

    def _collect(self, settled: Knockout, sign: int) -> None:
        """A knockout's bounty moved from the busted head to its collectors (``sign`` 1), or
        back (-1). A collector's head part already gone onward (they busted since) comes back
        from their cash: the books still balance, the collector owes it."""
        busted = settled.player_id
        self.heads[busted] = self.head(busted) - sign * settled.bounty_cents
        if self.heads[busted] == 0:
            del self.heads[busted]
        if not settled.shares:
            self.forfeited_cents += sign * settled.bounty_cents
        for share in settled.shares:
            collector = share.player_id
            cash, head = share.cash_cents, share.head_cents
            if sign < 0 and collector not in self.heads:
                cash, head = cash + head, 0
            if head:
                self.heads[collector] = self.head(collector) + sign * head
            self.won_cents[collector] = self.won_cents.get(collector, 0) + sign * cash
            self.knockouts[collector] = self.knockouts.get(collector, 0) + sign
            self.paid_cents += sign * cash
        if sign > 0:
            self.last[busted] = settled
        # Logs replayed from the start rebuild ``last``; a reversal forgets it.

    def _champion(self, finished: TournamentFinished) -> None:
        """The bounties still on heads when the tournament ends (the champion's own): paid to
        the champion, or added to the first prize, as the structure says."""
        champion = next((p.player_id for p in finished.ranking if p.place == 1), None)
        for player_id, cents in list(self.heads.items()):
            del self.heads[player_id]
            if self.rules.last_bounty == "first_prize":
                self.first_prize_cents += cents
            else:
                receiver = champion if champion is not None else player_id
                self.won_cents[receiver] = self.won_cents.get(receiver, 0) + cents
                self.paid_cents += cents

    def won(self, player_id: PlayerId) -> int:
        return self.won_cents.get(player_id, 0)


def collectors_in_odd_chip_order(
    collectors: Sequence[PlayerId], seats: Mapping[PlayerId, int], button_seat: int, size: int
) -> tuple[PlayerId, ...]:
    """The collectors from the first seat left of the button, in dealing order (the odd unit
    goes first there, as a pot's odd chip: ``pots.odd_chip``)."""
    return tuple(
        sorted(collectors, key=lambda player: (seats.get(player, 0) - button_seat - 1) % size)
    )
