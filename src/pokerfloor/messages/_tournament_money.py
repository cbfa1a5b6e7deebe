"""The tournament's refusals about entries and money: registrations, rebuys, re-entries and
add-ons, the cash book, corrections, places and ranking, the prize pool, payouts, points and
deals.
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message, Np_

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "ADDON_WINDOW_OPEN": (N_("The add-on window is already open."),),
    "ADDON_WINDOW_REASON": (N_("Say why the add-on window is opened by hand."),),
    "ALREADY_REGISTERED": (N_("%(player_id)s is already registered."),),
    "BAD_PRIZE_POOL_BASIS": (N_("The prize pool counts “entries” or “money”, not “%(value)s”."),),
    "BAD_REFUND": (
        N_(
            "A refund to %(player_id)s is more than 0 and at most %(paid_cents)s (what they "
            "paid), not %(amount_cents)s.",
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
    "CLOCK_NOT_STARTED": (N_("The clock has not started: start it first."),),
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
    "LATE_REGISTRATION_CLOSED": (N_("Late registration is closed."),),
    "LATE_REGISTRATION_CLOSED:none": (N_("This tournament's structure has no late registration."),),
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
    "NOTHING_OWED": (
        N_(
            "%(player_id)s owes nothing (%(paid_cents)s paid for %(due_cents)s due): give the "
            "amount received.",
        ),
    ),
    "NOTHING_PAID": (N_("%(player_id)s has paid nothing that could be refunded."),),
    "NOTHING_TO_UNDO": (N_("Name the players whose bust is undone."),),
    "NOT_ABSENT": (N_("%(player_id)s is not an absent player in play."),),
    "NOT_AT_TABLE": (
        N_("%(player_id)s sits at table %(table_no)s, not at this one."),
        Np_(
            "%(players)s is not seated at table %(table_no)s.",
            "%(players)s are not seated at table %(table_no)s.",
            "players",
        ),
    ),
    "NOT_BUSTED": (N_("%(player_id)s is not busted."),),
    "NOT_IN_PLAY": (
        N_(
            "%(player_id)s is out of the tournament (place %(place)s): only a player in play has "
            "a seat.",
        ),
        N_("%(player_id)s is not in play."),
    ),
    "NOT_LAST_HAND": (
        N_(
            "Only the last hand reported at table %(table_no)s (hand %(last_hand)s) can be "
            "corrected, not hand %(hand_no)s.",
        ),
    ),
    "NOT_REGISTERED": (N_("%(player_id)s is not registered."),),
    "NO_ADDON": (N_("No add-on for %(player_id)s now."),),
    "NO_ADDON:already_taken": (
        N_("%(player_id)s has taken the add-on: one per player (no double add-on here)."),
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
    "NO_ADDON:double_taken": (
        N_("%(player_id)s has taken the double add-on: %(limit)s add-ons at most."),
    ),
    "NO_ADDON:no_addon": (N_("This tournament has no add-on."),),
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
    "NO_DEAL": (N_("No deal is agreed."),),
    "NO_REBUY": (N_("%(player_id)s has no rebuy or add-on to cancel."),),
    "NO_REENTRY_LEFT": (N_("%(player_id)s has no re-entry left."),),
    "NO_SEAT_TO_RETURN_TO": (N_("%(player_id)s has no seat to go back to."),),
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
    "REBUY_NOT_ALLOWED": (N_("No rebuy is allowed for this player now."),),
    "REBUY_NOT_ALLOWED:limit_reached": (
        Np_(
            "%(player_id)s has taken %(limit)s rebuy, the most allowed.",
            "%(player_id)s has taken %(limit)s rebuys, the most allowed.",
            "limit",
        ),
    ),
    "REBUY_NOT_ALLOWED:no_rebuys": (N_("This tournament has no rebuys."),),
    "REBUY_NOT_ALLOWED:period_over": (
        N_(
            "Rebuys ended with level %(until_level)s (and %(extra_hands)s more hands at each "
            "table); this hand is at level %(level)s.",
        ),
        N_("Rebuys ended with level %(until_level)s; this hand is at level %(level)s."),
    ),
    "REBUY_NOT_ALLOWED:stack_above_threshold": (
        N_(
            "%(player_id)s has %(stack)s chips, too many for a rebuy (allowed below the big blind "
            "of %(big_blind)s).",
        ),
        N_("%(player_id)s has %(stack)s chips: a rebuy is allowed only with no chips left."),
    ),
    "REBUY_TOO_LATE": (
        N_(
            "The player busted in hand %(busted_in_hand)s and the table has reported hand "
            "%(hands_played)s since: too late for a rebuy at the bust (a re-entry is a new entry).",
        ),
    ),
    "REENTRY_CLOSED": (N_("Re-entries are closed: this is level %(level)s."),),
    "SEATS_NOT_DRAWN": (
        N_("The seats are not drawn yet: %(player_id)s gets a seat at the draw, changed after it."),
        N_("The seats are not drawn yet."),
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
    "TABLE_BROKEN": (N_("Table %(table_no)s is no longer in play: %(player_id)s cannot go back."),),
    "TIE_BAD_PLACES": (
        N_("Tied places %(places)s: give consecutive places from 1 up, e.g. (4, 5)."),
    ),
    "TOURNAMENT_FINISHED": (
        N_("The tournament %(tournament_id)s is finished."),
        N_("The tournament finished at %(finished_at_ms)s: its clock stays stopped there."),
        N_("The tournament is finished."),
    ),
    "UNDO_TOO_LATE": (
        N_(
            "Too late to undo here (%(seconds)s seconds have passed; the limit is %(limit)s): "
            "use the corrections page."
        ),
    ),
    "UNREGISTER_AFTER_DRAW": (
        N_(
            "The seats are drawn: %(player_id)s can no longer unregister (a player who leaves now "
            "is blinded away or busts).",
        ),
    ),
}
