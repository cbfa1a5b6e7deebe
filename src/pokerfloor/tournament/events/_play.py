"""The events of play: hands, busts and their knockouts, hand-for-hand, the chip race, a deal, the
finish.
"""

from __future__ import annotations

import msgspec

from pokerfloor.tournament.ranking import BustInfo
from pokerfloor.tournament.satellites import SatelliteAward
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "BountyShare",
    "BustRebought",
    "ChipRaced",
    "DealAgreed",
    "DealCancelled",
    "DealShare",
    "HandForHandChanged",
    "HandPlayed",
    "HandPlayer",
    "Knockout",
    "Placement",
    "PlayersBusted",
    "Prize",
    "TournamentFinished",
]


class HandPlayer(msgspec.Struct, frozen=True):
    player_id: PlayerId
    seat_no: int
    stack: int  # at the start of the hand
    final_stack: int
    dealt_in: bool = True


class HandPlayed(msgspec.Struct, frozen=True, tag="hand_played"):
    """One hand at one table, as the tournament sees it."""

    table_no: int
    hand_no: int  # per table, from 1
    at_ms: int
    level: int  # 1-based level number
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: int
    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int
    players: tuple[HandPlayer, ...]
    waiting: tuple[int, ...] = ()  # seats not dealt in: between the small blind and the button
    hand_for_hand: bool = False
    citations: tuple[str, ...] = ()
    away: tuple[PlayerId, ...] = ()  # serving a penalty: dealt in, blinds posted, hand killed
    # When the hand began (its level is the one in force then); ``at_ms`` is when it was
    # reported. None in logs written before the field existed: the hand began at ``at_ms``.
    started_at_ms: int | None = None


class Placement(msgspec.Struct, frozen=True):
    player_id: PlayerId
    place: int
    tied_with: tuple[PlayerId, ...] = ()
    places_covered: tuple[int, ...] = ()


class BountyShare(msgspec.Struct, frozen=True):
    """What one collector got of a knockout's bounty: paid in cash, and added to their own
    head (a progressive knockout)."""

    player_id: PlayerId
    cash_cents: int
    head_cents: int


class Knockout(msgspec.Struct, frozen=True):
    """The bounty on a busted player's head and who collected it: the winner(s) of the pot
    holding the player's last chips, a split in the profile's odd-chip order. No shares: the
    bounty had no collector (a disqualification) and is forfeited to the prize pool."""

    player_id: PlayerId
    bounty_cents: int
    shares: tuple[BountyShare, ...] = ()
    citations: tuple[str, ...] = ()


class PlayersBusted(msgspec.Struct, frozen=True, tag="players_busted"):
    """Players ranked out. Hand-for-hand, ``round_no`` is the round of the hand they busted
    in; when busts of the same round at another table were ranked before, ``replaces_last`` is
    true and ``placements`` rank all of them together (the earlier group is replaced), so busts
    of one round share the places they cover whatever the table (tda-2024 RP-8)."""

    table_no: int
    hand_no: int
    at_ms: int
    placements: tuple[Placement, ...]
    hand_for_hand: bool = False
    citations: tuple[str, ...] = ()
    round_no: int = 0
    busts: tuple[BustInfo, ...] = ()  # what ranked them: table, hand and starting stack
    replaces_last: bool = False
    # A bounty tournament: the bounties of the players this event busts (not those of an
    # earlier group it ranks again), settled once. Empty in logs before bounties.
    knockouts: tuple[Knockout, ...] = ()


class BustRebought(msgspec.Struct, frozen=True, tag="bust_rebought"):
    """A player busted during the rebuy period rebuys before the table's next hand: back at
    the seat with no chips (a ``player_rebought`` follows) and the bust's place is withdrawn."""

    player_id: PlayerId
    table_no: int
    seat_no: int
    at_ms: int
    citations: tuple[str, ...] = ()


class HandForHandChanged(msgspec.Struct, frozen=True, tag="hand_for_hand_changed"):
    active: bool
    players_left: int
    at_ms: int
    citations: tuple[str, ...] = ()
    clock_paused: bool = False  # hand-for-hand stopped a running clock (a clock_paused follows)


class ChipRaced(msgspec.Struct, frozen=True, tag="chip_raced"):
    """One table's chip race. ``odd_chips``: the chips of ``removed_chip`` counted for each
    seated player, in dealing order; ``dealer_seat``: the seat the race started left of (None
    from seat 1); ``given_not_raced_out``: players given a chip so nobody is raced out. Those
    three came with the counted race: older logs replay with their defaults."""

    table_no: int
    removed_chip: int
    next_chip: int
    cards: tuple[tuple[PlayerId, tuple[str, ...]], ...]
    winners: tuple[PlayerId, ...]
    stacks_before: tuple[tuple[PlayerId, int], ...]
    stacks_after: tuple[tuple[PlayerId, int], ...]
    at_ms: int
    citations: tuple[str, ...] = ()
    odd_chips: tuple[tuple[PlayerId, int], ...] = ()
    dealer_seat: int | None = None
    given_not_raced_out: tuple[PlayerId, ...] = ()


class Prize(msgspec.Struct, frozen=True):
    player_id: PlayerId
    place: int
    cents: int
    points: int = 0  # championship points, in hundredths


class TournamentFinished(msgspec.Struct, frozen=True, tag="tournament_finished"):
    at_ms: int
    entries: int
    prize_pool_cents: int
    ranking: tuple[Placement, ...]
    prizes: tuple[Prize, ...]
    citations: tuple[str, ...] = ()
    # A satellite's awards: the seats won, the remainder's cash or credit (satellites.py).
    satellite: tuple[SatelliteAward, ...] = ()


class DealShare(msgspec.Struct, frozen=True):
    player_id: PlayerId
    stack: int  # the chips the deal was computed from
    cents: int  # the player's share of the remaining prizes


class DealAgreed(msgspec.Struct, frozen=True, tag="deal_agreed"):
    """Every player in play agreed to share the prizes of places 1 to N (the TD confirms):
    ``payouts_cents`` are those prizes by the payout table at the deal, ``shares`` what each
    player takes instead (``method``: icm | chip_chop | custom); play goes on, and the finish
    pays the shares whatever the order. ``played_for_cents`` is kept out of the split: the
    winner takes it on top of their share."""

    method: str
    shares: tuple[DealShare, ...]
    payouts_cents: tuple[int, ...]
    total_cents: int  # sum(payouts_cents) = the shares + played_for_cents
    prize_pool_cents: int
    at_ms: int
    played_for_cents: int = 0
    citations: tuple[str, ...] = ()


class DealCancelled(msgspec.Struct, frozen=True, tag="deal_cancelled"):
    """The deal agreed is withdrawn before the finish; the payout table applies again."""

    reason: str
    at_ms: int
