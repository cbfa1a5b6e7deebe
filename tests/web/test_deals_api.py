"""Deals through the API: the proposal is a public read, ``agree_deal`` and ``cancel_deal`` are
the TD's commands, and the finish pays the deal (heavenpoker 8.14 refuses every deal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.web.test_api import AUTH, command, get, hand_report, make_client, next_hand, refused

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


def three_left(client: TestClient, tournament_id: str, profile: str = "tda-2024") -> None:
    """Ten players of club-evening at one table of ten, seven busted: three left."""
    body = {"tournament_id": tournament_id, "profile": profile, "table_size": 10}
    response = client.post("/api/tournaments", json=body, headers=AUTH)
    assert response.status_code == 201, response.text
    for number in range(1, 11):
        player = {"type": "register_player", "player_id": f"p{number}", "name": f"Joueur {number}"}
        command(client, tournament_id, player)
    for kind in ("draw_seats", "place_buttons"):
        command(client, tournament_id, {"type": kind, "seed": 7})
    command(client, tournament_id, {"type": "start_clock"})
    for number in range(4, 11):
        table = next_hand(client, tournament_id, 1)
        winner = f"p{(number % 3) + 1}"
        command(client, tournament_id, hand_report(table, f"p{number}", winner))


def play_to_the_end(client: TestClient, tournament_id: str, winner: str) -> dict[str, Any]:
    while True:
        table = next_hand(client, tournament_id, 1)
        if len(table["seats"]) == 1:
            break
        loser = next(s["player_id"] for s in table["seats"] if s["player_id"] != winner)
        command(client, tournament_id, hand_report(table, loser, winner))
    command(client, tournament_id, {"type": "finish"})
    return dict(get(client, f"/api/tournaments/{tournament_id}/results"))


def test_icm_deal_agreed_through_the_api_pays_the_shares_at_the_finish() -> None:
    client, _ = make_client()
    three_left(client, "night")
    proposal = get(client, "/api/tournaments/night/deal")  # public, nothing recorded
    players = proposal["players"]
    assert [p["stack"] for p in players] == sorted((p["stack"] for p in players), reverse=True)
    assert proposal["payouts_cents"] == [10000, 6000, 4000]
    assert sum(p["icm_cents"] for p in players) == sum(p["chip_chop_cents"] for p in players)
    assert proposal["total_cents"] == 20000 and proposal["citations"]
    assert proposal["agreed"] is None
    amounts = {p["player_id"]: p["icm_cents"] for p in players}
    result = command(
        client, "night", {"type": "agree_deal", "method": "icm", "amounts_cents": amounts}
    )
    assert [event["type"] for event in result["events"]] == ["deal_agreed"]
    deal = get(client, "/api/tournaments/night/results")["deal"]
    assert deal["method"] == "icm"
    assert {share["player_id"]: share["cents"] for share in deal["shares"]} == amounts
    assert get(client, "/api/tournaments/night/deal")["agreed"] == deal
    shortest = players[-1]["player_id"]
    results = play_to_the_end(client, "night", shortest)
    paid = {row["player_id"]: (row["place"], row["cents"]) for row in results["ranking"]}
    assert paid[shortest] == (1, amounts[shortest])
    assert {player: paid[player][1] for player in amounts} == amounts
    assert results["deal"] == deal
    error = refused(client, "night", {"type": "agree_deal", "method": "icm"}, 409)
    assert error["code"] == "TOURNAMENT_FINISHED"


def test_heavenpoker_8_14_deal_refused_through_the_api() -> None:
    client, _ = make_client()
    three_left(client, "geneve", profile="heavenpoker")
    response = client.get("/api/tournaments/geneve/deal")
    assert response.status_code == 409
    assert response.json()["code"] == "DEALS_FORBIDDEN"
    assert response.json()["params"]["citations"] == ["heavenpoker 8.14"]
    error = refused(client, "geneve", {"type": "agree_deal", "method": "chip_chop"}, 409)
    assert error["code"] == "DEALS_FORBIDDEN"


def test_a_custom_deal_cancelled_with_a_reason_and_a_stale_split_refused() -> None:
    client, _ = make_client()
    three_left(client, "fri")
    players = get(client, "/api/tournaments/fri/deal")["players"]
    custom = {"type": "agree_deal", "method": "custom",
              "amounts_cents": {p["player_id"]: 6000 for p in players}}  # fmt: skip
    assert refused(client, "fri", custom, 409)["code"] == "DEAL_AMOUNTS_DO_NOT_ADD_UP"
    custom["amounts_cents"] = {players[0]["player_id"]: 8000, players[1]["player_id"]: 6000,
                               players[2]["player_id"]: 6000}  # fmt: skip
    command(client, "fri", custom)
    assert get(client, "/api/tournaments/fri/results")["deal"]["method"] == "custom"
    no_reason = refused(client, "fri", {"type": "cancel_deal", "reason": ""}, 422)
    assert no_reason["code"] == "INVALID_COMMAND"
    result = command(client, "fri", {"type": "cancel_deal", "reason": "a stack was miscounted"})
    assert result["events"][0]["type"] == "deal_cancelled"
    assert get(client, "/api/tournaments/fri/results")["deal"] is None
    # A hand after the proposal: the split shown is no longer the right one.
    shown = {p["player_id"]: p["chip_chop_cents"] for p in players}
    table = next_hand(client, "fri", 1)
    report = hand_report(table, None, players[0]["player_id"])
    stacks = report["final_stacks"]
    stacks[players[0]["player_id"]] += 1000
    stacks[players[1]["player_id"]] -= 1000
    command(client, "fri", report)
    stale = {"type": "agree_deal", "method": "chip_chop", "amounts_cents": shown}
    assert refused(client, "fri", stale, 409)["code"] == "DEAL_STALE"


def test_deal_commands_need_the_td_token_and_the_proposal_checks_its_query() -> None:
    client, _ = make_client()
    three_left(client, "t1")
    response = client.post(
        "/api/tournaments/t1/commands", json={"type": "agree_deal", "method": "icm"}
    )
    assert response.status_code == 401
    assert client.get("/api/tournaments/t1/deal?played_for_cents=-5").status_code == 422
    first = get(client, "/api/tournaments/t1/deal")["payouts_cents"]
    high = client.get(f"/api/tournaments/t1/deal?played_for_cents={first[0]}")
    assert high.status_code == 409 and high.json()["code"] == "DEAL_BAD_PLAYED_FOR"
    kept = get(client, "/api/tournaments/t1/deal?played_for_cents=1000")
    assert kept["played_for_cents"] == 1000
    assert sum(p["icm_cents"] for p in kept["players"]) == kept["total_cents"] - 1000
    assert client.get("/api/tournaments/nope/deal").status_code == 404
