"""The engine's refusals a TD meets on the pages, explained in the page's language.

The engine speaks English (a stable ``code``, ``params`` and a message for logs and the API).
The pages show, for the codes below, a sentence of their own in French or English; for any
other code, the engine's message. The code is always shown too: it is what to search for in
the docs, and what a support question quotes.
"""

from __future__ import annotations

from pokerfloor.errors import PokerfloorError
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_

__all__ = ["explain", "reason_text"]

EXPLANATIONS: dict[str, str] = {
    "BAD_STACK": N_("This stack is not possible here."),
    "BUSTS_LEAVE_NO_PLAYER": N_("These busts would leave nobody in the tournament."),
    "CHIPS_NOT_CONSERVED": N_("The stacks do not add up to the chips at the table."),
    "CLOCK_ALREADY_PAUSED": N_("The clock is already paused."),
    "CLOCK_ALREADY_STARTED": N_("The clock is already started."),
    "CONFIRM_WHOLE_REDRAW": N_("The final-table redraw is confirmed as a whole."),
    "DEALS_FORBIDDEN": N_(
        "Deals are forbidden by the rule profile: the prizes follow the actual finish."
    ),
    "DEAL_ALREADY_AGREED": N_("A deal is already agreed: cancel it first."),
    "DEAL_AMOUNTS_DO_NOT_ADD_UP": N_("The amounts do not add up to the prizes shared."),
    "DEAL_NOT_AT_FINAL_TABLE": N_("A deal is made at the final table, by every player left."),
    "DEAL_PAYOUTS_CHANGED": N_(
        "These payouts do not give the places of the deal what it shared: pay the deal's "
        "prizes or cancel the deal."
    ),
    "DEAL_PLAYERS_CHANGED": N_("The first places are not the players of the deal: cancel it."),
    "DEAL_STACKS_UNKNOWN": N_(
        "The stacks at the table are not known (a bust reported without stacks): count the "
        "chips and report them before a deal."
    ),
    "DEAL_STALE": N_(
        "The stacks changed since this split was shown: look at the new proposal and ask the "
        "players again."
    ),
    "DEAL_TOO_FEW_PLAYERS": N_("A deal needs at least 2 players in play."),
    "NO_DEAL": N_("No deal is agreed."),
    "DUPLICATE_PLAYER": N_("This player is already registered."),
    "HAND_NUMBER_MISMATCH": N_("This is not the table's next hand number."),
    "LATE_REGISTRATION_CLOSED": N_("Late registration is closed."),
    "NOT_BUSTED": N_("This player is not busted."),
    "NOT_ENOUGH_SEATS": N_("The other tables do not have enough free seats."),
    "NOT_FINAL_TABLE": N_("Too many players are left for the final table."),
    "NOT_LAST_HAND": N_("Only the table's last reported hand can be corrected."),
    "NOT_REGISTERED": N_("This player is not registered."),
    "NO_ADDON": N_("No add-on is allowed now."),
    "NO_MOVE_PROPOSED": N_("No move is waiting for confirmation."),
    "NO_REENTRY_LEFT": N_("This player has no re-entry left."),
    "NO_SUCH_TABLE": N_("There is no such table in play."),
    "NO_TABLE_TO_BREAK": N_("Every table is still needed: no table is due to break."),
    "ON_BREAK": N_("The tournament is on a break: the next hand begins when it is over."),
    "POSITIONS_MISMATCH": N_("The button or the blinds are not where the rules put them."),
    "REBUY_NOT_ALLOWED": N_("No rebuy is allowed for this player now."),
    "REBUY_TOO_LATE": N_("Too late for a rebuy at the bust."),
    "HAND_FOR_HAND_WAIT": N_("Hand-for-hand: this table waits for the other tables."),
    "REENTRY_CLOSED": N_("Re-entry is closed."),
    "SEATS_ALREADY_DRAWN": N_("The seats are already drawn."),
    "SEATS_NOT_DRAWN": N_("The seats are not drawn yet."),
    "SEAT_TAKEN": N_("This seat is taken."),
    "STALE_MOVE": N_("The tables changed since the proposal: propose the moves again."),
    "STORE_BUSY": N_(
        "The database is busy (another program is writing to it): nothing was recorded; try "
        "again in a moment."
    ),
    "STORE_FULL": N_(
        "The database is full (no space left on its disk): nothing was recorded; free some "
        "disk space, then try again."
    ),
    "TABLE_TOO_SHORT": N_("The table has fewer than 2 players."),
    "TOO_FEW_PLAYERS": N_("At least 2 players are needed."),
    "TOURNAMENT_EXISTS": N_("A tournament with this id already exists."),
    "UNREGISTER_AFTER_DRAW": N_("The seats are drawn: the player can no longer unregister."),
    "VERSION_CONFLICT": N_("Someone else changed the tournament at the same time: try again."),
}


# Refusals explained with their numbers, in both languages: by code, or by code and the
# ``reason`` parameter. Each placeholder is one of the refusal's ``params``.
DETAILED: dict[tuple[str, str | None], str] = {
    ("REBUY_NOT_ALLOWED", "period_over"): N_(
        "Rebuys ended with level %(until_level)s (and %(extra_hands)s more hands at each "
        "table); this hand is at level %(level)s."
    ),
    ("REBUY_NOT_ALLOWED", "limit_reached"): N_(
        "This player has taken the %(limit)s rebuy(s) allowed."
    ),
    ("REBUY_NOT_ALLOWED", "stack_above_threshold"): N_(
        "This player has %(stack)s chips, too many for a rebuy (big blind %(big_blind)s)."
    ),
    ("REBUY_NOT_ALLOWED", "no_rebuys"): N_("This tournament has no rebuys."),
    ("REBUY_TOO_LATE", None): N_(
        "The player busted in hand %(busted_in_hand)s and the table has reported hand "
        "%(hands_played)s since: too late for a rebuy at the bust (a re-entry is a new entry)."
    ),
    ("HAND_FOR_HAND_WAIT", None): N_(
        "Hand-for-hand: this table has played round %(round_no)s; its next hand waits for "
        "table(s) %(waiting_for)s."
    ),
    ("CHIPS_NOT_CONSERVED", None): N_(
        "The stacks add up to %(after)s chips; the table had %(before)s recorded (and "
        "%(unknown_chips)s more from busts reported without stacks)."
    ),
    # The chip race with the odd chips counted at the table (tournament/chiprace.py).
    ("CHIP_RACE_NEEDS_COUNTS", None): N_(
        "Cannot race without the odd chips counted at the table: enter, for each player, the "
        "chips of %(removed)s left once changed up (0 for none)."
    ),
    ("CHIP_RACE_MISSING_COUNT", None): N_(
        "Table %(table_no)s: no odd chips entered for seat(s) %(seats)s; enter 0 for a player "
        "who has none."
    ),
    ("CHIP_RACE_NOT_SEATED", None): N_(
        "The players of table %(table_no)s changed: reload the page and count again."
    ),
    ("CHIP_RACE_BAD_COUNT", None): N_("Seat %(seat_no)s: %(count)s is not a number of chips."),
    ("CHIP_RACE_FULL_SET", None): N_(
        "Seat %(seat_no)s: %(count)s chips of %(removed)s make a chip of %(next_chip)s; change "
        "them up first: at most %(most)s are raced."
    ),
    ("CHIP_RACE_COUNT_OVER_STACK", None): N_(
        "Seat %(seat_no)s: %(count)s chips of %(removed)s are worth %(value)s, more than the "
        "recorded stack of %(stack)s."
    ),
    # A structure beyond the bounds every structure keeps (tournament.limits).
    ("STRUCTURE_BAD_VALUE", "out_of_range"): N_(
        "%(field)s is %(value)s; a structure takes a whole number from %(minimum)s to %(maximum)s."
    ),
    ("STRUCTURE_BAD_VALUE", "too_long"): N_(
        "%(field)s is %(length)s characters long; a structure takes at most %(most)s."
    ),
    ("STRUCTURE_BAD_VALUE", "too_many"): N_(
        "%(field)s: %(value)s entries; a structure has at most %(most)s."
    ),
    ("STRUCTURE_TOO_DEEP", None): N_(
        "The file nests arrays or tables %(nesting)s deep; a structure nests them "
        "%(most)s deep at most (it needs 3)."
    ),
}


def _detailed(error: PokerfloorError) -> str | None:
    params = error.params or {}
    reason = params.get("reason")
    msgid = DETAILED.get((error.code, reason if isinstance(reason, str) else None))
    if msgid is None:
        return None
    values = {
        key: ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
        for key, value in params.items()
    }
    try:
        return i18n.gettext(msgid, **values)
    except (KeyError, ValueError, TypeError):
        return None


def reason_text(error: PokerfloorError) -> str:
    """The refusal in the current language, without its code. In English the engine's own
    message says more (it names the players, seats and totals), so it is kept, unless a
    detailed explanation with the numbers exists."""
    known = EXPLANATIONS.get(error.code)
    return _detailed(error) or (
        i18n.gettext(known) if known and i18n.current_locale() != "en" else error.message
    )


def explain(error: PokerfloorError) -> str:
    """The refusal in the current language, with its code (``reason_text``)."""
    return i18n.gettext(
        "Refused (%(code)s): %(message)s", code=error.code, message=reason_text(error)
    )
