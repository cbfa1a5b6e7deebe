"""A multi-table tournament dealt by pokerfloor on a fake clock, its players bots."""

from __future__ import annotations

from collections.abc import Callable

from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.shuffle import SeededShuffler
from pokerfloor.tournament.state import Tournament
from tests.dealt._sitngo import SETTINGS, FakeClock

# Freezeout, 10,000 chips, three-minute levels rising fast: 20 bots finish in a few hundred
# hands. Half the field is paid (``PAYOUTS``): the bubble (11 players) is played at two
# tables, hand-for-hand, before the final table (7 players at 7-seat tables, tda-2024 RP-9).
STRUCTURE = """
name = "multi"
level_minutes = 3
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { number = 1, small_blind = 50, big_blind = 100 },
  { number = 2, small_blind = 100, big_blind = 200 },
  { number = 3, small_blind = 200, big_blind = 400 },
  { number = 4, small_blind = 400, big_blind = 800 },
  { number = 5, small_blind = 800, big_blind = 1600 },
  { number = 6, small_blind = 1500, big_blind = 3000 },
  { number = 7, small_blind = 3000, big_blind = 6000 },
  { number = 8, small_blind = 6000, big_blind = 12000 },
  { number = 9, small_blind = 12000, big_blind = 24000 },
  { number = 10, small_blind = 25000, big_blind = 50000 },
]
breaks = [{ after_level = 4, minutes = 1 }]
[entry]
starting_stack = 10000
buy_in_cents = 1000
"""
PAYOUTS = {"name": "power", "exponent": "1", "paid_percent": 50}
START_STACK = 10_000


def multi_table(
    players: int = 20,
    table_size: int = 7,
    store: EventStore | None = None,
    clock: FakeClock | None = None,
    tournament_id: str = "mtt",
    bots: bool = True,
    structure: str = STRUCTURE,
    shuffle_seed: int = 31,
) -> tuple[DealtService, FakeClock]:
    """``players`` drawn at ``table_size``-seat tables, dealt by pokerfloor, every player a
    bot of the simulator (``bots``), the clock running. The decks, secrets, balancing draws
    and bots' choices come from ``shuffle_seed`` (``SeededShuffler``): the same evening at
    every run."""
    clock = clock or FakeClock()
    service = TournamentService(store or MemoryEventStore(), clock)
    service.create(
        CreateTournament(
            tournament_id, "tda-2024", structure, table_size=table_size, payouts=PAYOUTS
        )
    )
    for number in range(1, players + 1):
        service.execute(tournament_id, RegisterPlayer(f"p{number}", f"Player {number}"))
    service.execute(tournament_id, DrawSeats(seed=1))
    service.execute(tournament_id, PlaceButtons(seed=2))
    dealt = DealtService(service, SeededShuffler(shuffle_seed))
    dealt.choose(tournament_id, SETTINGS)
    if bots:
        for number in range(1, players + 1):
            dealt.seat_bot(tournament_id, f"p{number}", "random" if number % 3 else "tag")
    service.execute(tournament_id, StartClock())
    return dealt, clock


def chips_in_play(tournament: Tournament) -> int:
    return sum(player.stack for player in tournament.players.values())


def tick_until(
    dealt: DealtService,
    clock: FakeClock,
    done: Callable[[Tournament], bool],
    tournament_id: str = "mtt",
    step_ms: int = 500,
    max_steps: int = 60_000,
    each: Callable[[Tournament], None] = lambda tournament: None,
) -> int:
    """Tick (the dealer, the clock, the bots: nothing else acts) until ``done``; the steps.
    ``each`` looks at the tournament after every tick."""
    for step in range(max_steps):
        tournament = dealt.tournaments.tournament(tournament_id)
        if done(tournament):
            return step
        dealt.tick(tournament_id)
        each(dealt.tournaments.tournament(tournament_id))
        clock.now += step_ms
    raise AssertionError(f"not done after {max_steps} steps")
