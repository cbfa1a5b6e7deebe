"""Championship points: a formula chosen per event, points kept as whole hundredths.

A point total is an ``int`` of hundredths of a point (12.5 points is ``1250``): exact, no float,
and fine enough to share tied places. The formulas, by name:

- ``table`` (``FixedTable``): a fixed number of points per place, and ``others`` for every place
  beyond the table (participation points).
- ``sqrt`` (``SquareRoot``): the classic club formula ``k * sqrt(entries / place)``, rounded
  half up to ``decimals`` digits (0: whole points). Computed exactly with integer square
  roots.
- ``linear`` (``Linear``): ``factor * (entries - place + 1)``: the last player gets ``factor``,
  the winner ``factor * entries``.
- ``tlb`` (``BuyInWeighted``): the buy-in weighted leader-board formula
  ``k * sqrt(entries / place) * (1 + log10(buy_in + 0.25))``, the buy-in in euros (or the
  event's currency unit) without the fee, rounded half up to ``decimals`` digits. A freeroll
  (buy-in 0) still scores: the weight is then about 0.398. Computed with ``decimal`` (done in
  software, identical on every machine).

Ties: players the ranking ties (profile settings ``busts.same_table`` and
``busts.hand_for_hand_tables``) share the points of the places they cover equally (Rule: ropta
5.4); the hundredths that do not divide go one each to the first players in the order given.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import Any, ClassVar

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.prizes import check_ranking, share_evenly, split_tied_places, whole
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "FORMULAS",
    "HUNDREDTHS",
    "BuyInWeighted",
    "FixedTable",
    "Linear",
    "PointsFormula",
    "SquareRoot",
    "award_points",
    "format_points",
    "place_points",
    "points_formula",
    "points_table",
    "split_tied_points",
]

HUNDREDTHS = 100  # stored units per point
_CODE = "POINTS_BAD_INPUT"


@dataclass(frozen=True, slots=True)
class FixedTable:
    """``points[k - 1]`` whole points for place ``k``; ``others`` for every place after."""

    NAME: ClassVar[str] = "table"
    points: tuple[int, ...]
    others: int = 0


@dataclass(frozen=True, slots=True)
class SquareRoot:
    """``k * sqrt(entries / place)``, rounded half up to ``decimals`` digits (0 to 2)."""

    NAME: ClassVar[str] = "sqrt"
    k: int = 10
    decimals: int = 0


@dataclass(frozen=True, slots=True)
class Linear:
    """``factor * (entries - place + 1)`` points."""

    NAME: ClassVar[str] = "linear"
    factor: int = 1


@dataclass(frozen=True, slots=True)
class BuyInWeighted:
    """``k * sqrt(entries / place) * (1 + log10(buy_in + 0.25))``, the buy-in in currency
    units; rounded half up to ``decimals`` digits (0 to 2)."""

    NAME: ClassVar[str] = "tlb"
    k: int = 10
    decimals: int = 2


PointsFormula = FixedTable | SquareRoot | Linear | BuyInWeighted
FORMULAS: Mapping[str, type[PointsFormula]] = {
    formula.NAME: formula for formula in (FixedTable, SquareRoot, Linear, BuyInWeighted)
}


def points_formula(name: str, **params: Any) -> PointsFormula:
    """The formula called ``name`` (``table``, ``sqrt``, ``linear``, ``tlb``) with ``params``,
    as a tournament's settings name it; it is checked at once."""
    formula_type = FORMULAS.get(name)
    if formula_type is None:
        raise PokerfloorError(
            "POINTS_UNKNOWN_FORMULA", {"formula": name, "accepted": list(FORMULAS)}
        )
    accepted = [field.name for field in fields(formula_type)]
    unknown = sorted(set(params) - set(accepted))
    if unknown:
        raise PokerfloorError(
            _CODE,
            {"formula": name, "name": unknown[0], "accepted": accepted},
        )
    if formula_type is FixedTable and isinstance(params.get("points"), list):
        params["points"] = tuple(params["points"])
    try:
        formula = formula_type(**params)
    except TypeError as error:  # a required parameter is missing
        raise PokerfloorError(
            _CODE,
            {"formula": name, "accepted": accepted},
        ) from error
    _check_formula(formula)
    return formula


def place_points(formula: PointsFormula, place: int, entries: int, buy_in_cents: int = 0) -> int:
    """The points of ``place`` (1 = winner) among ``entries``, in hundredths."""
    _check_formula(formula)
    whole("entries", entries, minimum=1, code=_CODE)
    whole("place", place, minimum=1, maximum=entries, code=_CODE)
    whole("buy_in_cents", buy_in_cents, minimum=0, code=_CODE)
    if isinstance(formula, FixedTable):
        won = formula.points[place - 1] if place <= len(formula.points) else formula.others
        return won * HUNDREDTHS
    if isinstance(formula, Linear):
        return formula.factor * (entries - place + 1) * HUNDREDTHS
    if isinstance(formula, SquareRoot):
        scale: int = 10**formula.decimals
        rounded = _round_half_up_sqrt(formula.k**2 * entries * scale**2, place)
        return rounded * (HUNDREDTHS // scale)
    return _buy_in_weighted(formula, place, entries, buy_in_cents)


def points_table(formula: PointsFormula, entries: int, buy_in_cents: int = 0) -> tuple[int, ...]:
    """The points of every place from 1 to ``entries``, in hundredths."""
    whole("entries", entries, minimum=1, code=_CODE)
    return tuple(
        place_points(formula, place, entries, buy_in_cents) for place in range(1, entries + 1)
    )


def split_tied_points(table: Sequence[int], places: Sequence[int]) -> tuple[int, ...]:
    """The points (hundredths) of each player tied for ``places``, in the order given.

    Rule: ropta 5.4. They share the sum of the places they cover equally; the hundredths that
    do not divide go one each to the first players in the order given.
    """
    return split_tied_places(table, places)


def award_points(
    formula: PointsFormula,
    ranking: Sequence[Sequence[PlayerId]],
    entries: int | None = None,
    buy_in_cents: int = 0,
) -> dict[PlayerId, int]:
    """Each ranked player's points (hundredths). ``ranking`` lists the finishing groups, the
    winner first; a group of several players is a tie sharing the places it covers (ropta
    5.4), in the order the group lists them. ``entries`` defaults to the players ranked."""
    groups = check_ranking(ranking)
    ranked = sum(len(group) for group in groups)
    total_entries = ranked if entries is None else entries
    whole("entries", total_entries, minimum=max(1, ranked), code=_CODE)
    table = points_table(formula, total_entries, buy_in_cents)
    result: dict[PlayerId, int] = {}
    place = 1
    for group in groups:
        covered = range(place, place + len(group))
        shares = share_evenly(sum(table[p - 1] for p in covered), len(group))
        result.update(zip(group, shares, strict=True))
        place += len(group)
    return result


def format_points(hundredths: int, lang: str = "fr") -> str:
    """``1250`` as ``"12,5"`` (French) or ``"12.5"`` (English); whole points without decimals."""
    sign = "-" if hundredths < 0 else ""
    units, cents = divmod(abs(hundredths), HUNDREDTHS)
    if not cents:
        return f"{sign}{units}"
    separator = "," if lang == "fr" else "."
    return f"{sign}{units}{separator}{cents:02d}".rstrip("0")


# Formulas


def _round_half_up_sqrt(numerator: int, denominator: int) -> int:
    """``round(sqrt(numerator / denominator))``, halves up, exactly.

    ``r`` is the largest whole number with ``(r - 1/2) ** 2 <= x``, that is
    ``(2r - 1) ** 2 <= 4x``; the left side is a whole number, so ``4x`` may be floored.
    """
    root = math.isqrt(4 * numerator // denominator)
    return (root + 1) // 2


def _buy_in_weighted(formula: BuyInWeighted, place: int, entries: int, buy_in_cents: int) -> int:
    with localcontext() as context:
        context.prec = 34
        buy_in = Decimal(buy_in_cents) / 100
        weight = 1 + (buy_in + Decimal("0.25")).log10()
        value = formula.k * (Decimal(entries) / Decimal(place)).sqrt() * weight
        rounded = value.quantize(Decimal(1).scaleb(-formula.decimals), rounding=ROUND_HALF_UP)
        return int(rounded.scaleb(2))


def _check_formula(formula: PointsFormula) -> None:
    if isinstance(formula, FixedTable):
        if not isinstance(formula.points, tuple):
            raise PokerfloorError(
                _CODE,
                {"name": "points", "value": repr(formula.points)},
            )
        for index, points in enumerate(formula.points):
            whole(f"points of place {index + 1}", points, minimum=0, code=_CODE)
        whole("others", formula.others, minimum=0, code=_CODE)
    elif isinstance(formula, Linear):
        whole("factor", formula.factor, minimum=1, code=_CODE)
    elif isinstance(formula, SquareRoot | BuyInWeighted):
        whole("k", formula.k, minimum=1, code=_CODE)
        whole("decimals", formula.decimals, minimum=0, maximum=2, code=_CODE)
    else:
        raise PokerfloorError(
            "POINTS_UNKNOWN_FORMULA", {"formula": repr(formula), "accepted": list(FORMULAS)}
        )
