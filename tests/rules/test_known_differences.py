"""The differences between the rulebooks (DESIGN.md section 3), one test per row.

Each test names the articles; the profile's citations must name them too.
"""

from __future__ import annotations

from pokerfloor.rules import load_profile

IDS = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")


def values(key: str) -> dict[str, object]:
    result: dict[str, object] = {}
    for profile_id in IDS:
        setting = load_profile(profile_id).settings[key]
        result[profile_id] = setting.value
    return result


def cites(profile_id: str, key: str) -> str:
    return " ; ".join(load_profile(profile_id).citations(key))


def test_a_hand_begins_at_the_riffle_tda_r23_r18_pot_award_ropta_3_2_shuffle_clubs() -> None:
    """Rule: tda-2024 R23, tda-2010 R18, ropta 3.2, allinouest, heavenpoker 4.5."""
    assert values("hand.begins_at") == {
        "tda-2024": "first_riffle",
        "tda-2010": "first_riffle",
        "ropta": "previous_pot_awarded",
        "allinouest": "shuffle",
        "heavenpoker": "shuffle",
    }
    assert "ropta 3.2" in cites("ropta", "hand.begins_at")
    assert "heavenpoker 4.5" in cites("heavenpoker", "hand.begins_at")


def test_live_hand_needs_the_player_seated_at_the_last_card_except_ropta_3_1_first_card() -> None:
    """Rule: tda-2024 R30, tda-2010 R22, ropta 3.1, heavenpoker 8.10."""
    assert values("hand.live_if_seated_at") == {
        "tda-2024": "last_card",
        "tda-2010": "last_card",
        "ropta": "first_card",
        "allinouest": "last_card",
        "heavenpoker": "last_card",
    }
    assert "ropta 3.1" in cites("ropta", "hand.live_if_seated_at")
    assert "heavenpoker 8.10" in cites("heavenpoker", "hand.live_if_seated_at")


def test_clock_tda_2024_r29_25_plus_5_checks_unfaced_others_kill_heavenpoker_7_3_checks() -> None:
    """Rule: tda-2024 R29, tda-2010 R20, ropta-2025 clock, allinouest, heavenpoker 7.1 and 7.3."""
    total = {
        profile_id: load_profile(profile_id).int_value("clock.action_seconds")
        + load_profile(profile_id).int_value("clock.countdown_seconds")
        for profile_id in IDS
    }
    assert total == {
        "tda-2024": 30,
        "tda-2010": 70,
        "ropta": 30,
        "allinouest": 70,
        "heavenpoker": 70,
    }
    assert values("clock.countdown_seconds") == {
        "tda-2024": 5,
        "tda-2010": 10,
        "ropta": 5,
        "allinouest": 10,
        "heavenpoker": 10,
    }
    assert values("clock.expiry_not_facing_bet") == {
        "tda-2024": "check",
        "tda-2010": "dead",
        "ropta": "dead",
        "allinouest": "dead",
        "heavenpoker": "check",
    }
    assert set(values("clock.expiry_facing_bet").values()) == {"dead"}
    assert values("clock.call_after_seconds")["heavenpoker"] == 120
    assert "heavenpoker 7.3 a" in cites("heavenpoker", "clock.expiry_not_facing_bet")


def test_short_allin_reopens_tda_2024_r47_cumulative_tda_2010_r31_never_allinouest_doubled() -> (
    None
):
    """Rule: tda-2024 R47, tda-2010 R31, allinouest (tapis inférieur), heavenpoker 9.23."""
    assert values("betting.short_allin_reopens") == {
        "tda-2024": "cumulative_full_raise",
        "tda-2010": "never",
        "ropta": "cumulative_full_raise",
        "allinouest": "doubled_bet",
        "heavenpoker": "never",
    }
    assert cites("tda-2024", "betting.short_allin_reopens") == "tda-2024 R47"
    assert cites("tda-2010", "betting.short_allin_reopens") == "tda-2010 R31"


def test_heavenpoker_9_23_short_allin_reopens_only_for_blinds() -> None:
    """Rule: heavenpoker 9.23: no reopening, except for the small and big blind."""
    assert values("betting.short_allin_reopens_for_blinds") == {
        "tda-2024": False,
        "tda-2010": False,
        "ropta": False,
        "allinouest": False,
        "heavenpoker": True,
    }
    assert cites("heavenpoker", "betting.short_allin_reopens_for_blinds") == "heavenpoker 9.23"


def test_silent_under_call_tda_2024_r51_full_call_allinouest_completes_heavenpoker_8_7_half() -> (
    None
):
    """Rule: tda-2024 R51, allinouest (mise trop petite), heavenpoker 8.7."""
    assert values("betting.under_call") == {
        "tda-2024": "full_call_heads_up_or_opener",
        "tda-2010": "full_call_heads_up_or_opener",
        "ropta": "full_call_heads_up_or_opener",
        "allinouest": "complete_call",
        "heavenpoker": "complete_if_over_half",
    }
    assert "heavenpoker 8.7" in cites("heavenpoker", "betting.under_call")
    assert "tda-2024 R51" in cites("tda-2024", "betting.under_call")


def test_chip_race_starts_at_seat_1_tda_r24_r16_ropta_left_of_dealer_heavenpoker_9_24() -> None:
    """Rule: tda-2024 R24, tda-2010 R16, ropta-2025 chip race, allinouest, heavenpoker 9.24."""
    assert values("chip_race.starts_at") == {
        "tda-2024": "seat_1",
        "tda-2010": "seat_1",
        "ropta": "seat_1",
        "allinouest": "left_of_dealer",
        "heavenpoker": "left_of_dealer",
    }
    assert "heavenpoker 9.24" in cites("heavenpoker", "chip_race.starts_at")


def test_chip_race_counts_half_a_chip_tda_2024_r24_and_ropta_but_allinouest_rounds_up() -> None:
    """Rule: tda-2024 R24, ropta-2025 chip race, allinouest (le chip race)."""
    rounding = values("chip_race.rounding")
    assert rounding["tda-2024"] == "half_or_more"
    assert rounding["ropta"] == "half_or_more"
    assert rounding["allinouest"] == "round_up"
    assert set(values("chip_race.max_chips_per_player").values()) == {1}


def test_odd_chip_left_of_button_tda_2024_r20_heavenpoker_9_20_closest_in_dealing_order() -> None:
    """Rule: tda-2024 R20, tda-2010 R12, allinouest (l'étalage), heavenpoker 9.20: the winner
    nearest the button in dealing order is the first winner left of the button, one rule in
    two wordings (a choice between them would change nothing: a decorative setting)."""
    assert set(values("pots.odd_chip").values()) == {"first_left_of_button"}
    assert "heavenpoker 9.20" in cites("heavenpoker", "pots.odd_chip")


def test_simultaneous_busts_tda_rp_8_share_ropta_and_allinouest_rank_by_starting_stack() -> None:
    """Rule: tda-2024 RP-8, ropta-2025 simultaneous busts and ropta 5.4, allinouest (l'étalage)."""
    assert values("busts.hand_for_hand_tables")["tda-2024"] == "share"
    assert values("busts.same_table")["ropta"] == "bigger_starting_stack_higher"
    assert values("busts.same_table")["allinouest"] == "bigger_starting_stack_higher"
    assert values("busts.hand_for_hand_tables")["allinouest"] == "bigger_starting_stack_higher"
    assert "ropta 5.4" in cites("ropta", "busts.same_table")


def test_heads_up_tda_2024_r34_nobody_posts_big_blind_twice_clubs_let_big_blind_advance() -> None:
    """Rule: tda-2024 R34, tda-2010 R26, ropta-2025 heads-up, allinouest, heavenpoker 10.10."""
    assert values("tournament.heads_up_transition") == {
        "tda-2024": "no_big_blind_twice",
        "tda-2010": "no_big_blind_twice",
        "ropta": "no_big_blind_twice",
        "allinouest": "big_blind_advances",
        "heavenpoker": "big_blind_advances",
    }
    assert "heavenpoker 10.10" in cites("heavenpoker", "tournament.heads_up_transition")


def test_showdown_without_bet_tda_r17_left_of_button_heavenpoker_14_5_c_previous_raiser() -> None:
    """Rule: tda-2024 R17, tda-2010 R11, ropta 4.1 (pay to see), allinouest, heavenpoker 14.5 c."""
    assert values("showdown.first_without_bet") == {
        "tda-2024": "first_left_of_button",
        "tda-2010": "first_left_of_button",
        "ropta": "first_left_of_button",
        "allinouest": "first_to_speak",
        "heavenpoker": "last_aggressor_previous_street",
    }
    asking = values("showdown.may_ask_to_see")
    assert asking["ropta"] == "river_callers"
    assert asking["heavenpoker"] == "not_allowed"
    assert "ropta 4.1" in cites("ropta", "showdown.may_ask_to_see")
    assert "heavenpoker 3.2 f" in cites("heavenpoker", "showdown.may_ask_to_see")


def test_a_mucked_hand_asked_for_is_live_again_only_in_ropta_4_1() -> None:
    """Rule: ropta 4.1 (pay to see), tda-2024 R18, allinouest (l'étalage), heavenpoker 14.4 b."""
    assert values("showdown.asked_hand_after_muck") == {
        "tda-2024": "stays_dead",
        "tda-2010": "stays_dead",
        "ropta": "live_again",
        "allinouest": "stays_dead",
        "heavenpoker": "stays_dead",
    }
    assert "ropta 4.1" in cites("ropta", "showdown.asked_hand_after_muck")
    assert "heavenpoker 14.4 c" in cites("heavenpoker", "showdown.tabled_hand")
    assert "heavenpoker 14.4" in cites("heavenpoker", "showdown.shown_to_one_player")


def test_card_draw_ties_go_by_suit_roberts_3_7_but_heavenpoker_5_3_redraws() -> None:
    """Rule: roberts 3.7, allinouest (le chip race), heavenpoker 5.2 and 5.3."""
    assert values("draw.tie_break") == {
        "tda-2024": "suits",
        "tda-2010": "suits",
        "ropta": "suits",
        "allinouest": "suits",
        "heavenpoker": "redraw",
    }
    assert cites("heavenpoker", "draw.tie_break") == "heavenpoker 5.2 ; heavenpoker 5.3"


def test_heavenpoker_3_2_x_last_to_act_on_the_river_must_raise_the_nuts() -> None:
    """Rule: heavenpoker 3.2 x (tda-2024 R71: checking the nuts is not automatic soft play)."""
    assert values("duties.last_to_act_must_raise_nuts") == {
        "tda-2024": False,
        "tda-2010": False,
        "ropta": False,
        "allinouest": False,
        "heavenpoker": True,
    }
    assert cites("heavenpoker", "duties.last_to_act_must_raise_nuts") == "heavenpoker 3.2 x"


def test_default_late_registration_ropta_level_2_heavenpoker_2_2_one_hour() -> None:
    """Rule: ropta-2025 late registration, heavenpoker 2.2."""
    assert values("late_registration.until_end_of_level")["ropta"] == 2
    assert values("late_registration.until_minutes_after_start")["heavenpoker"] == 60


def test_heavenpoker_8_14_forbids_deals() -> None:
    """Rule: heavenpoker 8.14: the prize goes to the real winner."""
    assert values("deals.allowed") == {
        "tda-2024": True,
        "tda-2010": True,
        "ropta": True,
        "allinouest": True,
        "heavenpoker": False,
    }


def test_ropta_keeps_lower_chip_and_skipped_player_rulings_of_its_2025_edition() -> None:
    """Rule: ropta-2025 lower-value chip, ropta-2025 skipped player, allinouest out of turn."""
    assert values("betting.lower_chip_facing_bet")["ropta"] == "call_heads_up_else_call_or_fold"
    assert values("out_of_turn.skipped_player_options") == {
        "tda-2024": "floor_decides",
        "tda-2010": "all_options",
        "ropta": "call_or_fold",
        "allinouest": "check_or_dead",
        "heavenpoker": "floor_decides",
    }
    assert values("out_of_turn.binding_after_players_acted")["allinouest"] == 3


def test_ropta_big_blind_ante_is_skipped_when_the_blind_cannot_be_covered() -> None:
    """Rule: tda-2024 RP-11 big blind first; ropta-2025 big blind ante."""
    assert set(values("betting.bb_ante_order").values()) == {"big_blind_first"}
    assert values("betting.bb_ante_if_short")["ropta"] == "no_ante_unless_covers_more_than_blind"
    assert values("betting.bb_ante_if_short")["tda-2024"] == "blind_first_ante_from_rest"


def test_final_table_tda_2010_r7_ten_players_tda_2024_rp_9_nine() -> None:
    """Rule: tda-2010 R7, tda-2024 RP-9, ropta-2025 final table."""
    assert values("final_table.size")["tda-2010"] == 10
    assert values("final_table.size")["tda-2024"] == 9
    assert values("final_table.size")["ropta"] % 2 == 1


def test_penalty_ladders_tda_2024_r71_allinouest_one_round_heavenpoker_3_2_four_rounds() -> None:
    """Rule: tda-2024 R71, allinouest (les sanctions), heavenpoker 3.2."""
    assert load_profile("allinouest").list_value("penalties.ladder") == (
        "warning",
        "missed_rounds_1",
        "disqualification",
    )
    heaven = load_profile("heavenpoker").list_value("penalties.ladder")
    assert heaven[-2:] == ("missed_rounds_4", "disqualification")
    assert "missed_hand" in load_profile("tda-2024").list_value("penalties.ladder")
