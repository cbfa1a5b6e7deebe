"""The software-dealt tables' refusals (pokerfloor.dealt: a deal's deck and secret, a hand
still being played, a seat not dealt in).
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "BAD_DECK_ORDER": (
        N_("A deck order holds the %(expected)s cards 0 to 51 once each; %(count)s were given."),
    ),
    "BAD_SECRET": (
        N_("The hand's secret must be at least %(minimum)s bytes; %(bytes)s were given."),
        N_("The hand's secret is written in hexadecimal digits (0-9, a-f)."),
    ),
    "HAND_IN_PROGRESS": (
        N_("Hand %(hand_no)s is still being played at this table: it must end first."),
    ),
    "NO_HAND": (N_("No hand is being played at this table."),),
    "TABLE_PAUSED": (
        N_("The TD paused this table (hand %(hand_no)s): nothing is played until it resumes."),
    ),
    "MONEY_WAITS_FOR_HAND": (
        N_(
            "%(player_id)s's table %(table_no)s is playing hand %(hand_no)s: a rebuy or an "
            "add-on is recorded between hands. Try again when the hand is over."
        ),
    ),
    "BAD_MISDEAL_CAUSE": (
        N_("%(cause)s is not a misdeal the TD may call; accepted: %(accepted)s."),
    ),
    "SEATS_WAIT_FOR_HANDS": (
        N_(
            "Tables %(tables)s are playing a hand: in a dealt tournament players move between "
            "hands. Move them from the dealt tables' page: the move waits for the hand's end."
        ),
    ),
    "TABLE_NOT_PAUSED": (N_("This table is not paused: there is nothing to resume."),),
    "NOT_AWAY": (N_("Seat %(seat_no)s is not marked away: there is nothing to come back from."),),
    "NOT_DEALT": (
        N_("This tournament is played with live cards: pokerfloor deals no hand in it."),
    ),
    "DEALT_TOO_LATE": (
        N_(
            "Hands were already played with live cards: how the cards are dealt is chosen "
            "before the first hand."
        ),
    ),
    "BAD_DEALT_SETTING": (
        N_("%(field)s must be between %(minimum)s and %(maximum)s; %(value)s was given."),
    ),
    "BAD_ADVANCE_ACTION": (N_("%(kind)s cannot be chosen in advance; accepted: %(accepted)s."),),
    "UNKNOWN_BOT": (N_("There is no bot %(policy)s; accepted: %(accepted)s."),),
    "PLAYER_NOT_SEATED": (N_("%(player_id)s has no seat at a table now."),),
    "SEAT_NOT_IN_HAND": (
        N_("Seat %(seat_no)s is not dealt in this hand (seats dealt in: %(seats)s)."),
    ),
    "BAD_SPECTATOR_DELAY": (
        N_(
            "The spectators' delay %(field)s must be between %(minimum)s and %(maximum)s; "
            "%(value)s was given."
        ),
    ),
    "SPECTATORS_NOT_ALLOWED": (
        N_("The TD does not let spectators watch the tables of this tournament."),
    ),
    "DISPUTE_NOTHING_MOVED": (
        N_(
            "The ruling moves no chip: name the players and the chips each one receives (+) "
            "or gives (-)."
        ),
    ),
    "DISPUTE_CHIPS_NOT_CONSERVED": (
        N_(
            "This correction would create %(created)s chips: the chips given (-) and received "
            "(+) must add up to 0."
        ),
        N_(
            "This correction would destroy %(destroyed)s chips: the chips given (-) and "
            "received (+) must add up to 0."
        ),
    ),
    "DISPUTE_NEEDS_REASON": (N_("Say why: a ruling on a dispute is recorded with its reason."),),
    "DISPUTE_NEEDS_PAUSE": (
        N_(
            "Table %(table_no)s is playing hand %(hand_no)s: pause the table before ruling on "
            "this hand."
        ),
    ),
    "DISPUTE_NO_SUCH_HAND": (
        N_("A ruling at table %(table_no)s is about hand %(hands)s; %(hand_no)s was given."),
    ),
    "NO_SUCH_DEALT_HAND": (N_("Table %(table_no)s has no finished hand %(hand_no)s to show you."),),
}
