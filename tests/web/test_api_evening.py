"""A rebuy club evening through the HTTP API alone: the behaviours the browser evening
(tests/browser/test_rebuy_evening.py, test_no_shows.py) drives through the pages hold for a
program that only speaks JSON.

ALLINOUEST rules, ``club-rebuy``, 14 registered (one no-show who paid, one who did not), the
field full at 14 with one player waiting. A bust + rebuy in one report, a double bust without
stacks (a tie), the unpaid no-show's seat released after the first level (no longer an entry),
a late registration after the busts (the places move down), a hand that ends during the
colour-up break after level 4 (recorded at the level it began), the add-on at that break (not
before it), the chip race with the counted odd chips,
a hand-for-hand round with busts at two tables sharing their places, the final table, an ICM
deal, the finish and the cash book. After every step the chips in play are what was issued and
the average stack is chips in play // players left.
"""

from __future__ import annotations

from typing import Any

from tests.web.test_api import AUTH, FakeClock, TestClient, command, make_client, refused

TID = "soiree"
STACK = 20_000
MINUTE = 60_000
PAID_ABSENT, UNPAID_ABSENT, WAITING, LATE = "P13", "P14", "W01", "L01"


def api(client: TestClient, what: str, td: bool = False) -> Any:
    response = client.get(f"/api/tournaments/{TID}/{what}", headers=AUTH if td else {})
    assert response.status_code == 200, response.text
    return response.json()


def send(client: TestClient, **body: Any) -> dict[str, Any]:
    return command(client, TID, body)


def players(client: TestClient) -> dict[str, dict[str, Any]]:
    return {p["player_id"]: p for p in api(client, "players")["players"]}


def playing(client: TestClient) -> dict[str, dict[str, Any]]:
    return {k: p for k, p in players(client).items() if p["status"] == "playing"}


def table(client: TestClient, table_no: int) -> dict[str, Any]:
    found: dict[str, Any] = next(
        t for t in api(client, "seating")["tables"] if t["table_no"] == table_no
    )
    return found


def report(client: TestClient, table_no: int, **changes: int) -> dict[str, Any]:
    """The table's next hand: the players dealt in keep their chips but for ``changes``;
    the chips nobody was known to hold (busts without stacks) go to the first winner named."""
    chart = table(client, table_no)
    waiting = set(chart["next_hand"]["waiting"])
    final = {s["player_id"]: s["stack"] for s in chart["seats"] if s["seat_no"] not in waiting}
    final.update(changes)
    if changes and chart["unknown_chips"]:
        winner = max(changes, key=lambda player: changes[player])
        final[winner] += chart["unknown_chips"]
    return send(client, type="record_hand", table_no=table_no,
                hand_no=chart["next_hand"]["hand_no"], final_stacks=final)  # fmt: skip


def bust(client: TestClient, table_no: int, loser: str, winner: str) -> None:
    stacks = {s["player_id"]: s["stack"] for s in table(client, table_no)["seats"]}
    report(client, table_no, **{loser: 0, winner: stacks[winner] + stacks[loser]})


def check_chips(client: TestClient) -> dict[str, Any]:
    """Chips in play = issued (entries, rebuys, add-ons) + what the races changed; they are
    the stacks plus the chips of busts reported without stacks; the average divides them."""
    clock: dict[str, Any] = api(client, "clock")
    raced = 0
    for event in api(client, "events")["events"]:
        if event["type"] == "chip_raced":
            raced += sum(s for _, s in event["stacks_after"])
            raced -= sum(s for _, s in event["stacks_before"])
    issued = STACK * (clock["entries"] + clock["rebuys"] + clock["addons"])
    assert clock["total_chips"] == issued + raced, clock
    in_play = playing(client)
    unknown = sum(t["unknown_chips"] for t in api(client, "seating")["tables"])
    assert sum(p["stack"] for p in in_play.values()) + unknown == clock["total_chips"]
    assert clock["players_left"] == len(in_play)
    assert clock["average_stack"] == clock["total_chips"] // len(in_play)
    return clock


def seated(client: TestClient, table_no: int) -> list[str]:
    return [s["player_id"] for s in table(client, table_no)["seats"]]


def test_a_rebuy_evening_adds_up_through_the_api_alone() -> None:
    clock = FakeClock()
    client, _ = make_client(clock)
    created = client.post(
        "/api/tournaments",
        json={"tournament_id": TID, "profile": "allinouest", "structure": "club-rebuy",
              "max_players": 14},
        headers=AUTH,
    )  # fmt: skip
    assert created.status_code == 201, created.text
    for number in range(1, 15):
        player = f"P{number:02d}"
        absent = player in (PAID_ABSENT, UNPAID_ABSENT)
        send(client, type="register_player", player_id=player, name=f"Joueur {number}",
             present=not absent)  # fmt: skip
        if player != UNPAID_ABSENT:
            send(client, type="record_payment", player_id=player, paid=True, method="cash")
    send(client, type="draw_seats", seed=3)
    send(client, type="place_buttons", seed=3)
    send(client, type="start_clock")
    send(client, type="register_late", player_id=WAITING, name="Attente", seed=3)
    assert [w["player_id"] for w in api(client, "players")["waiting_list"]] == [WAITING]
    assert check_chips(client)["average_stack"] == STACK

    # Level 1. A bust + rebuy in one report: the player keeps the seat, gets no place.
    clock.advance(5 * MINUTE)
    loser, winner = seated(client, 1)[:2]
    stacks = {s["player_id"]: s["stack"] for s in table(client, 1)["seats"]}
    chart = table(client, 1)
    final = {s["player_id"]: s["stack"] for s in chart["seats"]}
    final.update({loser: 0, winner: stacks[winner] + stacks[loser]})
    send(client, type="record_hand", table_no=1, hand_no=chart["next_hand"]["hand_no"],
         final_stacks=final, rebuys=[loser])  # fmt: skip
    rebuyer = playing(client)[loser]
    assert (rebuyer["rebuys"], rebuyer["stack"], rebuyer["place"]) == (1, STACK, None)
    check_chips(client)

    # A double bust reported without stacks at table 2: a tie, and no chip is lost.
    clock.advance(MINUTE)
    report(client, 2)
    tied = [p for p in seated(client, 2) if p not in (PAID_ABSENT, UNPAID_ABSENT)][-2:]
    send(client, type="bust_players", table_no=2, players=tied)
    listed = players(client)
    assert [listed[p]["place"] for p in tied] == [13, 13]
    assert not table(client, 2)["stacks_known"]
    check_chips(client)

    # No-shows (allinouest "Retards et absents"): nothing is released during level 1; after
    # it the unpaid seat goes to the waiting list, the paid no-show keeps his seat.
    send(client, type="release_absent_seats")
    assert players(client)[UNPAID_ABSENT]["status"] == "playing"
    send(client, type="jump_to_level", level_index=1)
    seat = players(client)[UNPAID_ABSENT]["seat_no"]
    send(client, type="release_absent_seats")
    listed = players(client)
    assert listed[WAITING]["status"] == "playing" and listed[WAITING]["seat_no"] == seat
    assert listed[PAID_ABSENT]["status"] == "playing"
    send(client, type="record_payment", player_id=WAITING, paid=True, method="cash")
    ranking = {row["player_id"] for row in api(client, "results")["ranking"]}
    assert UNPAID_ABSENT not in ranking
    assert check_chips(client)["entries"] == 14  # the newcomer, not the no-show

    # A late registration after the busts: the tied players move down, places stay distinct.
    send(client, type="register_late", player_id=LATE, name="Tardif", seed=5)
    send(client, type="record_payment", player_id=LATE, paid=True, method="card")
    listed = players(client)
    assert [listed[p]["place"] for p in tied] == [14, 14]
    assert check_chips(client)["entries"] == 15

    # Level 4, the last of the rebuys: a hand at each table that gives odd chips of 25; the
    # add-on is not open yet (club-rebuy takes it at the break after level 4).
    send(client, type="jump_to_level", level_index=3)
    clock.advance(MINUTE)
    odd: dict[int, tuple[str, str]] = {}
    for table_no in (1, 2):
        first, second = [p for p in seated(client, table_no) if p != PAID_ABSENT][:2]
        stacks = {s["player_id"]: s["stack"] for s in table(client, table_no)["seats"]}
        report(client, table_no, **{first: stacks[first] + 75, second: stacks[second] - 75})
        odd[table_no] = (first, second)
    check_chips(client)
    error = refused(client, TID, {"type": "addon", "player_id": LATE}, 409)
    assert error["params"]["reason"] == "not_open" and error["params"]["break_after_level"] == 4
    # The next hands begin at the shuffle; the TD ends the level while they are played.
    clock.advance(MINUTE)
    send(client, type="adjust_clock", delta_ms=-20 * MINUTE)
    assert api(client, "clock")["in_break"]
    planned = table(client, 1)["next_hand"]
    assert planned["level"] == 4
    report(client, 1)
    played = [e for e in api(client, "events")["events"] if e["type"] == "hand_played"]
    assert (played[-1]["table_no"], played[-1]["level"]) == (1, 4)
    # The break ends the rebuy period and takes the add-ons.
    send(client, type="addon", player_id=LATE)
    check_chips(client)

    # The chip race with the counted odd chips (the 25s leave).
    for table_no in (1, 2):
        counts = {p: 0 for p in seated(client, table_no)}
        first, second = odd[table_no]
        counts[first], counts[second] = 3, 1  # 75 and 25 (the rest made of 100s)
        refused(client, TID, {"type": "chip_race", "table_no": table_no, "removed": 25,
                              "next_chip": 100, "seed": 1}, 409)  # fmt: skip
        send(client, type="chip_race", table_no=table_no, removed=25, next_chip=100,
             odd_chips=counts, seed=1)  # fmt: skip
    assert all(p["stack"] % 100 == 0 for p in playing(client).values())
    check_chips(client)

    # Level 7: busts down to 11, then hand-for-hand: the clock stops by itself, a table that
    # played the round waits, and the busts of the round at both tables share their places.
    send(client, type="jump_to_level", level_index=6)
    while len(playing(client)) > 11:
        table_no = max((1, 2), key=lambda number: len(seated(client, number)))
        players_here = seated(client, table_no)
        bust(client, table_no, players_here[-1], players_here[0])
    send(client, type="set_hand_for_hand", active=True)
    state = api(client, "clock")
    assert state["hand_for_hand"] and not state["running"]
    round_busts = []
    for table_no in (1, 2):
        players_here = seated(client, table_no)
        round_busts.append(players_here[-1])
        bust(client, table_no, players_here[-1], players_here[0])
        if table_no == 1:
            chart = table(client, 1)
            final = {s["player_id"]: s["stack"] for s in chart["seats"]}
            error = refused(client, TID, {"type": "record_hand", "table_no": 1,
                                          "hand_no": chart["next_hand"]["hand_no"],
                                          "final_stacks": final}, 409)  # fmt: skip
            assert error["code"] == "HAND_FOR_HAND_WAIT"
            assert error["params"]["waiting_for"] == [2]
    listed = players(client)
    assert [listed[p]["place"] for p in round_busts] == [10, 10]
    shared = [r for r in api(client, "results")["ranking"] if r["place"] == 10]
    assert all(row["places_covered"] == [10, 11] for row in shared)
    send(client, type="set_hand_for_hand", active=False)
    check_chips(client)

    # The final table, then an ICM deal between the last four.
    send(client, type="propose_final_table", seed=2)
    send(client, type="confirm_moves", seed=2)
    (final_table,) = [t["table_no"] for t in api(client, "seating")["tables"] if t["seats"]]
    while len(playing(client)) > 4:
        players_here = seated(client, final_table)
        bust(client, final_table, players_here[-1], players_here[0])
    check_chips(client)
    proposal = api(client, "deal")
    send(client, type="agree_deal", method="icm")
    shares = {p["player_id"]: p["icm_cents"] for p in proposal["players"]}

    # Play to the winner, the finish, the ranking and the cash book.
    while len(playing(client)) > 1:
        stacks = {p: s["stack"] for p, s in playing(client).items()}
        players_here = sorted(seated(client, final_table), key=stacks.__getitem__)
        bust(client, final_table, players_here[0], players_here[-1])
    send(client, type="finish")
    results = api(client, "results")
    ranking = results["ranking"]
    places = [row["place"] for row in ranking]
    for place in places:  # competition ranking: a tie covers its places, nothing else repeats
        assert place == 1 + sum(1 for other in places if other < place)
    assert len(ranking) == 15 and UNPAID_ABSENT not in {row["player_id"] for row in ranking}
    won = {row["player_id"]: row["cents"] for row in ranking}
    assert {player: won[player] for player in shares} == shares
    pool = api(client, "clock")["prize_pool_cents"]
    assert sum(won.values()) == pool == 15 * 2000 + 1 * 2000 + 1 * 1000
    book = api(client, "cash", td=True)
    assert book["reconciles"] is True
    assert book["totals"]["received_cents"] == 15 * 2000 + 2000 + 1000
    assert book["unpaid"] == []
