"""The player clock on the pages (issue 14, item 10): the captain's phone times a player, calls
the clock once the profile allows it, sees the countdown and gives the ruling at expiry with
the one fact the table knows (a bet faced or not); the TD does the same from the console, never
held back by the thinking time. The server's clock is the venue's fake one, moved by the test."""

from __future__ import annotations

import re

from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue, receive_until, words

TID = "club"
SECOND_MS = 1_000


def open_club(venue: Venue, profile: str, players: int = 8) -> None:
    venue.command(TID, type="create_tournament", tournament_id=TID, profile=profile)
    for number in range(1, players + 1):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    venue.command(TID, type="draw_seats", seed=7)
    venue.command(TID, type="place_buttons", seed=7)
    venue.command(TID, type="start_clock")


def first_seat(venue: Venue) -> tuple[int, str]:
    """The first occupied seat of table 1 and its player's name."""
    tournament = venue.service.tournament(TID)
    seat = min(tournament.tables[1].seats)
    return seat, tournament.players[tournament.tables[1].seats[seat]].name


def key(venue: Venue) -> str:
    return captain_key(venue.td.app.state.pages, TID, 1)  # type: ignore[attr-defined]


def captain_post(venue: Venue, action: str, lang: str = "fr", **form: str) -> str:
    url = f"/t/{TID}/table/1/player-clock/{action}?key={key(venue)}&lang={lang}"
    answer = venue.public.post(url, data=form)
    assert answer.status_code == 200, answer.text
    return flash(answer.text)


def console_post(venue: Venue, action: str, **form: str) -> str:
    answer = venue.td.post(f"/t/{TID}/console/player-clock/{action}?lang=fr", data=form)
    assert answer.status_code == 200, answer.text
    return flash(answer.text)


def flash(page: str) -> str:
    found = re.search(r'<div id="flash"[^>]*>(.*?)</div>', page, re.S)
    assert found is not None, page
    return words(found[1])


def section(page: str) -> str:
    found = re.search(r'<section id="captain-player-clock".*?</section>', page, re.S)
    assert found is not None
    return found[0]


def phone(venue: Venue, lang: str = "fr") -> str:
    answer = venue.public.get(f"/t/{TID}/table/1?key={key(venue)}&lang={lang}")
    assert answer.status_code == 200
    return section(answer.text)


def state(fragment: str) -> str:
    found = re.search(r'data-state="([^"]+)"', fragment)
    assert found is not None
    return found[1]


def test_heavenpoker_7_1_the_captain_times_calls_counts_down_and_rules(venue: Venue) -> None:
    open_club(venue, "heavenpoker")
    seat, name = first_seat(venue)
    idle = words(phone(venue))
    assert "Pendule" in idle and "Qui réfléchit ?" in idle
    assert "après 02:00 de réflexion ; ensuite 60 s pour agir et un décompte de 10 s" in idle
    assert "(heavenpoker 7.1)" in idle
    assert "chronométré" in captain_post(venue, "think", seat_no=str(seat))

    venue.clock.advance(30 * SECOND_MS)
    refused = captain_post(venue, "call", seat_no=str(seat))
    assert refused == (
        f"Le siège {seat} réfléchit depuis moins de 120 s : la pendule pourra être demandée "
        "dans 90 s (heavenpoker 7.1). (PLAYER_CLOCK_TOO_EARLY)"
    )
    waiting = phone(venue)
    assert "Pendule possible dans 01:30" in words(waiting)
    assert re.search(r'<button type="button" class="pclock-big pclock-call" disabled>', waiting)

    venue.clock.advance(90 * SECOND_MS)
    assert 'id="pclock-call-1"' in phone(venue)  # the call is offered now
    called = captain_post(venue, "call", seat_no=str(seat))
    assert called == f"Le siège {seat} est sous pendule : 60 s, puis un décompte de 10 s."
    running = phone(venue)
    assert f"Siège {seat} · {name} sous pendule" in words(running)
    assert 'data-phase="action"' in running and ">01:10<" in running

    venue.clock.advance(61 * SECOND_MS)
    counting = phone(venue)
    assert 'data-phase="countdown"' in counting and 'data-left="9"' in counting
    assert "Comptez à voix haute !" in words(counting)
    assert "(PLAYER_CLOCK_NOT_EXPIRED)" in captain_post(venue, "expire", facing="none")

    venue.clock.advance(9 * SECOND_MS)
    out = words(phone(venue))
    assert "Temps !" in out and "Le joueur faisait-il face à une mise ?" in out
    assert "Aucune mise à suivre : parole (check)" in out
    assert "Face à une mise : la main est morte" in out
    ruled = captain_post(venue, "expire", facing="none")
    assert ruled == (
        f"Main 1, siège {seat} ({name}) : temps écoulé sans mise à suivre : parole "
        "(heavenpoker 7.3 a)."
    )
    shown = words(phone(venue))
    assert f"Main 1, siège {seat} ({name}) : temps écoulé sans mise à suivre : parole" in shown
    kinds = [kind for _seq, kind, _line in venue.service.event_lines(TID)]
    assert kinds[-3:] == ["player_thinking", "player_clock_called", "player_clock_expired"]


def test_ropta_a_clock_run_out_facing_nothing_is_a_dead_hand(venue: Venue) -> None:
    open_club(venue, "ropta")
    seat, _ = first_seat(venue)
    captain_post(venue, "think", seat_no=str(seat))
    venue.clock.advance(60 * SECOND_MS)
    captain_post(venue, "call", seat_no=str(seat))
    venue.clock.advance(30 * SECOND_MS)
    out = words(phone(venue))
    assert "Aucune mise à suivre : la main est morte" in out
    ruled = captain_post(venue, "expire", lang="en", facing="none")
    assert ruled.endswith("time ran out not facing a bet: the hand is dead (ropta-2025 clock)."), (
        ruled
    )


def test_the_player_acts_in_time_and_the_phone_offers_the_seats_again(venue: Venue) -> None:
    open_club(venue, "tda-2024")
    seat, _ = first_seat(venue)
    captain_post(venue, "think", seat_no=str(seat))
    assert "dès que l'arbitre juge le temps raisonnable" in captain_post(
        venue, "think", seat_no=str(seat)
    )
    thinking = words(phone(venue))
    assert "Le profil laisse le temps de réflexion au jugement de l'arbitre." in thinking
    captain_post(venue, "call", seat_no=str(seat))  # tda-2024 R29: at once
    venue.clock.advance(12 * SECOND_MS)
    assert captain_post(venue, "acted") == "Pendule arrêtée : le joueur a agi à temps."
    assert "Qui réfléchit ?" in words(phone(venue))
    assert captain_post(venue, "acted").endswith("(NO_PLAYER_CLOCK)")


def test_the_seconds_move_but_the_buttons_stay(venue: Venue) -> None:
    """The section's state is the same while only the time moves: the page's script keeps its
    buttons and copies the time in (player_clock.js)."""
    open_club(venue, "tda-2024")
    seat, _ = first_seat(venue)
    captain_post(venue, "call", seat_no=str(seat))
    before = phone(venue)
    venue.clock.advance(SECOND_MS)
    after = phone(venue)
    assert before != after and state(before) == state(after)
    venue.clock.advance(24 * SECOND_MS)
    assert state(phone(venue)) != state(after)  # the countdown begins: new look, new state


def test_a_double_tap_on_call_changes_nothing(venue: Venue) -> None:
    open_club(venue, "tda-2024")
    seat, _ = first_seat(venue)
    captain_post(venue, "call", seat_no=str(seat))
    events = len(venue.service.event_lines(TID))
    assert "est sous pendule" in captain_post(venue, "call", seat_no=str(seat))
    assert len(venue.service.event_lines(TID)) == events


def test_the_td_calls_the_clock_at_once_from_the_console_and_cancels_it(venue: Venue) -> None:
    open_club(venue, "heavenpoker")
    seat, name = first_seat(venue)
    console = venue.td.get(f"/t/{TID}/console?lang=fr").text
    assert "Personne n'est chronométré ni sous pendule." in words(console)
    assert 'ws-connect="/t/club/live?view=console-player-clocks"' in console
    console_post(venue, "think", table_no="1", seat_no=str(seat))
    venue.clock.advance(5 * SECOND_MS)
    assert "est sous pendule" in console_post(venue, "call", table_no="1", seat_no=str(seat))
    listed = words(venue.td.get(f"/t/{TID}/console?lang=fr").text)
    assert f"Table 1 Siège {seat} · {name} sous pendule" in listed
    assert console_post(venue, "cancel", table_no="1") == "Pendule annulée."
    assert console_post(venue, "call", table_no="", seat_no="1") == "Choisissez une table."


def test_the_console_live_view_pushes_the_countdown_and_the_ruling(venue: Venue) -> None:
    open_club(venue, "tda-2024")
    seat, _ = first_seat(venue)
    with venue.td.websocket_connect(f"/t/{TID}/live?view=console-player-clocks&lang=fr") as socket:
        assert "Personne n'est chronométré" in words(socket.receive_text())
        console_post(venue, "call", table_no="1", seat_no=str(seat))
        venue.clock.advance(27 * SECOND_MS)
        pushed = receive_until(socket, 'data-phase="countdown"')
        assert 'data-left="3"' in pushed
        venue.clock.advance(3 * SECOND_MS)
        receive_until(socket, 'data-phase="expired"')
        console_post(venue, "expire", table_no="1", facing="bet")
        ruled = receive_until(socket, "pclock-ruling")
    assert "temps écoulé face à une mise : la main est morte (tda-2024 R29)" in words(ruled)


def test_another_tables_link_or_the_public_cannot_run_a_clock(venue: Venue) -> None:
    open_club(venue, "tda-2024", players=12)
    seat, _ = first_seat(venue)
    other = captain_key(venue.td.app.state.pages, TID, 2)  # type: ignore[attr-defined]
    answer = venue.public.post(
        f"/t/{TID}/table/1/player-clock/call?key={other}", data={"seat_no": str(seat)}
    )
    assert answer.status_code == 403
    answer = venue.public.post(
        f"/t/{TID}/console/player-clock/call",
        data={"table_no": "1", "seat_no": str(seat)},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"].startswith("/login")
    assert venue.service.tournament(TID).player_clock(1) is None
    # The console's live view of the clocks is the TD's alone: test_console.py.


def test_the_phone_speaks_english_too(venue: Venue) -> None:
    open_club(venue, "allinouest")
    seat, _ = first_seat(venue)
    idle = words(phone(venue, "en"))
    assert "Player clock" in idle
    assert "then 60 s to act and a countdown of 10 s" in idle
    assert captain_post(venue, "think", lang="en", seat_no="11") == (
        "Choose the seat of the player who is thinking."
    )
    captain_post(venue, "call", lang="en", seat_no=str(seat))
    venue.clock.advance(70 * SECOND_MS)
    out = words(phone(venue, "en"))
    assert "No bet to call: the hand is dead" in out and "Facing a bet: the hand is dead" in out
