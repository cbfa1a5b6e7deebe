"""Rules every rulebook shares are settings too: each profile cites its own article for them.

The hand engine cites only ``profile.citations(key)``; there is no table of common citations in
the code, so a ruling made under allinouest never cites a TDA 2024 article the club did not
write, unless the profile itself says the club is silent and follows TDA.
"""

from __future__ import annotations

import pytest

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Acted,
    Action,
    Hand,
    HandError,
    HandSetup,
    LiveAction,
    Seat,
    Street,
)
from pokerfloor.hand._rules import hand_rules
from pokerfloor.rules import SCHEMA_BY_KEY, load_profile, setting_spec

IDS = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")

# The shared rules and the one value every bundled profile gives them.
SHARED: dict[str, str] = {
    "betting.minimum_raise": "largest_bet_or_raise_of_round",
    "betting.silent_chips": "chips_define_action",
    "betting.verbal_binding": "binding",
    "betting.call_without_bet": "check",
    "betting.raise_without_bet": "minimum_bet",
    "betting.under_raise": "completed_to_minimum",
    "showdown.cards_speak": "announcements_not_binding",
    "pots.side_pots_split_separately": "each_pot_on_its_own",
    "blinds.heads_up": "button_posts_small_blind",
    "out_of_turn.fold": "binding",
}

# Each profile's own articles for the shared rules (first citation of each setting).
OWN_ARTICLE: dict[str, dict[str, str]] = {
    "tda-2024": {
        "betting.minimum_raise": "tda-2024 R43",
        "betting.silent_chips": "tda-2024 R44",
        "betting.verbal_binding": "tda-2024 R40",
        "betting.call_without_bet": "tda-2024 R55",
        "betting.raise_without_bet": "tda-2024 R55 B",
        "betting.under_raise": "tda-2024 R52",
        "showdown.cards_speak": "tda-2024 R12",
        "pots.side_pots_split_separately": "tda-2024 R21",
        "blinds.heads_up": "tda-2024 R34",
        "out_of_turn.fold": "tda-2024 R53",
    },
    "tda-2010": {
        "betting.minimum_raise": "tda-2010 R31",
        "betting.silent_chips": "tda-2010 R33",
        "betting.verbal_binding": "tda-2010 R29",
        "betting.call_without_bet": "tda-2024 R55 A (tda-2010 silent)",
        "betting.raise_without_bet": "tda-2024 R55 B (tda-2010 silent)",
        "betting.under_raise": "tda-2010 R31",
        "showdown.cards_speak": "tda-2010 R8",
        "pots.side_pots_split_separately": "tda-2010 R13",
        "blinds.heads_up": "tda-2010 R26",
        "out_of_turn.fold": "tda-2010 R29",
    },
    "ropta": {
        "betting.silent_chips": "ropta 5.5",
        "showdown.cards_speak": "ropta 5.1 (a misread hand is corrected: the cards speak)",
    },
    "allinouest": {
        "betting.minimum_raise": "allinouest §Les actions et les relances",
        "betting.silent_chips": "allinouest §Les actions et les relances",
        "betting.verbal_binding": "allinouest §Les actions et les relances",
        "betting.under_raise": "allinouest §Si une mise trop petite est faite par erreur",
        "showdown.cards_speak": "allinouest §L'étalage",
        "pots.side_pots_split_separately": "allinouest §L'étalage",
        "blinds.heads_up": "allinouest §Les blinds et les changements de place",
        "out_of_turn.fold": "allinouest §Les cartes mortes",
    },
    "heavenpoker": {
        "betting.minimum_raise": "heavenpoker 9.2",
        "betting.silent_chips": "heavenpoker 9.21",
        "betting.verbal_binding": "heavenpoker 8.2",
        "betting.under_raise": "heavenpoker 9.22",
        "showdown.cards_speak": "heavenpoker 14.4",
        "blinds.heads_up": "heavenpoker 10.10",
        "out_of_turn.fold": "heavenpoker 13.1 a",
    },
}


@pytest.mark.parametrize("key", sorted(SHARED))
def test_each_shared_rule_is_a_one_value_enum_with_both_meanings(key: str) -> None:
    spec = setting_spec(key)
    assert spec.kind == "enum"
    assert spec.choice_values == (SHARED[key],)
    assert spec.explain(SHARED[key], "fr") != spec.explain(SHARED[key], "en")


@pytest.mark.parametrize("profile_id", IDS)
def test_every_bundled_profile_sets_the_shared_rules_with_a_citation(profile_id: str) -> None:
    profile = load_profile(profile_id)
    for key, value in SHARED.items():
        assert profile.value(key) == value, (profile_id, key)
        assert profile.citations(key), (profile_id, key)


@pytest.mark.parametrize(
    ("profile_id", "key", "article"),
    [
        (profile_id, key, article)
        for profile_id, articles in OWN_ARTICLE.items()
        for key, article in sorted(articles.items())
    ],
)
def test_each_profile_cites_its_own_article_for_a_shared_rule(
    profile_id: str, key: str, article: str
) -> None:
    assert load_profile(profile_id).citations(key)[0].startswith(article)


@pytest.mark.parametrize("profile_id", ("tda-2010", "ropta", "allinouest", "heavenpoker"))
def test_a_tda_2024_citation_outside_tda_2024_says_why(profile_id: str) -> None:
    """Where a rulebook is silent, the TDA 2024 article cited says so in a note (the rulebook
    is silent, or follows TDA), never as a bare 'tda-2024 Rnn'."""
    profile = load_profile(profile_id)
    for key in SHARED:
        for citation in profile.citations(key):
            if citation.startswith("tda-2024"):
                assert citation.endswith(")") and "(" in citation, (key, citation)


@pytest.mark.parametrize("profile_id", IDS)
def test_hand_rules_cite_only_the_profile(profile_id: str) -> None:
    rules = hand_rules(profile_id)
    profile = load_profile(profile_id)
    for key in SHARED:
        assert rules.cite(key) == profile.citations(key)


def test_hand_rules_have_no_fallback_for_a_key_outside_the_schema() -> None:
    assert "betting.no_such_rule" not in SCHEMA_BY_KEY
    with pytest.raises(PokerfloorError) as refusal:
        hand_rules("allinouest").cite("betting.no_such_rule")
    assert refusal.value.code == "PROFILE_UNKNOWN_SETTING"


def _flop_hand(profile_id: str) -> Hand:
    setup = HandSetup(
        profile=profile_id,
        seats=(Seat(1, "A", 5000), Seat(2, "B", 5000), Seat(3, "C", 5000), Seat(4, "D", 5000)),
        button_seat=4,
        small_blind=50,
        big_blind=100,
    )
    hand = Hand.start(setup, shuffled_order(seed=3))
    while hand.street is Street.PREFLOP:  # everyone calls or checks preflop
        options = hand.legal_actions().options
        hand.act(Action("check" if "check" in options else "call"))
    return hand


@pytest.mark.parametrize("profile_id", IDS)
def test_a_raise_below_the_minimum_is_refused_citing_the_profile(profile_id: str) -> None:
    hand = _flop_hand(profile_id)
    hand.act(Action("bet", 100))
    hand.act(Action("raise", 200))
    with pytest.raises(HandError) as refused:
        hand.act(Action("raise", 250))
    assert refused.value.code == "RAISE_BELOW_MINIMUM"
    cited = ", ".join(load_profile(profile_id).citations("betting.minimum_raise"))
    assert f"({cited})" in refused.value.message
    if profile_id in ("allinouest", "heavenpoker", "tda-2010"):
        assert "tda-2024" not in refused.value.message


@pytest.mark.parametrize("profile_id", IDS)
def test_call_with_no_bet_is_a_check_citing_the_profile(profile_id: str) -> None:
    hand = _flop_hand(profile_id)
    events = hand.act(LiveAction(say="call"))
    acted = [event for event in events if isinstance(event, Acted)]
    assert acted and acted[0].kind == "check"
    assert acted[0].ruling is not None
    assert acted[0].ruling.citations == load_profile(profile_id).citations(
        "betting.call_without_bet"
    )


@pytest.mark.parametrize("profile_id", IDS)
def test_a_fold_out_of_turn_binds_citing_the_profile(profile_id: str) -> None:
    hand = _flop_hand(profile_id)
    last = hand.count - 1
    assert hand.to_act != last
    events = hand.act(LiveAction(say="fold", out_of_turn=True), last)
    acted = [event for event in events if isinstance(event, Acted)]
    assert acted and acted[0].kind == "fold"
    assert acted[0].ruling is not None
    assert acted[0].ruling.citations == load_profile(profile_id).citations("out_of_turn.fold")
