"""Satellites and flights with a Day 2 through the HTTP API alone (issue 33 items 2-3): a
satellite created with its ``satellite`` rules, played to its seats (no hand after), finished
with a seat won twice, its awards in the results; two flights stopped at their players, a
Day 2 made from them with the survivors' stacks carried, the redraw, the summed entries and
pool, played to a winner with every entrant of both flights ranked."""

from __future__ import annotations

from typing import Any

from tests.web.test_api import AUTH, FakeClock, TestClient, command, make_client, refused


def api(client: TestClient, tid: str, what: str) -> Any:
    response = client.get(f"/api/tournaments/{tid}/{what}", headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def create(client: TestClient, **body: Any) -> None:
    created = client.post("/api/tournaments", json=body, headers=AUTH)
    assert created.status_code == 201, created.text


def start(client: TestClient, tid: str, players: list[str]) -> None:
    for player in players:
        command(client, tid, {"type": "register_player", "player_id": player, "name": player})
    command(client, tid, {"type": "draw_seats", "seed": 5})
    command(client, tid, {"type": "place_buttons", "seed": 5})
    command(client, tid, {"type": "start_clock"})


def bust_last(client: TestClient, tid: str) -> None:
    """Bust the player of the highest id still in play (a bust reported without a hand)."""
    seats = [s for t in api(client, tid, "seating")["tables"] for s in t["seats"]]
    last = max(seats, key=lambda s: s["player_id"])
    table_no = next(
        t["table_no"]
        for t in api(client, tid, "seating")["tables"]
        if any(s["player_id"] == last["player_id"] for s in t["seats"])
    )
    command(client, tid, {"type": "bust_players", "table_no": table_no,
                          "players": [last["player_id"]]})  # fmt: skip


SATELLITE = {"target_buy_in_cents": 5000, "remainder": "next_place", "double_seat": "cash"}


def test_a_satellite_through_the_api_stops_at_its_seats_and_awards_them() -> None:
    client, _ = make_client(FakeClock())
    create(client, tournament_id="sat", structure="club-evening", satellite=SATELLITE)
    players = [f"P{n}" for n in range(1, 9)]
    start(client, "sat", players)
    status = api(client, "sat", "results")["satellite"]
    pool = status["pool_cents"]
    assert status["seats"] == pool // 5000 and status["stage"] == "play"
    while api(client, "sat", "results")["satellite"]["stage"] != "stop":
        bust_last(client, "sat")
    seats = status["seats"]
    clock = api(client, "sat", "clock")
    assert clock["satellite"]["players_left"] == seats and clock["satellite"]["to_go"] == 0
    chart = api(client, "sat", "seating")["tables"][0]
    hand = {"type": "record_hand", "table_no": 1, "hand_no": 1,
            "final_stacks": {s["player_id"]: s["stack"] for s in chart["seats"]}}  # fmt: skip
    assert refused(client, "sat", hand, 409)["code"] == "SATELLITE_SEATS_REACHED"
    command(client, "sat", {"type": "finish", "holding_seat": ["P1"]})
    results = api(client, "sat", "results")
    awards = results["satellite"]["awards"]
    assert (
        sum(a["cash_cents"] + a["credit_cents"] for a in awards)
        + 5000 * sum(a["seat"] for a in awards)
        == pool
    )
    row = {r["player_id"]: r for r in results["ranking"]}
    assert row["P1"]["seat"] is False and row["P1"]["cents"] == 5000  # a seat won twice
    assert [r["place"] for r in results["ranking"][:seats]] == [1] * seats


FLIGHT = {"stop_players": 3, "carry": "best", "day1_ranking": "players_left"}


def test_a_day2_resumes_at_the_level_its_flights_stopped_after() -> None:
    client, _ = make_client(FakeClock())
    flight = {"stop_after_level": 2, "carry": "best", "day1_ranking": "players_left"}
    create(client, tournament_id="d1a", structure="club-evening", flight=flight)
    start(client, "d1a", ["P1", "P2", "P3"])
    command(client, "d1a", {"type": "jump_to_level", "level_index": 2})
    command(client, "d1a", {"type": "stop_flight"})
    create(client, tournament_id="day2", day2_of=["d1a"], seed=3)
    assert api(client, "day2", "clock")["level_number"] == 3


def test_two_flights_into_a_day2_through_the_api_to_a_winner() -> None:
    client, _ = make_client(FakeClock())
    entrants = {"d1a": [f"P{n}" for n in range(1, 7)], "d1b": [f"P{n}" for n in range(4, 10)]}
    for tid, players in entrants.items():
        create(client, tournament_id=tid, structure="club-evening", flight=FLIGHT)
        start(client, tid, players)
        assert refused(client, tid, {"type": "stop_flight"}, 409)["code"] == "FLIGHT_NOT_OVER"
        while api(client, tid, "results")["players_left"] > 3:
            bust_last(client, tid)
        command(client, tid, {"type": "stop_flight"})
        assert api(client, tid, "results")["flight"]["stopped"] is True
    pools = sum(api(client, tid, "results")["prize_pool_cents"] for tid in entrants)
    create(client, tournament_id="day2", day2_of=["d1a", "d1b"], seed=3)
    results = api(client, "day2", "results")
    assert results["entries"] == 12 and results["prize_pool_cents"] == pools
    seated = {s["player_id"] for t in api(client, "day2", "seating")["tables"] for s in t["seats"]}
    assert seated == {"P1", "P2", "P3", "P4", "P5", "P6"}
    refusal = refused(
        client, "day2", {"type": "register_late", "player_id": "P9", "name": "x"}, 409
    )
    assert refusal["code"] == "FLIGHT_NOT_A_SURVIVOR"
    while api(client, "day2", "results")["players_left"] > 1:
        bust_last(client, "day2")
    command(client, "day2", {"type": "finish"})
    ranking = api(client, "day2", "results")["ranking"]
    assert {r["player_id"] for r in ranking} == {f"P{n}" for n in range(1, 10)}
    assert sum(r["cents"] for r in ranking) == pools
    day1 = [r for r in ranking if r["player_id"] in {"P7", "P8", "P9"}]
    assert all(r["place"] > 6 and r["name"] for r in day1)


def test_a_day2_of_a_flight_not_stopped_is_refused() -> None:
    client, _ = make_client(FakeClock())
    create(client, tournament_id="d1a", structure="club-evening", flight=FLIGHT)
    response = client.post(
        "/api/tournaments", json={"tournament_id": "day2", "day2_of": ["d1a"]}, headers=AUTH
    )
    assert response.status_code == 409 or response.status_code == 422, response.text
    assert response.json()["code"] == "FLIGHT_NOT_STOPPED"
