"""The action clock of a dealt table, derived from the recorded times only: the action time,
then the bank; timeouts in a row mark a player away; one tap brings him back."""

from __future__ import annotations

import pytest

from pokerfloor.dealt import (
    ActInHand,
    ActionTimedOut,
    ComeBack,
    DealHand,
    DealtTable,
    PlayerAway,
    PlayerBack,
    TimeSettings,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, Timeout
from tests.dealt._helpers import DECK, SECRET, setup

CLOCK = TimeSettings(action_ms=20_000, bank_ms=30_000, away_after=2)


def _table(at_ms: int = 1_000) -> DealtTable:
    table = DealtTable()
    table.deal(DealHand(setup(stacks=(1000, 1000, 1000, 1000)), DECK, SECRET, at_ms, CLOCK))
    return table


def test_the_deadline_is_the_action_time_then_the_bank_from_when_the_turn_began() -> None:
    table = _table()
    seat = table.to_act_seat()
    assert table.deadline_ms(seat) == 1_000 + 20_000 + 30_000
    table.act(ActInHand(seat, Action("call"), 5_000))
    assert table.deadline_ms(table.to_act_seat()) == 5_000 + 50_000


def test_acting_after_the_action_time_spends_the_bank_for_the_next_turns() -> None:
    table = _table()
    seat = table.to_act_seat()
    table.act(ActInHand(seat, Action("call"), 1_000 + 20_000 + 12_000))  # 12 s of bank
    assert table.bank_left(seat) == 18_000
    replayed = DealtTable.replay(table.events)
    assert replayed.bank_left(seat) == 18_000
    assert replayed.deadline_ms(replayed.to_act_seat()) == table.deadline_ms(table.to_act_seat())


def test_a_timeout_is_recorded_with_its_deadline_before_the_engine_s_ruling() -> None:
    table = _table()
    seat = table.to_act_seat()
    events = table.act(ActInHand(seat, Timeout(), 51_000))
    assert events[0] == ActionTimedOut(1, seat, 51_000, 51_000)
    assert table.bank_left(seat) == 0
    assert table.missed[seat] == 1


def test_two_timeouts_in_a_row_mark_the_player_away_and_one_tap_brings_him_back() -> None:
    table = _table()
    seat = table.to_act_seat()
    table.act(ActInHand(seat, Timeout(), 51_000))  # a fold facing the big blind
    _finish_hand(table, 52_000)
    second = DealtTable.replay(table.events)
    assert second.away == set()
    # The count is of timeouts in a row: the player's next turn times out too.
    table.deal(DealHand(setup(stacks=tuple(table.hand().stacks)), DECK, SECRET, 60_000, CLOCK))
    while table.to_act_seat() != seat:
        table.act(ActInHand(table.to_act_seat(), Action("call"), 61_000))
    events = table.act(ActInHand(seat, Timeout(), 90_000))
    assert PlayerAway(seat, 2, 90_000) in events
    assert table.away == {seat}
    assert table.come_back(ComeBack(seat, 95_000)) == [PlayerBack(seat, 95_000)]
    assert table.away == set()


def _finish_hand(table: DealtTable, at_ms: int) -> None:
    while table.in_hand:
        legal = table.hand().legal_actions().options
        table.act(ActInHand(table.to_act_seat(), Action("check" if "check" in legal else "call"),
                            at_ms))  # fmt: skip


def test_acting_in_time_starts_the_count_of_timeouts_again() -> None:
    table = _table()
    seat = table.to_act_seat()
    table.act(ActInHand(seat, Timeout(), 51_000))
    _finish_hand(table, 52_000)
    assert table.missed[seat] == 1
    table.deal(DealHand(setup(stacks=tuple(table.hand().stacks)), DECK, SECRET, 60_000, CLOCK))
    while table.to_act_seat() != seat:
        table.act(ActInHand(table.to_act_seat(), Action("call"), 61_000))
    table.act(ActInHand(seat, Action("call"), 62_000))
    assert table.missed[seat] == 0
    assert DealtTable.replay(table.events).missed[seat] == 0


def test_coming_back_is_refused_to_a_player_who_is_not_away() -> None:
    table = _table()
    with pytest.raises(PokerfloorError) as refused:
        table.come_back(ComeBack(2, 2_000))
    assert refused.value.code == "NOT_AWAY"
    assert table.events[-1] is not None and not isinstance(table.events[-1], PlayerBack)
