"""The rule profile's own limit on late registration (issue 14 item 11) caps the structure's:
heavenpoker 2.2 (an hour after the start), ropta-2025 (the end of level 2). The stricter one
closes it, and the refusal names both, with the profile's citation."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._refusals import reason_text
from tests.tournament.test_entries import started

MINUTE = 60_000  # club-rebuy: 20-minute levels


def closed(tournament: object, at_ms: int) -> PokerfloorError:
    refusal = tournament.desk.late_registration_refusal(at_ms)  # type: ignore[attr-defined]
    assert refusal is not None
    return refusal  # type: ignore[no-any-return]


def test_heavenpoker_2_2_an_hour_after_the_start_even_if_the_structure_allows_more() -> None:
    tournament, rng = started(
        12, "heavenpoker", late_registration_until_level=6, late_registration_minutes=0
    )
    assert tournament.desk.late_registration_open(59 * MINUTE)
    refusal = closed(tournament, 61 * MINUTE)
    assert refusal.code == "LATE_REGISTRATION_CLOSED"
    assert refusal.params["reason"] == "profile_minutes" and refusal.params["limit"] == 60
    assert "heavenpoker 2.2" in refusal.params["citations"]
    with pytest.raises(PokerfloorError) as caught:
        tournament.desk.register_late("LATE", "Late", 61 * MINUTE, rng)
    assert caught.value.params["reason"] == "profile_minutes"
    assert "LATE" not in tournament.players
    with i18n.use_locale("fr"):
        said = reason_text(refusal)
    assert "60 minutes après le début, limite du profil de règles" in said
    assert "jusqu'au niveau 6" in said and "61 minutes ont été jouées" in said


def test_ropta_2025_late_registration_ends_with_level_2() -> None:
    tournament, _ = started(
        12, "ropta", late_registration_until_level=0, late_registration_minutes=120
    )
    assert tournament.desk.late_registration_open(39 * MINUTE)  # level 2
    refusal = closed(tournament, 41 * MINUTE)  # level 3
    assert refusal.params["reason"] == "profile_level" and refusal.params["limit"] == 2
    with i18n.use_locale("en"):
        said = reason_text(refusal)
    assert "ended with level 2, the rule profile's limit" in said
    assert "(120 minutes); this is level 3" in said


def test_the_structure_closes_first_when_it_is_stricter() -> None:
    tournament, _ = started(
        12, "heavenpoker", late_registration_until_level=2, late_registration_minutes=0
    )
    refusal = closed(tournament, 41 * MINUTE)  # level 3, 41 minutes: under the profile's hour
    assert refusal.params["reason"] == "structure_level" and refusal.params["limit"] == 2


def test_tda_2024_r8_the_event_sets_its_own_deadline() -> None:
    """tda-2024 sets no limit of its own: the structure's applies alone."""
    tournament, _ = started(12, late_registration_until_level=6, late_registration_minutes=0)
    # Level 6 ends at 135 minutes: six levels of 20 minutes and the break after level 4.
    assert tournament.desk.late_registration_open(134 * MINUTE)
    assert closed(tournament, 136 * MINUTE).params["reason"] == "structure_level"


def test_no_late_registration_without_one_in_the_structure_whatever_the_profile() -> None:
    tournament, _ = started(
        12, "heavenpoker", late_registration_until_level=0, late_registration_minutes=0
    )
    refusal = closed(tournament, MINUTE)
    assert refusal.params["reason"] == "none"
    with i18n.use_locale("fr"):
        assert reason_text(refusal) == (
            "La structure de ce tournoi ne prévoit pas d'inscription tardive."
        )
