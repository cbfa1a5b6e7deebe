"""Refusal sentences, codes A to L (``_refusal_sentences.py`` explains the format and merges
the halves; the catalogue is long, one module would be over 600 lines).
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message, Np_

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "ADDON_WINDOW_OPEN": (N_("The add-on window is already open."),),
    "ADDON_WINDOW_REASON": (N_("Say why the add-on window is opened by hand."),),
    "ABOVE_STACK": (N_("%(amount)s is more than the player has: at most %(max)s (all in)."),),
    "ACTION_NOT_ALLOWED": (N_("“%(kind)s” is not possible now; the options are: %(options)s."),),
    "ALREADY_HELD": (N_("%(player)s already acted out of turn: wait for the action."),),
    "ALREADY_REGISTERED": (N_("%(player_id)s is already registered."),),
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
    "BAD_EVENT_LOG": (
        N_("Line %(line)s of the event log: the field “%(field)s” is beyond the API's bounds."),
        N_("Line %(line)s of the event log cannot be read."),
        N_("The event log cannot be replayed."),
    ),
    "BAD_HAND_TIME": (
        N_("A hand starts after the tournament was created and before it is reported."),
    ),
    "BAD_LIVE_ACTION": (
        N_(
            "%(player)s: a live action needs chips pushed (no more than the stack behind; "
            "%(pushed)s pushed) or a declaration.",
        ),
    ),
    "BAD_POT": (N_("Dead money cannot be negative (%(pot)s)."),),
    "BAD_PRIZE_POOL_BASIS": (N_("The prize pool counts “entries” or “money”, not “%(value)s”."),),
    "BAD_RANK": (N_("The hand rank %(rank)s is out of range."),),
    "BAD_REFUND": (
        N_(
            "A refund to %(player_id)s is more than 0 and at most %(paid_cents)s (what they "
            "paid), not %(amount_cents)s.",
        ),
    ),
    "BAD_SEAT": (
        N_("Table %(table_no)s: seat %(seat_no)s does not exist; the seats are 1 to %(size)s."),
        N_("Table %(table_no)s: seat %(seat_no)s does not exist or already has a player."),
        N_("Seat %(seat)s: seat numbers start at 1."),
    ),
    "BAD_SHOWDOWN_TARGET": (
        N_("%(player)s cannot show to or ask about player %(target)s: name another player."),
    ),
    "BAD_SNAPSHOT": (
        N_(
            "The snapshot cannot be read or its format is not supported: replay the events "
            "instead.",
        ),
    ),
    "BAD_STACK": (
        N_("%(player)s: a stack of %(stack)s is not possible; a stack is more than 0 chips."),
        N_("%(player_id)s goes back with chips: give a stack of 1 or more."),
        N_(
            "Table %(table_no)s: a corrected stack has chips; a player left with none is busted "
            "(report the bust).",
        ),
    ),
    "BAD_STARTING_STACK": (
        N_(
            "A player dealt in started the hand with more than 0 chips (starting stacks given: "
            "%(starting_stacks)s).",
        ),
    ),
    "BAD_TABLE": (
        Np_(
            "Table %(table_no)s has %(size)s seat: a table has 2 seats or more.",
            "Table %(table_no)s has %(size)s seats: a table has 2 seats or more.",
            "size",
        ),
    ),
    "BAD_TABLE_COUNT": (
        Np_(
            "Cannot seat the players at %(table_count)s table: 1 table or more.",
            "Cannot seat the players at %(table_count)s tables: 1 table or more.",
            "table_count",
        ),
    ),
    "BAD_TABLE_SIZE": (
        Np_(
            "A table of %(table_size)s seat is not accepted: 2 seats or more.",
            "A table of %(table_size)s seats is not accepted: 2 seats or more.",
            "table_size",
        ),
    ),
    "BAD_TIE_BREAK": (N_("Unknown tie break “%(tie_break)s”: use “suits” or “redraw”."),),
    "BETTING_NOT_REOPENED": (
        N_("The player has acted and the all-in since was not a full raise: call or fold only."),
    ),
    "BET_ALREADY_OPEN": (N_("There is already a bet: raise instead."),),
    "BET_BELOW_MINIMUM": (N_("Bet of %(amount)s is below the minimum bet of %(min)s."),),
    "BUSTS_AT_SEVERAL_TABLES": (
        N_(
            "Outside hand-for-hand, busts at different tables are ranked in the order they are "
            "reported: report those of tables %(tables)s one table at a time.",
        ),
    ),
    "BUSTS_BAD_STACK": (
        N_(
            "%(player_id)s started the hand with %(stack)s chips: a player dealt in has more than "
            "0.",
        ),
    ),
    "BUSTS_DIFFERENT_HANDS": (
        N_(
            "Busts from several hands at table %(table_no)s: report each hand's busts on their "
            "own, in the order the hands ended.",
        ),
    ),
    "BUSTS_DUPLICATE_PLAYER": (
        N_("A player busts only once in a hand: name each player once (given: %(players)s)."),
    ),
    "BUSTS_LEAVE_NO_PLAYER": (
        Np_(
            "%(busted)s bust with %(players_left_before)s players left would leave nobody in the "
            "tournament.",
            "%(busted)s busts with %(players_left_before)s players left would leave nobody in the "
            "tournament.",
            "busted",
        ),
    ),
    "BUSTS_NONE": (N_("No bust to rank: give at least one busted player."),),
    "BUST_NOT_UNDOABLE": (N_("%(player_id)s has no bust to undo here: use the corrections page."),),
    "BUST_UNDO_NEEDS_STACK": (
        N_(
            "The hand that busted %(player_id)s gave the chips to the other players: correct "
            "the hand and the bust on the corrections page."
        ),
    ),
    "BUST_UNDO_TOO_LATE": (
        N_(
            "Table %(table_no)s has played a hand since %(player_id)s busted: correct it on the "
            "corrections page, with the stack the player has."
        ),
    ),
    "BUTTON_SEAT_EMPTY": (
        N_(
            "Seat %(seat_no)s of table %(table_no)s has no player: the button goes to a seated "
            "player (seats %(seats)s).",
        ),
    ),
    "CANNOT_CHECK": (N_("Cannot check: %(to_call)s to call."),),
    "CARD_NOT_HELD": (N_("%(player)s does not hold %(card)s: show one of the two hole cards."),),
    "CHIPS_NOT_CONSERVED": (
        N_(
            "The stacks add up to %(after)s chips; the table had %(before)s recorded (and "
            "%(unknown_chips)s more from busts reported without stacks).",
        ),
        N_(
            "Table %(table_no)s: the stacks add up to %(after)s chips; the table had %(before)s "
            "at the start of the hand, and chips neither appear nor vanish.",
        ),
    ),
    "CHIP_RACE_BAD_AMOUNT": (
        N_(
            "The leftover value (%(leftover_value)s) must be 0 or more and the new chip "
            "(%(next_chip)s) worth more than 0.",
        ),
    ),
    "CHIP_RACE_BAD_COUNT": (N_("Seat %(seat_no)s: %(count)s is not a number of chips."),),
    "CHIP_RACE_BAD_DEALER_SEAT": (
        N_("Seat %(seat_no)s does not exist at table %(table_no)s: use a seat from 1 to %(size)s."),
    ),
    "CHIP_RACE_BAD_DENOMINATIONS": (
        N_(
            "Cannot race off chips of %(removed)s for chips of %(next_chip)s: the chip removed is "
            "worth more than 0, and the next chip is a larger multiple of it (e.g. 25 for 100).",
        ),
    ),
    "CHIP_RACE_BAD_ROUNDING": (
        N_("Unknown chip race rounding “%(rounding)s”: use “half_or_more” or “round_up”."),
    ),
    "CHIP_RACE_BAD_STACK": (
        N_(
            "The stack of %(player_id)s (%(stack)s) cannot be raced: a seated player's stack is "
            "more than 0 and a multiple of %(removed)s.",
        ),
    ),
    "CHIP_RACE_COUNT_OVER_STACK": (
        N_(
            "Seat %(seat_no)s: %(count)s chips of %(removed)s are worth %(value)s, more than the "
            "recorded stack of %(stack)s.",
        ),
    ),
    "CHIP_RACE_DECK_TOO_SHORT": (
        N_(
            "The race needs %(needed)s cards (one per odd chip) but the deck has %(remaining)s: "
            "ask the players to change up their chips first.",
        ),
    ),
    "CHIP_RACE_FULL_SET": (
        N_(
            "Seat %(seat_no)s: %(count)s chips of %(removed)s make a chip of %(next_chip)s; "
            "change them up first: at most %(most)s are raced.",
        ),
    ),
    "CHIP_RACE_MISSING_COUNT": (
        Np_(
            "Table %(table_no)s: no odd chips entered for seat %(seats)s; enter 0 for a player "
            "who has none.",
            "Table %(table_no)s: no odd chips entered for seats %(seats)s; enter 0 for a player "
            "who has none.",
            "seats",
        ),
    ),
    "CHIP_RACE_MISSING_STACK": (
        N_(
            "Table %(table_no)s: no stack given for %(players)s; give the stack of every seated "
            "player.",
        ),
    ),
    "CHIP_RACE_NEEDS_COUNTS": (
        N_(
            "Cannot race without the odd chips counted at the table: enter, for each player, the "
            "chips of %(removed)s left once changed up (0 for none).",
        ),
    ),
    "CHIP_RACE_NOT_SEATED": (
        N_("The players of table %(table_no)s changed: reload the page and count again."),
    ),
    "CHIP_RACE_NO_DEALER": (
        N_(
            "Table %(table_no)s has no button yet: the race starts left of the dealer, so give "
            "the dealer's seat.",
        ),
    ),
    "CLOCK_ALREADY_PAUSED": (N_("The clock is already paused."),),
    "CLOCK_ALREADY_RUNNING": (N_("The clock is already running."),),
    "CLOCK_ALREADY_STARTED": (N_("The clock is already started."),),
    "CLOCK_BAD_ADJUSTMENT": (N_("Add or take off a time other than 0, of at most 24 hours."),),
    "CLOCK_BAD_SECONDS_OFF": (
        N_("%(seconds_off)s seconds off per hand is not accepted (accepted: %(accepted)s)."),
    ),
    "CLOCK_BAD_TIME": (N_("A time is a whole number of milliseconds, 0 or more."),),
    "CLOCK_LEVEL_NOT_FOUND": (
        N_("There is no level of index %(level_index)s (the indexes are %(accepted)s)."),
    ),
    "CLOCK_NOT_STARTED": (N_("The clock has not started: start it first."),),
    "CLOCK_NO_BREAK_THERE": (
        N_("No break comes before level %(level)s; the breaks come before level %(accepted)s."),
    ),
    "CLOCK_RUNNING_IN_HAND_FOR_HAND": (
        N_(
            "Pause the clock for hand-for-hand play: each hand then takes a fixed time off the "
            "level (%(citations)s).",
        ),
        N_(
            "Pause the clock for hand-for-hand play: each hand then takes a fixed time off the "
            "level.",
        ),
    ),
    "CLOCK_STRUCTURE_MISMATCH": (
        N_("The structure “%(structure)s” is not the one this clock was built from."),
    ),
    "CLOCK_TIME_BEFORE_LAST_EVENT": (
        N_("This time is before the clock's last event: the clock only moves forward."),
    ),
    "CLOCK_UNKNOWN_COMMAND": (N_("“%(command)s” is not a clock command."),),
    "COMMAND_NOT_APPLICABLE": (
        N_("The command “%(command)s” cannot be applied to the tournament as it is."),
    ),
    "CONFIRM_WHOLE_REDRAW": (
        Np_(
            "The final-table redraw moves everyone at once: confirm its %(proposed)s move "
            "together, not %(confirmed)s.",
            "The final-table redraw moves everyone at once: confirm its %(proposed)s moves "
            "together, not %(confirmed)s.",
            "proposed",
        ),
        N_("The final-table redraw is confirmed as a whole."),
    ),
    "DATABASE_IN_USE": (
        N_(
            "Another pokerfloor server is already using the database %(database)s: stop it first, "
            "or use another database.",
        ),
    ),
    "DATABASE_UNREADABLE": (N_("Cannot open the database %(database)s."),),
    "DEALS_FORBIDDEN": (
        N_(
            "Deals are forbidden by the rule profile %(profile)s (%(citations)s): the prizes "
            "follow the actual finish.",
        ),
        N_("Deals are forbidden by the rule profile: the prizes follow the actual finish."),
    ),
    "DEAL_ALREADY_AGREED": (N_("A deal is already agreed: cancel it first."),),
    "DEAL_AMOUNTS_DO_NOT_ADD_UP": (
        N_("The amounts add up to %(total_cents)s; the prizes shared are %(expected_cents)s."),
    ),
    "DEAL_BAD_AMOUNTS": (
        N_(
            "A custom deal gives one amount to every player in play and to nobody else: missing "
            "%(missing)s; not in play %(not_in_play)s.",
        ),
        N_(
            "A custom deal gives one amount to every player in play and to nobody else: missing "
            "%(missing)s.",
        ),
        N_(
            "A custom deal gives one amount to every player in play and to nobody else: not in "
            "play %(not_in_play)s.",
        ),
        N_("The amount of %(player_id)s must be whole cents, 0 or more."),
        N_("A custom deal gives one amount to every player in play and to nobody else."),
    ),
    "DEAL_BAD_METHOD": (N_("There is no deal method “%(method)s”: use icm, chip_chop or custom."),),
    "DEAL_BAD_PLAYED_FOR": (
        N_(
            "%(played_for_cents)s kept aside for the winner: between 0 and %(max)s, so that first "
            "place still pays at least second.",
        ),
    ),
    "DEAL_NOT_AT_FINAL_TABLE": (
        N_(
            "The %(players)s players in play are not all at one table (tables %(tables)s): a deal "
            "is made at the final table, by every player left.",
        ),
        N_("A deal is made at the final table, by every player left."),
    ),
    "DEAL_NO_REASON": (N_("Say why the deal is cancelled."),),
    "DEAL_PAYOUTS_CHANGED": (
        N_(
            "Places 1 to %(places)s pay %(payouts_cents)s, the deal shared %(deal_cents)s: pay "
            "the deal's prizes or cancel the deal.",
        ),
    ),
    "DEAL_PLAYERS_CHANGED": (
        N_("The first places (%(ranked)s) are not the players of the deal (%(deal)s): cancel it."),
    ),
    "DEAL_STACKS_UNKNOWN": (
        N_(
            "The stacks of table %(table_no)s are not known (a bust was reported without stacks: "
            "%(unknown_chips)s chips have no known owner): count the chips and report them before "
            "a deal.",
        ),
        N_(
            "The stacks at the table are not known (a bust reported without stacks): count the "
            "chips and report them before a deal.",
        ),
    ),
    "DEAL_STALE": (
        N_(
            "The stacks changed since this split was shown: look at the new proposal and ask the "
            "players again.",
        ),
    ),
    "DEAL_TOO_FEW_PLAYERS": (
        Np_(
            "A deal needs at least 2 players in play; %(players)s is left.",
            "A deal needs at least 2 players in play; %(players)s are left.",
            "players",
        ),
    ),
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
    "DUPLICATE_PLAYER": (
        N_("%(player_id)s is listed twice: each player gets one seat."),
        N_("A player is named twice."),
    ),
    "DUPLICATE_TABLE": (N_("Table %(table_no)s is listed twice."),),
    "EMPTY_ACTION": (N_("A live action needs chips pushed or a declaration."),),
    "HAND_FOR_HAND_WAIT": (
        Np_(
            "Hand-for-hand: this table has played round %(round_no)s; its next hand waits for "
            "table %(waiting_for)s.",
            "Hand-for-hand: this table has played round %(round_no)s; its next hand waits for "
            "tables %(waiting_for)s.",
            "waiting_for",
        ),
        N_("Hand-for-hand: this table waits for the other tables."),
    ),
    "HAND_NUMBER_MISMATCH": (
        N_("Table %(table_no)s plays hand %(expected)s, not hand %(reported)s."),
    ),
    "HAND_MUCKED": (N_("%(player)s has mucked: the hand is dead (%(citations)s)."),),
    "HAND_OVER": (N_("The hand is over: no more actions."),),
    "ICM_BAD_PAYOUTS": (
        N_(
            "The payout of place %(place)s (%(amount)s) is not accepted: whole cents, 0 or more, "
            "and no more than the place before.",
        ),
    ),
    "ICM_BAD_STACK": (
        N_(
            "The stack %(stack)s is not accepted: a whole number of chips above 0 (a player "
            "without chips takes no part in a deal).",
        ),
    ),
    "ICM_NO_PLAYERS": (N_("A deal needs at least one player with chips."),),
    "ICM_TOO_MANY_PAYOUTS": (
        Np_(
            "%(payouts)s payout for %(players)s players: give only the places still to be awarded "
            "(at most one per player left).",
            "%(payouts)s payouts for %(players)s players: give only the places still to be "
            "awarded (at most one per player left).",
            "payouts",
        ),
    ),
    "ICM_TOO_MANY_PLAYERS": (
        N_(
            "The ICM calculator takes at most %(max)s players, not %(players)s: make the deal "
            "when fewer players are left.",
        ),
    ),
    "INVALID_EVENT": (N_("The event type %(type)s is not accepted."),),
    "INVALID_SNAPSHOT": (N_("The snapshot of %(stream_id)s is not accepted."),),
    "INVALID_STREAM_ID": (N_("The stream id %(stream_id)s is not accepted."),),
    "INVALID_VERSION": (N_("%(name)s = %(value)s is not accepted: a whole number, 0 or more."),),
    "LAST_TABLE": (N_("Table %(table_no)s is the last table: it cannot break."),),
    "LATE_REGISTRATION_CLOSED:none": (N_("This tournament's structure has no late registration."),),
    "LATE_REGISTRATION_CLOSED:structure_level": (
        N_(
            "Late registration ended with level %(limit)s (the tournament's structure); this is "
            "level %(level)s."
        ),
    ),
    "LATE_REGISTRATION_CLOSED:structure_minutes": (
        N_(
            "Late registration ended %(limit)s minutes after the start (the tournament's "
            "structure); %(minutes)s minutes have been played."
        ),
    ),
    "LATE_REGISTRATION_CLOSED:profile_level": (
        N_(
            "Late registration ended with level %(limit)s, the rule profile's limit "
            "(%(citations)s), stricter than the structure's (until level %(structure_level)s); "
            "this is level %(level)s."
        ),
        N_(
            "Late registration ended with level %(limit)s, the rule profile's limit "
            "(%(citations)s), stricter than the structure's (%(structure_minutes)s minutes); this "
            "is level %(level)s."
        ),
    ),
    "LATE_REGISTRATION_CLOSED:profile_minutes": (
        N_(
            "Late registration ended %(limit)s minutes after the start, the rule profile's limit "
            "(%(citations)s), stricter than the structure's (until level %(structure_level)s); "
            "%(minutes)s minutes have been played."
        ),
        N_(
            "Late registration ended %(limit)s minutes after the start, the rule profile's limit "
            "(%(citations)s), stricter than the structure's (%(structure_minutes)s minutes); "
            "%(minutes)s minutes have been played."
        ),
    ),
    "LATE_REGISTRATION_CLOSED": (N_("Late registration is closed."),),
}
