"""A misdeal at a tournament table (issue 15): the hand engine voids the hand and gives every
post back; the table reports no hand, so its next plan is the same hand (same number, button
and blinds): the same button deals again. A hand played out and reported moves the button."""

from __future__ import annotations

from pokerfloor.cards import shuffled_order
from pokerfloor.hand import Action, Hand, HandSetup, Misdeal, Seat
from pokerfloor.tournament._hand_report import HandPlan
from tests.tournament.test_entries import started


def hand_of(plan: HandPlan, profile: str) -> Hand:
    setup = HandSetup(
        profile=profile,
        seats=tuple(Seat(seat, player, stack) for seat, player, stack in plan.seats),
        button_seat=plan.button_seat,
        small_blind=plan.level.small_blind,
        big_blind=plan.level.big_blind,
        small_blind_seat=plan.small_blind_seat,
        big_blind_seat=plan.big_blind_seat,
    )
    return Hand.start(setup, [int(card) for card in shuffled_order(5)])


def test_a_misdealt_hand_is_dealt_again_by_the_same_button() -> None:
    tournament, _ = started(6)
    plan = tournament.hands.plan(1, 0)
    hand = hand_of(plan, "tda-2024")
    hand.apply_irregularity(Misdeal("wrong_order"))
    assert hand.redeal
    assert {hand.names[i]: s for i, s in enumerate(hand.stacks)} == {
        player: stack for _, player, stack in plan.seats
    }
    again = tournament.hands.plan(1, 0)  # nothing reported: the same hand, the same positions
    assert (again.hand_no, again.button_seat, again.small_blind_seat, again.big_blind_seat) == (
        plan.hand_no,
        plan.button_seat,
        plan.small_blind_seat,
        plan.big_blind_seat,
    )
    redealt = hand_of(again, "tda-2024")
    while not redealt.is_complete:
        options = redealt.legal_actions().options
        redealt.act(Action("check" if "check" in options else "call"))
    final = {redealt.names[i]: stack for i, stack in enumerate(redealt.stacks)}
    tournament.hands.record(again, final, 0)
    assert tournament.hands.plan(1, 0).button_seat != plan.button_seat
