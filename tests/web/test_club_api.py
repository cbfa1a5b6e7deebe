"""The clubs' API (docs/api.md, "Clubs"): the TD's commands with the token, members
registering themselves with number and PIN (wrong PINs refused then rate-limited), the public
reads without private fields, CSV files, and an event's tournament made from the members
checked in and closed back into the club's season."""

from __future__ import annotations

import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app
from tests.web.test_api import FakeClock

TOKEN = "td-token-for-the-club-tests-0123"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
DAY_MS = 86_400_000
HOUR_MS = 3_600_000


class ClubVenue:
    def __init__(self) -> None:
        self.clock = FakeClock()
        self.service = TournamentService(MemoryEventStore(), self.clock)
        self.client = TestClient(create_app(self.service, TOKEN))

    def td(self, body: dict[str, Any], club: str = "hp") -> dict[str, Any]:
        response = self.client.post(f"/api/clubs/{club}/commands", json=body, headers=AUTH)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def refused(self, body: dict[str, Any], status: int = 409) -> dict[str, Any]:
        response = self.client.post("/api/clubs/hp/commands", json=body, headers=AUTH)
        assert response.status_code == status, response.text
        result: dict[str, Any] = response.json()
        return result

    def member(self, event: str, member: str, pin: str, cancel: bool = False) -> Any:
        action = "cancel" if cancel else "register"
        return self.client.post(
            f"/api/clubs/hp/events/{event}/{action}", json={"member_id": member, "pin": pin}
        )


def a_club() -> ClubVenue:
    venue = ClubVenue()
    response = venue.client.post(
        "/api/clubs", json={"type": "create_club", "club_id": "hp", "name": "Heaven"}, headers=AUTH
    )
    assert response.status_code == 201, response.text
    venue.td(
        {
            "type": "create_season",
            "season_id": "s1",
            "name": "Hiver",
            "points": {"name": "sqrt"},
            "best_n": 2,
        }
    )
    for number, (name, born) in enumerate(
        [
            ("Ada Lovelace", "1980-12-10"),
            ("Blaise Pascal", "1990-06-19"),
            ("Jeune Pousse", "2015-01-01"),
        ],
        start=1,
    ):
        venue.td({"type": "add_member", "member_id": str(number), "name": name, "birth_date": born})
        venue.td({"type": "set_pin", "member_id": str(number), "pin": f"{number}234"})
        venue.td(
            {
                "type": "issue_card",
                "card_id": f"c{number}",
                "member_id": str(number),
                "card_type": "saphir",
            }
        )
    start = venue.clock.now_ms + 2 * DAY_MS
    venue.td(
        {
            "type": "schedule_event",
            "event_id": "e1",
            "name": "Mardi",
            "kind": "tournament",
            "start_ms": start,
            "capacity": 10,
            "buy_in_cents": 2000,
            "season_id": "s1",
        }
    )
    return venue


def test_commands_need_the_td_token() -> None:
    venue = a_club()
    response = venue.client.post(
        "/api/clubs/hp/commands", json={"type": "add_member", "member_id": "9", "name": "X"}
    )
    assert response.status_code == 401
    assert response.json()["code"] == "UNAUTHORIZED"


def test_a_member_registers_with_number_and_pin_and_the_public_sees_no_private_field() -> None:
    venue = a_club()
    response = venue.member("e1", "1", "1234")
    assert response.status_code == 200, response.text
    assert response.json()["events"][0]["type"] == "registration_recorded"
    public = venue.client.get("/api/clubs/hp/events/e1").json()
    assert public["registered"] == [{"name": "Ada L.", "checked_in": False}]  # no last name
    assert "1980" not in str(public) and "pin" not in str(public)


def test_a_wrong_pin_is_refused_like_an_unknown_number_then_rate_limited() -> None:
    venue = a_club()
    wrong = venue.member("e1", "1", "9999")
    unknown = venue.member("e1", "77", "9999")
    assert wrong.status_code == unknown.status_code == 403
    assert wrong.json()["code"] == unknown.json()["code"] == "WRONG_PIN"
    codes = [venue.member("e1", "1", "0000").status_code for _ in range(12)]
    assert codes[-1] == 429
    assert venue.member("e1", "1", "1234").status_code == 429  # even the right PIN, for now


def test_heavenpoker_2_1_an_under_18_is_refused_with_the_reason() -> None:
    venue = a_club()
    response = venue.member("e1", "3", "3234")
    assert response.status_code == 409
    assert response.json()["code"] == "UNDER_AGE"
    assert response.json()["params"]["citations"] == ["heavenpoker 2.1"]


def test_the_event_tournament_takes_the_checked_in_members_and_gives_back_places() -> None:
    venue = a_club()
    for member, pin in (("1", "1234"), ("2", "2234")):
        assert venue.member("e1", member, pin).status_code == 200
    venue.clock.advance(2 * DAY_MS - HOUR_MS // 2)  # the desk is open
    for member in ("1", "2"):
        venue.td(
            {
                "type": "check_in",
                "event_id": "e1",
                "member_id": member,
                "method": "cash",
                "identity_by": "TD",
            }
        )
    started = venue.client.post("/api/clubs/hp/events/e1/tournament", headers=AUTH)
    assert started.status_code == 200, started.text
    tournament_id = started.json()["tournament_id"]
    assert tournament_id == "hp-e1"
    players = venue.client.get(f"/api/tournaments/{tournament_id}/players", headers=AUTH).json()
    # The tournament's screens and phones are public: the members' public names.
    assert sorted(p["name"] for p in players["players"]) == ["Ada L.", "Blaise P."]
    again = venue.client.post("/api/clubs/hp/events/e1/tournament", headers=AUTH)
    assert again.status_code == 200  # starting twice completes, never duplicates
    not_yet = venue.client.post("/api/clubs/hp/events/e1/close", headers=AUTH)
    assert not_yet.json()["code"] == "CLUB_EVENT_TOURNAMENT_NOT_FINISHED"
    play_to_the_end(venue, tournament_id, bust_first="2")
    closed = venue.client.post("/api/clubs/hp/events/e1/close", headers=AUTH)
    assert closed.status_code == 200, closed.text
    standings = venue.client.get("/api/clubs/hp/seasons/s1/standings").json()["standings"]
    assert [row["member_id"] for row in standings] == ["1", "2"]
    assert standings[0]["points"] > standings[1]["points"] > 0
    csv_text = venue.client.get("/api/clubs/hp/seasons/s1/standings.csv").text
    assert csv_text.splitlines()[0] == "rank,member_id,name,points,best_result,events_played"


def play_to_the_end(venue: ClubVenue, tournament_id: str, bust_first: str) -> None:
    def send(body: dict[str, Any]) -> None:
        response = venue.client.post(
            f"/api/tournaments/{tournament_id}/commands", json=body, headers=AUTH
        )
        assert response.status_code == 200, response.text

    send({"type": "draw_seats", "seed": 1})
    send({"type": "place_buttons", "seed": 1})
    send({"type": "start_clock"})
    send({"type": "bust_players", "table_no": 1, "players": [bust_first]})
    send({"type": "finish"})


def test_members_csv_and_cash_book_csv() -> None:
    venue = a_club()
    members = venue.client.get("/api/clubs/hp/members.csv", headers=AUTH)
    assert members.status_code == 200
    assert members.text.splitlines()[0] == "member_id,name,nickname,birth_date,contact"
    assert "Ada Lovelace" in members.text
    cash = venue.client.get("/api/clubs/hp/cash.csv", headers=AUTH)
    assert cash.status_code == 200 and "card_fee" in cash.text
    assert venue.client.get("/api/clubs/hp/cash.csv").status_code == 401


def test_a_members_csv_is_imported_whole_or_refused_by_line_and_column() -> None:
    venue = a_club()
    bad = "name,birth_date\nZoé,1980-01-01\nLéo,31.02.1980\n"
    response = venue.client.post("/api/clubs/hp/members/import", content=bad.encode(), headers=AUTH)
    assert response.status_code == 422
    error = response.json()
    assert error["code"] == "CSV_ROWS_INVALID"
    assert (error["params"]["line"], error["params"]["column"]) == (3, "birth_date")
    good = "name;nickname;birth_date\nZoé Martin;Zozo;31.12.1980\n"
    response = venue.client.post(
        "/api/clubs/hp/members/import", content=good.encode(), headers=AUTH
    )
    assert response.status_code == 200, response.text
    assert response.json()["added"] == ["4"]
    member = venue.client.get("/api/clubs/hp/members/4", headers=AUTH).json()
    assert (member["nickname"], member["birth_date"]) == ("Zozo", "1980-12-31")
    not_utf8 = venue.client.post(
        "/api/clubs/hp/members/import", content=b"name\n\xff\xfe\n", headers=AUTH
    )
    assert not_utf8.status_code == 422 and not_utf8.json()["code"] == "CSV_INVALID"


def test_imported_rows_without_a_number_skip_the_numbers_the_file_gives() -> None:
    venue = a_club()
    # Row 2 has no number and row 3 takes "4", the club's next free one: row 2 gets "5", and
    # the whole file is imported (never one member added, then a clash).
    mixed = "member_id,name\n,Zoé Martin\n4,Léo Petit\n"
    response = venue.client.post(
        "/api/clubs/hp/members/import", content=mixed.encode(), headers=AUTH
    )
    assert response.status_code == 200, response.text
    assert response.json()["added"] == ["5", "4"]
    zoe = venue.client.get("/api/clubs/hp/members/5", headers=AUTH).json()
    assert zoe["name"] == "Zoé Martin"


def test_the_openapi_document_describes_the_club_commands() -> None:
    venue = a_club()
    schema = venue.client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    assert "ClubRegister" in components and "ClubCreateClub" in components
    assert "RegisterPlayer" in components  # the tournament's are still there
    body = schema["paths"]["/api/clubs/{club_id}/commands"]["post"]["requestBody"]
    assert "ClubRegister" in str(body)
    assert "\\A" not in str(components["ClubAddMember"])  # ECMA patterns: ^...$


def test_a_club_from_a_preset_and_its_settings_changed_through_the_api() -> None:
    """Issue 26: ``create_club`` with a preset; ``change_settings`` takes the settings the
    club's summary gives, changed; a refused value names its field and range."""
    venue = ClubVenue()
    created = venue.client.post(
        "/api/clubs",
        json={"type": "create_club", "club_id": "hp", "name": "Nantes", "preset": "association"},
        headers=AUTH,
    )
    assert created.status_code == 201, created.text
    summary = venue.client.get("/api/clubs/hp").json()
    assert (summary["currency"], summary["time_zone"]) == ("EUR", "Europe/Paris")
    settings = {**summary["settings"], "minimum_age": 21, "currency": "CHF"}
    done = venue.td({"type": "change_settings", "settings": settings})
    changed = done["events"][0]
    assert changed["type"] == "club_settings_changed"
    assert {"field": "minimum_age", "old": "18", "new": "21"} in changed["changes"]
    refused = venue.refused({"type": "change_settings", "settings": {**settings, "event_hours": 0}})
    assert refused["code"] == "CLUB_BAD_SETTING"
    assert (refused["params"]["name"], refused["params"]["low"]) == ("event_hours", 1)


def test_an_imported_row_asking_generate_gets_a_pin_returned_once() -> None:
    venue = a_club()
    rows = "name,card,pin,identity_checked\nZoé,saphir,generate,yes\nLéo,,1234,no\n"
    response = venue.client.post(
        "/api/clubs/hp/members/import", content=rows.encode(), headers=AUTH
    )
    assert response.status_code == 200, response.text
    answer = response.json()
    assert answer["added"] == ["4", "5"] and list(answer["pins"]) == ["4"]
    assert len(answer["pins"]["4"]) == 6
    zoe = venue.client.get("/api/clubs/hp/members/4", headers=AUTH).json()
    assert zoe["identity_checked"] is True
