"""Amounts of a PHH hand as whole numbers of its smallest unit, read exactly.

A PHH amount is a TOML integer or a number with a fraction (``0.50``, ``200.30``). The engine
counts chips as integers, so every amount of a hand is multiplied by one ``scale`` (a power of
ten): the smallest that makes each of them whole, and at least 100 (cents) when the hand names a
currency, since money is split to the cent. The fractions are never floats: ``_phh_toml`` reads
them as ``Decimal``.
"""

from __future__ import annotations

from decimal import Decimal

Number = int | Decimal

MAX_PLACES = 6
"""More decimal places than this is not an amount of chips or money (a typo, or a float)."""

_SCALES: tuple[int, ...] = tuple(10**places for places in range(MAX_PLACES + 1))


_PLACES: dict[Decimal, int] = {}


def places(value: Number) -> int:
    """The decimal places ``value`` needs: ``0.50`` -> 1, ``3`` -> 0 (finite values only)."""
    if type(value) is int:
        return 0
    assert isinstance(value, Decimal)
    known = _PLACES.get(value)  # equal decimals (0.5, 0.50) need the same places
    if known is not None:
        return known
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    needed = _trailing_places(value, -exponent) if exponent < 0 else 0
    if len(_PLACES) < 100_000:
        _PLACES[value] = needed
    return needed


def _trailing_places(value: Decimal, count: int) -> int:
    """``count`` less the zeros at the end of the fraction: ``1.500`` (3) -> 1."""
    digits = value.as_tuple().digits
    while count and digits and digits[-1] == 0:
        digits = digits[:-1]
        count -= 1
    return count


def scale_for(needed: int, money: bool) -> int:
    """The scale of a hand whose amounts need ``needed`` places (two at least for money)."""
    return _SCALES[max(needed, 2 if money else 0)]


def to_units(value: Number, scale: int) -> int:
    """``value`` in units of ``1/scale`` (exact: ``scale`` comes from ``scale_for``)."""
    if type(value) is int:
        return value * scale
    return int(value * scale)


def format_units(units: int, scale: int) -> str:
    """``units`` written back in the file's unit: ``1565`` at scale 100 -> ``15.65``."""
    if scale == 1:
        return str(units)
    width = len(str(scale)) - 1
    sign = "-" if units < 0 else ""
    whole, fraction = divmod(abs(units), scale)
    return f"{sign}{whole}.{fraction:0{width}d}"
