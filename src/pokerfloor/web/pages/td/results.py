"""The public results (page, CSV, print) and finishing the tournament with a payout proposal
the TD sees before confirming it.

State is read through the service's locked read models (results, clock); only the immutable
parts of the aggregate (the structure) are read from it directly. The TD's tools around the
results have modules of their own: ``chiprace``, ``penalties`` and ``corrections``.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import Field

from pokerfloor.app.commands import MAX_CENTS, Finish
from pokerfloor.app.csv_cells import safe_cell
from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import points, prizes
from pokerfloor.tournament.finish_checks import proposed_finish
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import (
    Pages,
    flash_fragment,
    is_td,
    locale_of,
    pages_of,
    render,
    render_fragment,
    run_form,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormError, decimal_number, number_or_text
from pokerfloor.web.pages.common._live import LiveView, live_view
from pokerfloor.web.pages.common._refusals import explain
from pokerfloor.web.pages.td._payouts_form import decimal_text
from pokerfloor.web.pages.td._points_form import PointsForm, form_values

__all__ = ["cell", "csv_dialect", "euros", "parse_cents", "router", "spreadsheet"]

router = APIRouter()
_ = i18n.gettext

PREVIEW_PLACES = 100


# ---- money and points ----------------------------------------------------------------------


def parse_cents(text: str) -> int:
    """Euros typed by the TD (``1 500,50``, ``1500.5``, ``80 €``) as cents; ``ValueError``
    for anything else (negative, more than 2 decimals, too large)."""
    euros = decimal_number(text.replace("€", ""))  # ASCII digits: never "inf", "1e999", "١٠"
    if euros is None:
        raise ValueError(text)
    value = euros * 100
    if value != value.to_integral_value() or value > MAX_CENTS:
        raise ValueError(text)
    return int(value)


def euros(cents: int, decimal_mark: str) -> str:
    """Cents as euros with two decimals and no grouping (a spreadsheet reads it as a number)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}{decimal_mark}{abs(cents) % 100:02d}"


def _parse_amounts(text: str) -> tuple[int, ...]:
    """One amount per line (or separated by ``;``): a comma is the French decimal mark."""
    return tuple(parse_cents(item) for item in re.split(r"[;\n]+", text) if item.strip())


def _points_text(hundredths: int, language: str) -> str:
    return points.format_points(hundredths, language)


def _scheme_name(spec: Mapping[str, Any] | None) -> str:
    """The payout scheme chosen at set-up (the tournament summary's ``payouts``; None is the
    standard table), named for the TD in the current language, with its rounding when it is
    not whole euros, so the amounts of the proposal can be checked against it."""
    scheme, rounding = prizes.payout_scheme(spec or {"name": "standard"})
    if isinstance(scheme, prizes.FixedShares):
        label = _("club grid")
    elif isinstance(scheme, prizes.PowerCurve):
        label = _("power curve, exponent %(exponent)s", exponent=decimal_text(scheme.exponent))
    elif isinstance(scheme, prizes.GeometricCurve):
        label = _("geometric curve, ratio %(ratio)s", ratio=decimal_text(scheme.ratio))
    else:
        label = _("standard table")
    if rounding == 100:
        return label
    return _(
        "%(scheme)s, prizes rounded to %(unit)s", scheme=label, unit=i18n.format_cents(rounding)
    )


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
    """What ``finish`` would record: the payouts (by the scheme chosen at set-up unless
    ``amounts``), the pool, and each place's points; ``problem`` says why it would be refused.
    ``scheme`` names the set-up scheme; ``by_scheme`` says the payouts follow it."""
    results = service.results(tournament_id)
    entries = results["entries"]
    collected = results["prize_pool_cents"]
    by_scheme = amounts is None
    # The core's defaults and checks (the pool collected, the set-up's scheme); the preview
    # warns of payouts above the pool only: below it, the form asks the TD to confirm.
    payouts, pool, refusal = service.read(
        tournament_id,
        lambda t: proposed_finish(
            amounts, pool, lambda: t.prize_pool().total_cents, t.default_payouts, below_pool=True
        ),
    )
    problem = None
    if refusal is not None:
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
            buy_in = service.read(tournament_id, lambda t: t.structure.entry.buy_in_cents)
            table = points.points_table(formula, max(entries, 1), buy_in)
        except PokerfloorError as error:
            problem = explain(error)
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
        "scheme": _scheme_name(service.summary(tournament_id)["payouts"]),
        "by_scheme": by_scheme,
        "problem": problem,
    }


@router.get("/t/{tournament_id}/results")
def results_page(
    request: Request,
    tournament_id: str,
    print_view: Annotated[str, Query(alias="print", max_length=5)] = "",
) -> Response:
    service = tournament_service(request, tournament_id)
    language = locale_of(request)
    context = _results_context(service, tournament_id, language)
    if print_view == "1":
        return render(request, "results_print.html", tournament_id=tournament_id, **context)
    proposal = None
    points_values: dict[str, str] = {}
    if is_td(request) and not context["results"]["finished"]:
        with i18n.use_locale(language):
            # The evening's formula, chosen at set-up, is the proposal's until the TD changes it.
            points_values = form_values(service.summary(tournament_id)["points"])
            try:
                spec = PointsForm(**points_values).spec()
            except FormError:
                spec = None
            proposal = _proposal(service, tournament_id, language, points_spec=spec)
            # Money still owed is collected before the prizes are paid (the cash book).
            proposal["unpaid"] = service.cash_book(tournament_id)["unpaid"]
    return render(
        request,
        "results.html",
        tournament_id=tournament_id,
        proposal=proposal,
        points_values=points_values,
        tool="results",
        **context,
    )


def csv_dialect(language: str) -> tuple[str, str]:
    """(field separator, decimal mark): what a spreadsheet of that language opens as numbers.
    A French Excel splits on ``;`` and reads ``52,00``; an English one wants ``,`` and ``.``."""
    return (";", ",") if language == "fr" else (",", ".")


def cell(text: str) -> str:
    # A name a spreadsheet would run as a formula stays text (app/csv_cells.py).
    return safe_cell(text)


@router.get("/t/{tournament_id}/results.csv")
def results_csv(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id)
    language = locale_of(request)
    separator, decimal_mark = csv_dialect(language)
    data = service.results(tournament_id)
    with i18n.use_locale(language):
        header: list[object] = [_("Place"), _("Name"), _("Player ID"), _("Prize (€)"), _("Points")]
        bounties = "bounties" in data  # a bounty tournament: the bounties each player won
        if bounties:
            header.append(_("Bounties won (€)"))
        seats = "satellite" in data  # a satellite: the seats won and the credits
        if seats:
            header += [_("Seat won"), _("Credit (€)")]
    rows: list[list[object]] = [header]
    for row in data["ranking"]:
        rows.append(
            [
                row["place"],
                cell(row["name"]),
                cell(row["player_id"]),
                euros(row["cents"], decimal_mark),
                _points_text(row["points"], language),
            ]
            + ([euros(row["bounty_won_cents"], decimal_mark)] if bounties else [])
            + (_seat_cells(row, decimal_mark) if seats else [])
        )
    return spreadsheet(rows, separator, f"{tournament_id}-results.csv")


def _seat_cells(row: dict[str, Any], decimal_mark: str) -> list[object]:
    """A satellite's row: 1 for a seat won (0 otherwise), the credit."""
    return [1 if row.get("seat") else 0, euros(row.get("credit_cents", 0), decimal_mark)]


def spreadsheet(rows: list[list[object]], separator: str, filename: str) -> Response:
    """A CSV download of ``rows`` that a spreadsheet of the language opens as it is."""
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=separator, lineterminator="\r\n").writerows(rows)
    # The byte order mark tells Excel the file is UTF-8, so accents show as written.
    body = ("\ufeff" + buffer.getvalue()).encode("utf-8")
    return Response(
        body,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


class _PreviewForm(PointsForm):
    mode: str = Field("standard", max_length=10)
    amounts: str = Field("", max_length=20_000)
    pool: str = Field("", max_length=40)


class _FinishForm(PointsForm):
    payouts_cents: str = Field("", max_length=20_000)
    prize_pool_cents: str = Field("", max_length=40)
    below_pool: str = Field("", max_length=5)  # ticked: pay less than the pool, knowingly


@router.post("/t/{tournament_id}/results/preview")
def finish_preview(
    request: Request, tournament_id: str, form: Annotated[_PreviewForm, Form()]
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
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
        except FormError as error:
            problem = error.message
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
    service = tournament_service(request, tournament_id, td_only=True)
    with i18n.use_locale(locale_of(request)):
        try:
            spec = form.spec()
        except FormError as error:
            return HTMLResponse(flash_fragment(request, error=error.message))
        # ``finish`` without a formula scores the set-up one; "no points" chosen here must
        # record what the proposal showed: no points at all.
        fields: dict[str, Any] = {
            "payouts_cents": tuple(number_or_text(item) for item in form.payouts_cents.split()),
            "points": spec,
            "no_points": spec is None,
            "below_pool": bool(form.below_pool),
        }
        if form.prize_pool_cents.strip():
            fields["prize_pool_cents"] = number_or_text(form.prize_pool_cents)
        refusal = run_form(request, tournament_id, Finish, **fields)
        if refusal:
            return HTMLResponse(flash_fragment(request, error=refusal))
        ranking = service.results(tournament_id)["ranking"]
        winner = ranking[0]["name"] if ranking else ""
        done = _("The tournament is finished: %(name)s wins.", name=winner)
    return HTMLResponse(flash_fragment(request, done=done))
