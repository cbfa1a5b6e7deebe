"""Who sees what: a player sees only their own hole cards, the public only the cards shown, the
TD everything; a property test plays random hands and looks at every view after every event."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.dealt import ActInHand, DealHand, DealtTable
from pokerfloor.dealt.views import TableView, player_view, public_view, td_view
from pokerfloor.hand import (
    Acted,
    Action,
    CardsShown,
    HandKilled,
    HandMucked,
    HandsShown,
    ShowdownAction,
    Street,
    Timeout,
)
from pokerfloor.rules import bundled_profile_ids
from tests.dealt._helpers import DECK, SECRET, dealt_table, setup


def _cards(view: TableView) -> dict[int, tuple[int, ...]]:
    return {seat.seat_no: seat.cards for seat in view.seats}


def test_a_player_sees_their_own_hole_cards_and_nobody_else_s() -> None:
    table = dealt_table()
    everything = _cards(td_view(table))
    assert all(len(cards) == 2 for cards in everything.values())
    for seat_no in (1, 2, 3):
        seen = _cards(player_view(table, seat_no))
        assert seen[seat_no] == everything[seat_no]
        assert all(seen[other] == () for other in seen if other != seat_no)
    assert all(cards == () for cards in _cards(public_view(table)).values())


def test_only_the_td_view_holds_the_deck_order_and_the_secret() -> None:
    table = dealt_table()
    assert td_view(table).deck == tuple(range(52))
    assert td_view(table).secret == SECRET
    for view in (public_view(table), player_view(table, 1)):
        assert (view.deck, view.secret) == ((), "")
        assert view.commitment == td_view(table).commitment


def _check_views(table: DealtTable) -> None:
    """The property, stated from the engine's events rather than from the views' code."""
    hand = table.hand()
    everything = _cards(td_view(table))
    index_of = {seat_no: index for index, seat_no in enumerate(hand.players)}
    shown: set[int] = set()  # every hole card turned face up so far
    showed: set[int] = set()  # players who turned up a card
    thrown: set[int] = set()  # players whose hand was folded, killed or mucked
    for event in table.hand_events:
        if isinstance(event, HandsShown):
            showed.update(event.order)
            for player in event.order:
                shown.update(everything[hand.players[player]])
        elif isinstance(event, CardsShown):
            showed.add(event.player)
            shown.update(event.cards)
        elif isinstance(event, HandKilled | HandMucked) or (
            isinstance(event, Acted) and event.kind == "fold"
        ):
            thrown.add(event.player)
    views = [public_view(table)] + [player_view(table, seat_no) for seat_no in hand.players]
    for view in views:
        assert (view.deck, view.secret) == ((), "")
        for seat_no, cards in _cards(view).items():
            if view.viewer == f"seat:{seat_no}":
                assert cards == everything[seat_no]
                continue
            assert set(cards) <= shown, (view.viewer, seat_no, cards)
            if index_of[seat_no] in thrown - showed:
                assert cards == ()  # a hand thrown unseen stays unseen
            if hand.street < Street.SHOWDOWN and not any(
                isinstance(event, HandsShown) for event in table.hand_events
            ):
                assert cards == ()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    stacks=st.lists(st.integers(30, 3000), min_size=2, max_size=6),
    deck=st.permutations(range(52)),
    profile=st.sampled_from(bundled_profile_ids()),
    manual=st.booleans(),
)
def test_no_other_player_s_hole_card_is_seen_before_it_is_shown(
    data: st.DataObject, stacks: list[int], deck: list[int], profile: str, manual: bool
) -> None:
    table = DealtTable()
    table.deal(DealHand(setup(profile, tuple(stacks), manual), tuple(deck), SECRET, at_ms=0))
    _check_views(table)
    for step in range(80):
        if not table.in_hand:
            break
        hand = table.hand()
        player = hand.to_act
        seat_no = hand.players[player]
        if hand.street is Street.SHOWDOWN:
            kind = data.draw(st.sampled_from(hand.showdown_options()))
            card = hand.holes[player][0] if kind == "show_one" else None
            action: Action | Timeout | ShowdownAction = ShowdownAction(kind, card=card)
        elif data.draw(st.integers(0, 9)) == 0:
            action = Timeout()
        else:
            legal = hand.legal_actions()
            kind = data.draw(st.sampled_from(legal.options))
            amount = None
            if kind in ("bet", "raise"):
                assert legal.min_to is not None and legal.max_to is not None
                amount = data.draw(st.integers(legal.min_to, legal.max_to))
            action = Action(kind, amount)
        table.act(ActInHand(seat_no, action, at_ms=step))
        _check_views(table)
    assert not table.in_hand  # every random hand ends within 80 actions


def test_a_hand_mucked_at_the_showdown_is_seen_by_the_td_only() -> None:
    table = DealtTable()
    table.deal(DealHand(setup(stacks=(1000, 1000), manual=True), DECK, SECRET, at_ms=0))
    while table.hand().street < Street.SHOWDOWN:
        hand = table.hand()
        kind = "check" if "check" in hand.legal_actions().options else "call"
        table.act(ActInHand(hand.players[hand.to_act], Action(kind), at_ms=1))
    first = table.hand().players[table.hand().to_act]
    table.act(ActInHand(first, ShowdownAction("show"), at_ms=2))
    second = table.hand().players[table.hand().to_act]
    assert "muck" in table.hand().showdown_options()
    table.act(ActInHand(second, ShowdownAction("muck"), at_ms=3))
    everything = _cards(td_view(table))
    assert len(everything[second]) == 2
    for view in (public_view(table), player_view(table, first)):
        assert _cards(view)[first] == everything[first]
        assert _cards(view)[second] == ()
    assert _cards(player_view(table, second))[second] == everything[second]
