"""The TD console: every action changes the tournament through the service, a refusal is shown
and changes nothing, the page and its live views are the TD's alone, in French and English."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from pokerfloor.app.commands import CreateTournament
from tests.web.pages.conftest import Venue

TID = "club"
NNBSP = "\u202f"  # French thousands separator


def evening(
    venue: Venue,
    tournament_id: str = TID,
    players: int = 20,
    profile: str = "tda-2024",
    structure: str = "club-evening",
) -> None:
    """``players`` registered, seated (seed 7: tables of 7, 7 and 6), buttons placed, clock on."""
    venue.service.execute(
        tournament_id,
        CreateTournament(tournament_id=tournament_id, profile=profile, structure=structure),
    )
    for number in range(1, players + 1):
        venue.command(
            tournament_id, type="register_player", player_id=f"p{number}", name=f"Joueur {number}"
        )
    venue.command(tournament_id, type="draw_seats", seed=7)
    venue.command(tournament_id, type="place_buttons", seed=7)
    venue.command(tournament_id, type="start_clock")


def seats(venue: Venue, table_no: int, tournament_id: str = TID) -> list[dict[str, Any]]:
    chart = venue.service.seating_chart(tournament_id)
    return next(t["seats"] for t in chart["tables"] if t["table_no"] == table_no)


def player(venue: Venue, player_id: str, tournament_id: str = TID) -> dict[str, Any]:
    players = venue.service.players_list(tournament_id)["players"]
    return next(p for p in players if p["player_id"] == player_id)


def post(venue: Venue, path: str, data: dict[str, Any] | None = None) -> str:
    response = venue.td.post(f"/t/{TID}/console/{path}", data=data or {})
    assert response.status_code == 200  # htmx swaps only a 2xx: a refusal is a 200 too
    return response.text


def refused(venue: Venue, path: str, data: dict[str, Any] | None = None) -> str:
    """Post an action that must be refused and check that nothing was recorded."""
    before = venue.service.version(TID)
    text = post(venue, path, data)
    assert "flash-error" in text
    assert venue.service.version(TID) == before
    return text


def bust_at(venue: Venue, table_no: int, count: int) -> list[str]:
    """Bust the first ``count`` players of a table (set-up through the service)."""
    busted = [seat["player_id"] for seat in seats(venue, table_no)[:count]]
    venue.command(TID, type="bust_players", table_no=table_no, players=busted)
    return busted


@pytest.fixture
def club(venue: Venue) -> Venue:
    evening(venue)
    return venue


# ---- the page -------------------------------------------------------------------------------


def test_console_shows_every_table_with_names_stacks_and_positions_in_french(club: Venue) -> None:
    page = club.td.get(f"/t/{TID}/console").text
    chart = club.service.seating_chart(TID)
    assert "Trouver un joueur" in page and "Raccourcis" in page
    for table in chart["tables"]:
        assert f'id="table-{table["table_no"]}-title"' in page
        for seat in table["seats"]:
            assert seat["name"] in page
            # Each name opens the player's actions (no dropdown of 20 names).
            assert f'hx-get="/t/{TID}/console/player/{seat["player_id"]}"' in page
    assert f"20{NNBSP}000" in page
    assert 'title="Bouton">D</abbr>' in page  # "D" on every page (docs/web.md)
    assert 'title="Petite blinde">PB</abbr>' in page
    assert 'title="Grosse blinde">GB</abbr>' in page
    assert "Niveau 1" in page
    assert 'ws-connect="/t/club/live?view=console"' in page
    assert 'ws-connect="/t/club/live?view=console-clock"' in page


def test_console_speaks_english_when_asked(club: Venue) -> None:
    page = club.td.get(f"/t/{TID}/console?lang=en").text
    assert "Find a player" in page and "Shortcuts" in page
    assert 'title="Small blind">SB</abbr>' in page
    assert "20,000" in page
    assert "Trouver un joueur" not in page


def test_console_links_to_the_other_td_pages(club: Venue) -> None:
    page = club.td.get(f"/t/{TID}/console").text
    for path in ("chip-race", "penalties", "corrections", "results", "captains"):
        assert f'href="/t/{TID}/{path}"' in page


def test_console_lists_its_keyboard_shortcuts(club: Venue) -> None:
    page = club.td.get(f"/t/{TID}/console?lang=en").text
    for said in (
        "start, pause or resume the clock",
        "one minute more or less",
        "find a player, then Enter opens their actions",
        "in a player's actions: bust, bust + rebuy, rebuy, add-on, penalty",
        "undo the last bust, rebuy or add-on (for 30 seconds)",
    ):
        assert said in page
    assert 'id="clock-pause"' in page and 'id="clock-resume"' in page


def test_clock_buttons_say_when_they_apply(club: Venue) -> None:
    """The stylesheet shows only the buttons the clock's status allows: each says its own."""
    page = club.td.get(f"/t/{TID}/console").text
    assert 'id="clock-start" type="button" data-when="not_started"' in page
    assert 'id="clock-pause" type="button" data-when="running"' in page
    assert 'id="clock-resume" type="button" data-when="paused"' in page
    assert 'data-status="running"' in page


def test_a_level_jump_asks_for_confirmation(club: Venue) -> None:
    page = club.td.get(f"/t/{TID}/console").text
    assert 'id="jump-form"' in page
    assert 'hx-confirm="Passer maintenant au niveau ou à la pause choisi ?' in page


def test_public_is_sent_to_sign_in_and_cannot_act(club: Venue) -> None:
    response = club.public.get(f"/t/{TID}/console", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == f"/login?next=/t/{TID}/console"
    before = club.service.version(TID)
    table_one = [seat["player_id"] for seat in seats(club, 1)[:2]]
    club.public.post(
        f"/t/{TID}/console/bust",
        data={"table_no": "1", "player": table_one},
        follow_redirects=False,
    )
    club.public.post(f"/t/{TID}/console/clock/pause", follow_redirects=False)
    assert club.service.version(TID) == before


def test_unknown_tournament_is_not_found(venue: Venue) -> None:
    response = venue.td.get("/t/nowhere/console?lang=en")
    assert response.status_code == 404
    assert "There is no such tournament." in response.text


@pytest.mark.parametrize("view", ["console", "console-clock", "console-player-clocks"])
def test_live_views_refuse_a_browser_without_the_td_cookie(club: Venue, view: str) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        club.public.websocket_connect(f"/t/{TID}/live?view={view}") as socket,
    ):
        socket.receive_text()
    assert closed.value.code == 4401


def test_live_view_pushes_the_tables_again_after_a_bust(club: Venue) -> None:
    busted = seats(club, 3)[0]
    with club.td.websocket_connect(f"/t/{TID}/live?view=console") as socket:
        first = socket.receive_text()
        assert 'id="console-tables"' in first and 'id="console-moves"' in first
        assert busted["name"] + "<" in first
        post(club, "bust", {"table_no": "3", "player": [busted["player_id"]]})
        second = socket.receive_text()
    assert busted["name"] + "<" not in second
    assert "5 / 9 joueurs" in second


def test_live_clock_line_shows_level_blinds_and_time_left(club: Venue) -> None:
    with club.td.websocket_connect(f"/t/{TID}/live?view=console-clock&lang=en") as socket:
        line = socket.receive_text()
    assert 'id="console-clock"' in line
    assert 'data-status="running"' in line
    assert "Level 1" in line and "100 / 200" in line and "20:00" in line


# ---- the clock --------------------------------------------------------------------------


def test_pause_then_resume_the_clock(club: Venue) -> None:
    assert "Horloge en pause" in post(club, "clock/pause")
    assert club.service.clock_screen(TID)["status"] == "paused"
    refused(club, "clock/pause")
    post(club, "clock/resume")
    assert club.service.clock_screen(TID)["status"] == "running"


def test_start_the_clock_once(venue: Venue) -> None:
    venue.service.execute(TID, CreateTournament(tournament_id=TID))
    post(venue, "clock/start")
    assert venue.service.clock_screen(TID)["status"] == "running"
    assert "L&#39;horloge est déjà lancée." in refused(venue, "clock/start")


def test_one_minute_more_or_less_and_a_typed_adjustment(club: Venue) -> None:
    left = club.service.clock_screen(TID)["remaining_ms"]
    post(club, "adjust", {"delta_ms": "60000"})
    assert club.service.clock_screen(TID)["remaining_ms"] == left + 60_000
    post(club, "adjust", {"delta_ms": "-60000"})
    assert "−02:30" in post(club, "adjust", {"minutes": "-2,5"})
    assert club.service.clock_screen(TID)["remaining_ms"] == left - 150_000


@pytest.mark.parametrize("typed", ["", "abc", "0", "nan", "inf", "99999"])
def test_a_wrong_adjustment_is_refused(club: Venue, typed: str) -> None:
    refused(club, "adjust", {"minutes": typed})


def test_jump_to_a_level(club: Venue) -> None:
    assert "Niveau 4" in post(club, "jump", {"level_index": "3"})
    assert club.service.clock_screen(TID)["level_number"] == 4
    refused(club, "jump", {"level_index": "999"})
    refused(club, "jump", {"level_index": "x"})


# ---- busts, rebuys, add-ons ---------------------------------------------------------------


def test_two_players_busted_in_one_hand_are_ranked_by_starting_stack(club: Venue) -> None:
    first, second, third = seats(club, 1)[:3]
    text = post(
        club,
        "bust",
        {
            "table_no": "1",
            "player": [first["player_id"], second["player_id"]],
            "stack_for": [first["player_id"], second["player_id"], third["player_id"]],
            "stack": ["5 000", "12000", ""],
        },
    )
    assert "Élimination enregistrée à la table 1" in text
    assert player(club, first["player_id"])["place"] == 20
    assert player(club, second["player_id"])["place"] == 19
    assert club.service.clock_screen(TID)["players_left"] == 18


def test_two_players_busted_without_stacks_tie(club: Venue) -> None:
    first, second = seats(club, 2)[:2]
    post(club, "bust", {"table_no": "2", "player": [first["player_id"], second["player_id"]]})
    ranking = club.service.results(TID)["ranking"]
    assert {row["place"] for row in ranking} == {19}
    assert all(row["tied_with"] for row in ranking)


def test_a_bust_asks_the_lists_to_reload_and_offers_undo(club: Venue) -> None:
    busted = seats(club, 1)[0]["player_id"]
    response = club.td.post(f"/t/{TID}/console/bust", data={"table_no": "1", "player": [busted]})
    assert response.headers["hx-trigger"] == "console-refresh"
    assert 'id="undo-last"' in response.text and 'data-expires="30"' in response.text
    assert f'name="player" value="{busted}"' in response.text


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"table_no": "1"}, "Cochez au moins un joueur éliminé."),
        ({"table_no": "", "player": ["p1"]}, "Choisissez une table."),
        ({"table_no": "1", "player": ["p1"], "stack_for": ["p1"], "stack": ["-5"]}, "entier"),
    ],
)
def test_a_bust_form_filled_wrongly_is_refused(
    club: Venue, data: dict[str, Any], message: str
) -> None:
    assert message in refused(club, "bust", data)


def test_a_bust_naming_a_player_of_another_table_changes_nothing(club: Venue) -> None:
    here = seats(club, 1)[0]["player_id"]
    elsewhere = seats(club, 2)[0]["player_id"]
    text = refused(club, "bust", {"table_no": "1", "player": [here, elsewhere]})
    assert "NOT_AT_TABLE" in text
    assert club.service.clock_screen(TID)["players_left"] == 20


def test_a_bust_with_some_starting_stacks_missing_changes_nothing(club: Venue) -> None:
    first, second = (seat["player_id"] for seat in seats(club, 1)[:2])
    data = {
        "table_no": "1",
        "player": [first, second],
        "stack_for": [first, second],
        "stack": ["5000", ""],
    }
    assert "STARTING_STACKS_INCOMPLETE" in refused(club, "bust", data)


def test_a_rebuy_adds_the_rebuy_chips(venue: Venue) -> None:
    # allinouest: a player below the big blind may rebuy; one hand leaves p1 with 100 chips.
    evening(venue, players=4, profile="allinouest", structure="club-rebuy")
    stacks = {"p1": 100, "p2": 39_900, "p3": 20_000, "p4": 20_000}
    venue.command(TID, type="record_hand", table_no=1, hand_no=1, final_stacks=stacks)
    assert "Recave enregistrée pour Joueur 1" in post(venue, "rebuy", {"player_id": "p1"})
    assert player(venue, "p1")["stack"] == 20_100
    assert player(venue, "p1")["rebuys"] == 1
    assert "REBUY_NOT_ALLOWED" in refused(venue, "rebuy", {"player_id": "p2"})
    assert "Choisissez un joueur." in refused(venue, "rebuy", {"player_id": ""})


def test_an_addon_once_the_rebuy_period_is_over(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    assert "NO_ADDON" in refused(venue, "addon", {"player_id": "p1"})
    # The break after level 4 ends club-rebuy's rebuy period: its add-ons are taken there.
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    assert "Add-on enregistré" in post(venue, "addon", {"player_id": "p1"})
    assert player(venue, "p1")["stack"] == 40_000
    assert player(venue, "p1")["addons"] == 1


def test_an_unknown_picker_is_not_found(club: Venue) -> None:
    assert club.td.get(f"/t/{TID}/console/picker/nothing").status_code == 404


# ---- moves ------------------------------------------------------------------------------


def test_halted_table_is_shown_then_a_proposed_move_is_done(venue: Venue) -> None:
    club = venue
    evening(club, players=23)  # tables of 8, 8 and 7
    bust_at(club, 3, 3)  # 8, 8 and 4: table 3 is halted; 20 players still need 3 tables
    page = club.td.get(f"/t/{TID}/console").text
    assert "Tables arrêtées : 3. Il leur manque 3 joueurs ou plus" in page
    assert "(tda-2024 R11)" in page  # the core's advice carries its articles
    assert "Les tables sont déséquilibrées" in page
    assert "2 déplacements à faire" in post(club, "moves/propose")
    moves = club.service.seating_chart(TID)["moves_to_confirm"]
    assert moves and all(move["reason"] == "balance" for move in moves)
    move = moves[0]
    live = club.td.get(f"/t/{TID}/console").text
    instruction = (
        f"Table {move['from_table']} siège {move['from_seat']} → "
        f"Table {move['to_table']} siège {move['to_seat']}"
    )
    assert instruction in live and move["name"] in live
    assert f'id="move-done-{move["player_id"]}"' in live
    response = club.td.post(
        f"/t/{TID}/console/moves/confirm", data={"player_id": move["player_id"]}
    )
    assert "Déplacement fait" in response.text
    assert response.headers["hx-trigger"] == "console-refresh"
    moved = player(club, move["player_id"])
    assert (moved["table_no"], moved["seat_no"]) == (move["to_table"], move["to_seat"])


def test_balanced_tables_need_no_move(club: Venue) -> None:
    assert "Aucun déplacement nécessaire" in post(club, "moves/propose")
    assert club.service.seating_chart(TID)["moves_to_confirm"] == []


def test_cancelled_moves_move_nobody(club: Venue) -> None:
    bust_at(club, 3, 3)
    post(club, "moves/propose")
    where = {p["player_id"]: p["table_no"] for p in club.service.players_list(TID)["players"]}
    assert "Déplacements annulés" in post(club, "moves/cancel")
    assert club.service.seating_chart(TID)["moves_to_confirm"] == []
    after = {p["player_id"]: p["table_no"] for p in club.service.players_list(TID)["players"]}
    assert after == where
    assert "NO_MOVE_PROPOSED" in refused(club, "moves/cancel")
    assert "NO_MOVE_PROPOSED" in refused(club, "moves/confirm-all")


def test_break_the_table_the_rules_say_then_confirm_all(club: Venue) -> None:
    bust_at(club, 3, 2)  # 18 players fit at 2 tables of 9: table 3 breaks
    page = club.td.get(f"/t/{TID}/console").text
    assert "La table 3 doit casser" in page
    assert "(tda-2024 R10, tda-2024 R11)" in page
    assert "4 déplacements à faire" in post(club, "moves/break", {"table_no": ""})
    moves = club.service.seating_chart(TID)["moves_to_confirm"]
    assert {move["from_table"] for move in moves} == {3}
    assert "table cassée" in club.td.get(f"/t/{TID}/console").text
    assert "Déplacements confirmés : 4" in post(club, "moves/confirm-all")
    chart = club.service.seating_chart(TID)
    assert [len(t["seats"]) for t in chart["tables"] if t["seats"]] == [9, 9]
    assert 'id="table-3-title"' not in club.td.get(f"/t/{TID}/console").text


def test_break_a_named_table(club: Venue) -> None:
    assert "NOT_ENOUGH_SEATS" in refused(club, "moves/break", {"table_no": "1"})
    bust_at(club, 3, 2)  # 7, 7 and 4: the 7 of table 1 fit at the others' free seats
    assert "7 déplacements à faire" in post(club, "moves/break", {"table_no": "1"})
    moves = club.service.seating_chart(TID)["moves_to_confirm"]
    assert len(moves) == 7 and {move["from_table"] for move in moves} == {1}
    assert "Choisissez une table." in refused(club, "moves/break", {"table_no": "un"})


def test_no_table_to_break_is_refused(club: Venue) -> None:
    assert "NO_TABLE_TO_BREAK" in refused(club, "moves/break")


def test_final_table_redraw_is_confirmed_as_a_whole(club: Venue) -> None:
    assert "NOT_FINAL_TABLE" in refused(club, "moves/final")
    bust_at(club, 3, 6)
    bust_at(club, 2, 5)  # 9 players left: 7 at table 1, 2 at table 2
    assert "Table finale : il reste 9 joueurs" in club.td.get(f"/t/{TID}/console").text
    assert "9 déplacements à faire" in post(club, "moves/final")
    moves = club.service.seating_chart(TID)["moves_to_confirm"]
    page = club.td.get(f"/t/{TID}/console").text
    assert "table finale" in page and "move-done-" not in page
    text = refused(club, "moves/confirm", {"player_id": moves[0]["player_id"]})
    assert "CONFIRM_WHOLE_REDRAW" in text
    post(club, "moves/confirm-all")
    chart = club.service.seating_chart(TID)
    live = [table for table in chart["tables"] if table["seats"]]
    assert [table["table_no"] for table in live] == [1]
    assert {s["seat_no"] for s in live[0]["seats"]} == {m["to_seat"] for m in moves}
    assert live[0]["button_seat"] is not None  # the final table drew its first button


# ---- hand-for-hand ------------------------------------------------------------------------


def test_hand_for_hand_on_a_round_then_off(club: Venue) -> None:
    assert "Main par main activé" in post(club, "hand-for-hand", {"active": "on"})
    screen = club.service.clock_screen(TID)
    assert screen["hand_for_hand"] is True
    assert screen["running"] is False  # tda-2024 RP-8: hand-for-hand stops the clock itself
    left = screen["remaining_ms"]
    assert "02:00" in post(club, "hand-for-hand/round")
    assert club.service.clock_screen(TID)["remaining_ms"] == left - 120_000
    post(club, "hand-for-hand", {"active": "off"})
    screen = club.service.clock_screen(TID)
    assert screen["hand_for_hand"] is False
    assert screen["running"] is True  # and starts it again
    refused(club, "hand-for-hand", {"active": "maybe"})


def test_hand_for_hand_shows_on_the_clock_line(club: Venue) -> None:
    post(club, "hand-for-hand", {"active": "on"})
    with club.td.websocket_connect(f"/t/{TID}/live?view=console-clock") as socket:
        assert "clock-h4h" in socket.receive_text()
