"""A dealt table's live hand is a cached value (issue 32 item 5): built once at the deal,
advanced by each decision folded in or by events from elsewhere, rebuilt from its events only
when the table is read back from its stream; and the table behaves as before: a refused or
dropped decision changes nothing, a replay of the stream and a table following it event by
event (another server) are the same table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.dealt import (
    ActInHand,
    ComeBack,
    DealHand,
    DealtEvent,
    DealtTable,
    TimeSettings,
)
from pokerfloor.dealt.views import player_view, public_view, td_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import (
    Action,
    FouledDeck,
    Hand,
    Misdeal,
    ShowdownAction,
    Street,
    Timeout,
)
from pokerfloor.rules import bundled_profile_ids
from tests.dealt._helpers import DECK, SECRET, setup
from tests.examples import examples

_CODEC = msgspec.json.Decoder(list[DealtEvent])
CLOCK = TimeSettings(action_ms=100, bank_ms=300, away_after=2)


def _through_json(events: list[DealtEvent]) -> list[DealtEvent]:
    """The events as another server reads them from the store: equal, not the same objects."""
    return _CODEC.decode(msgspec.json.encode(events))


def _state(table: DealtTable) -> tuple[object, ...]:
    """Everything a reader of the table can ask, as plain values."""
    hand = None
    if table.hand_events:
        live = table.hand()
        legal = live.legal_actions() if live.to_act >= 0 and live.street < Street.SHOWDOWN else None
        hand = (live.snapshot(), list(live.events), legal)
    views = ()
    if table.dealt is not None and table.hand_events:
        seat_no = table.hand().players[-1]
        views = (td_view(table), public_view(table), player_view(table, seat_no))
    return (
        list(table.events),
        table.hand_no,
        table.in_hand,
        table.to_act_seat() if table.hand_events else 0,
        hand,
        views,
        table.seats_by_index,
        table.turn_started_ms,
        dict(table.bank_used),
        dict(table.missed),
        set(table.away),
        table.paused_at_ms,
        table.voided,
    )


@contextmanager
def _replays_counted() -> Iterator[list[int]]:
    """Counts the hands rebuilt from their events (``Hand.replay``) in the block."""
    counted = [0]
    original = Hand.replay.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Hand], events: object) -> Hand:
        counted[0] += 1
        return original(cls, events)  # type: ignore[no-any-return]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Hand, "replay", classmethod(counting))
        yield counted


def _dealer_action(table: DealtTable) -> ActInHand:
    """What the server's dealer asks of a table: the seat to act, its hand, a legal action."""
    seat_no = table.to_act_seat()
    hand = table.hand()
    if hand.street is Street.SHOWDOWN:
        return ActInHand(seat_no, ShowdownAction("show"), 10)
    options = hand.legal_actions().options
    return ActInHand(seat_no, Action("check" if "check" in options else "call"), 10)


def test_issue32_the_hand_is_built_once_per_deal_and_not_at_each_action() -> None:
    table = DealtTable()
    with _replays_counted() as replays:
        table.run(table.decide_deal(DealHand(setup(stacks=(900,) * 6), DECK, SECRET, 0)))
        actions = 0
        while table.in_hand:
            assert table.hand() is table.hand()  # read twice: one object
            table.deadline_ms(table.to_act_seat())
            table.run(table.decide_act(_dealer_action(table)))
            actions += 1
    assert actions > 6
    assert replays[0] == 0
    assert DealtTable.replay(table.events).hand().snapshot() == table.hand().snapshot()


def test_issue32_a_decision_never_folded_in_changes_nothing() -> None:
    table = DealtTable()
    table.run(table.decide_deal(DealHand(setup(), DECK, SECRET, 0, CLOCK)))
    before = _state(table)
    dropped = table.decide_act(ActInHand(table.to_act_seat(), Action("raise", 100), 5))
    assert dropped  # decided, then the store refused it: nothing is folded in
    assert _state(table) == before
    table.run(table.decide_act(ActInHand(table.to_act_seat(), Action("fold"), 6)))
    assert _state(table) == _state(DealtTable.replay(table.events))


def test_issue32_another_server_s_events_advance_the_hand_without_a_replay() -> None:
    writer = DealtTable()
    writer.run(writer.decide_deal(DealHand(setup(stacks=(900,) * 5), DECK, SECRET, 0)))
    follower = DealtTable.replay(_through_json(writer.events))
    follower.hand()  # read back from the stream: built once, here
    with _replays_counted() as replays:
        while writer.in_hand:
            for event in _through_json(writer.run(writer.decide_act(_dealer_action(writer)))):
                follower.apply(event)
            assert _state(follower) == _state(writer)
    assert replays[0] == 0


def _next_command(
    data: st.DataObject, table: DealtTable, stacks: list[int], now: int
) -> Callable[[], list[DealtEvent]]:
    """A command a table may be sent now, legal or not, as its ``decide_*`` call."""
    choice = data.draw(st.integers(0, 19))
    if choice == 0:
        return lambda: table.decide_pause(now)
    if choice == 1:
        return lambda: table.decide_resume(now)
    if choice == 2:
        seat_no = data.draw(st.sampled_from(sorted(table.away) or [1]))
        return lambda: table.decide_come_back(ComeBack(seat_no, now))
    if not table.in_hand:
        if choice in (3, 4):
            seat_no = data.draw(st.integers(1, len(stacks)))
            if choice == 3:
                return lambda: table.decide_seat_left(seat_no, now)
            clock = (
                data.draw(st.integers(0, 300)),
                data.draw(st.integers(0, 2)),
                data.draw(st.booleans()),
            )
            return lambda: table.decide_seat_taken(seat_no, clock, now)
        after = dict(table.finished.stacks) if table.finished is not None else {}
        deck = tuple(data.draw(st.permutations(range(52))))
        refill = tuple(after.get(seat, stack) or stack for seat, stack in enumerate(stacks, 1))
        manual = data.draw(st.booleans())
        profile = data.draw(st.sampled_from(bundled_profile_ids()))
        deal = DealHand(setup(profile, refill, manual), deck, SECRET, now, CLOCK)
        return lambda: table.decide_deal(deal)
    if choice == 3:
        misdeal = data.draw(st.sampled_from([Misdeal(), FouledDeck()]))
        return lambda: table.decide_irregularity(misdeal, now)
    hand = table.hand()
    to_act = hand.players[hand.to_act] if hand.to_act >= 0 else 0
    seat_no = data.draw(st.integers(1, len(stacks) + 1)) if choice == 5 else to_act
    action: Action | Timeout | ShowdownAction
    if choice in (4, 6):  # the server's timeout at the deadline
        action = Timeout()
    elif hand.street is Street.SHOWDOWN:
        action = ShowdownAction(data.draw(st.sampled_from(["show", "muck", "show_one"])))
    else:
        kind = data.draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "allin"]))
        amount = data.draw(st.none() | st.integers(0, 4000))
        action = Action(kind, amount)
    return lambda: table.decide_act(ActInHand(seat_no, action, now))


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), stacks=st.lists(st.integers(30, 2000), min_size=2, max_size=6))
def test_issue32_replay_of_the_stream_is_the_table_folded_event_by_event(
    data: st.DataObject, stacks: list[int]
) -> None:
    """Random commands, legal or not, at a table with a clock: a refused or dropped decision
    changes nothing; after each step the table equals its stream replayed (read back as a
    server reads it after a crash) and a table that followed it event by event (another
    server: the events decoded, not the same objects)."""
    table = DealtTable()
    follower = DealtTable()
    now = 0
    for _ in range(40):
        now += data.draw(st.integers(0, 250))
        decide = _next_command(data, table, stacks, now)
        before = _state(table)
        try:
            events = decide()
        except PokerfloorError:
            assert _state(table) == before  # refused: the table is as it was
            continue
        fate = data.draw(st.sampled_from(["folded", "dropped", "stored"]))
        if fate == "dropped":  # the store refused the append: the decision is never folded in
            assert _state(table) == before
            continue
        for event in _through_json(events) if fate == "stored" else events:
            table.apply(event)
        for event in _through_json(events):
            follower.apply(event)
        replayed = DealtTable.replay(_through_json(table.events))
        assert _state(table) == _state(replayed) == _state(follower)


def test_issue32_a_decision_overtaken_by_another_server_s_events_is_dropped() -> None:
    """Two servers decide at the same table; the other one's append wins (this one gets a
    version conflict): its events are folded in here, and this server's decision, kept aside
    when it was made, must not become the table's hand."""
    here = DealtTable()
    here.run(here.decide_deal(DealHand(setup(stacks=(900,) * 4), DECK, SECRET, 0)))
    there = DealtTable.replay(_through_json(here.events))
    seat_no = here.to_act_seat()
    here.decide_act(ActInHand(seat_no, Action("call"), 5))  # refused by the store later
    for event in _through_json(there.run(there.decide_act(ActInHand(seat_no, Action("fold"), 6)))):
        here.apply(event)
    assert _state(here) == _state(there) == _state(DealtTable.replay(here.events))


def test_issue32_the_views_are_built_once_per_table_version() -> None:
    """A push reads the table once per viewer: the public and TD views are built once per
    event folded in, a player's is the public one with their own cards; any event (a pause,
    not a card) makes new ones."""
    table = DealtTable()
    table.run(table.decide_deal(DealHand(setup(), DECK, SECRET, 0, CLOCK)))
    assert public_view(table) is public_view(table)
    assert td_view(table) is td_view(table)
    mine = player_view(table, 2)
    assert [seat.cards != () for seat in mine.seats] == [False, True, False]
    table.run(table.decide_pause(50))
    paused = public_view(table)
    assert paused.paused_at_ms == 50
    assert paused == public_view(DealtTable.replay(table.events))


def test_issue32_a_view_read_between_the_deal_and_its_first_step_is_empty_not_an_error() -> None:
    """A page reads the table without the dealer's lock (``DealtService.live_table``): it may
    come between the deal's first event and the hand's; it gets an empty view, not NO_HAND."""
    events = DealtTable().decide_deal(DealHand(setup(), DECK, SECRET, 0))
    table = DealtTable()
    table.apply(events[0])
    assert public_view(table).hand_no == 0
    assert player_view(table, 1).seats == ()
    table.run(events[1:])
    assert public_view(table).hand_no == 1
