"""The dealing irregularities the floor rules on, in display order, with the facts it asks.

Each situation asks at most five facts (the floor page shows them as one short form); a fact
left out takes its default. The rulers (``_rulers_deal.py``, ``_rulers_board.py``,
``_rulers_hands.py``) turn the facts and the profile's ``irregularities.*`` settings into a
ruling.
"""

from __future__ import annotations

from collections.abc import Callable

from pokerfloor.floor._builder import RulingBuilder
from pokerfloor.floor._model import Fact, SituationKind
from pokerfloor.floor._rulers_board import (
    rule_flop_dealt_wrong,
    rule_premature_card,
    rule_turn_river_no_burn,
)
from pokerfloor.floor._rulers_deal import (
    rule_card_off_table,
    rule_exposed_card_deal,
    rule_flashed_card,
    rule_misdeal_claim,
    rule_voluntary_irregularity,
)
from pokerfloor.floor._rulers_hands import rule_dead_hand, rule_fouled_deck


def _choice(key: str, label: str, default: str, *choices: tuple[str, str]) -> Fact:
    return Fact(
        key,
        "choice",
        label,
        default,
        tuple(value for value, _ in choices),
        tuple(text for _, text in choices),
    )


def _flag(key: str, label: str, default: bool = False) -> Fact:
    return Fact(key, "bool", label, default)


def _number(key: str, label: str, default: int, minimum: int, maximum: int) -> Fact:
    return Fact(key, "int", label, default, minimum=minimum, maximum=maximum)


# Facts several situations share (same key, same meaning).
ACTIONS_AFTER_BLINDS = _number(
    "actions", "Actions taken in turn after the blinds before the error was noticed", 0, 0, 9
)
CHIPS_ACTIONS = _number(
    "chips_actions", "How many of those actions put chips in (bet, call, raise)", 0, 0, 9
)


def _situation(
    key: str, title: str, ruler: Callable[[RulingBuilder], None], *facts: Fact
) -> SituationKind:
    assert len(facts) <= 5, f"{key}: at most five facts"
    return SituationKind(key, title, facts, ruler)


_ALL = (
    _situation(
        "exposed_card_deal",
        "A card exposed during the deal",
        rule_exposed_card_deal,
        _choice(
            "by",
            "Who exposed it",
            "dealer",
            ("dealer", "The dealer"),
            ("player_accident", "The player, by accident"),
            ("player_deliberate", "The player, on purpose"),
        ),
        _choice(
            "whose",
            "Whose card it is",
            "player",
            ("player", "A player's card"),
            ("dealer_own", "The dealer's own card"),
        ),
        _flag("first_two", "One of the first two cards dealt"),
        _number("exposed", "Cards exposed in this deal, this one included", 1, 1, 5),
    ),
    _situation(
        "flashed_card",
        "A card flashed (seen, not turned over) during the deal",
        rule_flashed_card,
        _flag("identified", "Other players could tell which card it is", True),
        _flag("touched", "The owner has touched the card"),
        _flag("owner_keeps", "The owner wants to keep it", True),
        _flag("first_two", "One of the first two cards dealt"),
    ),
    _situation(
        "misdeal_claim",
        "A misdeal is called",
        rule_misdeal_claim,
        _choice(
            "cause",
            "What went wrong",
            "wrong_order",
            ("wrong_order", "First card to the wrong seat, or cards dealt out of order"),
            ("button_wrong", "The button was in the wrong place"),
            ("empty_seat", "Cards dealt to an empty seat or a player not entitled to a hand"),
            ("player_skipped", "A player entitled to a hand was dealt none"),
            ("wrong_count", "A player has the wrong number of cards"),
            ("button_short", "The last player dealt (the button) has one card too few"),
            ("extra_card", "Extra cards dealt"),
            ("boxed_cards", "Cards found face up in the deck during the deal"),
            ("second_exposed", "A second card exposed by the dealer"),
        ),
        _number("cards", "Cards concerned (extra, boxed or exposed)", 1, 1, 5),
        _flag("first_seat", "The extra card went to the first player dealt (small blind)"),
        ACTIONS_AFTER_BLINDS,
        CHIPS_ACTIONS,
    ),
    _situation(
        "voluntary_irregularity",
        "A player caused the irregularity on purpose",
        rule_voluntary_irregularity,
        _choice(
            "cause",
            "What the player did",
            "wrong_count",
            ("wrong_count", "Took or kept the wrong number of cards"),
            ("exposed", "Turned a card over"),
            ("mixed", "Mixed a card with another hand"),
        ),
    ),
    _situation(
        "flop_dealt_wrong",
        "The flop dealt without a burn, with two burns or with four cards",
        rule_flop_dealt_wrong,
        _choice(
            "error",
            "What happened",
            "no_burn",
            ("no_burn", "No card burned"),
            ("two_burns", "Two cards burned"),
            ("four_cards", "Four cards on the flop"),
        ),
        _flag("order_known", "The order in which the cards came off is known"),
        _flag("action_taken", "Someone has already acted on the flop (even one check)"),
    ),
    _situation(
        "turn_river_no_burn",
        "The turn or the river dealt without a burn",
        rule_turn_river_no_burn,
        _choice("street", "Which card", "turn", ("turn", "The turn"), ("river", "The river")),
    ),
    _situation(
        "premature_card",
        "A board card dealt before the betting was over",
        rule_premature_card,
        _choice(
            "street",
            "Which card",
            "flop",
            ("flop", "The flop"),
            ("turn", "The turn"),
            ("river", "The river"),
        ),
        _number("cards_seen", "Cards of it already seen", 1, 1, 3),
    ),
    _situation(
        "card_off_table",
        "A card fell off the table",
        rule_card_off_table,
        _choice(
            "fault",
            "Whose fault",
            "dealer",
            ("dealer", "The dealer's"),
            ("player", "The player's"),
        ),
        _flag("seen", "Someone saw its face"),
        _flag("first_two", "One of the first two cards dealt"),
    ),
    _situation(
        "dead_hand",
        "Is this hand dead?",
        rule_dead_hand,
        _choice(
            "cause",
            "What happened to the hand",
            "mixed_with_dead_card",
            ("mixed_with_dead_card", "Mixed with a dead card"),
            ("touched_by_muck", "Touched by the muck or the discards"),
            ("outside_line", "Cards outside the line or off the table's surface"),
            ("wrong_count", "Wrong number of cards, found too late for a misdeal"),
        ),
        _flag("protected", "The player protected the hand (chip or card protector)"),
        _flag("identifiable", "The hand can be told apart from the other cards", True),
        _flag("uncalled_raise", "The player's last bet or raise has not been called yet"),
    ),
    _situation(
        "fouled_deck",
        "A fouled deck",
        rule_fouled_deck,
        _choice(
            "defect",
            "What was found",
            "duplicate",
            ("joker", "A joker"),
            ("duplicate", "Two identical cards"),
            ("other_back", "A card with another back"),
            ("face_up_in_deck", "A card face up in the deck"),
            ("missing_card", "A card missing from the deck"),
        ),
        _choice(
            "found",
            "Where it was found",
            "in_play",
            ("in_play", "Dealt: in a hand or on the board"),
            ("in_stub", "In the stub, not dealt yet"),
        ),
        _flag("holder_acted", "The player holding it acted before noticing"),
        _number("count", "How many such cards", 1, 1, 5),
        _flag("substantial_action", "Substantial action had been taken when it was found"),
    ),
)

SITUATIONS: dict[str, SituationKind] = {kind.key: kind for kind in _ALL}
assert len(SITUATIONS) == len(_ALL), "duplicate situation key"
