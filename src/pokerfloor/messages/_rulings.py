"""Why the hand engine ruled as it did (``hand.Reason``): one English sentence per reason code,
its params named; the French is in ``web/locale/fr/floor.po``.

A reason that builds on another (a raise corrected to the minimum, a bet that may only be a
call) holds it as its ``base``, filled in as ``%(base)s``; the out-of-turn action that cannot
stand holds the refusal that stopped it as ``%(why)s``. Numbers are chips, but ``percent``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_

# Each placeholder is one of the reason's ``params`` (or its ``base``).
REASONS: dict[str, str] = {
    # A declaration (hand/_live.py).
    "FOLD_DECLARED": N_("fold declared"),
    "ALLIN_DECLARED": N_("all in declared"),
    "CHECK_DECLARED": N_("check declared"),
    "CALL_WITHOUT_BET": N_("'call' with no bet to call is a check"),
    "CALL_DECLARED": N_("call declared: the full call is owed"),
    "RAISE_TO_DECLARED": N_("raise to %(amount)s declared"),
    "BET_TO_DECLARED": N_("bet to %(amount)s declared"),
    "RAISE_SINGLE_CHIP": N_(
        "raise declared with a single chip and no amount: the raise is what the chip allows"
    ),
    "RAISE_CHIPS_PUSHED": N_("raise declared, chips pushed: the raise is what the chips make"),
    "RAISE_WITHOUT_BET": N_("'raise' with no bet is a minimum bet"),
    "RAISE_WITHOUT_AMOUNT": N_("raise declared without an amount: the minimum raise"),
    "CHECK_FACING_BET": N_("'check' declared facing a bet of %(bet)s: call or fold, no raise"),
    "CONDITIONAL_STATEMENT": N_(
        "a conditional statement: the player still has to act; the TD may hold him to it or "
        "penalise it"
    ),
    "CONDITIONAL_FORBIDDEN": N_(
        "a conditional statement is forbidden: the player still has to act and may be penalised"
    ),
    # Chips without a word (hand/_live.py).
    "EVERY_CHIP_ALLIN": N_("every chip pushed: all in"),
    "SINGLE_CHIP_BET": N_("a single chip with no bet to face is a bet of its value"),
    "CHIPS_BET": N_("chips pushed with no bet to face: a bet of their total"),
    "SINGLE_CHIP_CHECK": N_("a single chip without a word, nothing to call: a check"),
    "OVERSIZED_CHIP_CALL": N_("a single oversized chip without a declaration is a call"),
    "LAST_OVERSIZED_CHIP_CALL": N_(
        "a single oversized chip, his last one, without a declaration is a call"
    ),
    "LAST_CHIPS_CALL": N_(
        "his last chips, every one needed to call, without a declaration: a call"
    ),
    "LAST_CHIPS_ALLIN": N_("his last chips, not every one needed to call: all in"),
    "SPOKEN_AMOUNT_BET": N_("an amount said with no bet to face: a bet of that amount"),
    "SPOKEN_STACK_ALLIN": N_("his whole stack said: all in"),
    "EVERY_CHIP_NEEDED_CALL": N_("every chip pushed was needed to call: a call"),
    "RAISE_COMPLETION_REACHED": N_("chips make at least %(percent)s%% of a raise"),
    "RAISE_COMPLETION_SHORT_CALL": N_(
        "chips make less than %(percent)s%% of a raise: a call, the extra is returned"
    ),
    "RAISE_COMPLETION_SHORT_CHECK": N_(
        "chips make less than %(percent)s%% of a raise and there is nothing to call: a check, "
        "the chips go back"
    ),
    "CHIPS_ADDED_TO_BLIND": N_(
        "chips added to a blind posted with a %(chip)s chip: the total is a raise"
    ),
    "CHIPS_OVER_LINE_COMMITTED": N_(
        "chips pushed over the line are committed: folding leaves them in the pot"
    ),
    "SHORT_CHIP_CALL_OR_FOLD": N_(
        "a single chip worth less than the call, several players in: call or fold"
    ),
    "SHORT_CHIP_HEADS_UP_CALL": N_("a single chip worth less than the call, heads-up: a call"),
    "SHORT_CHIP_COMPLETED": N_("a single chip worth less than the call: the call is completed"),
    "UNDER_CALL_COMPLETED": N_(
        "%(pushed)s pushed facing %(to_call)s to call: more than half, the call must be completed"
    ),
    "UNDER_CALL_CALL_OR_FOLD": N_(
        "%(pushed)s pushed facing %(to_call)s to call: half or less, call or fold"
    ),
    "UNDER_CALL_HEADS_UP": N_(
        "%(pushed)s pushed facing %(to_call)s to call: heads-up: a full call"
    ),
    "UNDER_CALL_OPENER": N_(
        "%(pushed)s pushed facing %(to_call)s to call: facing the opening bet: a full call"
    ),
    "UNDER_CALL_TD_DISCRETION": N_(
        "%(pushed)s pushed facing %(to_call)s to call: the TD may rule otherwise; the engine "
        "applies a full call"
    ),
    "UNDER_CALL_COMPLETED_ALWAYS": N_(
        "%(pushed)s pushed facing %(to_call)s to call: the call is completed"
    ),
    # A bet or a raise corrected (hand/_live.py ``_raise_to``): the reason it builds on first.
    "RAISE_NOT_ALLOWED_CALL": N_("%(base)s; a raise is not allowed here, so it counts as a call"),
    "RAISE_NOT_ALLOWED_CHECK": N_("%(base)s; a raise is not allowed here, so it counts as a check"),
    "SHORT_OF_MINIMUM": N_("%(base)s; %(total)s is short of the minimum, completed to %(minimum)s"),
    "THEN_RAISE_TO": N_("%(base)s: raise to %(total)s"),
    "THEN_BET_TO": N_("%(base)s: bet to %(total)s"),
    "THEN_ALLIN": N_("%(base)s: all in"),
    # Out of turn (hand/_out_of_turn.py).
    "FOLD_OUT_OF_TURN": N_("a fold out of turn is binding"),
    "HELD_OUT_OF_TURN": N_(
        "acted out of turn: the action goes back to the player to act; it binds if the action "
        "to this player does not change"
    ),
    "SUBSTANTIAL_ACTION_STANDS": N_(
        "substantial action behind a silent player: the out-of-turn action stands"
    ),
    "SKIPPED_CALL_OR_FOLD": N_(
        "skipped while substantial action was taken after them: call or fold only"
    ),
    "SKIPPED_FLOOR_DECIDES": N_(
        "skipped while substantial action was taken after them: the floor may declare the hand "
        "dead or limit it to non-aggressive action"
    ),
    "SKIPPED_POT_OPEN_DEAD": N_("players acted after this player and the pot was open"),
    "SKIPPED_NO_BET": N_("players acted after this player: no bet allowed"),
    "OUT_OF_TURN_BINDS": N_(
        "the out-of-turn action binds: the action to this player did not change"
    ),
    "OUT_OF_TURN_CANNOT_STAND": N_(
        "the out-of-turn action cannot stand (%(why)s): the player acts"
    ),
    "ANNOUNCEMENT_COMMITTED": N_(
        "the out-of-turn announcement stands as chips in the pot: folding now forfeits them"
    ),
    "ANNOUNCEMENT_MAINTAINED": N_(
        "the raise before him was no larger than his out-of-turn announcement: it stands"
    ),
    "ACTION_CHANGED_CALL_OR_FOLD": N_(
        "the action changed since the out-of-turn action: the player may call or fold but not raise"
    ),
    "ACTION_CHANGED_OPTIONS": N_(
        "the action changed since the out-of-turn action: it does not bind and the player has "
        "their options"
    ),
    # Duties, timeouts, the deal (hand/_legality.py, _timeout.py, _engine.py, _showdown.py).
    "MUST_RAISE_NUTS": N_("last to act on the river with the nuts: the player had to raise"),
    "TIMEOUT_FACING_BET_CHECKED": N_("time ran out facing a bet: the hand is checked"),
    "TIMEOUT_NO_BET_CHECKED": N_("time ran out not facing a bet: the hand is checked"),
    "TIMEOUT_FACING_BET_DEAD": N_("time ran out facing a bet: the hand is dead"),
    "TIMEOUT_NO_BET_DEAD": N_("time ran out not facing a bet: the hand is dead"),
    "ABSENT_AT_FIRST_CARD": N_(
        "not at the seat when the first card of the deal was dealt: hand killed, posted chips "
        "stay in the pot"
    ),
    "ABSENT_AT_LAST_CARD": N_(
        "not at the seat when the last card of the deal was dealt: hand killed, posted chips "
        "stay in the pot"
    ),
    "ALLIN_FACE_UP": N_("betting is over with a player all in: every hand is turned up"),
    "NO_LIVE_HAND_VOID": N_(
        "no hand is live (every player was away): the hand is void, posts are returned"
    ),
    "SPLIT_POT": N_(
        "split %(ways)s ways; odd chips of %(chip)s go one each from the first seat left of the "
        "button"
    ),
    "LAST_AGGRESSOR_SHOWS": N_("the last aggressor shows first, then clockwise"),
    "PROFILE_FIRST_SHOWS": N_("no bet on the last street: the profile's first player shows first"),
    # A showdown the players play (hand/_showdown_rights.py).
    "TABLED_STAYS_LIVE": N_(
        "a tabled hand cannot be killed: it stays live and is read by its cards"
    ),
    "MUCKED_DEAD": N_("mucked at the showdown: the hand is dead"),
    "MUCKED_EARLY_DEAD": N_("mucked before their turn: the hand is dead all the same"),
    "SHOWN_TO_ALL": N_("shown to one player: every player may see them, so they are shown to all"),
    "ONE_CARD_NOT_ENOUGH": N_("one card shown: both cards must be tabled to win"),
    "ONE_CARD_ENOUGH": N_(
        "one card shown: enough to claim the pot, the hand is read with both cards"
    ),
    "TABLED_EARLY": N_("tabled before their turn: a player may always show a hand early"),
    "BOTH_CARDS_TABLED": N_("both cards tabled: the hand competes for the pot"),
    "ASK_FORBIDDEN": N_(
        "asking to see a hand is forbidden at the showdown: nothing is shown, and the "
        "request may be penalised"
    ),
    "ASK_NO_BET": N_("no bet on the last street: nobody paid to see a hand, nothing is shown"),
    "ASK_NOT_AGGRESSOR": N_("only the last aggressor's hand may be asked for: nothing is shown"),
    "ASK_AFTER_MUCK": N_("a player who mucked has given up the right to ask: nothing is shown"),
    "ASK_NOT_CALLER": N_("only a player who called on the last street may ask: nothing is shown"),
    "ASK_ALREADY_FACE_UP": N_("the hand asked for is already face up"),
    "SHOWN_ON_REQUEST": N_(
        "a river caller asked to see the last aggressor's hand: it is turned face up"
    ),
    "MUCKED_LIVE_AGAIN": N_(
        "a mucked hand taken back at a river caller's request is live again and may win"
    ),
    "MUCKED_SHOWN_DEAD": N_("the hand was mucked before the request: it is shown but stays dead"),
    "BEST_HAND": N_("the tabled hands are read by their cards: the best one takes the pot"),
    "LAST_LIVE_HAND": N_("every other hand in this pot was mucked: the last live hand takes it"),
    "ALL_MUCKED_LAST_THROWN": N_(
        "every hand in this pot was mucked: it goes to the last one thrown"
    ),
}
