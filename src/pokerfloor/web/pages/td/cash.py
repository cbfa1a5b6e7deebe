"""The cash book (TD only): the evening's money. What each player owes and paid, every line
(entries, re-entries, rebuys, add-ons, payments with their method, refunds), the prize pool
counted from the entries or from the money collected (the TD's choice), and the check that the
book adds up: collected = prize pool + house fees + refunds (+ credits still to give back).
A CSV of the same, for the club's accounts.

State is read through the service's locked read model (``cash_book``); the rules (what a line
costs, where the money goes) live in the core (``tournament/_cash.py``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.app.commands import ChoosePrizePoolBasis, Refund
from pokerfloor.app.service import TournamentService
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import (
    flash,
    locale_of,
    player_name,
    render,
    run,
    run_form,
    say,
    tournament_service,
)
from pokerfloor.web.pages.common._forms import FormText
from pokerfloor.web.pages.common._live import live_view, panel_view
from pokerfloor.web.pages.td.desk import PAYMENT_METHODS
from pokerfloor.web.pages.td.results import cell, csv_dialect, euros, spreadsheet

__all__ = ["KINDS", "router"]

router = APIRouter()
_ = i18n.gettext

# What each line of the book is, as the TD reads it.
KINDS = {
    "entry": N_("Buy-in"),
    "reentry": N_("Re-entry"),
    "rebuy": N_("Rebuy"),
    "addon": N_("Add-on"),
    "cancelled": N_("Cancelled"),
    "payment": N_("Payment"),
    "refund": N_("Refund"),
}


def _cash_panel(service: TournamentService, tournament_id: str) -> dict[str, Any]:
    book = service.cash_book(tournament_id)
    return {"book": book, "kinds": KINDS, "methods": PAYMENT_METHODS}


live_view("cash", panel_view("cash_panel.html", _cash_panel, td_only=True))


@router.get("/t/{tournament_id}/cash")
def cash_page(request: Request, tournament_id: str) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    return render(
        request,
        "cash.html",
        tournament_id=tournament_id,
        tool="cash",
        **_cash_panel(service, tournament_id),
    )


@router.post("/t/{tournament_id}/cash/basis")
def choose_basis(request: Request, tournament_id: str, basis: FormText = "") -> Response:
    tournament_service(request, tournament_id, td_only=True)
    error = run_form(request, tournament_id, ChoosePrizePoolBasis, basis=basis)
    done = say(
        request,
        N_("The prize pool now counts every entry, rebuy and add-on.")
        if basis == "entries"
        else N_("The prize pool now counts the money collected only."),
    )
    return flash(request, error, done)


@router.post("/t/{tournament_id}/cash/refund")
def refund(
    request: Request,
    tournament_id: str,
    player_id: FormText = "",
    method: FormText = "cash",
    reason: FormText = "",
) -> Response:
    service = tournament_service(request, tournament_id, td_only=True)
    reason = " ".join(reason.split()) or say(request, N_("Credit given back"))
    if method not in PAYMENT_METHODS:
        return flash(request, say(request, N_("Choose how the player paid.")), "")
    error = run(request, tournament_id, Refund(player_id=player_id, method=method, reason=reason))
    name = player_name(service, tournament_id, player_id)
    return flash(request, error, say(request, N_("%(name)s: refunded."), name=name))


def _label(labels: dict[str, str], key: str) -> str:
    """A known key in the current language; anything else as stored, kept as text."""
    return i18n.gettext(labels[key]) if key in labels else cell(key)


@router.get("/t/{tournament_id}/cash.csv")
def cash_csv(request: Request, tournament_id: str) -> Response:
    """Every line of the book, then the totals, in the spreadsheet dialect of the language."""
    service = tournament_service(request, tournament_id, td_only=True)
    language = locale_of(request)
    separator, mark = csv_dialect(language)
    book = service.cash_book(tournament_id)
    with i18n.use_locale(language):
        rows: list[list[object]] = [
            [_("Time"), _("Player ID"), _("Name"), _("Line"), _("Due (€)"), _("House fee (€)"),
             _("Paid (€)"), _("Method"), _("Note")]
        ]  # fmt: skip
        for line in book["lines"]:
            rows.append(
                [
                    i18n.format_clock_time(line["at_ms"]),
                    cell(line["player_id"]),
                    cell(line["name"]),
                    _label(KINDS, line["kind"]),
                    euros(line["due_cents"], mark),
                    euros(line["fee_cents"], mark),
                    euros(line["paid_cents"], mark),
                    _label(PAYMENT_METHODS, line["method"]),
                    cell(line["note"]),
                ]
            )
        rows.append([])
        totals = book["totals"]
        for label, key in (
            (_("Collected"), "received_cents"),
            (_("Prize pool collected"), "pool_collected_cents"),
            (_("House fees"), "fees_cents"),
            (_("Refunds"), "refunds_cents"),
            (_("Credits to give back"), "credits_cents"),
            (_("Still owed"), "owed_cents"),
            (_("Prize pool paid out"), "prize_pool_cents"),
        ):
            rows.append([label, "", "", "", "", "", euros(totals[key], mark)])
    return spreadsheet(rows, separator, f"{tournament_id}-cash.csv")
