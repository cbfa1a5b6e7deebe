"""The chip race assistant (TD only): the colour-up the structure calls for, each table in play
with its players in dealing order and a field per player for the odd chips of the removed
colour counted at the table, the engine's draw at each table (cards dealt, chips won, stacks
before and after) and the profile's chip race settings with their citations. The captain's
phone page races its own table with the same pieces (``captain_chip_race``,
``odd_chips_from_form``).

State is read through the service's locked read models (players, seating, clock) and its
durable event log (``chip_raced``); only the immutable parts of the aggregate (structure,
profile) are read from it directly.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.commands import ChipRace
from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile, format_value, setting_spec
from pokerfloor.tournament import chiprace as race_rules
from pokerfloor.tournament.events import ChipRaced
from pokerfloor.tournament.structure import Structure
from pokerfloor.tournament.types import Table
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._citations import citations_text
from pokerfloor.web.pages.common._common import (
    events_of,
    flash_fragment,
    locale_of,
    pages_of,
    player_names,
    render,
    render_fragment,
    rules_language,
    run_form,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText, number_or_text, whole_number
from pokerfloor.web.pages.common._live import live_view, panel_view

__all__ = [
    "captain_chip_race",
    "odd_chips_from_form",
    "race_done_text",
    "router",
    "suggested_chip_race",
]

router = APIRouter()
_ = i18n.gettext

CHIP_RACE_SETTINGS = (
    "chip_race.starts_at",
    "chip_race.rounding",
    "chip_race.max_chips_per_player",
    "chip_race.cannot_be_raced_out",
)


def _setting_text(profile: RuleProfile, key: str, language: str) -> dict[str, Any]:
    """A profile setting as the page shows it: its label, its value's meaning, citations."""
    spec = setting_spec(key)
    lang = rules_language(language)
    value = format_value(profile.setting(key).value)
    meaning = next(
        (c.meaning(lang) for c in spec.choices if c.value == value),
        f"{value} {spec.unit_fr if lang == 'fr' else spec.unit_en}".strip(),
    )
    return {
        "label": spec.label(lang),
        "meaning": meaning,
        "citations": citations_text(profile.citations(key)),
    }


def _colour(structure: Structure, value: int, language: str) -> str:
    for chip in structure.chips:
        if chip.value == value:
            return chip.colour_fr if language == "fr" else chip.colour_en
    return ""


def suggested_chip_race(structure: Structure, clock: dict[str, Any]) -> tuple[int, int] | None:
    """(removed, next chip) of the colour-up the TD is most likely racing: the break going on,
    else the next break with a colour-up, else the last one. Several denominations leaving at
    once are raced in units of the smallest (the core's ``colour_up_to_race``)."""
    current = clock.get("break") or {}
    after_level = current["after_level"] if current else None
    return race_rules.colour_up_to_race(structure, int(clock["level_number"]), after_level)


_SUITS = {"s": ("♠", False), "h": ("♥", True), "d": ("♦", True), "c": ("♣", False)}


def _card(text: str) -> dict[str, Any]:
    symbol, red = _SUITS.get(text[-1:], (text[-1:], False))
    rank = "10" if text[:-1] == "T" else text[:-1]
    return {"text": rank + symbol, "red": red}


def _race_view(event: ChipRaced, names: dict[str, str]) -> dict[str, Any]:
    cards = dict(event.cards)
    after = dict(event.stacks_after)
    before_of = dict(event.stacks_before)
    # A counted race lists its players in dealing order (older events: in seat order).
    order = [player for player, _ in event.odd_chips] or list(before_of)
    rows = []
    for player_id in order:
        before = before_of[player_id]
        rows.append(
            {
                "player_id": player_id,
                "name": names.get(player_id, player_id),
                "cards": [_card(card) for card in cards.get(player_id, ())],
                "won": event.winners.count(player_id),
                "before": before,
                "after": after.get(player_id, before),
                "change": after.get(player_id, before) - before,
            }
        )
    return {
        "event": event,
        "rows": rows,
        "total_change": sum(row["change"] for row in rows),
    }


def _chip_race_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    names = player_names(service, tournament_id)
    races = [e for e in events_of(service, tournament_id, "chip_raced") if isinstance(e, ChipRaced)]
    return {"races": [_race_view(race, names) for race in reversed(races)]}


live_view("chip-race", panel_view("chiprace_panel.html", _chip_race_panel, td_only=True))


def race_seats(chart_table: dict[str, Any], profile: RuleProfile) -> dict[str, Any]:
    """A table of the seating chart as its chip race deals it: the seated players in dealing
    order (``chip_race.starts_at``: seat 1, or left of the new dealer, who deals the next
    hand), so the odd chips are counted in the order the cards will go."""
    seats = {seat["seat_no"]: seat for seat in chart_table["seats"]}
    table = Table(
        chart_table["table_no"],
        chart_table["size"],
        {seat_no: seat["player_id"] for seat_no, seat in seats.items()},
        chart_table["button_seat"],
        chart_table["big_blind_seat"],
        chart_table["small_blind_seat"],
        frozenset(seat_no for seat_no, seat in seats.items() if seat["waits"]),
    )
    by_player = {seat["player_id"]: seat for seat in seats.values()}
    try:
        order = race_rules.dealing_order(table, profile)
        dealer = race_rules.race_dealer_seat(table, profile)
    except PokerfloorError:
        # No button yet: the race itself refuses, with the reason; list the seats meanwhile.
        order, dealer = tuple(by_player), None
    return {
        "table_no": table.table_no,
        "players": len(seats),
        "dealer_seat": dealer,
        "seats": [by_player[player] for player in order],
    }


def odd_chips_from_form(
    seats: list[dict[str, Any]], players: list[str], counts: list[str]
) -> dict[str, int] | str:
    """The odd chips typed for each player (``player`` and ``odd`` fields side by side), or
    the refusal to show (call with the page's locale set). An empty field is left out: the
    race then names the seats not counted."""
    names = {seat["player_id"]: seat["name"] for seat in seats}
    found: dict[str, int] = {}
    for player_id, text in zip(players, counts, strict=False):
        if not text.strip():
            continue
        number = whole_number(text)
        if number is None:
            return i18n.gettext(
                "The odd chips of %(name)s are not a number of chips.",
                name=names.get(player_id, player_id),
            )
        found[player_id] = number
    return found


def _raced(races: list[dict[str, Any]], table_no: int, removed: int) -> dict[str, Any] | None:
    return next(
        (
            race
            for race in races
            if race["event"].table_no == table_no and race["event"].removed_chip == removed
        ),
        None,
    )


def _chip_race_tables(
    service: TournamentService, tournament_id: str, races: list[dict[str, Any]]
) -> dict[str, Any]:
    """Every table in play with its players in dealing order, those already raced for the
    suggested colour-up marked (the TD goes from table to table)."""
    structure, profile = service.read(tournament_id, lambda t: (t.structure, t.profile))
    suggestion = suggested_chip_race(structure, service.clock_screen(tournament_id))
    tables = []
    for chart_table in service.seating_chart(tournament_id)["tables"]:
        if not chart_table["seats"]:
            continue
        table = race_seats(chart_table, profile)
        table["done"] = (
            suggestion is not None and _raced(races, table["table_no"], suggestion[0]) is not None
        )
        tables.append(table)
    return {"tables": tables, "suggestion": suggestion}


def race_done_text(race: ChipRaced, names: dict[str, str]) -> str:
    """What a race gave, in the current locale."""
    if race.winners:
        return _(
            "Chip race at table %(table)s: a chip of %(chip)s to %(names)s.",
            table=race.table_no,
            chip=i18n.format_chips(race.next_chip),
            names=", ".join(names.get(p, p) for p in race.winners),
        )
    return _("Chip race at table %(table)s: nobody wins a chip.", table=race.table_no)


def captain_chip_race(
    service: TournamentService, tournament_id: str, table_no: int
) -> dict[str, Any] | None:
    """The chip race of a captain's table during a break with a colour-up: the chips that
    leave (their colour by language), the table in dealing order, and the race once dealt.
    None at any other time: the captain races only the colour-up the structure calls for
    (tda-2024 R24). The event log is read only during such a break."""
    clock = service.clock_screen(tournament_id)
    pause = clock.get("break") or {}
    if not clock["in_break"] or not pause.get("colour_up") or clock["status"] == "finished":
        return None
    structure, profile = service.read(tournament_id, lambda t: (t.structure, t.profile))
    suggestion = suggested_chip_race(structure, clock)
    chart_table = next(
        (
            t
            for t in service.seating_chart(tournament_id)["tables"]
            if t["table_no"] == table_no and t["seats"]
        ),
        None,
    )
    if suggestion is None or chart_table is None:
        return None
    removed, next_chip = suggestion
    races = [
        event
        for event in events_of(service, tournament_id, "chip_raced")
        if isinstance(event, ChipRaced)
        and event.table_no == table_no
        and event.removed_chip == removed
    ]
    return {
        "removed": removed,
        "next_chip": next_chip,
        "removed_colour": {lang: _colour(structure, removed, lang) for lang in ("fr", "en")},
        "most": next_chip // removed - 1,
        "table": race_seats(chart_table, profile),
        "seat_of": {seat["player_id"]: seat["seat_no"] for seat in chart_table["seats"]},
        "race": _race_view(races[-1], player_names(service, tournament_id)) if races else None,
    }


@router.get("/t/{tournament_id}/chip-race")
def chip_race_page(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    language = locale_of(request)
    structure, profile = service.read(tournament_id, lambda t: (t.structure, t.profile))
    panel = _chip_race_panel(service, tournament_id)
    tables = _chip_race_tables(service, tournament_id, panel["races"])
    suggestion = tables["suggestion"]
    chips = [
        {"value": chip.value, "colour": _colour(structure, chip.value, language)}
        for chip in structure.chips
    ]
    return render(
        request,
        "chiprace.html",
        tournament_id=tournament_id,
        tool="chip-race",
        chips=chips,
        suggestion_colours=suggestion and [_colour(structure, v, language) for v in suggestion],
        settings=[_setting_text(profile, key, language) for key in CHIP_RACE_SETTINGS],
        **tables,
        **panel,
    )


@router.post("/t/{tournament_id}/chip-race")
def chip_race(
    request: Request,
    tournament_id: str,
    table_no: FormText = "",
    removed: FormText = "",
    next_chip: FormText = "",
    player: Annotated[list[str] | None, Form()] = None,
    odd: Annotated[list[str] | None, Form()] = None,
) -> Response:
    """Race one table with the odd chips the TD typed for its players (tda-2024 R24,
    heavenpoker 9.24, allinouest §Le chip race); a table already raced off these chips is
    refused (its chips are gone: a second race would take them twice)."""
    service = tournament_service(request, tournament_id, td_only=True)
    language = locale_of(request)
    fields = {
        "table_no": number_or_text(table_no),
        "removed": number_or_text(removed),
        "next_chip": number_or_text(next_chip),
    }
    panel = _chip_race_panel(service, tournament_id)
    tables = _chip_race_tables(service, tournament_id, panel["races"])
    table = next((t for t in tables["tables"] if t["table_no"] == fields["table_no"]), None)
    with i18n.use_locale(language):
        if table is not None and isinstance(fields["removed"], int):
            done = _raced(panel["races"], table["table_no"], fields["removed"])
            if done is not None:
                return HTMLResponse(flash_fragment(request, error=_already(done["event"])))
        counts = odd_chips_from_form(table["seats"] if table else [], player or [], odd or [])
    if isinstance(counts, str):
        return HTMLResponse(flash_fragment(request, error=counts))
    error = run_form(request, tournament_id, ChipRace, **fields, odd_chips=counts)
    if error:
        return HTMLResponse(flash_fragment(request, error=error))
    # ``run`` returns only the refusal: what the engine drew is in the event it recorded.
    panel = _chip_race_panel(service, tournament_id)
    race = next(r["event"] for r in panel["races"] if r["event"].table_no == fields["table_no"])
    with i18n.use_locale(language):
        done_text = race_done_text(race, player_names(service, tournament_id))
    tables = _chip_race_tables(service, tournament_id, panel["races"])
    raced = next(t for t in tables["tables"] if t["table_no"] == race.table_no)
    return HTMLResponse(
        flash_fragment(request, done=done_text)
        + render_fragment(
            "chiprace_table.html",
            language,
            pages_of(request),
            oob=True,
            table=raced,
            tournament_id=tournament_id,
        )
    )


def _already(race: ChipRaced) -> str:
    return _(
        "Table %(table)s has already raced off the chips of %(chip)s.",
        table=race.table_no,
        chip=i18n.format_chips(race.removed_chip),
    )
