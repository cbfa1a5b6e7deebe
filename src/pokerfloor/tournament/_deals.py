"""Deals at the final table: the players left share the remaining prizes instead of playing
for them, by ICM, by a chip chop or by amounts of their own.

A part of ``Tournament`` (``tournament.deals``, _parts.py). ``propose`` computes both splits
from the stacks recorded and records nothing; ``agree`` records the deal every player in play
accepted (the TD confirms it: the software cannot hear them); ``cancel`` withdraws it before
the finish. Play goes on after a deal (for the title and the championship points): places follow
the actual finish, and ``Tournament.finish`` pays each player of the deal their share instead
of the payout of their place (``prizes``). Earlier places keep the payout table's prizes.

What a careful TD holds to, and the code with them:

- Rule: heavenpoker 8.14 forbids any arrangement between players (the prize goes to the real
  winner): the profile's ``deals.allowed`` is false and every deal is refused with
  ``DEALS_FORBIDDEN`` and that citation. The TDA-based profiles allow deals (no TDA rule
  forbids them; house policy applies: tda-2024 R1, tda-2010 R1, and the profiles following TDA).
- The remaining prizes are the payouts of places 1 to N for the N players in play, from the
  payout table the finish would use now (``default_payouts`` of the pool collected so far).
- All N players take part, at one table: a deal is made at the final table, never by some of
  the players left.
- The split is only as right as the stacks: a table whose stacks are unknown (a bust reported
  without stacks, ``unknown_chips``) must report them first; the console asks for a count.
- A part of the first prize may be kept aside and played for (``played_for_cents``): the
  split shares the rest, and the winner takes it on top of their share.
- A proposal is checked again when accepted: amounts the TD saw that no longer match the
  stacks and prizes (a hand was reported in between) are refused as stale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import balancing, icm
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import DealAgreed, DealCancelled, DealShare, Placement
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = ["DEAL_EVENTS", "DEAL_METHODS", "DealOffer", "Deals"]

DEAL_METHODS = ("icm", "chip_chop", "custom")
DEAL_EVENTS = (DealAgreed, DealCancelled)


class DealOffer(msgspec.Struct, frozen=True):
    """Both splits the floor shows the players, the biggest stack first.

    ``payouts_cents``: the prizes of places 1 to N by the payout table now (fewer when fewer
    places are paid); ``total_cents`` is their sum, ``played_for_cents`` included; each split
    shares ``total_cents - played_for_cents`` exactly.
    """

    player_ids: tuple[PlayerId, ...]
    stacks: tuple[int, ...]
    payouts_cents: tuple[int, ...]
    played_for_cents: int
    icm_cents: tuple[int, ...]
    chip_chop_cents: tuple[int, ...]
    total_cents: int
    prize_pool_cents: int
    citations: tuple[str, ...]

    def split(self, method: str) -> tuple[int, ...]:
        return self.icm_cents if method == "icm" else self.chip_chop_cents


class Deals(Part):
    """Proposing, agreeing and cancelling a deal: ``tournament.deals``."""

    __slots__ = ("agreed",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.agreed: DealAgreed | None = None  # agreed by every player in play

    # ---- queries ------------------------------------------------------------------------

    def offered(self) -> bool:
        """Whether the TD's screen offers a deal now: from the moment the players left fit the
        final table (its size by the event's format, ``balancing.final_table_size``) until the
        finish. ``propose`` still refuses until they sit at that one table.

        Rule: tda-2024 RP-9 (the final table of 8-seat tables seats 9, of 6-seat tables 7;
        ropta 2.6; tda-2010 R7 ten): the panel shows at 9 players left of an 8-max event."""
        host = self.host
        if host.finished is not None:
            return False
        final_size = balancing.final_table_size(host.profile, host.created.table_size)
        return 2 <= len(host.in_play()) <= final_size

    # ---- commands -----------------------------------------------------------------------

    def propose(self, played_for_cents: int = 0) -> DealOffer:
        """The ICM split and the chip chop of the remaining prizes; nothing is recorded.

        Rule: heavenpoker 8.14 (refused with ``DEALS_FORBIDDEN`` where the profile forbids
        deals). Refused after the finish, with fewer than 2 players, before the final table
        is formed, while a table's stacks are unknown, or when ``played_for_cents`` would
        leave first place below second.
        """
        citations = self._check_deal_possible()
        host = self.host
        alive = sorted(host.in_play(), key=lambda p: (-p.stack, p.player_id))
        pool = host.prize_pool().total_cents
        payouts = host.default_payouts(pool)[: len(alive)]
        second = payouts[1] if len(payouts) > 1 else 0
        first = payouts[0] if payouts else 0
        if not 0 <= played_for_cents <= first - second:
            raise PokerfloorError(
                "DEAL_BAD_PLAYED_FOR", {"played_for_cents": played_for_cents, "max": first - second}
            )
        shared = (first - played_for_cents, *payouts[1:]) if payouts else ()
        stacks = tuple(p.stack for p in alive)
        return DealOffer(
            player_ids=tuple(p.player_id for p in alive),
            stacks=stacks,
            payouts_cents=payouts,
            played_for_cents=played_for_cents,
            icm_cents=icm.icm_equities(stacks, shared),
            chip_chop_cents=icm.chip_chop(stacks, shared),
            total_cents=sum(payouts),
            prize_pool_cents=pool,
            citations=citations,
        )

    def agree(
        self,
        method: str,
        at_ms: int,
        amounts: Mapping[PlayerId, int] | None = None,
        played_for_cents: int = 0,
    ) -> DealAgreed:
        """Record the deal every player in play accepted. ``method`` ``icm`` or ``chip_chop``
        takes the split computed now (``amounts``, when given, are the split the TD showed:
        refused as ``DEAL_STALE`` if it changed since); ``custom`` takes ``amounts``, one per
        player in play, 0 or more, adding up to the remaining prizes."""
        if self.host.finished is not None:
            raise _finished()
        if self.agreed is not None:
            raise PokerfloorError("DEAL_ALREADY_AGREED", {"method": self.agreed.method})
        offer = self.propose(played_for_cents)
        if method not in DEAL_METHODS:
            raise PokerfloorError(
                "DEAL_BAD_METHOD", {"method": method, "accepted": list(DEAL_METHODS)}
            )
        computed = dict(zip(offer.player_ids, offer.split(method), strict=True))
        if method == "custom":
            computed = _custom_amounts(offer, amounts)
        elif amounts is not None and dict(amounts) != computed:
            raise PokerfloorError("DEAL_STALE", {"method": method})
        shares = tuple(
            DealShare(player_id, stack, computed[player_id])
            for player_id, stack in zip(offer.player_ids, offer.stacks, strict=True)
        )
        event = DealAgreed(
            method, shares, offer.payouts_cents, offer.total_cents, offer.prize_pool_cents,
            at_ms, played_for_cents, offer.citations,
        )  # fmt: skip
        self.host._record(event)
        return event

    def cancel(self, reason: str, at_ms: int) -> None:
        """Withdraw the deal before the finish (the payout table applies again)."""
        if self.host.finished is not None:
            raise _finished()
        if self.agreed is None:
            raise PokerfloorError("NO_DEAL", {})
        if not reason.strip():
            raise PokerfloorError("DEAL_NO_REASON", {})
        self.host._record(DealCancelled(reason.strip(), at_ms))

    # ---- the finish ---------------------------------------------------------------------

    def prizes(
        self, ranked: Sequence[Placement], payouts: Sequence[int], won: Mapping[PlayerId, int]
    ) -> dict[PlayerId, int]:
        """The prizes of the finish with the deal honoured: each player of the deal gets their
        share (the winner the amount played for too), whatever place they finished in.
        Refused when the deal no longer fits: other players among the first N places (a bust
        corrected since), or payouts of those places adding up to another total (the pool
        changed since): cancel the deal, then agree again."""
        deal = self.agreed
        if deal is None:
            return dict(won)
        shares = {share.player_id: share.cents for share in deal.shares}
        places = len(shares)
        first = {p.player_id for p in ranked if p.place <= places}
        if first != set(shares):
            raise PokerfloorError(
                "DEAL_PLAYERS_CHANGED", {"deal": sorted(shares), "ranked": sorted(first)}
            )
        paid = sum(payouts[:places])
        if paid != deal.total_cents:
            raise PokerfloorError(
                "DEAL_PAYOUTS_CHANGED",
                {"places": places, "payouts_cents": paid, "deal_cents": deal.total_cents},
            )
        result = dict(won)
        for placement in ranked:
            if placement.player_id in shares:
                extra = deal.played_for_cents if placement.place == 1 else 0
                result[placement.player_id] = shares[placement.player_id] + extra
        return result

    # ---- checks and events --------------------------------------------------------------

    def _check_deal_possible(self) -> tuple[str, ...]:
        """The citations allowing a deal, or the refusal."""
        host = self.host
        if host.finished is not None:
            raise _finished()
        allowed, citations = icm.deal_allowed(host.profile)
        if not allowed:
            raise PokerfloorError(
                "DEALS_FORBIDDEN", {"profile": host.profile.id, "citations": list(citations)}
            )
        alive = host.in_play()
        if len(alive) < 2:
            raise PokerfloorError("DEAL_TOO_FEW_PLAYERS", {"players": len(alive)})
        tables = sorted({p.seat.table_no for p in alive if p.seat is not None})
        if len(tables) != 1 or any(p.seat is None for p in alive):
            raise PokerfloorError(
                "DEAL_NOT_AT_FINAL_TABLE", {"players": len(alive), "tables": tables}
            )
        if tables[0] in host.unknown_chips:
            raise PokerfloorError(
                "DEAL_STACKS_UNKNOWN",
                {"table_no": tables[0], "unknown_chips": host.unknown_chips[tables[0]]},
            )
        return citations

    @applies(DealAgreed)
    def _agreed(self, event: DealAgreed) -> None:
        self.agreed = event

    @applies(DealCancelled)
    def _cancelled(self, event: DealCancelled) -> None:
        self.agreed = None


def _finished() -> PokerfloorError:
    return PokerfloorError("TOURNAMENT_FINISHED", {})


def _custom_amounts(offer: DealOffer, amounts: Mapping[PlayerId, int] | None) -> dict[str, int]:
    """The amounts the players agreed, checked: one per player in play, whole cents, 0 or
    more, adding up to the prizes shared."""
    given = dict(amounts or {})
    missing = sorted(set(offer.player_ids) - set(given))
    unknown = sorted(set(given) - set(offer.player_ids))
    if missing or unknown:
        raise PokerfloorError("DEAL_BAD_AMOUNTS", {"missing": missing, "not_in_play": unknown})
    for player_id, cents in given.items():
        if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
            raise PokerfloorError("DEAL_BAD_AMOUNTS", {"player_id": player_id})
    shared = offer.total_cents - offer.played_for_cents
    if sum(given.values()) != shared:
        raise PokerfloorError(
            "DEAL_AMOUNTS_DO_NOT_ADD_UP",
            {"total_cents": sum(given.values()), "expected_cents": shared},
        )
    return given
