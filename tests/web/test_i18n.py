"""French first: every message of the pages is translated, numbers follow the locale."""

from __future__ import annotations

from pathlib import Path

from pokerfloor.web import i18n
from pokerfloor.web.catalogue_check import extracted, problems


def test_every_message_is_translated_into_french_and_none_is_fuzzy() -> None:
    assert problems("fr") == []


def test_the_extractor_finds_the_messages_of_templates_and_code() -> None:
    found = extracted()
    assert "Skip to content" in found  # a template
    assert "Sign in with the TD token first." in found  # an N_() in Python


def test_french_is_the_default_and_english_is_available() -> None:
    assert i18n.pick_locale(None) == "fr"
    assert i18n.pick_locale("de") == "fr"
    with i18n.use_locale("fr"):
        assert i18n.gettext("Tournaments") == "Tournois"
    with i18n.use_locale("en"):
        assert i18n.gettext("Tournaments") == "Tournaments"


def test_numbers_and_money_follow_the_locale() -> None:
    with i18n.use_locale("fr"):
        assert i18n.format_chips(1234567) == "1\u202f234\u202f567"
        assert i18n.format_cents(123450) == "1\u202f234,50\u00a0€"
    with i18n.use_locale("en"):
        assert i18n.format_chips(1234567) == "1,234,567"
        assert i18n.format_cents(123450) == "€1,234.50"


def test_durations_never_go_negative() -> None:
    assert i18n.format_duration(65_000) == "01:05"
    assert i18n.format_duration(3_909_000) == "1:05:09"
    assert i18n.format_duration(-5) == "00:00"


def test_a_message_translated_differently_on_two_pages_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "fr"
    folder.mkdir()
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (folder / "a.po").write_text(header + 'msgid "Seat"\nmsgstr "Siège"\n', encoding="utf-8")
    (folder / "b.po").write_text(header + 'msgid "Seat"\nmsgstr "Place"\n', encoding="utf-8")
    (folder / "c.po").write_text(header + 'msgid "Table"\nmsgstr ""\n', encoding="utf-8")
    found = problems("fr", tmp_path)
    assert "translated differently in a.po and b.po: 'Seat'" in found
    assert "untranslated in c.po: 'Table'" in found
