"""Prize pool, payout tables, prizes in kind and tied places, all in whole cents.

- ``prize_pool``: what the players put in, what the house keeps (fees and rake) and what it adds
  to meet a guarantee (the overlay).
- ``payout_table``: the amount of each paid place, from the bundled standard table (by field
  size) or from a curve (``PowerCurve``, ``GeometricCurve``) for any field size. Amounts are
  whole multiples of ``rounding_cents``, never increase from one place to the next, and sum
  exactly to the pool: each place gets the floor of its share, the rest goes to first place.
- ``with_prizes_in_kind``: places that win an item (a trophy, a ticket) instead of money.
- ``split_tied_places`` and ``award_prizes``: players tied for places ``k..k+m-1`` share the
  sum of those places equally (Rule: ropta 5.4; tda-2024 RP-8 between tables hand for hand);
  whole units go one each to the first players in the order given, so the total is exact.

Whether simultaneous busts tie is the ranking's business (profile settings ``busts.same_table``
and ``busts.hand_for_hand_tables``); these functions share whatever places the ranking ties.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from math import ceil
from typing import Literal

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._numbers import Number, exact_decimal, exact_fraction, whole
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "STANDARD_PAYOUTS",
    "FixedShares",
    "GeometricCurve",
    "PowerCurve",
    "Prize",
    "PrizeInKind",
    "PrizePool",
    "award_prizes",
    "check_ranking",
    "paid_places",
    "payout_scheme",
    "payout_table",
    "prize_pool",
    "share_evenly",
    "split_tied_places",
    "split_tied_prizes",
    "whole",
    "with_prizes_in_kind",
]


class PrizePool(msgspec.Struct, frozen=True):
    """The money of one tournament, in cents.

    ``collected_cents`` is everything the players paid (buy-ins, fees, rebuys, add-ons);
    ``fees_cents`` what the house keeps (entry fees plus rake); ``overlay_cents`` what the house
    adds to reach the guarantee; ``total_cents`` what is paid out:
    ``total = collected - fees + overlay``.
    """

    total_cents: int
    collected_cents: int
    fees_cents: int
    overlay_cents: int


class PrizeInKind(msgspec.Struct, frozen=True):
    """A prize that is an item, not money. ``value_cents`` is its declared value, for display
    only: it is never taken from the prize pool."""

    description: str
    value_cents: int = 0


Prize = int | PrizeInKind


@dataclass(frozen=True, slots=True)
class PowerCurve:
    """Place ``k`` weighs ``1 / k ** exponent`` (``exponent`` 0 = equal prizes, 1 = Zipf).

    The curve pays ``places`` places, or else ``paid_percent`` % of the field rounded up.
    """

    exponent: Number = 1
    paid_percent: int = 12
    places: int | None = None


@dataclass(frozen=True, slots=True)
class GeometricCurve:
    """Place ``k`` weighs ``ratio ** (k - 1)``: each place pays ``ratio`` times the one above
    (``0 < ratio <= 1``). Paid places as for ``PowerCurve``."""

    ratio: Number = Decimal("0.75")
    paid_percent: int = 12
    places: int | None = None


@dataclass(frozen=True, slots=True)
class FixedShares:
    """The club's own grid: each paid place takes a fixed share of the pool in basis points
    (5000 = 50 %), first place first, never increasing, summing to 10 000. A field smaller
    than the grid pays only its first places, which share the pool in the same proportions."""

    basis_points: tuple[int, ...]


PayoutScheme = Literal["standard"] | PowerCurve | GeometricCurve | FixedShares

# The standard table: (largest field size of the row, basis points of places 1-9, of the
# bands after; "3x350" is three places of 350). Each row pays about 10-15 % of the field (small
# fields pay 1 to 3 places), sums to 10 000 basis points and never increases; from 10 places
# on, places come in bands of equal prizes (10-12, 13-15, ..., then nine places a band from
# 28th on). Fields above the last row use ``LARGE_FIELD_CURVE``.
_STANDARD_ROWS: tuple[tuple[int, str] | tuple[int, str, str], ...] = (
    (3, "10000"),
    (6, "6500 3500"),
    (10, "5000 3000 2000"),
    (16, "4500 3100 2400"),
    (24, "4000 2500 1900 1600"),
    (32, "3600 2200 1650 1350 1200"),
    (40, "3300 2000 1500 1225 1050 925"),
    (50, "3100 1860 1380 1120 950 840 750"),
    (60, "3000 1760 1290 1040 875 760 670 605"),
    (72, "2900 1675 1220 975 820 710 630 560 510"),
    (100, "2825 1535 1080 840 690 590 515 460 415", "3x350"),
    (130, "2735 1440 995 770 625 530 460 410 370", "3x310 3x245"),
    (160, "2640 1370 940 720 585 495 430 380 340", "3x285 3x225 3x190"),
    (190, "2585 1325 900 685 555 470 405 355 320", "3x265 3x210 3x175 3x150"),
    (220, "2555 1285 870 660 535 445 385 340 300", "3x250 3x200 3x165 3x140 3x120"),
    (250, "2515 1250 845 640 515 430 370 325 290", "3x240 3x190 3x155 3x135 3x115 3x105"),
    (300, "2440 1185 790 595 475 400 340 300 265", "3x220 3x170 3x140 3x120 3x105 3x90 9x75"),
    (375, "2340 1130 755 565 450 375 325 285 250", "3x205 3x160 3x135 3x115 3x100 3x85 9x70 9x55"),
    (
        450,
        "2325 1080 720 540 435 360 310 270 240",
        "3x200 3x155 3x130 3x110 3x95 3x85 9x65 9x50 9x40",
    ),
    (
        550,
        "2230 1050 700 525 420 350 300 260 235",
        "3x190 3x150 3x125 3x105 3x90 3x80 9x65 9x50 9x40 9x35",
    ),
    (
        650,
        "2200 1025 680 510 410 340 290 255 225",
        "3x185 3x145 3x120 3x100 3x85 3x75 9x60 9x50 9x40 9x35 9x30",
    ),
    (
        750,
        "2195 1010 675 510 410 335 285 250 220",
        "3x180 3x140 3x115 3x100 3x85 3x75 9x60 9x45 9x40 9x30 9x25 9x25",
    ),
    (
        850,
        "2190 985 650 490 390 325 280 245 215",
        "3x180 3x140 3x115 3x95 3x85 3x75 9x60 9x45 9x35 9x30 9x25 9x25 9x20",
    ),
    (
        1000,
        "2185 945 630 470 375 315 270 235 210",
        "3x170 3x135 3x110 3x95 3x80 3x70 9x55 9x45 9x35 9x30 9x25 9x20 9x20 9x20 9x15",
    ),
)


def _expand(row: str) -> tuple[int, ...]:
    places: list[int] = []
    for item in row.split():
        count, _, points = item.rpartition("x")
        places += [int(points)] * int(count or 1)
    return tuple(places)


STANDARD_PAYOUTS: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (row[0], _expand(" ".join(row[1:]))) for row in _STANDARD_ROWS
)
LARGE_FIELD_CURVE = PowerCurve(exponent=1, paid_percent=11)

_BASIS_POINTS = 10_000
_WEIGHT_SCALE = 10**15  # curve weights become integers of this scale before any division


# Prize pool


def prize_pool(
    entries: int,
    rebuys: int,
    addons: int,
    buy_in_cents: int,
    rebuy_cents: int,
    addon_cents: int,
    fee_cents: int,
    rake_percent: Number = 0,
    guarantee_cents: int = 0,
) -> PrizePool:
    """The prize pool from the entries (re-entries included), rebuys and add-ons.

    Each entry pays ``buy_in_cents`` to the pool plus ``fee_cents`` to the house; rebuys and
    add-ons go to the pool whole. The house also keeps ``rake_percent`` % of the pool money,
    rounded down to the cent (in the players' favour). If what is left is below
    ``guarantee_cents``, the house adds the difference (the overlay).
    """
    counts = {"entries": entries, "rebuys": rebuys, "addons": addons}
    amounts = {
        "buy_in_cents": buy_in_cents,
        "rebuy_cents": rebuy_cents,
        "addon_cents": addon_cents,
        "fee_cents": fee_cents,
        "guarantee_cents": guarantee_cents,
    }
    for name, value in (counts | amounts).items():
        whole(name, value, minimum=0, code="PRIZE_POOL_BAD_INPUT")
    rake = exact_fraction(rake_percent, "rake_percent", code="PRIZE_POOL_BAD_INPUT")
    if not 0 <= rake <= 100:
        raise PokerfloorError(
            "PRIZE_POOL_BAD_INPUT", {"name": "rake_percent", "value": str(rake_percent)}
        )
    gross = entries * buy_in_cents + rebuys * rebuy_cents + addons * addon_cents
    rake_cents = int(gross * rake / 100)  # int() rounds a non-negative Fraction down
    net = gross - rake_cents
    overlay = max(0, guarantee_cents - net)
    return PrizePool(
        total_cents=net + overlay,
        collected_cents=gross + entries * fee_cents,
        fees_cents=entries * fee_cents + rake_cents,
        overlay_cents=overlay,
    )


# Payout tables


def paid_places(field_size: int, scheme: PayoutScheme = "standard") -> int:
    """How many places ``scheme`` pays for ``field_size`` entries (before rounding drops any)."""
    whole("field_size", field_size, minimum=1, code="PAYOUT_BAD_INPUT")
    return len(_weights(field_size, scheme))


def payout_table(
    field_size: int,
    pool_cents: int,
    scheme: PayoutScheme = "standard",
    rounding_cents: int = 100,
) -> tuple[int, ...]:
    """The amount of each paid place, first place first, in cents.

    ``scheme`` is ``"standard"`` (the bundled table by field size) or a ``PowerCurve`` /
    ``GeometricCurve``. Each place gets the floor of its share in whole ``rounding_cents``
    (100: whole euros); the rest of the pool, rounding leftovers included, goes to first place.
    The amounts never increase from a place to the next and sum exactly to ``pool_cents``. A
    place whose share rounds to nothing is not listed (a pool of 0 pays no place).
    """
    whole("field_size", field_size, minimum=1, code="PAYOUT_BAD_INPUT")
    whole("pool_cents", pool_cents, minimum=0, code="PAYOUT_BAD_INPUT")
    whole("rounding_cents", rounding_cents, minimum=1, code="PAYOUT_BAD_INPUT")
    weights = _weights(field_size, scheme)
    units = pool_cents // rounding_cents
    total_weight = sum(weights)
    amounts = [units * weight // total_weight * rounding_cents for weight in weights]
    amounts[0] += pool_cents - sum(amounts)
    while amounts and amounts[-1] == 0:
        amounts.pop()
    return tuple(amounts)


# What a payout scheme may be, named in a refusal.
_SCHEME_KINDS = ("standard", "PowerCurve", "GeometricCurve", "FixedShares")


def _weights(field_size: int, scheme: PayoutScheme) -> list[int]:
    """Integer weights of the paid places, non-increasing, first place first."""
    if isinstance(scheme, str):
        if scheme != "standard":
            raise PokerfloorError(
                "PAYOUT_UNKNOWN_SCHEME", {"scheme": scheme, "accepted": list(_SCHEME_KINDS)}
            )
        for largest_field, basis_points in STANDARD_PAYOUTS:
            if field_size <= largest_field:
                return list(basis_points)
        return _weights(field_size, LARGE_FIELD_CURVE)
    if isinstance(scheme, PowerCurve | GeometricCurve):
        return _curve_weights(field_size, scheme)
    if isinstance(scheme, FixedShares):
        return list(_checked_shares(scheme.basis_points)[:field_size])
    raise PokerfloorError(
        "PAYOUT_UNKNOWN_SCHEME", {"scheme": repr(scheme), "accepted": list(_SCHEME_KINDS)}
    )


MAX_SHARED_PLACES = 1000


def _checked_shares(basis_points: Sequence[int]) -> tuple[int, ...]:
    shares = tuple(basis_points)
    if not 1 <= len(shares) <= MAX_SHARED_PLACES:
        raise PokerfloorError("PAYOUT_BAD_SHARES", {"places": len(shares)})
    for place, share in enumerate(shares, start=1):
        whole(f"share of place {place}", share, minimum=1, code="PAYOUT_BAD_SHARES")
        if place > 1 and share > shares[place - 2]:
            raise PokerfloorError("PAYOUT_BAD_SHARES", {"place": place})
    if sum(shares) != _BASIS_POINTS:
        raise PokerfloorError("PAYOUT_BAD_SHARES", {"total": sum(shares)})
    return shares


_SCHEME_PARAMETERS: dict[str, frozenset[str]] = {
    "standard": frozenset(),
    "power": frozenset({"exponent", "paid_percent", "places"}),
    "geometric": frozenset({"ratio", "paid_percent", "places"}),
    "shares": frozenset({"basis_points"}),
}
MAX_ROUNDING_CENTS = 1_000_000


def payout_scheme(spec: Mapping[str, object]) -> tuple[PayoutScheme, int]:
    """The scheme and the rounding unit of a stored payout spec, checked.

    ``{"name": "standard"}``; ``{"name": "power", "exponent": "1.2", "paid_percent": 15}``;
    ``{"name": "geometric", "ratio": "0.8", "places": 5}``; ``{"name": "shares",
    "basis_points": [5000, 3000, 2000]}``; each may add ``rounding_cents`` (default 100).
    """
    params = dict(spec)
    name = params.pop("name", None)
    rounding = whole(
        "rounding_cents",
        params.pop("rounding_cents", 100),
        minimum=1,
        maximum=MAX_ROUNDING_CENTS,
        code="PAYOUT_BAD_INPUT",
    )
    if not isinstance(name, str) or name not in _SCHEME_PARAMETERS:
        raise PokerfloorError(
            "PAYOUT_UNKNOWN_SCHEME", {"scheme": repr(name), "accepted": list(_SCHEME_PARAMETERS)}
        )
    unknown = sorted(set(params) - _SCHEME_PARAMETERS[name])
    if unknown:
        raise PokerfloorError("PAYOUT_BAD_INPUT", {"scheme": name, "name": unknown[0]})
    scheme: PayoutScheme
    if name == "standard":
        scheme = "standard"
    elif name == "shares":
        raw = params.get("basis_points")
        if not isinstance(raw, list | tuple):
            raise PokerfloorError("PAYOUT_BAD_SHARES", {"scheme": name})
        scheme = FixedShares(_checked_shares(raw))
    else:  # the parameter names were checked above, their values by _weights below
        curve = PowerCurve if name == "power" else GeometricCurve
        scheme = curve(**params)  # type: ignore[arg-type]
    _weights(1, scheme)  # a curve's parameters are checked now, not at the end of the evening
    return scheme, rounding


def _curve_weights(field_size: int, curve: PowerCurve | GeometricCurve) -> list[int]:
    whole("paid_percent", curve.paid_percent, minimum=1, maximum=100, code="PAYOUT_BAD_CURVE")
    if curve.places is None:
        places = ceil(Fraction(field_size * curve.paid_percent, 100))
    else:
        places = whole("places", curve.places, minimum=1, code="PAYOUT_BAD_CURVE")
    places = max(1, min(places, field_size))
    # Decimal arithmetic is done in software, so the weights are the same on every machine.
    with localcontext() as context:
        context.prec = 24
        if isinstance(curve, PowerCurve):
            exponent = exact_decimal(curve.exponent, "exponent", code="PAYOUT_BAD_CURVE")
            if not 0 <= exponent <= 10:
                raise PokerfloorError(
                    "PAYOUT_BAD_CURVE", {"name": "exponent", "value": str(curve.exponent)}
                )
            if exponent == exponent.to_integral_value():
                power = int(exponent)
                raw = [1 / Decimal(place) ** power for place in range(1, places + 1)]
            else:  # exp and ln are correctly rounded by decimal, and faster than **
                raw = [(-exponent * Decimal(place).ln()).exp() for place in range(1, places + 1)]
        else:
            ratio = exact_decimal(curve.ratio, "ratio", code="PAYOUT_BAD_CURVE")
            if not 0 < ratio <= 1:
                raise PokerfloorError(
                    "PAYOUT_BAD_CURVE", {"name": "ratio", "value": str(curve.ratio)}
                )
            raw = [ratio**step for step in range(places)]
        return [int(weight * _WEIGHT_SCALE) for weight in raw]


# Prizes in kind


def with_prizes_in_kind(
    cash_cents: Sequence[int], in_kind: Mapping[int, str | PrizeInKind]
) -> tuple[Prize, ...]:
    """The prize of every place when some places win an item instead of money.

    ``in_kind`` maps a place (1 = first) to its item; the cash amounts fill the other places in
    order. The cash keeps its total: an item is never paid from the pool. Example: cash
    ``(5000, 3000)`` and ``{1: "ticket"}`` give ``(ticket, 5000, 3000)``.
    """
    places = len(cash_cents) + len(in_kind)
    items: dict[int, PrizeInKind] = {}
    for place, item in in_kind.items():
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= places:
            raise PokerfloorError("PRIZE_BAD_IN_KIND", {"place": repr(place), "places": places})
        prize = item if isinstance(item, PrizeInKind) else PrizeInKind(item)
        if not isinstance(prize.description, str) or not prize.description.strip():
            raise PokerfloorError("PRIZE_BAD_IN_KIND", {"place": place})
        whole("value_cents", prize.value_cents, minimum=0, code="PRIZE_BAD_IN_KIND")
        items[place] = prize
    cash = iter(cash_cents)
    return tuple(items[place] if place in items else next(cash) for place in range(1, places + 1))


# Ties


def share_evenly(total: int, count: int, unit: int = 1) -> tuple[int, ...]:
    """``total`` shared by ``count`` players in order: whole ``unit``s, equal but for the odd
    units, which go one each to the first players; anything below one unit goes to the first.
    """
    whole("count", count, minimum=1, code="TIE_BAD_INPUT")
    whole("unit", unit, minimum=1, code="TIE_BAD_INPUT")
    units, below_unit = divmod(total, unit)
    base, odd = divmod(units, count)
    shares = [(base + (1 if index < odd else 0)) * unit for index in range(count)]
    shares[0] += below_unit
    return tuple(shares)


def split_tied_places(
    payouts_cents: Sequence[int], places: Sequence[int], unit_cents: int = 1
) -> tuple[int, ...]:
    """The cash of each player tied for ``places`` (consecutive, e.g. ``(4, 5)``), in the order
    the players are given.

    Rule: ropta 5.4 (players out on the same hand with the same stack share the places they
    cover). They share the sum of those places equally (a place beyond the table pays 0); the
    cents that do not divide go one each to the first players in the order given (their
    seats from the button, or whatever order the floor decides), so the total is exact.
    ``unit_cents`` makes every share a whole number of that unit, odd units handed out the same
    way.
    """
    covered = _check_places(places)
    total = 0
    for place in covered:
        if place <= len(payouts_cents):
            amount = payouts_cents[place - 1]
            whole(f"payout of place {place}", amount, minimum=0, code="TIE_BAD_INPUT")
            total += amount
    return share_evenly(total, len(covered), unit_cents)


def split_tied_prizes(
    prizes: Sequence[Prize], places: Sequence[int], unit_cents: int = 1
) -> tuple[Prize, ...]:
    """Like ``split_tied_places``, when some places may be prizes in kind.

    An item cannot be shared: if any covered place is in kind, each tied player takes the
    prize of one covered place, best place first, in the order given (ropta 5.4 leaves the
    order to the floor: the winner of the hand, the first all in, the first to act...).
    """
    covered = _check_places(places)
    won = [prizes[place - 1] if place <= len(prizes) else 0 for place in covered]
    if any(isinstance(prize, PrizeInKind) for prize in won):
        return tuple(won)
    cash = [prize for prize in won if isinstance(prize, int)]
    return share_evenly(sum(cash), len(covered), unit_cents)


def award_prizes(
    prizes: Sequence[Prize], ranking: Sequence[Sequence[PlayerId]], unit_cents: int = 1
) -> dict[PlayerId, Prize]:
    """Each ranked player's prize. ``ranking`` lists the finishing groups, the winner first:
    a group of several players is a tie for the places it covers, shared as in
    ``split_tied_prizes`` in the order the group lists them. Unpaid players get 0."""
    result: dict[PlayerId, Prize] = {}
    place = 1
    for group in check_ranking(ranking):
        covered = tuple(range(place, place + len(group)))
        for player, prize in zip(
            group, split_tied_prizes(prizes, covered, unit_cents), strict=True
        ):
            result[player] = prize
        place += len(group)
    return result


def _check_places(places: Sequence[int]) -> tuple[int, ...]:
    covered = tuple(places)
    if (
        not covered
        or any(isinstance(place, bool) or not isinstance(place, int) for place in covered)
        or covered[0] < 1
        or covered != tuple(range(covered[0], covered[0] + len(covered)))
    ):
        raise PokerfloorError("TIE_BAD_PLACES", {"places": repr(covered)})
    return covered


def check_ranking(ranking: Sequence[Sequence[PlayerId]]) -> list[tuple[PlayerId, ...]]:
    """The finishing groups as tuples; an empty group or a player ranked twice is an error."""
    groups = [tuple(group) for group in ranking]
    seen: set[PlayerId] = set()
    for index, group in enumerate(groups):
        if not group:
            raise PokerfloorError("RANKING_EMPTY_GROUP", {"group": index + 1})
        for player in group:
            if player in seen:
                raise PokerfloorError("RANKING_DUPLICATE_PLAYER", {"player_id": player})
            seen.add(player)
    return groups
