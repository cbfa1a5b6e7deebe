"""Balancing and breaking tables, and the final table redraw.

Rule: tda-2024 R10 (players from a broken table draw a table and a seat, and may take the
small blind, big blind or button), tda-2024 R11 (balancing: the player due the big blind moves
to the worst position; a predetermined procedure names the tables; play halts at a table
3 or more players short), tda-2024 RP-9 (final table size), tda-2010 R5-R7, allinouest
§Les blinds et les changements de place, heavenpoker 6.1 and 10.9.

The predetermined procedure (documented in docs/seating-balancing.md):

- balance while the fullest and the shortest tables differ by ``balancing.threshold`` players
  or more (with 3 tables or fewer, or hand-for-hand, by 2 or more: tables are then kept
  within one player);
- one player at a time, from the fullest table (on a tie, the lowest table number) to the
  shortest table (on a tie, the lowest table number);
- break tables from the highest table number down, as soon as the players fit at one table
  fewer; the broken table's players are seated one by one, in a random order, each at a
  random free seat of a table with the fewest players (a random draw among those tables).

Every function returns ``Move`` instructions and changes nothing; ``apply_moves`` gives the
tables once the moves are made. Each procedure has two doors: a list of tables (checked, then
indexed), and the aggregate's ``TableMap`` (``balance_moves``, ``break_table_moves``,
``tables_to_break_now``, ``halted_table_numbers``, ``moved_tables``), whose index lets every
step look at the tables it concerns only, so the cost of a move does not grow with the field.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament import limits
from pokerfloor.tournament.positions import (
    free_seat_left_of_big_blind,
    next_hand_positions,
    seat_waits,
    worst_free_seat,
)
from pokerfloor.tournament.table_map import TableMap
from pokerfloor.tournament.types import Move, PlayerId, SeatRef, Table

__all__ = [
    "BREAK_CITATIONS",
    "FINAL_TABLE_DRAW_CITATIONS",
    "apply_moves",
    "balance",
    "balance_gap_limit",
    "balance_moves",
    "break_table",
    "break_table_moves",
    "final_table_redraw",
    "final_table_size",
    "halted_table_numbers",
    "halted_tables",
    "moved_tables",
    "tables_to_break",
    "tables_to_break_now",
]

MAX_TABLE_SIZE = limits.MAX_TABLE_SIZE  # the most seats a table has

# Every rulebook agrees; none has a setting for it, so each book's article is cited.
BREAK_CITATIONS: tuple[str, ...] = (
    "tda-2024 R10",
    "tda-2010 R5",
    "allinouest §Les blinds et les changements de place (table fermée)",
    "heavenpoker 6.1",
    "heavenpoker 10.9",
)
FINAL_TABLE_DRAW_CITATIONS: tuple[str, ...] = (
    "allinouest §Les blinds et les changements de place (places retirées au sort pour la "
    "table finale)",
    "heavenpoker 6.1",
)
# With this many tables or fewer, tables are kept within one player.
FEW_TABLES = 3


def balance_gap_limit(profile: RuleProfile, table_count: int, hand_for_hand: bool = False) -> int:
    """The gap in players between the fullest and shortest tables that calls for a move.

    ``balancing.threshold``; with 3 tables or fewer, or hand-for-hand, at most 2 (tables kept
    within one player: near the money and the final table every blind counts).
    """
    threshold = profile.int_value("balancing.threshold")
    if table_count <= FEW_TABLES or hand_for_hand:
        return min(threshold, 2)
    return threshold


def balance(
    tables: Sequence[Table],
    profile: RuleProfile,
    hand_for_hand: bool = False,
    *,
    rng: random.Random | None = None,
) -> list[Move]:
    """The moves that bring the tables within ``balance_gap_limit`` of each other.

    The moved player is, per ``balancing.moved_player``, the one due the big blind next at
    the fullest table, or a player drawn at random. The seat, per
    ``balancing.destination_seat``: the worst position at the short table (``worst_free_seat``),
    the free seat nearest the big blind's left, or a free seat drawn at random. A random draw
    needs ``rng``. Tables without players are not in play and are left out.
    """
    _check_tables(tables)
    return balance_moves(_mapped(tables), profile, hand_for_hand, rng=rng)


def balance_moves(
    tables: TableMap,
    profile: RuleProfile,
    hand_for_hand: bool = False,
    *,
    rng: random.Random | None = None,
) -> list[Move]:
    """``balance`` on the aggregate's indexed tables: each move looks at the fullest and the
    shortest tables only (the tables are left as they were)."""
    limit = balance_gap_limit(profile, tables.live_count, hand_for_hand)
    citations = _unique(
        (
            *profile.citations("balancing.threshold"),
            *profile.citations("balancing.moved_player"),
            *profile.citations("balancing.destination_seat"),
        )
    )
    moves: list[Move] = []
    with tables.trial():
        for _ in range(tables.seated):
            source = tables.fullest()  # on a tie, the lowest number
            fewest = tables.fewest_open_count()
            if source is None or fewest is None:
                break
            target = tables[tables.open_with(fewest)[0]]
            shortest = tables.shortest_count() or 0
            if source.player_count - shortest < limit:
                break
            if target.player_count + 1 >= source.player_count:
                break  # the short tables are full (tables of different sizes): nothing helps
            source_seat = _moved_seat(source, profile, rng)
            target_seat = _destination_seat(target, profile, rng)
            player_id = source.seats[source_seat]
            move = Move(
                player_id,
                SeatRef(source.table_no, source_seat),
                SeatRef(target.table_no, target_seat),
                "balance",
                citations,
            )
            moves.append(move)
            for table_no, table in moved_tables(tables, [move]).items():
                tables[table_no] = table
    return moves


def halted_tables(tables: Sequence[Table], profile: RuleProfile) -> list[int]:
    """Tables that stop playing until balanced: ``balancing.halt_when_short_by`` (3) players
    or more short of the fullest table (tda-2024 R11). Tables without players are left out."""
    _check_tables(tables)
    return halted_table_numbers(_mapped(tables), profile)


def halted_table_numbers(tables: TableMap, profile: RuleProfile) -> list[int]:
    """``halted_tables`` on the indexed tables (the tables of the short counts only)."""
    fullest = tables.fullest()
    if fullest is None:
        return []
    short_by = profile.int_value("balancing.halt_when_short_by")
    return tables.with_count_at_most(fullest.player_count - short_by)


def tables_to_break(tables: Sequence[Table], table_size: int) -> list[int]:
    """The tables to break now, in the order to break them: highest table number first.

    A table breaks as soon as the players left fit at one table fewer (``table_size`` seats
    each); one table always stays. Tables without players are left out.
    """
    _check_tables(tables)
    return tables_to_break_now(_mapped(tables), table_size)


def tables_to_break_now(tables: TableMap, table_size: int) -> list[int]:
    """``tables_to_break`` on the indexed tables."""
    if table_size < 2:
        raise PokerfloorError("BAD_TABLE_SIZE", {"table_size": table_size})
    needed = max(1, -(-tables.seated // table_size))
    return tables.highest_live(max(0, tables.live_count - needed))


def break_table(tables: Sequence[Table], table_no: int, rng: random.Random) -> list[Move]:
    """Seat the players of ``table_no`` at the other tables, keeping them balanced.

    The players go in a random order; each draws a table among those with the fewest players
    (and a free seat), then a free seat there. They may land on the small blind, big blind or
    button (tda-2024 R10, heavenpoker 10.9); a seat between the next small blind and button
    waits for the button to pass (``apply_moves`` marks it).
    """
    _check_tables(tables)
    return break_table_moves(_mapped(tables), table_no, rng)


def break_table_moves(tables: TableMap, table_no: int, rng: random.Random) -> list[Move]:
    """``break_table`` on the indexed tables: each player looks at the tables with the fewest
    players only (the tables are left as they were)."""
    broken = tables.get(table_no)
    if broken is None or not broken.seats:
        raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
    free = tables.free_seats - (broken.size - broken.player_count)
    if broken.player_count > free:
        raise PokerfloorError(
            "NOT_ENOUGH_SEATS",
            {"table_no": table_no, "players": broken.player_count, "free_seats": free},
        )
    leaving = sorted(broken.seats)
    rng.shuffle(leaving)
    moves: list[Move] = []
    with tables.trial():
        del tables[table_no]
        for seat_no in leaving:
            fewest = tables.fewest_open_count()
            assert fewest is not None  # the free seats were counted above
            target = tables[rng.choice(tables.open_with(fewest))]
            target_seat = rng.choice(target.free_seats())
            move = Move(
                broken.seats[seat_no],
                SeatRef(table_no, seat_no),
                SeatRef(target.table_no, target_seat),
                "break",
                BREAK_CITATIONS,
            )
            moves.append(move)
            tables[target.table_no] = target.with_seats(
                {**target.seats, target_seat: move.player_id}
            )
    return moves


def final_table_size(profile: RuleProfile, table_size: int) -> int:
    """How many players the final table of an event of ``table_size``-seat tables takes.

    ``odd_up_to_size``: an even format gains a seat and an odd one keeps its own, never above
    ``final_table.size`` (tda-2024 RP-9: 8 and 9 to 9, 6 and 7 to 7; ropta 2.6); heads-up
    events stay heads-up. ``fixed``: always ``final_table.size`` (tda-2010 R7: ten).
    """
    most = profile.int_value("final_table.size")
    if profile.enum_value("final_table.by_event_format") == "fixed":
        return most
    by_format = table_size + 1 if table_size % 2 == 0 and table_size > 2 else table_size
    return min(most, by_format)


def final_table_redraw(
    tables: Sequence[Table], profile: RuleProfile, rng: random.Random
) -> list[Move]:
    """Redraw every seat at the final table once the players left fit ``final_table.size``.

    All players draw a seat at the lowest-numbered table (its seats drawn at random, like
    the first seat draw). Every player gets a move, even one who keeps the same seat. The
    final table then draws its first button again (``seating.first_button``).
    """
    _check_tables(tables)
    if not tables:
        raise PokerfloorError("NO_TABLES", {})
    size = final_table_size(profile, max(table.size for table in tables))
    players = sorted(
        (SeatRef(table.table_no, seat_no), player_id)
        for table in tables
        for seat_no, player_id in table.seats.items()
    )
    final = min(tables, key=lambda table: table.table_no)
    if len(players) > size:
        raise PokerfloorError(
            "NOT_FINAL_TABLE", {"players": len(players), "final_table_size": size}
        )
    # The final table may seat more than the event's tables (a 6-max event finishes 7-handed):
    # it gets the seats it needs (``moved_tables`` sizes it from the seats drawn).
    seats = rng.sample(range(1, max(final.size, size) + 1), len(players))
    citations = _unique(
        (
            *profile.citations("final_table.size"),
            *profile.citations("final_table.by_event_format"),
            *FINAL_TABLE_DRAW_CITATIONS,
        )
    )
    return [
        Move(player_id, source, SeatRef(final.table_no, seat_no), "final_table", citations)
        for (source, player_id), seat_no in zip(players, seats, strict=True)
    ]


def apply_moves(
    tables: Sequence[Table], moves: Iterable[Move], *, keep_empty: bool = False
) -> list[Table]:
    """The tables once ``moves`` are made, all at once.

    A player seated between the next small blind and the button is added to the table's
    waiting set (``positions.seat_waits``). A table receiving a final-table redraw starts
    afresh (no button yet). A table left empty is closed unless ``keep_empty``.
    """
    _check_tables(tables)
    current = {table.table_no: table for table in tables}
    changed = moved_tables(current, moves)
    result = [changed.get(table_no, current[table_no]) for table_no in sorted(current)]
    return [table for table in result if table.seats or keep_empty]


def moved_tables(tables: Mapping[int, Table], moves: Iterable[Move]) -> dict[int, Table]:
    """The tables ``moves`` touch, once the moves are made all at once (``apply_moves`` for
    the others: a table they leave empty is in the result with no seats). Looks at those
    tables only; refuses a player not at the source, a missing table or a taken seat."""
    moves = list(moves)
    seats: dict[int, dict[int, PlayerId]] = {}

    def occupied(table_no: int) -> dict[int, PlayerId] | None:
        if table_no not in seats:
            table = tables.get(table_no)
            if table is None:
                return None
            seats[table_no] = dict(table.seats)
        return seats[table_no]

    for move in moves:
        source = occupied(move.source.table_no) or {}
        if source.get(move.source.seat_no) != move.player_id:
            raise PokerfloorError(
                "NOT_AT_SOURCE", {"player_id": move.player_id, "source": str(move.source)}
            )
        del source[move.source.seat_no]
    arrived: dict[int, set[int]] = {}
    for move in moves:
        target_table = tables.get(move.target.table_no)
        target = occupied(move.target.table_no)
        if target_table is None or target is None:
            raise PokerfloorError("NO_SUCH_TABLE", {"table_no": move.target.table_no})
        # A final-table redraw may add seats to its table, up to the largest table accepted.
        most = MAX_TABLE_SIZE if move.reason == "final_table" else target_table.size
        if move.target.seat_no in target or not 1 <= move.target.seat_no <= most:
            raise PokerfloorError(
                "SEAT_TAKEN", {"player_id": move.player_id, "target": str(move.target)}
            )
        target[move.target.seat_no] = move.player_id
        arrived.setdefault(move.target.table_no, set()).add(move.target.seat_no)
    fresh = {move.target.table_no for move in moves if move.reason == "final_table"}
    result: dict[int, Table] = {}
    for table_no in sorted(seats):
        table = tables[table_no]
        now_seated = seats[table_no]
        if table_no in fresh:
            result[table_no] = Table(table_no, max(table.size, *now_seated), now_seated)
            continue
        waiting = {seat for seat in table.waiting if seat in now_seated}
        waiting -= {move.source.seat_no for move in moves if move.source.table_no == table_no}
        waiting |= {seat for seat in arrived.get(table_no, set()) if seat_waits(table, seat)}
        result[table_no] = Table(
            table_no,
            table.size,
            now_seated,
            table.button_seat,
            table.big_blind_seat,
            table.small_blind_seat,
            frozenset(waiting & set(now_seated)),
        )
    return result


def _moved_seat(source: Table, profile: RuleProfile, rng: random.Random | None) -> int:
    if profile.enum_value("balancing.moved_player") == "random_draw":
        return _need(rng, "balancing.moved_player").choice(sorted(source.seats))
    return next_hand_positions(source, profile).big_blind_seat


def _destination_seat(target: Table, profile: RuleProfile, rng: random.Random | None) -> int:
    method = profile.enum_value("balancing.destination_seat")
    seat: int | None = None
    if method == "random_draw":
        seat = _need(rng, "balancing.destination_seat").choice(target.free_seats())
    elif method == "nearest_left_of_big_blind":
        seat = free_seat_left_of_big_blind(target)
    if seat is None:
        seat = worst_free_seat(target, profile)
    assert seat is not None  # the target has a free seat
    return seat


def _need(rng: random.Random | None, key: str) -> random.Random:
    if rng is None:
        raise PokerfloorError("RANDOM_SOURCE_NEEDED", {"setting": key})
    return rng


def _unique(citations: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(citations))


def _mapped(tables: Sequence[Table]) -> TableMap:
    return TableMap({table.table_no: table for table in tables if table.seats})


def _check_tables(tables: Sequence[Table]) -> None:
    numbers: set[int] = set()
    players: set[PlayerId] = set()
    for table in tables:
        if table.table_no in numbers:
            raise PokerfloorError("DUPLICATE_TABLE", {"table_no": table.table_no})
        numbers.add(table.table_no)
        for seat_no, player_id in table.seats.items():
            if player_id in players:
                raise PokerfloorError("PLAYER_SEATED_TWICE", {"player_id": player_id})
            if not 1 <= seat_no <= table.size:
                raise PokerfloorError("BAD_SEAT", {"table_no": table.table_no, "seat_no": seat_no})
            players.add(player_id)
