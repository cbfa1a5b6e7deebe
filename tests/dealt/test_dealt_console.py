"""The TD's console for dealt tables (issue 31 item 8), without a browser: every table's hand
in progress, pause and resume one table or all, a move asked mid-hand made between hands,
and every look at the hole cards logged with who and when."""

from __future__ import annotations

from pokerfloor.app.dealt_service import DealtService
from tests.dealt._sitngo import SETTINGS
from tests.web.pages.conftest import Venue


def _venue(players: int = 14) -> tuple[Venue, DealtService]:
    venue = Venue()
    venue.command("mtt", type="create_tournament", tournament_id="mtt", structure="turbo",
                  table_size=7)  # fmt: skip
    for number in range(1, players + 1):
        venue.command("mtt", type="register_player", player_id=f"p{number}",
                      name=f"Joueur {number}")  # fmt: skip
    venue.command("mtt", type="draw_seats", seed=1)
    venue.command("mtt", type="place_buttons", seed=1)
    dealt: DealtService = venue.td.app.state.dealt  # type: ignore[attr-defined]
    dealt.choose("mtt", SETTINGS)
    venue.command("mtt", type="start_clock")
    return venue, dealt


def test_the_console_shows_every_table_s_hand_and_pauses_and_resumes_a_table() -> None:
    venue, dealt = _venue()
    dealt.tick("mtt")
    page = venue.td.get("/t/mtt/dealt?lang=fr").text
    assert "Mains en cours" in page
    for table_no in (1, 2):
        table = dealt.table("mtt", table_no)
        to_act = dealt.tournaments.tournament("mtt").tables[table_no].seats[table.to_act_seat()]
        name = dealt.tournaments.tournament("mtt").players[to_act].name
        assert f'data-table="{table_no}"' in page and name in page
    assert "préflop" in page
    assert venue.public.get("/t/mtt/dealt/hands", follow_redirects=False).status_code in (303, 401)
    answer = venue.td.post("/t/mtt/dealt/pause?lang=fr", data={"table_no": "2"})
    assert "1 table en pause" in answer.text
    assert dealt.table("mtt", 2).paused_at_ms is not None
    assert dealt.table("mtt", 1).paused_at_ms is None
    fragment = venue.td.get("/t/mtt/dealt/hands?lang=en").text
    assert 'data-resume="2"' in fragment and "paused" in fragment
    answer = venue.td.post("/t/mtt/dealt/pause?lang=en", data={"resume": "1"})
    assert "1 table resumed." in answer.text
    assert dealt.table("mtt", 2).paused_at_ms is None
    again = venue.td.post("/t/mtt/dealt/pause?lang=en", data={"table_no": "2", "resume": "1"})
    assert "This table is not paused" in again.text


def test_a_move_asked_from_the_console_mid_hand_waits_for_the_hand_s_end() -> None:
    venue, dealt = _venue(players=13)
    dealt.tick("mtt")
    tournament = dealt.tournaments.tournament("mtt")
    short = min(tournament.tables, key=lambda no: tournament.tables[no].player_count)
    full = max(tournament.tables, key=lambda no: tournament.tables[no].player_count)
    player = tournament.tables[full].seats[min(tournament.tables[full].seats)]
    free = min(set(range(1, 8)) - set(tournament.tables[short].seats))
    asked = {"player_id": player, "table_no": str(short), "seat_no": str(free), "reason": "vue"}
    answer = venue.td.post("/t/mtt/dealt/move?lang=fr", data=asked)
    assert "quand les mains des deux tables seront finies" in answer.text
    fragment = venue.td.get("/t/mtt/dealt/hands?lang=fr").text
    assert "attend la fin de la main" in fragment and "vue" in fragment
    refused = venue.td.post("/t/mtt/dealt/move?lang=en", data={
        "player_id": player, "table_no": "x", "seat_no": "1", "reason": "r"})  # fmt: skip
    assert "Type the table&#39;s number" in refused.text


def test_each_look_at_the_hole_cards_from_the_console_is_logged_with_who_and_when() -> None:
    venue, dealt = _venue()
    dealt.tick("mtt")
    assert "Personne n'a vu les cartes fermées." in venue.td.get("/t/mtt/dealt?lang=fr").text
    venue.td.get("/t/mtt/dealt/table/2/td")
    seen = dealt.hole_card_log("mtt")
    assert [(s.table_no, s.hand_no) for s in seen] == [(2, 1)]
    assert seen[0].by.startswith("TD (")
    page = venue.td.get("/t/mtt/dealt?lang=fr").text
    assert "Personne n'a vu" not in page and seen[0].by in page


def test_the_console_kills_a_hand_by_the_irregularity_engine_s_ruling_in_french() -> None:
    venue, dealt = _venue()
    dealt.tick("mtt")
    page = venue.td.get("/t/mtt/dealt?lang=fr").text
    assert 'data-kill="1"' in page and "le bouton était mal placé" in page
    misdeal = {"table_no": "1", "cause": "button_wrong"}
    answer = venue.td.post("/t/mtt/dealt/kill?lang=fr", data=misdeal)
    assert "Donne faussée à la table 1 : la main est nulle" in answer.text
    assert "tda-2024 R35" in answer.text
    assert not dealt.table("mtt", 1).in_hand and dealt.table("mtt", 2).in_hand
    refused = venue.td.post("/t/mtt/dealt/kill?lang=fr", data=misdeal)
    assert "flash-error" in refused.text
