"""The console's "undo" of a bust recorded by mistake: a reversing event (``bust_undone``) with a
reason, accepted while the table has reported no hand since; the stack the bust took comes back
from the table's chips of unknown owner, and a rebuy at that bust is cancelled first."""

from __future__ import annotations

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import BustUndone, RebuyCorrected
from pokerfloor.tournament.state import Tournament
from tests.tournament.test_corrections import replayed
from tests.tournament.test_entries import play_even_hand, started


def _seated_at(tournament: Tournament, table_no: int) -> list[str]:
    return list(tournament.tables[table_no].seats.values())


def test_undo_of_a_bust_gives_the_seat_the_stack_and_the_places_back() -> None:
    tournament, _ = started(12)
    play_even_hand(tournament, 1, 0)
    first, second = _seated_at(tournament, 1)[:2]
    seat = tournament.players[first].seat
    chips = tournament.chips_in_play
    tournament.busts.report(1, [first], {}, 10)
    tournament.busts.report(1, [second], {}, 11)
    assert tournament.unknown_chips == {1: 40_000}
    tournament.corrections.undo_bust([first], 12, "wrong player ticked")
    event = tournament.events[-1]
    assert isinstance(event, BustUndone) and event.stack == 20_000 and event.reason
    player = tournament.players[first]
    assert player.in_play and player.seat == seat and player.stack == 20_000
    assert tournament.players[second].place == 12  # counted without the undone bust
    assert tournament.players_left == 11 and tournament.chips_in_play == chips
    assert tournament.unknown_chips == {1: 20_000}  # only the real bust's chips are unknown
    replayed(tournament)


def test_undo_of_several_players_busted_in_one_hand() -> None:
    tournament, _ = started(12)
    play_even_hand(tournament, 1, 0)
    busted = _seated_at(tournament, 1)[:2]
    tournament.busts.report(1, busted, {}, 10)
    tournament.corrections.undo_bust(busted, 11, "the hand was not over")
    assert all(tournament.players[p].in_play for p in busted)
    assert tournament.players_left == 12 and not tournament.placements
    assert not tournament.unknown_chips
    replayed(tournament)


def test_undo_of_a_bust_and_rebuy_cancels_the_rebuy_first() -> None:
    tournament, _ = started(6)
    play_even_hand(tournament, 1, 0)
    loser = _seated_at(tournament, 1)[0]
    tournament.busts.report(1, [loser], {}, 10, rebuys=[loser])
    assert tournament.rebuys == 1
    tournament.corrections.undo_bust([loser], 11, "he had chips left")
    kinds = [type(event) for event in tournament.events[-2:]]
    assert kinds == [RebuyCorrected, BustUndone]
    player = tournament.players[loser]
    assert player.in_play and player.stack == 20_000 and player.rebuys == 0
    assert tournament.rebuys == 0 and not tournament.unknown_chips
    replayed(tournament)


def test_undo_is_refused_once_the_table_has_played_a_hand() -> None:
    tournament, _ = started(12)
    play_even_hand(tournament, 1, 0)
    loser = _seated_at(tournament, 1)[0]
    tournament.busts.report(1, [loser], {}, 10)
    play_even_hand(tournament, 1, 20)
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.undo_bust([loser], 30, "too late")
    assert caught.value.code == "BUST_UNDO_TOO_LATE"
    assert caught.value.params["table_no"] == 1
    assert len(tournament.events) == count


def test_undo_is_refused_for_a_player_in_play_and_changes_nothing() -> None:
    tournament, _ = started(12)
    play_even_hand(tournament, 1, 0)
    busted, playing = _seated_at(tournament, 1)[:2]
    tournament.busts.report(1, [busted], {}, 10)
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.undo_bust([busted, playing], 11, "oops")
    assert caught.value.code == "BUST_NOT_UNDOABLE"
    assert caught.value.params == {"player_id": playing}
    assert len(tournament.events) == count and tournament.players[busted].place is not None


def test_undo_of_a_bust_reported_with_the_hand_needs_the_corrections_page() -> None:
    """A hand report that left a player with no chips gave them to the others: only the
    corrections page, with the hand corrected too, can put them back."""
    tournament, _ = started(6)
    plan = tournament.hands.plan(1, 0)
    stacks = {player: stack for _, player, stack in plan.seats}
    loser, winner = list(stacks)[:2]
    stacks[winner] += stacks[loser]
    stacks[loser] = 0
    tournament.hands.record(plan, stacks, 0)
    tournament.busts.report(1, [loser], {}, 1)
    with pytest.raises(PokerfloorError) as caught:
        tournament.corrections.undo_bust([loser], 1, "oops")
    assert caught.value.code == "BUST_UNDO_NEEDS_STACK"
