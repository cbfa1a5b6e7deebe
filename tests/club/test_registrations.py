"""Registrations (heavenpoker 2.1, 2.2, 2.5, 2.6): who, when, the waiting list, check-in."""

from __future__ import annotations

import pytest

from pokerfloor.club._base import age_on
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, MINUTE, club_with, evening, member, new_club


def refused(call: object, *args: object, **kwargs: object) -> PokerfloorError:
    assert callable(call)
    with pytest.raises(PokerfloorError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_heavenpoker_2_1_under_18_refused() -> None:
    club = new_club()
    member(club, "1", "Léa", birth="2008-03-11")  # 18 the day after the event
    member(club, "2", "Tom", birth="2008-03-10")  # 18 on the event's day
    evening(club)
    error = refused(club.register, "e1", "1", DAY0)
    assert error.code == "UNDER_AGE"
    assert error.params["age"] == 17 and error.params["date"] == "2026-03-10"
    assert club.register("e1", "2", DAY0).waiting is False
    assert [r.member_id for r in club.registrations("e1")] == ["2"]


def test_heavenpoker_2_1_age_in_whole_years_a_leap_day_birthday_on_1_march() -> None:
    assert age_on("2008-02-29", "2026-02-28") == 17
    assert age_on("2008-02-29", "2026-03-01") == 18
    assert age_on("2008-03-10", "2026-03-09") == 17


def test_heavenpoker_2_1_a_birth_date_is_needed_to_register() -> None:
    club = new_club()
    club.add_member("1", "Anne", DAY0)
    club.issue_card("C1", "1", "diamant", DAY0)
    evening(club)
    assert refused(club.register, "e1", "1", DAY0).code == "BIRTH_DATE_UNKNOWN"


def test_heavenpoker_2_2_one_event_at_a_time() -> None:
    club = club_with(2)
    evening(club, "e2", start=EVENING + 2 * HOUR)  # overlaps e1 (6 h by default)
    evening(club, "e3", start=EVENING + 8 * HOUR)  # starts when e2 ends (and after e1)
    club.register("e1", "1", DAY0)
    error = refused(club.register, "e2", "1", DAY0)
    assert error.code == "ONE_EVENT_AT_A_TIME" and error.params["other_event_id"] == "e1"
    club.register("e3", "1", DAY0)
    club.cancel_registration("e1", "1", DAY0)
    assert club.register("e2", "1", DAY0 + MINUTE).waiting is False


def test_heavenpoker_2_2_the_desk_and_validations_times() -> None:
    club = club_with(2)
    scheduled = club.calendar["e1"].scheduled
    assert scheduled.desk_opens_ms == EVENING - HOUR
    assert scheduled.validations_close_ms == EVENING - 15 * MINUTE
    assert scheduled.late_entry_until_ms == EVENING + HOUR
    club.register("e1", "1", DAY0)
    assert refused(club.check_in, "e1", "1", EVENING - HOUR - 1).code == "DESK_NOT_OPEN"
    club.check_in("e1", "1", EVENING - HOUR)
    # A member registering themselves: until validations close; the desk: until late entries end.
    club.set_pin("2", "digest-2", DAY0)
    late = EVENING - 10 * MINUTE
    error = refused(club.register, "e1", "2", late, by="member", pin_digest="digest-2")
    assert error.code == "REGISTRATION_CLOSED"
    club.register("e1", "2", late)
    assert refused(club.check_in, "e1", "2", EVENING + HOUR + 1).code == "LATE_ENTRY_OVER"
    club.check_in("e1", "2", EVENING + HOUR)


def test_heavenpoker_2_2_registration_opens_when_the_club_says() -> None:
    club = club_with(1)
    club.schedule_event(
        "later", "Later", "tournament", EVENING + 48 * HOUR, 9, DAY0,
        registration_opens_ms=EVENING,
    )  # fmt: skip
    assert refused(club.register, "later", "1", DAY0).code == "REGISTRATION_NOT_OPEN"
    club.register("later", "1", EVENING)


def test_heavenpoker_2_2_identity_shown_at_check_in() -> None:
    club = new_club()
    club.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    club.issue_card("C1", "1", "diamant", DAY0)
    evening(club)
    club.register("e1", "1", DAY0)
    assert refused(club.check_in, "e1", "1", EVENING - HOUR).code == "IDENTITY_NOT_CHECKED"
    club.check_in("e1", "1", EVENING - HOUR, identity_by="Marie")
    assert club.member("1").identity_checked and club.member("1").identity_by == "Marie"


def test_a_member_registers_with_number_and_pin_digest() -> None:
    club = club_with(1)
    assert refused(club.register, "e1", "1", DAY0, by="member", pin_digest="x").code == (
        "BAD_MEMBER_PIN"
    )  # no PIN given by the club yet
    club.set_pin("1", "good", DAY0)
    assert refused(club.register, "e1", "1", DAY0, by="member", pin_digest="bad").code == (
        "BAD_MEMBER_PIN"
    )
    club.register("e1", "1", DAY0, by="member", pin_digest="good")
    assert club.registrations("e1")[0].by == "member"
    error = refused(club.cancel_registration, "e1", "1", DAY0, by="member", pin_digest="bad")
    assert error.code == "BAD_MEMBER_PIN"
    club.cancel_registration("e1", "1", DAY0, by="member", pin_digest="good")
    assert club.registrations("e1") == []


def test_a_member_registers_once_per_event() -> None:
    club = club_with(1)
    club.register("e1", "1", DAY0)
    error = refused(club.register, "e1", "1", DAY0)
    assert error.code == "CLUB_ALREADY_REGISTERED" and error.params["status"] == "registered"


def test_heavenpoker_2_5_a_full_event_puts_a_present_player_on_the_waiting_list() -> None:
    club = club_with(4, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    assert refused(club.register, "e1", "3", DAY0).code == "WAITING_LIST_NEEDS_PRESENCE"
    waiting = club.register("e1", "3", DAY0, present=True, deposit_cents=5000, method="cash")
    assert waiting.waiting and waiting.deposit_cents == 5000
    club.register("e1", "4", DAY0, present=True)
    assert [r.member_id for r in club.waiting_list("e1")] == ["3", "4"]
    assert club.cash_totals().deposits_held_cents == 5000
    error = refused(club.register, "e1", "4", DAY0, present=True)
    assert error.code == "CLUB_ALREADY_REGISTERED"


def test_heavenpoker_2_5_a_deposit_only_for_the_waiting_list_and_at_most_the_entry() -> None:
    club = club_with(3, capacity=2)
    assert refused(club.register, "e1", "1", DAY0, deposit_cents=100).code == (
        "DEPOSIT_ONLY_WHEN_WAITING"
    )
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    error = refused(club.register, "e1", "3", DAY0, present=True, deposit_cents=5001)
    assert error.code == "DEPOSIT_TOO_LARGE"


def test_heavenpoker_2_5_the_waiting_list_is_promoted_in_order_skipping_who_left() -> None:
    club = club_with(5, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    for number in "345":
        club.register("e1", number, DAY0, present=True)
    club.set_waiting_presence("e1", "3", False, DAY0)  # told the desk they leave
    club.cancel_registration("e1", "1", DAY0)
    assert [r.member_id for r in club.registrations("e1")] == ["2", "4"]
    assert [r.member_id for r in club.waiting_list("e1")] == ["3", "5"]
    club.set_waiting_presence("e1", "3", True, DAY0)  # back: still first in line
    club.cancel_registration("e1", "2", DAY0)
    assert [r.member_id for r in club.registrations("e1")] == ["3", "4"]  # by registration
    assert [r.member_id for r in club.waiting_list("e1")] == ["5"]


def test_heavenpoker_2_5_the_deposit_is_counted_at_entry() -> None:
    club = club_with(2, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    member(club, "3", "Chloé")
    club.register("e1", "3", DAY0, present=True, deposit_cents=2000)
    club.cancel_registration("e1", "1", DAY0)  # in time: no offence, 3 promoted
    checked = club.check_in("e1", "3", EVENING - HOUR, method="cash")
    assert (checked.entry_paid_cents, checked.deposit_counted_cents) == (3000, 2000)
    totals = club.cash_totals("e1")
    assert totals.entry_fees_cents == 5000 and totals.deposits_held_cents == 0


def test_heavenpoker_2_5_a_deposit_is_refunded_when_no_place_came() -> None:
    club = club_with(3, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True, deposit_cents=5000)
    club.check_in("e1", "1", EVENING - HOUR)
    club.check_in("e1", "2", EVENING - HOUR)
    club.close_event("e1", EVENING + 5 * HOUR, places={"1": 1, "2": 2})
    assert [(line.kind, line.cents) for line in club.cash_lines if "deposit" in line.kind] == [
        ("deposit", 5000),
        ("deposit_refund", -5000),
    ]
    assert club.cash_totals().deposits_held_cents == 0


def test_heavenpoker_2_5_leaving_the_waiting_list_gives_the_deposit_back() -> None:
    club = club_with(2, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    member(club, "3", "Chloé")
    club.register("e1", "3", DAY0, present=True, deposit_cents=5000)
    cancelled = club.cancel_registration("e1", "3", EVENING - MINUTE)
    assert cancelled.late is False  # no place held: never a late cancellation
    assert cancelled.deposit_refunded_cents == 5000
    assert club.offences == {}


def test_heavenpoker_2_6_a_no_show_frees_the_place_for_the_waiting_list() -> None:
    club = club_with(3, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True)
    assert refused(club.mark_no_show, "e1", "1", EVENING - HOUR).code == "NO_SHOW_TOO_EARLY"
    club.mark_no_show("e1", "1", EVENING + HOUR)
    assert [r.member_id for r in club.registrations("e1")] == ["2", "3"]
    assert club.calendar["e1"].registrations["1"].status == "no_show"
    assert club.offences["1"][0].kind == "no_show"
    assert refused(club.cancel_registration, "e1", "1", EVENING + HOUR).code == (
        "CLUB_NOT_REGISTERED"
    )


def test_a_cancelled_event_refunds_its_deposits_and_takes_no_registration() -> None:
    club = club_with(3, capacity=2)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    club.register("e1", "3", DAY0, present=True, deposit_cents=1000)
    club.cancel_event("e1", "the room is flooded", DAY0)
    assert club.cash_totals().balance_cents == club.cash_totals().by_kind["card_fee"]
    assert refused(club.register, "e1", "1", DAY0).code == "CLUB_EVENT_NOT_OPEN"
    assert club.offences == {}


def test_an_event_needs_a_kind_a_capacity_and_known_season() -> None:
    club = new_club()
    assert refused(club.schedule_event, "x", "X", "poker", EVENING, 9, DAY0).code == (
        "BAD_EVENT_KIND"
    )
    assert refused(club.schedule_event, "x", "X", "tournament", EVENING, 1, DAY0).code == (
        "BAD_CAPACITY"
    )
    error = refused(club.schedule_event, "x", "X", "freeroll", EVENING, 9, DAY0, season_id="s")
    assert error.code == "UNKNOWN_SEASON"
    club.schedule_event("x", "X", "freeroll", EVENING, 9, DAY0)
    assert refused(club.schedule_event, "x", "X", "freeroll", EVENING, 9, DAY0).code == (
        "CLUB_EVENT_EXISTS"
    )
    assert [e.event_id for e in club.events_between(EVENING, EVENING + 1)] == ["x"]


def test_heavenpoker_2_5_more_places_go_to_the_waiting_list_in_order() -> None:
    club = club_with(6, capacity=3)
    for number in "123":
        club.register("e1", number, DAY0)
    for number in "456":
        club.register("e1", number, DAY0, present=True)
    error = refused(club.update_event, "e1", DAY0, capacity=2)
    assert error.code == "CAPACITY_BELOW_REGISTERED" and error.params["registered"] == 3
    club.update_event("e1", DAY0, capacity=5, name="Soirée à 5", buy_in_cents=4000)
    assert [r.member_id for r in club.registrations("e1")] == ["1", "2", "3", "4", "5"]
    assert [r.member_id for r in club.waiting_list("e1")] == ["6"]
    scheduled = club.calendar["e1"].scheduled
    assert (scheduled.name, scheduled.buy_in_cents, scheduled.start_ms) == (
        "Soirée à 5",
        4000,
        EVENING,
    )


def test_an_event_joins_a_season_after_it_was_scheduled() -> None:
    club = club_with(1)
    club.create_season("s", "Saison", {"name": "linear"}, DAY0)
    club.update_event("e1", DAY0, season_id="s")
    assert club.seasons["s"].event_ids == ["e1"]
    club.update_event("e1", DAY0, season_id="")
    assert club.seasons["s"].event_ids == []
    assert refused(club.update_event, "e1", DAY0, season_id="nope").code == "UNKNOWN_SEASON"


def test_heavenpoker_2_4_a_player_ranked_without_check_in_is_no_no_show() -> None:
    club = club_with(3)
    for number in "123":
        club.register("e1", number, DAY0)
    club.check_in("e1", "1", EVENING - HOUR)
    closed = club.close_event("e1", EVENING + 5 * HOUR, places={"1": 1, "2": 2})
    assert closed.no_shows == ("3",)
    assert list(club.offences) == ["3"]
