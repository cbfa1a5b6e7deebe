"""Corrections, through the test client: a bust, a rebuy and a hand's stacks corrected with
a reason, refusals that change nothing, the corrections listed live, TD-only access."""

from __future__ import annotations

import html

from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import (
    TID,
    bust,
    check_public_is_sent_to_sign_in,
    event_count,
    player,
    post,
    report_hand,
    start,
    text,
)


def test_the_corrections_page_says_the_log_only_grows(venue: Venue) -> None:
    start(venue)
    assert "Le journal ne fait que s'allonger" in text(venue.td.get(f"/t/{TID}/corrections"))
    assert "The log only grows" in text(venue.td.get(f"/t/{TID}/corrections?lang=en"))


def test_a_bust_that_was_not_one_is_corrected(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    answer = post(
        venue,
        "corrections/bust",
        {"player_id": "p1", "stack": "20 000", "reason": "Il restait un jeton"},
    )
    assert "Joueur 1 est de retour en jeu" in answer
    assert player(venue, "p1")["status"] == "playing"
    assert player(venue, "p1")["stack"] == 20000
    assert 'id="correction-forms"' in answer and "Personne n'est éliminé." in answer
    page = text(venue.td.get(f"/t/{TID}/corrections"))
    assert "Élimination corrigée : Joueur 1 revient à la table 1" in page
    assert "Raison : Il restait un jeton" in page


def test_a_rebuy_that_did_not_happen_is_cancelled(venue: Venue) -> None:
    start(venue, structure="club-rebuy")
    report_hand(venue, {"p1": 0, "p2": 40000, "p3": 20000, "p4": 20000}, rebuys=("p1",))
    assert player(venue, "p1")["rebuys"] == 1
    pool = venue.service.results(TID)["prize_pool_cents"]
    answer = post(venue, "corrections/rebuy", {"player_id": "p1", "reason": "Pas payée"})
    assert "la dernière recave ou le dernier add-on est annulé" in answer
    assert player(venue, "p1")["rebuys"] == 0
    assert venue.service.results(TID)["prize_pool_cents"] == pool - 2000
    page = text(venue.td.get(f"/t/{TID}/corrections?lang=en"))
    assert "Rebuy cancelled: Joueur 1, 20,000 chips and €20.00 taken back." in page


def test_stacks_wrongly_reported_are_corrected(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 15000, "p2": 25000, "p3": 20000, "p4": 20000})
    page = text(venue.td.get(f"/t/{TID}/corrections?table_no=1"))
    assert "Main 1, la dernière annoncée à la table 1" in page
    seats = venue.service.seating_chart(TID)["tables"][0]["seats"]
    form = {
        "table_no": "1",
        "hand_no": "1",
        "player": [seat["player_id"] for seat in seats],
        "stack": [
            {"p1": "25000", "p2": "15000"}.get(seat["player_id"], str(seat["stack"]))
            for seat in seats
        ],
        "reason": "Tapis inversés",
    }
    answer = post(venue, "corrections/hand", form)
    assert "Table 1 : les tapis de la dernière main sont corrigés." in answer
    assert player(venue, "p1")["stack"] == 25000 and player(venue, "p2")["stack"] == 15000
    event = venue.service.tournament(TID).events[-1]
    assert dict(getattr(event, "stacks_after", ())) == {"p1": 25000, "p2": 15000}
    page = text(venue.td.get(f"/t/{TID}/corrections"))
    assert "Main 1 de la table 1 corrigée" in page
    assert "Raison : Tapis inversés" in page


def test_a_hand_correction_that_makes_chips_appear_is_refused(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 15000, "p2": 25000, "p3": 20000, "p4": 20000})
    before = event_count(venue)
    form = {
        "table_no": "1",
        "hand_no": "1",
        "player": ["p1", "p2"],
        "stack": ["25000", "25000"],
        "reason": "x",
    }
    answer = post(venue, "corrections/hand", form)
    assert 'refusal-code">(CHIPS_NOT_CONSERVED)<' in answer
    unchanged = {**form, "stack": ["15000", "25000"]}
    answer = post(venue, "corrections/hand", unchanged)
    assert "Aucun tapis n'a été modifié" in answer
    answer = post(venue, "corrections/bust", {"player_id": "p3", "stack": "100", "reason": "x"})
    assert 'refusal-code">(NOT_BUSTED)<' in answer
    assert event_count(venue) == before
    assert player(venue, "p1")["stack"] == 15000


def test_the_corrections_made_are_pushed_live(venue: Venue) -> None:
    start(venue)
    with venue.td.websocket_connect(f"/t/{TID}/live?view=corrections&lang=fr") as socket:
        assert 'id="corrections-made"' in socket.receive_text()
        bust(venue, "p1")  # not a correction: the panel is pushed again, still empty
        assert "Aucune correction pour l'instant." in html.unescape(socket.receive_text())
        venue.command(TID, type="correct_bust", player_id="p1", stack=20000, reason="Erreur")
        assert "Raison : Erreur" in html.unescape(socket.receive_text())


def test_corrections_are_for_the_td_only(venue: Venue) -> None:
    start(venue)
    unbust = {"player_id": "p1", "stack": "1", "reason": "x"}
    check_public_is_sent_to_sign_in(venue, ("corrections",), {"corrections/bust": unbust})
