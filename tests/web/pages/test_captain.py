"""The table captain's phone page (signed link per table) and the TD's list of captain links."""

from __future__ import annotations

import re

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import CreateTournament
from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue

TID = "club"


def open_club(venue: Venue, players: int = 20) -> None:
    """20 players on 3 tables, buttons placed, clock running."""
    venue.service.execute(TID, CreateTournament(tournament_id=TID))
    for number in range(1, players + 1):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    venue.command(TID, type="draw_seats", seed=7)
    venue.command(TID, type="place_buttons", seed=7)
    venue.command(TID, type="start_clock")


def key_of(venue: Venue, table_no: int) -> str:
    return captain_key(venue.td.app.state.pages, TID, table_no)  # type: ignore[attr-defined]


def table(venue: Venue, table_no: int) -> dict[str, object]:
    chart = venue.service.seating_chart(TID)
    found: dict[str, object] = next(t for t in chart["tables"] if t["table_no"] == table_no)
    return found


def next_hand(venue: Venue, table_no: int) -> dict[str, int]:
    hand: dict[str, int] = table(venue, table_no)["next_hand"]  # type: ignore[assignment]
    return hand


def hand_url(venue: Venue, table_no: int, key: str | None = None) -> str:
    return f"/t/{TID}/table/{table_no}/hand?key={key or key_of(venue, table_no)}"


def players_at(venue: Venue, table_no: int) -> list[str]:
    seats: list[dict[str, str]] = table(venue, table_no)["seats"]  # type: ignore[assignment]
    return [seat["player_id"] for seat in seats]


@pytest.fixture
def club(venue: Venue) -> Venue:
    open_club(venue)
    return venue


def test_wrong_or_missing_key_gets_403_and_changes_nothing(club: Venue) -> None:
    version = club.service.version(TID)
    assert club.public.get(f"/t/{TID}/table/1").status_code == 403
    answer = club.public.get(f"/t/{TID}/table/1?key=0123456789abcdef0123")
    assert answer.status_code == 403
    assert "Ce lien de capitaine n'est pas valable" in answer.text
    hand = next_hand(club, 1)
    posted = club.public.post(
        hand_url(club, 1, "wrong"),
        data={"hand_no": str(hand["hand_no"]), "button_seat": str(hand["button_seat"])},
    )
    assert posted.status_code == 403
    busted = club.public.post(
        f"/t/{TID}/table/1/bust?key=wrong", data={"busted": players_at(club, 1)[:1]}
    )
    assert busted.status_code == 403
    called = club.public.post(f"/t/{TID}/table/1/call", data={"reason": "help"})
    assert called.status_code == 403
    assert club.service.version(TID) == version
    assert club.service.tournament(TID).hands_at.get(1, 0) == 0
    assert "help" not in club.td.get(f"/t/{TID}/captains").text


def test_the_key_of_table_1_does_not_open_table_2(club: Venue) -> None:
    key = key_of(club, 1)
    assert club.public.get(f"/t/{TID}/table/1?key={key}").status_code == 200
    assert club.public.get(f"/t/{TID}/table/2?key={key}").status_code == 403
    hand = next_hand(club, 2)
    posted = club.public.post(
        hand_url(club, 2, key),
        data={"hand_no": str(hand["hand_no"]), "button_seat": str(hand["button_seat"])},
    )
    assert posted.status_code == 403
    assert club.service.tournament(TID).hands_at.get(2, 0) == 0


def test_the_page_shows_the_seats_and_the_next_hand_positions(club: Venue) -> None:
    hand = next_hand(club, 1)
    page = club.public.get(f"/t/{TID}/table/1?key={key_of(club, 1)}&lang=en")
    assert page.status_code == 200
    for player in table(club, 1)["seats"]:  # type: ignore[attr-defined]
        assert player["name"] in page.text
    assert "Hand 1 finished" in page.text
    assert f'name="button_seat" value="{hand["button_seat"]}"' in page.text
    assert f"button on seat {hand['button_seat']}" in page.text
    assert "Level 1" in page.text and "100 / 200" in page.text
    # The live view carries the table and its key (checked by the WebSocket).
    assert f"view=captain&amp;table=1&amp;key={key_of(club, 1)}" in page.text


def test_hand_finished_with_the_derived_button_records_the_hand(club: Venue) -> None:
    before = next_hand(club, 1)
    stacks_before = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    answer = club.public.post(
        hand_url(club, 1) + "&lang=en",
        data={"hand_no": str(before["hand_no"]), "button_seat": str(before["button_seat"])},
    )
    assert answer.status_code == 200
    assert club.service.tournament(TID).hands_at[1] == 1
    after = next_hand(club, 1)
    assert after["hand_no"] == 2
    assert f"Hand 1 recorded. The button moves to seat {after['button_seat']}." in answer.text
    assert "flash-ok" in answer.text
    # No stack was entered: every stack is sent unchanged.
    stacks_after = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    assert stacks_after == stacks_before
    page = club.public.get(f"/t/{TID}/table/1?key={key_of(club, 1)}")
    assert "Hand 2 finished" in page.text  # in English: the choice of language sticks


def test_a_second_tap_on_the_same_hand_records_it_once(club: Venue) -> None:
    hand = next_hand(club, 1)
    data = {"hand_no": str(hand["hand_no"]), "button_seat": str(hand["button_seat"])}
    club.public.post(hand_url(club, 1), data=data)
    again = club.public.post(hand_url(club, 1), data=data)
    assert "flash-ok" in again.text and "Main 1 enregistrée" in again.text
    assert club.service.tournament(TID).hands_at[1] == 1


def test_a_button_on_another_seat_calls_the_td_who_confirms_it(club: Venue) -> None:
    hand = next_hand(club, 1)
    seats = [seat for seat in range(1, 10) if seat != hand["button_seat"]]
    occupied = {s["seat_no"] for s in table(club, 1)["seats"]}  # type: ignore[attr-defined]
    real = next(seat for seat in seats if seat in occupied)
    answer = club.public.post(
        hand_url(club, 1), data={"hand_no": str(hand["hand_no"]), "button_seat": str(real)}
    )
    assert "flash-ok" in answer.text
    assert f"Le TD est appelé pour confirmer le bouton au siège {real}" in answer.text
    assert club.service.tournament(TID).hands_at.get(1, 0) == 0  # the hand waits
    calls = club.td.get(f"/t/{TID}/captains").text
    assert f"Confirmer le bouton au siège {real}" in calls
    done = club.td.post(f"/t/{TID}/captains/calls/1/button", data={"seat_no": str(real)})
    assert f"Table 1 : le bouton est au siège {real}." in done.text
    assert next_hand(club, 1)["button_seat"] == real
    assert not club.service.tournament(TID).floor_calls
    moved = club.service.tournament(TID).events[-1]
    assert type(moved).__name__ == "ButtonMoved" and moved.citations  # type: ignore[attr-defined]
    again = club.public.post(
        hand_url(club, 1), data={"hand_no": str(hand["hand_no"]), "button_seat": str(real)}
    )
    assert "flash-ok" in again.text and club.service.tournament(TID).hands_at[1] == 1


def test_a_button_on_an_empty_seat_is_refused_and_only_the_td_confirms(club: Venue) -> None:
    hand = next_hand(club, 1)
    occupied = {s["seat_no"] for s in table(club, 1)["seats"]}  # type: ignore[attr-defined]
    empty = next((seat for seat in range(1, 10) if seat not in occupied), None)
    version = club.service.version(TID)
    if empty is not None:
        answer = club.public.post(
            hand_url(club, 1), data={"hand_no": str(hand["hand_no"]), "button_seat": str(empty)}
        )
        assert "BUTTON_SEAT_EMPTY" in answer.text and club.service.version(TID) == version
    refused = club.public.post(
        f"/t/{TID}/captains/calls/1/button", data={"seat_no": "1"}, follow_redirects=False
    )
    assert refused.status_code in (303, 401, 403)
    assert club.service.version(TID) == version


def test_entered_stacks_are_recorded_and_must_add_up(club: Venue) -> None:
    hand = next_hand(club, 1)
    first, second = players_at(club, 1)[:2]
    base = {"hand_no": str(hand["hand_no"]), "button_seat": str(hand["button_seat"])}
    refused = club.public.post(
        hand_url(club, 1), data={**base, "player": [first], "stack": ["25 000"]}
    )
    assert "CHIPS_NOT_CONSERVED" in refused.text
    assert club.service.tournament(TID).hands_at.get(1, 0) == 0
    not_a_number = club.public.post(
        hand_url(club, 1), data={**base, "player": [first], "stack": ["beaucoup"]}
    )
    name = club.service.tournament(TID).players[first].name
    assert f"Le tapis de {name} n&#39;est pas un nombre de jetons." in not_a_number.text
    done = club.public.post(
        hand_url(club, 1),
        data={**base, "player": [first, second], "stack": ["25 000", "15.000"]},
    )
    assert "flash-ok" in done.text
    players = club.service.tournament(TID).players
    assert (players[first].stack, players[second].stack) == (25_000, 15_000)


def test_a_bust_report_ranks_the_players(club: Venue) -> None:
    first, second, third = players_at(club, 1)[:3]
    answer = club.public.post(
        f"/t/{TID}/table/1/bust?key={key_of(club, 1)}",
        data={
            "busted": [first, second],
            "stack_player": [first, second, third],
            "start_stack": ["5000", "8000", "999"],
        },
    )
    assert "Élimination enregistrée" in answer.text
    players = club.service.tournament(TID).players
    # The bigger starting stack ranks higher (the profile: busts.same_table).
    assert (players[second].place, players[first].place) == (19, 20)
    assert players[third].place is None
    assert "(place 19)" in answer.text and "(place 20)" in answer.text


def test_busts_without_stacks_tie(club: Venue) -> None:
    first, second = players_at(club, 1)[:2]
    club.public.post(
        f"/t/{TID}/table/1/bust?key={key_of(club, 1)}", data={"busted": [first, second]}
    )
    players = club.service.tournament(TID).players
    assert players[first].place == players[second].place == 19


def test_a_bust_needs_a_ticked_player_of_this_table(club: Venue) -> None:
    version = club.service.version(TID)
    empty = club.public.post(f"/t/{TID}/table/1/bust?key={key_of(club, 1)}", data={})
    assert "Cochez les joueurs éliminés." in empty.text
    stranger = players_at(club, 2)[0]
    other = club.public.post(
        f"/t/{TID}/table/1/bust?key={key_of(club, 1)}", data={"busted": [stranger]}
    )
    assert "NOT_AT_TABLE" in other.text
    assert club.service.version(TID) == version


def test_call_the_floor_appears_on_the_captains_page_until_answered(club: Venue) -> None:
    key = key_of(club, 2)
    called = club.public.post(
        f"/t/{TID}/table/2/call?key={key}", data={"reason": "Litige sur un tapis"}
    )
    assert "Le floor est appelé" in called.text
    again = club.public.post(f"/t/{TID}/table/2/call?key={key}", data={"reason": ""})
    assert "déjà appelé" in again.text
    captains = club.td.get(f"/t/{TID}/captains").text
    assert "Litige sur un tapis" in captains
    assert captains.count("/answer") == 1
    assert "Floor appelé à l'instant" in club.public.get(f"/t/{TID}/table/2?key={key}").text
    call_id = re.search(r"/captains/calls/(\d+)/answer", captains)
    assert call_id is not None
    answered = club.td.post(f"/t/{TID}/captains/calls/{call_id.group(1)}/answer")
    assert "Appel de la table 2 traité." in answered.text
    assert "Aucun appel en attente." in club.td.get(f"/t/{TID}/captains").text
    twice = club.td.post(f"/t/{TID}/captains/calls/{call_id.group(1)}/answer")
    assert "déjà traité" in twice.text
    # Only the TD answers calls.
    club.public.post(f"/t/{TID}/table/2/call?key={key}", data={})
    refused = club.public.post(
        f"/t/{TID}/captains/calls/{call_id.group(1)}/answer", follow_redirects=False
    )
    assert refused.status_code == 303


def test_the_captains_page_is_for_the_td_and_lists_every_table_link(club: Venue) -> None:
    public = club.public.get(f"/t/{TID}/captains", follow_redirects=False)
    assert public.status_code == 303 and public.headers["location"].startswith("/login")
    page = club.td.get(f"/t/{TID}/captains?lang=en")
    assert "Table captains" in page.text
    for table_no in (1, 2, 3):
        url = f"http://testserver/t/{TID}/table/{table_no}?key={key_of(club, table_no)}"
        assert url in page.text
        assert club.public.get(url).status_code == 200


def test_the_pages_speak_french_and_english(club: Venue) -> None:
    url = f"/t/{TID}/table/1?key={key_of(club, 1)}"
    french = club.public.get(url).text
    assert "Quelqu'un a été éliminé dans cette main" in french
    assert "Appeler le floor" in french and 'lang="fr"' in french
    english = club.public.get(url + "&lang=en").text
    assert "Someone busted in this hand" in english and "Call the floor" in english
    # The language links keep the key of the captain's link.
    assert f'href="?key={key_of(club, 1)}&amp;lang=fr"' in english
    hand = next_hand(club, 1)
    flash = club.public.post(  # the choice sticks (cookie)
        hand_url(club, 1), data={"hand_no": "1", "button_seat": str(hand["button_seat"])}
    )
    assert "Hand 1 recorded" in flash.text
    captains = club.td.get(f"/t/{TID}/captains?lang=fr").text
    assert "Capitaines de table" in captains and "Imprimer les liens" in captains


def test_a_table_that_is_gone_says_so(club: Venue) -> None:
    page = club.public.get(f"/t/{TID}/table/7?key={key_of(club, 7)}")
    assert page.status_code == 200
    assert "Cette table est fermée." in page.text
    answer = club.public.post(hand_url(club, 7), data={"hand_no": "1", "button_seat": "1"})
    assert "Aucune main à annoncer" in answer.text


def test_the_live_view_needs_the_table_key(club: Venue) -> None:
    key = key_of(club, 1)
    with club.public.websocket_connect(f"/t/{TID}/live?view=captain&table=1&key={key}") as ws:
        html = ws.receive_text()
    assert 'id="captain-hand"' in html and 'id="captain-clock"' in html
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        club.public.websocket_connect(f"/t/{TID}/live?view=captain&table=2&key={key}") as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 4401


def test_the_captains_live_view_is_for_the_td(club: Venue) -> None:
    with club.td.websocket_connect(f"/t/{TID}/live?view=captains") as ws:
        assert 'id="floor-calls"' in ws.receive_text()
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        club.public.websocket_connect(f"/t/{TID}/live?view=captains") as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 4401
