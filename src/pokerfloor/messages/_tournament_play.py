"""The tournament's refusals about how it is played: the structure and the clock, the
seats, tables and moves, hands and busts reported, the chip race, penalties, the player clock,
the room screen.
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message, Np_

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "BAD_EVENT_LOG": (
        N_("Line %(line)s of the event log: the field “%(field)s” is beyond the API's bounds."),
        N_("Line %(line)s of the event log cannot be read."),
        N_("The event log cannot be replayed."),
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
            "A table of %(table_size)s seat is not accepted: 2 to 10 seats.",
            "A table of %(table_size)s seats is not accepted: 2 to 10 seats.",
            "table_size",
        ),
    ),
    "BUTTON_SEAT_EMPTY": (
        N_(
            "Seat %(seat_no)s of table %(table_no)s has no player: the button goes to a seated "
            "player (seats %(seats)s).",
        ),
    ),
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
    "DUPLICATE_PLAYER": (
        N_("%(player_id)s is listed twice: each player gets one seat."),
        N_("A player is named twice."),
    ),
    "DUPLICATE_TABLE": (N_("Table %(table_no)s is listed twice."),),
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
    "LAST_TABLE": (N_("Table %(table_no)s is the last table: it cannot break."),),
    "MOVES_PENDING": (
        Np_(
            "%(moves)s move waits for confirmation: confirm or cancel it before changing a seat.",
            "%(moves)s moves wait for confirmation: confirm or cancel them before changing a seat.",
            "moves",
        ),
    ),
    "NOT_AT_SOURCE": (N_("%(player_id)s is no longer at the seat the move starts from."),),
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
    "NO_BUTTON": (
        N_("Table %(table_no)s has no button: draw the first button before its first hand."),
    ),
    "NO_FLOOR_CALL": (N_("Table %(table_no)s has not called the floor."),),
    "NO_FREE_SEAT": (
        Np_(
            "The only table is full: open a new table before seating another player.",
            "The %(tables)s tables are full: open a new table before seating another player.",
            "tables",
        ),
    ),
    "NO_MOVE_PROPOSED": (
        N_("No move is waiting for %(player_id)s."),
        N_("No move is waiting for confirmation."),
    ),
    "NO_PLAYER_CLOCK": (N_("Nobody is timed or on the clock at table %(table_no)s."),),
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
    "ON_BREAK": (N_("The tournament is on a break: the next hand begins when it is over."),),
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
    "PLAYER_ALREADY_SEATED": (N_("%(player_id)s already sits at table %(table_no)s."),),
    "PLAYER_CLOCK_NOT_EXPIRED": (
        N_("The clock of table %(table_no)s still has %(seconds_left)s s: time has not run out."),
    ),
    "PLAYER_CLOCK_RULED": (
        N_(
            "Time ran out at table %(table_no)s and the ruling on seat %(seat_no)s is "
            "recorded: it stands."
        ),
    ),
    "PLAYER_CLOCK_RUNNING": (
        N_(
            "Seat %(seat_no)s of table %(table_no)s is on the clock already: stop or cancel "
            "that clock first."
        ),
    ),
    "PLAYER_CLOCK_SEAT_EMPTY": (
        N_("Seat %(seat_no)s of table %(table_no)s has no player: time a seated player."),
    ),
    "PLAYER_CLOCK_TOO_EARLY": (
        N_(
            "Seat %(seat_no)s has thought for less than %(call_after_seconds)s s: the clock "
            "may be called in %(seconds_left)s s (%(citations)s)."
        ),
    ),
    "PLAYER_SEATED_TWICE": (
        N_("%(player_id)s holds two seats."),
        N_("Table %(table_no)s: a player holds two seats."),
    ),
    "PROFILE_BAD_VALUE": (
        N_("%(file)s: %(key)s = %(value)s is not accepted; accepted: %(accepted)s."),
        N_("The setting %(key)s is not accepted as it is."),
    ),
    "RANDOM_SOURCE_NEEDED": (
        N_("%(setting)s is a random draw: a source of randomness is needed."),
    ),
    "REBUY_NOT_BUSTED": (
        N_(
            "%(player_id)s is not left without chips in this hand: a rebuy at the bust is for a "
            "player who lost every chip.",
        ),
    ),
    "ROOM_LOGO_NOT_AN_IMAGE": (
        N_(
            "The logo must be a PNG or JPEG image of at most %(max_kb)s KB (an SVG or any other "
            "file is refused).",
        ),
    ),
    "ROOM_LOGO_TOO_LARGE": (
        N_("The logo weighs %(size_kb)s KB; the screen takes at most %(max_kb)s KB (PNG or JPEG)."),
    ),
    "ROOM_TEXT_TOO_LONG": (
        N_("This text is too long for the screen (at most %(most)s characters)."),
    ),
    "ROOM_TEXT_TOO_LONG:club_name": (
        N_("The club's name is %(length)s characters long; the screen shows at most %(most)s."),
    ),
    "ROOM_TEXT_TOO_LONG:message": (
        N_("The message is %(length)s characters long; the screen shows at most %(most)s."),
    ),
    "SEATS_ALREADY_DRAWN": (
        N_("The seats are drawn: use late registration to add %(player_id)s."),
        N_("The seats are already drawn."),
    ),
    "SEAT_CHANGE_REASON": (
        N_("The reason is %(length)s characters long: at most %(max_length)s."),
        N_("Give the reason for the seat change (special needs, a dispute at the table...)."),
    ),
    "SEAT_CHANGE_SAME_SEAT": (
        N_("%(player_id)s already sits at table %(table_no)s, seat %(seat_no)s."),
    ),
    "SEAT_CHANGE_TARGET": (
        N_("Choose a table and a free seat for %(player_id)s, or a player to swap seats with."),
    ),
    "SEAT_CHANGE_UNBALANCES": (
        N_(
            "Table %(table_no)s would have %(players)s players, %(gap)s more than the shortest "
            "table: balancing would move someone again. Swap %(player_id)s with a player there "
            "instead.",
        ),
    ),
    "STALE_HAND": (N_("This hand plan is not the next hand of table %(table)s."),),
    "STALE_MOVE": (N_("The tables changed since the proposal: propose the moves again."),),
    "STARTING_STACKS_INCOMPLETE": (
        N_(
            "Give the starting stack of every busted player, or of none (they then tie); missing: "
            "%(missing)s.",
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
    "STRUCTURE_BAD_VALUE": (
        N_("%(field)s = %(value)s is not accepted in a structure."),
        N_("%(field)s cannot be set here: set the field it depends on too, or remove it."),
    ),
    "STRUCTURE_BAD_VALUE:addon_break": (
        N_(
            "The add-ons are taken at a break of the structure, once the rebuy period (level "
            "%(until_level)s) is over: there is none after level %(value)s; accepted: "
            "%(breaks)s (0: at the end of the rebuy period).",
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
    "TABLE_TOO_SHORT": (
        Np_(
            "Table %(table_no)s has %(players)s player: a hand needs 2 or more.",
            "Table %(table_no)s has %(players)s players: a hand needs 2 or more.",
            "players",
        ),
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
    "UNKNOWN_PLAYER": (
        N_("There is no player %(player)s in this hand."),
        Np_(
            "%(players)s is not among the players busted in this hand.",
            "%(players)s are not among the players busted in this hand.",
            "players",
        ),
    ),
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
