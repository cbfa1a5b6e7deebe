"""Refusal sentences of the player clock (tournament/_player_clock.py), kept apart from
``_refusals_m_to_z.py``, which is at its size limit (``_refusal_sentences.py`` merges them).
"""

from __future__ import annotations

from pokerfloor.web.i18n import N_
from pokerfloor.web.pages._refusal_plural import Message

# Each placeholder is one of the refusal's ``params``.
EXPLANATIONS: dict[str, tuple[Message, ...]] = {
    "NO_PLAYER_CLOCK": (N_("Nobody is timed or on the clock at table %(table_no)s."),),
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
}
