"""Rulings on a hand's fate and on the deck: dead hands (a dead card mixed in, the muck,
cards outside the line, the wrong number of cards) and fouled decks.
"""

from __future__ import annotations

from pokerfloor.floor._builder import RulingBuilder
from pokerfloor.floor._rulers_deal import boxed_cards


def rule_dead_hand(b: RulingBuilder) -> None:
    cause = b.choice("cause")
    if cause == "mixed_with_dead_card":
        b.cite("irregularities.mixed_dead_card")
        b.decide("hand_dead")
        b.step("mixed_dead")
        b.step("committed_stays")
        b.step("others_play_on")
    elif cause == "touched_by_muck":
        touched_by_muck(b)
    elif cause == "outside_line":
        if b.enum_value("irregularities.cards_outside_line") == "dead":
            b.decide("hand_dead")
            b.step("outside_line_dead")
            b.step("committed_stays")
        else:
            b.decide("hand_live")
            b.step("outside_line_live")
            b.step("penalty_possible")
    else:
        b.cite("irregularities.irregular_hand_too_late")
        b.decide("hand_dead")
        b.step("wrong_count_dead")
        b.step("committed_stays")
        b.step("wrong_count_in_time")


def touched_by_muck(b: RulingBuilder) -> None:
    rule = b.enum_value("irregularities.hand_touched_by_muck")
    protected = b.flag("protected")
    identifiable = b.flag("identifiable")
    if rule == "live_if_identifiable":
        # tda-2024 R65: protected or not, the hand lives if it can be told apart (B); a hand
        # that cannot is dead, only its uncalled bet going back (A).
        if identifiable:
            b.decide("hand_live")
            b.step("fouled_identifiable_live")
            return
        b.decide("hand_dead")
        b.step("fouled_unidentifiable_dead")
        if b.flag("uncalled_raise"):
            b.step("uncalled_raise_back")
        b.step("committed_stays")
        return
    if protected and identifiable:
        b.decide("hand_live")
        b.step("protected_live")
        return
    b.decide("hand_dead")
    if not protected:
        b.step("unprotected_dead")
        if rule == "uncalled_raise_returned" and b.flag("uncalled_raise"):
            b.step("uncalled_raise_back")
        b.step("committed_stays")
        return
    if rule == "protected_hand_refunded":
        b.step("protected_lost_refund")
        return
    b.step("protected_lost_dead")
    if b.flag("uncalled_raise"):
        b.step("uncalled_raise_back")
    b.step("committed_stays")


def fouled(b: RulingBuilder) -> None:
    b.cite("irregularities.fouled_deck")
    b.decide("deck_replaced")
    b.step("stop_hand")
    b.step("bets_returned")
    b.step("new_deck_redeal")


def joker_by_substantial_action(b: RulingBuilder, in_stub: bool) -> None:
    """tda-2024 R35 A6 and D: a card foreign to the game is a misdeal before substantial action
    and a scrap of paper after it."""
    if not b.flag("substantial_action"):
        b.decide("misdeal")
        b.step("misdeal_joker")
        b.step("gather_reshuffle")
        b.step("posts_returned")
        b.step("same_dealer_redeals")
        return
    if in_stub:
        b.decide("card_replaced")
        b.step("joker_scrap_set_aside")
        b.step("change_deck_after")
        return
    b.decide("hand_dead")
    b.step("joker_scrap_hand_short")
    b.step("committed_stays")
    b.step("change_deck_after")


def rule_fouled_deck(b: RulingBuilder) -> None:
    defect = b.choice("defect")
    in_stub = b.choice("found") == "in_stub"
    if defect == "joker":
        rule = b.enum_value("irregularities.joker")
        if rule == "fouled_deck":
            fouled(b)
        elif rule == "misdeal_before_substantial_action":
            joker_by_substantial_action(b, in_stub)
        elif not in_stub and b.flag("holder_acted"):
            b.decide("hand_dead")
            b.step("joker_acted_dead")
            b.step("committed_stays")
            b.step("change_deck_after")
        else:
            b.decide("card_replaced")
            b.step("joker_replaced")
            b.step("change_deck_after")
    elif defect == "other_back" and in_stub:
        if b.enum_value("irregularities.other_back_in_stub") == "set_aside":
            b.decide("card_replaced")
            b.step("other_back_aside")
            b.step("change_deck_after")
        else:
            fouled(b)
    elif defect == "face_up_in_deck":
        boxed_cards(b, b.number("count"))
    elif defect == "missing_card":
        b.cite("irregularities.missing_card")
        b.decide("no_misdeal")
        b.step("missing_card_stands")
        b.step("change_deck_after")
    else:
        fouled(b)
