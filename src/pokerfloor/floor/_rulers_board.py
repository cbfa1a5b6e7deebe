"""Rulings on the board: a flop dealt without a burn, with two burns or with four cards; a
turn or river without a burn; premature flop, turn and river cards.
"""

from __future__ import annotations

from pokerfloor.floor._builder import RulingBuilder

# A flop dealt without its burn or with two, by whether the order the cards came off is known:
# the decision and its steps (irregularities.flop_burn_error).
_FLOP_BURN_ERRORS: dict[tuple[str, bool], tuple[str, tuple[str, ...]]] = {
    ("no_burn", True): ("burn_restored", ("flop_no_burn_known", "flop_complete_next")),
    ("no_burn", False): ("board_reshuffled", ("flop_no_burn_unknown", "burn_and_redeal")),
    ("two_burns", True): (
        "burn_restored",
        ("two_burns_known", "last_flop_card_turn_burn", "next_street_no_burn"),
    ),
    ("two_burns", False): ("board_reshuffled", ("two_burns_unknown", "redeal_without_burn")),
}


def rule_flop_dealt_wrong(b: RulingBuilder) -> None:
    error = b.choice("error")
    known = b.flag("order_known")
    if error == "four_cards":
        four_card_flop(b, known)
        return
    rule = b.enum_value("irregularities.flop_burn_error")
    if error == "no_burn" and rule == "scramble_unless_action":
        # tda-2024 R39 B: known door card or not, the flop is scrambled unless someone acted.
        if b.flag("action_taken"):
            b.decide("board_stands")
            b.step("flop_stands_after_action")
            b.step("one_burn_next_street")
        else:
            scrambled_flop(b)
        return
    if error == "no_burn" and rule == "restore_if_known_else_scramble" and not known:
        scrambled_flop(b)
        return
    decision, steps = _FLOP_BURN_ERRORS[error, known]
    b.decide(decision)
    for step in steps:
        b.step(step)


def scrambled_flop(b: RulingBuilder) -> None:
    """A flop dealt without a burn: its three cards scrambled face down give the burn, the
    other two and the next card of the stub make the flop."""
    b.decide("flop_scrambled")
    b.step("three_scrambled")
    b.step("three_random_burn")
    b.step("two_and_next_flop")
    b.step("one_burn_next_street")


def four_card_flop(b: RulingBuilder, known: bool) -> None:
    if b.enum_value("irregularities.four_card_flop") == "random_card_burned":
        b.decide("extra_card_removed")
        b.step("four_scrambled")
        b.step("four_random_burn")
        b.step("four_others_flop")
        b.step("next_street_no_burn")
    elif known:
        b.decide("burn_restored")
        b.step("four_known_fourth_burn")
        b.step("next_street_no_burn")
    else:
        b.decide("board_reshuffled")
        b.step("four_unknown_reshuffle")
        b.step("redeal_without_burn")


def rule_turn_river_no_burn(b: RulingBuilder) -> None:
    b.cite("irregularities.turn_river_no_burn")
    b.decide("burn_restored")
    if b.choice("street") == "turn":
        b.step("turn_becomes_burn")
        b.step("next_card_turn")
    else:
        b.step("river_becomes_burn")
        b.step("next_card_river")


def rule_premature_card(b: RulingBuilder) -> None:
    rule = b.enum_value("irregularities.premature_card")
    street = b.choice("street")
    if street == "turn" and rule == "reshuffle_or_set_aside":
        b.decide("card_set_aside")
        b.step("card_set_aside")
        b.step("premature_taken_back")
        b.step("finish_betting")
        b.step("burn_next_as_turn")
        b.step("set_aside_card_back")
        b.step("river_without_burn")
        return
    b.decide("board_reshuffled")
    if street == "flop":
        b.step("premature_flop_back", cards_seen=b.number("cards_seen"))
    elif street == "turn":
        b.step("premature_turn_back")
    else:
        b.step("premature_river_back")
    b.step("premature_taken_back")
    b.step("finish_betting")
    b.step("shuffle_cut_stub")
    b.step("redeal_without_burn")
