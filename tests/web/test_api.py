"""The HTTP and WebSocket API driven like a TD runs an evening, with the in-memory store."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    # Starlette now prefers httpx2 for its test client; httpx is what the project installs.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.web import create_app

TOKEN = "td-token-for-the-tests-0123456789"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
START_MS = 1_700_000_000_000


class FakeClock:
    def __init__(self, now_ms: int = START_MS) -> None:
        self.now_ms = now_ms

    def __call__(self) -> int:
        return self.now_ms

    def advance(self, ms: int) -> None:
        self.now_ms += ms


def make_client(clock: FakeClock | None = None) -> tuple[TestClient, TournamentService]:
    service = TournamentService(MemoryEventStore(), clock or FakeClock())
    return TestClient(create_app(service, TOKEN)), service


def command(client: TestClient, tournament_id: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/tournaments/{tournament_id}/commands", json=body, headers=AUTH)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def refused(
    client: TestClient, tournament_id: str, body: dict[str, Any], status: int
) -> dict[str, Any]:
    response = client.post(f"/api/tournaments/{tournament_id}/commands", json=body, headers=AUTH)
    assert response.status_code == status, response.text
    error: dict[str, Any] = response.json()
    assert set(error) == {"code", "params", "message"}
    return error


def get(client: TestClient, path: str) -> Any:
    response = client.get(path)
    assert response.status_code == 200, response.text
    return response.json()


def seated_tournament(client: TestClient, tournament_id: str = "friday", players: int = 12) -> None:
    """Created with rebuys (club-rebuy), ``players`` registered, seats drawn, buttons placed,
    clock started."""
    response = client.post(
        "/api/tournaments",
        json={"tournament_id": tournament_id, "profile": "tda-2024", "structure": "club-rebuy"},
        headers=AUTH,
    )
    assert response.status_code == 201, response.text
    for number in range(1, players + 1):
        command(
            client,
            tournament_id,
            {"type": "register_player", "player_id": f"P{number:02d}", "name": f"Joueur {number}"},
        )
    command(client, tournament_id, {"type": "draw_seats", "seed": 7})
    command(client, tournament_id, {"type": "place_buttons", "seed": 8})
    command(client, tournament_id, {"type": "start_clock"})


def next_hand(client: TestClient, tournament_id: str, table_no: int) -> dict[str, Any]:
    chart = get(client, f"/api/tournaments/{tournament_id}/seating")
    table: dict[str, Any] = next(t for t in chart["tables"] if t["table_no"] == table_no)
    return table


def hand_report(table: dict[str, Any], loser: str | None, winner: str) -> dict[str, Any]:
    """A "hand finished" report: ``loser`` gives all their chips to ``winner``, or (no loser)
    nothing moves."""
    stacks = {seat["player_id"]: seat["stack"] for seat in table["seats"]}
    waiting = set(table["next_hand"]["waiting"])
    stacks = {
        seat["player_id"]: seat["stack"]
        for seat in table["seats"]
        if seat["seat_no"] not in waiting
    }
    if loser is not None:
        stacks[winner] += stacks[loser]
        stacks[loser] = 0
    plan = table["next_hand"]
    return {
        "type": "record_hand",
        "table_no": table["table_no"],
        "hand_no": plan["hand_no"],
        "button_seat": plan["button_seat"],
        "small_blind_seat": plan["small_blind_seat"],
        "big_blind_seat": plan["big_blind_seat"],
        "final_stacks": stacks,
    }


def test_a_whole_evening_runs_through_the_api() -> None:
    clock = FakeClock()
    client, _ = make_client(clock)
    seated_tournament(client)
    screen = get(client, "/api/tournaments/friday/clock")
    assert screen["status"] == "running"
    assert screen["level"]["big_blind"] == 200
    assert screen["players_left"] == 12
    assert screen["average_stack"] == 20_000
    assert screen["prize_pool_cents"] == 12 * 2000

    # A quiet hand at table 1, then one where a player busts and rebuys at once.
    clock.advance(120_000)
    table = next_hand(client, "friday", 1)
    command(client, "friday", hand_report(table, None, table["seats"][0]["player_id"]))
    table = next_hand(client, "friday", 1)
    assert table["next_hand"]["hand_no"] == 2
    loser, winner = table["seats"][1]["player_id"], table["seats"][2]["player_id"]
    report = hand_report(table, loser, winner) | {"rebuys": [loser]}
    events = command(client, "friday", report)["events"]
    assert [event["type"] for event in events] == ["hand_played", "player_rebought"]
    assert get(client, "/api/tournaments/friday/clock")["rebuys"] == 1

    # A bust without a rebuy is ranked at once (12 entries: 12th place).
    table = next_hand(client, "friday", 1)
    loser, winner = table["seats"][3]["player_id"], table["seats"][0]["player_id"]
    events = command(client, "friday", hand_report(table, loser, winner))["events"]
    assert [event["type"] for event in events] == ["hand_played", "players_busted"]
    assert events[1]["placements"][0] == {
        "player_id": loser,
        "place": 12,
        "tied_with": [],
        "places_covered": [12],
    }

    # A declared rebuy needs an empty stack (tda-2024 R27): refused, nothing stored.
    version = get(client, "/api/tournaments/friday/events")["version"]
    error = refused(client, "friday", {"type": "rebuy", "player_id": winner}, 409)
    assert error["code"] == "REBUY_NOT_ALLOWED"
    assert get(client, "/api/tournaments/friday/events")["version"] == version

    # Dealerless busts reported by a table captain, then balancing, until one player is left.
    while True:
        chart = get(client, "/api/tournaments/friday/seating")
        in_play = [seat for table in chart["tables"] for seat in table["seats"]]
        if len(in_play) == 1:
            break
        fullest = max(chart["tables"], key=lambda t: len(t["seats"]))
        victim = fullest["seats"][-1]["player_id"]
        command(
            client,
            "friday",
            {"type": "bust_players", "table_no": fullest["table_no"], "players": [victim]},
        )
        command(client, "friday", {"type": "balance", "seed": 3})
        clock.advance(60_000)

    players = get(client, "/api/tournaments/friday/players")["players"]
    assert sum(player["status"] == "playing" for player in players) == 1
    finished = command(client, "friday", {"type": "finish"})["events"]
    assert finished[-1]["type"] == "tournament_finished"
    results = get(client, "/api/tournaments/friday/results")
    assert results["finished"] is True
    assert [row["place"] for row in results["ranking"]] == list(range(1, 13))
    assert sum(row["cents"] for row in results["ranking"]) == results["prize_pool_cents"]
    assert results["prize_pool_cents"] == 13 * 2000  # 12 buy-ins and a rebuy

    # Finished: every further command is refused.
    error = refused(client, "friday", {"type": "pause_clock"}, 409)
    assert error["code"] == "TOURNAMENT_FINISHED"
    listing = get(client, "/api/tournaments")["tournaments"]
    assert listing[0]["tournament_id"] == "friday"
    assert listing[0]["status"] == "finished"


def test_the_event_log_lists_every_event_with_its_sequence_number() -> None:
    client, service = make_client()
    seated_tournament(client)
    log = get(client, "/api/tournaments/friday/events")
    seqs = [event["seq"] for event in log["events"]]
    assert seqs == list(range(1, len(seqs) + 1))
    assert log["version"] == len(seqs) == service.version("friday")
    assert log["events"][0]["type"] == "tournament_created"
    later = get(client, "/api/tournaments/friday/events?after_seq=14&limit=2")
    assert [event["seq"] for event in later["events"]] == [15, 16]


def test_a_restarted_service_replays_the_store_to_the_same_read_models() -> None:
    clock = FakeClock()
    store = MemoryEventStore()
    first = TestClient(create_app(TournamentService(store, clock), TOKEN))
    seated_tournament(first)
    table = next_hand(first, "friday", 1)
    command(first, "friday", hand_report(table, None, table["seats"][0]["player_id"]))
    second = TestClient(create_app(TournamentService(store, clock), TOKEN))
    for view in ("clock", "seating", "players", "results"):
        path = f"/api/tournaments/friday/{view}"
        assert get(second, path) == get(first, path)


def test_a_table_captain_reporting_the_wrong_button_is_told_where_it_is() -> None:
    client, _ = make_client()
    seated_tournament(client)
    table = next_hand(client, "friday", 1)
    report = hand_report(table, None, table["seats"][0]["player_id"])
    wrong = next(s["seat_no"] for s in table["seats"] if s["seat_no"] != report["button_seat"])
    error = refused(client, "friday", report | {"button_seat": wrong}, 409)
    assert error["code"] == "POSITIONS_MISMATCH"
    assert error["params"]["expected"] == report["button_seat"]
    error = refused(client, "friday", report | {"hand_no": 5}, 409)
    assert error["code"] == "HAND_NUMBER_MISMATCH"
    assert error["params"]["expected"] == 1


def test_chips_that_do_not_add_up_are_refused_with_the_totals() -> None:
    client, _ = make_client()
    seated_tournament(client)
    table = next_hand(client, "friday", 2)
    report = hand_report(table, None, table["seats"][0]["player_id"])
    first = next(iter(report["final_stacks"]))
    report["final_stacks"][first] += 100
    error = refused(client, "friday", report, 409)
    assert error["code"] == "CHIPS_NOT_CONSERVED"


def test_commands_need_the_td_token() -> None:
    client, _ = make_client()
    body = {"tournament_id": "t1"}
    assert client.post("/api/tournaments", json=body).status_code == 401
    wrong = {"Authorization": "Bearer not-the-token"}
    response = client.post("/api/tournaments", json=body, headers=wrong)
    assert response.status_code == 401
    assert response.json()["code"] == "UNAUTHORIZED"
    assert response.headers["www-authenticate"] == "Bearer"
    assert client.get("/api/tournaments").json() == {"tournaments": []}
    assert client.post("/api/tournaments", json=body, headers=AUTH).status_code == 201
    response = client.post("/api/tournaments/t1/commands", json={"type": "start_clock"})
    assert response.status_code == 401
    assert get(client, "/api/tournaments/t1/clock")["status"] == "not_started"


def test_errors_have_a_code_params_and_a_message() -> None:
    client, _ = make_client()
    seated_tournament(client, "t1", players=4)
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"type": "no_such_command"}, 422, "INVALID_COMMAND"),
        ({"type": "rebuy", "player_id": 12}, 422, "INVALID_COMMAND"),
        ({"type": "rebuy", "player_id": "P01", "chips": 5}, 422, "INVALID_COMMAND"),
        ({"type": "adjust_clock", "delta_ms": 10**40}, 422, "INVALID_COMMAND"),
        ({"type": "draw_seats"}, 409, "SEATS_ALREADY_DRAWN"),
        ({"type": "arrive", "player_id": "nobody"}, 409, "NOT_ABSENT"),
        (
            {"type": "chip_race", "table_no": 9, "removed": 25, "next_chip": 100},
            409,
            "NO_SUCH_TABLE",
        ),
        ({"type": "finish"}, 409, "NOT_FINISHED"),
    ]
    for body, status, code in cases:
        assert refused(client, "t1", body, status)["code"] == code, body
    response = client.post("/api/tournaments/t1/commands", content=b"{not json", headers=AUTH)
    assert response.status_code == 422
    assert response.json()["code"] == "INVALID_JSON"
    assert refused(client, "ghost", {"type": "start_clock"}, 404)["code"] == "TOURNAMENT_NOT_FOUND"
    response = client.get("/api/tournaments/ghost/clock")
    assert response.status_code == 404
    assert response.json()["code"] == "TOURNAMENT_NOT_FOUND"
    response = client.get("/api/tournaments/t1/events?after_seq=-1")
    assert response.status_code == 422
    assert response.json()["code"] == "INVALID_REQUEST"
    response = client.get("/api/nowhere")
    assert response.status_code == 404
    assert set(response.json()) == {"code", "params", "message"}


def test_creating_a_tournament_checks_profile_structure_and_uniqueness() -> None:
    client, _ = make_client()

    def create(body: dict[str, Any]) -> Any:
        return client.post("/api/tournaments", json=body, headers=AUTH)

    assert create({"tournament_id": "a", "profile": "house"}).json()["code"] == "UNKNOWN_PROFILE"
    response = create({"tournament_id": "a", "structure": "/etc/passwd"})
    assert response.status_code == 422
    assert response.json()["code"] == "STRUCTURE_NOT_FOUND"
    response = create({"tournament_id": "a", "structure": "name = 'x'\nlevels = 3\n"})
    assert response.status_code == 422
    assert create({"tournament_id": "../x"}).status_code == 422
    assert create({"tournament_id": "a", "table_size": 11}).status_code == 422
    assert create({"tournament_id": "a", "profile": "ropta"}).status_code == 201
    response = create({"tournament_id": "a"})
    assert response.status_code == 409
    assert response.json()["code"] == "TOURNAMENT_EXISTS"


def test_the_openapi_document_describes_the_commands() -> None:
    client, _ = make_client()
    schema = get(client, "/openapi.json")
    assert "RecordHand" in schema["components"]["schemas"]
    assert "/api/tournaments/{tournament_id}/commands" in schema["paths"]
    # The interactive docs load from a CDN: off (issue 12, finding 10); the schema stays.
    assert client.get("/docs").status_code == 404


def test_the_websocket_streams_durable_events_to_the_td_and_the_public() -> None:
    client, _ = make_client()
    seated_tournament(client, "t1", players=4)
    with (
        client.websocket_connect("/ws/tournaments/t1", headers=AUTH) as td,
        client.websocket_connect("/ws/tournaments/t1") as public,
    ):
        sent = command(client, "t1", {"type": "pause_clock"})["events"]
        for socket in (td, public):
            received = json.loads(socket.receive_text())
            assert received == sent[0]
            assert received["type"] == "clock_paused"


def test_the_websocket_resends_the_events_after_a_sequence_number() -> None:
    client, service = make_client()
    seated_tournament(client, "t1", players=4)
    version = service.version("t1")
    with client.websocket_connect(f"/ws/tournaments/t1?after_seq={version - 2}") as public:
        seqs = [json.loads(public.receive_text())["seq"] for _ in range(2)]
        assert seqs == [version - 1, version]
        command(client, "t1", {"type": "pause_clock"})
        assert json.loads(public.receive_text())["seq"] == version + 1


@pytest.mark.parametrize(
    ("path", "code"),
    [("/ws/tournaments/t1?token=wrong", 4401), ("/ws/tournaments/ghost", 4404)],
)
def test_the_websocket_refuses_a_wrong_token_and_an_unknown_tournament(
    path: str, code: int
) -> None:
    client, service = make_client()
    seated_tournament(client, "t1", players=4)
    with client.websocket_connect(path) as socket, pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_text()
    assert closed.value.code == code
    assert service.subscriber_count("t1") == 0


def test_unregister_payments_corrections_and_points_through_the_api() -> None:
    client, _ = make_client()
    response = client.post(
        "/api/tournaments",
        json={"tournament_id": "desk", "structure": "club-rebuy"},
        headers=AUTH,
    )
    assert response.status_code == 201, response.text
    for number in range(1, 6):
        body = {"type": "register_player", "player_id": f"P{number:02d}", "name": f"J{number}"}
        command(client, "desk", body)
    left = command(client, "desk", {"type": "unregister", "player_id": "P05", "reason": "ill"})
    assert [event["type"] for event in left["events"]] == ["player_unregistered"]
    paid = {"type": "record_payment", "player_id": "P01", "paid": True, "method": "cash"}
    assert command(client, "desk", paid)["events"][0]["type"] == "payment_recorded"
    listed = client.get("/api/tournaments/desk/players", headers=AUTH).json()  # the TD's
    players = {p["player_id"]: p for p in listed["players"]}
    assert "P05" not in players
    assert players["P01"]["paid"] is True and players["P01"]["payment_method"] == "cash"
    assert players["P02"]["paid"] is False
    command(client, "desk", {"type": "draw_seats", "seed": 1})
    command(client, "desk", {"type": "place_buttons", "seed": 2})
    command(client, "desk", {"type": "start_clock"})
    late = {"type": "unregister", "player_id": "P01", "reason": "bored"}
    assert refused(client, "desk", late, 409)["code"] == "UNREGISTER_AFTER_DRAW"
    no_rebuy = {"type": "correct_rebuy", "player_id": "P01", "reason": "typo"}
    assert refused(client, "desk", no_rebuy, 409)["code"] == "NO_REBUY"
    command(client, "desk", {"type": "bust_players", "table_no": 1, "players": ["P02"]})
    back = {"type": "correct_bust", "player_id": "P02", "stack": 20000, "reason": "wrong player"}
    assert command(client, "desk", back)["events"][0]["type"] == "bust_corrected"
    players = {p["player_id"]: p for p in get(client, "/api/tournaments/desk/players")["players"]}
    assert players["P02"]["status"] == "playing" and players["P02"]["stack"] == 20000
    assert get(client, "/api/tournaments/desk/results")["players_left"] == 4
    for player_id in ("P02", "P03", "P04"):
        command(client, "desk", {"type": "bust_players", "table_no": 1, "players": [player_id]})
    unknown = {"type": "finish", "points": {"name": "nope"}}
    assert refused(client, "desk", unknown, 409)["code"] == "POINTS_UNKNOWN_FORMULA"
    wrong = {"type": "finish", "points": {"name": "linear", "factor": [1, 2]}}
    assert refused(client, "desk", wrong, 409)["code"] == "POINTS_BAD_INPUT"
    command(client, "desk", {"type": "finish", "points": {"name": "linear", "factor": 2}})
    results = get(client, "/api/tournaments/desk/results")
    scored = {row["player_id"]: row["points"] for row in results["ranking"]}
    assert scored["P01"] == 8 * 100 and scored["P02"] == 2 * 100


def test_balancing_instructions_are_shown_and_applied_once_the_td_confirms() -> None:
    client, _ = make_client()
    seated_tournament(client, "moves", players=18)
    seating = get(client, "/api/tournaments/moves/seating")
    first_table = seating["tables"][0]
    busted = [seat["player_id"] for seat in first_table["seats"]][:3]
    for player_id in busted:
        command(
            client,
            "moves",
            {"type": "penalize", "player_id": player_id, "kind": "disqualification", "reason": "x"},
        )
    command(client, "moves", {"type": "propose_moves", "seed": 5})
    pending = get(client, "/api/tournaments/moves/seating")["moves_to_confirm"]
    assert pending and pending[0]["instruction"].startswith("Table ")
    player_id = pending[0]["player_id"]
    result = command(client, "moves", {"type": "confirm_move", "player_id": player_id})
    assert [event["type"] for event in result["events"]] == ["players_moved"]
    after = get(client, "/api/tournaments/moves/seating")["moves_to_confirm"]
    assert player_id not in [move["player_id"] for move in after]
    error = refused(client, "moves", {"type": "confirm_move", "player_id": player_id}, 409)
    assert error["code"] == "NO_MOVE_PROPOSED"


def disqualify_all(client: TestClient, tournament_id: str, players: list[str]) -> None:
    for player_id in players:
        command(
            client,
            tournament_id,
            {"type": "penalize", "player_id": player_id, "kind": "disqualification", "reason": "x"},
        )


def test_break_a_table_then_redraw_the_final_table_with_the_td_confirming() -> None:
    client, _ = make_client()
    seated_tournament(client, "night", players=18)
    tables = get(client, "/api/tournaments/night/seating")["tables"]
    ids = {t["table_no"]: [s["player_id"] for s in t["seats"]] for t in tables}
    disqualify_all(client, "night", ids[1][:4] + ids[2][:5])  # 9 left: one table is enough
    proposal = command(client, "night", {"type": "propose_break_table", "seed": 3})
    assert [event["type"] for event in proposal["events"]] == ["moves_proposed"]
    pending = get(client, "/api/tournaments/night/seating")["moves_to_confirm"]
    assert {move["reason"] for move in pending} == {"break"}
    assert {move["from_table"] for move in pending} == {2}
    assert all(move["name"].startswith("Joueur ") for move in pending)
    command(client, "night", {"type": "confirm_moves"})
    assert [t["table_no"] for t in get(client, "/api/tournaments/night/seating")["tables"]] == [1]
    command(client, "night", {"type": "propose_final_table", "seed": 4})
    pending = get(client, "/api/tournaments/night/seating")["moves_to_confirm"]
    assert len(pending) == 9 and {move["reason"] for move in pending} == {"final_table"}
    error = refused(
        client, "night", {"type": "confirm_move", "player_id": pending[0]["player_id"]}, 409
    )
    assert error["code"] == "CONFIRM_WHOLE_REDRAW"
    done = command(client, "night", {"type": "confirm_moves", "seed": 9})
    assert [event["type"] for event in done["events"]] == ["players_moved", "button_placed"]
    final = get(client, "/api/tournaments/night/seating")["tables"][0]
    assert {s["seat_no"]: s["player_id"] for s in final["seats"]} == {
        move["to_seat"]: move["player_id"] for move in pending
    }


def test_cancel_moves_through_the_api() -> None:
    client, _ = make_client()
    seated_tournament(client, "calm", players=18)
    error = refused(client, "calm", {"type": "cancel_moves"}, 409)
    assert error["code"] == "NO_MOVE_PROPOSED"


def test_a_hand_report_is_corrected_by_a_reversing_event_with_a_reason() -> None:
    client, _ = make_client()
    seated_tournament(client, "fix", players=12)
    table = next_hand(client, "fix", 1)
    report = hand_report(table, None, table["seats"][0]["player_id"])
    first, second = list(report["final_stacks"])[:2]
    report["final_stacks"][first] += 500
    report["final_stacks"][second] -= 500
    command(client, "fix", report)
    stacks = {
        first: report["final_stacks"][first] - 1000,
        second: report["final_stacks"][second] + 1000,
    }
    body = {
        "type": "correct_hand",
        "table_no": 1,
        "hand_no": 1,
        "stacks": stacks,
        "reason": "swapped",
    }
    result = command(client, "fix", body)
    assert [event["type"] for event in result["events"]] == ["hand_corrected"]
    players = {
        p["player_id"]: p["stack"] for p in get(client, "/api/tournaments/fix/players")["players"]
    }
    assert {p: players[p] for p in stacks} == stacks
    error = refused(client, "fix", {**body, "stacks": {first: 1}}, 409)
    assert error["code"] == "CHIPS_NOT_CONSERVED"


def test_a_hand_finishing_during_a_break_is_planned_and_reported_at_the_level_before() -> None:
    """tda-2024 R23: a hand is played at the level in force when it began. The table reports
    every 3 minutes; the hand that began before the break is reported during it, without any
    start time, and is recorded at the level before; the next one waits for the break's end."""
    clock = FakeClock()
    client, _ = make_client(clock)
    seated_tournament(client, "pause", players=12)
    while True:
        clock.advance(180_000)
        if get(client, "/api/tournaments/pause/clock")["in_break"]:
            break
        table = next_hand(client, "pause", 1)
        command(client, "pause", hand_report(table, None, table["seats"][0]["player_id"]))
    level_before = get(client, "/api/tournaments/pause/clock")["level_number"] - 1
    table = next_hand(client, "pause", 1)
    started = table["next_hand"]["started_at_ms"]
    assert started is not None and started < clock.now_ms
    assert table["next_hand"]["level"] == level_before
    result = command(client, "pause", hand_report(table, None, table["seats"][0]["player_id"]))
    played = next(e for e in result["events"] if e["type"] == "hand_played")
    assert played["level"] == level_before and played["started_at_ms"] == started
    # The next hand begins when the break is over: none is dealt during it.
    assert next_hand(client, "pause", 1)["next_hand"] is None
    clock.advance(24 * 3_600_000)  # long after the break: the next hand is at the level after
    after = next_hand(client, "pause", 1)["next_hand"]
    assert after is not None and after["level"] == level_before + 1


def test_the_points_formula_chosen_at_set_up_scores_the_finish() -> None:
    client, _ = make_client()
    body = {"tournament_id": "champ", "structure": "club-evening", "points": {"name": "sqrt"}}
    response = client.post("/api/tournaments", json=body, headers=AUTH)
    assert response.status_code == 201, response.text
    assert get(client, "/api/tournaments/champ")["points"] == {"name": "sqrt"}
    for number in range(1, 5):
        command(
            client, "champ", {"type": "register_player", "player_id": f"P{number}", "name": "x"}
        )
    command(client, "champ", {"type": "draw_seats", "seed": 1})
    command(client, "champ", {"type": "place_buttons", "seed": 1})
    command(client, "champ", {"type": "bust_players", "table_no": 1, "players": ["P1", "P2", "P3"]})
    command(client, "champ", {"type": "finish"})
    ranking = get(client, "/api/tournaments/champ/results")["ranking"]
    assert ranking[0]["player_id"] == "P4" and ranking[0]["points"] > 0


def test_a_bad_points_formula_is_refused_at_set_up_and_nothing_is_created() -> None:
    client, _ = make_client()
    body = {"tournament_id": "bad", "points": {"name": "golf"}}
    response = client.post("/api/tournaments", json=body, headers=AUTH)
    assert response.status_code == 422 and response.json()["code"] == "POINTS_UNKNOWN_FORMULA"
    assert client.get("/api/tournaments/bad").status_code == 404


def test_finish_with_no_points_scores_nothing_even_with_a_set_up_formula() -> None:
    client, _ = make_client()
    body = {"tournament_id": "nopts", "structure": "club-evening", "points": {"name": "sqrt"}}
    assert client.post("/api/tournaments", json=body, headers=AUTH).status_code == 201
    for number in range(1, 4):
        command(
            client, "nopts", {"type": "register_player", "player_id": f"P{number}", "name": "x"}
        )
    command(client, "nopts", {"type": "draw_seats", "seed": 1})
    command(client, "nopts", {"type": "place_buttons", "seed": 1})
    command(client, "nopts", {"type": "bust_players", "table_no": 1, "players": ["P1", "P2"]})
    both = {"type": "finish", "no_points": True, "points": {"name": "linear"}}
    response = client.post("/api/tournaments/nopts/commands", json=both, headers=AUTH)
    assert response.status_code == 409 and response.json()["code"] == "POINTS_BAD_INPUT"
    command(client, "nopts", {"type": "finish", "no_points": True})
    ranking = get(client, "/api/tournaments/nopts/results")["ranking"]
    assert ranking[0]["player_id"] == "P3"
    assert [row["points"] for row in ranking] == [0, 0, 0]


def test_the_payout_scheme_chosen_at_set_up_pays_the_finish_and_shows_on_the_clock() -> None:
    client, _ = make_client()
    grid = {"name": "shares", "basis_points": [7000, 3000], "rounding_cents": 1000}
    body = {"tournament_id": "grid", "structure": "club-evening", "payouts": grid}
    assert client.post("/api/tournaments", json=body, headers=AUTH).status_code == 201
    assert get(client, "/api/tournaments/grid")["payouts"] == grid
    for number in range(1, 5):
        command(client, "grid", {"type": "register_player", "player_id": f"P{number}", "name": "x"})
    pool = get(client, "/api/tournaments/grid/clock")["prize_pool_cents"]
    expected = [pool - pool * 3000 // 10_000 // 1000 * 1000, pool * 3000 // 10_000 // 1000 * 1000]
    assert get(client, "/api/tournaments/grid/clock")["payouts_cents"] == expected
    command(client, "grid", {"type": "draw_seats", "seed": 1})
    command(client, "grid", {"type": "place_buttons", "seed": 1})
    for player in ("P1", "P2", "P3"):  # one hand each: no tie for second place
        command(client, "grid", {"type": "bust_players", "table_no": 1, "players": [player]})
    command(client, "grid", {"type": "finish"})
    ranking = get(client, "/api/tournaments/grid/results")["ranking"]
    assert [row["cents"] for row in ranking[:2]] == expected


def test_a_bad_payout_scheme_is_refused_at_set_up_and_nothing_is_created() -> None:
    client, _ = make_client()
    body = {"tournament_id": "bad", "payouts": {"name": "shares", "basis_points": [6000, 3000]}}
    response = client.post("/api/tournaments", json=body, headers=AUTH)
    assert response.status_code == 422 and response.json()["code"] == "PAYOUT_BAD_SHARES"
    assert "9000" in response.json()["message"]
    assert client.get("/api/tournaments/bad").status_code == 404


def test_the_seating_chart_before_the_clock_starts_does_not_drift_with_time() -> None:
    """A table's first hand begins with the clock: before it starts, its start is null (a
    refused command then leaves every read as it was, however much time passed)."""
    clock = FakeClock()
    client, service = make_client(clock)
    client.post("/api/tournaments", json={"tournament_id": "t"}, headers=AUTH)
    for number in range(1, 5):
        body = {"type": "register_player", "player_id": f"p{number}", "name": f"J {number}"}
        command(client, "t", body)
    command(client, "t", {"type": "draw_seats", "seed": 1})
    command(client, "t", {"type": "place_buttons", "seed": 1})
    first = service.seating_chart("t")
    clock.advance(60_000)
    assert service.seating_chart("t") == first
    assert first["tables"][0]["next_hand"]["started_at_ms"] is None
    command(client, "t", {"type": "start_clock"})
    assert service.seating_chart("t")["tables"][0]["next_hand"]["started_at_ms"] is not None
