"""A ruling's reason is a code and params (``hand.Reason``): its English comes from the
catalogue, the pages translate it from the code, never from the English."""

from __future__ import annotations

import msgspec
import pytest

from pokerfloor.hand import (
    Action,
    Hand,
    HandSetup,
    LiveAction,
    Reason,
    Ruling,
    Seat,
    timeout_ruling,
)
from pokerfloor.messages import REASONS
from pokerfloor.rules import load_profile
from pokerfloor.web import i18n
from pokerfloor.web.pages.floor._floor_rulings import reason_words, ruling_words
from tests.messages.french import translation_problems

# A raise said at 300 where the minimum is 400: completed to the minimum (tda-2024 R43).
CORRECTED = Reason(
    "THEN_RAISE_TO",
    {"total": 400},
    Reason(
        "SHORT_OF_MINIMUM",
        {"total": 300, "minimum": 400},
        Reason("RAISE_TO_DECLARED", {"amount": 300}),
    ),
)


def test_a_reason_built_on_another_reads_as_the_engine_always_wrote_it() -> None:
    assert CORRECTED.english() == (
        "raise to 300 declared; 300 is short of the minimum, completed to 400: raise to 400"
    )


def test_a_reason_built_on_another_is_translated_whole_from_its_codes() -> None:
    with i18n.use_locale("fr"):
        text = reason_words(CORRECTED)
    assert text == (
        "relance à 300 annoncée ; 300 n'atteint pas le minimum, complété à 400 : relance à 400"
    )


def test_chips_are_written_in_the_page_language() -> None:
    reason = Reason("CHECK_FACING_BET", {"bet": 12000})
    with i18n.use_locale("en"):
        assert (
            reason_words(reason)
            == "'check' declared facing a bet of 12,000: call or fold, no raise"
        )


def test_an_out_of_turn_action_that_cannot_stand_says_the_refusal_in_the_page_language() -> None:
    reason = Reason("OUT_OF_TURN_CANNOT_STAND", base=Reason("CANNOT_CHECK", {"to_call": 200}))
    assert reason.english() == (
        "the out-of-turn action cannot stand (Cannot check: 200 to call): the player acts"
    )
    with i18n.use_locale("fr"):
        assert reason_words(reason) == (
            "l'action hors de tour ne peut pas être maintenue (Parole impossible : 200 à suivre) : "
            "le joueur agit"
        )


def test_a_ruling_recorded_before_reasons_had_codes_keeps_its_english() -> None:
    old = Ruling("call", (), said="a single oversized chip without a declaration is a call")
    with i18n.use_locale("fr"):
        assert ruling_words(old) == "a single oversized chip without a declaration is a call"


def test_the_engine_records_the_reason_code_and_its_english() -> None:
    seats = (Seat(1, "A", 5000), Seat(2, "B", 5000), Seat(3, "C", 5000))
    setup = HandSetup("tda-2024", seats, button_seat=3, small_blind=100, big_blind=200)
    hand = Hand.start(setup, tuple(range(52)))
    hand.act(Action("call"))
    events = hand.act(LiveAction(chips=(1000,)))
    ruling = events[-1].ruling  # type: ignore[union-attr]
    assert ruling.why == Reason("OVERSIZED_CHIP_CALL")
    assert ruling.reason == "a single oversized chip without a declaration is a call"
    with i18n.use_locale("fr"):
        assert ruling_words(ruling) != ruling.reason  # translated from the code


@pytest.mark.parametrize("facing_bet", [False, True])
@pytest.mark.parametrize("profile", ["tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"])
def test_a_stored_player_clock_ruling_reason_has_its_english_and_french(
    profile: str, facing_bet: bool
) -> None:
    # tda-2024 R29, heavenpoker 7.3: the reason code a player_clock_expired event stores.
    why = timeout_ruling(load_profile(profile), facing_bet).ruling.why
    assert why is not None
    assert why.code in REASONS
    assert translation_problems(REASONS[why.code]) == []


def test_a_ruling_with_a_code_stores_no_english_sentence() -> None:
    seats = (Seat(1, "A", 5000), Seat(2, "B", 5000), Seat(3, "C", 5000))
    setup = HandSetup("tda-2024", seats, button_seat=3, small_blind=100, big_blind=200)
    hand = Hand.start(setup, tuple(range(52)))
    hand.act(Action("call"))
    ruling = hand.act(LiveAction(chips=(1000,)))[-1].ruling  # type: ignore[union-attr]
    stored = msgspec.json.decode(msgspec.json.encode(ruling))
    assert stored == {
        "decision": "call",
        "citations": list(ruling.citations),
        "why": {"code": "OVERSIZED_CHIP_CALL"},
    }
    assert ruling.reason == "a single oversized chip without a declaration is a call"


def test_a_ruling_stored_with_its_english_beside_its_code_still_loads() -> None:
    # As the engine stored it in a dealt table's hand_step before (b61e6f5).
    line = (
        b'{"decision":"call","reason":"a single oversized chip without a declaration is a '
        b'call","citations":["tda-2024 R45"],"why":{"code":"OVERSIZED_CHIP_CALL"}}'
    )
    ruling = msgspec.json.decode(line, type=Ruling)
    assert ruling.why == Reason("OVERSIZED_CHIP_CALL")
    assert ruling.reason == "a single oversized chip without a declaration is a call"
    with i18n.use_locale("fr"):
        assert ruling_words(ruling) != ruling.reason  # translated from the code
