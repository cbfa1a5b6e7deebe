"""Seats by hand at the desk (tda-2024 R7) and the printed move slips: the form lists the free
seats and the players to swap with, a change is recorded with its reason and its slip, a
refusal is explained and changes nothing, the pages are the TD's only, names are escaped; the
same command through the API, its reason hidden from the public."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.web.pages.conftest import TOKEN, Venue
from tests.web.pages.test_desk import flash, seated

HOSTILE = '<b>Zoé & "Léa"</b>'
REASON = "fauteuil roulant : place côté allée"


def where(venue: Venue, player_id: str) -> tuple[int, int]:
    seat = venue.service.tournament("club").players[player_id].seat
    assert seat is not None
    return seat.table_no, seat.seat_no


def at_table(venue: Venue, table_no: int) -> list[str]:
    seats = venue.service.tournament("club").tables[table_no].seats
    return [seats[s] for s in sorted(seats)]


def change(venue: Venue, player_id: str, target: str, reason: str = REASON) -> Any:
    return venue.td.post(
        "/t/club/desk/change-seat",
        data={"player_id": player_id, "target": target, "reason": reason},
    )


def test_the_seat_change_and_the_slips_are_for_the_td_only(venue: Venue) -> None:
    seated(venue, 12)
    for path in ("/t/club/desk/seat-form?player_id=p1", "/t/club/moves/slips"):
        response = venue.public.get(path, follow_redirects=False)
        assert response.status_code == 303 and "/login" in response.headers["location"]
    before = where(venue, "p1")
    response = venue.public.post(
        "/t/club/desk/change-seat",
        data={"player_id": "p1", "target": "swap:p2", "reason": "x"},
        follow_redirects=False,
    )
    assert response.status_code == 303
    assert where(venue, "p1") == before
    assert not [
        e for e in venue.service.tournament("club").events if type(e).__name__ == "SeatChanged"
    ]


def test_the_desk_offers_a_seat_change_to_seated_players_only(venue: Venue) -> None:
    seated(venue, 12)
    venue.command("club", type="penalize", player_id="p3", kind="disqualification", reason="x")
    page = venue.td.get("/t/club/desk").text
    assert 'id="seat-p1"' in page and "Changer de place…" in page
    assert 'id="seat-p3"' not in page  # busted
    english = venue.td.get("/t/club/desk?lang=en").text
    assert "Change seats…" in english


def test_tda_2024_r7_the_form_lists_free_seats_and_players_to_swap_with(venue: Venue) -> None:
    seated(venue, 12)
    venue.command("club", type="register_late", player_id="zoe", name=HOSTILE, seed=3)
    form = venue.td.get("/t/club/desk/seat-form?player_id=p1").text
    tournament = venue.service.tournament("club")
    for table in tournament.tables.values():
        for seat_no in table.free_seats():
            assert f'value="seat:{table.table_no}:{seat_no}"' in form
    assert 'value="swap:p2"' in form and 'value="swap:p1"' not in form
    assert HOSTILE not in form and "&lt;b&gt;Zoé &amp; &#34;Léa&#34;&lt;/b&gt;" in form
    assert "Échanger la place avec" in form and 'name="reason" required' in form


def test_tda_2024_r7_two_players_swap_seats_from_the_desk(venue: Venue) -> None:
    seated(venue, 12)
    first, second = at_table(venue, 1)[0], at_table(venue, 2)[0]
    seat_first, seat_second = where(venue, first), where(venue, second)
    response = change(venue, first, f"swap:{second}")
    assert "flash-ok" in response.text, response.text
    assert where(venue, first) == seat_second and where(venue, second) == seat_first
    assert "Imprimer la fiche" in response.text
    assert 'href="/t/club/moves/slips?seat_change=1"' in response.text
    event = venue.service.tournament("club").events[-1]
    assert type(event).__name__ == "SeatChanged" and event.reason == REASON  # type: ignore[attr-defined]
    # The seat cards print the new seats.
    cards = venue.td.get("/t/club/seat-cards?order=table").text
    card = re.search(rf'data-player="{first}">(.*?)</article>', cards, re.S)
    assert card and f'seat-card-table">{seat_second[0]}<' in card.group(1)
    assert f'seat-card-seat">{seat_second[1]}<' in card.group(1)


def test_tda_2024_r7_a_player_takes_a_free_seat_from_the_desk(venue: Venue) -> None:
    seated(venue, 12)  # 6 and 6 at tables of 9
    player = at_table(venue, 1)[0]
    free = venue.service.tournament("club").tables[1].free_seats()[0]
    response = change(venue, player, f"seat:1:{free}")
    assert "flash-ok" in response.text and f"table 1, siège {free}" in flash(response)
    assert where(venue, player) == (1, free)


def test_tda_2024_r7_refusals_are_explained_and_change_nothing(venue: Venue) -> None:
    seated(venue, 12)
    venue.command("club", type="register_late", player_id="zoe", name=HOSTILE, seed=3)
    first, neighbour = at_table(venue, 1)[:2]
    busted = next(p for p in at_table(venue, 2) if p not in ("zoe", first, neighbour))
    venue.command("club", type="penalize", player_id=busted, kind="disqualification", reason="x")
    before = venue.service.version("club")
    taken = where(venue, neighbour)
    cases = {
        f"seat:{taken[0]}:{taken[1]}": "est occupé par Joueur",
        "seat:1:10": "le siège 10 n'existe pas",
        "seat:9:1": "Il n'y a pas de table 9",
        f"swap:{busted}": "est éliminé(e) du tournoi",
        "swap:nobody": "nobody n'est pas inscrit",
        "bogus": "Choisissez une place libre",
    }
    for target, expected in cases.items():
        shown = html.unescape(flash(change(venue, first, target)))
        assert expected in shown, (target, shown)
    assert "Donnez la raison" in flash(change(venue, first, f"swap:{neighbour}", reason="  "))
    zoe_seat = where(venue, "zoe")
    shown = flash(change(venue, first, f"seat:{zoe_seat[0]}:{zoe_seat[1]}"))
    assert HOSTILE not in shown and "&lt;b&gt;Zoé" in shown
    assert venue.service.version("club") == before


def test_the_slips_print_every_pending_move_a_table_break_together(venue: Venue) -> None:
    seated(venue, 10)  # 5 and 5, then zoe: 6 at her table
    venue.command("club", type="register_late", player_id="zoe", name=HOSTILE, seed=3)
    broken = where(venue, "zoe")[0]
    for player in [p for p in at_table(venue, broken) if p != "zoe"][:2]:  # 4 fit the 4 free
        venue.command(
            "club", type="penalize", player_id=player, kind="disqualification", reason="x"
        )
    venue.command("club", type="propose_break_table", table_no=broken)
    leaving = at_table(venue, broken)
    page = venue.td.get("/t/club/moves/slips").text
    assert f"La table {broken} casse" in page
    slips = re.findall(r'<article class="slip" data-player="([^"]+)"', page)
    assert sorted(slips) == sorted(leaving)
    assert HOSTILE not in page and "&lt;b&gt;Zoé &amp; &#34;Léa&#34;&lt;/b&gt;" in page
    assert "table cassée" in page and "data-print" in page
    console = venue.td.get("/t/club/console").text
    assert 'href="/t/club/moves/slips"' in console and "Imprimer les fiches" in console
    english = venue.td.get("/t/club/moves/slips?lang=en").text
    assert f"Table {broken} breaks" in english and "table break" in english


def test_the_slip_of_a_seat_change(venue: Venue) -> None:
    seated(venue, 12)
    first, second = at_table(venue, 1)[0], at_table(venue, 2)[0]
    change(venue, first, f"swap:{second}")
    page = venue.td.get("/t/club/moves/slips?seat_change=1").text
    assert sorted(re.findall(r'<article class="slip" data-player="([^"]+)"', page)) == sorted(
        [first, second]
    )
    assert "changement de place" in page and REASON not in page  # the TD's note stays private
    empty = venue.td.get("/t/club/moves/slips").text
    assert "Aucun déplacement en attente" in empty or "No move" in empty
    assert "?seat_change=1" in empty  # listed among the seat changes
    assert (
        "Ce changement de place n'existe pas"
        in venue.td.get("/t/club/moves/slips?seat_change=7").text
    )


def test_the_api_changes_seats_and_hides_the_reason_from_the_public(venue: Venue) -> None:
    seated(venue, 12)
    first, second = at_table(venue, 1)[0], at_table(venue, 2)[0]
    auth = {"Authorization": f"Bearer {TOKEN}"}
    body = {"type": "change_seat", "player_id": first, "swap_with": second, "reason": REASON}
    response = venue.public.post("/api/tournaments/club/commands", json=body, headers=auth)
    assert response.status_code == 200, response.text
    assert response.json()["events"][-1]["type"] == "seat_changed"
    public = venue.public.get("/api/tournaments/club/events").json()["events"][-1]
    assert public["type"] == "seat_changed" and public["reason"] == ""
    assert len(public["moves"]) == 2
    td = venue.public.get("/api/tournaments/club/events", headers=auth).json()["events"][-1]
    assert td["reason"] == REASON
    refused = venue.public.post(
        "/api/tournaments/club/commands", json={**body, "reason": "   "}, headers=auth
    )
    assert refused.status_code == 409 and refused.json()["code"] == "SEAT_CHANGE_REASON"
    invalid = venue.public.post(
        "/api/tournaments/club/commands", json={**body, "reason": ""}, headers=auth
    )
    assert invalid.status_code == 422
