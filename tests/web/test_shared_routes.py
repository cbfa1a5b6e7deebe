"""Issue 30 item 6 (a fast default suite): the applications a test process creates share one
compilation of each route of the modules' routers (``tests/shared_routes.py``), and each still
answers from its own service, guard and per-application routes."""

from __future__ import annotations

from tests import shared_routes
from tests.web.test_api import AUTH, TestClient, make_client

OTHER_TOKEN = "another-td-token-for-a-second-app"


def created(client: TestClient, tournament_id: str, headers: dict[str, str] = AUTH) -> int:
    response = client.post(
        "/api/tournaments",
        json={"tournament_id": tournament_id, "profile": "tda-2024", "structure": "club-rebuy"},
        headers=headers,
    )
    return response.status_code


def listed(client: TestClient) -> set[str]:
    response = client.get("/api/tournaments")
    assert response.status_code == 200, response.text
    return {row["tournament_id"] for row in response.json()["tournaments"]}


def test_issue_30_item_6_a_second_app_compiles_no_route_of_the_modules_again() -> None:
    first, _ = make_client()
    assert first.get("/no-route-here").status_code == 404  # walks every router
    compiled = shared_routes.compiled_routes()
    assert compiled > 100, "the first application's routes are kept for the next ones"
    second, _ = make_client()
    assert second.get("/no-route-here").status_code == 404
    assert shared_routes.compiled_routes() == compiled


def test_issue_30_item_6_apps_sharing_routes_answer_from_their_own_service() -> None:
    first, first_service = make_client()
    second, second_service = make_client()
    assert created(first, "only-in-the-first") == 201
    assert created(second, "only-in-the-second") == 201
    assert "only-in-the-first" in listed(first)
    assert "only-in-the-first" not in listed(second)
    assert "only-in-the-second" in listed(second)
    assert first_service.exists("only-in-the-first")
    assert not second_service.exists("only-in-the-first")


def test_issue_30_item_6_apps_sharing_routes_check_their_own_td_token() -> None:
    from pokerfloor.app.memory_store import MemoryEventStore
    from pokerfloor.app.service import TournamentService
    from pokerfloor.web import create_app
    from tests.web.test_api import FakeClock

    first, _ = make_client()
    second = TestClient(create_app(TournamentService(MemoryEventStore(), FakeClock()), OTHER_TOKEN))
    assert created(first, "friday") == 201
    assert created(second, "friday") == 401
    assert created(second, "friday", {"Authorization": f"Bearer {OTHER_TOKEN}"}) == 201


def test_issue_30_item_6_per_app_routes_reach_their_own_app() -> None:
    # The dealt tables' routes close over their application's service (``mount_dealt``):
    # they are compiled for each application, never shared.
    first, _ = make_client()
    second, _ = make_client()
    for client in (first, second):
        assert created(client, "dealt-friday") == 201
    chosen = first.post("/api/tournaments/dealt-friday/dealt", json={}, headers=AUTH)
    assert chosen.status_code == 200, chosen.text
    assert first.get("/api/tournaments/dealt-friday/dealt").status_code == 200
    assert second.get("/api/tournaments/dealt-friday/dealt").status_code == 404
