"""Penalties: tda-2024 R71, tda-2010 R40 and R42, heavenpoker 3.2, allinouest §Les sanctions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, bundled_profile_ids, load_profile
from pokerfloor.tournament.penalties import (
    PENALTY_KINDS,
    MissedHands,
    Penalty,
    assess_penalty,
    hands_to_miss,
    is_serving,
    ladder,
    next_penalty,
    start_missed_hands,
)

TDA = load_profile("tda-2024")
HEAVEN = load_profile("heavenpoker")
ALLINOUEST = load_profile("allinouest")


def give(kind: str, profile: RuleProfile = TDA, players: int = 9, stack: int = 12_000) -> Penalty:
    return assess_penalty(
        "P1",
        kind,
        profile,
        reason="exposed a card with action pending",
        players_at_table=players,
        stack=stack,
    )


# The ladder and escalation


def test_tda_2024_r71_ladder_from_warning_to_disqualification() -> None:
    assert ladder(TDA) == PENALTY_KINDS


def test_tda_2024_r71_repeat_infractions_escalate() -> None:
    assert next_penalty([], TDA) == "warning"
    assert next_penalty(["warning"], TDA) == "missed_hand"
    assert next_penalty(["warning", "missed_hand"], TDA) == "missed_rounds_1"
    assert next_penalty([give("missed_rounds_1")], TDA) == "missed_rounds_2"
    assert next_penalty(["missed_rounds_4"], TDA) == "disqualification"


def test_tda_2024_r71_escalation_climbs_from_the_heaviest_penalty_already_given() -> None:
    # The TD gave two missed rounds directly; the next warning-level offence goes higher.
    assert next_penalty(["missed_rounds_2", "warning"], TDA) == "missed_rounds_3"


def test_the_top_of_the_ladder_stays_the_top() -> None:
    assert next_penalty(["disqualification"], TDA) == "disqualification"


def test_allinouest_sanctions_warning_then_one_round_then_disqualification() -> None:
    assert ladder(ALLINOUEST) == ("warning", "missed_rounds_1", "disqualification")
    assert next_penalty([], ALLINOUEST) == "warning"
    assert next_penalty(["warning"], ALLINOUEST) == "missed_rounds_1"
    assert next_penalty(["warning", "missed_rounds_1"], ALLINOUEST) == "disqualification"


def test_allinouest_a_penalty_from_off_the_ladder_escalates_to_the_next_heavier_step() -> None:
    assert next_penalty(["missed_hand"], ALLINOUEST) == "missed_rounds_1"


def test_heavenpoker_3_2_ladder_has_one_to_four_rounds_and_no_single_missed_hand() -> None:
    assert "missed_hand" not in ladder(HEAVEN)
    assert next_penalty(["warning"], HEAVEN) == "missed_rounds_1"
    with pytest.raises(PokerfloorError) as caught:
        give("missed_hand", HEAVEN)
    assert caught.value.code == "PENALTY_NOT_IN_LADDER"
    assert caught.value.params["ladder"] == list(ladder(HEAVEN))


def test_tda_2024_r71_td_may_choose_any_level_directly() -> None:
    penalty = give("disqualification")
    assert penalty.kind == "disqualification"
    assert give("missed_rounds_3").hands_to_miss == 27


def test_allinouest_td_may_disqualify_directly_for_a_serious_fault() -> None:
    assert give("disqualification", ALLINOUEST).chips_removed == 12_000


# Missed hands


def test_tda_2024_r71_missed_round_is_one_hand_per_player_at_the_table_offender_included() -> None:
    penalty = give("missed_rounds_1", players=9)
    assert penalty.hands_to_miss == 9
    assert penalty.players_at_table == 9
    assert give("missed_rounds_2", players=7).hands_to_miss == 14


def test_heavenpoker_3_2_round_of_exclusion_counts_the_players_at_the_table() -> None:
    assert give("missed_rounds_4", HEAVEN, players=6).hands_to_miss == 24
    assert give("missed_rounds_1", HEAVEN).citations == ("heavenpoker 3.2",)


def test_tda_2010_r40_one_hand_penalty_misses_one_hand() -> None:
    assert give("missed_hand", load_profile("tda-2010")).hands_to_miss == 1


def test_tda_2024_r71_a_warning_misses_no_hand() -> None:
    penalty = give("warning")
    assert penalty.hands_to_miss == 0
    assert penalty.chips_removed == 0
    assert not is_serving(start_missed_hands(penalty))


def test_tda_2024_r71_penalised_player_is_dealt_in_until_the_hands_are_served() -> None:
    countdown = start_missed_hands(give("missed_rounds_1", players=3))
    served = 0
    while is_serving(countdown):
        countdown = countdown.after_hand_dealt()
        served += 1
    assert served == 3
    assert countdown.hands_left == 0
    with pytest.raises(PokerfloorError) as caught:
        countdown.after_hand_dealt()
    assert caught.value.code == "PENALTY_ALREADY_SERVED"


def test_a_penalty_given_while_serving_is_served_after_the_first() -> None:
    running = MissedHands("P1", 4, ("tda-2024 R71",))
    countdown = start_missed_hands(give("missed_rounds_1", players=6), running)
    assert countdown.hands_left == 10
    assert countdown.citations == ("tda-2024 R71",)


def test_a_countdown_belongs_to_one_player() -> None:
    with pytest.raises(PokerfloorError) as caught:
        start_missed_hands(give("missed_hand"), MissedHands("P2", 3))
    assert caught.value.code == "PENALTY_OTHER_PLAYER"


def test_no_countdown_means_not_serving() -> None:
    assert not is_serving(None)


# Disqualification


def test_tda_2024_r71_disqualification_removes_the_chips_from_play() -> None:
    penalty = give("disqualification", stack=8_500)
    assert penalty.chips_removed == 8_500
    assert penalty.removes_player
    assert penalty.hands_to_miss == 0
    assert penalty.citations == ("tda-2024 R71",)


def test_heavenpoker_3_2_disqualification_removes_the_chips() -> None:
    assert give("disqualification", HEAVEN, stack=3_000).chips_removed == 3_000


# Refusals


def test_an_unknown_penalty_is_refused_with_the_accepted_kinds() -> None:
    with pytest.raises(PokerfloorError) as caught:
        give("yellow_card")
    assert caught.value.code == "PENALTY_UNKNOWN_KIND"
    assert caught.value.params["accepted"] == list(PENALTY_KINDS)
    with pytest.raises(PokerfloorError):
        next_penalty(["yellow_card"], TDA)


def test_a_table_without_players_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        give("missed_rounds_1", players=0)
    assert caught.value.code == "PENALTY_BAD_PLAYER_COUNT"


def test_a_negative_stack_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        give("disqualification", stack=-1)
    assert caught.value.code == "PENALTY_BAD_STACK"


def test_a_penalty_needs_a_reason() -> None:
    with pytest.raises(PokerfloorError) as caught:
        assess_penalty("P1", "warning", TDA, reason="  ", players_at_table=9, stack=100)
    assert caught.value.code == "PENALTY_NO_REASON"


# Properties


@given(st.sampled_from(PENALTY_KINDS), st.integers(1, 10))
def test_property_missed_hands_are_players_times_rounds(kind: str, players: int) -> None:
    rounds = int(kind[-1]) if kind.startswith("missed_rounds_") else 0
    expected = 1 if kind == "missed_hand" else rounds * players
    assert hands_to_miss(kind, players) == expected


@given(
    st.sampled_from(bundled_profile_ids()),
    st.lists(st.sampled_from(PENALTY_KINDS), max_size=6),
)
def test_property_escalation_never_goes_down_and_stays_on_the_ladder(
    profile_id: str, history: list[str]
) -> None:
    profile = load_profile(profile_id)
    proposed = next_penalty(history, profile)
    assert proposed in ladder(profile)
    if not history:
        assert proposed == ladder(profile)[0]
        return
    heaviest = max(PENALTY_KINDS.index(kind) for kind in history)
    severity = PENALTY_KINDS.index(proposed)
    # Heavier than anything given, unless the top of the ladder is reached ...
    assert severity > heaviest or proposed == ladder(profile)[-1]
    # ... and no step of the ladder is skipped on the way up.
    skipped = [s for s in ladder(profile) if heaviest < PENALTY_KINDS.index(s) < severity]
    assert skipped == []
