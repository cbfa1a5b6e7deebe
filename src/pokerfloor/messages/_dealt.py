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
    "SEAT_NOT_IN_HAND": (
        N_("Seat %(seat_no)s is not dealt in this hand (seats dealt in: %(seats)s)."),
    ),
}
