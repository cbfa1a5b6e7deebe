"""The chip race assistant (TD only): the colour-up the structure calls for, the tables still
to race, the engine's draw at each table (cards dealt, chips won, stacks before and after) and
the profile's chip race settings with their citations.

State is read through the service's locked read models (players, seating, clock) and its
durable event log (``chip_raced``); only the immutable parts of the aggregate (structure,
profile) are read from it directly.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pokerfloor.app.service import TournamentService
from pokerfloor.rules import RuleProfile, format_value, setting_spec
from pokerfloor.tournament.events import ChipRaced
from pokerfloor.tournament.structure import Structure
from pokerfloor.web import i18n
from pokerfloor.web.pages._common import (
    events_of,
    flash_fragment,
    locale_of,
    pages_of,
    player_names,
    render,
    render_fragment,
    rules_language,
    run,
    tournament_service,
)
from pokerfloor.web.pages._forms import FormText, number_or_text
from pokerfloor.web.pages._live import live_view, panel_view

__all__ = ["router", "suggested_chip_race"]

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
        "citations": profile.citations(key),
    }


def _colour(structure: Structure, value: int, language: str) -> str:
    for chip in structure.chips:
        if chip.value == value:
            return chip.colour_fr if language == "fr" else chip.colour_en
    return ""


def suggested_chip_race(structure: Structure, clock: dict[str, Any]) -> tuple[int, int] | None:
    """(removed, next chip) of the colour-up the TD is most likely racing: the break going on,
    else the next break with a colour-up, else the last one. Several denominations leaving at
    once are raced in units of the smallest."""
    breaks = [b for b in structure.breaks if b.colour_up]
    current = clock.get("break") or {}
    level = int(clock["level_number"])
    chosen = next((b for b in breaks if current and b.after_level == current["after_level"]), None)
    chosen = chosen or next((b for b in breaks if b.after_level >= level), None)
    chosen = chosen or next((b for b in reversed(breaks) if b.after_level < level), None)
    if chosen is None:
        return None
    gone = {value for b in breaks if b.after_level <= chosen.after_level for value in b.colour_up}
    left = [chip.value for chip in structure.chips if chip.value not in gone]
    return (min(chosen.colour_up), min(left)) if left else None


_SUITS = {"s": ("♠", False), "h": ("♥", True), "d": ("♦", True), "c": ("♣", False)}


def _card(text: str) -> dict[str, Any]:
    symbol, red = _SUITS.get(text[-1:], (text[-1:], False))
    rank = "10" if text[:-1] == "T" else text[:-1]
    return {"text": rank + symbol, "red": red}


def _race_view(event: ChipRaced, names: dict[str, str]) -> dict[str, Any]:
    cards = dict(event.cards)
    after = dict(event.stacks_after)
    rows = []
    for player_id, before in event.stacks_before:
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


def _chip_race_tables(
    service: TournamentService, tournament_id: str, races: list[dict[str, Any]]
) -> dict[str, Any]:
    """The tables in play, those already raced for the suggested colour-up marked, and the
    first one not raced yet chosen (the TD goes from table to table)."""
    structure = service.tournament(tournament_id).structure
    suggestion = suggested_chip_race(structure, service.clock_screen(tournament_id))
    raced = {(race["event"].table_no, race["event"].removed_chip) for race in races}
    tables = [
        {
            "table_no": table["table_no"],
            "players": len(table["seats"]),
            "done": suggestion is not None and (table["table_no"], suggestion[0]) in raced,
        }
        for table in service.seating_chart(tournament_id)["tables"]
        if table["seats"]
    ]
    chosen = next((t["table_no"] for t in tables if not t["done"]), None)
    return {"tables": tables, "chosen_table": chosen, "suggestion": suggestion}


@router.get("/t/{tournament_id}/chip-race")
def chip_race_page(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    language = locale_of(request)
    tournament = service.tournament(tournament_id)
    structure, profile = tournament.structure, tournament.profile
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
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    fields = {"table_no": number_or_text(table_no), "removed": number_or_text(removed)}
    error = run(request, tournament_id, "chip_race", **fields, next_chip=number_or_text(next_chip))
    if error:
        return HTMLResponse(flash_fragment(request, error=error))
    # ``run`` returns only the refusal: what the engine drew is in the event it recorded.
    panel = _chip_race_panel(service, tournament_id)
    race = next(r["event"] for r in panel["races"] if r["event"].table_no == fields["table_no"])
    names = player_names(service, tournament_id)
    language = locale_of(request)
    with i18n.use_locale(language):
        if race.winners:
            done = _(
                "Chip race at table %(table)s: a chip of %(chip)s to %(names)s.",
                table=race.table_no,
                chip=i18n.format_chips(race.next_chip),
                names=", ".join(names.get(p, p) for p in race.winners),
            )
        else:
            done = _("Chip race at table %(table)s: nobody wins a chip.", table=race.table_no)
    tables = _chip_race_tables(service, tournament_id, panel["races"])
    return HTMLResponse(
        flash_fragment(request, done=done)
        + render_fragment("chiprace_tables.html", language, pages_of(request), oob=True, **tables)
    )
