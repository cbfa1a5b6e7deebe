"""The English text of every procedure step, by its stable key.

Steps are written in our own words (never a rulebook's sentence). A ``{name}`` placeholder is
filled from the step's params (numbers only, so the French text formats them the same way).
The French is in ``web/locale/fr/floor_rules.po``, keyed by these texts.
"""

from __future__ import annotations

from collections.abc import Mapping

STEP_TEXTS: dict[str, str] = {
    # Misdeal and its procedure
    "misdeal_first_two": "One of the first two cards of the deal was exposed: it is a misdeal.",
    "misdeal_exposed_count": (
        "{exposed} cards were exposed in this deal ({limit} make a misdeal): it is a misdeal."
    ),
    "misdeal_cause": "This error makes a misdeal, and it was noticed in time.",
    "misdeal_extra_cards": "{cards} extra cards were dealt: it is a misdeal.",
    "misdeal_extra_card_seat": (
        "The extra card did not go to the first player dealt: it is a misdeal."
    ),
    "misdeal_extra_card_any": "A player was dealt an extra card: it is a misdeal.",
    "misdeal_joker": (
        "A card foreign to the game (a joker) was found before substantial action: it is a misdeal."
    ),
    "misdeal_boxed": "{cards} cards were found face up during the deal: it is a misdeal.",
    "gather_reshuffle": "Gather every card and shuffle the whole deck again.",
    "posts_returned": ("Every blind and ante goes back to its owner; the button does not move."),
    "same_dealer_redeals": "The same dealer deals the hand again, to the same players.",
    # Too late
    "too_late_two_acted": (
        "Too late for a misdeal: {actions} players after the blinds have already acted."
    ),
    "too_late_two_bet": (
        "Too late for a misdeal: {chips_actions} players after the blinds have already put "
        "chips in."
    ),
    "too_late_substantial": (
        "Too late for a misdeal: substantial action has taken place ({actions} actions, "
        "{chips_actions} with chips)."
    ),
    "hand_goes_on": "The hand goes on with the cards as they were dealt.",
    "irregular_hand_dead": (
        "The hand with the wrong cards is dead; what it committed stays in the pot."
    ),
    "empty_seat_cards_killed": "The cards dealt to the empty seat are killed.",
    "skipped_player_out": "The player who was dealt no cards takes no part in this hand.",
    "button_fixed_next_hand": (
        "Put the button right from the next hand so that nobody misses or pays a blind twice."
    ),
    # Exposed, flashed, off the table
    "finish_deal": "Finish the deal.",
    "replace_with_top_card": (
        "Replace the exposed card with the top card of the stub (the card meant as the first burn)."
    ),
    "exposed_becomes_burn": (
        "Show the exposed card to everyone, then put it face down on top of the stub: it is "
        "the next burn card."
    ),
    "dealer_own_card_kept": (
        "The dealer keeps his own exposed card; it stays face up, shown to every player."
    ),
    "player_exposed_kept": (
        "The player exposed the card himself: it is not an exposed card and he keeps it."
    ),
    "player_accident_dead": (
        "The player exposed it by an involuntary movement: the card is dead and is replaced."
    ),
    "player_deliberate_out": (
        "The player exposed it on purpose: no misdeal for that, and he alone is out of the hand."
    ),
    "flashed_owner_touched": "The owner has touched the card: he must keep it.",
    "flashed_owner_keeps": "The owner, who has not touched the card, chooses to keep it.",
    "flashed_owner_refuses": (
        "The owner refuses the card: it is treated as a card the dealer exposed."
    ),
    "flashed_identified": (
        "Other players could tell which card it is: it counts as an exposed card."
    ),
    "flashed_not_identified": "Nobody could tell which card it is: the card plays.",
    "off_table_dealer": (
        "A card the dealer sends off the table counts as exposed and dead, even if nobody saw "
        "its face."
    ),
    "off_table_dealer_seen": "A card the dealer sends off the table counts as exposed and dead.",
    "off_table_player": "The player caused it: the card plays and he keeps it.",
    "play_goes_on": "The deal and the play go on.",
    "penalty_possible": "The floor may penalise the player for it.",
    # The button short of a card
    "button_card_dealt": (
        "The last player dealt takes the top card of the stub as his missing card: two cards in "
        "a row on the button are allowed."
    ),
    "button_acted_short_dead": (
        "If he has already acted holding one card, his hand is dead instead."
    ),
    # Extra card, boxed card
    "extra_card_burn": (
        "The extra card is taken back, unseen, and becomes the burn card before the flop."
    ),
    "boxed_set_aside": ("The card found face up is set aside and the next card takes its place."),
    # A player's own act
    "no_misdeal_voluntary": "No misdeal can be called on a player's deliberate act.",
    "player_alone_out": (
        "That player alone is out: his hand is dead and what he committed stays in the pot."
    ),
    "others_play_on": "The other players play the hand on.",
    # Flop errors
    "flop_no_burn_known": "The first card of the flop becomes the burn card.",
    "flop_complete_next": "The next card of the stub completes the flop.",
    "flop_no_burn_unknown": (
        "The order is not known: the flop cards go back into the stub, which is shuffled and cut."
    ),
    "burn_and_redeal": "Burn one card and deal again from the shuffled stub.",
    "two_burns_known": "The second burn card becomes the first card of the flop.",
    "last_flop_card_turn_burn": "The last card of the flop becomes the turn's burn card.",
    "next_street_no_burn": "At the turn, deal the turn without burning another card.",
    "two_burns_unknown": (
        "The order is not known: the flop and one of the two burn cards go back into the stub, "
        "which is shuffled and cut."
    ),
    "redeal_without_burn": "Deal again from the shuffled stub without burning a card.",
    "four_scrambled": "Scramble the four cards face down.",
    "four_random_burn": (
        "The floor draws one of them at random: it becomes the burn card for the turn."
    ),
    "four_others_flop": "The other three cards are the flop.",
    "four_known_fourth_burn": "The fourth card becomes the turn's burn card.",
    "four_unknown_reshuffle": (
        "The order is not known: the four cards go back into the stub, which is shuffled and cut."
    ),
    "three_scrambled": "Scramble the three flop cards face down.",
    "three_random_burn": "The floor draws one of them at random: it becomes the burn card.",
    "two_and_next_flop": "The other two cards and the next card of the stub are the flop.",
    "one_burn_next_street": "At the turn, burn one card as usual.",
    "flop_stands_after_action": (
        "Someone has already acted on the flop: the three cards stand as the flop."
    ),
    # Turn and river
    "turn_becomes_burn": "The card turned as the turn becomes the burn card.",
    "next_card_turn": "Turn the next card as the turn.",
    "river_becomes_burn": "The card turned as the river becomes the burn card.",
    "next_card_river": "Turn the next card as the river.",
    # Premature cards
    "premature_taken_back": (
        "The premature cards are taken back even if the players who had not acted then check "
        "or fold."
    ),
    "finish_betting": "Finish the betting round first.",
    "premature_flop_back": (
        "The flop ({cards_seen} card(s) seen) goes back into the stub; the burn card stays "
        "where it is."
    ),
    "premature_turn_back": (
        "Take the premature turn back into the stub; the burn card stays where it is."
    ),
    "shuffle_cut_stub": "Shuffle and cut the stub.",
    "card_set_aside": "Set the premature turn aside, face up.",
    "burn_next_as_turn": (
        "Burn a card and turn the next one as the turn (it would have been the river)."
    ),
    "set_aside_card_back": (
        "Once that betting round is over, shuffle the set-aside card back into the stub and cut."
    ),
    "river_without_burn": "Turn the river without burning a card.",
    "premature_river_back": "Take the premature river back.",
    # Dead hands
    "mixed_dead": "The hand mixed with a dead card is dead.",
    "committed_stays": "What the hand committed stays in the pot.",
    "protected_live": "The hand was protected and can be told apart: it stays live.",
    "unprotected_dead": "The hand was not protected: it is dead and the player has no redress.",
    "uncalled_raise_back": "His last bet or raise, not yet called, goes back to him.",
    "protected_lost_refund": (
        "The hand was protected but cannot be rebuilt: the player is out of the hand and takes "
        "back every chip he committed to it."
    ),
    "protected_lost_dead": (
        "The hand cannot be told apart from the other cards: it is dead, protected or not."
    ),
    "fouled_identifiable_live": (
        "The hand can be told apart from the other cards: it stays live, even with cards seen."
    ),
    "fouled_unidentifiable_dead": (
        "The hand cannot be told apart from the other cards: it is dead and the player has no "
        "redress."
    ),
    "outside_line_dead": "A card outside the line is dead: the hand is dead.",
    "outside_line_live": (
        "The hand stays live; the player must keep his cards on the table, in view."
    ),
    "wrong_count_dead": (
        "A hand with the wrong number of cards found once it is too late for a misdeal is dead."
    ),
    "wrong_count_in_time": (
        "Found before that moment, the same error is ruled as a misdeal claim instead."
    ),
    # Fouled deck
    "stop_hand": "Stop the hand at once, whatever the action so far.",
    "bets_returned": "Every chip put in this hand goes back to its owner, blinds and antes too.",
    "new_deck_redeal": "Bring a new deck; the same dealer deals the hand again.",
    "joker_replaced": (
        "The joker is an unplayable card: finish the deal and replace it with the top card of "
        "the stub; no misdeal."
    ),
    "joker_acted_dead": ("The player acted holding the joker without noticing: his hand is dead."),
    "joker_scrap_set_aside": (
        "After substantial action the joker counts as a scrap of paper: set it aside and take "
        "the next card."
    ),
    "joker_scrap_hand_short": (
        "After substantial action the joker counts as a scrap of paper: the hand holding it is "
        "short of a card and dead."
    ),
    "other_back_aside": (
        "The card with another back is set aside; the hand goes on with the next card."
    ),
    "change_deck_after": "Change the deck once the hand is over.",
    "missing_card_stands": "A missing card does not void the hand: it stands.",
}


def step_english(key: str, params: Mapping[str, object]) -> str:
    """A stored step in English: its template filled with its params. A key this version does
    not know (a log written by a newer one) is shown as the key itself."""
    template = STEP_TEXTS.get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
