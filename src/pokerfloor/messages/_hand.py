"""The hand engine's refusals (pokerfloor.hand, the cards and the rule profiles): a hand's
set-up, an action out of the rules, a card or a deck that cannot be read.
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message, Np_

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "ABOVE_STACK": (N_("%(amount)s is more than the player has: at most %(max)s (all in)."),),
    "ACTION_NOT_ALLOWED": (N_("“%(kind)s” is not possible now; the options are: %(options)s."),),
    "ALREADY_HELD": (N_("%(player)s already acted out of turn: wait for the action."),),
    "ALREADY_TABLED": (N_("%(player)s's cards are already face up."),),
    "AMOUNT_REQUIRED": (
        N_("“%(kind)s” needs an amount: the street total, from %(min)s to %(max)s."),
    ),
    "BAD_AMOUNT": (N_("The declared amount, %(amount)s, must be more than 0."),),
    "BAD_ANTE": (
        N_("Antes cannot be negative (ante %(ante)s, big blind ante %(bb_ante)s)."),
        N_("Use either an ante for every player or a big blind ante, not both."),
    ),
    "BAD_BLINDS": (
        N_(
            "Blinds %(small_blind)s/%(big_blind)s: the big blind must be more than 0 and the "
            "small blind no larger than it.",
        ),
    ),
    "BAD_BLIND_SEAT": (N_("%(field)s: seat %(seat)s has no player."),),
    "BAD_BUTTON": (N_("The button's seat number must be 1 or more."),),
    "BAD_CARD": (
        N_("“%(card)s” in “%(text)s” is not a card (write cards like As, Td or 9c)."),
        N_("“%(card)s” is not a card (write cards like As, Td or 9c)."),
    ),
    "BAD_CARD_COUNT": (
        Np_(
            "Cannot evaluate %(count)s card: give 5, 6 or 7 cards.",
            "Cannot evaluate %(count)s cards: give 5, 6 or 7 cards.",
            "count",
        ),
    ),
    "BAD_CHIP": (N_("The smallest chip must be worth at least 1, not %(chip)s."),),
    "BAD_CHIPS": (N_("Chip values must be more than 0 (given: %(chips)s)."),),
    "BAD_COUNT": (N_("The number of cards to deal must be 0 or more."),),
    "BAD_DECK": (
        N_("The deck must hold enough distinct cards numbered 0 to 51; it has %(size)s."),
    ),
    "BAD_LIVE_ACTION": (
        N_(
            "%(player)s: a live action needs chips pushed (no more than the stack behind; "
            "%(pushed)s pushed) or a declaration.",
        ),
    ),
    "BAD_POT": (N_("Dead money cannot be negative (%(pot)s)."),),
    "BAD_RANK": (N_("The hand rank %(rank)s is out of range."),),
    "BAD_SHOWDOWN_TARGET": (
        N_("%(player)s cannot show to or ask about player %(target)s: name another player."),
    ),
    "BAD_TIE_BREAK": (N_("Unknown tie break “%(tie_break)s”: use “suits” or “redraw”."),),
    "BETTING_NOT_REOPENED": (
        N_(
            "The player has acted and the all-in since was not a full raise: call or fold only "
            "(%(citations)s)."
        ),
        N_("The player has acted and the all-in since was not a full raise: call or fold only."),
    ),
    "BET_ALREADY_OPEN": (N_("There is already a bet: raise instead."),),
    "BET_BELOW_MINIMUM": (
        N_("Bet of %(amount)s is below the minimum bet of %(min)s (%(citations)s)."),
        N_("Bet of %(amount)s is below the minimum bet of %(min)s."),
    ),
    "CANNOT_CHECK": (N_("Cannot check: %(to_call)s to call."),),
    "CARD_NOT_HELD": (N_("%(player)s does not hold %(card)s: show one of the two hole cards."),),
    "DECK_EXHAUSTED": (
        Np_(
            "Cannot deal %(wanted)s card: only %(remaining)s left in the deck.",
            "Cannot deal %(wanted)s cards: only %(remaining)s left in the deck.",
            "wanted",
        ),
    ),
    "DUPLICATE_CARD": (N_("%(card)s appears twice: each card exists once in the deck."),),
    "DUPLICATE_ENTRANT": (N_("Each entrant draws only once."),),
    "DUPLICATE_NAME": (N_("Player names must be unique (%(names)s)."),),
    "EMPTY_ACTION": (N_("A live action needs chips pushed or a declaration."),),
    "HAND_MUCKED": (N_("%(player)s has mucked: the hand is dead (%(citations)s)."),),
    "HAND_OVER": (N_("The hand is over: no more actions."),),
    "NOTHING_TO_CALL": (N_("Nothing to call: this is a check."),),
    "NOT_ENOUGH_CHIPS": (N_("%(pushed)s pushed, but the player has only %(stack)s behind."),),
    "NOT_IN_CHIPS": (
        N_("%(field)s: %(amount)s cannot be made with chips of %(chip)s."),
        N_("%(amount)s cannot be made with chips of %(chip)s."),
    ),
    "NOT_IN_HAND": (N_("%(player)s is no longer in the hand (folded or all in)."),),
    "NOT_IN_SHOWDOWN": (N_("%(player)s has no hand at this showdown (folded before it)."),),
    "NOT_YOUR_TURN": (N_("%(player)s is not to act: it is %(to_act)s's turn."),),
    "NO_BET_TO_RAISE": (N_("There is no bet to raise: bet instead."),),
    "NO_HANDS": (N_("A comparison needs at least one hand."),),
    "NO_ONE_TO_ACT": (N_("No player is to act: the betting is over."),),
    "NO_SHOWDOWN": (
        N_(
            "No showdown waits for the players: showdown actions come once the betting is over, "
            "in a hand played with its showdown by the players."
        ),
    ),
    "NO_WINNER": (N_("A pot needs at least one winner."),),
    "OUT_OF_TURN_INVALID": (N_("The out-of-turn action of %(player)s cannot stand as made."),),
    "PROFILE_EXTENDS_CYCLE": (
        N_("%(file)s: the profiles extend each other in a loop (%(chain)s)."),
    ),
    "PROFILE_INVALID": (
        N_("%(file)s: “%(key)s” is not written as a profile asks."),
        N_("%(file)s is not a valid profile file."),
    ),
    "PROFILE_MISSING_CITATION": (N_("%(file)s: %(key)s needs a citation (cite = [...])."),),
    "PROFILE_MISSING_SETTING": (
        Np_(
            "%(file)s: the setting %(keys)s is missing; a profile that extends nothing sets every "
            "setting.",
            "%(file)s: the settings %(keys)s are missing; a profile that extends nothing sets "
            "every setting.",
            "keys",
        ),
    ),
    "PROFILE_NOT_FOUND": (
        N_("There is no rule profile “%(profile)s”; the bundled profiles are: %(bundled)s."),
    ),
    "PROFILE_SETTING_IS_LIST": (N_("%(key)s holds a list."),),
    "PROFILE_SETTING_KIND": (N_("%(key)s is a setting of another kind (%(kind)s)."),),
    "PROFILE_UNKNOWN_SETTING": (
        N_("%(file)s: unknown setting %(key)s; accepted: %(accepted)s."),
        N_("Unknown setting %(key)s."),
    ),
    "RAISE_BELOW_MINIMUM": (
        N_("Raise to %(amount)s is below the minimum raise to %(min)s (%(citations)s)."),
        N_("Raise to %(amount)s is below the minimum raise to %(min)s."),
    ),
    "SHOWDOWN_UNDER_WAY": (
        N_(
            "The betting is over: at the showdown %(player)s shows, mucks, shows one card or "
            "asks to see a hand."
        ),
    ),
}
