"""Members: numbers, the desk's search, homonyms, merging duplicates, the import's checks."""

from __future__ import annotations

import pytest

from pokerfloor.club import CardType
from pokerfloor.club.members import members_from_rows, normalize
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, evening, member, new_club


def test_a_member_keeps_the_number_given_and_a_number_is_never_given_twice() -> None:
    club = new_club()
    club.add_member("1", "Jean-Pierre Martin", DAY0, nickname="JP", contact="079 000 00 00")
    assert club.member("1").name == "Jean-Pierre Martin"
    assert club.next_member_id() == "2"
    with pytest.raises(PokerfloorError) as refused:
        club.add_member("1", "Autre", DAY0)
    assert refused.value.code == "MEMBER_EXISTS"
    assert refused.value.params["name"] == "Jean-Pierre Martin"


def test_a_member_needs_a_name_and_a_real_birth_date() -> None:
    club = new_club()
    with pytest.raises(PokerfloorError) as no_name:
        club.add_member("1", "  ", DAY0)
    assert no_name.value.code == "CLUB_BAD_TEXT"
    with pytest.raises(PokerfloorError) as bad_date:
        club.add_member("1", "Anne", DAY0, birth_date="1990-02-30")
    assert bad_date.value.code == "CLUB_BAD_DATE"
    assert club.members == {}


def test_the_desk_finds_members_as_it_types_without_accents_or_case() -> None:
    club = new_club()
    club.add_member("7", "Élodie Dürand", DAY0, nickname="Lolo")
    club.add_member("12", "Jean-Pierre Martin", DAY0)
    club.add_member("120", "Marc Antoine", DAY0)
    assert [m.member_id for m in club.find_members("elo")] == ["7"]
    assert [m.member_id for m in club.find_members("DUR")] == ["7"]
    assert [m.member_id for m in club.find_members("lolo")] == ["7"]
    assert [m.member_id for m in club.find_members("jean p")] == ["12"]
    assert [m.member_id for m in club.find_members("pierre mar")] == ["12"]
    assert [m.member_id for m in club.find_members("12")] == ["12", "120"]  # the number first
    assert [m.member_id for m in club.find_members("ierre")] == ["12"]  # part of a name
    assert club.find_members("   ") == []


def test_a_homonym_is_found_before_a_second_jean_pierre_martin_is_created() -> None:
    club = new_club()
    club.add_member("1", "Jean-Pierre Martin", DAY0, birth_date="1970-01-01")
    club.add_member("2", "Jean Pierre MARTIN", DAY0, birth_date="1985-06-15")
    found = club.homonyms("martin jean-pierre", birth_date="1985-06-15")
    assert [m.member_id for m in found] == ["2", "1"]  # the same birth date first
    assert club.homonyms("Jean Martin") == []
    assert normalize("  Jean-Pierre   Émond ") == "jean pierre emond"


def test_merging_a_duplicate_moves_its_cards_registrations_and_offences() -> None:
    club = new_club()
    member(club, "1", "Jean-Pierre Martin")
    club.add_member("2", "J-P Martin", DAY0, birth_date="1980-05-01")
    club.issue_card("C2", "2", "saphir", DAY0, valid_from="2026-01-01")
    evening(club, "e1")
    evening(club, "e2", start=EVENING + 2 * 24 * HOUR)
    club.register("e1", "2", DAY0)
    club.cancel_registration("e1", "2", EVENING - HOUR)  # late: an offence of number 2
    club.register("e2", "2", DAY0)
    club.merge_members("1", "2", "the same person typed twice", DAY0 + HOUR)
    assert club.member("2").member_id == "1"  # the old number leads to the member kept
    assert [c.card_id for c in club.member_cards("1")] == ["C1", "C2"]
    assert club.calendar["e2"].registrations["1"].status == "registered"
    assert [o.member_id for o in club.offences["1"]] == ["1"]
    assert "2" not in club.offences
    assert [m.member_id for m in club.find_members("martin")] == ["1"]
    assert club.member_record("1").merged_ids == ("2",)


def test_members_registered_for_the_same_event_are_not_merged() -> None:
    club = new_club()
    member(club, "1", "Ann")
    member(club, "2", "Ann B")
    evening(club)
    club.register("e1", "1", DAY0)
    club.register("e1", "2", DAY0)
    with pytest.raises(PokerfloorError) as refused:
        club.merge_members("1", "2", "duplicate", DAY0)
    assert refused.value.code == "MERGE_BOTH_REGISTERED"
    with pytest.raises(PokerfloorError) as same:
        club.merge_members("1", "1", "duplicate", DAY0)
    assert same.value.code == "MERGE_SAME_MEMBER"


def test_an_imported_file_names_the_line_and_column_of_each_error() -> None:
    rows = [
        {"member_id": "1", "name": "Anne", "birth_date": "31.12.1980"},
        {"member_id": "2", "name": "", "birth_date": "1980-01-01"},
        {"member_id": "1", "name": "Bob", "birth_date": "1980-13-01"},
        {"member_id": "", "name": "Chloé", "nickname": "Clo", "contact": "c@x.ch"},
        {"member_id": "bad id", "name": "Dan"},
    ]
    valid, errors = members_from_rows(rows, existing=["99"])
    assert [(r.line, r.member_id, r.birth_date) for r in valid] == [
        (2, "1", "1980-12-31"),
        (5, "", ""),
    ]
    assert [(e.line, e.column, e.code) for e in errors] == [  # the row left out, each error named
        (3, "name", "CLUB_BAD_TEXT"),
        (4, "member_id", "MEMBER_EXISTS"),
        (4, "birth_date", "CLUB_BAD_DATE"),
        (6, "member_id", "CLUB_BAD_ID"),
    ]


def test_the_members_export_round_trips_through_the_import() -> None:
    club = new_club()
    member(club, "1", "Anne")
    club.add_member("2", "Bob", DAY0, nickname="B", birth_date="1990-02-03", contact="b@x.ch")
    rows = club.member_rows()
    assert rows[0]["identity_checked"] == "yes" and rows[1]["identity_checked"] == "no"
    valid, errors = members_from_rows(rows)
    assert errors == []
    assert [(r.member_id, r.name, r.nickname, r.birth_date, r.contact) for r in valid] == [
        ("1", "Anne", "", "1980-05-01", ""),
        ("2", "Bob", "B", "1990-02-03", "b@x.ch"),
    ]


def test_a_member_is_enrolled_in_one_step_with_card_pin_and_identity() -> None:
    """Issue 26: one form, one command; the log reads as the separate commands would."""
    club = new_club()
    club.enrol_member(
        "7", "Anne Martin", DAY0, birth_date="1980-12-31", card_type="saphir",
        card_method="cash", pin_digest="h2:abc", identity_by="td", identity_document="CNI",
    )  # fmt: skip
    kinds = [type(event).__name__ for event in club.events[1:]]
    assert kinds == ["MemberAdded", "CardIssued", "IdentityChecked", "MemberPinSet"]
    member = club.member("7")
    assert (member.identity_checked, member.identity_document, member.pin_digest) == (
        True, "CNI", "h2:abc",
    )  # fmt: skip
    assert [card.card_type for card in club.member_cards("7")] == ["saphir"]


def test_an_enrolment_refused_records_nothing() -> None:
    club = new_club()
    before = list(club.events)
    with pytest.raises(PokerfloorError) as refused:
        club.enrol_member("7", "Anne", DAY0, card_type="gold", identity_by="td")
    assert refused.value.code == "UNKNOWN_CARD_TYPE"
    assert club.events == before and club.members == {}


def test_a_card_type_is_sold_only_for_its_validities() -> None:
    only_year = CardType("annuelle", "Annuelle", 3000, 0, ("tournament",), ("year",))
    club = new_club(card_types=(only_year,))
    club.add_member("1", "Anne", DAY0)
    with pytest.raises(PokerfloorError) as refused:
        club.issue_card("c1", "1", "annuelle", DAY0, period="half_year")
    assert refused.value.code == "BAD_CARD_PERIOD" and refused.value.params["accepted"] == "year"
    assert club.issue_card("c1", "1", "annuelle", DAY0).period == "year"
