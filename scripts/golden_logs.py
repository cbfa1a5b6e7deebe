"""Write the golden event logs of ``tests/data/golden/``: one per stream kind, as a database
stores them, with the views they replay to.

- ``tournament.jsonl``: the stored events of a whole rebuy evening played through the HTTP API
  (the scenario of ``tests/web/test_api_evening.py``, with its checks: registrations, a no-show
  released, rebuys, an add-on, busts and ties, a hand-for-hand round, a chip race, the final
  table's moves, an ICM deal, the finish);
- ``club.jsonl``: a club's month in the core (members, cards, a season, evenings with
  registrations, a waiting list, late cancellations, a fine, a no-show, an exclusion, a ban
  imposed and lifted, a card cancelled, money paid and refunded);
- ``dealt-table.jsonl``: a software-dealt table's stream (issue 32 item 5): hands of four
  bots with the action clock, timeouts and a player away then back, a pause, a misdeal voided,
  a showdown the players play, a seat left and taken between hands;
- ``*-views.json``: what those logs replay to (the pages' read models, the club's queries, the
  dealt table's TD views).

The logs are written ONCE and committed: ``tests/golden/test_golden_logs.py`` replays them on
every test run, so a renamed or removed event field, or a change in what an old log means,
fails a test instead of breaking every club's database. Run it again only for a new stream
kind or on purpose (a migration of stored logs), never to make that test pass::

    python3 -m uv run python scripts/golden_logs.py [KIND]   (KIND: only that log)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests package (the evening's scenario)

from tests.golden.views import (  # noqa: E402
    GOLDEN,
    club_views,
    dealt_table_views,
    json_text,
    tournament_views,
)

from pokerfloor.app.service import TournamentService, stream_id  # noqa: E402
from pokerfloor.club import Club, encode_event  # noqa: E402

TOURNAMENT_ID = "soiree"


def tournament_log() -> tuple[list[bytes], int]:
    """The evening's stored event lines and the clock at its end."""
    import tests.web.test_api as api
    import tests.web.test_api_evening as evening

    captured: dict[str, Any] = {}

    def capturing(clock: Any = None) -> Any:
        client, service = api.make_client(clock)
        captured.update(service=service, clock=clock)
        return client, service

    evening.make_client = capturing  # type: ignore[assignment]
    evening.test_a_rebuy_evening_adds_up_through_the_api_alone()
    service: TournamentService = captured["service"]
    stored = service.store.read(stream_id(TOURNAMENT_ID), 0)
    return [item.data for item in stored], captured["clock"]()


def club_month() -> Club:
    """A month of a Heavenpoker-rules club, every kind of club event at least once."""
    from tests.club._club import DAY, DAY0, EVENING, HOUR, member, new_club

    week = 7 * DAY
    club = new_club()
    club.create_season("s", "Printemps", {"name": "table", "points": [10, 6, 4, 2]}, DAY0, 2)
    for number, name in enumerate(("Anne", "Bob", "Chloé", "Dan", "Eve", "Fred"), start=1):
        member(club, str(number), name)
        club.set_pin(str(number), f"digest-{number}", DAY0)
    starts = [EVENING + index * week for index in range(3)]
    for index, start in enumerate(starts, start=1):
        club.schedule_event(
            f"e{index}", f"Mardi {index}", "tournament", start, 4, DAY0, buy_in_cents=3000,
            season_id="s",
        )  # fmt: skip

    def self_register(event_id: str, number: str) -> None:
        club.register(event_id, number, DAY0, by="member", pin_digest=f"digest-{number}")

    # Evening 1: full at 4, Eve waits with a deposit; Fred cancels late and Eve plays.
    for number in "1236":
        self_register("e1", number)
    club.register("e1", "5", DAY0, present=True, deposit_cents=2000)
    club.cancel_registration("e1", "6", starts[0] - 2 * HOUR, by="member", pin_digest="digest-6")
    for number in "5123":
        club.check_in("e1", number, starts[0] - HOUR, method="cash")
    club.close_event("e1", starts[0] + 5 * HOUR, places={"1": 1, "2": 2, "3": 3, "5": 4})
    # Evening 2: Fred cancels late again (a fine); Dan is banned for a week after it.
    for number in "1246":
        self_register("e2", number)
    club.cancel_registration("e2", "6", starts[1] - HOUR)
    for number in "124":
        club.check_in("e2", number, starts[1] - HOUR)
    club.close_event("e2", starts[1] + 5 * HOUR, places={"2": 1, "1": 2, "4": 3})
    club.ban("b1", "4", "2026-03-18", "insults at the table", "td", starts[1] + 6 * HOUR,
             until_date="2026-03-25")  # fmt: skip
    club.lift_ban("b1", "apology accepted by the committee", starts[1] + DAY)
    # Evening 3: Fred pays his fine with his entry; Chloé never comes; a refund.
    for number in "1236":
        self_register("e3", number)
    for number in "612":
        club.check_in("e3", number, starts[2] - HOUR)
    club.pay(1500, starts[2], member_id="2", event_id="e3", method="cash", note="canteen")
    club.refund(500, starts[2], member_id="2", event_id="e3", method="cash", note="overpaid")
    club.close_event("e3", starts[2] + 5 * HOUR, places={"6": 1, "1": 2, "2": 3})
    # Fred's third offence: a no-show at an extra evening; Eve's card is cancelled.
    club.schedule_event("e4", "Extra", "sit_and_go", starts[2] + 2 * DAY, 6, DAY0)
    self_register("e4", "6")
    club.close_event("e4", starts[2] + 2 * DAY + 5 * HOUR, places={})
    club.cancel_card("C5", "lost", starts[2] + 3 * DAY, refund_cents=1000)
    club.schedule_event("e5", "Suivant", "tournament", starts[2] + week, 6, DAY0)
    return club


def dealt_table_log() -> list[bytes]:
    """A dealt table's stored event lines: every kind of dealt table event at least once."""
    import random

    import msgspec

    from pokerfloor.dealt import ActInHand, ComeBack, DealHand, DealtTable, TimeSettings
    from pokerfloor.hand import Action, HandSetup, Misdeal, Seat, ShowdownAction, Timeout

    rng = random.Random(32)
    table = DealtTable()
    clock = TimeSettings(action_ms=20_000, bank_ms=30_000, away_after=2)
    now = 1_780_000_000_000
    for number in range(1, 10):
        stacks = dict(table.finished.stacks) if table.finished is not None else {}
        seats = tuple(Seat(s, f"P{s}", stacks.get(s) or 2_000) for s in range(1, 5))
        setup = HandSetup("tda-2024", seats, number % 4 + 1, 10, 20, manual_showdown=number > 5)
        deck = list(range(52))
        rng.shuffle(deck)
        now += 3_000
        table.run(
            table.decide_deal(DealHand(setup, tuple(deck), rng.randbytes(32).hex(), now, clock))
        )
        if number == 4:  # the TD calls a misdeal: the hand is void, dealt again
            table.run(table.decide_irregularity(Misdeal(), now + 500))
            now += 3_000
            table.run(
                table.decide_deal(
                    DealHand(setup, tuple(deck[::-1]), rng.randbytes(32).hex(), now, clock)
                )
            )
        step = 0
        while table.in_hand:
            step += 1
            seat_no = table.to_act_seat()
            hand = table.hand()
            if number == 2 and step == 2:  # the TD pauses the table, then resumes it
                table.run(table.decide_pause(now + 1_000))
                table.run(table.decide_resume(now + 61_000))
                now += 60_000
            if number in (3, 4, 5) and seat_no == 3 and 3 not in table.away:  # the clock runs out
                deadline = table.deadline_ms(seat_no) or now
                now = deadline
                table.run(table.decide_act(ActInHand(seat_no, Timeout(), deadline)))
                continue
            now += rng.randint(1_000, 45_000)  # sometimes past the action time: the bank
            legal = hand.legal_actions()
            if not legal.options:  # a showdown the players play
                kind = rng.choice([k for k in hand.showdown_options() if k in ("show", "muck")])
                table.run(table.decide_act(ActInHand(seat_no, ShowdownAction(kind), now)))
                continue
            kind = rng.choice(legal.options)
            amount = None
            if kind in ("bet", "raise"):
                assert legal.min_to is not None and legal.max_to is not None
                amount = rng.randint(legal.min_to, legal.max_to)
            table.run(table.decide_act(ActInHand(seat_no, Action(kind, amount), now)))
        if 3 in table.away and number == 6:
            table.run(table.decide_come_back(ComeBack(3, now + 100)))
        if number == 7:  # seat 4's player leaves; another one sits down with their clock
            clock_of = table.seat_clock(4)
            table.run(table.decide_seat_left(4, now + 200))
            table.run(table.decide_seat_taken(4, (clock_of[0] + 5_000, 1, False), now + 300))
    return [msgspec.json.encode(event) for event in table.events]


def write_dealt_table() -> int:
    lines = dealt_table_log()
    (GOLDEN / "dealt-table.jsonl").write_bytes(b"".join(line + b"\n" for line in lines))
    views = dealt_table_views(lines)
    (GOLDEN / "dealt-table-views.json").write_text(json_text(views), encoding="utf-8")
    return len(lines)


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    if sys.argv[1:] == ["dealt-table"]:  # a new stream kind: only its log is written
        print(f"{write_dealt_table()} dealt table events in {GOLDEN}")
        return
    print(f"{write_dealt_table()} dealt table events in {GOLDEN}")
    lines, now_ms = tournament_log()
    (GOLDEN / "tournament.jsonl").write_bytes(b"".join(line + b"\n" for line in lines))
    views = tournament_views(lines, now_ms)
    (GOLDEN / "tournament-views.json").write_text(json_text(views), encoding="utf-8")
    club = club_month()
    (GOLDEN / "club.jsonl").write_bytes(b"".join(encode_event(e) + b"\n" for e in club.events))
    club_lines = [encode_event(event) for event in club.events]
    (GOLDEN / "club-views.json").write_text(json_text(club_views(club_lines)), "utf-8")
    print(f"{len(lines)} tournament events, {len(club.events)} club events in {GOLDEN}")


if __name__ == "__main__":
    main()
