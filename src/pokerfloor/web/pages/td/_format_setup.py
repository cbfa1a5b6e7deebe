"""The set-up page's formats of issue 33 items 2-3 (``templates/setup_formats.html``): a
satellite (the seat's value, the remainder's rule, a seat won twice) or a flight of a
multi-day event (where it stops, how stacks are carried, how the players out on Day 1 are
ranked), filled from a structure and read back into its ``[satellite]`` or ``[flight]``; and
the Day 2 of flights already stopped (their ids). The rules and their refusals are the core's
(tournament/satellites.py, flights.py); this module only reads the form."""

from __future__ import annotations

import re
from typing import Any

from pokerfloor.app.flights import with_formats
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.flights import CARRY_RULES, DAY1_RANKING_RULES, FlightRules
from pokerfloor.tournament.satellites import DOUBLE_SEAT_RULES, REMAINDER_RULES, SatelliteRules
from pokerfloor.tournament.structure import Structure
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._refusals import RefusalText, reason_text
from pokerfloor.web.pages.td._bounty_setup import fields_with_bounty, structure_with_bounty
from pokerfloor.web.pages.td._structure_form import (
    Refusal,
    StructureFields,
    cents_field,
    money_text,
    whole_field,
)

__all__ = ["FORMAT_LABELS", "day2_flights", "fields_with_formats", "structure_with_formats"]

FORMAT_LABELS: dict[str, dict[str, str]] = {
    "format": {
        "": N_("a tournament played to a winner"),
        "satellite": N_("a satellite: the pool buys seats to a bigger event"),
        "flight": N_("a flight of an event with a Day 2"),
    },
    "remainder": {
        "next_place": N_("in cash to the next place"),
        "shared": N_("shared among the seat winners"),
        "credit": N_("as a credit to the next place"),
    },
    "double_seat": {
        "cash": N_("its value paid in cash"),
        "pass_down": N_("the seat passed to the next place"),
    },
    "carry": {
        "best": N_("the best of the stacks"),
        "first": N_("the first flight's stack"),
        "last": N_("the last flight's stack"),
    },
    "day1_ranking": {
        "players_left": N_("by the players left when they went out"),
        "field_share": N_("by the share of their flight's field left"),
        "tied": N_("all tied below the Day 2 field"),
    },
}
assert set(FORMAT_LABELS["remainder"]) == set(REMAINDER_RULES)
assert set(FORMAT_LABELS["double_seat"]) == set(DOUBLE_SEAT_RULES)
assert set(FORMAT_LABELS["carry"]) == set(CARRY_RULES)
assert set(FORMAT_LABELS["day1_ranking"]) == set(DAY1_RANKING_RULES)


def fields_with_formats(structure: Structure, language: str) -> dict[str, Any]:
    """The editor's inputs for ``structure``, its bounties, satellite or flight included."""
    values = fields_with_bounty(structure, language)
    satellite, flight = structure.satellite, structure.flight
    if satellite is not None:
        values |= {
            "fmt": "satellite",
            "seat_value": money_text(satellite.target_buy_in_cents, language),
            "remainder": satellite.remainder,
            "double_seat": satellite.double_seat,
        }
    if flight is not None:
        values |= {
            "fmt": "flight",
            "flight_stop_players": str(flight.stop_players or ""),
            "flight_stop_level": str(flight.stop_after_level or ""),
            "carry": flight.carry,
            "day1_ranking": flight.day1_ranking,
        }
    return values


def _choice(value: str, kind: str) -> str:
    labels = FORMAT_LABELS[kind]
    return value if value in labels else next(iter(labels))


def structure_with_formats(fields: StructureFields) -> Structure:
    """The structure the editor describes, with its bounties, satellite or flight; a
    ``Refusal`` names what is wrong."""
    structure = structure_with_bounty(fields)
    satellite = flight = None
    if fields.fmt == "satellite":
        value = cents_field(fields.seat_value, i18n.gettext("Value of a seat"))
        satellite = SatelliteRules(
            value,
            _choice(fields.remainder, "remainder"),
            _choice(fields.double_seat, "double_seat"),
        )
    elif fields.fmt == "flight":
        flight = FlightRules(
            whole_field(fields.flight_stop_players, i18n.gettext("Stops at this many players")),
            whole_field(fields.flight_stop_level, i18n.gettext("Stops at the end of level")),
            _choice(fields.carry, "carry"),
            _choice(fields.day1_ranking, "day1_ranking"),
        )
    try:
        return with_formats(structure, satellite, flight)
    except PokerfloorError as error:
        sentence = i18n.gettext("The structure is refused: %(message)s", message=reason_text(error))
        raise Refusal(RefusalText(sentence, error.code)) from None


def day2_flights(text: str) -> list[str]:
    """The flights' ids typed for a Day 2 (separated by spaces or commas), in order."""
    return [part for part in re.split(r"[\s,;]+", text.strip()) if part]
