"""A progressive knockout evening through the HTTP API alone: created with a ``bounty`` on a
bundled structure, a multiway knockout (two players busted in one hand, each bounty to its
collector), a split-pot knockout (the bounty shared, the odd unit first left of the button), a
bust whose collector is not named refused, to a winner; the results, the players list, the
seating chart and the cash book carry the bounties, and they reconcile."""

from __future__ import annotations

from typing import Any

from tests.web.test_api import AUTH, FakeClock, TestClient, command, make_client, refused

TID = "pko"


def api(client: TestClient, what: str) -> Any:
    response = client.get(f"/api/tournaments/{TID}/{what}", headers=AUTH)
    assert response.status_code == 200, response.text
    return response.json()


def send(client: TestClient, **body: Any) -> dict[str, Any]:
    return command(client, TID, body)


def table(client: TestClient) -> dict[str, Any]:
    found: dict[str, Any] = api(client, "seating")["tables"][0]
    return found


def in_dealing_order(client: TestClient) -> list[str]:
    chart = table(client)
    button, size = chart["button_seat"] or 0, chart["size"]
    seats = sorted(chart["seats"], key=lambda s: (s["seat_no"] - button - 1) % size)
    return [s["player_id"] for s in seats]


def report(client: TestClient, changes: dict[str, int], **more: Any) -> dict[str, Any]:
    chart = table(client)
    final = {s["player_id"]: s["stack"] for s in chart["seats"]} | changes
    return send(client, type="record_hand", table_no=1, hand_no=chart["next_hand"]["hand_no"],
                final_stacks=final, **more)  # fmt: skip


def test_a_pko_evening_through_the_api_reconciles() -> None:
    clock = FakeClock()
    client, _ = make_client(clock)
    bounty = {"cents": 1500, "progressive_percent": 50, "rounding_cents": 100}
    created = client.post(
        "/api/tournaments",
        json={"tournament_id": TID, "structure": "club-evening", "bounty": bounty},
        headers=AUTH,
    )
    assert created.status_code == 201, created.text
    for number in range(1, 7):
        send(client, type="register_player", player_id=f"P{number}", name=f"Joueur {number}")
        send(client, type="record_payment", player_id=f"P{number}", paid=True, method="cash")
    send(client, type="draw_seats", seed=5)
    send(client, type="place_buttons", seed=5)
    send(client, type="start_clock")
    assert {s["bounty_cents"] for s in table(client)["seats"]} == {1500}

    # Multiway: a and b all in, c wins everything: both bounties to c, each 750 on his head
    # rounded down to whole euros (700) and 800 in cash.
    a, b, c, d, e, f = in_dealing_order(client)
    stack = 20_000
    error = refused(
        client, TID,
        {"type": "record_hand", "table_no": 1, "hand_no": 1,
         "final_stacks": {a: 0, b: 0, c: 3 * stack, d: stack, e: stack, f: stack}},
        409,
    )  # fmt: skip
    assert error["code"] == "BOUNTY_COLLECTOR_MISSING"
    assert table(client)["hands_played"] == 0  # the hand and its busts, or nothing
    report(client, {a: 0, b: 0, c: 3 * stack}, eliminated_by={a: [c], b: [c]})
    listed = {p["player_id"]: p for p in api(client, "players")["players"]}
    assert listed[c]["bounty_cents"] == 2900 and listed[c]["bounty_won_cents"] == 1600

    # Split pot: d and e split the pot that busts f; 15 euros split two ways in whole euros,
    # the odd euro first left of the button (8 and 7), half of each share on the head rounded
    # down to the euro (4 and 3), the rest in cash.
    report(client, {f: 0, d: stack + stack // 2, e: stack + stack // 2},
           eliminated_by={f: [e, d]})  # fmt: skip
    event = api(client, "events")["events"][-1]
    assert event["type"] == "players_busted"
    shares = {
        s["player_id"]: (s["cash_cents"], s["head_cents"]) for s in event["knockouts"][0]["shares"]
    }
    first = next(p for p in in_dealing_order(client) if p in (d, e))
    other = e if first == d else d
    assert shares == {first: (400, 400), other: (400, 300)}

    # Heads-up to the end: the collector is the only other player, no need to name him.
    left = in_dealing_order(client)
    while len(left) > 1:
        stacks = {s["player_id"]: s["stack"] for s in table(client)["seats"]}
        loser = min(left, key=lambda p: stacks[p])
        winner = max(left, key=lambda p: stacks[p])  # only a player who covered collects
        changes = {loser: 0, winner: stacks[winner] + stacks[loser]}
        if len(left) > 2:
            report(client, changes, eliminated_by={loser: [winner]})
        else:
            report(client, changes)
        left = in_dealing_order(client)
    send(client, type="finish")
    results = api(client, "results")
    bounties = results["bounties"]
    assert bounties["funded_cents"] == 9000 and bounties["reconciles"]
    assert bounties["on_heads_cents"] == 0
    assert sum(p["won_cents"] for p in bounties["players"]) == 9000
    assert results["prize_pool_cents"] == 6 * (2000 - 1500)
    book = api(client, "cash")
    assert book["reconciles"] and book["bounties"]["paid_cents"] == 9000
    assert book["totals"]["received_cents"] == (
        book["totals"]["prize_pool_cents"] + bounties["paid_cents"] + book["totals"]["fees_cents"]
    )
