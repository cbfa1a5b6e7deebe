"""Numbers given to the money and points modules checked: whole numbers within bounds, and
decimals written as text read exactly (never through a float's binary value)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pokerfloor.errors import PokerfloorError

Number = Decimal | int | str | float


def whole(name: str, value: object, *, minimum: int, code: str, maximum: int | None = None) -> int:
    """``value`` if it is an int (not a bool) within bounds, else a ``code`` error naming it."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < minimum
        or (maximum is not None and value > maximum)
    ):
        accepted = (
            f"a whole number from {minimum} to {maximum}"
            if maximum is not None
            else f"a whole number, {minimum} or more"
        )
        raise PokerfloorError(
            code, f"{name} is {value!r}; use {accepted}", {"name": name, "value": repr(value)}
        )
    return value


# A number as text: ASCII digits and a decimal point (``Decimal`` also reads "1e-999999",
# "١" or "1_0", none of which is a payout parameter).
_PLAIN_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})")


def exact_decimal(value: Number, name: str, *, code: str) -> Decimal:
    """An exact decimal from an int, a str, a Decimal or a float (read as it prints)."""
    try:
        if isinstance(value, bool):
            raise TypeError
        if isinstance(value, str) and not _PLAIN_DECIMAL.fullmatch(value.strip()):
            raise ValueError
        if isinstance(value, float):
            result = Decimal(repr(value))
        elif isinstance(value, int | str | Decimal):
            result = Decimal(value)
        else:
            raise TypeError
    except (InvalidOperation, TypeError, ValueError) as error:
        raise PokerfloorError(
            code,
            f"{name} is {value!r}; use a number written with the digits 0-9 and a dot, "
            "such as 0.75",
            {"name": name, "value": repr(value)},
        ) from error
    if not result.is_finite():
        raise PokerfloorError(
            code, f"{name} is {value!r}; use a finite number", {"name": name, "value": repr(value)}
        )
    return result


def exact_fraction(value: Number, name: str, *, code: str) -> Fraction:
    return Fraction(exact_decimal(value, name, code=code))
