"""Rulings on the deal: exposed and flashed cards, a card off the table, misdeals, a player's
deliberate act. Each reads the profile's ``irregularities.*`` settings through the builder.
"""

from __future__ import annotations

from pokerfloor.floor._builder import RulingBuilder


def misdeal(b: RulingBuilder, reason: str, **params: object) -> None:
    """A misdeal with its reason, then the redeal procedure (the same button deals again)."""
    b.decide("misdeal")
    b.step(reason, **params)
    b.step("gather_reshuffle")
    b.step("posts_returned")
    b.step("same_dealer_redeals")


def too_late(b: RulingBuilder, actions: int, chips_actions: int) -> str | None:
    """The key of the step saying it is too late for a misdeal, or ``None`` while it is not.

    ``chips_actions`` counts among the ``actions``: the caller keeps it no more than them.
    """
    limit = b.enum_value("irregularities.misdeal_too_late")
    if limit == "two_players_acted":
        return "too_late_two_acted" if actions >= 2 else None
    if limit == "two_players_bet":
        return "too_late_two_bet" if chips_actions >= 2 else None
    substantial = actions >= 3 or (actions >= 2 and chips_actions >= 1)
    return "too_late_substantial" if substantial else None


def exposed_by_dealer(b: RulingBuilder, first_two: bool, exposed: int) -> None:
    """A card the dealer exposed: a misdeal for one of the first two or too many, else the
    card is replaced and becomes the burn."""
    if first_two:
        b.cite("irregularities.exposed_first_two")
        misdeal(b, "misdeal_first_two")
        return
    limit = b.int_value("irregularities.exposed_cards_misdeal")
    if exposed >= limit:
        misdeal(b, "misdeal_exposed_count", exposed=exposed, limit=limit)
        return
    replace_exposed(b)


def deliberate_act(b: RulingBuilder) -> None:
    """No misdeal on a player's own deliberate act: that player alone is out."""
    b.cite("irregularities.voluntary_irregularity")
    b.decide("hand_dead")
    b.step("no_misdeal_voluntary")
    b.step("player_alone_out")
    b.step("others_play_on")


def rule_exposed_card_deal(b: RulingBuilder) -> None:
    by = b.choice("by")
    if by != "dealer":
        exposed_by_player(b, deliberate=by == "player_deliberate")
        return
    own_card = b.choice("whose") == "dealer_own"
    if own_card and b.enum_value("irregularities.dealer_own_card") == "kept_shown":
        b.decide("card_kept")
        b.step("dealer_own_card_kept")
        b.step("play_goes_on")
        return
    exposed_by_dealer(b, b.flag("first_two"), b.number("exposed"))


def exposed_by_player(b: RulingBuilder, *, deliberate: bool) -> None:
    if b.enum_value("irregularities.card_exposed_by_player") == "kept":
        b.decide("card_kept")
        b.step("player_exposed_kept")
        b.step("play_goes_on")
        if deliberate:
            b.step("penalty_possible")
        return
    if deliberate:
        b.step("player_deliberate_out")
        deliberate_act(b)
        return
    b.step("player_accident_dead")
    replace_exposed(b)


def rule_flashed_card(b: RulingBuilder) -> None:
    if b.enum_value("irregularities.flashed_card") == "owner_chooses":
        if b.flag("touched"):
            b.decide("card_kept")
            b.step("flashed_owner_touched")
        elif b.flag("owner_keeps"):
            b.decide("card_kept")
            b.step("flashed_owner_keeps")
        else:
            b.step("flashed_owner_refuses")
            exposed_by_dealer(b, b.flag("first_two"), 1)
            return
        b.step("play_goes_on")
        return
    if b.flag("identified"):
        b.step("flashed_identified")
        exposed_by_dealer(b, b.flag("first_two"), 1)
        return
    b.decide("card_kept")
    b.step("flashed_not_identified")
    b.step("play_goes_on")


def replace_exposed(b: RulingBuilder) -> None:
    """The exposed card is replaced by the card meant as the burn and becomes the burn."""
    b.cite("irregularities.exposed_card")
    b.decide("card_replaced")
    b.step("finish_deal")
    b.step("replace_with_top_card")
    b.step("exposed_becomes_burn")


def rule_card_off_table(b: RulingBuilder) -> None:
    b.cite("irregularities.card_off_table")
    if b.choice("fault") == "player":
        b.decide("card_kept")
        b.step("off_table_player")
        b.step("play_goes_on")
        return
    b.step("off_table_dealer_seen" if b.flag("seen") else "off_table_dealer")
    exposed_by_dealer(b, b.flag("first_two"), 1)


_MISDEAL_CAUSES = {"wrong_order", "button_wrong", "empty_seat", "player_skipped", "wrong_count"}
_TOO_LATE_STEP = {
    "empty_seat": "empty_seat_cards_killed",
    "player_skipped": "skipped_player_out",
    "button_wrong": "button_fixed_next_hand",
    "wrong_count": "irregular_hand_dead",
    "extra_card": "irregular_hand_dead",
}


def rule_misdeal_claim(b: RulingBuilder) -> None:
    cause = b.choice("cause")
    if cause == "button_short":
        # Not a misdeal, even after the action has begun: the missing card is dealt.
        b.cite("irregularities.button_short_card")
        b.decide("card_dealt")
        b.step("button_card_dealt")
        b.step("button_acted_short_dead")
        b.step("play_goes_on")
        return
    cards = b.number("cards")
    actions = b.number("actions")
    chips_actions = min(b.number("chips_actions"), actions)
    late = too_late(b, actions, chips_actions)
    if late is not None:
        b.decide("no_misdeal")
        b.step(late, actions=actions, chips_actions=chips_actions)
        b.step("hand_goes_on")
        if cause in _TOO_LATE_STEP:
            if _TOO_LATE_STEP[cause] == "irregular_hand_dead":
                b.cite("irregularities.irregular_hand_too_late")
            b.step(_TOO_LATE_STEP[cause])
        return
    if cause in _MISDEAL_CAUSES:
        misdeal(b, "misdeal_cause")
    elif cause == "extra_card":
        extra_cards(b, cards, b.flag("first_seat"))
    elif cause == "boxed_cards":
        boxed_cards(b, cards)
    else:  # second_exposed: the dealer exposed a second card (or more) in this deal
        exposed_by_dealer(b, False, max(2, cards))


def boxed_cards(b: RulingBuilder, cards: int) -> None:
    """Cards found face up in the deck: one is set aside, two or more make a misdeal."""
    b.cite("irregularities.boxed_card")
    if cards >= 2:
        misdeal(b, "misdeal_boxed", cards=cards)
        return
    b.decide("card_replaced")
    b.step("boxed_set_aside")
    b.step("play_goes_on")


def extra_cards(b: RulingBuilder, cards: int, first_seat: bool) -> None:
    rule = b.enum_value("irregularities.extra_card")
    if cards >= 2:
        misdeal(b, "misdeal_extra_cards", cards=cards)
    elif rule == "misdeal":
        misdeal(b, "misdeal_extra_card_any")
    elif rule == "first_seat_only" and not first_seat:
        misdeal(b, "misdeal_extra_card_seat")
    else:
        b.decide("card_replaced")
        b.step("extra_card_burn")
        b.step("play_goes_on")


def rule_voluntary_irregularity(b: RulingBuilder) -> None:
    if b.choice("cause") == "exposed":
        exposed_by_player(b, deliberate=True)
        return
    deliberate_act(b)
