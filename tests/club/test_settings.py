"""The club's own settings (issue 26, item 2): presets, currency, a real time zone, every
change one event with its old and new values, every refusal naming its field and range, and an
old club's log replaying with the settings it had."""

from __future__ import annotations

import json

import msgspec
import pytest

from pokerfloor.club import Club, ClubSettings
from pokerfloor.club.events import ClubSettingsChanged, OffenceRecorded, decode_events
from pokerfloor.club.settings import (
    CLUB_RULES,
    check_settings,
    preset_settings,
    settings_problems,
)
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, club_with, evening, member, new_club

# 2026-07-01 22:30 UTC: 2026-07-02 00:30 in Paris (summer time, UTC+2), 23:30 at UTC+1.
SUMMER_NIGHT = 1_782_945_000_000


def test_an_old_log_without_currency_or_time_zone_keeps_its_settings_and_its_offset() -> None:
    """A club created before this change: Heavenpoker's defaults, its fixed UTC offset."""
    old_settings = {
        "name": "Ancien club",
        "card_types": [
            {"code": "saphir", "name": "Saphir", "yearly_fee_cents": 4000,
             "half_year_fee_cents": 2000, "admits": ["tournament", "sit_and_go"]},
        ],
        "cards_required": True, "minimum_age": 18, "cancellation_deadline_hours": 4,
        "ladder": ["reminder", "fine", "exclusion"], "fine_cents": 5000,
        "waiting_deposit_cents": 5000, "waiting_list_needs_presence": True,
        "desk_opens_minutes": 60, "validations_close_minutes": 15, "late_entry_minutes": 60,
        "event_hours": 6, "utc_offset_minutes": 60,
    }  # fmt: skip
    lines = [
        {"type": "club_created", "club_id": "old", "settings": old_settings, "at_ms": DAY0},
        {"type": "club_settings_changed", "settings": {**old_settings, "minimum_age": 21},
         "at_ms": DAY0 + 1},
    ]  # fmt: skip
    club = Club.replay(decode_events("\n".join(json.dumps(line) for line in lines)))
    assert club.settings.minimum_age == 21
    assert (club.settings.time_zone, club.settings.currency) == ("", "EUR")
    assert club.settings.card_types[0].code == "saphir"
    assert club.club_date(SUMMER_NIGHT) == "2026-07-01"  # UTC+1 all year


def test_a_time_zone_follows_summer_time() -> None:
    paris = new_club(time_zone="Europe/Paris")
    fixed = new_club(utc_offset_minutes=60)
    assert paris.club_date(SUMMER_NIGHT) == "2026-07-02"
    assert fixed.club_date(SUMMER_NIGHT) == "2026-07-01"
    winter_night = SUMMER_NIGHT - 180 * 24 * HOUR + HOUR  # 2026-01-02 23:30 UTC
    assert paris.club_date(winter_night) == fixed.club_date(winter_night) == "2026-01-03"


def test_the_time_zone_dates_a_card_issued_at_night() -> None:
    club = new_club(time_zone="Europe/Paris")
    club.add_member("1", "Anne", DAY0)
    card = club.issue_card("c1", "1", "saphir", SUMMER_NIGHT, period="half_year")
    assert card.valid_from == "2026-07-02"


def test_the_french_association_preset_has_no_cards_and_no_fines_in_euros() -> None:
    settings = preset_settings("association", "Poker Club Nantais")
    assert (settings.card_types, settings.cards_required) == ((), False)
    assert (settings.fine_cents, settings.currency, settings.time_zone) == (
        0, "EUR", "Europe/Paris",
    )  # fmt: skip
    club = Club.create("nantes", settings, DAY0)
    club.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    evening(club)
    club.register("e1", "1", DAY0)  # no card needed
    for _ in range(3):  # three late cancellations: reminders, never a fine
        club.cancel_registration("e1", "1", EVENING - HOUR)
        club.register("e1", "1", EVENING - HOUR)
    assert {(o.step, o.fine_cents) for o in club.offences["1"]} == {("reminder", 0)}


def test_heavenpoker_preset_is_rulebook_002_in_swiss_francs() -> None:
    settings = preset_settings("heavenpoker", "Heavenpoker")
    assert [c.code for c in settings.card_types] == ["saphir", "rubis", "diamant"]
    assert (settings.fine_cents, settings.currency) == (5000, "CHF")  # heavenpoker 2.4
    assert settings.cancellation_deadline_hours == 4  # heavenpoker 2.3


def test_a_late_cancellation_warning_carries_the_clubs_fine_and_currency() -> None:
    club = club_with(2)
    club.change_settings(
        msgspec.structs.replace(club.settings, currency="CHF", fine_cents=7500), DAY0
    )
    club.register("e1", "1", DAY0)
    club.cancel_registration("e1", "1", EVENING - HOUR)  # 1st: a reminder
    club.register("e1", "1", EVENING - HOUR)
    with pytest.raises(PokerfloorError) as warned:
        club.cancel_registration("e1", "1", EVENING - HOUR, confirmed=False)
    params = warned.value.params
    assert warned.value.code == "LATE_CANCELLATION_NOT_CONFIRMED"
    assert (params["step"], params["fine_cents"], params["currency"]) == ("fine", 7500, "CHF")
    assert params["citations"] == ["heavenpoker 2.3", "heavenpoker 2.4"]
    assert club.calendar["e1"].registrations["1"].status == "registered"  # nothing changed
    assert club.cancel_registration("e1", "1", EVENING - HOUR, confirmed=True).late is True
    assert club.offences["1"][-1].fine_cents == 7500


def test_a_cancellation_in_time_needs_no_confirmation() -> None:
    club = club_with(1)
    club.register("e1", "1", DAY0)
    outcome = club.cancellation_outcome("e1", "1", DAY0)
    assert (outcome.late, outcome.step, outcome.fine_cents) == (False, "", 0)
    assert club.cancel_registration("e1", "1", DAY0, confirmed=False).late is False


def test_the_deposit_setting_caps_a_waiting_list_deposit() -> None:
    """heavenpoker 2.5: the deposit is the club's amount (at most)."""
    club = club_with(3, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.change_settings(msgspec.structs.replace(club.settings, waiting_deposit_cents=1000), DAY0)
    with pytest.raises(PokerfloorError) as refused:
        club.register("e1", "3", DAY0, present=True, deposit_cents=2000)
    assert refused.value.code == "DEPOSIT_ABOVE_CLUBS"
    assert club.register("e1", "3", DAY0, present=True, deposit_cents=1000).waiting


def test_a_change_is_one_event_with_old_and_new_values() -> None:
    club = new_club()
    new = msgspec.structs.replace(club.settings, minimum_age=21, currency="CHF")
    event = club.change_settings(new, DAY0)
    assert isinstance(event, ClubSettingsChanged)
    assert {(c.field, c.old, c.new) for c in event.changes} == {
        ("minimum_age", "18", "21"), ("currency", "EUR", "CHF"),
    }  # fmt: skip
    with pytest.raises(PokerfloorError) as same:
        club.change_settings(new, DAY0)
    assert same.value.code == "CLUB_SETTINGS_UNCHANGED"


def test_the_minimum_age_setting_changes_who_may_register() -> None:
    club = new_club(minimum_age=21)
    member(club, "1", "Anne", birth="2006-01-01")  # 20 on the evening
    evening(club)
    with pytest.raises(PokerfloorError) as refused:
        club.register("e1", "1", DAY0)
    assert refused.value.params["minimum_age"] == 21
    club.change_settings(msgspec.structs.replace(club.settings, minimum_age=18), DAY0)
    assert not club.register("e1", "1", DAY0).waiting


def test_every_refused_setting_is_named_with_its_range() -> None:
    bad = ClubSettings(
        "X", minimum_age=-5, fine_cents=-1, currency="XYZ", time_zone="Mars/Olympus",
        ladder=("reminder", "flogging"),
    )  # fmt: skip
    fields = [problem.field for problem in settings_problems(bad)]
    assert fields == ["minimum_age", "fine_cents", "ladder", "currency", "time_zone"]
    with pytest.raises(PokerfloorError) as refused:
        check_settings(bad)
    assert refused.value.params["problems"] == fields
    assert (refused.value.params["low"], refused.value.params["high"]) == (0, 120)
    assert check_settings(ClubSettings("X", time_zone="Europe/Paris")) is None


def test_a_time_zone_name_cannot_reach_the_file_system() -> None:
    for name in ("../../etc/passwd", "/etc/localtime", "Europe/../../x"):
        assert [p.field for p in settings_problems(ClubSettings("X", time_zone=name))] == [
            "time_zone"
        ]


def _checked_in_at(club: Club, at_ms: int) -> str:
    """``ok`` or the refusal's code of checking member 1 in at ``at_ms``."""
    try:
        club.check_in("e1", "1", at_ms)
    except PokerfloorError as refused:
        return refused.code
    return "ok"


@pytest.mark.parametrize(("desk_minutes", "expected"), [(60, "ok"), (30, "DESK_NOT_OPEN")])
def test_the_desk_opening_setting_decides_an_early_check_in(
    desk_minutes: int, expected: str
) -> None:
    """heavenpoker 2.2: the cash desk opens the club's minutes before the start."""
    club = new_club(desk_opens_minutes=desk_minutes)
    member(club, "1", "Anne")
    evening(club)
    club.register("e1", "1", DAY0)
    assert _checked_in_at(club, EVENING - 45 * 60_000) == expected


@pytest.mark.parametrize(("late_minutes", "expected"), [(60, "ok"), (30, "LATE_ENTRY_OVER")])
def test_the_late_entry_setting_decides_a_late_check_in(late_minutes: int, expected: str) -> None:
    """heavenpoker 2.2, 2.6: late entries for the club's minutes after the start."""
    club = new_club(late_entry_minutes=late_minutes)
    member(club, "1", "Anne")
    evening(club)
    club.register("e1", "1", DAY0)
    assert _checked_in_at(club, EVENING + 45 * 60_000) == expected


@pytest.mark.parametrize(("close_minutes", "allowed"), [(15, True), (60, False)])
def test_the_validations_closing_setting_decides_a_members_own_registration(
    close_minutes: int, allowed: bool
) -> None:
    """heavenpoker 2.2: a member registers themselves until the validations close."""
    club = new_club(validations_close_minutes=close_minutes)
    member(club, "1", "Anne")
    club.set_pin("1", "h2:pin", DAY0)
    evening(club)
    try:
        club.register("e1", "1", EVENING - 30 * 60_000, by="member", pin_digest="h2:pin")
    except PokerfloorError as refused:
        assert not allowed and refused.code == "REGISTRATION_CLOSED"
    else:
        assert allowed


@pytest.mark.parametrize(("hours", "overlaps"), [(6, True), (1, False)])
def test_the_event_length_setting_decides_one_event_at_a_time(hours: int, overlaps: bool) -> None:
    """heavenpoker 2.2: one event at a time, an event lasting the club's hours."""
    club = new_club(event_hours=hours)
    member(club, "1", "Anne")
    evening(club, "e1")
    evening(club, "e2", start=EVENING + 2 * HOUR)
    club.register("e1", "1", DAY0)
    try:
        club.register("e2", "1", DAY0)
    except PokerfloorError as refused:
        assert overlaps and refused.code == "ONE_EVENT_AT_A_TIME"
    else:
        assert not overlaps


@pytest.mark.parametrize("needs_presence", [True, False])
def test_the_presence_setting_decides_who_joins_the_waiting_list(needs_presence: bool) -> None:
    """heavenpoker 2.5: a player must be there to join the waiting list (a setting)."""
    club = new_club(waiting_list_needs_presence=needs_presence)
    for number in ("1", "2", "3"):
        member(club, number, f"Joueur {number}")
    evening(club, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    try:
        waiting = club.register("e1", "3", DAY0).waiting
    except PokerfloorError as refused:
        assert needs_presence and refused.code == "WAITING_LIST_NEEDS_PRESENCE"
    else:
        assert not needs_presence and waiting


def test_an_association_cites_its_own_rules_never_a_heavenpoker_article() -> None:
    """The "association" preset has no rulebook: its late-cancellation warning, its offences,
    its bans and its refusals cite "the club's rules" (CLUB_RULES); a Heavenpoker club keeps
    its articles."""
    settings = preset_settings("association", "Poker Club Nantais")
    assert (settings.rulebook, settings.event_profile) == ("", "ropta")
    club = Club.create("nantes", settings, DAY0)
    club.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    club.add_member("2", "Petit", DAY0, birth_date="2015-01-01")
    evening(club)
    club.register("e1", "1", DAY0)
    with pytest.raises(PokerfloorError) as warned:
        club.cancel_registration("e1", "1", EVENING - HOUR, confirmed=False)
    assert warned.value.params["citations"] == [CLUB_RULES]
    club.cancel_registration("e1", "1", EVENING - HOUR, confirmed=True)
    offence = [e for e in club.events if isinstance(e, OffenceRecorded)][-1]
    assert offence.citations == (CLUB_RULES,)
    with pytest.raises(PokerfloorError) as under_age:
        club.register("e1", "2", DAY0)
    assert under_age.value.params["citations"] == [CLUB_RULES]
    assert "heavenpoker" not in under_age.value.message
    ban = club.ban("b1", "1", "2026-03-01", "conduct", "td", DAY0)
    assert ban.citations == (CLUB_RULES,)
    heaven = club_with(1)
    assert heaven.settings.cite("2.4") == ("heavenpoker 2.4",)
