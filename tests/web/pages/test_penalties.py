"""Penalties, through the test client: a penalty recorded with the ladder's next step
proposed, refusals that change nothing, TD-only access."""

from __future__ import annotations

from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import (
    TID,
    check_public_is_sent_to_sign_in,
    event_count,
    player,
    post,
    start,
    text,
)


def test_a_penalty_is_recorded_and_the_ladder_proposes_the_next_step(venue: Venue) -> None:
    start(venue)
    page = text(venue.td.get(f"/t/{TID}/penalties"))
    assert "L'échelle des sanctions du profil tda-2024" in page
    for label in ("Avertissement", "Une main d'exclusion", "2 tours de table", "Disqualification"):
        assert label in page
    answer = post(
        venue, "penalties", {"player_id": "p2", "kind": "warning", "reason": "Téléphone à la table"}
    )
    assert "Joueur 2 : Avertissement." in answer
    assert player(venue, "p2")["penalties"] == ["warning"]
    # The answer brings the choice back, with the next step for the same player selected.
    assert 'hx-swap-oob="true"' in answer
    assert '<option value="missed_hand" selected>' in answer
    fragment = text(venue.td.get(f"/t/{TID}/penalties/kind?player_id=p2"))
    assert '<option value="missed_hand" selected>' in fragment
    page = text(venue.td.get(f"/t/{TID}/penalties?lang=en"))
    assert "Téléphone à la table" in page and "Penalties given" in page
    assert "One missed hand" in page  # p2's next step


def test_missed_rounds_count_hands_at_the_table(venue: Venue) -> None:
    start(venue)
    venue.td.post(
        f"/t/{TID}/penalties",
        data={"player_id": "p1", "kind": "missed_rounds_1", "reason": "Insulte"},
    )
    page = text(venue.td.get(f"/t/{TID}/penalties"))
    assert "1 tour de table d'exclusion" in page
    given = venue.service.tournament(TID).events[-1]
    assert getattr(given, "hands_to_miss", None) == 4  # one hand per player at the table


def test_a_penalty_without_a_reason_or_off_the_ladder_is_refused(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    answer = post(venue, "penalties", {"player_id": "p1", "kind": "warning", "reason": ""})
    assert "« motif » : un texte d'au moins 1 caractère est attendu." in answer
    answer = post(venue, "penalties", {"player_id": "p1", "kind": "fine", "reason": "x"})
    assert 'refusal-code">(PENALTY_UNKNOWN_KIND)<' in answer
    assert event_count(venue) == before
    assert player(venue, "p1")["penalties"] == []


def test_penalties_are_for_the_td_only(venue: Venue) -> None:
    start(venue)
    warning = {"player_id": "p1", "kind": "warning", "reason": "x"}
    pages = ("penalties", "penalties/kind?player_id=p1")
    check_public_is_sent_to_sign_in(venue, pages, {"penalties": warning})
    with venue.public.websocket_connect(f"/t/{TID}/live?view=penalties") as socket:
        message = socket.receive()
    assert message["type"] == "websocket.close" and message["code"] == 4401


def test_the_penalties_given_are_pushed_live(venue: Venue) -> None:
    start(venue)
    with venue.td.websocket_connect(f"/t/{TID}/live?view=penalties&lang=en") as socket:
        assert 'id="penalties-given"' in socket.receive_text()
