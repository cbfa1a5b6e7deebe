"""The club's forms checked field by field (issue 26): a refused form names every wrong field
at once, each with what it accepts, and the page shows again with everything typed.

``Fields`` reads each field of a form as the page needs it (a whole number in a range, an
amount, a text, a date); a field it cannot read is noted under its name, and the page then
renders ``errors`` beside the fields and ``summary()`` in ``#flash`` instead of running the
command. Call it with the page's locale set (``i18n.use_locale``): the messages are in the
page's language.
"""

from __future__ import annotations

import re
from datetime import date

from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import money_cents
from pokerfloor.web.pages.common._forms import whole_number

__all__ = ["Fields", "iso_date"]

WHOLE = N_("a whole number from %(low)s to %(high)s, not “%(value)s”")
AMOUNT = N_("an amount from 0 to %(high)s (20 or 20,50), not “%(value)s”")
TEXT_REQUIRED = N_("1 to %(limit)s characters")
TEXT_LIMIT = N_("at most %(limit)s characters")
DATE = N_("a date (31/12/1980 or 1980-12-31), not “%(value)s”")
SUMMARY = N_("Nothing was saved; correct these fields: %(fields)s.")
FIELD_PROBLEM = N_("%(field)s: %(problem)s")
_DAY_FIRST = re.compile(r"\A(\d{1,2})[./](\d{1,2})[./](\d{4})\Z")


def iso_date(text: str) -> str | None:
    """A date typed as the French write it (31/12/1980, 31.12.1980) or ISO (1980-12-31), in
    ISO form; None when it is no date."""
    text = text.strip()
    day_first = _DAY_FIRST.match(text)
    if day_first:
        day, month, year = (int(part) for part in day_first.groups())
        text = f"{year:04d}-{month:02d}-{day:02d}"
    try:
        parsed = date.fromisoformat(text)
    except ValueError:
        return None
    return parsed.isoformat() if len(text) == 10 else None


class Fields:
    """The fields of one form: the values read and, by field name, what was wrong."""

    def __init__(self, labels: dict[str, str]) -> None:
        self.labels = labels  # field name -> its label (an untranslated message)
        self.errors: dict[str, str] = {}

    def fail(self, name: str, problem: str) -> None:
        """Note ``problem`` (in the page's language) for the field ``name``."""
        self.errors.setdefault(name, problem)

    def whole(self, name: str, text: str, low: int, high: int) -> int:
        number = whole_number(text, signed=low < 0)
        if number is None or not low <= number <= high:
            self.fail(
                name,
                i18n.gettext(
                    WHOLE, low=i18n.format_number(low), high=i18n.format_number(high),
                    value=text.strip()[:40],
                ),
            )  # fmt: skip
            return low
        return number

    def amount(self, name: str, text: str, high_cents: int, currency: str) -> int:
        cents = money_cents(text)
        if cents is None or not 0 <= cents <= high_cents:
            self.fail(
                name,
                i18n.gettext(
                    AMOUNT, high=i18n.format_cents(high_cents, currency), value=text.strip()[:40]
                ),
            )
            return 0
        return cents

    def text(self, name: str, text: str, limit: int, required: bool = False) -> str:
        value = text.strip()
        if len(value) > limit or (required and not value):
            self.fail(name, i18n.gettext(TEXT_REQUIRED if required else TEXT_LIMIT, limit=limit))
        return value

    def date(self, name: str, text: str) -> str:
        if not text.strip():
            return ""
        found = iso_date(text)
        if found is None:
            self.fail(name, i18n.gettext(DATE, value=text.strip()[:40]))
            return ""
        return found

    def summary(self) -> str:
        """Every wrong field named, with what it accepts, in one sentence."""
        parts = [
            i18n.gettext(
                FIELD_PROBLEM, field=i18n.gettext(self.labels.get(name, name)), problem=problem
            )
            for name, problem in self.errors.items()
        ]
        return i18n.gettext(SUMMARY, fields="; ".join(parts))
