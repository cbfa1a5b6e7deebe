"""The registration desk: every action changes the tournament as the service reports it, a
refusal shows the engine's message and changes nothing, the page is the TD's only, the search
filters, the seat cards name every seated player, in French and in English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import CreateTournament
from pokerfloor.web.pages.td.desk import derive_player_id
from tests.web.pages.conftest import Venue

HOUR_MS = 60 * 60_000
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


def create(venue: Venue, tournament_id: str = "club", **fields: Any) -> None:
    """A tournament created through the service, with the given settings."""
    venue.service.execute(tournament_id, CreateTournament(tournament_id=tournament_id, **fields))


def register(venue: Venue, *names: str, tournament_id: str = "club") -> list[str]:
    """Register ``names`` through the desk's form; their ids."""
    ids = []
    for name in names:
        response = venue.td.post(f"/t/{tournament_id}/desk/add", data={"name": name})
        assert "flash-ok" in response.text, response.text
        ids.append(re.findall(r"\(([^()]+)\)", response.text)[-1])
    return ids


def seated(venue: Venue, players: int, tournament_id: str = "club", **fields: Any) -> None:
    """A tournament with ``players`` seated (p1, p2...), buttons placed, clock running."""
    create(venue, tournament_id, **fields)
    for number in range(1, players + 1):
        venue.command(
            tournament_id, type="register_player", player_id=f"p{number}", name=f"Joueur {number}"
        )
    venue.command(tournament_id, type="draw_seats", seed=7)
    venue.command(tournament_id, type="place_buttons", seed=7)
    venue.command(tournament_id, type="start_clock")


def flash(response: Any) -> str:
    found = re.search(r'<div id="flash"[^>]*>(.*?)</div>', response.text, re.S)
    assert found, response.text
    return found.group(1)


def player(venue: Venue, player_id: str, tournament_id: str = "club") -> Any:
    return venue.service.tournament(tournament_id).players[player_id]


def paid(venue: Venue, player_id: str) -> tuple[bool, str]:
    """Whether the player owes nothing, and how they paid last (the players list)."""
    row = next(
        p for p in venue.service.players_list("club")["players"] if p["player_id"] == player_id
    )
    return row["paid"], row["payment_method"]


def bust(venue: Venue, player_id: str, tournament_id: str = "club") -> None:
    seat = player(venue, player_id, tournament_id).seat
    venue.command(tournament_id, type="bust_players", table_no=seat.table_no, players=[player_id])


def listed_ids(html: str) -> list[str]:
    return re.findall(r'<tr class="desk-row" data-player="([^"]+)"', html)


# ---- access -----------------------------------------------------------------------------------


def test_the_desk_and_its_actions_are_for_the_td_only(venue: Venue) -> None:
    create(venue)
    for path in ("/t/club/desk", "/t/club/desk/players", "/t/club/seat-cards"):
        response = venue.public.get(path, follow_redirects=False)
        assert response.status_code == 303
        assert response.headers["location"].startswith("/login")
    response = venue.public.post(
        "/t/club/desk/add", data={"name": "Intrus"}, follow_redirects=False
    )
    assert response.status_code == 303
    assert venue.service.tournament("club").players == {}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        venue.public.websocket_connect("/t/club/live?view=desk") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4401


def test_an_unknown_tournament_is_not_found(venue: Venue) -> None:
    response = venue.td.get("/t/nowhere/desk?lang=en")
    assert response.status_code == 404
    assert "There is no such tournament." in response.text


# ---- adding players ---------------------------------------------------------------------------


def test_the_id_is_made_from_the_name_and_stays_unique() -> None:
    assert derive_player_id("Émilie  Dupont", set()) == "emilie-dupont"
    assert derive_player_id("Émilie Dupont", {"emilie-dupont"}) == "emilie-dupont-2"
    assert derive_player_id("Émilie Dupont", {"emilie-dupont", "emilie-dupont-2"}) == (
        "emilie-dupont-3"
    )
    assert derive_player_id("王伟", set()) == "player"
    assert derive_player_id("  -- O'Brien --", set()) == "o-brien"
    long_id = derive_player_id("x" * 300, set())
    assert len(long_id) <= 64
    for made in ("emilie-dupont", long_id, derive_player_id("Zoë d'Aubigné", set())):
        assert ID_PATTERN.match(made)


def test_adding_players_before_the_draw_registers_them_with_ids_from_their_names(
    venue: Venue,
) -> None:
    create(venue)
    first = venue.td.post("/t/club/desk/add?lang=en", data={"name": " Émilie   Dupont "})
    second = venue.td.post("/t/club/desk/add", data={"name": "Émilie Dupont"})
    players = venue.service.tournament("club").players
    assert set(players) == {"emilie-dupont", "emilie-dupont-2"}
    assert players["emilie-dupont"].name == "Émilie Dupont"
    assert players["emilie-dupont"].present and players["emilie-dupont"].seat is None
    assert "Émilie Dupont registered (emilie-dupont)." in flash(first)
    assert first.headers["HX-Trigger"] == "desk-done"  # the form clears itself
    assert "emilie-dupont-2" in flash(second)


def test_a_typed_id_is_used_and_a_bad_one_is_refused_without_any_change(venue: Venue) -> None:
    create(venue)
    venue.td.post("/t/club/desk/add", data={"name": "Ana", "player_id": "A-17"})
    assert player(venue, "A-17").name == "Ana"
    version = venue.service.version("club")
    for typed in ("not an id!", "A-17"):
        response = venue.td.post("/t/club/desk/add", data={"name": "Bea", "player_id": typed})
        assert "flash-error" in response.text
        assert "HX-Trigger" not in response.headers  # the form keeps what was typed
    assert "ALREADY_REGISTERED" in flash(response)
    assert venue.service.version("club") == version
    empty = venue.td.post("/t/club/desk/add?lang=en", data={"name": "   "})
    assert "Enter the player&#39;s name." in flash(empty)
    assert venue.service.version("club") == version


def test_the_id_of_an_unregistered_player_is_not_given_again(venue: Venue) -> None:
    create(venue)
    register(venue, "Marc Petit")
    venue.command("club", type="unregister", player_id="marc-petit", reason="malade")
    assert register(venue, "Marc Petit") == ["marc-petit-2"]


def test_a_player_not_here_yet_is_registered_absent_and_then_arrives(venue: Venue) -> None:
    create(venue)
    response = venue.td.post("/t/club/desk/add?lang=en", data={"name": "Léa", "absent": "yes"})
    assert "Léa registered (lea), not here yet." in flash(response)
    assert not player(venue, "lea").present
    page = venue.td.get("/t/club/desk?lang=en").text
    assert 'id="arrive-lea"' in page
    assert "not here yet" in page
    venue.td.post("/t/club/desk/arrive", data={"player_id": "lea"})
    assert player(venue, "lea").present
    again = venue.td.post("/t/club/desk/arrive", data={"player_id": "lea"})
    assert "NOT_ABSENT" in flash(again)


def test_after_the_draw_a_new_player_is_seated_at_once_and_told_where(venue: Venue) -> None:
    seated(venue, 5)
    response = venue.td.post("/t/club/desk/add?lang=en", data={"name": "Tardif"})
    seat = player(venue, "tardif").seat
    assert seat is not None
    assert f"Tardif registered (tardif): table {seat.table_no}, seat {seat.seat_no}." in flash(
        response
    )
    listing = venue.td.get("/t/club/desk/players?q=tardif&lang=en").text
    assert f"Table {seat.table_no}, seat {seat.seat_no}" in listing


def test_when_the_field_is_full_a_late_player_goes_on_the_waiting_list(venue: Venue) -> None:
    seated(venue, 4, max_players=4)
    response = venue.td.post("/t/club/desk/add?lang=en", data={"name": "Patient"})
    tournament = venue.service.tournament("club")
    assert "patient" not in tournament.players
    assert list(tournament.desk.waiting_list) == ["patient"]
    assert "The field is full: Patient (patient) is on the waiting list, 1." in flash(response)
    page = venue.td.get("/t/club/desk?lang=en").text
    assert "waiting list, 1" in page
    assert 'id="remove-patient"' in page


# ---- payments ---------------------------------------------------------------------------------


def test_mark_paid_records_the_method_and_not_paid_takes_it_back(venue: Venue) -> None:
    create(venue)
    register(venue, "Paul")
    response = venue.td.post(
        "/t/club/desk/pay", data={"player_id": "paul", "paid": "yes", "method": "card"}
    )
    assert "Paul : payé (Carte)." in flash(response)
    assert paid(venue, "paul") == (True, "card")
    listing = venue.td.get("/t/club/desk/players").text
    assert "Payé (Carte)" in listing
    assert ">Non payé</button>" in listing
    venue.td.post("/t/club/desk/pay", data={"player_id": "paul", "paid": "no"})
    assert not paid(venue, "paul")[0]
    assert ">Marquer payé</button>" in venue.td.get("/t/club/desk/players").text


def test_a_payment_with_an_unknown_method_or_player_changes_nothing(venue: Venue) -> None:
    create(venue)
    register(venue, "Paul")
    version = venue.service.version("club")
    wrong_method = venue.td.post(
        "/t/club/desk/pay?lang=en", data={"player_id": "paul", "paid": "yes", "method": "iou"}
    )
    assert "Choose how the player paid." in flash(wrong_method)
    nobody = venue.td.post(
        "/t/club/desk/pay", data={"player_id": "ghost", "paid": "yes", "method": "cash"}
    )
    assert "NOT_REGISTERED" in flash(nobody)
    assert venue.service.version("club") == version
    assert not paid(venue, "paul")[0]


# ---- unregistering, re-entries, the waiting list ----------------------------------------------


def test_unregister_before_the_draw_needs_a_reason_and_removes_the_player(venue: Venue) -> None:
    create(venue)
    register(venue, "Quentin")
    form = venue.td.get("/t/club/desk/unregister-form?player_id=quentin&lang=en").text
    assert "Reason to unregister Quentin" in form
    no_reason = venue.td.post(
        "/t/club/desk/unregister?lang=en", data={"player_id": "quentin", "reason": " "}
    )
    assert "Give the reason." in flash(no_reason)
    assert "quentin" in venue.service.tournament("club").players
    done = venue.td.post(
        "/t/club/desk/unregister?lang=en", data={"player_id": "quentin", "reason": "malade"}
    )
    assert "Quentin unregistered." in flash(done)
    assert "quentin" not in venue.service.tournament("club").players


def test_unregister_after_the_draw_shows_the_engine_refusal_and_changes_nothing(
    venue: Venue,
) -> None:
    seated(venue, 4)
    assert 'id="unregister-p1"' not in venue.td.get("/t/club/desk").text
    version = venue.service.version("club")
    response = venue.td.post("/t/club/desk/unregister", data={"player_id": "p1", "reason": "parti"})
    assert "flash-error" in response.text
    assert "UNREGISTER_AFTER_DRAW" in flash(response)
    assert "Joueur 1 ne peut plus se désinscrire" in flash(response)
    assert venue.service.version("club") == version
    assert player(venue, "p1").in_play


def test_a_waiting_player_can_leave_the_waiting_list_after_the_draw(venue: Venue) -> None:
    seated(venue, 4, max_players=4)
    register(venue, "Patient")
    form = venue.td.get("/t/club/desk/unregister-form?player_id=patient&lang=en").text
    assert "Reason to unregister Patient" in form
    venue.td.post("/t/club/desk/unregister", data={"player_id": "patient", "reason": "parti"})
    assert venue.service.tournament("club").desk.waiting_list == {}


def test_a_busted_player_reenters_while_the_structure_allows_it(venue: Venue) -> None:
    seated(venue, 6, structure="deep-stack")
    bust(venue, "p2")
    page = venue.td.get("/t/club/desk?lang=en").text
    assert 'id="reenter-p2"' in page
    assert "busted, place 6" in page
    response = venue.td.post("/t/club/desk/reenter?lang=en", data={"player_id": "p2"})
    again = player(venue, "p2")
    assert again.in_play and again.entries == 2 and again.seat is not None
    assert (
        f"Re-entry for Joueur 2: table {again.seat.table_no}, seat {again.seat.seat_no}."
        in flash(response)
    )
    bust(venue, "p2")  # one re-entry at most in deep-stack
    assert 'id="reenter-p2"' not in venue.td.get("/t/club/desk").text
    version = venue.service.version("club")
    refused = venue.td.post("/t/club/desk/reenter", data={"player_id": "p2"})
    assert "NO_REENTRY_LEFT" in flash(refused)
    assert venue.service.version("club") == version


def test_no_reentry_is_offered_when_the_structure_has_none(venue: Venue) -> None:
    seated(venue, 4)
    bust(venue, "p3")
    assert 'id="reenter-p3"' not in venue.td.get("/t/club/desk").text
    response = venue.td.post("/t/club/desk/reenter", data={"player_id": "p3"})
    assert "REENTRY_CLOSED" in flash(response)
    assert not player(venue, "p3").in_play


def test_the_waiting_list_is_seated_once_there_is_room(venue: Venue) -> None:
    seated(venue, 4, max_players=4)
    register(venue, "Patient")
    nobody = venue.td.post("/t/club/desk/seat-waiting?lang=en")
    assert "Nobody seated" in flash(nobody)
    assert "patient" in venue.service.tournament("club").desk.waiting_list
    bust(venue, "p1")
    assert 'id="desk-seat-waiting"' in venue.td.get("/t/club/desk").text
    response = venue.td.post("/t/club/desk/seat-waiting?lang=en")
    assert "1 player seated from the waiting list." in flash(response)
    assert player(venue, "patient").seat is not None
    assert venue.service.tournament("club").desk.waiting_list == {}


def test_the_waiting_list_is_not_seated_before_the_draw(venue: Venue) -> None:
    create(venue, max_players=2)
    register(venue, "Ana", "Bea", "Cid")
    version = venue.service.version("club")
    response = venue.td.post("/t/club/desk/seat-waiting?lang=en")
    assert "The seats are not drawn yet." in flash(response)
    assert venue.service.version("club") == version


def test_absent_players_seats_go_to_the_waiting_list_when_the_rules_allow(venue: Venue) -> None:
    create(venue, profile="heavenpoker", max_players=3)
    venue.command("club", type="register_player", player_id="ana", name="Ana")
    venue.command("club", type="register_player", player_id="bob", name="Bob")
    venue.command("club", type="register_player", player_id="abs", name="Absent", present=False)
    register(venue, "Wanda")  # the field is full: on the waiting list
    for kind in ("draw_seats", "place_buttons"):
        venue.command("club", type=kind, seed=3)
    venue.command("club", type="start_clock")
    assert 'id="desk-release"' in venue.td.get("/t/club/desk").text
    early = venue.td.post("/t/club/desk/release-absent?lang=en")
    assert "No absent player's seat can be released yet." in flash(early).replace("&#39;", "'")
    seat = player(venue, "abs").seat
    venue.clock.advance(HOUR_MS + 1)
    response = venue.td.post("/t/club/desk/release-absent?lang=en")
    assert "1 absent player's seat released." in flash(response).replace("&#39;", "'")
    assert not player(venue, "abs").in_play
    assert player(venue, "wanda").seat == seat


def test_the_release_of_absent_seats_is_not_offered_where_the_rules_keep_them(
    venue: Venue,
) -> None:
    create(venue)
    venue.command("club", type="register_player", player_id="ana", name="Ana")
    venue.command("club", type="register_player", player_id="abs", name="Absent", present=False)
    venue.command("club", type="draw_seats", seed=1)
    venue.command("club", type="start_clock")
    assert 'id="desk-release"' not in venue.td.get("/t/club/desk").text


# ---- the draw and the seat cards --------------------------------------------------------------


def test_draw_the_seats_asks_for_confirmation_then_seats_everyone_with_buttons(
    venue: Venue,
) -> None:
    create(venue)
    register(venue, *(f"Joueur {number}" for number in range(1, 13)))
    page = venue.td.get("/t/club/desk?lang=en").text
    assert 'hx-post="/t/club/desk/draw"' in page
    assert "Draw the seats for 12 players?" in page  # hx-confirm
    response = venue.td.post("/t/club/desk/draw?lang=en")
    tournament = venue.service.tournament("club")
    assert "Seats drawn: 12 players at 2 tables." in flash(response)
    assert all(p.seat is not None for p in tournament.players.values())
    assert all(table.button_seat is not None for table in tournament.tables.values())
    after = venue.td.get("/t/club/desk?lang=en").text
    assert 'href="/t/club/seat-cards"' in after
    assert "data-drawn" in after


def test_a_refused_draw_shows_the_engine_message_and_draws_nothing(venue: Venue) -> None:
    create(venue)
    register(venue, "Seul")
    response = venue.td.post("/t/club/desk/draw")
    assert "TOO_FEW_PLAYERS" in flash(response)
    assert venue.service.tournament("club").tables == {}


def test_seat_cards_show_every_seated_player_with_table_and_seat(venue: Venue) -> None:
    seated(venue, 20)
    bust(venue, "p7")
    html = venue.td.get("/t/club/seat-cards?lang=en").text
    cards = re.findall(
        r'<article class="seat-card" data-player="([^"]+)">\s*<p class="seat-card-name">([^<]+)'
        r'</p>.*?seat-card-table">(\d+)<.*?seat-card-seat">(\d+)<',
        html,
        re.S,
    )
    tournament = venue.service.tournament("club")
    expected = {
        (p.player_id, p.name, str(p.seat.table_no), str(p.seat.seat_no))
        for p in tournament.in_play()
        if p.seat is not None
    }
    assert len(cards) == 19
    assert set(cards) == expected
    names = [name for _, name, _, _ in cards]
    assert names == sorted(names)  # by name: the players collect their card at the desk
    wall = re.findall(r'<tr data-player="([^"]+)"><td>([^<]+)</td>', html)
    assert [name for _, name in wall] == sorted(name for _, name, _, _ in expected)
    assert "Seating by name" in html


def test_seat_cards_by_table_and_one_part_only(venue: Venue) -> None:
    seated(venue, 12)
    by_table = venue.td.get("/t/club/seat-cards?order=table&part=cards").text
    tables = [int(t) for t in re.findall(r'seat-card-table">(\d+)<', by_table)]
    assert tables == sorted(tables)
    assert "seating-list" not in by_table
    only_list = venue.td.get("/t/club/seat-cards?part=list").text
    assert 'class="seat-card"' not in only_list
    assert only_list.count('<tr data-player="') == 12


def test_seat_cards_before_the_draw_say_to_draw_first(venue: Venue) -> None:
    create(venue)
    register(venue, "Ana")
    html = venue.td.get("/t/club/seat-cards?lang=en").text
    assert "No player is seated yet: draw the seats first." in html


# ---- the list, its search and the live refresh ------------------------------------------------


def test_the_search_filters_the_list_ignoring_case_and_accents(venue: Venue) -> None:
    create(venue)
    register(venue, "Émilie Dupont", "Marc Dupuis", "Zoé Martin")
    page = venue.td.get("/t/club/desk").text
    assert 'hx-trigger="input changed delay:200ms"' in page
    assert 'hx-get="/t/club/desk/players"' in page
    assert listed_ids(page) == ["emilie-dupont", "marc-dupuis", "zoe-martin"]
    assert listed_ids(venue.td.get("/t/club/desk/players?q=DUP").text) == [
        "emilie-dupont",
        "marc-dupuis",
    ]
    assert listed_ids(venue.td.get("/t/club/desk/players?q=emilie").text) == ["emilie-dupont"]
    assert listed_ids(venue.td.get("/t/club/desk/players?q=zoe mar").text) == ["zoe-martin"]
    nothing = venue.td.get("/t/club/desk/players?q=xyz&lang=en").text
    assert listed_ids(nothing) == []
    assert "0 players match the search." in nothing


def test_the_players_answer_carries_the_side_panels_out_of_band(venue: Venue) -> None:
    create(venue)
    register(venue, "Ana", "Bea")
    html = venue.td.get("/t/club/desk/players?q=ana&lang=en").text
    assert html.lstrip().startswith('<div id="desk-players"')
    for panel in ("desk-summary", "desk-draw", "desk-waiting"):
        assert re.search(rf'<section id="{panel}"[^>]*hx-swap-oob="true"', html)


def test_the_live_view_asks_for_a_fresh_list_after_every_change(venue: Venue) -> None:
    create(venue)
    with venue.td.websocket_connect("/t/club/live?view=desk") as socket:
        first = socket.receive_text()
        assert 'id="desk-refresh"' in first
        assert 'hx-trigger="load"' in first
        assert 'hx-include="#desk-search"' in first
        venue.command("club", type="register_player", player_id="ana", name="Ana")
        second = socket.receive_text()
    versions = [re.search(r'data-version="(\d+)"', text) for text in (first, second)]
    assert versions[0] and versions[1]
    assert int(versions[1].group(1)) > int(versions[0].group(1))


def test_the_desk_speaks_french_by_default_and_english_on_request(venue: Venue) -> None:
    create(venue)
    register(venue, "Ana")
    french = venue.td.get("/t/club/desk").text
    assert "<h1>Accueil des joueurs" in french
    assert "Ajouter le joueur" in french
    assert "Tirer les places" in french
    assert "Espèces" in french
    assert "inscrit" in french
    english = venue.td.get("/t/club/desk?lang=en").text
    assert "<h1>Registration desk" in english
    assert "Add the player" in english
    assert "Draw the seats" in english
    assert "Cash" in english
    assert "Ajouter le joueur" not in english


def test_the_cap_counts_players_in_play_not_every_name_registered(venue: Venue) -> None:
    seated(venue, 4, max_players=4)
    bust(venue, "p1")
    venue.command("club", type="register_late", player_id="late", name="Tardif", seed=1)
    summary = venue.td.get("/t/club/desk?lang=en").text.split('id="desk-summary"')[1]
    summary = summary.split("</section>")[0]
    assert "<dd>5</dd>" in summary  # registered: 5 names
    assert "5 / 4" not in summary and "<dd>4 / 4</dd>" in summary  # in play against the cap
