"""Several dealt tables in one tournament: what waits for a table's hand to end.

Pure queries on the tournament aggregate, for the dealt service (``app.dealt_service``),
which deals, and only orchestrates:

- **Moves happen between hands** (tda-2024 R10, R11): a table finishes its hand before a
  player leaves it or joins it. ``tables_to_hold`` names the tables a balancing step due now
  would touch: they deal no new hand until the step is made, and the step is made once every
  one of them is between hands. Balancing moves go from the fullest table to the shortest
  (the predetermined procedure of ``tournament.balancing``, tda-2024 R11 C): only those
  tables wait. Breaking a table draws its players' tables at random (tda-2024 R10 B) and the
  final table redraws every seat (tda-2024 RP-9): every table in play waits then.
- **Hand-for-hand at the bubble** (tda-2024 RP-8): ``hand_for_hand_due`` says when the
  tournament plays hand-for-hand: from the moment one round of hands could burst the bubble
  (one player from the money, more on many tables: the simulator's measure, about one bust
  every fourth table's hand), while two tables or more deal; the aggregate then deals one
  hand per table and waits for all of them (``Hands.round_waits_for``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pokerfloor.tournament import balancing
from pokerfloor.tournament.clock import clock_view
from pokerfloor.tournament.state import Tournament

if TYPE_CHECKING:
    from pokerfloor.dealt.events import HandFinished
    from pokerfloor.dealt.table import DealtTable
    from pokerfloor.tournament._player_state import PlayerState

__all__ = [
    "HOLD_CITATIONS",
    "BustIndex",
    "hand_for_hand_clock",
    "hand_for_hand_due",
    "may_deal",
    "paid_places",
    "pause_after",
    "tables_to_hold",
]

# Between hands: the broken table's players draw new seats (R10), the balancing player moves
# (R11), the final table is drawn (RP-9); a new level applies to the next hand (R23).
HOLD_CITATIONS = ("tda-2024 R10", "tda-2024 R11", "tda-2024 RP-9")


def tables_to_hold(tournament: Tournament) -> frozenset[int]:
    """The tables a balancing step due now would touch (none: nothing is due), the same
    steps as ``Tournament.balance``: the final table's draw, the tables to break, then
    balancing."""
    tables = tournament.tables
    if tables.live_count < 2:
        return frozenset()
    profile = tournament.profile
    size = tournament.created.table_size
    live = frozenset(tables.live_numbers())
    if tournament.players_left <= balancing.final_table_size(profile, size):
        return live
    if balancing.tables_to_break_now(tables, size):
        return live
    limit = balancing.balance_gap_limit(profile, tables.live_count, tournament.hand_for_hand)
    if tables.gap() < limit:
        return frozenset()
    # Which tables move is decided by their counts (fullest to shortest, then the lowest
    # number); only the seats may be drawn, so any draw names the same tables.
    moves = balancing.balance_moves(
        tables.copy(), profile, tournament.hand_for_hand, rng=random.Random(0)
    )
    return frozenset(
        table_no for move in moves for table_no in (move.source.table_no, move.target.table_no)
    )


def paid_places(tournament: Tournament) -> int:
    """How many places the prize pool pays now (the set-up's payout scheme)."""
    return len(tournament.default_payouts(tournament.prize_pool().total_cents))


def hand_for_hand_due(tournament: Tournament) -> bool:
    """Whether the tournament should play hand-for-hand now (tda-2024 RP-8): near the bubble,
    with two tables or more dealing."""
    dealing = tournament.tables.dealing_count
    if dealing < 2 or tournament.finished is not None:
        return False
    paid = paid_places(tournament)
    return paid < tournament.players_left <= paid + max(1, dealing // 4)


def hand_for_hand_clock(tournament: Tournament, now_ms: int) -> str:
    """Hand-for-hand stopped the clock and each round takes time off it (tda-2024 RP-8 B);
    when that time reaches a break, the break is played out in real time: "resume" the clock
    at a break it stopped in, "pause" it again once play is back; "" otherwise."""
    if not (tournament.hand_for_hand and tournament.hands.hand_for_hand_paused):
        return ""
    status = tournament.clock.status
    in_break = clock_view(tournament.clock, tournament.structure, now_ms).in_break
    if in_break and status == "paused":
        return "resume"
    if not in_break and status == "running":
        return "pause"
    return ""


# After a hand that busted a player who may still rebuy, the table waits this long for the
# decision (a house setting: the rulebooks leave the time to decide to the house).
REBUY_WAIT_MS = 15_000


class BustIndex:
    """The players out of each table's last recorded hand (busted, not seated again), found
    by one look through the tournament's players, made when first asked: a dealer's pass asks
    ``may_deal`` for every table, and a look per table in its pause after a bust cost
    O(players) each (issue 32 item 5: 1.6 ms per table on 3,000 players). Valid while the
    tournament does not change: within one read of it."""

    def __init__(self, tournament: Tournament) -> None:
        self._tournament = tournament
        self._by_table: dict[int, list[PlayerState]] | None = None

    def at(self, table_no: int) -> list[PlayerState]:
        if self._by_table is None:
            self._by_table = {}
            hands_at = self._tournament.hands_at
            for player in self._tournament.players.values():
                seat = player.last_seat
                if (
                    player.seat is None
                    and seat is not None
                    and player.busted_after_hand == hands_at.get(seat.table_no, 0)
                ):
                    self._by_table.setdefault(seat.table_no, []).append(player)
        return self._by_table.get(table_no, [])


def may_deal(
    tournament: Tournament,
    table_no: int,
    table: DealtTable,
    pause_ms: int,
    now_ms: int,
    busts: BustIndex | None = None,
) -> bool:
    """Whether the dealt table deals its next hand now: the clock runs (hand-for-hand stops
    it and the hands go on, tda-2024 RP-8), the tournament has recorded the table's last
    hand, hand-for-hand this table has not played the round yet (it waits for the others,
    tda-2024 RP-8), the pause after the last hand is over, and two players are seated.
    ``busts``: the index of a caller asking for many tables of the tournament as it is."""
    h4h_clock_stop = tournament.hand_for_hand and tournament.hands.hand_for_hand_paused
    if tournament.clock.status != "running" and not h4h_clock_stop:
        return False
    if tournament.hands_at.get(table_no, 0) != table.played_no:
        return False
    if tournament.hand_for_hand and table_no in tournament.hands.round_played:
        return False
    finished = table.finished
    if finished is not None and _pausing(tournament, table_no, finished, pause_ms, now_ms, busts):
        return False
    table_state = tournament.tables.get(table_no)
    return table_state is not None and table_state.player_count >= 2


def _pausing(
    tournament: Tournament,
    table_no: int,
    finished: HandFinished,
    pause_ms: int,
    now_ms: int,
    busts: BustIndex | None,
) -> bool:
    """The pause after ``finished`` (``pause_after``) is not over at ``now_ms``. Whether a
    bust may still rebuy (a look through the tournament's players) is asked only when the
    answer turns on it: not during the shortest pause, nor once the longest is over (the
    dealer asks at every pass, issue 32 item 5)."""
    elapsed = now_ms - finished.at_ms
    if elapsed < pause_ms:
        return True
    if elapsed >= max(pause_ms, REBUY_WAIT_MS) or not finished.busted:
        return False
    return elapsed < pause_after(tournament, table_no, finished, pause_ms, busts)


def pause_after(
    tournament: Tournament,
    table_no: int,
    finished: HandFinished,
    pause_ms: int,
    busts: BustIndex | None = None,
) -> int:
    """The pause after a hand; when it busted a player who may rebuy at the bust, the longer
    ``REBUY_WAIT_MS`` to decide (the window is the tournament's: ``Desk.rebuy_refusal``)."""
    if finished.busted and _a_bust_may_rebuy(tournament, table_no, finished, busts):
        return max(pause_ms, REBUY_WAIT_MS)
    return pause_ms


def _a_bust_may_rebuy(
    tournament: Tournament, table_no: int, finished: HandFinished, busts: BustIndex | None
) -> bool:
    if not tournament.structure.entry.rebuy_chips:  # no rebuys: nobody may (rebuy_refusal)
        return False
    players = tournament.players.values() if busts is None else busts.at(table_no)
    for player in players:
        seat = player.last_seat
        if (
            player.seat is None
            and seat is not None
            and seat.table_no == table_no
            and seat.seat_no in finished.busted
            and player.busted_after_hand == tournament.hands_at.get(table_no, 0)
            and tournament.desk.rebuy_refusal(player.player_id, finished.at_ms, at_bust=True)
            is None
        ):
            return True
    return False
