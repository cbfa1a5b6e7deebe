"""Cards as data (heavenpoker 3.2): types, fees pro rata, validity, the kinds they admit."""

from __future__ import annotations

import pytest

from pokerfloor.club import CardType, Club, ClubSettings
from pokerfloor.club.cards import card_validity, pro_rata_fee
from pokerfloor.errors import PokerfloorError
from tests.club._club import DAY0, EVENING, HOUR, evening, member, new_club


def test_heavenpoker_3_2_a_card_made_during_the_year_costs_the_months_left() -> None:
    assert pro_rata_fee(4000, 1) == 4000  # January: the whole year
    assert pro_rata_fee(4000, 3) == 3333  # March: 10/12 of 40.-
    assert pro_rata_fee(10000, 7) == 5000  # July: half
    assert pro_rata_fee(4000, 12) == 333  # December: 1/12
    assert pro_rata_fee(22000, 5) == 14667  # 146.666... rounded half up


def test_heavenpoker_3_2_a_card_runs_to_the_end_of_the_year_or_six_months() -> None:
    assert card_validity("year", "2026-03-10") == ("2026-03-10", "2026-12-31")
    assert card_validity("half_year", "2026-03-01") == ("2026-03-01", "2026-08-31")
    assert card_validity("half_year", "2026-08-31") == ("2026-08-31", "2027-02-27")


def test_heavenpoker_3_2_the_card_fee_goes_to_the_cash_book() -> None:
    club = new_club()
    club.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    issued = club.issue_card("C1", "1", "saphir", DAY0, method="cash")  # 2026-03-10
    assert (issued.valid_from, issued.valid_until, issued.fee_cents) == (
        "2026-03-10",
        "2026-12-31",
        3333,
    )
    half = club.issue_card("C2", "1", "rubis", DAY0, period="half_year")
    assert half.fee_cents == 5000 and half.valid_until == "2026-09-09"
    assert [(line.kind, line.cents) for line in club.cash_lines] == [
        ("card_fee", 3333),
        ("card_fee", 5000),
    ]
    club.cancel_card("C2", "bought by mistake", DAY0, refund_cents=5000)
    assert club.cash_totals().balance_cents == 3333


def test_heavenpoker_3_2_a_saphir_card_does_not_admit_a_training_game() -> None:
    club = new_club()
    member(club, "1", "Anne", card="saphir")
    evening(club, "t1", kind="training")
    with pytest.raises(PokerfloorError) as refused:
        club.register("t1", "1", DAY0)
    assert refused.value.code == "CARD_DOES_NOT_ADMIT"
    assert refused.value.params["held"] == "saphir"
    assert refused.value.params["admitting"] == "Rubis, Diamant"
    evening(club, "e1", start=EVENING + 2 * 24 * HOUR)
    assert club.register("e1", "1", DAY0).waiting is False


def test_heavenpoker_3_2_a_member_without_a_valid_card_is_refused_with_the_reason() -> None:
    club = new_club()
    member(club, "1", "Anne", card="")
    club.issue_card("old", "1", "diamant", DAY0, valid_from="2025-01-01")  # ended 2025-12-31
    evening(club)
    with pytest.raises(PokerfloorError) as refused:
        club.register("e1", "1", DAY0)
    assert refused.value.code == "NO_VALID_CARD"
    assert refused.value.params["date"] == "2026-03-10"


def test_a_club_defines_its_own_cards_or_none() -> None:
    own = (CardType("gold", "Or", 5000, 3000, ("freeroll",)),)
    club = Club.create("c", ClubSettings("Club", card_types=own), at_ms=DAY0)
    club.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    assert club.issue_card("G1", "1", "gold", DAY0, valid_from="2026-01-01").fee_cents == 5000
    with pytest.raises(PokerfloorError) as unknown:
        club.issue_card("G2", "1", "saphir", DAY0)
    assert unknown.value.code == "UNKNOWN_CARD_TYPE"
    free = Club.create("f", ClubSettings("Free", cards_required=False), at_ms=DAY0)
    free.add_member("1", "Anne", DAY0, birth_date="1980-01-01")
    evening(free)
    assert free.register("e1", "1", DAY0).waiting is False
    with pytest.raises(PokerfloorError) as bad:
        Club.create("x", ClubSettings("X", card_types=(*own, *own)))
    assert bad.value.code == "CLUB_BAD_SETTING"


def test_a_card_type_on_a_card_stays_in_the_clubs_settings() -> None:
    club = new_club()
    member(club, "1", "Anne", card="saphir")
    only_gold = ClubSettings("Heavenpoker", card_types=(CardType("gold", "Or", 1, 1, ()),))
    with pytest.raises(PokerfloorError) as refused:
        club.change_settings(only_gold, DAY0)
    assert refused.value.code == "CARD_TYPE_IN_USE"
    more = ClubSettings("Heavenpoker", fine_cents=8000)
    club.change_settings(more, DAY0)
    assert club.settings.fine_cents == 8000
    assert Club.replay(club.events).settings == more
