"""The chip race through the HTTP API: ``chip_race`` takes the odd chips counted at the table
(tda-2024 R24, heavenpoker 9.24, allinouest §Le chip race, ropta 4.2)."""

from __future__ import annotations

from typing import Any

from tests.web.test_api import command, get, make_client, next_hand, refused, seated_tournament

TID = "friday"


def table_one() -> tuple[Any, list[str], dict[str, int]]:
    client, _ = make_client()
    seated_tournament(client, TID, players=8)
    table = next_hand(client, TID, 1)
    players = [seat["player_id"] for seat in table["seats"]]
    stacks = {seat["player_id"]: seat["stack"] for seat in table["seats"]}
    return client, players, stacks


def race(odd_chips: dict[str, int] | None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "type": "chip_race",
        "table_no": 1,
        "removed": 25,
        "next_chip": 100,
        "seed": 11,
    }
    if odd_chips is not None:
        body["odd_chips"] = odd_chips
    return body


def test_tda_2024_r24_the_api_races_the_counted_chips_and_updates_the_stacks() -> None:
    client, players, stacks = table_one()
    counts = dict.fromkeys(players, 0) | {players[0]: 3, players[1]: 2, players[2]: 1}
    answer = command(client, TID, race(counts))
    (event,) = answer["events"]
    assert event["type"] == "chip_raced"
    assert dict(event["odd_chips"]) == counts
    assert event["dealer_seat"] is None  # tda-2024 starts at seat 1
    assert len(event["winners"]) == len(set(event["winners"])) == 2  # 150: two chips of 100
    assert "tda-2024 R24" in event["citations"]
    listed = {
        p["player_id"]: p["stack"]
        for p in get(client, f"/api/tournaments/{TID}/players")["players"]
    }
    for player_id in players:
        won = event["winners"].count(player_id)
        assert listed[player_id] == stacks[player_id] - counts[player_id] * 25 + won * 100
    clock = get(client, f"/api/tournaments/{TID}/clock")
    assert clock["total_chips"] == sum(listed.values())


def test_without_counts_the_api_says_it_cannot_race() -> None:
    client, _, _ = table_one()
    before = get(client, f"/api/tournaments/{TID}/events")
    error = refused(client, TID, race(None), 409)
    assert error["code"] == "CHIP_RACE_NEEDS_COUNTS"
    assert error["params"] == {"table_no": 1, "removed": 25}
    assert "without the odd chips counted" in error["message"]
    assert get(client, f"/api/tournaments/{TID}/events") == before


def test_each_bad_count_is_refused_with_its_numbers() -> None:
    client, players, _ = table_one()
    zeros = dict.fromkeys(players, 0)
    cases: list[tuple[dict[str, int], str]] = [
        ({players[0]: 1}, "CHIP_RACE_MISSING_COUNT"),
        (zeros | {"nobody": 1}, "CHIP_RACE_NOT_SEATED"),
        (zeros | {players[0]: 4}, "CHIP_RACE_FULL_SET"),
    ]
    for counts, code in cases:
        assert refused(client, TID, race(counts), 409)["code"] == code
    full = refused(client, TID, race(zeros | {players[0]: 4}), 409)
    assert full["params"]["most"] == 3 and full["params"]["next_chip"] == 100
    # A negative count never reaches the tournament: the command's fields are bounded.
    assert refused(client, TID, race(zeros | {players[0]: -1}), 422)["code"] == "INVALID_COMMAND"
    assert get(client, f"/api/tournaments/{TID}/events")["events"][-1]["type"] != "chip_raced"
