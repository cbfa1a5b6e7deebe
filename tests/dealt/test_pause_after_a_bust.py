"""The pause after a dealt hand, and the longer wait when it busted a player who may still
rebuy (``between_hands.may_deal``, ``pause_after``): the dealer asks at every pass, so the
look through the tournament's players is made only while the answer turns on it (issue 32
item 5); the answer is the same as the rule's at every moment."""

from __future__ import annotations

from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    RecordHand,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.dealt import DealtTable, HandDealt, HandFinished
from pokerfloor.dealt.between_hands import REBUY_WAIT_MS, BustIndex, may_deal, pause_after
from tests.dealt._sitngo import FakeClock

PLAYERS = ("p1", "p2", "p3")


def _busted_in_the_rebuy_period() -> tuple[TournamentService, HandFinished, DealtTable]:
    """A club evening with rebuys: p2 loses every chip to p1 in the table's first hand."""
    clock = FakeClock()
    service = TournamentService(MemoryEventStore(), clock)
    service.create(CreateTournament("rebuy", "tda-2024", "club-rebuy", table_size=9))
    for player in PLAYERS:
        service.execute("rebuy", RegisterPlayer(player, player.upper()))
    service.execute("rebuy", DrawSeats(seed=1))
    service.execute("rebuy", PlaceButtons(seed=1))
    service.execute("rebuy", StartClock())
    players = service.tournament("rebuy").players
    seat = {player: players[player].seat for player in PLAYERS}
    stacks = {player: players[player].stack for player in PLAYERS}
    table_no = seat["p1"].table_no  # type: ignore[union-attr]
    final = {**stacks, "p1": stacks["p1"] + stacks["p2"], "p2": 0}
    service.execute("rebuy", RecordHand(table_no=table_no, hand_no=1, final_stacks=final))
    by_seat = tuple(sorted((seat[p].seat_no, chips) for p, chips in final.items()))  # type: ignore[union-attr]
    finished = HandFinished(1, by_seat, (seat["p2"].seat_no,), clock.now)  # type: ignore[union-attr]
    table = DealtTable()
    table.apply(HandDealt(1, "c", tuple(range(52)), "00" * 16, clock.now - 60_000))
    table.apply(finished)
    return service, finished, table


def test_issue32_the_pause_after_a_bust_who_may_rebuy_is_the_rule_s_at_every_moment() -> None:
    service, finished, table = _busted_in_the_rebuy_period()
    tournament = service.tournament("rebuy")
    table_no = next(iter(tournament.tables))
    for pause_ms in (0, 3_000, REBUY_WAIT_MS, 20_000):
        waited = pause_after(tournament, table_no, finished, pause_ms)
        assert waited == max(pause_ms, REBUY_WAIT_MS)  # p2 may still rebuy at the bust
        for elapsed in sorted({0, 1, pause_ms - 1, pause_ms, REBUY_WAIT_MS - 1, REBUY_WAIT_MS,
                               waited - 1, waited, waited + 1}):  # fmt: skip
            if elapsed < 0:
                continue
            now_ms = finished.at_ms + elapsed
            deals = may_deal(tournament, table_no, table, pause_ms, now_ms)
            assert deals == (elapsed >= waited), (pause_ms, elapsed)


def test_issue32_the_pass_s_bust_index_gives_the_same_answer_as_the_look_per_table() -> None:
    """``BustIndex`` (one look through the players for a dealer's pass) answers as the look
    ``may_deal`` makes alone, at every moment of the pause."""
    service, finished, table = _busted_in_the_rebuy_period()
    tournament = service.tournament("rebuy")
    table_no = next(iter(tournament.tables))
    assert BustIndex(tournament).at(table_no)  # p2, out of this table's last hand
    for pause_ms in (0, 3_000, 20_000):
        for elapsed in (0, 2_999, 3_000, REBUY_WAIT_MS - 1, REBUY_WAIT_MS, 20_000):
            now_ms = finished.at_ms + elapsed
            alone = may_deal(tournament, table_no, table, pause_ms, now_ms)
            indexed = may_deal(tournament, table_no, table, pause_ms, now_ms, BustIndex(tournament))
            assert indexed == alone, (pause_ms, elapsed)
