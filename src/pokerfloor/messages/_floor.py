"""The floor's refusals (pokerfloor.floor: a situation or a fact it does not know) and the hand
engine's dealing irregularities (a misdeal called too late, a procedure at a moment it cannot
happen, a reshuffle without its order).
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "BAD_IRREGULARITY": (N_("This irregularity is not described correctly."),),
    "BAD_IRREGULARITY:bad_card": (N_("Name a player of the hand and card 1 or 2."),),
    "BAD_IRREGULARITY:bad_order": (
        N_("The new order must hold exactly the %(cards)s cards shuffled."),
    ),
    "BAD_IRREGULARITY:bad_pick": (
        N_("The card taken at random must be one of the four flop cards."),
    ),
    "BAD_IRREGULARITY:bad_street": (N_("Name the flop, the turn or the river."),),
    "BAD_IRREGULARITY:flop_only": (
        N_("Two burns or four cards happen on the flop; on the %(street)s only a missing burn."),
    ),
    "BAD_IRREGULARITY:four_cards_only": (
        N_("A card is taken at random only from a four-card flop."),
    ),
    "BAD_IRREGULARITY:no_order": (
        N_("A reshuffle needs a seed or the new order of the %(cards)s cards."),
    ),
    "BAD_IRREGULARITY:no_pick": (N_("A card taken at random needs a seed or the card taken."),),
    "DECK_TOO_SHORT": (
        N_(
            "After this procedure the deck holds %(cards)s cards and the board needs "
            "%(needed)s: deal from a full deck."
        ),
    ),
    "FLOOR_BAD_FACT": (
        N_("%(situation)s, “%(fact)s”: “%(value)s” is not accepted; accepted: %(accepted)s."),
        N_("%(situation)s, “%(fact)s”: this is not accepted; accepted: %(accepted)s."),
    ),
    "FLOOR_UNKNOWN_SITUATION": (
        N_("“%(situation)s” is not a floor situation; the situations are: %(situations)s."),
        N_("Name one of the floor situations: %(situations)s."),
    ),
    "IRREGULARITY_NOT_NOW": (N_("This irregularity cannot happen at this point of the hand."),),
    "IRREGULARITY_NOT_NOW:betting_over": (
        N_("A premature %(street)s: only while the betting before it goes on."),
    ),
    "IRREGULARITY_NOT_NOW:deal_over": (
        N_("The deal is over: an exposed hole card is ruled only during the deal."),
    ),
    "IRREGULARITY_NOT_NOW:not_just_dealt": (
        N_(
            "The %(street)s dealt wrongly is ruled just after it is dealt, before anyone acts "
            "on it."
        ),
    ),
    "IRREGULARITY_NOT_NOW:second_replacement": (
        N_("A second exposed card cannot be replaced: the burn is already the first one."),
    ),
    "IRREGULARITY_NOT_NOW:showdown": (N_("At the showdown a hand is mucked, not declared dead."),),
    "MISDEAL_TOO_LATE": (
        N_(
            "Too late for a misdeal: %(actions)s actions were taken after the blinds, the hand "
            "is played as it is (%(citations)s)."
        ),
        N_("Too late for a misdeal: the hand is played as it is (%(citations)s)."),
        N_("Too late for a misdeal: the hand is played as it is."),
    ),
    "NO_MISDEAL": (
        N_("No misdeal here: play goes on (%(citations)s)."),
        N_("No misdeal here: play goes on."),
    ),
}
