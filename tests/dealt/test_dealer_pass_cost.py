"""Issue 32 item 5: the dealer's cost per pass in the application layer. A pass reads what it
needs from the tournament once, not once per table or per bot's turn; the server's dealer
freezes what it loaded out of the garbage collector's way."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.tournament.state import Tournament
from tests.dealt._multi import multi_table


def _counting_reads(dealt: DealtService) -> list[int]:
    """The tournament service's reads counted (the real service, its ``read`` wrapped)."""
    counted = [0]
    real = dealt.tournaments.read

    def read(tournament_id: str, build: Callable[[Tournament], Any]) -> Any:
        counted[0] += 1
        return real(tournament_id, build)

    dealt.tournaments.read = read  # type: ignore[method-assign]
    return counted


def test_a_pass_of_bots_turns_reads_the_tournament_a_few_times_not_once_per_table() -> None:
    dealt, clock = multi_table(players=126, table_size=9)  # 14 tables
    dealt.tick("mtt")  # every table dealt
    clock.now += 500
    counted = _counting_reads(dealt)
    bots_turns = 0
    for _ in range(5):  # passes where the bot to act at every table plays
        tables = [dealt.table("mtt", n) for n in range(1, 15)]
        turns = sum(1 for table in tables if table.to_act_seat())
        before = counted[0]
        dealt.tick("mtt")
        clock.now += 500
        # A few reads for the whole pass (was one more per bot's turn: 14 more here).
        assert counted[0] - before < turns / 2, (counted[0] - before, turns)
        bots_turns += turns
    assert bots_turns >= 60  # the passes did play the bots


def test_a_pass_between_hands_asks_may_deal_in_one_read_of_the_tournament() -> None:
    """Every table between hands asks whether it deals now in the pass's one read
    (``PassReads.dealable``), not in a read of its own (issue 32 item 5)."""
    dealt, clock = multi_table(players=126, table_size=9)  # 14 tables
    counted = _counting_reads(dealt)
    waiting_passes = 0
    for _ in range(800):
        tables = [dealt.table("mtt", n) for n in range(1, 15)]
        before = counted[0]
        dealt.tick("mtt")
        clock.now += 100
        after = [dealt.table("mtt", n) for n in range(1, 15)]
        waiting = not any(t.in_hand for t in tables) and not any(t.in_hand for t in after)
        if waiting and tables[0].hand_no:  # every table waits out its pause, none deals
            waiting_passes += 1
            assert counted[0] - before < len(tables), counted[0] - before  # was one per table more
    assert waiting_passes >= 5


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """What a test froze is given back to the collector (the other tests' objects too)."""
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("unfrozen")
def test_the_dealer_freezes_what_a_pass_loaded_once_and_again_only_when_more_is_held() -> None:
    dealt, _clock = multi_table(players=20, table_size=7)
    gc.unfreeze()
    dealt.tick("mtt")
    assert dealt.dealer.freeze_loaded()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    dealt.tick("mtt")
    assert not dealt.dealer.freeze_loaded()  # nothing more held: no new collection
    assert gc.get_freeze_count() <= frozen  # (frozen objects freed by their count leave it)


def test_a_table_waiting_out_its_pause_is_not_recorded_again_at_every_pass() -> None:
    """Between hands (the 2-s pause of ``SETTINGS``), a table whose hand the tournament has
    recorded is not read again for it: ``record_finished`` only runs for a hand not in the
    tournament yet (after a crash) or when a TD's ruling waits."""
    dealt, clock = multi_table(players=126, table_size=9)  # 14 tables
    calls = [0]
    real = dealt.records.record_finished

    def record_finished(*args: Any) -> None:
        calls[0] += 1
        real(*args)

    dealt.records.record_finished = record_finished  # type: ignore[method-assign]
    waiting_passes = 0
    for _ in range(400):
        tables = [dealt.table("mtt", n) for n in range(1, 15)]
        recorded = dealt.tournaments.read("mtt", lambda t: dict(t.hands_at))
        all_recorded_waiting = all(
            not table.in_hand and recorded.get(n, 0) == table.played_no
            for n, table in enumerate(tables, 1)
        )
        before = calls[0]
        dealt.tick("mtt")
        clock.now += 100  # passes inside the pause
        if all_recorded_waiting and tables[0].hand_no:
            waiting_passes += 1
            assert calls[0] == before
    assert waiting_passes >= 5


def test_a_balancing_move_carries_the_clocks_of_every_table_in_one_store_transaction() -> None:
    """The seats left and taken by a move (the players' clocks following them) go to the store
    together (``append_many``), not one commit per table."""
    from pokerfloor.app._dealt_floor import _seats
    from pokerfloor.dealt.events import SeatLeft, SeatTaken

    dealt, clock = multi_table(players=20, table_size=7)
    seats = dealt.tournaments.read("mtt", _seats)
    one, two = "p1", next(p for p, where in seats.items() if where[0] != seats["p1"][0])
    before = {**seats, one: seats[two], two: seats[one]}  # as if they had changed tables
    calls: list[str] = []
    store = dealt.store
    real_append, real_many = store.append, store.append_many

    def append(stream_id: str, *args: Any) -> int:
        calls.append("append " + stream_id)
        return real_append(stream_id, *args)

    def append_many(appends: Any) -> Any:
        calls.append(f"append_many {len(appends)}")
        return real_many(appends)

    store.append = append  # type: ignore[method-assign]
    store.append_many = append_many  # type: ignore[method-assign]
    with dealt._lock:
        dealt.floor._carry_clocks("mtt", before, clock.now)
    assert [call for call in calls if "table" in call or "many" in call] == ["append_many 2"]
    for player in (one, two):
        table = dealt.table("mtt", seats[player][0])
        kinds = {type(event) for event in table.events}
        assert {SeatLeft, SeatTaken} <= kinds


def _ticker_round(dealt: DealtService) -> None:
    """The dealer's ticker run for a few rounds, then stopped."""

    async def rounds() -> None:
        ticker = asyncio.create_task(dealt.dealer.run_ticker(every_seconds=0.01))
        await asyncio.sleep(0.5)
        ticker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker

    asyncio.run(rounds())


@pytest.mark.usefixtures("unfrozen")
def test_only_the_server_s_dealer_freezes_its_process() -> None:
    """A freeze is the whole process's: the ticker freezes only when ``pokerfloor serve``
    asked it (``cli/serve.py`` sets ``freezes``), never in a process that embeds the app."""
    dealt, _clock = multi_table(players=20, table_size=7)
    gc.unfreeze()
    _ticker_round(dealt)
    assert gc.get_freeze_count() == 0
    dealt.dealer.freezes = True
    _ticker_round(dealt)
    assert gc.get_freeze_count() > 0
