"""The schema lists every setting with French and English labels and a meaning per value."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import SCHEMA, SCHEMA_BY_KEY, SECTIONS, load_profile, setting_spec

# The keys and values the hand engine reads (the brief of the rules package).
ENGINE_CONTRACT: dict[str, tuple[str, ...] | str] = {
    "hand.begins_at": ("first_riffle", "shuffle", "previous_pot_awarded"),
    "hand.live_if_seated_at": ("first_card", "last_card"),
    "clock.action_seconds": "int",
    "clock.countdown_seconds": "int",
    "clock.expiry_not_facing_bet": ("check", "dead"),
    "clock.expiry_facing_bet": ("dead",),
    "betting.short_allin_reopens": ("never", "cumulative_full_raise", "doubled_bet"),
    "betting.short_allin_reopens_for_blinds": "bool",
    "betting.raise_completion_percent": "int",
    "betting.under_call": (
        "full_call_heads_up_or_opener",
        "complete_call",
        "complete_if_over_half",
    ),
    "betting.oversized_chip_facing_bet": ("call",),
    "betting.lower_chip_facing_bet": ("call_heads_up_else_call_or_fold", "call"),
    "betting.bb_ante_order": ("big_blind_first", "ante_first"),
    "betting.bb_ante_if_short": (
        "blind_first_ante_from_rest",
        "no_ante_unless_covers_more_than_blind",
    ),
    "betting.minimum_bet_big_blinds": "int",
    "out_of_turn.binding_if_action_unchanged": "bool",
    "out_of_turn.binding_after_players_acted": "int",
    "out_of_turn.skipped_player_options": ("all_options", "call_or_fold"),
    "showdown.first_with_bet": ("last_aggressor",),
    "showdown.first_without_bet": (
        "first_left_of_button",
        "last_aggressor_previous_street",
        "first_to_speak",
    ),
    "showdown.may_ask_to_see": ("river_callers", "not_allowed"),
    "showdown.asked_hand_after_muck": ("live_again", "stays_dead"),
    "showdown.show_both_cards_to_win": "bool",
    "showdown.all_in_face_up": "bool",
    "pots.odd_chip": ("first_left_of_button",),
    "pots.award_order": ("side_pots_first", "main_pot_first"),
    "draw.tie_break": ("suits", "redraw"),
    "duties.last_to_act_must_raise_nuts": "bool",
    "chip_race.starts_at": ("seat_1", "left_of_dealer"),
    "chip_race.rounding": ("half_or_more", "round_up"),
    "seating.first_button": ("seat_1", "high_card_draw"),
    "balancing.threshold": "int",
    "deals.allowed": "bool",
    "final_table.size": "int",
    "hand_for_hand.seconds_off_per_hand": "int",
    "penalties.ladder": "list",
    # Rules every rulebook shares: one value, cited by each profile (no fallback in the engine).
    "betting.minimum_raise": ("largest_bet_or_raise_of_round",),
    "betting.silent_chips": ("chips_define_action",),
    "betting.verbal_binding": ("binding",),
    "betting.call_without_bet": ("check",),
    "betting.raise_without_bet": ("minimum_bet",),
    "betting.under_raise": ("completed_to_minimum",),
    "showdown.cards_speak": ("announcements_not_binding",),
    "showdown.tabled_hand": ("cannot_be_killed",),
    "showdown.shown_to_one_player": ("shown_to_all",),
    "pots.side_pots_split_separately": ("each_pot_on_its_own",),
    "blinds.heads_up": ("button_posts_small_blind",),
    "out_of_turn.fold": ("binding",),
}


@pytest.mark.parametrize(("key", "expected"), sorted(ENGINE_CONTRACT.items()))
def test_the_engine_keys_exist_with_at_least_the_agreed_values(
    key: str, expected: tuple[str, ...] | str
) -> None:
    spec = setting_spec(key)
    if isinstance(expected, str):
        assert spec.kind == expected
    else:
        assert spec.kind == "enum"
        assert set(expected) <= set(spec.choice_values)


def test_every_setting_has_a_dotted_key_two_labels_and_a_meaning_per_value() -> None:
    assert len(SCHEMA_BY_KEY) == len(SCHEMA)
    for spec in SCHEMA:
        assert spec.key.count(".") == 1 and spec.key == spec.key.lower()
        assert spec.label_fr.strip() and spec.label_en.strip()
        assert spec.label_fr != spec.label_en or spec.label_fr.isascii()
        if spec.kind in ("enum", "list", "bool"):
            assert spec.choices, spec.key
            for choice in spec.choices:
                assert choice.meaning_fr.strip() and choice.meaning_en.strip(), spec.key
        if spec.kind == "int":
            assert spec.minimum <= spec.maximum


def test_the_tournament_level_sections_are_present() -> None:
    for section in (
        "tournament",
        "chip_race",
        "seating",
        "balancing",
        "busts",
        "penalties",
        "deals",
        "rebuy",
        "late_registration",
        "final_table",
        "hand_for_hand",
    ):
        assert section in SECTIONS


def test_explain_gives_each_value_its_meaning_in_the_asked_language() -> None:
    spec = setting_spec("betting.short_allin_reopens")
    assert "plusieurs tapis" in spec.explain("cumulative_full_raise", "fr")
    assert "several short all-ins" in spec.explain("cumulative_full_raise", "en")
    clock = setting_spec("clock.call_after_seconds")
    assert clock.explain(120, "en") == "120 s"
    assert "reasonable time" in clock.explain(0, "en")
    ladder = setting_spec("penalties.ladder")
    assert ladder.explain(("warning", "disqualification"), "fr").startswith("avertissement > ")
    assert setting_spec("deals.allowed").explain(False, "en").startswith("no")


def test_setting_spec_refuses_an_unknown_key() -> None:
    with pytest.raises(PokerfloorError) as refusal:
        setting_spec("clock.seconds")
    assert refusal.value.code == "PROFILE_UNKNOWN_SETTING"


def test_docs_rules_md_lists_every_setting_with_the_bundled_values() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    heaven = load_profile("heavenpoker")
    for spec in SCHEMA:
        assert f"`{spec.key}`" in docs, spec.key
    assert str(heaven.value("betting.under_call")) in docs
