"""Results and the TD's tools around them: the public results (page, CSV, print), finishing the
tournament with a payout proposal shown before it is confirmed, the chip race assistant,
penalties, and corrections (always with a reason; the log only grows).

State is read through the service's locked read models (results, players, seating, clock) and
its durable event log (``event_lines``); only the immutable parts of the aggregate (structure,
profile) are read from it directly.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from pokerfloor.app.commands import MAX_CENTS
from pokerfloor.app.service import EVENT_DECODER, TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import Lang, RuleProfile, format_value, setting_spec
from pokerfloor.tournament import penalties, points, prizes
from pokerfloor.tournament.events import (
    BustCorrected,
    ChipRaced,
    HandCorrected,
    PenaltyGiven,
    RebuyCorrected,
    TournamentEvent,
)
from pokerfloor.tournament.structure import Structure
from pokerfloor.web import i18n
from pokerfloor.web.pages._common import (
    PageError,
    Pages,
    is_td,
    locale_of,
    pages_of,
    render,
    render_fragment,
    require_td,
    run,
)
from pokerfloor.web.pages._live import LiveView, live_view

__all__ = ["csv_dialect", "parse_cents", "router"]

router = APIRouter()
_ = i18n.gettext

# Every field has a default: a missing one reaches ``run``, which names it in the page's
# language (FastAPI would answer with JSON).
FormText = Annotated[str, Form(max_length=2000)]
PREVIEW_PLACES = 100
CHIP_RACE_SETTINGS = (
    "chip_race.starts_at",
    "chip_race.rounding",
    "chip_race.max_chips_per_player",
    "chip_race.cannot_be_raced_out",
)


# ---- shared helpers ------------------------------------------------------------------------


def _service(request: Request, tournament_id: str) -> TournamentService:
    service = pages_of(request).service
    if not service.exists(tournament_id):
        raise PageError(404, i18n.N_("There is no such tournament."))
    return service


def _answer(request: Request, error: str | None = None, done: str | None = None) -> HTMLResponse:
    """The outcome of an action: the ``#flash`` fragment (htmx swaps it in)."""
    pages = pages_of(request)
    html = render_fragment("_flash.html", locale_of(request), pages, error=error, done=done)
    return HTMLResponse(html)


def _events(service: TournamentService, tournament_id: str, *types: str) -> list[TournamentEvent]:
    """The durable events of these types, oldest first (only those lines are decoded)."""
    return [
        EVENT_DECODER.decode(line)
        for _seq, kind, line in service.event_lines(tournament_id)
        if kind in types
    ]


def _number(text: str) -> int | str:
    """A whole number typed in a form, or the text as typed (``run`` then names the field)."""
    cleaned = re.sub(r"[\s\u202f\u00a0]", "", text)
    return int(cleaned) if re.fullmatch(r"\d{1,15}", cleaned) else text


def _names(service: TournamentService, tournament_id: str) -> dict[str, str]:
    return {p["player_id"]: p["name"] for p in service.players_list(tournament_id)["players"]}


def _seat_order(player: dict[str, Any]) -> tuple[int, int, str]:
    return (player["table_no"] or 0, player["seat_no"] or 0, player["name"])


def _lang(language: str) -> Lang:
    return "fr" if language == "fr" else "en"


def _setting_text(profile: RuleProfile, key: str, language: str) -> dict[str, Any]:
    """A profile setting as the page shows it: its label, its value's meaning, citations."""
    spec = setting_spec(key)
    value = format_value(profile.setting(key).value)
    meaning = next(
        (c.meaning(_lang(language)) for c in spec.choices if c.value == value),
        f"{value} {spec.unit_fr if language == 'fr' else spec.unit_en}".strip(),
    )
    return {
        "label": spec.label_fr if language == "fr" else spec.label_en,
        "meaning": meaning,
        "citations": profile.citations(key),
    }


# ---- money and points ----------------------------------------------------------------------


def parse_cents(text: str) -> int:
    """Euros typed by the TD (``1 500,50``, ``1500.5``, ``80 €``) as cents; ``ValueError``
    for anything else (negative, more than 2 decimals, too large)."""
    cleaned = re.sub(r"[\s\u202f\u00a0€]", "", text).replace(",", ".")
    try:
        value = Decimal(cleaned) * 100
    except InvalidOperation:
        raise ValueError(text) from None
    if not value.is_finite() or value < 0 or value != value.to_integral_value():
        raise ValueError(text)
    if value > MAX_CENTS:
        raise ValueError(text)
    return int(value)


def _euros(cents: int, decimal_mark: str) -> str:
    """Cents as euros with two decimals and no grouping (a spreadsheet reads it as a number)."""
    return f"{cents // 100}{decimal_mark}{cents % 100:02d}"


def _parse_amounts(text: str) -> tuple[int, ...]:
    """One amount per line (or separated by ``;``): a comma is the French decimal mark."""
    return tuple(parse_cents(item) for item in re.split(r"[;\n]+", text) if item.strip())


def _points_spec(
    name: str, k: str, decimals: str, factor: str, table: str, others: str
) -> dict[str, Any] | None:
    """The ``points`` field of ``finish`` from the form; empty parameters keep the formula's
    defaults. ``ValueError`` names what is not a whole number."""
    if not name:
        return None
    spec: dict[str, Any] = {"name": name}
    wanted: dict[str, str] = {}
    if name in ("sqrt", "tlb"):
        wanted = {"k": k, "decimals": decimals}
    elif name == "linear":
        wanted = {"factor": factor}
    elif name == "table":
        wanted = {"others": others}
        values = [item for item in re.split(r"[\s,;]+", table) if item]
        if not all(item.isdigit() for item in values):
            raise ValueError(table)
        spec["points"] = tuple(int(item) for item in values)
    for key, text in wanted.items():
        if text.strip():
            if not text.strip().isdigit():
                raise ValueError(text)
            spec[key] = int(text.strip())
    return spec


def _points_text(hundredths: int, language: str) -> str:
    return points.format_points(hundredths, language)


# ---- results -------------------------------------------------------------------------------


def _results_context(
    service: TournamentService, tournament_id: str, language: str
) -> dict[str, Any]:
    data = service.results(tournament_id)
    clock = service.clock_screen(tournament_id)
    rows = []
    for row in data["ranking"]:
        covered = row["places_covered"]
        tied = len(covered) > 1
        rows.append(
            {
                **row,
                "tied": tied,
                "place_text": f"{covered[0]}–{covered[-1]}" if tied else str(row["place"]),
                "points_text": _points_text(row["points"], language),
            }
        )
    return {
        "results": data,
        "rows": rows,
        "has_points": any(row["points"] for row in rows),
        "rebuys": clock["rebuys"],
        "addons": clock["addons"],
    }


def _render_results_live(
    pages: Pages, tournament_id: str, language: str, _params: dict[str, str]
) -> str:
    context = _results_context(pages.service, tournament_id, language)
    return render_fragment(
        "results_panel.html", language, pages, tournament_id=tournament_id, live=True, **context
    )


live_view("results", LiveView(render=_render_results_live))


def _proposal(
    service: TournamentService,
    tournament_id: str,
    language: str,
    *,
    amounts: tuple[int, ...] | None = None,
    pool: int | None = None,
    points_spec: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What ``finish`` would record: the payouts (the standard table unless ``amounts``), the
    pool, and each place's points; ``problem`` says why it would be refused."""
    results = service.results(tournament_id)
    entries = results["entries"]
    collected = results["prize_pool_cents"]
    # The service's defaults: the pool collected, or the sum of the amounts given.
    if pool is None:
        pool = collected if amounts is None else sum(amounts)
    payouts = prizes.payout_table(max(entries, 1), pool) if amounts is None else amounts
    problem = None
    if sum(payouts) > pool:
        problem = _(
            "The payouts add up to %(total)s, more than the prize pool of %(pool)s.",
            total=i18n.format_cents(sum(payouts)),
            pool=i18n.format_cents(pool),
        )
    table: tuple[int, ...] = ()
    if points_spec is not None:
        params = {key: value for key, value in points_spec.items() if key != "name"}
        try:
            formula = points.points_formula(points_spec["name"], **params)
            buy_in = service.tournament(tournament_id).structure.entry.buy_in_cents
            table = points.points_table(formula, max(entries, 1), buy_in)
        except PokerfloorError as error:
            problem = _("Refused (%(code)s): %(message)s", code=error.code, message=error.message)
    # A big field scores points down to the last place: the preview stops at the first ones.
    places = max(len(payouts), min(len(table), PREVIEW_PLACES))
    rows = [
        {
            "place": place,
            "cents": payouts[place - 1] if place <= len(payouts) else 0,
            "points_text": _points_text(table[place - 1], language) if table else "",
        }
        for place in range(1, places + 1)
    ]
    return {
        "entries": entries,
        "players_left": results["players_left"],
        "collected_cents": collected,
        "pool_cents": pool,
        "payouts_field": " ".join(str(amount) for amount in payouts),
        "total_cents": sum(payouts),
        "rows": rows,
        "with_points": bool(table),
        "places_not_shown": max(0, len(table) - places),
        "points_spec": points_spec,
        "standard": amounts is None,
        "problem": problem,
    }


@router.get("/t/{tournament_id}/results")
def results_page(
    request: Request,
    tournament_id: str,
    print_view: Annotated[str, Query(alias="print", max_length=5)] = "",
) -> Response:
    service = _service(request, tournament_id)
    language = locale_of(request)
    context = _results_context(service, tournament_id, language)
    if print_view == "1":
        return render(request, "results_print.html", tournament_id=tournament_id, **context)
    proposal = None
    if is_td(request) and not context["results"]["finished"]:
        with i18n.use_locale(language):
            proposal = _proposal(service, tournament_id, language)
    return render(
        request,
        "results.html",
        tournament_id=tournament_id,
        proposal=proposal,
        tool="results",
        **context,
    )


def csv_dialect(language: str) -> tuple[str, str]:
    """(field separator, decimal mark): what a spreadsheet of that language opens as numbers.
    A French Excel splits on ``;`` and reads ``52,00``; an English one wants ``,`` and ``.``."""
    return (";", ",") if language == "fr" else (",", ".")


def _cell(text: str) -> str:
    # A name starting with = + - @ would run as a formula in a spreadsheet: keep it text.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@router.get("/t/{tournament_id}/results.csv")
def results_csv(request: Request, tournament_id: str) -> Response:
    service = _service(request, tournament_id)
    language = locale_of(request)
    separator, decimal_mark = csv_dialect(language)
    data = service.results(tournament_id)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=separator, lineterminator="\r\n")
    with i18n.use_locale(language):
        writer.writerow([_("Place"), _("Name"), _("Player ID"), _("Prize (€)"), _("Points")])
    for row in data["ranking"]:
        writer.writerow(
            [
                row["place"],
                _cell(row["name"]),
                _cell(row["player_id"]),
                _euros(row["cents"], decimal_mark),
                _points_text(row["points"], language),
            ]
        )
    # The byte order mark tells Excel the file is UTF-8, so accents show as written.
    body = ("\ufeff" + buffer.getvalue()).encode("utf-8")
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{tournament_id}-results.csv"'},
    )


class _PointsForm(BaseModel):
    """The points formula of the finish forms; an empty parameter keeps the default."""

    points_name: str = Field("", max_length=10)
    points_k: str = Field("", max_length=20)
    points_decimals: str = Field("", max_length=20)
    points_factor: str = Field("", max_length=20)
    points_table: str = Field("", max_length=5000)
    points_others: str = Field("", max_length=20)

    def spec(self) -> dict[str, Any] | None:
        return _points_spec(
            self.points_name,
            self.points_k,
            self.points_decimals,
            self.points_factor,
            self.points_table,
            self.points_others,
        )


class _PreviewForm(_PointsForm):
    mode: str = Field("standard", max_length=10)
    amounts: str = Field("", max_length=20_000)
    pool: str = Field("", max_length=40)


class _FinishForm(_PointsForm):
    payouts_cents: str = Field("", max_length=20_000)
    prize_pool_cents: str = Field("", max_length=40)


@router.post("/t/{tournament_id}/results/preview")
def finish_preview(
    request: Request, tournament_id: str, form: Annotated[_PreviewForm, Form()]
) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    language = locale_of(request)
    problem: str | None = None
    proposal: dict[str, Any] | None = None
    with i18n.use_locale(language):
        try:
            amounts = _parse_amounts(form.amounts) if form.mode == "amounts" else None
            if amounts == ():
                raise ValueError(form.amounts)
            pool = parse_cents(form.pool) if form.pool.strip() else None
            spec = form.spec()
        except ValueError as error:
            problem = _("Not a valid amount or number: %(value)s", value=str(error).strip())
        else:
            proposal = _proposal(
                service, tournament_id, language, amounts=amounts, pool=pool, points_spec=spec
            )
    html = render_fragment(
        "results_preview.html",
        language,
        pages_of(request),
        tournament_id=tournament_id,
        proposal=proposal,
        problem=problem,
    )
    return HTMLResponse(html)


@router.post("/t/{tournament_id}/finish")
def finish(request: Request, tournament_id: str, form: Annotated[_FinishForm, Form()]) -> Response:
    """Record exactly the proposal the TD saw: its payouts, its pool and its formula."""
    require_td(request)
    service = _service(request, tournament_id)
    with i18n.use_locale(locale_of(request)):
        try:
            spec = form.spec()
        except ValueError as error:
            return _answer(request, error=_("Not a valid amount or number: %(value)s", value=error))
        fields: dict[str, Any] = {
            "payouts_cents": tuple(_number(item) for item in form.payouts_cents.split()),
            "points": spec,
        }
        if form.prize_pool_cents.strip():
            fields["prize_pool_cents"] = _number(form.prize_pool_cents)
        refusal = run(request, tournament_id, "finish", **fields)
        if refusal:
            return _answer(request, error=refusal)
        ranking = service.results(tournament_id)["ranking"]
        winner = ranking[0]["name"] if ranking else ""
        return _answer(request, done=_("The tournament is finished: %(name)s wins.", name=winner))


# ---- chip race -----------------------------------------------------------------------------


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
    names = _names(service, tournament_id)
    races = [e for e in _events(service, tournament_id, "chip_raced") if isinstance(e, ChipRaced)]
    return {"races": [_race_view(race, names) for race in reversed(races)]}


def _render_chip_race_live(
    pages: Pages, tournament_id: str, language: str, _params: dict[str, str]
) -> str:
    context = _chip_race_panel(pages.service, tournament_id)
    return render_fragment("chiprace_panel.html", language, pages, **context)


live_view("chip-race", LiveView(render=_render_chip_race_live, td_only=True))


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
    require_td(request)
    service = _service(request, tournament_id)
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
    require_td(request)
    service = _service(request, tournament_id)
    fields = {"table_no": _number(table_no), "removed": _number(removed)}
    error = run(request, tournament_id, "chip_race", **fields, next_chip=_number(next_chip))
    if error:
        return _answer(request, error=error)
    # ``run`` returns only the refusal: what the engine drew is in the event it recorded.
    panel = _chip_race_panel(service, tournament_id)
    race = next(r["event"] for r in panel["races"] if r["event"].table_no == fields["table_no"])
    names = _names(service, tournament_id)
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
    pages = pages_of(request)
    tables = _chip_race_tables(service, tournament_id, panel["races"])
    return HTMLResponse(
        render_fragment("_flash.html", language, pages, done=done)
        + render_fragment("chiprace_tables.html", language, pages, oob=True, **tables)
    )


# ---- penalties -----------------------------------------------------------------------------


def penalty_label(kind: str) -> str:
    """A penalty kind in words, in the current language."""
    if kind.startswith("missed_rounds_"):
        rounds = int(kind.rsplit("_", 1)[1])
        return i18n.ngettext("%(num)s missed round", "%(num)s missed rounds", rounds)
    labels = {
        "warning": i18n.N_("Warning"),
        "missed_hand": i18n.N_("One missed hand"),
        "disqualification": i18n.N_("Disqualification"),
    }
    return _(labels.get(kind, kind))


def _ladder(profile: RuleProfile, language: str) -> list[dict[str, str]]:
    choices = setting_spec("penalties.ladder").choices
    meanings = {choice.value: choice.meaning(_lang(language)) for choice in choices}
    return [
        {"kind": kind, "label": penalty_label(kind), "meaning": meanings.get(kind, "")}
        for kind in penalties.ladder(profile)
    ]


def _proposed(service: TournamentService, tournament_id: str, player_id: str) -> str | None:
    tournament = service.tournament(tournament_id)
    if player_id not in tournament.players:
        return None
    return tournament.proposed_penalty(player_id)


def _penalties_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    players = service.players_list(tournament_id)["players"]
    names = {p["player_id"]: p["name"] for p in players}
    given = _events(service, tournament_id, "penalty_given")
    punished = [
        {**p, "proposed": _proposed(service, tournament_id, p["player_id"])}
        for p in sorted(players, key=_seat_order)
        if p["penalties"]
    ]
    return {
        "given": [
            {"event": e, "name": names.get(e.player_id, e.player_id)}
            for e in reversed(given)
            if isinstance(e, PenaltyGiven)
        ],
        "punished": punished,
        "penalty_label": penalty_label,
    }


def _render_penalties_live(
    pages: Pages, tournament_id: str, language: str, _params: dict[str, str]
) -> str:
    with i18n.use_locale(language):
        context = _penalties_panel(pages.service, tournament_id)
    return render_fragment("penalties_panel.html", language, pages, **context)


live_view("penalties", LiveView(render=_render_penalties_live, td_only=True))


def _kind_context(
    service: TournamentService, tournament_id: str, player_id: str, language: str
) -> dict[str, Any]:
    profile = service.tournament(tournament_id).profile
    return {
        "ladder": _ladder(profile, language),
        "proposed": _proposed(service, tournament_id, player_id) if player_id else None,
    }


@router.get("/t/{tournament_id}/penalties")
def penalties_page(request: Request, tournament_id: str, player_id: str = "") -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    language = locale_of(request)
    tournament = service.tournament(tournament_id)
    in_play = [
        p
        for p in service.players_list(tournament_id)["players"]
        if p["status"] == "playing" and p["table_no"]
    ]
    with i18n.use_locale(language):
        kind = _kind_context(service, tournament_id, player_id, language)
        panel = _penalties_panel(service, tournament_id)
    return render(
        request,
        "penalties.html",
        tournament_id=tournament_id,
        tool="penalties",
        profile_id=tournament.profile.id,
        ladder_citations=tournament.profile.citations("penalties.ladder"),
        players=sorted(in_play, key=_seat_order),
        selected=player_id,
        **kind,
        **panel,
    )


@router.get("/t/{tournament_id}/penalties/kind")
def penalty_kind(request: Request, tournament_id: str, player_id: str = "") -> Response:
    """The penalty choice with the next step of the ladder preselected for this player."""
    require_td(request)
    service = _service(request, tournament_id)
    language = locale_of(request)
    with i18n.use_locale(language):
        context = _kind_context(service, tournament_id, player_id, language)
    html = render_fragment(
        "penalties_kind.html", language, pages_of(request), penalty_label=penalty_label, **context
    )
    return HTMLResponse(html)


@router.post("/t/{tournament_id}/penalties")
def penalize(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    kind: FormText = "",
    reason: FormText = "",
) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    error = run(request, tournament_id, "penalize", player_id=player_id, kind=kind, reason=reason)
    if error:
        return _answer(request, error=error)
    language = locale_of(request)
    with i18n.use_locale(language):
        done = _(
            "%(name)s: %(penalty)s.",
            name=_names(service, tournament_id).get(player_id, player_id),
            penalty=penalty_label(kind),
        )
        # The next offence climbs the ladder: show the new proposal for the same player.
        context = _kind_context(service, tournament_id, player_id, language)
    pages = pages_of(request)
    flash = render_fragment("_flash.html", language, pages, done=done)
    kind_html = render_fragment(
        "penalties_kind.html", language, pages, oob=True, penalty_label=penalty_label, **context
    )
    return HTMLResponse(flash + kind_html)


# ---- corrections ---------------------------------------------------------------------------


def _corrections_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    names = _names(service, tournament_id)
    made = _events(service, tournament_id, "bust_corrected", "rebuy_corrected", "hand_corrected")
    items = []
    for event in reversed(made):
        item: dict[str, Any] = {"event": event, "kind": type(event).__name__}
        if isinstance(event, BustCorrected | RebuyCorrected):
            item["name"] = names.get(event.player_id, event.player_id)
        if isinstance(event, HandCorrected):
            after = dict(event.stacks_after)
            item["changes"] = [
                {"name": names.get(pid, pid), "before": before, "after": after.get(pid, before)}
                for pid, before in event.stacks_before
                if after.get(pid, before) != before
            ]
        items.append(item)
    return {"corrections": items}


def _render_corrections_live(
    pages: Pages, tournament_id: str, language: str, _params: dict[str, str]
) -> str:
    context = _corrections_panel(pages.service, tournament_id)
    return render_fragment("corrections_panel.html", language, pages, **context)


live_view("corrections", LiveView(render=_render_corrections_live, td_only=True))


def _corrections_forms(
    service: TournamentService, tournament_id: str, table_no: int | None
) -> dict[str, Any]:
    players = sorted(service.players_list(tournament_id)["players"], key=_seat_order)
    busted = sorted(
        (p for p in players if p["status"] == "busted"), key=lambda p: (p["place"], p["name"])
    )
    rebought = [p for p in players if p["rebuys"] or p["addons"]]
    tables = [t for t in service.seating_chart(tournament_id)["tables"] if t["seats"]]
    chosen = next((t for t in tables if t["table_no"] == table_no), tables[0] if tables else None)
    return {"busted": busted, "rebought": rebought, "tables": tables, "table": chosen}


@router.get("/t/{tournament_id}/corrections")
def corrections_page(request: Request, tournament_id: str, table_no: int | None = None) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    return render(
        request,
        "corrections.html",
        tournament_id=tournament_id,
        tool="corrections",
        **_corrections_forms(service, tournament_id, table_no),
        **_corrections_panel(service, tournament_id),
    )


def _corrected(
    request: Request, tournament_id: str, kind: str, done: str, **fields: Any
) -> HTMLResponse:
    """Run a correction; on success the forms come back too (htmx out-of-band), so their lists
    (busted players, rebuys, stacks) show the new state."""
    error = run(request, tournament_id, kind, **fields)
    if error:
        return _answer(request, error=error)
    pages = pages_of(request)
    language = locale_of(request)
    service = pages.service
    table_no = fields.get("table_no")
    context = _corrections_forms(
        service, tournament_id, table_no if isinstance(table_no, int) else None
    )
    flash = render_fragment("_flash.html", language, pages, done=done)
    forms = render_fragment(
        "corrections_forms.html", language, pages, tournament_id=tournament_id, oob=True, **context
    )
    return HTMLResponse(flash + forms)


@router.post("/t/{tournament_id}/corrections/bust")
def correct_bust(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    stack: FormText = "",
    reason: FormText = "",
) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    with i18n.use_locale(locale_of(request)):
        done = _(
            "%(name)s is back in play. The bust is corrected in the log, with the reason.",
            name=_names(service, tournament_id).get(player_id, player_id),
        )
    return _corrected(
        request, tournament_id, "correct_bust", done,
        player_id=player_id, stack=_number(stack), reason=reason,
    )  # fmt: skip


@router.post("/t/{tournament_id}/corrections/rebuy")
def correct_rebuy(
    request: Request, tournament_id: str, player_id: FormText = "", reason: FormText = ""
) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    with i18n.use_locale(locale_of(request)):
        done = _(
            "%(name)s: the last rebuy or add-on is cancelled.",
            name=_names(service, tournament_id).get(player_id, player_id),
        )
    return _corrected(
        request, tournament_id, "correct_rebuy", done, player_id=player_id, reason=reason
    )


def _changed_stacks(
    service: TournamentService,
    tournament_id: str,
    table_no: int | str,
    pairs: Iterable[tuple[str, str]],
) -> dict[str, int | str]:
    """The stacks the TD changed (the others are left out of the correction)."""
    current: dict[str, int] = {}
    for table in service.seating_chart(tournament_id)["tables"]:
        if table["table_no"] == table_no:
            current = {seat["player_id"]: seat["stack"] for seat in table["seats"]}
    return {
        player_id: _number(stack)
        for player_id, stack in pairs
        if current.get(player_id) != _number(stack)
    }


@router.post("/t/{tournament_id}/corrections/hand")
def correct_hand(
    request: Request,
    tournament_id: str,
    table_no: FormText = "",
    hand_no: FormText = "",
    player: Annotated[list[str] | None, Form()] = None,
    stack: Annotated[list[str] | None, Form()] = None,
    reason: FormText = "",
) -> Response:
    require_td(request)
    service = _service(request, tournament_id)
    table = _number(table_no)
    stacks = _changed_stacks(
        service, tournament_id, table, zip(player or [], stack or [], strict=False)
    )
    with i18n.use_locale(locale_of(request)):
        if not stacks:
            return _answer(request, error=_("No stack was changed: nothing to correct."))
        done = _("Table %(table)s: the stacks of the last hand are corrected.", table=table_no)
    return _corrected(
        request, tournament_id, "correct_hand", done,
        table_no=table, hand_no=_number(hand_no), stacks=stacks, reason=reason,
    )  # fmt: skip
