"""Late cancellations, no-shows and the ladder (heavenpoker 2.3-2.4); bans (3.1, 3.3)."""

from __future__ import annotations

import pytest

from pokerfloor.club import Club, ClubSettings
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY, DAY0, EVENING, HOUR, MINUTE, evening, member, new_club


def three_evenings(club: Club) -> None:
    for index in range(4):
        evening(club, f"e{index + 1}", start=EVENING + index * 7 * DAY)


def setup() -> Club:
    club = new_club()
    member(club, "1", "Anne")
    member(club, "2", "Bob")
    three_evenings(club)
    return club


def test_heavenpoker_2_3_late_cancellation_is_recorded_with_the_4_hour_deadline() -> None:
    club = setup()
    club.register("e1", "1", DAY0)
    in_time = club.cancel_registration("e1", "1", EVENING - 4 * HOUR)
    assert in_time.late is False and club.offences == {}
    club.register("e1", "1", DAY0)
    late = club.cancel_registration("e1", "1", EVENING - 4 * HOUR + 1)
    assert late.late is True
    (offence,) = club.offences["1"]
    assert (offence.kind, offence.step, offence.fine_cents) == ("late_cancellation", "reminder", 0)


def test_heavenpoker_2_3_a_place_given_after_the_deadline_is_left_without_offence() -> None:
    club = setup()
    evening(club, "small", start=EVENING + 2 * DAY, capacity=2)
    member(club, "3", "Chloé")
    for number in "12":
        club.register("small", number, DAY0)
    club.register("small", "3", DAY0, present=True)
    start = EVENING + 2 * DAY
    club.cancel_registration("small", "1", start - 2 * HOUR)  # late: Chloé promoted
    assert club.cancel_registration("small", "3", start - HOUR).late is False
    assert list(club.offences) == ["1"]


def test_heavenpoker_2_3_the_deadline_is_a_setting() -> None:
    club = new_club(cancellation_deadline_hours=24)
    member(club, "1", "Anne")
    evening(club)
    club.register("e1", "1", DAY0)
    assert club.cancel_registration("e1", "1", EVENING - 5 * HOUR).late is True


def test_heavenpoker_2_4_ladder_reminder_then_fine_at_next_check_in_then_exclusion() -> None:
    club = setup()
    club.register("e1", "1", DAY0)
    club.cancel_registration("e1", "1", EVENING - HOUR)  # 1st: a written reminder
    club.register("e2", "1", DAY0)
    club.cancel_registration("e2", "1", EVENING + 7 * DAY - HOUR)  # 2nd: a fine
    assert [o.step for o in club.offences["1"]] == ["reminder", "fine"]
    assert club.fine_due_cents("1") == 5000
    club.register("e3", "1", DAY0)
    checked = club.check_in("e3", "1", EVENING + 14 * DAY - HOUR, method="cash")
    assert checked.fine_cents == 5000 and club.fine_due_cents("1") == 0
    assert club.cash_totals().by_kind["fine"] == 5000
    club.close_event("e3", EVENING + 14 * DAY + 5 * HOUR, places={"1": 1})
    club.register("e4", "1", DAY0)
    club.close_event("e4", EVENING + 21 * DAY + 5 * HOUR, places={})  # 3rd: a no-show
    assert club.offences["1"][-1].step == "exclusion"
    evening(club, "e5", start=EVENING + 28 * DAY)
    with pytest.raises(PokerfloorError) as refused:
        club.register("e5", "1", DAY0)
    assert refused.value.code == "MEMBER_EXCLUDED"
    assert refused.value.params["offences"] == 3


def test_heavenpoker_2_4_an_exclusion_bars_the_entries_registered_before_it() -> None:
    club = setup()
    club.register("e4", "1", DAY0)  # registered ahead, then three offences
    for event_id, week in (("e1", 0), ("e2", 1), ("e3", 2)):
        club.register(event_id, "1", DAY0)
        club.cancel_registration(event_id, "1", EVENING + week * 7 * DAY - HOUR)
    with pytest.raises(PokerfloorError) as refused:
        club.check_in("e4", "1", EVENING + 21 * DAY - HOUR)
    assert refused.value.code == "MEMBER_EXCLUDED" and refused.value.params["offences"] == 3
    club.waive_offence("1", 3, "the committee's decision", DAY0)
    assert club.check_in("e4", "1", EVENING + 21 * DAY - HOUR).fine_cents == 5000


def test_heavenpoker_2_4_a_waived_offence_no_longer_counts() -> None:
    club = setup()
    for event_id, day in (("e1", 0), ("e2", 7)):
        club.register(event_id, "1", DAY0)
        club.cancel_registration(event_id, "1", EVENING + day * DAY - HOUR)
    club.waive_offence("1", 2, "a doctor's note", DAY0)
    assert club.fine_due_cents("1") == 0
    club.register("e3", "1", DAY0)
    club.cancel_registration("e3", "1", EVENING + 14 * DAY - HOUR)
    assert [o.step for o in club.offences["1"]] == ["reminder", "fine", "fine"]
    with pytest.raises(PokerfloorError) as unknown:
        club.waive_offence("1", 2, "again", DAY0)
    assert unknown.value.code == "UNKNOWN_OFFENCE"


def test_heavenpoker_2_4_the_ladder_is_the_clubs() -> None:
    club = Club.create(
        "c",
        ClubSettings("C", ladder=("fine", "exclusion"), fine_cents=2000),
        at_ms=DAY0,
    )
    member(club, "1", "Anne")
    evening(club)
    club.register("e1", "1", DAY0)
    club.cancel_registration("e1", "1", EVENING - MINUTE)
    assert (club.offences["1"][0].step, club.fine_due_cents("1")) == ("fine", 2000)
    with pytest.raises(PokerfloorError) as bad:
        Club.create("d", ClubSettings("D", ladder=("caning",)))
    assert bad.value.code == "CLUB_BAD_SETTING"


def test_heavenpoker_2_4_the_reminder_letter_states_the_facts() -> None:
    club = setup()
    club.update_member("1", DAY0, contact="anne@example.ch")
    club.register("e1", "1", DAY0)
    club.cancel_registration("e1", "1", EVENING - HOUR)
    letter = club.reminder_letter("1")
    assert (letter.name, letter.contact, letter.event_name) == (
        "Anne",
        "anne@example.ch",
        "Soirée e1",
    )
    assert (letter.kind, letter.step, letter.next_step, letter.next_fine_cents) == (
        "late_cancellation",
        "reminder",
        "fine",
        5000,
    )
    assert letter.deadline_hours == 4 and letter.event_start_ms == EVENING
    assert letter.citations == ("heavenpoker 2.3", "heavenpoker 2.4")


def test_heavenpoker_3_1_a_ban_bars_every_event_between_its_dates() -> None:
    club = setup()
    club.register("e1", "1", DAY0)
    club.ban("b1", "1", "2026-03-10", "threatened a dealer", "TD", DAY0, until_date="2026-03-17")
    with pytest.raises(PokerfloorError) as at_desk:
        club.check_in("e1", "1", EVENING - HOUR)
    assert at_desk.value.code == "MEMBER_BANNED"
    assert at_desk.value.params["until"] == "2026-03-17"
    with pytest.raises(PokerfloorError) as e2:
        club.register("e2", "1", DAY0)  # 2026-03-17: the ban's last day
    assert e2.value.code == "MEMBER_BANNED"
    club.register("e3", "1", DAY0)  # 2026-03-24: over


def test_heavenpoker_3_3_a_ban_for_good_until_lifted() -> None:
    club = setup()
    club.ban("b1", "2", "2026-03-01", "smoked in the room again", "TD", DAY0)
    with pytest.raises(PokerfloorError) as refused:
        club.register("e4", "2", DAY0)
    assert refused.value.params["until"] is None  # for good
    record = club.member_record("2", at_ms=EVENING)
    assert record.banned_on is not None and record.banned_on.ban_id == "b1"
    club.lift_ban("b1", "the committee forgave", DAY0)
    club.register("e4", "2", DAY0)
    with pytest.raises(PokerfloorError) as ends:
        club.ban("b2", "2", "2026-03-10", "x", "TD", DAY0, until_date="2026-03-01")
    assert ends.value.code == "BAN_ENDS_BEFORE_START"


def test_the_desk_sees_a_members_record_and_fine_due() -> None:
    club = setup()
    for event_id, day in (("e1", 0), ("e2", 7)):
        club.register(event_id, "1", DAY0)
        club.cancel_registration(event_id, "1", EVENING + day * DAY - HOUR)
    club.register("e3", "1", DAY0)
    record = club.member_record("1")
    assert record.fine_due_cents == 5000 and not record.excluded
    assert [o.step for o in record.offences] == ["reminder", "fine"]
    assert [(e.event_id, r.status) for e, r in record.registrations] == [
        ("e1", "cancelled"),
        ("e2", "cancelled"),
        ("e3", "registered"),
    ]
    assert [c.card_id for c in record.cards] == ["C1"]
