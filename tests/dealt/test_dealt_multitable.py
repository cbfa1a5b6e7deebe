"""Several dealt tables in one tournament (issue 31 items 1 and 9): the draw seats them, each
deals its own hands, and balancing, breaking, hand-for-hand and the final table move players
between hands only (tda-2024 R10, R11, RP-8, RP-9)."""

from __future__ import annotations

from collections import defaultdict

from pokerfloor.dealt import HandDealt, HandRevealed, HandStep
from pokerfloor.tournament.events import (
    HandForHandChanged,
    HandPlayed,
    PlayersBusted,
    PlayersMoved,
    SeatChanged,
)
from pokerfloor.tournament.state import Tournament
from tests.dealt._multi import START_STACK, STRUCTURE, chips_in_play, multi_table, tick_until


def _hand_spans(dealt: object, tournament_id: str, table_no: int) -> dict[int, tuple[int, int]]:
    """Each hand of a table's stream: (dealt at, revealed at)."""
    from pokerfloor.app.dealt_service import DealtService

    assert isinstance(dealt, DealtService)
    events = dealt.table(tournament_id, table_no).events
    dealt_at = {e.hand_no: e.at_ms for e in events if isinstance(e, HandDealt)}
    revealed = {e.hand_no: e.at_ms for e in events if isinstance(e, HandRevealed)}
    return {no: (at, revealed.get(no, 2**62)) for no, at in dealt_at.items()}


def test_tda_2024_r10_r11_rp8_rp9_twenty_bots_at_three_dealt_tables_play_to_a_winner() -> None:
    dealt, clock = multi_table(players=20, table_size=7)
    start = dealt.tournaments.tournament("mtt")
    assert sorted(table.player_count for table in start.tables.values()) == [6, 7, 7]
    total = 20 * START_STACK

    def every_chip(tournament: Tournament) -> None:
        # Every chip is conserved at every hand: a hand changes the stacks only once it
        # is recorded, and the table's hand engine conserves its own pots.
        assert chips_in_play(tournament) == total

    tick_until(dealt, clock, lambda t: t.players_left == 1, each=every_chip)
    tournament = dealt.tournaments.tournament("mtt")
    places = sorted(p.place for p in tournament.players.values() if p.place is not None)
    assert len(places) == 19 and places[0] == 2 and set(places) <= set(range(2, 21))

    moves = [e for e in tournament.events if isinstance(e, PlayersMoved)]
    reasons = [e.reason for e in moves]
    assert "break" in reasons and reasons[-1] == "final_table"  # R10, RP-9
    final = moves[-1]
    assert len(final.moves) <= 7 and len({m.target.table_no for m in final.moves}) == 1

    # Every move was made between hands: no table the move leaves or joins was in a hand.
    tables = {m.source.table_no for e in moves for m in e.moves}
    spans = {no: _hand_spans(dealt, "mtt", no) for no in tables}
    for event in moves:
        for move in event.moves:
            for table_no in (move.source.table_no, move.target.table_no):
                for began, ended in spans[table_no].values():
                    assert not began < event.at_ms < ended, (event.reason, table_no)

    # Each table's hands are the tournament's, number for number.
    played: dict[int, list[int]] = defaultdict(list)
    for event in tournament.events:
        if isinstance(event, HandPlayed):
            played[event.table_no].append(event.hand_no)
    for table_no, numbers in played.items():
        assert numbers == list(range(1, len(numbers) + 1))
        assert set(numbers) <= set(spans.get(table_no, _hand_spans(dealt, "mtt", table_no)))

    # Hand-for-hand at the bubble (half the field paid: 11 players left, two tables), off
    # once it bursts. The decks come from ``multi_table``'s seed (``SeededShuffler``), which
    # reaches the bubble with 11 players and plays several hand-for-hand rounds: the test no
    # longer depends on real shuffles (it used to skip these checks when a hand busted
    # players from 12 left to 10 at once).
    switched = [e for e in tournament.events if isinstance(e, HandForHandChanged)]
    reached_bubble = any(
        min(min(p.places_covered or (p.place,)) for p in e.placements) == 12
        for e in tournament.events
        if isinstance(e, PlayersBusted)
    )  # a hand left 11 players
    assert reached_bubble
    assert [e.active for e in switched[:2]] == [True, False]
    assert switched[0].players_left == 11
    _check_hand_for_hand_rounds(dealt, tournament)


def _check_hand_for_hand_rounds(dealt: object, tournament: Tournament) -> None:
    """tda-2024 RP-8: hand-for-hand, a table deals its next hand only once every table
    has finished the round's hand."""
    h4h = [e for e in tournament.events if isinstance(e, HandPlayed) and e.hand_for_hand]
    by_table: dict[int, list[HandPlayed]] = defaultdict(list)
    for event in h4h:
        by_table[event.table_no].append(event)
    assert len(by_table) == 2
    spans = {no: _hand_spans(dealt, "mtt", no) for no in by_table}
    rounds = min(len(hands) for hands in by_table.values())
    assert rounds >= 2  # the seeded evening plays several rounds: there are rounds to compare
    for index in range(rounds - 1):
        round_over = max(spans[no][by_table[no][index].hand_no][1] for no in by_table)
        for no, hands in by_table.items():
            next_deal = spans[no][hands[index + 1].hand_no][0]
            assert next_deal >= round_over


def test_tda_2024_r11_a_move_the_td_asks_mid_hand_waits_for_both_tables_hands_to_end() -> None:
    # Nobody acts: the clock folds the hands, no one busts, so the move keeps the tables
    # balanced (the tournament refuses a seat change that unbalances them).
    dealt, clock = multi_table(players=20, table_size=7, bots=False)
    dealt.tick("mtt")  # every table deals
    tournament = dealt.tournaments.tournament("mtt")
    assert all(dealt.table("mtt", no).in_hand for no in tournament.tables)
    player = tournament.tables[1].seats[min(tournament.tables[1].seats)]
    free = min(set(range(1, 8)) - set(tournament.tables[3].seats))
    assert not dealt.move_player("mtt", player, 3, free, "special needs")
    assert dealt.seat_of("mtt", player)[0] == 1  # type: ignore[index]
    assert [m.player_id for m in dealt.asked_moves("mtt")] == [player]
    tick_until(dealt, clock, lambda t: not dealt.asked_moves("mtt"), step_ms=5_000)
    assert dealt.seat_of("mtt", player) == (3, free)
    settled = [e for e in dealt.tournaments.tournament("mtt").events if isinstance(e, SeatChanged)]
    assert len(settled) == 1
    # Both tables finished hand 1 before the move, and neither dealt hand 2 before it.
    for no in (1, 3):
        spans = _hand_spans(dealt, "mtt", no)
        assert spans[1][1] <= settled[0].at_ms <= spans.get(2, (2**62, 0))[0]
    tick_until(dealt, clock, lambda t: dealt.table("mtt", 3).in_hand, step_ms=5_000)
    seats = dealt.table("mtt", 3).hand().players
    assert free in seats


def test_a_paused_table_plays_nothing_and_its_action_clock_stops_until_resumed() -> None:
    import pytest

    from pokerfloor.errors import PokerfloorError
    from pokerfloor.hand import Action

    dealt, clock = multi_table(players=14, table_size=7, bots=False)
    dealt.tick("mtt")
    table = dealt.table("mtt", 2)
    seat_no = table.to_act_seat()
    deadline = table.deadline_ms(seat_no)
    assert deadline is not None
    assert dealt.pause_table("mtt", 2) == 1
    player = dealt.tournaments.tournament("mtt").tables[2].seats[seat_no]
    with pytest.raises(PokerfloorError) as refused:
        dealt.act("mtt", player, Action("fold"))
    assert refused.value.code == "TABLE_PAUSED"
    events = len(dealt.table("mtt", 2).events)  # a view: read again after each change
    clock.now = deadline + 60_000  # far past the deadline: no timeout while paused
    dealt.tick("mtt")
    assert len(dealt.table("mtt", 2).events) == events
    assert dealt.table("mtt", 1).events != [] and dealt.table("mtt", 1).paused_at_ms is None
    paused_for = clock.now - (deadline - 50_000)  # the table was paused at the deal
    dealt.resume_table("mtt", 2)
    assert dealt.table("mtt", 2).deadline_ms(seat_no) == deadline + paused_for
    # Every table at once: those already paused are left as they are.
    assert dealt.pause_table("mtt") == 2
    assert dealt.resume_table("mtt") == 2


def test_a_moved_player_s_clock_follows_him_to_his_new_seat() -> None:
    from pokerfloor.dealt import DealtTable

    old, new = DealtTable(), DealtTable()
    old.bank_used[4] = 12_000
    old.missed[4] = 2
    old.away.add(4)
    new.away.add(6)  # the seat's last player was away
    clock = old.seat_clock(4)
    old.run(old.decide_seat_left(4, 1_000))
    new.run(new.decide_seat_taken(6, clock, 1_000))
    assert old.seats_with_clock() == set()
    assert (new.bank_used[6], new.missed[6], new.away) == (12_000, 2, {6})
    new.run(new.decide_seat_taken(6, (0, 0, False), 2_000))
    assert new.away == set()
    assert DealtTable.replay(new.events).seat_clock(6) == (0, 0, False)


def test_a_td_rebuy_or_add_on_for_a_player_in_a_dealt_hand_is_refused_until_the_hand_ends() -> None:
    import pytest

    from pokerfloor.app.commands import Addon
    from pokerfloor.errors import PokerfloorError

    dealt, _clock = multi_table(players=14, table_size=7, bots=True)
    dealt.tick("mtt")
    tournament = dealt.tournaments.tournament("mtt")
    player = tournament.tables[1].seats[min(tournament.tables[1].seats)]
    with pytest.raises(PokerfloorError) as refused:
        dealt.tournaments.execute("mtt", Addon(player_id=player))
    assert refused.value.code == "MONEY_WAITS_FOR_HAND"
    assert refused.value.params == {
        "player_id": player, "table_no": 1, "hand_no": dealt.table("mtt", 1).hand_no
    }  # fmt: skip
    assert dealt.tournaments.tournament("mtt").players[player].addons == 0


def test_each_td_look_at_the_hole_cards_is_logged_with_who_and_when() -> None:
    from pokerfloor.app.dealt_service import DealtService

    dealt, clock = multi_table(players=14, table_size=7)
    dealt.tick("mtt")
    dealt.hole_cards_seen("mtt", 2, "td 127.0.0.1")
    seen = DealtService(dealt.tournaments).hole_card_log("mtt")  # a restarted server
    assert [(s.table_no, s.hand_no, s.by, s.at_ms) for s in seen] == [
        (2, 1, "td 127.0.0.1", clock.now)
    ]


def test_tda_2024_rp8_a_break_reached_hand_for_hand_is_played_out_then_the_clock_stops() -> None:
    from pokerfloor.app.commands import HandForHandRound, ResumeClock, SetHandForHand
    from pokerfloor.dealt.between_hands import hand_for_hand_clock

    dealt, clock = multi_table(players=20, table_size=7, bots=False)
    tournaments = dealt.tournaments
    clock.now += 11 * 60_000 + 30_000  # 30 s before the break after level 4
    tournaments.execute("mtt", SetHandForHand(active=True))  # the clock stops
    tournaments.execute("mtt", HandForHandRound())  # a round's time off it: into the break
    tournament = tournaments.tournament("mtt")
    assert tournament.clock.status == "paused"
    assert hand_for_hand_clock(tournament, clock.now) == "resume"
    tournaments.execute("mtt", ResumeClock())
    assert hand_for_hand_clock(tournaments.tournament("mtt"), clock.now) == ""
    clock.now += 60_000  # the break is over: hand-for-hand stops the clock again
    assert hand_for_hand_clock(tournaments.tournament("mtt"), clock.now) == "pause"


def test_tda_2024_r35_the_td_kills_a_hand_as_a_misdeal_every_chip_back_same_button() -> None:
    from pokerfloor.dealt import HandVoided
    from pokerfloor.hand import Action, HandStarted, Misdealt

    dealt, clock = multi_table(players=14, table_size=7, bots=False)
    dealt.tick("mtt")
    first = dealt.table("mtt", 1)
    button = next(e.event for e in first.events if isinstance(e, HandStep)
                  and isinstance(e.event, HandStarted)).setup.button_seat  # fmt: skip
    stacks = dict(dealt.tournaments.tournament("mtt").players)
    before = {player: state.stack for player, state in stacks.items()}
    to_act = dealt.tournaments.tournament("mtt").tables[1].seats[first.to_act_seat()]
    dealt.act("mtt", to_act, Action("call"))
    events = dealt.kill_hand("mtt", 1, "button_wrong")
    misdealt = next(e.event for e in events if isinstance(e, HandStep)
                    and isinstance(e.event, Misdealt))  # fmt: skip
    assert misdealt.ruling.decision == "misdeal" and misdealt.ruling.citations
    voided = next(e for e in events if isinstance(e, HandVoided))
    assert sum(chips for _, chips in voided.refunds) > 0  # the blinds and the call go back
    assert not dealt.table("mtt", 1).in_hand
    tournament = dealt.tournaments.tournament("mtt")
    assert tournament.hands_at.get(1, 0) == 0  # no hand recorded
    assert {p: s.stack for p, s in tournament.players.items()} == before
    clock.now += 5_000
    dealt.tick("mtt")  # dealt again: the same button, the tournament's hand 1 again
    again = dealt.table("mtt", 1)
    assert again.in_hand and again.hand_no == 2 and again.played_no == 1
    started = [e.event for e in again.events if isinstance(e, HandStep)
               and isinstance(e.event, HandStarted)]  # fmt: skip
    assert started[-1].setup.button_seat == button
    tick_until(dealt, clock, lambda t: t.hands_at.get(1, 0) == 1, step_ms=5_000)
    assert dealt.table("mtt", 1).played_no == 1


def test_a_misdeal_the_td_calls_is_refused_with_the_causes_there_are() -> None:
    import pytest

    from pokerfloor.errors import PokerfloorError

    dealt, _clock = multi_table(players=14, table_size=7, bots=False)
    dealt.tick("mtt")
    with pytest.raises(PokerfloorError) as refused:
        dealt.kill_hand("mtt", 1, "bad_luck")
    assert refused.value.code == "BAD_MISDEAL_CAUSE"


def test_tda_2024_r11_a_seat_change_from_the_live_console_waits_while_dealt_hands_are_played() -> (
    None
):
    import pytest

    from pokerfloor.app.commands import ChangeSeat
    from pokerfloor.errors import PokerfloorError

    dealt, _clock = multi_table(players=13, table_size=7, bots=False)
    dealt.tick("mtt")
    tournament = dealt.tournaments.tournament("mtt")
    player = tournament.tables[1].seats[min(tournament.tables[1].seats)]
    free = min(set(range(1, 8)) - set(tournament.tables[2].seats))
    move = ChangeSeat(player_id=player, reason="needs", table_no=2, seat_no=free)
    with pytest.raises(PokerfloorError) as refused:
        dealt.tournaments.execute("mtt", move)
    assert refused.value.code == "SEATS_WAIT_FOR_HANDS"
    assert refused.value.params == {"tables": [1, 2]}
    assert dealt.seat_of("mtt", player)[0] == 1  # type: ignore[index]


def test_tda_2024_r24_a_colour_up_at_a_live_table_does_not_stop_dealt_tables() -> None:
    """The 25s are coloured up at the break (a chip race at a live table): dealt play has no
    chips on the felt, so the hands go on with stacks such as 10,025 to a winner (the tables
    once stopped for good: "10,025 cannot be made with chips of 100")."""
    colour_up = (
        STRUCTURE.replace(
            'chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]',
            'chips = [{ value = 25, colour_fr = "vert", colour_en = "green" },'
            ' { value = 100, colour_fr = "noir", colour_en = "black" }]',
        )
        .replace("small_blind = 50, big_blind = 100 }", "small_blind = 25, big_blind = 50 }", 1)
        .replace(
            "breaks = [{ after_level = 4, minutes = 1 }]",
            "breaks = [{ after_level = 1, minutes = 1, colour_up = [25] }]",
        )
    )
    assert colour_up.count("colour_up = [25]") == 1 and "big_blind = 50 }" in colour_up
    dealt, clock = multi_table(players=20, table_size=7, structure=colour_up)
    odd: list[int] = []

    def note_odd(tournament: Tournament) -> None:
        odd.extend(player.stack for player in tournament.players.values() if player.stack % 100)

    tick_until(dealt, clock, lambda t: t.players_left == 1, each=note_odd)
    tournament = dealt.tournaments.tournament("mtt")
    level_number, _ = tournament.level_at(clock.now)
    assert level_number > 1 and tournament.structure.smallest_chip_at(level_number) == 100
    assert odd  # stacks the 100s alone cannot make were dealt
