"""Issue 26, item 9: days and moments on the pages through Babel, in the page's language."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator

import pytest

from pokerfloor.web import i18n


def test_a_day_reads_in_french_on_a_french_page_and_in_english_on_an_english_one() -> None:
    with i18n.use_locale("fr"):
        assert i18n.format_date("1980-12-31") == "31 déc. 1980"
        assert i18n.format_date(datetime.date(2026, 11, 29)) == "29 nov. 2026"
    with i18n.use_locale("en"):
        assert i18n.format_date("1980-12-31") == "31 Dec 1980"


def test_a_moment_in_the_club_s_time_keeps_its_time_of_day() -> None:
    moment = datetime.datetime(2026, 7, 14, 21, 5)
    with i18n.use_locale("fr"):
        assert i18n.format_date(moment) == "14 juil. 2026, 21:05"
    with i18n.use_locale("en"):
        assert i18n.format_date(moment) == "14 Jul 2026, 21:05"


def test_an_empty_day_stays_empty_and_a_text_that_is_no_day_is_shown_as_it_was() -> None:
    with i18n.use_locale("fr"):
        assert i18n.format_date("") == ""
        assert i18n.format_date(None) == ""
        assert i18n.format_date("vers 1980") == "vers 1980"


def test_one_registered_is_singular_in_french_and_two_plural() -> None:
    message = "%(num)s registered of %(capacity)s, %(waiting)s waiting"
    with i18n.use_locale("fr"):
        one = i18n.ngettext(message, message, 1, capacity=20, waiting=0)
        two = i18n.ngettext(message, message, 2, capacity=20, waiting=0)
    assert one == "1 inscrit sur 20, 0 en attente"
    assert two == "2 inscrits sur 20, 0 en attente"


@pytest.fixture
def room_in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's time zone is the room's: Paris here, an hour from UTC in November."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_cash_book_s_times_are_the_room_s_like_the_clock_s(room_in_paris: None) -> None:
    """The cash book once showed UTC while the clock showed the room's time."""
    moment = 1_764_446_400_000  # 2025-11-29 20:00 UTC, 21:00 in Paris
    with i18n.use_locale("fr"):
        assert i18n.format_time_of_day(moment) == "21:00"
        assert i18n.format_clock_time(moment) == "21:00"
