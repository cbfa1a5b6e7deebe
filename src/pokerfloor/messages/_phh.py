"""The refusals of the PHH hand histories read and written (pokerfloor.formats).
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
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
            "%(field)s: %(value)s has more decimal places than an amount of chips or money has "
            "(6 at most).",
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
}
