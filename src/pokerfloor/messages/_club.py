"""The club's refusals (pokerfloor.club: members, cards, calendar, registrations, sanctions,
seasons, cash book, settings).
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "ALREADY_CHECKED_IN": (N_("Member %(member_id)s has already checked in for %(event_id)s."),),
    "BAD_BEST_N": (
        N_("Best %(best_n)s results: count from 1 to 1000 results, or leave it empty for all."),
    ),
    "BAD_CAPACITY": (N_("A capacity of %(capacity)s is not accepted: 2 to 100,000 players."),),
    "BAD_CARD_PERIOD": (N_("“%(period)s” is not a card period; the periods: %(accepted)s."),),
    "BAD_EVENT_KIND": (N_("“%(kind)s” is not a kind of event; the kinds: %(accepted)s."),),
    "BAD_MEMBER_PIN": (N_("This member number and PIN do not match."),),
    "BAD_REGISTERED_BY": (
        N_("A registration is made by “%(by)s”: it is made by one of %(accepted)s."),
    ),
    "BAN_ENDS_BEFORE_START": (
        N_("A ban from %(from_date)s cannot end on %(until_date)s, before it begins."),
    ),
    "BAN_EXISTS": (N_("Ban %(ban_id)s already exists."),),
    "BIRTH_DATE_UNKNOWN": (
        N_("Member %(member_id)s's birth date is needed to check their age first (%(citations)s)."),
    ),
    "CAPACITY_BELOW_REGISTERED": (
        N_(
            "%(registered)s players hold a place in %(event_id)s: the capacity cannot be "
            "%(capacity)s."
        ),
    ),
    "CARD_DOES_NOT_ADMIT": (
        N_(
            "Member %(member_id)s's card (%(held)s) does not admit this kind of event "
            "(%(kind)s); cards that do: %(admitting)s (%(citations)s)."
        ),
    ),
    "CARD_EXISTS": (N_("Card %(card_id)s already exists."),),
    "CARD_REFUND_TOO_LARGE": (
        N_("A refund of %(refund_cents)s is more than the %(paid_cents)s paid for the card."),
    ),
    "CARD_TYPE_IN_USE": (
        N_("Card type %(card_type)s is on card %(card_id)s: keep it in the club's card types."),
    ),
    "CLUB_ALREADY_REGISTERED": (
        N_("Member %(member_id)s is already on the list of %(event_id)s (%(status)s)."),
    ),
    "CLUB_BAD_AMOUNT": (N_("“%(field)s”: %(value)s is not accepted: whole cents from 0."),),
    "CLUB_BAD_DATE": (N_("“%(field)s”: %(value)s is not a date; write it YYYY-MM-DD."),),
    "CLUB_BAD_ID": (
        N_(
            "“%(field)s”: %(value)s is not accepted: letters, digits, “.”, “_” or “-”, "
            "beginning with a letter or a digit."
        ),
    ),
    "CLUB_BAD_MINUTES": (
        N_("“%(field)s”: %(value)s is not accepted: whole minutes from 0 to %(max)s."),
    ),
    "CLUB_BAD_PLACE": (N_("The place of member %(member_id)s is not accepted."),),
    "CLUB_BAD_SETTING": (
        N_(
            "The club setting “%(name)s” = %(value)s is not accepted: a whole number from "
            "%(low)s to %(high)s."
        ),
        N_("The club setting “%(name)s” = %(value)s is not accepted: %(accepted)s."),
    ),
    "CLUB_BAD_TEXT": (N_("“%(field)s”: a text of at most %(limit)s characters is expected."),),
    # The club's application (app/club_*.py, web/club_*.py).
    "CLUB_DAMAGED": (
        N_(
            "The records of club %(club_id)s are damaged at event %(seq)s: it cannot be "
            "opened. The other clubs and the tournaments are not affected."
        ),
    ),
    "CLUB_EVENT_EXISTS": (N_("Event %(event_id)s is already in the calendar."),),
    "CLUB_EVENT_NOBODY_CHECKED_IN": (
        N_("Nobody is checked in for %(event_id)s yet: check the players in first."),
    ),
    "CLUB_EVENT_NOT_OPEN": (N_("Event %(event_id)s is %(status)s."),),
    "CLUB_EVENT_NO_TOURNAMENT": (N_("%(event_id)s has no tournament yet: start it first."),),
    "CLUB_EVENT_TOURNAMENT_NOT_FINISHED": (
        N_("The tournament %(tournament_id)s of %(event_id)s is not finished yet."),
    ),
    "CLUB_EXISTS": (N_("There is already a club %(club_id)s."),),
    "CLUB_ID_MISMATCH": (N_("The command creates another club than the one addressed."),),
    "CLUB_NOT_FOUND": (N_("There is no club %(club_id)s."),),
    "CLUB_NOT_REGISTERED": (
        N_("Member %(member_id)s is not registered for %(event_id)s (%(status)s)."),
        N_("Member %(member_id)s is not registered for %(event_id)s."),
    ),
    "CLUB_SETTINGS_UNCHANGED": (N_("Nothing to save: these are the club's settings already."),),
    "CSV_INVALID": (
        N_("Line %(line)s, column “%(column)s”: the file cannot be read (%(problem)s)."),
        N_("Line %(line)s: the file cannot be read (%(problem)s)."),
        N_("The file cannot be read (%(problem)s)."),
    ),
    "CSV_INVALID:binary": (N_("Line %(line)s: the file holds a NUL byte; it is not a CSV text."),),
    "CSV_INVALID:empty": (N_("The file is empty."),),
    "CSV_INVALID:malformed": (N_("Line %(line)s: the CSV is malformed (a quote not closed?)."),),
    "CSV_INVALID:missing_column": (
        N_("Line 1: the column “%(column)s” is missing; it is required."),
    ),
    "CSV_INVALID:not_utf8": (
        N_("Line %(line)s: the file is not UTF-8 text; save it as “CSV UTF-8”."),
    ),
    "CSV_INVALID:too_large": (N_("The file is over %(max_bytes)s bytes: split it."),),
    "CSV_INVALID:too_many_rows": (
        N_("Line %(line)s: more than %(max_rows)s members; split the file."),
    ),
    "CSV_INVALID:unknown_column": (
        N_("Line 1: the column “%(column)s” is not known; the columns: %(accepted)s."),
    ),
    "CSV_ROWS_INVALID": (
        N_("Line %(line)s, column “%(column)s”: the file has errors; nothing was imported."),
    ),
    "DEPOSIT_ABOVE_CLUBS": (
        N_(
            "A deposit of %(deposit_cents)s is more than the club's %(club_deposit_cents)s "
            "(%(citations)s)."
        ),
    ),
    "DEPOSIT_ONLY_WHEN_WAITING": (
        N_("A deposit is taken only for a place on the waiting list (%(citations)s)."),
    ),
    "DEPOSIT_TOO_LARGE": (
        N_("A deposit of %(deposit_cents)s is more than the entry fee (%(buy_in_cents)s)."),
    ),
    "DESK_NOT_OPEN": (N_("The cash desk of %(event_id)s is not open yet."),),
    "IDENTITY_NOT_CHECKED": (
        N_(
            "Member %(member_id)s's identity document must be seen first: say who checked it "
            "(%(citations)s)."
        ),
    ),
    "LATE_CANCELLATION_NOT_CONFIRMED": (
        N_(
            "Cancelling now is late (less than %(deadline_hours)s hours before the start): "
            "confirm it first (%(citations)s)."
        ),
    ),
    "LATE_ENTRY_OVER": (N_("Late entries for %(event_id)s are over."),),
    "MEMBER_BANNED": (
        N_(
            "Member %(member_id)s is banned from the club's events until %(until)s: "
            "%(ban_reason)s (%(citations)s)."
        ),
        N_(
            "Member %(member_id)s is banned from the club's events for good: %(ban_reason)s "
            "(%(citations)s)."
        ),
    ),
    "MEMBER_EXCLUDED": (
        N_(
            "Member %(member_id)s is excluded after %(offences)s late cancellations or "
            "no-shows (%(citations)s)."
        ),
    ),
    "MEMBER_EXISTS": (
        N_("Number %(member_id)s is already %(name)s's."),
        N_("Number %(member_id)s is already a member's."),
    ),
    "MERGE_BOTH_REGISTERED": (
        N_(
            "Members %(keep)s and %(drop)s are both registered for %(event_id)s: cancel one "
            "registration first."
        ),
    ),
    "MERGE_SAME_MEMBER": (N_("A member cannot be merged into themselves (%(member_id)s)."),),
    "NOT_WAITING": (N_("Member %(member_id)s is not on the waiting list of %(event_id)s."),),
    "NO_DEPOSIT": (N_("No deposit of member %(member_id)s is held for %(event_id)s."),),
    "NO_SHOW_TOO_EARLY": (
        N_(
            "Member %(member_id)s may still check in for %(event_id)s until validations "
            "close: not a no-show yet."
        ),
    ),
    "NO_VALID_CARD": (
        N_(
            "Member %(member_id)s has no card valid on %(date)s; cards that admit this kind "
            "of event: %(admitting)s (%(citations)s)."
        ),
    ),
    "ONE_EVENT_AT_A_TIME": (
        N_(
            "Member %(member_id)s is registered for %(other_event_id)s at the same time: one "
            "event at a time (%(citations)s)."
        ),
    ),
    "PIN_LOCKED": (
        N_(
            "This member number is locked after %(failures)s wrong PINs: ask the tournament "
            "director to unlock it."
        ),
    ),
    "REGISTRATION_CLOSED": (N_("Registration for %(event_id)s is closed (%(citations)s)."),),
    "REGISTRATION_NOT_OPEN": (N_("Registration for %(event_id)s is not open yet."),),
    "REGISTRATION_OPENS_AFTER_START": (
        N_("Registration for %(event_id)s must open before the event starts."),
    ),
    "SEASON_EXISTS": (N_("Season %(season_id)s already exists."),),
    "UNDER_AGE": (
        N_(
            "Member %(member_id)s is %(age)s on %(date)s: the club's events are for "
            "%(minimum_age)s and over (%(citations)s)."
        ),
    ),
    "UNKNOWN_BAN": (N_("No ban %(ban_id)s is in force."),),
    "UNKNOWN_CARD": (N_("No valid card %(card_id)s."),),
    "UNKNOWN_CARD_TYPE": (
        N_("“%(card_type)s” is not one of the club's card types: %(accepted)s."),
    ),
    "UNKNOWN_CLUB_EVENT": (N_("There is no event %(event_id)s in the calendar."),),
    "UNKNOWN_MEMBER": (N_("No member has number %(member_id)s."),),
    "UNKNOWN_OFFENCE": (N_("Member %(member_id)s has no offence number %(offence_no)s."),),
    "UNKNOWN_SEASON": (N_("There is no season %(season_id)s."),),
    "WAITING_LIST_NEEDS_PRESENCE": (
        N_(
            "%(event_id)s is full: only a player present at the club joins its waiting list "
            "(%(citations)s)."
        ),
    ),
    "WRONG_PIN": (N_("The member number or the PIN is wrong."),),
}
