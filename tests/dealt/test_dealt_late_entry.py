"""Issue 31: a late registrant or a re-entry drawn to a dealt table in mid-hand takes the seat
and is dealt in from the next hand; the hand in progress is recorded without them
(tda-2024 R8: late entrants draw a seat and are dealt in, except between the small blind and
the button; R10 A)."""

from __future__ import annotations

from pokerfloor.app.commands import Reenter, RegisterLate
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.tournament.events import HandPlayed, PlayersBusted
from pokerfloor.tournament.state import Tournament
from tests.dealt._multi import STRUCTURE, multi_table, tick_until
from tests.dealt._sitngo import FakeClock

# The multi-table structure with late registration and re-entry open until level 3.
LATE = STRUCTURE.replace(
    "buy_in_cents = 1000",
    "buy_in_cents = 1000\nlate_registration_until_level = 3\nreentry_until_level = 3",
)


def _dealt_in(dealt: DealtService, table_no: int, seat_no: int) -> bool:
    table = dealt.table("mtt", table_no)
    return table.in_hand and seat_no in table.hand().players


def _check_seated_mid_hand(
    dealt: DealtService, clock: FakeClock, player: str, table_no: int, seat_no: int
) -> None:
    """The player's table records the hand in progress without them, then deals them in
    (after waiting while their seat lies between the small blind and the button)."""
    before = dealt.table("mtt", table_no).played_no
    tick_until(
        dealt, clock, lambda t: _dealt_in(dealt, table_no, seat_no), step_ms=2_000, max_steps=600
    )
    tournament = dealt.tournaments.tournament("mtt")
    played = [
        e
        for e in tournament.events
        if isinstance(e, HandPlayed) and e.table_no == table_no and e.hand_no >= before
    ]
    assert played, "the hand in progress was recorded"
    assert player not in {p.player_id for e in played for p in e.players}
    assert seat_no in played[0].waiting  # marked to be dealt in from the next hand
    assert all(seat_no in e.waiting for e in played[1:])  # waiting for the button (R8)
    assert dealt.table("mtt", table_no).played_no == before + len(played)


def test_tda_2024_r8_a_late_registrant_seated_mid_hand_is_dealt_in_from_the_next_hand() -> None:
    dealt, clock = multi_table(players=12, table_size=7, bots=False, structure=LATE)
    dealt.tick("mtt")  # both tables deal their first hand
    assert all(dealt.table("mtt", no).in_hand for no in (1, 2))
    dealt.tournaments.execute("mtt", RegisterLate("late", "Late Player", seed=3))
    where = dealt.seat_of("mtt", "late")
    assert where is not None
    table_no, seat_no = where
    assert dealt.table("mtt", table_no).in_hand  # the seat is taken while its table plays
    assert seat_no not in dealt.table("mtt", table_no).hand().players
    _check_seated_mid_hand(dealt, clock, "late", table_no, seat_no)


def test_tda_2024_r8_a_re_entry_drawn_to_a_table_in_mid_hand_is_dealt_in_from_the_next_hand() -> (
    None
):
    dealt, clock = multi_table(players=12, table_size=7, structure=LATE)

    def busted_and_both_in_hand(tournament: Tournament) -> bool:
        busts = any(isinstance(e, PlayersBusted) for e in tournament.events)
        return busts and all(dealt.table("mtt", no).in_hand for no in tournament.tables)

    tick_until(dealt, clock, busted_and_both_in_hand)
    tournament = dealt.tournaments.tournament("mtt")
    bust = next(e for e in tournament.events if isinstance(e, PlayersBusted))
    player = bust.placements[0].player_id
    dealt.tournaments.execute("mtt", Reenter(player, seed=5))
    where = dealt.seat_of("mtt", player)
    assert where is not None
    table_no, seat_no = where
    assert dealt.table("mtt", table_no).in_hand
    _check_seated_mid_hand(dealt, clock, player, table_no, seat_no)
