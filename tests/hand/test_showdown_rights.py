"""A showdown the players play (``HandSetup.manual_showdown``, issue 14 item 12), and the order of
a showdown with a player all in (item 6): show, muck, show one card, ask to see, each ruled with
the profile's articles; refusals change nothing; the events replay exactly; the default (every
hand turned up at once) is unchanged."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Action,
    CardsShown,
    Event,
    Hand,
    HandEnded,
    HandMucked,
    HandsShown,
    LiveAction,
    Noted,
    PotAwarded,
    ShowdownAction,
    ShowdownOpened,
    Timeout,
)
from pokerfloor.hand.scenario import load_scenario

RIVER = """
profile: {profile}
blinds: [50, 100]
button: {button}
start: river
pot: 300
manual_showdown: {manual}
seats:
  1: {{name: A, stack: 5000}}
  2: {{name: B, stack: 5000}}
  3: {{name: C, stack: 5000}}
hole: {{A: AhAd, B: KhKd, C: QhQd}}
board: 2c7d9hJs3c
"""
A, B, C = 0, 1, 2


def river(profile: str = "tda-2024", manual: bool = True, stacks: str = "") -> Hand:
    text = RIVER.format(profile=profile, button=3, manual=str(manual).lower())
    if stacks:
        text = text.replace("{name: A, stack: 5000}", stacks)
    scenario = load_scenario(text)
    return Hand.start(scenario.setup, [int(card) for card in scenario.deck])


def bet_and_calls(hand: Hand) -> None:
    hand.act(Action("bet", 200))
    hand.act(Action("call"))
    hand.act(Action("call"))


def same_after_replay(hand: Hand) -> None:
    assert Hand.replay(hand.events).snapshot() == hand.snapshot()
    data = msgspec.json.encode(hand.events)
    decoded = msgspec.json.decode(data, type=list[Event])
    assert Hand.replay(decoded).snapshot() == hand.snapshot()


def refused(hand: Hand, action: object, player: int | None = None) -> str:
    before, count = hand.snapshot(), len(hand.events)
    with pytest.raises(PokerfloorError) as refusal:
        hand.act(action, player)  # type: ignore[arg-type]
    assert hand.snapshot() == before
    assert len(hand.events) == count
    return refusal.value.code


# ---- the default is unchanged ---------------------------------------------------------------


def test_by_default_every_hand_is_turned_up_and_the_pot_awarded_at_once() -> None:
    hand = river(manual=False)
    bet_and_calls(hand)
    assert hand.is_complete
    assert [type(e) for e in hand.events[-3:]] == [HandsShown, PotAwarded, HandEnded]
    assert not any(isinstance(e, ShowdownOpened | CardsShown | HandMucked) for e in hand.events)


def test_a_showdown_action_in_a_default_hand_is_refused() -> None:
    hand = river(manual=False)
    assert refused(hand, ShowdownAction("show")) == "NO_SHOWDOWN"


# ---- the showdown waits for the players -----------------------------------------------------


def test_the_hand_stops_at_the_showdown_the_last_aggressor_first() -> None:
    hand = river()
    hand.act(Action("check"))
    hand.act(Action("bet", 200))  # B is the last aggressor
    hand.act(Action("call"))
    hand.act(Action("call"))
    opened = hand.events[-1]
    assert isinstance(opened, ShowdownOpened)
    assert opened.order == (B, C, A)
    assert opened.ruling.citations == ("tda-2024 R17",)
    assert hand.street.key == "showdown" and not hand.is_complete
    assert hand.to_act == B
    assert hand.legal_actions().options == ()
    assert hand.showdown_options() == ("show", "muck", "show_one")
    assert hand.showdown_options(A) == ("show", "muck", "show_one", "ask")  # A called B's bet
    same_after_replay(hand)


def test_betting_actions_and_the_clock_are_refused_at_the_showdown() -> None:
    hand = river()
    bet_and_calls(hand)
    assert refused(hand, Action("check")) == "SHOWDOWN_UNDER_WAY"
    assert refused(hand, Timeout()) == "SHOWDOWN_UNDER_WAY"
    assert refused(hand, LiveAction(chips=(100,), out_of_turn=True), C) == "SHOWDOWN_UNDER_WAY"


def test_impossible_showdown_actions_are_refused_and_change_nothing() -> None:
    hand = river()
    bet_and_calls(hand)
    assert refused(hand, ShowdownAction("show_one", card=51), A) == "CARD_NOT_HELD"
    assert refused(hand, ShowdownAction("show_one"), A) == "CARD_NOT_HELD"
    assert refused(hand, ShowdownAction("show", to=A), A) == "BAD_SHOWDOWN_TARGET"
    assert refused(hand, ShowdownAction("ask", of=7), B) == "BAD_SHOWDOWN_TARGET"
    hand.act(ShowdownAction("show"), A)
    assert refused(hand, ShowdownAction("show"), A) == "ALREADY_TABLED"
    hand.act(ShowdownAction("muck"), C)
    assert refused(hand, ShowdownAction("show"), C) == "HAND_MUCKED"


def test_a_player_who_folded_before_the_showdown_has_no_showdown_action() -> None:
    hand = river()
    hand.act(Action("bet", 200))
    hand.act(Action("call"))
    hand.act(Action("fold"))
    assert refused(hand, ShowdownAction("show"), C) == "NOT_IN_SHOWDOWN"


def test_showing_early_is_allowed_and_ruled() -> None:
    hand = river()
    bet_and_calls(hand)
    shown = hand.act(ShowdownAction("show"), C)[0]
    assert isinstance(shown, CardsShown)
    assert shown.ruling.decision == "show"
    assert "before their turn" in shown.ruling.reason
    assert shown.ruling.citations == ("tda-2024 R17",)
    assert hand.to_act == A  # A still shows first
    same_after_replay(hand)


def test_the_best_tabled_hand_wins_by_its_cards() -> None:
    hand = river()
    bet_and_calls(hand)
    hand.act(ShowdownAction("show"))  # A, aces
    hand.act(ShowdownAction("show"))  # B
    events = hand.act(ShowdownAction("show"))  # C
    award = next(e for e in events if isinstance(e, PotAwarded))
    assert award.players == (A,)
    assert award.ruling is not None and award.ruling.decision == "best_hand"
    assert "tda-2024 R12" in award.ruling.citations and "tda-2024 R19" in award.ruling.citations
    assert hand.shown == (A, B, C)
    assert hand.stacks == [5700, 4800, 4800]
    same_after_replay(hand)


def test_a_lone_hand_left_takes_the_pot_without_showing() -> None:
    hand = river()
    bet_and_calls(hand)
    hand.act(ShowdownAction("muck"))  # A
    events = hand.act(ShowdownAction("muck"))  # B
    award = next(e for e in events if isinstance(e, PotAwarded))
    assert award.players == (C,)
    assert award.ruling is not None and award.ruling.decision == "uncontested"
    assert hand.is_complete and hand.shown == ()
    assert list(hand.mucked) == [A, B]


def test_a_tabled_hand_thrown_away_stays_live() -> None:
    hand = river(profile="heavenpoker")
    bet_and_calls(hand)
    hand.act(ShowdownAction("show"))
    noted = hand.act(ShowdownAction("muck"), A)[0]
    assert isinstance(noted, Noted)
    assert noted.ruling.decision == "stays_live"
    assert noted.ruling.citations == ("heavenpoker 14.4 c",)
    assert A not in hand.mucked


def test_one_card_is_not_a_tabled_hand_where_both_are_required() -> None:
    hand = river()
    bet_and_calls(hand)
    shown = hand.act(ShowdownAction("show_one", card=hand.holes[A][0]))[0]
    assert isinstance(shown, CardsShown) and shown.ruling.decision == "one_card"
    assert hand.to_act == A
    assert hand.showdown_options() == ("show", "muck")
    hand.act(ShowdownAction("show"))
    assert hand.to_act == B and hand.shown == (A,)


# ---- asking to see --------------------------------------------------------------------------


def test_ropta_4_1_a_mucked_hand_asked_for_is_live_again() -> None:
    hand = river(profile="ropta")
    bet_and_calls(hand)
    hand.act(ShowdownAction("muck"))  # A, the aggressor, with the best hand
    revived = hand.act(ShowdownAction("ask"), C)[0]
    assert isinstance(revived, CardsShown)
    assert revived.revived and revived.asked_by == C
    assert revived.ruling.decision == "live_again"
    assert "ropta 4.1" in revived.ruling.citations
    assert A not in hand.mucked
    hand.act(ShowdownAction("show"))  # B
    hand.act(ShowdownAction("show"))  # C
    assert hand.stacks == [5700, 4800, 4800]
    same_after_replay(hand)


def test_ropta_4_1_the_last_caller_decides_before_the_pot_goes_unseen() -> None:
    """A mucks heads-up: the hand waits for B, who may still bring A's hand back by asking."""
    hand = river(profile="ropta")
    hand.act(Action("fold"))  # A
    hand.act(Action("bet", 200))  # B
    hand.act(Action("call"))  # C
    hand.act(ShowdownAction("muck"))  # B, the aggressor
    assert hand.to_act == C and hand.showdown_options() == ("show", "muck", "show_one", "ask")
    hand.act(ShowdownAction("show"))  # C claims the pot without asking
    assert hand.is_complete and hand.stacks == [5000, 4800, 5500]


def test_tda_2024_r18_a_mucked_hand_asked_for_is_shown_but_stays_dead() -> None:
    hand = river()
    bet_and_calls(hand)
    hand.act(ShowdownAction("muck"))
    shown = hand.act(ShowdownAction("ask"), B)[0]
    assert isinstance(shown, CardsShown) and not shown.revived
    assert shown.ruling.decision == "shown_dead"
    assert hand.exposed[A] == hand.holes[A]
    assert A in hand.mucked and hand.to_act == B


def test_asking_for_a_hand_not_yet_shown_turns_it_face_up() -> None:
    hand = river()
    bet_and_calls(hand)
    shown = hand.act(ShowdownAction("ask", of=A), C)[0]
    assert isinstance(shown, CardsShown) and shown.ruling.decision == "shown_on_request"
    assert hand.shown == (A,) and hand.to_act == B


@pytest.mark.parametrize(
    ("asker", "of", "why"),
    [
        (A, None, "only the last aggressor's hand"),  # the aggressor asks about himself
        (B, C, "only the last aggressor's hand"),  # another caller's hand
    ],
)
def test_requests_outside_the_right_are_noted_and_show_nothing(
    asker: int, of: int | None, why: str
) -> None:
    hand = river()
    bet_and_calls(hand)
    noted = hand.act(ShowdownAction("ask", of=of), asker)[0]
    assert isinstance(noted, Noted) and noted.ruling.decision == "ask_refused"
    assert why in noted.ruling.reason
    assert noted.ruling.citations == ("tda-2024 R18",)
    assert hand.exposed == {}


def test_a_player_who_mucked_or_did_not_call_the_river_may_not_ask() -> None:
    hand = side_pot_hand(river_bet=True)  # A all in on the turn; B bets the river, C calls
    noted = hand.act(ShowdownAction("ask"), A)[0]
    assert isinstance(noted, Noted) and noted.ruling.decision == "ask_refused"
    assert "called on the last street" in noted.ruling.reason
    hand.act(ShowdownAction("muck"), C)
    late = hand.act(ShowdownAction("ask"), C)[0]
    assert isinstance(late, Noted) and "mucked" in late.ruling.reason


def test_heavenpoker_3_2_f_asking_is_forbidden() -> None:
    hand = river(profile="heavenpoker")
    bet_and_calls(hand)
    noted = hand.act(ShowdownAction("ask"), B)[0]
    assert isinstance(noted, Noted) and noted.ruling.citations == ("heavenpoker 3.2 f",)
    assert hand.showdown_options(B) == ("show", "muck", "show_one")  # no "ask"


# ---- side pots and the all-in rule ----------------------------------------------------------


def side_pot_hand(profile: str = "tda-2024", river_bet: bool = False) -> Hand:
    """A all in for 300 on the turn; B and C check the river (two players with chips), or B
    bets 500 and C calls."""
    text = RIVER.format(profile=profile, button=3, manual="true").replace(
        "start: river", "start: turn"
    )
    text = text.replace("{name: A, stack: 5000}", "{name: A, stack: 300}")
    scenario = load_scenario(text)
    hand = Hand.start(scenario.setup, [int(card) for card in scenario.deck])
    hand.act(Action("allin"))
    hand.act(Action("raise", 1300))
    hand.act(Action("call"))
    if river_bet:
        hand.act(Action("bet", 500))
        hand.act(Action("call"))
    else:
        hand.act(Action("check"))
        hand.act(Action("check"))
    return hand


def test_a_pot_whose_hands_were_all_mucked_goes_to_the_last_one_thrown() -> None:
    hand = side_pot_hand()
    assert hand.street.key == "showdown"
    assert hand.pots() == [(1200, (A, B, C)), (2000, (B, C))]
    hand.act(ShowdownAction("muck"), B)
    events = hand.act(ShowdownAction("muck"), C)
    awards = [e for e in events if isinstance(e, PotAwarded)]
    # The side pot was C's once B mucked; the main pot is A's, the last live hand.
    assert [(a.pot, a.players, a.amount) for a in awards] == [(1, (C,), 2000), (0, (A,), 1200)]
    assert hand.stacks == [1200, 3700, 5700]
    same_after_replay(hand)


def test_allinouest_the_player_all_in_shows_after_those_who_could_speak() -> None:
    hand = side_pot_hand(profile="allinouest")
    opened = next(e for e in hand.events if isinstance(e, ShowdownOpened))
    assert opened.order == (B, C, A)
    assert hand.to_act == B


def test_tda_2024_first_left_of_the_button_even_when_all_in() -> None:
    hand = side_pot_hand(profile="tda-2024")
    opened = next(e for e in hand.events if isinstance(e, ShowdownOpened))
    assert opened.order == (A, B, C)


def test_betting_over_with_a_player_all_in_turns_every_hand_up_even_when_manual() -> None:
    hand = river(stacks="{name: A, stack: 400}")
    hand.act(Action("allin"))
    hand.act(Action("call"))
    hand.act(Action("fold"))
    shown = next(e for e in hand.events if isinstance(e, HandsShown))
    assert shown.ruling.citations == ("tda-2024 R16",)
    assert hand.is_complete


HOUSE = """id = "loose-showdown"
extends = "tda-2024"
[showdown]
all_in_face_up = {{ value = false, cite = ["house rule"] }}
show_both_cards_to_win = {{ value = {both}, cite = ["house rule"] }}
"""


def test_a_house_profile_without_the_all_in_rule_and_one_card_enough(tmp_path: Path) -> None:
    path = tmp_path / "loose.toml"
    path.write_text(HOUSE.format(both="false"), encoding="utf-8")
    hand = river(profile=str(path), stacks="{name: A, stack: 400}")
    hand.act(Action("allin"))
    hand.act(Action("call"))
    hand.act(Action("fold"))
    assert not any(isinstance(e, HandsShown) for e in hand.events)  # all_in_face_up is false
    assert hand.street.key == "showdown"
    shown = hand.act(ShowdownAction("show_one", card=hand.holes[A][0]))[0]
    assert isinstance(shown, CardsShown) and "enough" in shown.ruling.reason
    assert hand.to_act == B
    hand.act(ShowdownAction("show"))
    assert hand.is_complete and hand.stacks[A] == 300 + 2 * 400


def test_auto_showdown_without_the_all_in_rule_shows_hands_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "late.toml"
    path.write_text(HOUSE.format(both="true"), encoding="utf-8")
    text = RIVER.format(profile=str(path), button=3, manual="false")
    text = text.replace("start: river", "start: flop")
    text = text.replace("{name: A, stack: 5000}", "{name: A, stack: 400}")
    scenario = load_scenario(text)
    hand = Hand.start(scenario.setup, [int(card) for card in scenario.deck])
    hand.act(Action("allin"))
    hand.act(Action("call"))
    hand.act(Action("fold"))
    shown = [e for e in hand.events if isinstance(e, HandsShown)]
    assert len(shown) == 1 and shown[0].ruling.citations == ("tda-2024 R17",)
    assert hand.is_complete
