"""Translations and locale formats of the web pages: French by default, English available.

The messages are written in English in the code and the templates (the source language) and
translated in the French catalogues ``locale/fr/*.po`` (one file per page, so that pages are
written independently; they are merged at load). ``tests/web/test_i18n.py`` extracts every
message and fails on one that is missing, untranslated or fuzzy in French.

The current locale lives in a context variable set per request (``use_locale``), so the same
Jinja environment serves both languages.
"""

from __future__ import annotations

import contextvars
import datetime
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.dates import format_date as babel_date
from babel.dates import format_time, get_datetime_format
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, format_percent

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "N_",
    "current_locale",
    "format_cents",
    "format_chips",
    "format_clock_time",
    "format_date",
    "format_duration",
    "format_number",
    "format_ratio",
    "format_time_of_day",
    "gettext",
    "ngettext",
    "pick_locale",
    "status_label",
    "use_locale",
]

LOCALES = ("fr", "en")
DEFAULT_LOCALE = "fr"
LOCALE_DIR = Path(__file__).parent / "locale"
_BABEL_LOCALES = {"fr": "fr_FR", "en": "en_GB"}
_current: contextvars.ContextVar[str] = contextvars.ContextVar("locale", default=DEFAULT_LOCALE)


@cache
def catalogue(language: str) -> dict[str, str | tuple[str, ...]]:
    """Every translated message of ``language`` (merged from its ``.po`` files)."""
    messages: dict[str, str | tuple[str, ...]] = {}
    folder = LOCALE_DIR / language
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language):
                if not message.id or message.fuzzy or not message.string:
                    continue
                key = message.id if isinstance(message.id, str) else message.id[0]
                string = message.string
                messages[key] = string if isinstance(string, str) else tuple(string)
    return messages


def pick_locale(requested: str | None) -> str:
    """``requested`` when it is one of ours, else French."""
    return requested if requested in LOCALES else DEFAULT_LOCALE


def current_locale() -> str:
    return _current.get()


@contextmanager
def use_locale(language: str) -> Iterator[None]:
    token = _current.set(pick_locale(language))
    try:
        yield
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is written; translate it where it is shown."""
    return message


STATUS_LABELS = {
    "not_started": N_("not started"),
    "running": N_("running"),
    "paused": N_("paused"),
    "finished": N_("finished"),
}


def status_label(status: str) -> str:
    """A tournament's or a clock's status, in words."""
    return gettext(STATUS_LABELS.get(status, status))


def gettext(message: str, /, **variables: object) -> str:
    """``message`` in the current language, with ``%(name)s`` variables filled in."""
    found = catalogue(_current.get()).get(message) if _current.get() != "en" else None
    text = found if isinstance(found, str) else message
    return text % variables if variables else text


def ngettext(singular: str, plural: str, count: int, /, **variables: object) -> str:
    found = catalogue(_current.get()).get(singular) if _current.get() != "en" else None
    if isinstance(found, tuple) and found:
        # French and English both use the "n > 1" / "n != 1" two-form rule; French counts
        # 0 and 1 as singular.
        many = count > 1 if _current.get() == "fr" else count != 1
        text = found[min(1, len(found) - 1)] if many else found[0]
    else:
        text = plural if count != 1 else singular
    return text % _KeepMissing({"num": count, **variables})


class _KeepMissing(dict[str, object]):
    """Leaves a placeholder it has no value for as it was: in a template, Jinja's ``ngettext``
    fills the other variables after this function has chosen the form."""

    def __missing__(self, key: str) -> str:
        return f"%({key})s"


def _babel_locale() -> Locale:
    return _parsed_locale(_current.get())


@cache
def _parsed_locale(language: str) -> Locale:
    """Babel's locale of ``language``, parsed once (not at every number a page formats)."""
    return Locale.parse(_BABEL_LOCALES[language])


def format_number(value: int) -> str:
    """12 345 in French (narrow no-break space), 12,345 in English."""
    if type(value) is int:  # chips: the same few numbers again and again (the dealt pushes)
        return _formatted_int(value, _current.get())
    return format_decimal(value, locale=_babel_locale())


@lru_cache(maxsize=65_536)
def _formatted_int(value: int, language: str) -> str:
    return format_decimal(value, locale=_parsed_locale(language))


format_chips = format_number


def format_cents(cents: int, currency: str = "EUR") -> str:
    """An amount of money given in cents: 1 234,50 € / €1,234.50."""
    return format_currency(cents / 100, currency, locale=_babel_locale())


def format_ratio(value: float) -> str:
    return format_percent(value, locale=_babel_locale())


def format_duration(ms: int) -> str:
    """A clock's time left: 1:05:09 or 12:34 (never negative)."""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


def format_time_of_day(ms_since_epoch: int) -> str:
    """The time of day in the room (21:04 / 21:04): the server's own time zone, as the server
    is the laptop in the room; the locale's short form."""
    moment = datetime.datetime.fromtimestamp(ms_since_epoch / 1000).astimezone()
    return format_time(moment, format="short", tzinfo=moment.tzinfo, locale=_babel_locale())


# The cash book's times are the room's too (they were UTC, an hour off the clock in Paris).
format_clock_time = format_time_of_day


def format_date(value: str | datetime.date | None) -> str:
    """A day or a moment in the page's language: ``2026-11-29`` (ISO, as the club stores its
    days) or a ``date`` as « 29 nov. 2026 » / "29 Nov 2026"; a ``datetime`` (already in the
    room's or the club's time) with its time, « 29 nov. 2026, 21:00 ». Empty stays empty; a
    text that is not an ISO day is shown as it was (never hidden)."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        try:
            moment: datetime.date = datetime.date.fromisoformat(value)
        except ValueError:
            return value
    else:
        moment = value
    locale = _babel_locale()
    day = babel_date(moment, format="medium", locale=locale)
    if not isinstance(moment, datetime.datetime):
        return day
    time = format_time(moment, format="short", tzinfo=moment.tzinfo, locale=locale)
    # The locale's way of joining a day and a time: « {1}, {0} » in French and English.
    pattern = str(get_datetime_format("medium", locale=locale))
    return pattern.format(time, day)
