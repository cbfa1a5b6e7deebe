"""Refusal sentences of the tournament formats of issue 33: bounty tournaments
(``tournament/_bounties.py``: who collects a knockout's bounty; ``_bounty_rules.py``: the
``[bounty]`` settings) and satellites (``tournament/satellites.py``).
The format, and how a code is added: ``pokerfloor.messages``."""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "BOUNTY_COLLECTOR_MISSING": (
        N_(
            "Say who knocked %(player_id)s out: the winner of the pot holding their last chips "
            "(several for a split pot), among %(candidates)s.",
        ),
    ),
    "BOUNTY_BAD_COLLECTOR:named_twice": (
        N_("A collector of %(player_id)s's bounty is ticked twice."),
    ),
    "BOUNTY_BAD_COLLECTOR:busted_too": (
        N_(
            "%(collector)s busted in the same hand and cannot collect %(player_id)s's bounty; "
            "accepted: %(candidates)s.",
        ),
    ),
    "BOUNTY_BAD_COLLECTOR": (
        N_(
            "%(collector)s is not in play at table %(table_no)s and cannot collect "
            "%(player_id)s's bounty; accepted: %(candidates)s.",
        ),
    ),
    "BOUNTY_COLLECTOR_DID_NOT_COVER": (
        N_(
            "%(collector)s began the hand with %(stack)s chips, fewer than %(player_id)s's "
            "%(busted_stack)s: the bounty goes to the winner of the pot holding %(player_id)s's "
            "last chips, a player who covered them.",
        ),
    ),
    "BOUNTY_NOT_BUSTED": (
        N_(
            "%(player_id)s is named as knocked out but is not among the players busted "
            "(%(busted_players)s).",
        ),
    ),
    "STRUCTURE_BAD_VALUE:above_buy_in": (
        N_(
            "The bounty (%(bounty_cents)s) is part of the buy-in: at most %(buy_in_cents)s.",
        ),
    ),
    "STRUCTURE_BAD_VALUE:not_a_multiple": (
        N_(
            "%(field)s = %(value)s cents is not a whole number of the bounty's unit, "
            "%(unit_cents)s.",
        ),
    ),
    "STRUCTURE_BAD_VALUE:not_a_choice": (
        N_("%(field)s = %(value)s is not accepted; accepted: %(accepted)s."),
    ),
    "SATELLITE_BAD_TARGET": (
        N_("A seat's value is a whole number of cents from %(minimum)s to %(maximum)s."),
    ),
    "SATELLITE_BAD_RULE": (N_("%(field)s = %(value)s is not accepted; accepted: %(accepted)s."),),
    "SATELLITE_BAD_POOL": (
        N_("A prize pool is a whole number of cents from %(minimum)s to %(maximum)s."),
    ),
}
