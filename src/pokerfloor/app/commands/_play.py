"""Play and hands: a hand reported, busts, hand-for-hand, the chip race, a deal, the finish, a
flight's stop.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from pokerfloor.app._command_fields import (
    Cents,
    Chips,
    ChipValue,
    Eliminations,
    HandNo,
    PlayerIdText,
    PointsSpec,
    ReasonText,
    SeatNo,
    Seed,
    TableNo,
    TimeMs,
)
from pokerfloor.app.commands._base import _Command

__all__ = [
    "AgreeDeal",
    "BustPlayers",
    "CancelDeal",
    "ChipRace",
    "Finish",
    "HandForHandRound",
    "RecordHand",
    "SetHandForHand",
    "StopFlight",
]


class RecordHand(_Command, frozen=True, tag="record_hand"):
    """ "Hand finished" at a table, as the table captain reports it.

    ``final_stacks`` names every player dealt in. The positions are optional: when given they
    must be the ones the service derived (dead button), so a table that moved the button
    wrongly is told at once. ``started_at_ms`` (optional) is when the hand began, for a hand
    that finished after the level changed or during a break. Players left at 0 in ``rebuys``
    rebuy at once when allowed; the others are busted and ranked.

    ``busted``: players who busted in this hand, reported without stacks (a dealerless table
    does not count chips), as ``bust_players`` would right after the report, ranked with
    ``starting_stacks`` (all or none) together with any player left at 0; those of them in
    ``rebuys`` rebuy at the bust. The hand and its busts are recorded together or not at all.
    """

    table_no: TableNo
    hand_no: HandNo
    final_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(min_length=2, max_length=10)]
    button_seat: SeatNo | msgspec.UnsetType = msgspec.UNSET
    small_blind_seat: SeatNo | msgspec.UnsetType | None = msgspec.UNSET
    big_blind_seat: SeatNo | msgspec.UnsetType = msgspec.UNSET
    rebuys: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    busted: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    starting_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] = {}  # noqa: RUF012
    started_at_ms: TimeMs | None = None
    eliminated_by: Eliminations = {}  # noqa: RUF012
    # Players seated at the table with no cards in this hand (a dealt table names them: seated
    # after the deal, a late entrant or a re-entry, or waiting for the button); they keep
    # their seats and are dealt in from a next hand (tda-2024 R8, R10 A).
    not_dealt_in: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()


class BustPlayers(_Command, frozen=True, tag="bust_players"):
    """The players of one table who busted in its last hand (dealerless clubs report busts
    without stacks). ``starting_stacks``: the stacks of all of them at the start of the hand,
    when known (the bigger ranks higher, as the profile says); without them they tie.
    ``rebuys``: those of them who rebuy at once ("bust + rebuy"): they keep their seat with
    the rebuy's chips and get no place; refused with the reason when a rebuy is not allowed."""

    table_no: TableNo
    players: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(min_length=1, max_length=10)]
    starting_stacks: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] = {}  # noqa: RUF012
    rebuys: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=10)] = ()
    eliminated_by: Eliminations = {}  # noqa: RUF012


class SetHandForHand(_Command, frozen=True, tag="set_hand_for_hand"):
    active: bool


class HandForHandRound(_Command, frozen=True, tag="hand_for_hand_round"):
    """One hand-for-hand round was played: the profile's time comes off the clock."""


class ChipRace(_Command, frozen=True, tag="chip_race"):
    """``odd_chips``: for every player seated at the table, the chips of ``removed`` still
    held once changed up, as counted at the table (0 for none); without them the race is
    refused (``CHIP_RACE_NEEDS_COUNTS``)."""

    table_no: TableNo
    removed: ChipValue  # the denomination taken out of play
    next_chip: ChipValue  # the smallest denomination left
    seed: Seed | None = None
    odd_chips: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10)] | None = None


class AgreeDeal(_Command, frozen=True, tag="agree_deal"):
    """Every player in play agreed a deal on the remaining prizes (the TD confirms it).
    ``method``: ``icm`` or ``chip_chop`` (the split computed now; ``amounts_cents``, if given,
    must be the split the TD showed) or ``custom`` (``amounts_cents`` for every player in
    play). ``played_for_cents``: kept out of the split, for the winner."""

    method: Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
    amounts_cents: Annotated[dict[PlayerIdText, Cents], msgspec.Meta(max_length=20)] | None = None
    played_for_cents: Cents = 0


class CancelDeal(_Command, frozen=True, tag="cancel_deal"):
    """Withdraw the deal agreed, before the finish."""

    reason: ReasonText


class Finish(_Command, frozen=True, tag="finish"):
    """Close the tournament. Without ``payouts_cents`` the prize pool is paid by the payout
    scheme chosen at set-up (the standard table if none); ``prize_pool_cents`` defaults to the
    pool collected. ``points``: a championship points formula, ``{"name": "sqrt", ...its
    parameters}`` (pokerfloor.tournament.points.points_formula); without it, the formula
    chosen at set-up.
    ``no_points``: score no championship points, even with a formula from the set-up.
    ``below_pool``: the TD knows the payouts given add up to less than the pool (without it,
    such a finish is refused with the amount left unpaid)."""

    payouts_cents: Annotated[tuple[Cents, ...], msgspec.Meta(max_length=1000)] | None = None
    prize_pool_cents: Cents | None = None
    points: PointsSpec | None = None
    no_points: bool = False
    below_pool: bool = False
    # A satellite: the players who already hold a seat to the target event (a seat won twice
    # is settled by the ``[satellite]`` rule).
    holding_seat: Annotated[tuple[PlayerIdText, ...], msgspec.Meta(max_length=1000)] = ()


class StopFlight(_Command, frozen=True, tag="stop_flight"):
    """A flight stops at its players or its level (``[flight]``): the survivors bag their
    chips. ``counted``: the stacks counted at the tables (every player left once, the same
    total); without it, the stacks recorded."""

    counted: Annotated[dict[PlayerIdText, Chips], msgspec.Meta(max_length=10_000)] | None = None
