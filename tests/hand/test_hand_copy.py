"""``Hand.copy`` and ``Hand.followed`` (issue 32 item 5: the dealt table keeps its live hand
and tries each command on a copy): a copy holds every field of the hand and shares no list or
dict with it, acting on it leaves the original as it was, and a hand followed by recorded
events is the hand ``replay`` builds from them."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.hand import Action, Hand, HandSetup, Seat, ShowdownAction, Street, Timeout
from pokerfloor.rules import bundled_profile_ids
from tests.examples import examples


def _setup(profile: str, stacks: list[int], manual: bool) -> HandSetup:
    seats = tuple(Seat(seat_no, f"P{seat_no}", stack) for seat_no, stack in enumerate(stacks, 1))
    return HandSetup(profile, seats, 1, 10, 20, bb_ante=20, manual_showdown=manual)


def _random_action(data: st.DataObject, hand: Hand) -> Action | Timeout | ShowdownAction:
    if hand.street is Street.SHOWDOWN:
        kind = data.draw(st.sampled_from(hand.showdown_options()))
        card = hand.holes[hand.to_act][0] if kind == "show_one" else None
        return ShowdownAction(kind, card=card)
    if data.draw(st.integers(0, 9)) == 0:
        return Timeout()
    legal = hand.legal_actions()
    kind = data.draw(st.sampled_from(legal.options))
    amount = None
    if kind in ("bet", "raise"):
        assert legal.min_to is not None and legal.max_to is not None
        amount = data.draw(st.integers(legal.min_to, legal.max_to))
    return Action(kind, amount)


def _assert_same_fields_none_shared(hand: Hand, twin: Hand) -> None:
    fields, copied = vars(hand), vars(twin)  # the pure engine (tests/conftest.py)
    assert set(copied) == set(fields), set(copied) ^ set(fields)
    for name, value in fields.items():
        assert copied[name] == value, name
        if isinstance(value, list | dict | set):
            assert copied[name] is not value, f"{name} is shared with the copy"


def test_issue32_a_copy_holds_every_field_of_the_hand_and_shares_no_list() -> None:
    hand = Hand.start(_setup("tda-2024", [1000, 600, 400], manual=False), list(range(52)))
    hand.act(Action("raise", 100))
    twin = hand.copy()
    _assert_same_fields_none_shared(hand, twin)
    before = hand.snapshot()
    twin.act(Action("allin"))
    assert hand.snapshot() == before  # the original did not move with its copy
    assert len(twin.events) > len(hand.events)


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    stacks=st.lists(st.integers(30, 3000), min_size=2, max_size=7),
    deck=st.permutations(range(52)),
    profile=st.sampled_from(bundled_profile_ids()),
    manual=st.booleans(),
)
def test_issue32_a_copy_acted_on_leaves_the_hand_and_followed_equals_replay(
    data: st.DataObject, stacks: list[int], deck: list[int], profile: str, manual: bool
) -> None:
    hand = Hand.start(_setup(profile, stacks, manual), deck)
    while not hand.is_complete:
        twin = hand.copy()
        _assert_same_fields_none_shared(hand, twin)
        before, known = hand.snapshot(), len(hand.events)
        twin.act(_random_action(data, twin), twin.to_act)
        assert hand.snapshot() == before and len(hand.events) == known
        followed = hand.followed(twin.events[known:])
        assert followed.snapshot() == twin.snapshot() == Hand.replay(twin.events).snapshot()
        assert followed.events == twin.events
        hand = followed
