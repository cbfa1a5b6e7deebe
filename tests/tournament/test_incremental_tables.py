"""The aggregate's table index (``TableMap``) against a full recomputation, after every event of
random tournaments: the index equals one rebuilt from the tables, and every procedure that reads
it (balancing, breaking, the tables to break, halted tables, a newcomer's seat, applying moves)
decides exactly what the full procedure of before decides, with the same random draws
(tests/tournament/_reference_balancing.py). Replay and snapshot rebuild the same index."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import balancing, seating
from pokerfloor.tournament._cash import CashAccount, CashLine
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure
from pokerfloor.tournament.table_map import OrderedNumbers, TableMap
from pokerfloor.tournament.types import Move, Table
from tests.tournament import _reference_balancing as reference

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
MINUTE = 60_000


class Checked(Tournament):
    """A tournament that checks its indexes after every event it records or replays."""

    def _record(self, event: TournamentEvent) -> None:
        super()._record(event)
        self.tables.check_index()
        for table in self.tables.values():
            assert table.waiting <= set(table.seats), table
        absent = [p for p, s in self.players.items() if not s.present and not s.withdrawn]
        assert list(self.desk.absent_ids) == absent
        assert self.cash.accounts == accounts_from_lines(self.cash.lines)


def accounts_from_lines(lines: list[CashLine]) -> dict[str, CashAccount]:
    """Every account summed from the whole cash book, as ``cash_book`` did before the index."""
    sums: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for line in lines:
        names[line.player_id] = line.name or names.get(line.player_id, "")
        due, fees, paid, refunded = sums.setdefault(line.player_id, [0, 0, 0, 0])
        refund = line.kind == "refund"
        sums[line.player_id] = [
            due + line.due_cents,
            fees + line.fee_cents,
            paid + (0 if refund else line.paid_cents),
            refunded - (line.paid_cents if refund else 0),
        ]
    return {player: CashAccount(player, names[player], *totals) for player, totals in sums.items()}


def plain(moves: list[Move]) -> list[tuple[str, object, object]]:
    return [(move.player_id, move.source, move.target) for move in moves]


def compare_procedures(tournament: Tournament, seed: int) -> None:
    """Every indexed procedure against the full one on the tables as they are now."""
    tables, profile = tournament.tables, tournament.profile
    before = dict(tables)
    live = [table for _, table in sorted(tables.items()) if table.seats]
    size = tournament.created.table_size
    hand_for_hand = tournament.hand_for_hand
    assert balancing.tables_to_break_now(tables, size) == reference.tables_to_break(live, size)
    assert balancing.halted_table_numbers(tables, profile) == reference.halted_tables(live, profile)
    assert plain(
        balancing.balance_moves(tables, profile, hand_for_hand, rng=random.Random(seed))
    ) == plain(reference.balance(live, profile, hand_for_hand, random.Random(seed)))
    for table_no in reference.tables_to_break(live, size)[:1] or [t.table_no for t in live[-1:]]:
        free = sum(len(t.free_seats()) for t in live if t.table_no != table_no)
        if len(live) < 2 or tables[table_no].player_count > free:
            continue
        indexed = balancing.break_table_moves(tables, table_no, random.Random(seed))
        assert plain(indexed) == plain(reference.break_table(live, table_no, random.Random(seed)))
        changed = balancing.moved_tables(tables, indexed)
        full = {t.table_no: t for t in reference.apply_moves(list(tables.values()), indexed)}
        assert all(full.get(no, table) == table for no, table in changed.items() if table.seats)
    new_table = Table(tournament.highest_table_no + 1, size, {})
    placed = seating.seat_new_player_in(tables, new_table, profile, random.Random(seed))
    assert (placed.seat, placed.waits) == reference.new_player_seat(
        live, new_table, profile, random.Random(seed)
    )
    assert dict(tables) == before  # the procedures leave the tables as they were
    tables.check_index()


def play_hand(tournament: Tournament, table_no: int, now: int, rng: random.Random) -> None:
    """A hand at ``table_no`` with random final stacks: a few players lose everything."""
    plan = tournament.hands.plan(table_no, now)
    players = [player for _, player, _ in plan.seats]
    total = sum(stack for _, _, stack in plan.seats)
    losers = set(rng.sample(players, rng.randint(0, min(2, len(players) - 1))))
    winners = [player for player in players if player not in losers]
    cuts = sorted(rng.sample(range(1, total), len(winners) - 1)) if len(winners) > 1 else []
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    final = {player: 0 for player in losers} | dict(zip(winners, shares, strict=True))
    busted = tournament.hands.record(plan, final, now)
    tournament.busts.settle(busted, now)


ACTIONS = (
    "hand",
    "hand",
    "hand",
    "arrive",
    "release_absent_seats",
    "payment",
    "bust_without_stacks",
    "late",
    "balance",
    "propose_and_confirm",
    "break_proposal",
    "disqualify",
    "seat_change",
    "hand_for_hand",
)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_the_index_and_the_procedures_match_a_full_recomputation(data: st.DataObject) -> None:
    profile = data.draw(st.sampled_from(PROFILES), label="profile")
    table_size = data.draw(st.integers(4, 10), label="table size")
    players = data.draw(st.integers(8, 90), label="players")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    tournament = Checked.create(
        "t", profile, load_structure("club-evening"), table_size, max_players=players + 6
    )
    for number in range(1, players + 1):
        present = data.draw(st.integers(0, 9), label="present") > 0
        tournament.register(f"P{number:03d}", f"Player {number}", 0, present=present)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    now = 0
    late = 0
    for _ in range(data.draw(st.integers(5, 60), label="steps")):
        if tournament.players_left < 3:
            break
        now += MINUTE // 2
        compare_procedures(tournament, rng.getrandbits(32))
        action = data.draw(st.sampled_from(ACTIONS))
        seated = sorted(p.player_id for p in tournament.in_play() if p.seat is not None)
        dealing = sorted(no for no, t in tournament.tables.items() if t.player_count >= 2)
        try:
            if action == "hand" and dealing:
                play_hand(tournament, rng.choice(dealing), now, rng)
            elif action == "bust_without_stacks" and seated:
                player = tournament.players[rng.choice(seated)]
                assert player.seat is not None
                tournament.busts.report(player.seat.table_no, [player.player_id], {}, now)
            elif action == "late":
                late += 1
                tournament.desk.register_late(f"L{late:03d}", f"Late {late}", now, rng)
                tournament.place_buttons(rng)
            elif action == "balance":
                if tournament.moves.balance(now, rng):
                    tournament.place_buttons(rng)
            elif action == "propose_and_confirm":
                if tournament.moves.propose(now, rng):
                    tournament.moves.confirm([], now, rng)
            elif action == "break_proposal":
                tournament.moves.propose_break_table(None, now, rng)
                tournament.moves.confirm([], now, rng)
            elif action == "disqualify" and seated:
                tournament.penalties.give(rng.choice(seated), "disqualification", "test", now)
            elif action == "seat_change" and seated:
                player = tournament.players[rng.choice(seated)]
                assert player.seat is not None
                table = tournament.tables[rng.choice(dealing or [player.seat.table_no])]
                free = table.free_seats()
                if free:
                    tournament.seat_changes.change(
                        player.player_id,
                        "test",
                        now,
                        table_no=table.table_no,
                        seat_no=rng.choice(free),
                    )
            elif action == "arrive":
                absent = [p for p in tournament.desk.absent_ids if tournament.players[p].in_play]
                if absent:
                    tournament.desk.arrive(rng.choice(absent), now)
            elif action == "release_absent_seats":
                now += 30 * MINUTE  # past the first level, and later the first hour
                tournament.desk.release_absent_seats(now)
                tournament.desk.seat_alternates(now, rng)
            elif action == "payment":
                tournament.cash.record_payment(
                    rng.choice(sorted(tournament.players)), True, "cash", now
                )
            elif action == "hand_for_hand":
                tournament.hands.set_hand_for_hand(not tournament.hand_for_hand, now)
        except PokerfloorError:
            pass  # refused: nothing recorded
    replayed = Checked.replay(tournament.events)
    assert replayed.tables == tournament.tables
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert restored.tables == tournament.tables
    restored.tables.check_index()
    assert isinstance(restored.tables, TableMap)


@given(st.lists(st.tuples(st.booleans(), st.integers(1, 300)), max_size=300))
def test_ordered_numbers_rank_like_a_sorted_list(operations: list[tuple[bool, int]]) -> None:
    numbers = OrderedNumbers()
    model: set[int] = set()
    for add, number in operations:
        if add:
            numbers.add(number)
            model.add(number)
        else:
            numbers.discard(number)
            model.discard(number)
        ordered = sorted(model)
        assert len(numbers) == len(ordered) and list(numbers) == ordered
        assert all(numbers.kth(rank) == value for rank, value in enumerate(ordered))
        if ordered:
            assert numbers.kth(-1) == ordered[-1]


def test_a_trial_puts_every_table_back() -> None:
    tables = TableMap({1: Table(1, 9, {1: "a", 2: "b"}), 2: Table(2, 9, {1: "c"})})
    with tables.trial():
        tables[2] = Table(2, 9, {1: "c", 3: "b"})
        tables[1] = tables[1].with_seats({1: "a"})
        del tables[2]
        tables[3] = Table(3, 9, {})
    assert tables == {1: Table(1, 9, {1: "a", 2: "b"}), 2: Table(2, 9, {1: "c"})}
    tables.check_index()
    with pytest.raises(ValueError):
        tables[4] = Table(5, 9, {})
