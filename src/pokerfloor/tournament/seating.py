"""The seat draw, the first button, and seats for players who enter during the event.

Rule: tda-2024 R7 (random seats), R8 (late entrants, re-entries and alternates: a random seat,
dealt in except between the small blind and the button), heavenpoker 5.1-5.3 and 6.1-6.5,
allinouest §Les règles générales and §Les blinds et les changements de place, roberts 3.7.

Randomness comes in: a ``random.Random`` for seats, a ``Deck`` for a card draw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple, cast

from pokerfloor.cards import Deck, DrawResult, TieBreak, high_card_draw
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament.positions import free_seat_left_of_big_blind, seat_waits
from pokerfloor.tournament.table_map import TableMap
from pokerfloor.tournament.types import PlayerId, SeatRef, Table

__all__ = [
    "SEAT_DRAW_CITATIONS",
    "FirstButton",
    "NewSeat",
    "build_tables",
    "draw_seats",
    "first_button",
    "seat_at",
    "seat_new_player",
    "seat_new_player_in",
]

# Every rulebook draws the seats at random; none has a setting for it.
SEAT_DRAW_CITATIONS: tuple[str, ...] = (
    "tda-2024 R7",
    "tda-2010 R4",
    "allinouest §Les règles générales (places tirées au sort)",
    "heavenpoker 6.1",
)


class FirstButton(NamedTuple):
    """The seat of the first button, why, and the card draw if there was one."""

    seat_no: int
    citations: tuple[str, ...]
    draw: DrawResult[int] | None


class NewSeat(NamedTuple):
    """Where a late entrant sits, and whether the player waits for the button to pass."""

    seat: SeatRef
    waits: bool
    citations: tuple[str, ...]


def draw_seats(
    player_ids: Sequence[PlayerId], table_count: int, table_size: int, rng: random.Random
) -> dict[PlayerId, SeatRef]:
    """Draw every player a table and a seat at random, the tables filled evenly.

    Each table gets the same number of players, give or take one; the extra players go to the
    lowest-numbered tables. The seats used at a table that is not full are drawn at random
    too. The result is ordered by table, then seat.
    """
    _check_size(table_size)
    if table_count < 1:
        raise PokerfloorError("BAD_TABLE_COUNT", {"table_count": table_count})
    _check_unique(player_ids)
    count = len(player_ids)
    if count > table_count * table_size:
        raise PokerfloorError(
            "NOT_ENOUGH_SEATS", {"players": count, "seats": table_count * table_size}
        )
    if count < 2 * table_count:
        raise PokerfloorError("TOO_FEW_PLAYERS", {"players": count, "table_count": table_count})
    base, extra = divmod(count, table_count)
    pool: list[SeatRef] = []
    for table_no in range(1, table_count + 1):
        used = base + (1 if table_no <= extra else 0)
        seats = rng.sample(range(1, table_size + 1), used)
        pool.extend(SeatRef(table_no, seat_no) for seat_no in seats)
    players = list(player_ids)
    rng.shuffle(players)
    drawn = sorted(zip(pool, players, strict=True))
    return {player_id: seat for seat, player_id in drawn}


def build_tables(seats: Mapping[PlayerId, SeatRef], table_size: int) -> list[Table]:
    """The tables (no button yet) holding the drawn seats, by table number."""
    _check_size(table_size)
    by_table: dict[int, dict[int, PlayerId]] = {}
    for player_id, ref in seats.items():
        table = by_table.setdefault(ref.table_no, {})
        if ref.seat_no in table or not 1 <= ref.seat_no <= table_size:
            raise PokerfloorError("BAD_SEAT", {"table_no": ref.table_no, "seat_no": ref.seat_no})
        table[ref.seat_no] = player_id
    return [Table(table_no, table_size, by_table[table_no]) for table_no in sorted(by_table)]


def first_button(table: Table, profile: RuleProfile, deck: Deck) -> FirstButton:
    """The first button of a table, per ``seating.first_button``.

    ``seat_1``: seat 1 deals first (heavenpoker 5.1, games run by software); if seat 1 is
    empty, the first occupied seat after it. ``high_card_draw``: each player draws a card from
    ``deck``, dealt from seat 1 clockwise; the highest takes the button, ties broken per
    ``draw.tie_break`` (suits, roberts 3.7; or a redraw of the tied players, heavenpoker 5.2).
    """
    players = sorted(table.seats)
    if len(players) < 2:
        raise PokerfloorError(
            "TABLE_TOO_SHORT", {"table_no": table.table_no, "players": len(players)}
        )
    method = profile.enum_value("seating.first_button")
    citations = list(profile.citations("seating.first_button"))
    if method == "seat_1":
        return FirstButton(players[0], tuple(citations), None)
    tie_break = cast(TieBreak, profile.enum_value("draw.tie_break"))
    draw = high_card_draw(players, deck, tie_break)
    citations.extend(profile.citations("draw.tie_break"))
    return FirstButton(draw.winner, tuple(dict.fromkeys(citations)), draw)


def seat_new_player(
    tables: Sequence[Table], player_id: PlayerId, profile: RuleProfile, rng: random.Random
) -> NewSeat:
    """A seat for a late entrant, a re-entry or an alternate.

    The table is one with the fewest players (a random draw among them). The seat, per
    ``seating.late_entrant_seat``: ``random``, any free seat drawn at random (tda-2024 R8);
    ``nearest_left_of_big_blind``, the free seat nearest the last big blind's left, to post
    the big blind as soon as possible (allinouest, ropta-2025), or a random seat at a table
    that has not played yet. ``waits`` is true when the seat is between the next small blind
    and the button: the player is dealt in once the button has passed (add the seat to
    ``Table.waiting``). A player who takes a seat played last hand, or the dead button's seat,
    plays at once (heavenpoker 10.3, 10.5).
    """
    for table in tables:
        if player_id in table.seats.values():
            raise PokerfloorError(
                "PLAYER_ALREADY_SEATED", {"player_id": player_id, "table_no": table.table_no}
            )
    open_tables = [table for table in tables if table.free_seats()]
    if not open_tables:
        raise PokerfloorError("NO_FREE_SEAT", {"tables": len(tables)})
    fewest = min(table.player_count for table in open_tables)
    candidates = sorted(
        (table for table in open_tables if table.player_count == fewest),
        key=lambda table: table.table_no,
    )
    table = candidates[0] if len(candidates) == 1 else rng.choice(candidates)
    return seat_at(table, profile, rng)


def seat_new_player_in(
    tables: TableMap, new_table: Table, profile: RuleProfile, rng: random.Random
) -> NewSeat:
    """``seat_new_player`` on the aggregate's indexed tables in play: a table with the fewest
    players among those with a free seat (looking at those only), or ``new_table`` (empty,
    opened for the newcomer) when every table in play is full."""
    fewest = tables.fewest_open_count()
    if fewest is None:
        return seat_at(new_table, profile, rng)
    candidates = tables.open_with(fewest)
    number = candidates[0] if len(candidates) == 1 else rng.choice(candidates)
    return seat_at(tables[number], profile, rng)


def seat_at(table: Table, profile: RuleProfile, rng: random.Random) -> NewSeat:
    """The newcomer's seat at ``table``, per ``seating.late_entrant_seat`` (see
    ``seat_new_player``)."""
    method = profile.enum_value("seating.late_entrant_seat")
    seat_no: int | None = None
    if method == "nearest_left_of_big_blind":
        seat_no = free_seat_left_of_big_blind(table)
    if seat_no is None:
        seat_no = rng.choice(table.free_seats())
    return NewSeat(
        SeatRef(table.table_no, seat_no),
        seat_waits(table, seat_no),
        profile.citations("seating.late_entrant_seat"),
    )


def _check_size(table_size: int) -> None:
    if table_size < 2:
        raise PokerfloorError("BAD_TABLE_SIZE", {"table_size": table_size})


def _check_unique(player_ids: Sequence[PlayerId]) -> None:
    seen: set[PlayerId] = set()
    for player_id in player_ids:
        if player_id in seen:
            raise PokerfloorError("DUPLICATE_PLAYER", {"player_id": player_id})
        seen.add(player_id)
