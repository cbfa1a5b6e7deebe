"""The cash book page (TD only): totals that reconcile, who still owes, the prize pool basis,
refunds, the CSV; the unpaid warnings at the seat draw and at the finish; the API read."""

from __future__ import annotations

import csv
import io

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.web.pages.conftest import TOKEN, Venue
from tests.web.pages.test_desk import create, flash, register


def test_the_cash_book_is_for_the_td_only(venue: Venue) -> None:
    create(venue)
    for path in ("/t/club/cash", "/t/club/cash.csv"):
        response = venue.public.get(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"].startswith("/login")
    response = venue.public.post(
        "/t/club/cash/basis", data={"basis": "money"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert venue.service.tournament("club").cash.basis == "entries"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        venue.public.websocket_connect("/t/club/live?view=cash") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4401
    assert venue.public.get("/api/tournaments/club/cash").status_code == 401
    api = venue.public.get(
        "/api/tournaments/club/cash", headers={"Authorization": f"Bearer {TOKEN}"}
    )
    assert api.status_code == 200 and api.json()["reconciles"] is True


def test_payments_show_in_the_totals_and_the_book_reconciles(venue: Venue) -> None:
    create(venue, structure="deep-stack")  # buy-in 50.00 + house fee 5.00
    paul, anne, _ = register(venue, "Paul", "Anne", "Zoé")
    venue.td.post("/t/club/desk/pay", data={"player_id": paul, "paid": "yes", "method": "card"})
    venue.td.post("/t/club/desk/pay", data={"player_id": anne, "paid": "yes", "method": "cash"})
    page = venue.td.get("/t/club/cash").text
    assert (
        "Encaissé 110,00\xa0€ = cagnotte 100,00\xa0€ + frais du club 10,00\xa0€ + "
        "remboursements 0,00\xa0€." in page
    )
    assert "Zoé doit 55,00\xa0€" in page
    assert "Carte" in page and "Espèces" in page
    listing = venue.td.get("/t/club/desk/players").text
    assert "Non payé : 55,00\xa0€" in listing or "Non payé: 55,00\xa0€" in listing


def test_the_prize_pool_counts_entries_or_the_money_collected(venue: Venue) -> None:
    create(venue, structure="deep-stack")
    paul, _ = register(venue, "Paul", "Anne")
    venue.td.post("/t/club/desk/pay", data={"player_id": paul, "paid": "yes", "method": "cash"})
    page = venue.td.get("/t/club/cash?lang=en").text
    assert "The prize pool announced (€100.00) counts €55.00 not collected yet." in page
    response = venue.td.post("/t/club/cash/basis?lang=en", data={"basis": "money"})
    assert "The prize pool now counts the money collected only." in flash(response)
    assert venue.service.tournament("club").prize_pool().total_cents == 5000
    refused = venue.td.post("/t/club/cash/basis?lang=en", data={"basis": "hope"})
    assert "hope" in flash(refused) and venue.service.tournament("club").cash.basis == "money"


def test_unregistering_a_paid_player_refunds_them_and_the_csv_adds_up(venue: Venue) -> None:
    create(venue, structure="deep-stack")
    paul, _ = register(venue, "=Paul", "Anne")
    venue.td.post("/t/club/desk/pay", data={"player_id": paul, "paid": "yes", "method": "card"})
    venue.td.post("/t/club/desk/unregister", data={"player_id": paul, "reason": "malade"})
    book = venue.service.cash_book("club")
    assert book["totals"]["refunds_cents"] == 5500 and book["reconciles"]
    response = venue.td.get("/t/club/cash.csv?lang=fr")
    rows = list(csv.reader(io.StringIO(response.text.lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:4] == ["Heure", "Identifiant", "Nom", "Ligne"] or rows[0][3] == "Ligne"
    kinds = [row[3] for row in rows[1:] if len(row) > 3 and row[3]]
    assert kinds.count("Remboursement") == 1 and "Paiement" in kinds
    assert all(not row[2].startswith("=") for row in rows[1:] if len(row) > 2)
    totals = {row[0]: row[6] for row in rows if len(row) == 7 and not row[1]}
    assert totals["Encaissé"] == "55,00" and totals["Remboursements"] == "55,00"


def test_a_credit_is_refunded_from_the_page(venue: Venue) -> None:
    create(venue)
    paul, _ = register(venue, "Paul", "Anne")
    venue.command("club", type="record_payment", player_id=paul, paid=True, amount_cents=2500)
    page = venue.td.get("/t/club/cash").text
    assert f'id="refund-{paul}"' in page
    response = venue.td.post("/t/club/cash/refund", data={"player_id": paul, "method": "cash"})
    assert "Paul : remboursé." in flash(response)
    book = venue.service.cash_book("club")
    assert book["totals"]["credits_cents"] == 0 and book["totals"]["refunds_cents"] == 500
    assert book["reconciles"]


def test_the_seat_draw_and_the_finish_warn_about_unpaid_players(venue: Venue) -> None:
    create(venue)
    paul, anne = register(venue, "Paul", "Anne")
    venue.td.post("/t/club/desk/pay", data={"player_id": paul, "paid": "yes", "method": "card"})
    desk = venue.td.get("/t/club/desk").text
    assert "1 joueur n'a pas tout payé" in desk and "Anne doit 20,00\xa0€" in desk
    venue.command("club", type="draw_seats", seed=1)
    results = venue.td.get("/t/club/results").text
    assert "Anne doit 20,00\xa0€" in results
    venue.td.post("/t/club/desk/pay", data={"player_id": anne, "paid": "yes", "method": "cash"})
    assert "doit" not in venue.td.get("/t/club/results").text.split("finish-title")[1][:2000]


def test_stored_names_and_methods_are_escaped_on_the_cash_page(venue: Venue) -> None:
    create(venue)
    venue.command("club", type="register_player", player_id="x1", name="<script>alert(1)</script>")
    venue.command("club", type="record_payment", player_id="x1", paid=True, method="<b>iou</b>")
    page = venue.td.get("/t/club/cash").text
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    assert "<b>iou</b>" not in page and "&lt;b&gt;iou&lt;/b&gt;" in page
    desk = venue.td.get("/t/club/desk/players").text
    assert "<b>iou</b>" not in desk
