"""The balancing procedures as they were written before the index (issue 17): every table
looked at on every step. The incremental procedures must decide exactly the same moves, with
the same random draws; tests/tournament/test_incremental_tables.py compares them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerfloor.rules import RuleProfile
from pokerfloor.tournament import balancing
from pokerfloor.tournament.positions import free_seat_left_of_big_blind, seat_waits
from pokerfloor.tournament.types import Move, SeatRef, Table


def apply_moves(
    tables: Sequence[Table], moves: Sequence[Move], keep_empty: bool = False
) -> list[Table]:
    current = {table.table_no: table for table in tables}
    seats = {table_no: dict(table.seats) for table_no, table in current.items()}
    for move in moves:
        source = seats[move.source.table_no]
        assert source.get(move.source.seat_no) == move.player_id
        del source[move.source.seat_no]
    arrived: dict[int, set[int]] = {}
    for move in moves:
        target = seats[move.target.table_no]
        assert move.target.seat_no not in target
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
                table_no, table.size, occupied, table.button_seat, table.big_blind_seat,
                table.small_blind_seat, frozenset(waiting & set(occupied)),
            )
        )  # fmt: skip
    return result


def balance(
    tables: Sequence[Table], profile: RuleProfile, hand_for_hand: bool, rng: random.Random
) -> list[Move]:
    current = {table.table_no: table for table in tables}
    limit = balancing.balance_gap_limit(profile, len(current), hand_for_hand)
    moves: list[Move] = []
    for _ in range(sum(table.player_count for table in tables)):
        ordered = sorted(current.values(), key=lambda table: table.table_no)
        source = max(ordered, key=lambda table: table.player_count)
        open_tables = [table for table in ordered if table.free_seats()]
        if not open_tables:
            break
        target = min(open_tables, key=lambda table: table.player_count)
        shortest = min(table.player_count for table in ordered)
        if source.player_count - shortest < limit:
            break
        if target.player_count + 1 >= source.player_count:
            break
        source_seat = balancing._moved_seat(source, profile, rng)
        target_seat = balancing._destination_seat(target, profile, rng)
        move = Move(
            source.seats[source_seat],
            SeatRef(source.table_no, source_seat),
            SeatRef(target.table_no, target_seat),
            "balance",
        )
        moves.append(move)
        for table in apply_moves([source, target], [move], keep_empty=True):
            current[table.table_no] = table
    return moves


def break_table(tables: Sequence[Table], table_no: int, rng: random.Random) -> list[Move]:
    broken = next(table for table in tables if table.table_no == table_no)
    others = {table.table_no: table for table in tables if table.table_no != table_no}
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
        )
        moves.append(move)
        others[target.table_no] = target.with_seats({**target.seats, target_seat: move.player_id})
    return moves


def tables_to_break(tables: Sequence[Table], table_size: int) -> list[int]:
    players = sum(table.player_count for table in tables)
    needed = max(1, -(-players // table_size))
    ordered = sorted((table.table_no for table in tables), reverse=True)
    return ordered[: max(0, len(ordered) - needed)]


def halted_tables(tables: Sequence[Table], profile: RuleProfile) -> list[int]:
    if not tables:
        return []
    short_by = profile.int_value("balancing.halt_when_short_by")
    fullest = max(table.player_count for table in tables)
    return sorted(table.table_no for table in tables if fullest - table.player_count >= short_by)


def new_player_seat(
    tables: Sequence[Table], new_table: Table, profile: RuleProfile, rng: random.Random
) -> tuple[SeatRef, bool]:
    """The late entrant's seat, as ``Tournament._seat_newcomer`` chose it."""
    candidates_from = list(tables)
    if not any(table.free_seats() for table in candidates_from):
        candidates_from.append(new_table)
    open_tables = [table for table in candidates_from if table.free_seats()]
    fewest = min(table.player_count for table in open_tables)
    candidates = sorted(
        (table for table in open_tables if table.player_count == fewest),
        key=lambda table: table.table_no,
    )
    table = candidates[0] if len(candidates) == 1 else rng.choice(candidates)
    seat_no = None
    if profile.enum_value("seating.late_entrant_seat") == "nearest_left_of_big_blind":
        seat_no = free_seat_left_of_big_blind(table)
    if seat_no is None:
        seat_no = rng.choice(table.free_seats())
    return SeatRef(table.table_no, seat_no), seat_waits(table, seat_no)
