"""A dealt table's stream: the deal and its commitment, the engine's actions, the summary and
the reveal, a replay (and a crash mid-hand) giving back the same table."""

from __future__ import annotations

import msgspec
import pytest

from pokerfloor.dealt import (
    ActInHand,
    DealHand,
    DealtEvent,
    DealtTable,
    HandDealt,
    HandFinished,
    HandRevealed,
    HandStep,
    commitment,
)
from pokerfloor.dealt.views import td_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Acted, Action, HandError, HandStarted, Timeout
from pokerfloor.rules import load_profile
from tests.dealt._helpers import DECK, SECRET, dealt_table, setup

_DECODER = msgspec.json.Decoder(list[DealtEvent])


def _through_json(events: list[DealtEvent]) -> list[DealtEvent]:
    """What a store gives back after a restart: the events encoded and decoded."""
    return _DECODER.decode(msgspec.json.encode(events))


def _to_act_seat(table: DealtTable) -> int:
    hand = table.hand()
    return hand.players[hand.to_act]


def test_the_deal_publishes_the_commitment_and_the_reveal_comes_after_the_hand() -> None:
    table = dealt_table()
    dealt = table.events[0]
    assert isinstance(dealt, HandDealt)
    assert dealt.commitment == commitment(DECK, SECRET)
    assert isinstance(table.events[1], HandStep)
    assert isinstance(table.events[1].event, HandStarted)
    assert not any(isinstance(event, HandRevealed) for event in table.events)
    for _ in range(2):  # the button and the small blind fold: the big blind wins
        table.act(ActInHand(_to_act_seat(table), Action("fold"), at_ms=2_000))
    finished, revealed = table.events[-2:]
    assert isinstance(finished, HandFinished)
    assert isinstance(revealed, HandRevealed)
    assert (revealed.deck, revealed.secret) == (DECK, SECRET)
    assert revealed.commitment == dealt.commitment
    assert not table.in_hand


def test_the_hand_summary_gives_final_stacks_by_seat_and_the_busted_seats() -> None:
    table = DealtTable()
    table.deal(DealHand(setup(stacks=(1000, 300, 300)), DECK, SECRET, at_ms=0))
    table.act(ActInHand(1, Action("allin"), at_ms=1))
    table.act(ActInHand(2, Action("call"), at_ms=2))
    table.act(ActInHand(3, Action("call"), at_ms=3))
    finished = next(event for event in table.events if isinstance(event, HandFinished))
    hand = table.hand()
    assert finished.stacks == tuple(sorted(zip(hand.players, hand.stacks, strict=True)))
    assert sum(chips for _, chips in finished.stacks) == 1600
    assert finished.busted == tuple(seat for seat, chips in finished.stacks if chips == 0)
    assert finished.busted  # two players all in for 300: at least one of them is out


def test_a_refused_action_leaves_the_table_unchanged() -> None:
    table = dealt_table()
    before = list(table.events)
    not_to_act = next(seat for seat in (1, 2, 3) if seat != _to_act_seat(table))
    with pytest.raises(HandError) as refused:
        table.act(ActInHand(not_to_act, Action("call"), at_ms=5))
    assert refused.value.code == "NOT_YOUR_TURN"
    with pytest.raises(PokerfloorError) as unknown:
        table.act(ActInHand(9, Action("call"), at_ms=5))
    assert unknown.value.code == "SEAT_NOT_IN_HAND"
    assert table.events == before


def test_a_new_deal_is_refused_while_a_hand_is_in_progress() -> None:
    table = dealt_table()
    with pytest.raises(PokerfloorError) as refused:
        table.deal(DealHand(setup(), DECK, SECRET, at_ms=9))
    assert refused.value.code == "HAND_IN_PROGRESS"
    assert table.hand_no == 1


@pytest.mark.parametrize(
    ("profile", "facing", "decision", "kind"),
    [
        ("tda-2024", False, "check", "check"),
        ("tda-2024", True, "dead", "fold"),
        ("ropta", False, "dead", "fold"),
    ],
)
def test_a_timeout_is_ruled_by_the_profile_with_its_citation(
    profile: str, facing: bool, decision: str, kind: str
) -> None:
    table = dealt_table(profile=profile)
    if not facing:  # everyone calls, the big blind has the option: nothing to call
        table.act(ActInHand(_to_act_seat(table), Action("call"), at_ms=1))
        table.act(ActInHand(_to_act_seat(table), Action("call"), at_ms=2))
    events = table.act(ActInHand(_to_act_seat(table), Timeout(), at_ms=3))
    acted = events[0]
    assert isinstance(acted, HandStep) and isinstance(acted.event, Acted)
    assert acted.event.kind == kind
    assert acted.event.ruling is not None
    assert acted.event.ruling.decision == decision
    setting = "clock.expiry_facing_bet" if facing else "clock.expiry_not_facing_bet"
    assert acted.event.ruling.citations == load_profile(profile).citations(setting)
    assert acted.event.ruling.citations


def test_a_replayed_stream_gives_the_same_table() -> None:
    table = dealt_table()
    table.act(ActInHand(_to_act_seat(table), Action("raise", 60), at_ms=2))
    table.act(ActInHand(_to_act_seat(table), Action("call"), at_ms=3))
    replayed = DealtTable.replay(_through_json(table.events))
    assert replayed.events == table.events
    assert td_view(replayed) == td_view(table)
    assert replayed.hand().legal_actions() == table.hand().legal_actions()


def test_a_crash_mid_hand_resumes_at_the_same_action() -> None:
    table = dealt_table()
    moves = [Action("call"), Action("call"), Action("check"), Action("bet", 40)]
    for move in moves:
        table.act(ActInHand(_to_act_seat(table), move, at_ms=10))
    # The server dies here; a new one reads the stored stream back.
    resumed = DealtTable.replay(_through_json(table.events))
    assert resumed.hand().street == table.hand().street
    assert _to_act_seat(resumed) == _to_act_seat(table)
    assert resumed.hand().legal_actions() == table.hand().legal_actions()
    seat = _to_act_seat(table)
    assert resumed.act(ActInHand(seat, Action("call"), 20)) == table.act(
        ActInHand(seat, Action("call"), 20)
    )
