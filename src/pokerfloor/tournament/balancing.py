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
tables once the moves are made.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament.positions import (
    free_seat_left_of_big_blind,
    next_hand_positions,
    seat_waits,
    worst_free_seat,
)
from pokerfloor.tournament.types import Move, PlayerId, SeatRef, Table

__all__ = [
    "BREAK_CITATIONS",
    "FINAL_TABLE_DRAW_CITATIONS",
    "apply_moves",
    "balance",
    "balance_gap_limit",
    "break_table",
    "final_table_redraw",
    "halted_tables",
    "tables_to_break",
]

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
    needs ``rng``.
    """
    _check_tables(tables)
    current = {table.table_no: table for table in tables}
    limit = balance_gap_limit(profile, len(current), hand_for_hand)
    citations = _unique(
        (
            *profile.citations("balancing.threshold"),
            *profile.citations("balancing.moved_player"),
            *profile.citations("balancing.destination_seat"),
        )
    )
    moves: list[Move] = []
    for _ in range(sum(table.player_count for table in tables)):
        ordered = sorted(current.values(), key=lambda table: table.table_no)
        source = max(ordered, key=lambda table: table.player_count)  # first max: lowest number
        open_tables = [table for table in ordered if table.free_seats()]
        if not open_tables:
            break
        target = min(open_tables, key=lambda table: table.player_count)
        shortest = min(table.player_count for table in ordered)
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
        for table in apply_moves([source, target], [move], keep_empty=True):
            current[table.table_no] = table
    return moves


def halted_tables(tables: Sequence[Table], profile: RuleProfile) -> list[int]:
    """Tables that stop playing until balanced: ``balancing.halt_when_short_by`` (3) players
    or more short of the fullest table (tda-2024 R11)."""
    _check_tables(tables)
    if not tables:
        return []
    short_by = profile.int_value("balancing.halt_when_short_by")
    fullest = max(table.player_count for table in tables)
    return sorted(table.table_no for table in tables if fullest - table.player_count >= short_by)


def tables_to_break(tables: Sequence[Table], table_size: int) -> list[int]:
    """The tables to break now, in the order to break them: highest table number first.

    A table breaks as soon as the players left fit at one table fewer (``table_size`` seats
    each); one table always stays.
    """
    _check_tables(tables)
    if table_size < 2:
        raise PokerfloorError(
            "BAD_TABLE_SIZE",
            f"table size {table_size} is not accepted: 2 seats or more",
            {"table_size": table_size},
        )
    players = sum(table.player_count for table in tables)
    needed = max(1, -(-players // table_size))
    ordered = sorted((table.table_no for table in tables), reverse=True)
    return ordered[: max(0, len(ordered) - needed)]


def break_table(tables: Sequence[Table], table_no: int, rng: random.Random) -> list[Move]:
    """Seat the players of ``table_no`` at the other tables, keeping them balanced.

    The players go in a random order; each draws a table among those with the fewest players
    (and a free seat), then a free seat there. They may land on the small blind, big blind or
    button (tda-2024 R10, heavenpoker 10.9); a seat between the next small blind and button
    waits for the button to pass (``apply_moves`` marks it).
    """
    _check_tables(tables)
    broken = next((table for table in tables if table.table_no == table_no), None)
    if broken is None:
        raise PokerfloorError(
            "NO_SUCH_TABLE",
            f"there is no table {table_no}: tables are {_numbers(tables)}",
            {"table_no": table_no},
        )
    others = {table.table_no: table for table in tables if table.table_no != table_no}
    free = sum(len(table.free_seats()) for table in others.values())
    if broken.player_count > free:
        raise PokerfloorError(
            "NOT_ENOUGH_SEATS",
            f"table {table_no} has {broken.player_count} players but the other tables have "
            f"{free} free seats: it cannot break yet",
            {"table_no": table_no, "players": broken.player_count, "free_seats": free},
        )
    leaving = sorted(broken.seats)
    rng.shuffle(leaving)
    moves: list[Move] = []
    for seat_no in leaving:
        open_tables = sorted(
            (table for table in others.values() if table.free_seats()),
            key=lambda table: table.table_no,
        )
        fewest = min(table.player_count for table in open_tables)
        candidates = [table for table in open_tables if table.player_count == fewest]
        target = rng.choice(candidates)
        target_seat = rng.choice(target.free_seats())
        move = Move(
            broken.seats[seat_no],
            SeatRef(table_no, seat_no),
            SeatRef(target.table_no, target_seat),
            "break",
            BREAK_CITATIONS,
        )
        moves.append(move)
        others[target.table_no] = target.with_seats({**target.seats, target_seat: move.player_id})
    return moves


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
        raise PokerfloorError("NO_TABLES", "there is no table to redraw", {})
    size = profile.int_value("final_table.size")
    players = sorted(
        (SeatRef(table.table_no, seat_no), player_id)
        for table in tables
        for seat_no, player_id in table.seats.items()
    )
    final = min(tables, key=lambda table: table.table_no)
    if len(players) > size:
        raise PokerfloorError(
            "NOT_FINAL_TABLE",
            f"{len(players)} players are left; the final table seats {size}",
            {"players": len(players), "final_table_size": size},
        )
    if len(players) > final.size:
        raise PokerfloorError(
            "NOT_ENOUGH_SEATS",
            f"{len(players)} players do not fit at table {final.table_no} ({final.size} seats)",
            {"players": len(players), "table_no": final.table_no, "size": final.size},
        )
    seats = rng.sample(range(1, final.size + 1), len(players))
    citations = _unique((*profile.citations("final_table.size"), *FINAL_TABLE_DRAW_CITATIONS))
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
    moves = list(moves)
    seats = {table_no: dict(table.seats) for table_no, table in current.items()}
    for move in moves:
        source = seats.get(move.source.table_no, {})
        if source.get(move.source.seat_no) != move.player_id:
            raise PokerfloorError(
                "NOT_AT_SOURCE",
                f"{move.player_id} is not at {move.source}",
                {"player_id": move.player_id, "source": str(move.source)},
            )
        del source[move.source.seat_no]
    arrived: dict[int, set[int]] = {}
    for move in moves:
        target_table = current.get(move.target.table_no)
        target = seats.get(move.target.table_no)
        if target_table is None or target is None:
            raise PokerfloorError(
                "NO_SUCH_TABLE",
                f"there is no table {move.target.table_no}: tables are {_numbers(tables)}",
                {"table_no": move.target.table_no},
            )
        if move.target.seat_no in target or not 1 <= move.target.seat_no <= target_table.size:
            raise PokerfloorError(
                "SEAT_TAKEN",
                f"{move.target} is not a free seat for {move.player_id}",
                {"player_id": move.player_id, "target": str(move.target)},
            )
        target[move.target.seat_no] = move.player_id
        arrived.setdefault(move.target.table_no, set()).add(move.target.seat_no)
    fresh = {move.target.table_no for move in moves if move.reason == "final_table"}
    result: list[Table] = []
    for table_no in sorted(current):
        table = current[table_no]
        occupied = seats[table_no]
        if not occupied and not keep_empty:
            continue
        if table_no in fresh:
            result.append(Table(table_no, table.size, occupied))
            continue
        waiting = {seat for seat in table.waiting if seat in occupied}
        waiting -= {move.source.seat_no for move in moves if move.source.table_no == table_no}
        waiting |= {seat for seat in arrived.get(table_no, set()) if seat_waits(table, seat)}
        result.append(
            Table(
                table_no,
                table.size,
                occupied,
                table.button_seat,
                table.big_blind_seat,
                table.small_blind_seat,
                frozenset(waiting & set(occupied)),
            )
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
        raise PokerfloorError(
            "RANDOM_SOURCE_NEEDED",
            f"{key} is a random draw: pass rng= to balance()",
            {"setting": key},
        )
    return rng


def _unique(citations: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(citations))


def _numbers(tables: Sequence[Table]) -> str:
    return ", ".join(str(table.table_no) for table in sorted(tables, key=lambda t: t.table_no))


def _check_tables(tables: Sequence[Table]) -> None:
    numbers: set[int] = set()
    players: set[PlayerId] = set()
    for table in tables:
        if table.table_no in numbers:
            raise PokerfloorError(
                "DUPLICATE_TABLE",
                f"table {table.table_no} is listed twice",
                {"table_no": table.table_no},
            )
        numbers.add(table.table_no)
        for seat_no, player_id in table.seats.items():
            if player_id in players:
                raise PokerfloorError(
                    "PLAYER_SEATED_TWICE",
                    f"{player_id} holds two seats",
                    {"player_id": player_id},
                )
            if not 1 <= seat_no <= table.size:
                raise PokerfloorError(
                    "BAD_SEAT",
                    f"table {table.table_no}: seat {seat_no} does not exist; seats are 1 to "
                    f"{table.size}",
                    {"table_no": table.table_no, "seat_no": seat_no},
                )
            players.add(player_id)
