"""The sentences that explain the refusals on the pages (``_refusals.py`` picks and fills
them): for every refusal code the code base raises, English here and French in
``locale/fr/refusals.po``.

Under a code (or ``CODE:reason``, after the refusal's ``reason`` param) its sentences come the
most precise first: the page shows the first one whose placeholders are all among the
refusal's params (a param missing, empty, or a 0 that means "none" rules a sentence out). A
count shown with a noun is a ``Np_`` plural, translated with ``ngettext``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerfloor.web.i18n import N_

__all__ = ["EXPLANATIONS", "FIELD_LABELS", "WORDS", "Message", "Np_", "Plural"]


@dataclass(frozen=True)
class Plural:
    """A sentence with a count and a noun, translated with ``ngettext``; ``count`` names the
    param whose number (or list's length) picks the form."""

    singular: str
    plural: str
    count: str


def Np_(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message for translation where it is written (``catalogue_check``)."""
    return Plural(singular, plural, count)


Message = str | Plural

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "ABOVE_STACK": (N_("%(amount)s is more than the player has: at most %(max)s (all in)."),),
    "ACTION_NOT_ALLOWED": (N_("“%(kind)s” is not possible now; the options are: %(options)s."),),
    "ALREADY_HELD": (N_("%(player)s already acted out of turn: wait for the action."),),
    "ALREADY_REGISTERED": (N_("%(player_id)s is already registered."),),
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
    "BUTTON_SEAT_EMPTY": (
        N_(
            "Seat %(seat_no)s of table %(table_no)s has no player: the button goes to a seated "
            "player (seats %(seats)s).",
        ),
    ),
    "CANNOT_CHECK": (N_("Cannot check: %(to_call)s to call."),),
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
    "LATE_REGISTRATION_CLOSED": (N_("Late registration is closed."),),
    "NOTHING_OWED": (
        N_(
            "%(player_id)s owes nothing (%(paid_cents)s paid for %(due_cents)s due): give the "
            "amount received.",
        ),
    ),
    "NOTHING_PAID": (N_("%(player_id)s has paid nothing that could be refunded."),),
    "NOTHING_TO_CALL": (N_("Nothing to call: this is a check."),),
    "NOT_ABSENT": (N_("%(player_id)s is not an absent player in play."),),
    "NOT_AT_SOURCE": (N_("%(player_id)s is no longer at the seat the move starts from."),),
    "NOT_AT_TABLE": (
        N_("%(player_id)s sits at table %(table_no)s, not at this one."),
        Np_(
            "%(players)s is not seated at table %(table_no)s.",
            "%(players)s are not seated at table %(table_no)s.",
            "players",
        ),
    ),
    "NOT_BUSTED": (N_("%(player_id)s is not busted."),),
    "NOT_ENOUGH_CHIPS": (N_("%(pushed)s pushed, but the player has only %(stack)s behind."),),
    "NOT_ENOUGH_SEATS": (
        Np_(
            "Table %(table_no)s has %(players)s players but the other tables have %(free_seats)s "
            "free seat: it cannot break yet.",
            "Table %(table_no)s has %(players)s players but the other tables have %(free_seats)s "
            "free seats: it cannot break yet.",
            "free_seats",
        ),
        N_("%(players)s players do not fit at table %(table_no)s (%(size)s seats)."),
        N_("%(players)s players do not fit in %(seats)s seats: open more tables."),
    ),
    "NOT_FINAL_TABLE": (
        N_("%(players)s players are left; the final table seats %(final_table_size)s."),
    ),
    "NOT_FINISHED": (
        Np_(
            "%(left)s player is still in play: the tournament is not over.",
            "%(left)s players are still in play: the tournament is not over.",
            "left",
        ),
    ),
    "NOT_IN_CHIPS": (N_("%(amount)s cannot be made with chips of %(chip)s."),),
    "NOT_IN_HAND": (N_("%(player)s is no longer in the hand (folded or all in)."),),
    "NOT_IN_PLAY": (N_("%(player_id)s is not in play."),),
    "NOT_LAST_HAND": (
        N_(
            "Only the last hand reported at table %(table_no)s (hand %(last_hand)s) can be "
            "corrected, not hand %(hand_no)s.",
        ),
    ),
    "NOT_REGISTERED": (N_("%(player_id)s is not registered."),),
    "NOT_YOUR_TURN": (N_("%(player)s is not to act: it is %(to_act)s's turn."),),
    "NO_ADDON": (
        N_(
            "No add-on for %(player_id)s now: it comes once the rebuy period (and its extra "
            "hands) is over.",
        ),
    ),
    "NO_BET_TO_RAISE": (N_("There is no bet to raise: bet instead."),),
    "NO_BUTTON": (
        N_("Table %(table_no)s has no button: draw the first button before its first hand."),
    ),
    "NO_DEAL": (N_("No deal is agreed."),),
    "NO_FLOOR_CALL": (N_("Table %(table_no)s has not called the floor."),),
    "NO_FREE_SEAT": (
        Np_(
            "The only table is full: open a new table before seating another player.",
            "The %(tables)s tables are full: open a new table before seating another player.",
            "tables",
        ),
    ),
    "NO_HANDS": (N_("A comparison needs at least one hand."),),
    "NO_MOVE_PROPOSED": (
        N_("No move is waiting for %(player_id)s."),
        N_("No move is waiting for confirmation."),
    ),
    "NO_ONE_TO_ACT": (N_("No player is to act: the betting is over."),),
    "NO_REBUY": (N_("%(player_id)s has no rebuy or add-on to cancel."),),
    "NO_REENTRY_LEFT": (N_("%(player_id)s has no re-entry left."),),
    "NO_SEAT_TO_RETURN_TO": (N_("%(player_id)s has no seat to go back to."),),
    "NO_SUCH_TABLE": (N_("There is no table %(table_no)s in play."),),
    "NO_TABLES": (N_("There is no table to redraw."),),
    "NO_TABLE_TO_BREAK": (
        Np_(
            "%(players_left)s players need the only table: no table is due to break.",
            "%(players_left)s players need all %(tables)s tables: no table is due to break (name "
            "one to break it anyway).",
            "tables",
        ),
    ),
    "NO_WINNER": (N_("A pot needs at least one winner."),),
    "ON_BREAK": (N_("The tournament is on a break: the next hand begins when it is over."),),
    "OUT_OF_TURN_INVALID": (N_("The out-of-turn action of %(player)s cannot stand as made."),),
    "PAYOUTS_EXCEED_POOL": (
        N_("The payouts add up to %(payouts)s, more than the prize pool of %(prize_pool_cents)s."),
    ),
    "PAYOUT_BAD_CURVE": (
        N_(
            "The payout curve's %(name)s of %(value)s is not accepted (exponent: 0 to 10; ratio: "
            "above 0, at most 1; paid places and percent: 1 or more).",
        ),
    ),
    "PAYOUT_BAD_INPUT": (
        N_("The payout scheme “%(scheme)s” takes no parameter “%(name)s”."),
        N_("%(name)s = %(value)s is not accepted for the payouts."),
    ),
    "PAYOUT_BAD_SHARES": (
        N_("A grid of shares pays 1 to 1000 places, not %(places)s."),
        N_("The shares add up to %(total)s basis points; they must make 10000 (the whole pool)."),
        N_("Place %(place)s would get more than the place before it: the shares never increase."),
        N_(
            "%(name)s = %(value)s is not accepted: a share is a whole number of basis points, 1 "
            "or more.",
        ),
        N_("A grid of shares needs basis_points: whole numbers adding up to 10000."),
    ),
    "PAYOUT_UNKNOWN_SCHEME": (
        N_("Unknown payout scheme %(scheme)s; use one of: %(accepted)s."),
        N_("Unknown payout scheme %(scheme)s."),
    ),
    "PENALTY_ALREADY_SERVED": (N_("%(player_id)s has no missed hands left to serve."),),
    "PENALTY_BAD_PLAYER_COUNT": (
        N_(
            "%(players_at_table)s players at the table is impossible: count the players seated "
            "when the penalty is given, the offender included (1 or more).",
        ),
    ),
    "PENALTY_BAD_STACK": (
        N_("The stack of %(player_id)s (%(stack)s) is impossible: a stack is 0 or more."),
    ),
    "PENALTY_NOT_IN_LADDER": (
        N_("“%(kind)s” is not a penalty of profile %(profile)s: use one of %(ladder)s."),
    ),
    "PENALTY_NO_REASON": (N_("A penalty needs a reason the player and the log can read."),),
    "PENALTY_OTHER_PLAYER": (
        N_("The running countdown is that of %(running)s, not of %(player_id)s."),
    ),
    "PENALTY_UNKNOWN_KIND": (N_("“%(kind)s” is not a penalty: use one of %(accepted)s."),),
    "PHH_BAD_ACTION": (
        N_("%(field)s: the action “%(action)s” cannot be read (accepted: %(accepted)s)."),
        N_("%(field)s: an action is written as text."),
    ),
    "PHH_BAD_BLINDS": (N_("The blinds need a big blind and a small blind no larger than it."),),
    "PHH_BAD_CARDS": (N_("%(field)s “%(action)s”: these cards cannot be read."),),
    "PHH_BAD_FIELD": (
        N_("%(field)s has %(entries)s entries; starting_stacks has %(players)s players."),
        N_("A hand needs at least 2 players (%(count)s given)."),
        N_("%(field)s: %(value)s is not accepted."),
        N_("%(field)s is not written as the PHH format asks."),
    ),
    "PHH_BAD_SEATS": (
        N_("The seats must be distinct seat numbers from 1 (%(seats)s)."),
        N_("%(field)s: the seats are beyond the seat count or not in dealing order."),
    ),
    "PHH_BAD_TOML": (N_("The file is not valid TOML."),),
    "PHH_DUPLICATE_CARD": (N_("%(card)s is dealt twice in the actions."),),
    "PHH_EXPORT_UNSUPPORTED": (N_("This hand cannot be written as PHH."),),
    "PHH_FRACTIONAL_CHIPS": (
        N_(
            "%(field)s: %(value)s is not a whole number of chips; write amounts in the smallest "
            "unit (e.g. cents).",
        ),
    ),
    "PHH_MISSING_FIELD": (N_("The required field “%(field)s” is missing."),),
    "PHH_SETUP_REFUSED": (N_("The engine refuses this set-up (%(engine_code)s)."),),
    "PHH_STRADDLE": (
        N_("blinds_or_straddles has a straddle: pokerfloor plays a small and a big blind only."),
    ),
    "PHH_UNKNOWN_AMOUNT": (
        N_("%(field)s: %(value)s is an unknown amount; a replay needs every amount."),
    ),
    "PHH_UNREADABLE": (N_("The file cannot be read."),),
    "PHH_UNSUPPORTED_ANTES": (
        N_("These antes are not played here: the same ante for everyone, or a big blind ante."),
    ),
    "PHH_UNSUPPORTED_VARIANT": (
        N_("The variant “%(variant)s” is not played here: only “NT” (no-limit Texas hold'em)."),
    ),
    "PLAYER_ALREADY_SEATED": (N_("%(player_id)s already sits at table %(table_no)s."),),
    "PLAYER_SEATED_TWICE": (
        N_("%(player_id)s holds two seats."),
        N_("Table %(table_no)s: a player holds two seats."),
    ),
    "POINTS_BAD_INPUT": (
        N_(
            "The points formula %(formula)s has no parameter “%(name)s”; its parameters: "
            "%(accepted)s.",
        ),
        N_("The points formula %(formula)s needs: %(accepted)s."),
        N_(
            "The parameters of the points formula %(formula)s are whole numbers, not text "
            "(%(name)s).",
        ),
        N_("%(name)s = %(value)s is not accepted for the points."),
        N_("The points formula %(formula)s cannot be used as given: check its parameters."),
        N_("The points formula needs a name (table, sqrt, linear, tlb)."),
    ),
    "POINTS_UNKNOWN_FORMULA": (
        N_("There is no points formula %(formula)s; use one of: %(accepted)s."),
    ),
    "POSITIONS_MISMATCH": (
        N_(
            "Table %(table_no)s: %(field)s of this hand is at seat %(expected)s (dead button "
            "rules).",
        ),
        N_("The button or the blinds are not where the rules put them."),
    ),
    "PRIZE_BAD_IN_KIND": (
        N_(
            "A prize in kind for place %(place)s: with %(places)s prizes in all, use places 1 to "
            "%(places)s.",
        ),
        N_("The prize in kind for place %(place)s has no description: name the item."),
    ),
    "PRIZE_POOL_BAD_INPUT": (
        N_(
            "%(name)s = %(value)s is not accepted for the prize pool (a percentage from 0 to 100, "
            "amounts 0 or more).",
        ),
    ),
    "PROFILE_BAD_VALUE": (
        N_("%(file)s: %(key)s = %(value)s is not accepted; accepted: %(accepted)s."),
        N_("The setting %(key)s is not accepted as it is."),
    ),
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
    "RAISE_BELOW_MINIMUM": (N_("Raise to %(amount)s is below the minimum raise to %(min)s."),),
    "RANDOM_SOURCE_NEEDED": (
        N_("%(setting)s is a random draw: a source of randomness is needed."),
    ),
    "RANKING_DUPLICATE_PLAYER": (
        N_("%(player_id)s is ranked twice: list each player once."),
        N_("Each player appears once in the players list, re-entries included."),
    ),
    "RANKING_EMPTY_GROUP": (
        N_("Finishing group %(group)s is empty: list at least one player per group."),
    ),
    "RANKING_INCOMPLETE": (
        N_("No place for %(players)s: every player but the winner must have busted."),
    ),
    "RANKING_INCONSISTENT": (
        N_(
            "%(player_id)s was recorded at place %(recorded)s but the order of the busts gives "
            "place %(computed)s.",
        ),
        N_("The place %(place)s of %(player_id)s does not match the players it is tied with."),
        N_("A player appears twice among the busts of one hand (%(players)s)."),
    ),
    "RANKING_UNKNOWN_PLAYER": (
        N_("The winner %(player_id)s is not one of the players."),
        Np_(
            "%(players)s busted but is not one of the players.",
            "%(players)s busted but are not among the players.",
            "players",
        ),
    ),
    "REBUY_CHIPS_GONE": (
        N_(
            "%(player_id)s has %(stack)s chips, fewer than the %(chips)s the rebuy or add-on "
            "gave: it cannot be cancelled.",
        ),
    ),
    "REBUY_NOT_ALLOWED:period_over": (
        N_(
            "Rebuys ended with level %(until_level)s (and %(extra_hands)s more hands at each "
            "table); this hand is at level %(level)s.",
        ),
        N_("Rebuys ended with level %(until_level)s; this hand is at level %(level)s."),
    ),
    "REBUY_NOT_ALLOWED:limit_reached": (
        Np_(
            "%(player_id)s has taken %(limit)s rebuy, the most allowed.",
            "%(player_id)s has taken %(limit)s rebuys, the most allowed.",
            "limit",
        ),
    ),
    "REBUY_NOT_ALLOWED:stack_above_threshold": (
        N_(
            "%(player_id)s has %(stack)s chips, too many for a rebuy (allowed below the big blind "
            "of %(big_blind)s).",
        ),
        N_("%(player_id)s has %(stack)s chips: a rebuy is allowed only with no chips left."),
    ),
    "REBUY_NOT_ALLOWED:no_rebuys": (N_("This tournament has no rebuys."),),
    "REBUY_NOT_ALLOWED": (N_("No rebuy is allowed for this player now."),),
    "REBUY_NOT_BUSTED": (
        N_(
            "%(player_id)s is not left without chips in this hand: a rebuy at the bust is for a "
            "player who lost every chip.",
        ),
    ),
    "REBUY_TOO_LATE": (
        N_(
            "The player busted in hand %(busted_in_hand)s and the table has reported hand "
            "%(hands_played)s since: too late for a rebuy at the bust (a re-entry is a new entry).",
        ),
    ),
    "REENTRY_CLOSED": (N_("Re-entries are closed: this is level %(level)s."),),
    "SCENARIO_INVALID": (
        N_("%(field)s: this scenario field is not accepted."),
        N_("The scenario cannot be read."),
    ),
    "SEATS_ALREADY_DRAWN": (
        N_("The seats are drawn: use late registration to add %(player_id)s."),
        N_("The seats are already drawn."),
    ),
    "SEATS_NOT_DRAWN": (N_("The seats are not drawn yet."),),
    "SEAT_TAKEN": (
        N_("Seat %(seat_no)s of table %(table_no)s, where %(player_id)s would sit, is taken."),
        N_("The seat of the move is not free for %(player_id)s."),
        N_("Two players sit at the same seat number (%(seats)s)."),
    ),
    "SNAPSHOT_AHEAD_OF_STREAM": (
        N_("A snapshot at event %(seq)s is ahead of the stream, which is at %(version)s."),
    ),
    "STALE_HAND": (N_("This hand plan is not the next hand of table %(table)s."),),
    "STALE_MOVE": (N_("The tables changed since the proposal: propose the moves again."),),
    "STARTING_STACKS_INCOMPLETE": (
        N_(
            "Give the starting stack of every busted player, or of none (they then tie); missing: "
            "%(missing)s.",
        ),
    ),
    "STORE_BUSY": (
        N_(
            "The database is busy (another program is writing to it): nothing was recorded; try "
            "again in a moment.",
        ),
    ),
    "STORE_CLOSED": (N_("The event store is closed."),),
    "STORE_FULL": (
        N_(
            "The database is full (no space left on its disk): nothing was recorded; free some "
            "disk space, then try again.",
        ),
    ),
    "STRUCTURE_ANTE_AND_BB_ANTE": (
        N_("Level %(level)s has both an ante and a big blind ante: use one of them."),
    ),
    "STRUCTURE_BAD_BREAK": (
        N_(
            "%(field)s = %(value)s: a break follows a level that another level follows, in order "
            "and one per level at most (accepted: %(accepted)s).",
        ),
    ),
    "STRUCTURE_BAD_COLOUR_UP": (
        N_("%(field)s: the chip of %(value)s is not in play there (in play: %(accepted)s)."),
        N_("%(field)s takes the last chips out of play: keep at least one denomination."),
    ),
    "STRUCTURE_BAD_LEVEL_NUMBER": (
        N_(
            "%(field)s = %(value)s: levels are numbered 1, 2, 3... in order, so this one is "
            "%(accepted)s.",
        ),
    ),
    "STRUCTURE_BAD_VALUE:out_of_range": (
        N_(
            "%(field)s is %(value)s; a structure takes a whole number from %(minimum)s to "
            "%(maximum)s.",
        ),
    ),
    "STRUCTURE_BAD_VALUE:too_long": (
        N_("%(field)s is %(length)s characters long; a structure takes at most %(most)s."),
    ),
    "STRUCTURE_BAD_VALUE:too_many": (
        N_("%(field)s: %(value)s entries; a structure has at most %(most)s."),
    ),
    "STRUCTURE_BAD_VALUE": (
        N_("%(field)s = %(value)s is not accepted in a structure."),
        N_("%(field)s cannot be set here: set the field it depends on too, or remove it."),
    ),
    "STRUCTURE_BLINDS_DECREASE": (
        N_(
            "Level %(level)s: %(field)s = %(value)s is below the level before: blinds never go "
            "down.",
        ),
    ),
    "STRUCTURE_CHIP_NOT_FOUND": (N_("There is no chip of %(value)s; the chips are %(accepted)s."),),
    "STRUCTURE_INVALID": (
        N_(
            "This is not a valid structure file (TOML): line %(line)s, column %(column)s cannot "
            "be read.",
        ),
        N_("This is not a valid structure file (TOML): it cannot be read."),
    ),
    "STRUCTURE_LEVEL_NOT_FOUND": (N_("There is no level %(level)s (levels %(accepted)s)."),),
    "STRUCTURE_MISSING_FIELD": (N_("%(field)s is missing."),),
    "STRUCTURE_NOT_FOUND": (
        N_(
            "There is no structure named “%(name)s”: use a template (%(accepted)s) or the TOML "
            "text of a structure.",
        ),
    ),
    "STRUCTURE_NOT_MAKEABLE": (
        N_(
            "%(field)s = %(value)s is not a multiple of %(smallest_chip)s, the smallest chip in "
            "play at level %(level)s.",
        ),
    ),
    "STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND": (
        N_("Level %(level)s: the small blind, %(value)s, is above the big blind."),
    ),
    "STRUCTURE_TARGET_UNREACHABLE": (
        N_(
            "With levels of %(value)s minutes the big blind would have to grow %(ratio)s times a "
            "level to reach the target; playable structures grow 1.25 to 3 times a level: try "
            "levels of %(suggested)s minutes.",
        ),
        N_(
            "With levels of %(value)s minutes the big blind would have to grow %(ratio)s times a "
            "level to reach the target; playable structures grow 1.25 to 3 times a level: change "
            "the target time or the starting stack.",
        ),
    ),
    "STRUCTURE_TOO_DEEP": (
        N_(
            "The file nests arrays or tables %(nesting)s deep; a structure nests them %(most)s "
            "deep at most (it needs 3).",
        ),
    ),
    "STRUCTURE_UNKNOWN_FIELD": (N_("Unknown field “%(field)s”; accepted: %(accepted)s."),),
    "TABLE_BROKEN": (N_("Table %(table_no)s is no longer in play: %(player_id)s cannot go back."),),
    "TABLE_TOO_SHORT": (
        Np_(
            "Table %(table_no)s has %(players)s player: a hand needs 2 or more.",
            "Table %(table_no)s has %(players)s players: a hand needs 2 or more.",
            "players",
        ),
    ),
    "TIE_BAD_PLACES": (
        N_("Tied places %(places)s: give consecutive places from 1 up, e.g. (4, 5)."),
    ),
    "TOO_FEW_PLAYERS": (
        Np_(
            "%(players)s player cannot fill %(table_count)s tables with 2 players each: use fewer "
            "tables.",
            "%(players)s players cannot fill %(table_count)s tables with 2 players each: use "
            "fewer tables.",
            "players",
        ),
        Np_(
            "A hand needs at least 2 seated players; %(count)s is seated.",
            "A hand needs at least 2 seated players; %(count)s are seated.",
            "count",
        ),
        N_("At least 2 players are needed."),
    ),
    "TOO_MANY_BUSTS": (
        Np_(
            "%(busts)s bust would leave nobody in play: %(players_left)s left.",
            "%(busts)s busts would leave nobody in play: %(players_left)s left.",
            "busts",
        ),
    ),
    "TOURNAMENT_DAMAGED": (
        N_(
            "The records of tournament %(tournament_id)s are damaged from event %(seq)s on: it "
            "cannot be opened; the other tournaments are not affected.",
        ),
    ),
    "TOURNAMENT_EXISTS": (N_("A tournament with the id “%(tournament_id)s” already exists."),),
    "TOURNAMENT_FINISHED": (
        N_("The tournament %(tournament_id)s is finished."),
        N_("The tournament is finished."),
    ),
    "TOURNAMENT_ID_MISMATCH": (
        N_(
            "The command creates the tournament “%(command)s”, not “%(tournament_id)s”, the one "
            "addressed.",
        ),
    ),
    "TOURNAMENT_NOT_FOUND": (N_("There is no tournament “%(tournament_id)s”."),),
    "UNKNOWN_PLAYER": (
        N_("There is no player %(player)s in this hand."),
        Np_(
            "%(players)s is not among the players busted in this hand.",
            "%(players)s are not among the players busted in this hand.",
            "players",
        ),
    ),
    "UNKNOWN_PROFILE": (N_("There is no rule profile “%(profile)s”: use one of %(accepted)s."),),
    "UNREGISTER_AFTER_DRAW": (
        N_(
            "The seats are drawn: %(player_id)s can no longer unregister (a player who leaves now "
            "is blinded away or busts).",
        ),
    ),
    "UNSUPPORTED_DATABASE": (
        N_("Unsupported database “%(backend)s”: use a SQLite file or a postgresql+psycopg:// URL."),
    ),
    "VERSION_CONFLICT": (N_("Someone else changed the tournament at the same time: try again."),),
    "WRONG_PLAYERS": (
        N_(
            "The final stacks of table %(table_no)s name exactly the players dealt in (missing: "
            "%(missing)s; not dealt in: %(unexpected)s).",
        ),
        N_(
            "The final stacks of table %(table_no)s name exactly the players dealt in (missing: "
            "%(missing)s).",
        ),
        N_(
            "The final stacks of table %(table_no)s name exactly the players dealt in (not dealt "
            "in: %(unexpected)s).",
        ),
    ),
}

# Words the engine puts in params, shown in the page's language.
WORDS = {
    "fold": N_("fold"),
    "check": N_("check"),
    "call": N_("call"),
    "bet": N_("bet"),
    "raise": N_("raise"),
    "allin": N_("all in"),
    "button_seat": N_("the button"),
    "small_blind_seat": N_("the small blind"),
    "big_blind_seat": N_("the big blind"),
}

# A command's fields, named in the page's language when its validation refuses one.
FIELD_LABELS = {
    "active": N_("on or off"),
    "amount_cents": N_("amount"),
    "amounts_cents": N_("amounts"),
    "basis": N_("prize pool basis"),
    "big_blind_seat": N_("big blind seat"),
    "button_seat": N_("button seat"),
    "delta_ms": N_("time to add"),
    "final_stacks": N_("final stacks"),
    "hand_no": N_("hand number"),
    "kind": N_("kind"),
    "level_index": N_("level"),
    "max_players": N_("maximum players"),
    "method": N_("payment method"),
    "name": N_("name"),
    "next_chip": N_("next chip"),
    "no_points": N_("no points"),
    "odd_chips": N_("odd chips"),
    "paid": N_("paid"),
    "payouts": N_("payout scheme"),
    "payouts_cents": N_("payouts"),
    "played_for_cents": N_("amount played for"),
    "player_id": N_("player"),
    "player_ids": N_("players"),
    "players": N_("players"),
    "points": N_("points"),
    "present": N_("present"),
    "prize_pool_cents": N_("prize pool"),
    "profile": N_("rule profile"),
    "reason": N_("reason"),
    "rebuys": N_("rebuys"),
    "removed": N_("chip removed"),
    "seat_no": N_("seat"),
    "seed": N_("seed of the draw"),
    "small_blind_seat": N_("small blind seat"),
    "stack": N_("stack"),
    "stacks": N_("stacks"),
    "started_at_ms": N_("start of the hand"),
    "starting_stacks": N_("starting stacks"),
    "structure": N_("structure"),
    "table_no": N_("table"),
    "table_size": N_("table size"),
    "tournament_id": N_("tournament id"),
}
