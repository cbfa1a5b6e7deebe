"""Refusal sentences, codes M to Z (``_refusal_sentences.py`` explains the format and merges
the halves; the catalogue is long, one module would be over 600 lines).
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message, Np_

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "MOVES_PENDING": (
        Np_(
            "%(moves)s move waits for confirmation: confirm or cancel it before changing a seat.",
            "%(moves)s moves wait for confirmation: confirm or cancel them before changing a seat.",
            "moves",
        ),
    ),
    "NOTHING_OWED": (
        N_(
            "%(player_id)s owes nothing (%(paid_cents)s paid for %(due_cents)s due): give the "
            "amount received.",
        ),
    ),
    "NOTHING_PAID": (N_("%(player_id)s has paid nothing that could be refunded."),),
    "NOTHING_TO_CALL": (N_("Nothing to call: this is a check."),),
    "NOTHING_TO_UNDO": (N_("Name the players whose bust is undone."),),
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
    "NOT_IN_PLAY": (
        N_(
            "%(player_id)s is out of the tournament (place %(place)s): only a player in play has "
            "a seat.",
        ),
        N_("%(player_id)s is not in play."),
    ),
    "NOT_IN_SHOWDOWN": (N_("%(player)s has no hand at this showdown (folded before it)."),),
    "NOT_LAST_HAND": (
        N_(
            "Only the last hand reported at table %(table_no)s (hand %(last_hand)s) can be "
            "corrected, not hand %(hand_no)s.",
        ),
    ),
    "NOT_REGISTERED": (N_("%(player_id)s is not registered."),),
    "NOT_YOUR_TURN": (N_("%(player)s is not to act: it is %(to_act)s's turn."),),
    "NO_ADDON:no_addon": (N_("This tournament has no add-on."),),
    "NO_ADDON:already_taken": (
        N_("%(player_id)s has taken the add-on: one per player (no double add-on here)."),
    ),
    "NO_ADDON:double_taken": (
        N_("%(player_id)s has taken the double add-on: %(limit)s add-ons at most."),
    ),
    "NO_ADDON:not_open": (
        N_(
            "The add-on window is not open yet: add-ons are taken at the break after level "
            "%(break_after_level)s; this is level %(level)s.",
        ),
        N_(
            "The add-on window is not open yet: it opens when the rebuy period is over, after "
            "level %(until_level)s and %(extra_hands)s more hands at each table "
            "(%(citations)s); this is level %(level)s.",
        ),
        N_(
            "The add-on window is not open yet: it opens when the rebuy period is over, after "
            "level %(until_level)s; this is level %(level)s.",
        ),
    ),
    "NO_ADDON:closed": (
        N_(
            "The add-on window closed at %(closed_at_ms)s, at the end of the break after level "
            "%(break_after_level)s.",
        ),
        N_("The add-on window closed at %(closed_at_ms)s, at the end of level %(last_level)s."),
        N_(
            "The add-on window is closed: add-ons were taken during the break after level "
            "%(break_after_level)s."
        ),
        N_(
            "The add-on window is closed: add-ons were taken during the level after the rebuy "
            "period."
        ),
    ),
    "NO_ADDON": (N_("No add-on for %(player_id)s now."),),
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
    "NO_SHOWDOWN": (
        N_(
            "No showdown waits for the players: showdown actions come once the betting is over, "
            "in a hand played with its showdown by the players."
        ),
    ),
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
    "PAYOUTS_BELOW_POOL": (
        N_(
            "The payouts add up to %(payouts)s, %(unpaid)s less than the prize pool of "
            "%(prize_pool_cents)s: confirm that this amount stays unpaid.",
        ),
    ),
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
    "ROOM_LOGO_NOT_AN_IMAGE": (
        N_(
            "The logo must be a PNG or JPEG image of at most %(max_kb)s KB (an SVG or any other "
            "file is refused).",
        ),
    ),
    "ROOM_LOGO_TOO_LARGE": (
        N_("The logo weighs %(size_kb)s KB; the screen takes at most %(max_kb)s KB (PNG or JPEG)."),
    ),
    "ROOM_TEXT_TOO_LONG:club_name": (
        N_("The club's name is %(length)s characters long; the screen shows at most %(most)s."),
    ),
    "ROOM_TEXT_TOO_LONG:message": (
        N_("The message is %(length)s characters long; the screen shows at most %(most)s."),
    ),
    "ROOM_TEXT_TOO_LONG": (
        N_("This text is too long for the screen (at most %(most)s characters)."),
    ),
    "SCENARIO_INVALID": (
        N_("%(field)s: this scenario field is not accepted."),
        N_("The scenario cannot be read."),
    ),
    "SEATS_ALREADY_DRAWN": (
        N_("The seats are drawn: use late registration to add %(player_id)s."),
        N_("The seats are already drawn."),
    ),
    "SEATS_NOT_DRAWN": (
        N_("The seats are not drawn yet: %(player_id)s gets a seat at the draw, changed after it."),
        N_("The seats are not drawn yet."),
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
    "SEAT_TAKEN": (
        N_(
            "Table %(table_no)s, seat %(seat_no)s is taken by %(occupant)s: swap the two players "
            "instead.",
        ),
        N_("Seat %(seat_no)s of table %(table_no)s, where %(player_id)s would sit, is taken."),
        N_("The seat of the move is not free for %(player_id)s."),
        N_("Two players sit at the same seat number (%(seats)s)."),
    ),
    "SHOWDOWN_UNDER_WAY": (
        N_(
            "The betting is over: at the showdown %(player)s shows, mucks, shows one card or "
            "asks to see a hand."
        ),
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
    "TOURNAMENT_EXISTS": (N_("A tournament with the id “%(tournament_id)s” already exists."),),
    "TOURNAMENT_FINISHED": (
        N_("The tournament %(tournament_id)s is finished."),
        N_("The tournament finished at %(finished_at_ms)s: its clock stays stopped there."),
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
