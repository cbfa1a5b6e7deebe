"""Numbers typed in the pages' forms.

A form field arrives as text and the page converts it: a bad entry then becomes a message in
the ``#flash`` fragment, where FastAPI's own validation would answer 422, which htmx does not
swap (the TD would see nothing). People type numbers the way they write them: ``12 000`` (a
space, or the no-break space a French number groups thousands with), ``12.000`` on a phone.

Digits are the ASCII ones, 0 to 9: Python's ``int()`` and ``float()`` also read other scripts'
digits (``"١٠"`` is 10), ``"1_0"``, ``"inf"`` or ``"1e308"``, none of which a TD types as a
count; every number of a page goes through the helpers here.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated

from fastapi import Form

from pokerfloor.web import i18n

__all__ = [
    "MAX_DIGITS",
    "FormError",
    "FormText",
    "ascii_digits",
    "compact",
    "decimal_number",
    "number_or_text",
    "whole_in_range",
    "whole_number",
]

# Every field has a default: a missing one reaches ``run``, which names it in the page's
# language (FastAPI would answer with JSON).
FormText = Annotated[str, Form(max_length=2000)]

# More digits are no count of chips, money or seats (the commands bound them far lower); the
# bound also keeps ``int()`` from reading a very long text.
MAX_DIGITS = 15
_SPACES = re.compile(r"\s")  # every Unicode space, the no-break ones included
_MINUS = "\u2212"  # the minus sign a French keyboard layout or a copied number may give
_DIGITS = re.compile(r"[0-9]+")
# A decimal number as typed: digits, then a comma or a dot and more digits.
_DECIMAL = re.compile(rf"([0-9]{{1,{MAX_DIGITS}}})(?:[.,]([0-9]{{0,{MAX_DIGITS}}}))?")


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is made of the digits 0 to 9 only (and is not empty)."""
    return _DIGITS.fullmatch(text) is not None


def compact(text: str, separators: str = "") -> str:
    """``text`` without its spaces and without the ``separators`` a field allows."""
    cleaned = _SPACES.sub("", text)
    return cleaned.translate(str.maketrans("", "", separators)) if separators else cleaned


def _signed(cleaned: str) -> tuple[int, str]:
    """The sign typed before a number (``-``, ``−`` or ``+``; none: positive) and the rest."""
    cleaned = cleaned.replace(_MINUS, "-")
    if cleaned[:1] in ("-", "+"):
        return (-1 if cleaned[0] == "-" else 1), cleaned[1:]
    return 1, cleaned


def whole_number(text: str, *, separators: str = "", signed: bool = False) -> int | None:
    """A whole number typed by hand, else None. Spaces are ignored, and so are the
    ``separators`` the field allows (``".,'_"`` for chips counted on a phone); ``signed``
    allows a leading ``-`` (or ``−``) or ``+``."""
    cleaned = compact(text, separators)
    sign, cleaned = _signed(cleaned) if signed else (1, cleaned)
    if not ascii_digits(cleaned) or len(cleaned) > MAX_DIGITS:
        return None
    return sign * int(cleaned)


def decimal_number(text: str, *, signed: bool = False) -> Decimal | None:
    """A number typed with a comma or a dot before its decimals (``1,5``, ``-0.25``), else
    None; spaces are ignored and ``signed`` allows a leading ``-`` (or ``−``) or ``+``."""
    cleaned = compact(text)
    sign, cleaned = _signed(cleaned) if signed else (1, cleaned)
    match = _DECIMAL.fullmatch(cleaned)
    if match is None:
        return None
    return sign * Decimal(f"{match.group(1)}.{match.group(2) or '0'}")


def number_or_text(text: str) -> int | str:
    """A whole number typed in a form, or the text as typed: ``run`` then refuses it, naming
    the field, in the page's language."""
    number = whole_number(text)
    return text if number is None else number


class FormError(ValueError):
    """A field a form refuses; ``message`` is in the page's language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def whole_in_range(text: str, section: str, label: str, minimum: int, maximum: int) -> int:
    """A whole number from ``minimum`` to ``maximum``, else a ``FormError`` naming the form's
    ``section`` and the field's ``label`` (both untranslated messages). Call it with the
    page's locale set."""
    number = whole_number(text)
    if number is None or not minimum <= number <= maximum:
        raise FormError(
            i18n.gettext(
                "%(section)s, %(field)s: enter a whole number from %(minimum)s to %(maximum)s, "
                "not “%(value)s”.",
                section=i18n.gettext(section),
                field=i18n.gettext(label),
                minimum=minimum,
                maximum=i18n.format_number(maximum),
                value=text.strip(),
            )
        )
    return number
