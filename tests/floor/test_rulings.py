"""One test per rule: each situation ruled under the profile whose article says so, named after
that article. The situation files (tests/floor/situations/) run the same rules through the
command line; these tests also check the steps' order and the settings read."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import FloorRuling, rule, rule_everywhere


def keys(ruling: FloorRuling) -> list[str]:
    return [step.key for step in ruling.steps]


# ---- exposed cards on the deal --------------------------------------------------------------


def test_tda_2024_r35_first_two_cards_exposed_is_misdeal() -> None:
    ruling = rule("tda-2024", "exposed_card_deal", {"first_two": True})
    assert ruling.decision == "misdeal"
    assert keys(ruling) == [
        "misdeal_first_two", "gather_reshuffle", "posts_returned", "same_dealer_redeals",
    ]  # fmt: skip
    assert "tda-2024 R35 A7" in ruling.citations


def test_tda_2024_r35_second_exposed_card_is_misdeal() -> None:
    ruling = rule("tda-2024", "exposed_card_deal", {"exposed": 2})
    assert ruling.decision == "misdeal"
    assert ruling.steps[0].params == {"exposed": 2, "limit": 2}
    assert ruling.steps[0].text.startswith("2 cards were exposed in this deal (2 make")
    assert "irregularities.exposed_cards_misdeal" in ruling.settings


def test_heavenpoker_14_1_one_exposed_card_is_replaced_and_becomes_the_burn() -> None:
    ruling = rule("heavenpoker", "exposed_card_deal", {"exposed": 1})
    assert ruling.decision == "card_replaced"
    assert keys(ruling) == ["finish_deal", "replace_with_top_card", "exposed_becomes_burn"]
    assert "heavenpoker 14.1" in ruling.citations


def test_allinouest_la_donne_the_dealers_own_card_is_kept_and_shown() -> None:
    everywhere = rule_everywhere("exposed_card_deal", {"whose": "dealer_own"})
    assert everywhere["allinouest"].decision == "card_kept"
    assert {p: r.decision for p, r in everywhere.items() if p != "allinouest"} == {
        "tda-2024": "card_replaced",
        "tda-2010": "card_replaced",
        "ropta": "card_replaced",
        "heavenpoker": "card_replaced",
    }


def test_heavenpoker_11_a_card_the_player_turns_himself_is_kept() -> None:
    for by in ("player_accident", "player_deliberate"):
        assert rule("heavenpoker", "exposed_card_deal", {"by": by}).decision == "card_kept"


def test_allinouest_la_donne_an_involuntary_movement_kills_the_card() -> None:
    ruling = rule("allinouest", "exposed_card_deal", {"by": "player_accident"})
    assert ruling.decision == "card_replaced"
    assert keys(ruling)[0] == "player_accident_dead"


def test_allinouest_fausse_donne_a_card_turned_on_purpose_puts_the_player_out() -> None:
    ruling = rule("allinouest", "exposed_card_deal", {"by": "player_deliberate"})
    assert ruling.decision == "hand_dead"
    assert "player_alone_out" in keys(ruling)
    assert "irregularities.voluntary_irregularity" in ruling.settings


def test_allinouest_cartes_flashees_the_owner_chooses_unless_he_touched_it() -> None:
    refuses = rule("allinouest", "flashed_card", {"owner_keeps": False})
    touched = rule("allinouest", "flashed_card", {"owner_keeps": False, "touched": True})
    assert (refuses.decision, touched.decision) == ("card_replaced", "card_kept")


def test_heavenpoker_11_b_a_flashed_card_others_could_identify_is_exposed() -> None:
    seen = rule("heavenpoker", "flashed_card", {"identified": True, "owner_keeps": True})
    unseen = rule("heavenpoker", "flashed_card", {"identified": False})
    assert (seen.decision, unseen.decision) == ("card_replaced", "card_kept")


def test_allinouest_la_donne_a_card_off_the_table_by_the_dealer_is_dead_even_unseen() -> None:
    ruling = rule("allinouest", "card_off_table", {"fault": "dealer", "seen": False})
    assert ruling.decision == "card_replaced"
    assert keys(ruling)[0] == "off_table_dealer"
    player = rule("allinouest", "card_off_table", {"fault": "player"})
    assert player.decision == "card_kept"


def test_heavenpoker_11_c_a_first_card_dealt_off_the_table_is_a_misdeal() -> None:
    ruling = rule("heavenpoker", "card_off_table", {"fault": "dealer", "first_two": True})
    assert ruling.decision == "misdeal"


# ---- misdeals and when it is too late -------------------------------------------------------


@pytest.mark.parametrize(
    "cause", ["wrong_order", "button_wrong", "empty_seat", "player_skipped", "wrong_count"]
)
def test_heavenpoker_12_each_listed_error_is_a_misdeal_in_time(cause: str) -> None:
    assert rule("heavenpoker", "misdeal_claim", {"cause": cause}).decision == "misdeal"


def test_tda_2024_r36_substantial_action_two_actions_one_with_chips() -> None:
    def decision(actions: int, chips: int) -> str:
        facts = {"actions": actions, "chips_actions": chips}
        return rule("tda-2024", "misdeal_claim", facts).decision

    assert decision(1, 1) == "misdeal"
    assert decision(2, 0) == "misdeal"  # two checks or two folds
    assert decision(2, 1) == "no_misdeal"
    assert decision(3, 0) == "no_misdeal"  # any three actions


def test_heavenpoker_12_two_players_acting_after_the_blinds_is_too_late() -> None:
    ruling = rule("heavenpoker", "misdeal_claim", {"actions": 2, "chips_actions": 0})
    assert ruling.decision == "no_misdeal"
    assert ruling.steps[0].key == "too_late_two_acted"
    assert ruling.steps[0].params == {"actions": 2, "chips_actions": 0}


def test_allinouest_fausse_donne_too_late_only_once_two_players_have_bet() -> None:
    ruling = rule("allinouest", "misdeal_claim", {"actions": 3, "chips_actions": 1})
    assert ruling.decision == "misdeal"
    late = rule(
        "allinouest", "misdeal_claim", {"cause": "wrong_count", "actions": 2, "chips_actions": 2}
    )
    assert late.decision == "no_misdeal"
    assert keys(late) == ["too_late_two_bet", "hand_goes_on", "irregular_hand_dead"]


def test_more_chip_actions_than_actions_count_as_many_as_the_actions() -> None:
    clamped = rule("allinouest", "misdeal_claim", {"actions": 1, "chips_actions": 5})
    assert clamped.decision == "misdeal"
    assert clamped.facts["chips_actions"] == 5


def test_tda_2024_r35_a5_one_extra_card_is_a_misdeal_even_to_the_first_seat() -> None:
    """R35 A5: the wrong number of cards to any player; allinouest keeps its burn exception."""
    facts = {"cause": "extra_card", "cards": 1, "first_seat": True}
    ruling = rule("tda-2024", "misdeal_claim", facts)
    assert ruling.decision == "misdeal"
    assert keys(ruling)[0] == "misdeal_extra_card_any"
    assert "tda-2024 R35 A5" in ruling.citations
    assert rule("allinouest", "misdeal_claim", facts).decision == "card_replaced"
    elsewhere = {**facts, "first_seat": False}
    assert rule("allinouest", "misdeal_claim", elsewhere).decision == "misdeal"


def test_tda_2024_r35_the_button_short_of_a_card_is_dealt_it_even_after_action() -> None:
    facts = {"cause": "button_short", "actions": 3, "chips_actions": 3}
    for profile, ruling in rule_everywhere("misdeal_claim", facts).items():
        assert ruling.decision == "card_dealt", profile
        assert keys(ruling) == ["button_card_dealt", "button_acted_short_dead", "play_goes_on"]


def test_heavenpoker_13_17_one_extra_card_to_any_seat_becomes_the_burn() -> None:
    facts = {"cause": "extra_card", "cards": 1, "first_seat": False}
    assert rule("heavenpoker", "misdeal_claim", facts).decision == "card_replaced"


def test_heavenpoker_12_two_extra_cards_are_a_misdeal() -> None:
    facts = {"cause": "extra_card", "cards": 2, "first_seat": True}
    assert rule("heavenpoker", "misdeal_claim", facts).decision == "misdeal"


def test_tda_2024_r35_two_boxed_cards_on_the_deal_are_a_misdeal_one_is_replaced() -> None:
    two = rule("ropta", "misdeal_claim", {"cause": "boxed_cards", "cards": 2})
    one = rule("ropta", "misdeal_claim", {"cause": "boxed_cards", "cards": 1})
    assert (two.decision, one.decision) == ("misdeal", "card_replaced")


def test_allinouest_fausse_donne_a_second_exposed_card_is_a_misdeal() -> None:
    assert rule("allinouest", "misdeal_claim", {"cause": "second_exposed"}).decision == "misdeal"


def test_heavenpoker_13_7_a_wrong_button_too_late_is_put_right_next_hand() -> None:
    facts = {"cause": "button_wrong", "actions": 2}
    assert keys(rule("heavenpoker", "misdeal_claim", facts))[-1] == "button_fixed_next_hand"


def test_allinouest_fausse_donne_no_misdeal_on_a_players_deliberate_act() -> None:
    for profile in ("allinouest", "heavenpoker", "tda-2024"):
        ruling = rule(profile, "voluntary_irregularity", {"cause": "wrong_count"})
        assert ruling.decision == "hand_dead"
        assert keys(ruling) == ["no_misdeal_voluntary", "player_alone_out", "others_play_on"]


# ---- the board ------------------------------------------------------------------------------


def test_heavenpoker_15_1_flop_without_burn_order_known_or_not() -> None:
    known = rule("heavenpoker", "flop_dealt_wrong", {"error": "no_burn", "order_known": True})
    unknown = rule("heavenpoker", "flop_dealt_wrong", {"error": "no_burn"})
    assert (known.decision, unknown.decision) == ("burn_restored", "board_reshuffled")
    assert keys(unknown)[-1] == "burn_and_redeal"


def test_allinouest_la_donne_flop_with_two_burns_order_known_or_not() -> None:
    known = rule("allinouest", "flop_dealt_wrong", {"error": "two_burns", "order_known": True})
    unknown = rule("allinouest", "flop_dealt_wrong", {"error": "two_burns"})
    assert keys(known) == ["two_burns_known", "last_flop_card_turn_burn", "next_street_no_burn"]
    assert keys(unknown) == ["two_burns_unknown", "redeal_without_burn"]


def test_tda_2010_r28_four_card_flop_one_random_card_is_the_burn_order_or_not() -> None:
    for known in (True, False):
        facts = {"error": "four_cards", "order_known": known}
        assert rule("tda-2010", "flop_dealt_wrong", facts).decision == "extra_card_removed"


def test_heavenpoker_15_3_four_card_flop_follows_the_order_when_known() -> None:
    known = rule("heavenpoker", "flop_dealt_wrong", {"error": "four_cards", "order_known": True})
    unknown = rule("heavenpoker", "flop_dealt_wrong", {"error": "four_cards"})
    assert (known.decision, unknown.decision) == ("burn_restored", "board_reshuffled")


@pytest.mark.parametrize("street", ["turn", "river"])
def test_heavenpoker_15_4_turn_or_river_without_burn_becomes_the_burn(street: str) -> None:
    ruling = rule("heavenpoker", "turn_river_no_burn", {"street": street})
    assert ruling.decision == "burn_restored"
    assert keys(ruling) == [f"{street}_becomes_burn", f"next_card_{street}"]


def test_heavenpoker_15_5_premature_flop_is_reshuffled_without_burn() -> None:
    ruling = rule("heavenpoker", "premature_card", {"street": "flop", "cards_seen": 1})
    assert ruling.decision == "board_reshuffled"
    assert keys(ruling)[-1] == "redeal_without_burn"
    assert "1 card(s) seen" in ruling.steps[0].text


def test_heavenpoker_15_6_premature_turn_is_set_aside_then_shuffled_back() -> None:
    ruling = rule("heavenpoker", "premature_card", {"street": "turn"})
    assert ruling.decision == "card_set_aside"
    assert keys(ruling) == [
        "card_set_aside", "premature_taken_back", "finish_betting", "burn_next_as_turn",
        "set_aside_card_back", "river_without_burn",
    ]  # fmt: skip


def test_tda_2024_rp_5_b_premature_turn_is_reshuffled_and_dealt_again_without_burn() -> None:
    for profile in ("tda-2024", "ropta", "tda-2010"):
        ruling = rule(profile, "premature_card", {"street": "turn"})
        assert ruling.decision == "board_reshuffled", profile
        assert keys(ruling)[0] == "premature_turn_back"
        assert keys(ruling)[-1] == "redeal_without_burn"


def test_tda_2024_rp_5_premature_river_is_reshuffled_without_burn() -> None:
    ruling = rule("tda-2024", "premature_card", {"street": "river"})
    assert ruling.decision == "board_reshuffled"
    assert ruling.citations == ("tda-2024 RP-5", "tda-2024 R39 C", "tda-2024 R39 D")


# ---- dead hands -----------------------------------------------------------------------------


def test_allinouest_la_donne_a_hand_mixed_with_a_dead_card_is_dead() -> None:
    for profile, ruling in rule_everywhere("dead_hand", {"cause": "mixed_with_dead_card"}).items():
        assert ruling.decision == "hand_dead", profile


def test_tda_2010_r39_an_unprotected_hand_is_dead_but_an_uncalled_raise_goes_back() -> None:
    facts = {"cause": "touched_by_muck", "protected": False, "uncalled_raise": True}
    ruling = rule("tda-2010", "dead_hand", facts)
    assert ruling.decision == "hand_dead"
    assert keys(ruling) == ["unprotected_dead", "uncalled_raise_back", "committed_stays"]


def test_heavenpoker_8_12_no_refund_of_an_uncalled_raise_for_an_unprotected_hand() -> None:
    facts = {"cause": "touched_by_muck", "protected": False, "uncalled_raise": True}
    assert "uncalled_raise_back" not in keys(rule("heavenpoker", "dead_hand", facts))


def test_heavenpoker_8_12_a_protected_hand_that_cannot_be_rebuilt_takes_its_chips_back() -> None:
    facts = {"cause": "touched_by_muck", "protected": True, "identifiable": False}
    ruling = rule("heavenpoker", "dead_hand", facts)
    assert ruling.decision == "hand_dead"
    assert keys(ruling) == ["protected_lost_refund"]
    assert rule("tda-2024", "dead_hand", facts).decision == "hand_dead"
    live = rule("heavenpoker", "dead_hand", {**facts, "identifiable": True})
    assert live.decision == "hand_live"


def test_heavenpoker_8_13_a_card_outside_the_line_is_dead_tda_keeps_it_live() -> None:
    assert rule("heavenpoker", "dead_hand", {"cause": "outside_line"}).decision == "hand_dead"
    assert rule("tda-2024", "dead_hand", {"cause": "outside_line"}).decision == "hand_live"


def test_heavenpoker_13_1_c_wrong_number_of_cards_too_late_is_a_dead_hand() -> None:
    ruling = rule("heavenpoker", "dead_hand", {"cause": "wrong_count"})
    assert ruling.decision == "hand_dead"
    assert "irregularities.irregular_hand_too_late" in ruling.settings


# ---- fouled decks ---------------------------------------------------------------------------


@pytest.mark.parametrize("defect", ["duplicate", "other_back"])
def test_tda_2024_r35_a_fouled_deck_in_play_returns_every_bet(defect: str) -> None:
    for profile, ruling in rule_everywhere("fouled_deck", {"defect": defect}).items():
        assert ruling.decision == "deck_replaced", profile
        assert keys(ruling) == ["stop_hand", "bets_returned", "new_deck_redeal"]


def test_heavenpoker_13_14_a_joker_is_replaced_or_kills_the_hand_that_acted() -> None:
    before = rule("heavenpoker", "fouled_deck", {"defect": "joker"})
    acted = rule("heavenpoker", "fouled_deck", {"defect": "joker", "holder_acted": True})
    assert (before.decision, acted.decision) == ("card_replaced", "hand_dead")
    assert rule("tda-2024", "fouled_deck", {"defect": "joker"}).decision == "misdeal"
    assert rule("ropta", "fouled_deck", {"defect": "joker"}).decision == "deck_replaced"


def test_tda_2024_r35_a6_and_d_a_joker_is_a_misdeal_before_substantial_action_only() -> None:
    before = rule("tda-2024", "fouled_deck", {"defect": "joker"})
    stub = {"defect": "joker", "found": "in_stub", "substantial_action": True}
    held = {"defect": "joker", "found": "in_play", "substantial_action": True}
    assert before.decision == "misdeal"
    assert before.citations == ("tda-2024 R35 A6", "tda-2024 R35 D")
    assert rule("tda-2024", "fouled_deck", stub).decision == "card_replaced"
    assert rule("tda-2024", "fouled_deck", held).decision == "hand_dead"


def test_tda_2024_r39_b_a_flop_without_burn_is_scrambled_unless_someone_acted() -> None:
    for known in (True, False):
        facts = {"error": "no_burn", "order_known": known}
        ruling = rule("tda-2024", "flop_dealt_wrong", facts)
        assert ruling.decision == "flop_scrambled"
        assert ruling.citations[0] == "tda-2024 R39 B"
    acted = rule("tda-2024", "flop_dealt_wrong", {"error": "no_burn", "action_taken": True})
    assert acted.decision == "board_stands"
    assert rule("heavenpoker", "flop_dealt_wrong", {"order_known": True}).decision == (
        "burn_restored"
    )


def test_ropta_7_2_a_flop_without_burn_is_restored_when_known_else_scrambled() -> None:
    known = rule("ropta", "flop_dealt_wrong", {"error": "no_burn", "order_known": True})
    unknown = rule("ropta", "flop_dealt_wrong", {"error": "no_burn", "order_known": False})
    assert (known.decision, unknown.decision) == ("burn_restored", "flop_scrambled")


def test_tda_2024_r65_a_fouled_hand_lives_if_it_can_be_identified() -> None:
    live = {"cause": "touched_by_muck", "protected": False, "identifiable": True}
    lost = {**live, "identifiable": False, "uncalled_raise": True}
    assert rule("tda-2024", "dead_hand", live).decision == "hand_live"
    dead = rule("tda-2024", "dead_hand", lost)
    assert dead.decision == "hand_dead"
    assert "uncalled_raise_back" in keys(dead)
    assert rule("allinouest", "dead_hand", live).decision == "hand_dead"


def test_heavenpoker_13_8_another_back_in_the_stub_is_set_aside() -> None:
    facts = {"defect": "other_back", "found": "in_stub"}
    assert rule("heavenpoker", "fouled_deck", facts).decision == "card_replaced"
    assert rule("ropta", "fouled_deck", facts).decision == "deck_replaced"


def test_heavenpoker_13_13_a_card_face_up_in_the_deck_is_replaced() -> None:
    one = rule("heavenpoker", "fouled_deck", {"defect": "face_up_in_deck"})
    two = rule("heavenpoker", "fouled_deck", {"defect": "face_up_in_deck", "count": 2})
    assert (one.decision, two.decision) == ("card_replaced", "misdeal")


def test_heavenpoker_13_16_a_missing_card_does_not_void_the_hand() -> None:
    ruling = rule("heavenpoker", "fouled_deck", {"defect": "missing_card"})
    assert ruling.decision == "no_misdeal"
    assert keys(ruling) == ["missing_card_stands", "change_deck_after"]


# ---- refusals -------------------------------------------------------------------------------


def test_an_unknown_situation_is_refused_with_the_list() -> None:
    with pytest.raises(PokerfloorError) as caught:
        rule("tda-2024", "misdeals", {})
    assert caught.value.code == "FLOOR_UNKNOWN_SITUATION"
    assert caught.value.params["situation"] == "misdeals"
    assert "misdeal_claim" in caught.value.params["situations"]


@pytest.mark.parametrize(
    ("facts", "fact", "accepted"),
    [
        ({"street": "sky"}, "street", ["flop", "turn", "river"]),
        ({"cards_seen": 0}, "cards_seen", ["1", "2", "3"]),
        ({"cards_seen": True}, "cards_seen", ["1", "2", "3"]),
        ({"colour": "red"}, "colour", ["street", "cards_seen"]),
    ],
)
def test_a_bad_fact_is_refused_naming_it_and_what_it_accepts(
    facts: dict[str, object], fact: str, accepted: list[str]
) -> None:
    with pytest.raises(PokerfloorError) as caught:
        rule("tda-2024", "premature_card", facts)
    assert caught.value.code == "FLOOR_BAD_FACT"
    assert caught.value.params["fact"] == fact
    assert caught.value.params["accepted"] == accepted
    assert isinstance(caught.value.params["value"], str)


def test_facts_written_as_text_are_read_as_their_type() -> None:
    typed = rule("ropta", "misdeal_claim", {"actions": 2, "chips_actions": 1, "first_seat": True})
    text = rule(
        "ropta", "misdeal_claim", {"actions": "2", "chips_actions": "1", "first_seat": "true"}
    )
    assert typed == text


def test_allinouest_cartes_flashees_a_refused_first_card_is_a_misdeal() -> None:
    """A flashed card the owner refuses counts as one the dealer exposed: among the first two
    cards of the deal, that is a misdeal (allinouest §Fausse donne)."""
    facts = {"owner_keeps": False, "first_two": True}
    assert rule("allinouest", "flashed_card", facts).decision == "misdeal"
    assert rule("heavenpoker", "flashed_card", {"first_two": True}).decision == "misdeal"


def test_a_house_profile_overriding_a_setting_rules_by_it_and_cites_it(tmp_path: Path) -> None:
    """Rules are data: a club extending tda-2024 with heavenpoker's misdeal limit gets that
    ruling, cited as its own article; what it does not override keeps TDA's citations."""
    house = tmp_path / "mon-club.toml"
    house.write_text(
        'extends = "tda-2024"\ntitle_fr = "Club"\ntitle_en = "Club"\n\n[irregularities]\n'
        'misdeal_too_late = { value = "two_players_acted", cite = ["club art. 12"] }\n',
        encoding="utf-8",
    )
    facts = {"cause": "wrong_order", "actions": 2, "chips_actions": 0}
    ruling = rule(str(house), "misdeal_claim", facts)
    assert ruling.decision == "no_misdeal"
    assert ruling.profile == "mon-club"
    assert ruling.citations == ("club art. 12",)
    assert rule("tda-2024", "misdeal_claim", facts).decision == "misdeal"
    dealt = rule(str(house), "exposed_card_deal", {"first_two": True})
    assert "tda-2024 R35 A7" in dealt.citations
