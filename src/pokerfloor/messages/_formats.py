"""Refusal sentences of the tournament formats of issue 33: bounty tournaments
(``tournament/_bounties.py``: who collects a knockout's bounty; ``_bounty_rules.py``: the
``[bounty]`` settings), satellites (``tournament/satellites.py``, ``_satellite_play.py``) and
flights with a Day 2 (``tournament/flights.py``, ``_flights.py``, ``app/flights.py``).
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
    "SATELLITE_SEATS_REACHED": (
        N_(
            "The satellite has reached its seats: %(players_left)s players left for %(seats)s "
            "seats; no more hands, finish it to award the seats.",
        ),
    ),
    "FORMATS_COMBINED": (
        N_(
            "One format at a time: bounties, a satellite or a flight, not %(formats)s together.",
        ),
    ),
    "FLIGHT_NO_STOP": (
        N_(
            "A flight stops at a number of players left or at the end of a level: set one of them.",
        ),
    ),
    "FLIGHT_NOT_A_FLIGHT": (
        N_(
            "This tournament is not a flight: its structure has no [flight] settings.",
        ),
    ),
    "FLIGHT_STOPPED": (
        N_(
            "The flight has stopped with %(players_left)s players left: the survivors play on "
            "Day 2.",
        ),
    ),
    "FLIGHT_NOT_OVER": (
        N_(
            "The flight goes on: %(players_left)s players left (stop at %(stop_players)s), "
            "level %(level)s (stop after level %(stop_after_level)s).",
        ),
    ),
    "FLIGHT_COUNT_MISMATCH": (
        N_(
            "The counted stacks must name every player left once: %(expected)s; given: %(given)s.",
        ),
    ),
    "FLIGHT_COUNT_TOTAL": (
        N_(
            "The counted stacks add up to %(given)s chips, not the %(expected)s in play.",
        ),
    ),
    "FLIGHT_NOT_A_SURVIVOR": (
        N_(
            "%(player_id)s did not survive a flight: only the flights' survivors play Day 2.",
        ),
    ),
    "FLIGHT_BAD_COUNT": (
        N_(
            "A Day 2 is made of 1 to %(maximum)s flights, not %(count)s.",
        ),
    ),
    "FLIGHT_NAMED_TWICE": (
        N_(
            "A flight is named twice: %(flights)s.",
        ),
    ),
    "FLIGHT_TOO_FEW_SURVIVORS": (
        N_(
            "The flights leave %(survivors)s survivors: a Day 2 needs 2 at least.",
        ),
    ),
    "FLIGHT_NOT_STOPPED": (
        N_(
            "%(tournament_id)s has not stopped as a flight: stop it before its Day 2.",
        ),
    ),
    "FLIGHT_RULES_DIFFER": (
        N_(
            "The flights of one Day 2 share their [flight] rules and their profile; "
            "%(tournament_id)s differs.",
        ),
    ),
    "CLUB_TICKET_EXISTS": (N_("There is already a ticket %(ticket_id)s."),),
    "CLUB_TICKET_UNKNOWN": (N_("There is no ticket %(ticket_id)s."),),
    "CLUB_TICKET_NOT_HOLDER": (N_("The ticket %(ticket_id)s is not %(member_id)s's."),),
    "CLUB_TICKET_USED": (N_("The ticket %(ticket_id)s was already used, for %(event_id)s."),),
    "CLUB_TICKET_OTHER_EVENT": (
        N_("The ticket %(ticket_id)s is for the event %(event_id)s only."),
    ),
    "CLUB_TICKET_TOO_SMALL": (
        N_(
            "The ticket %(ticket_id)s is worth %(value_cents)s, "
            "less than the entry of %(entry_cents)s."
        ),
    ),
}
