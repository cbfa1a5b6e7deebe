"""A sit-and-go dealt by pokerfloor on a fake clock, for the service, page and crash tests."""

from __future__ import annotations

import random
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
from pokerfloor.dealt.mode import DealtSettings
from pokerfloor.hand import Action, Hand, LegalActions, ShowdownAction
from pokerfloor.sim.bots import Bot, RandomBot

START_MS = 1_700_000_000_000
SETTINGS = DealtSettings(action_seconds=20, bank_seconds=30, away_after=2, pause_seconds=2)


class FakeClock:
    def __init__(self, now: int = START_MS) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


def sit_and_go(
    players: int = 4,
    structure: str = "turbo",
    store: EventStore | None = None,
    clock: FakeClock | None = None,
    tournament_id: str = "sng",
    shuffle_seed: int = 31,
) -> tuple[DealtService, FakeClock]:
    """A tournament of ``players`` at one table, dealt by pokerfloor, its clock running; its
    decks from ``shuffle_seed`` (``SeededShuffler``: the same hands at every run)."""
    clock = clock or FakeClock()
    service = TournamentService(store or MemoryEventStore(), clock)
    service.create(CreateTournament(tournament_id, "tda-2024", structure, table_size=9))
    for number in range(1, players + 1):
        service.execute(tournament_id, RegisterPlayer(f"p{number}", f"Player {number}"))
    service.execute(tournament_id, DrawSeats(seed=1))
    service.execute(tournament_id, PlaceButtons(seed=2))
    dealt = DealtService(service, SeededShuffler(shuffle_seed))
    dealt.choose(tournament_id, SETTINGS)
    service.execute(tournament_id, StartClock())
    return dealt, clock


def play_until(
    dealt: DealtService,
    clock: FakeClock,
    done: Callable[[], bool],
    tournament_id: str = "sng",
    seed: int = 7,
    step_ms: int = 1_000,
    max_steps: int = 20_000,
    skip_seat: Callable[[int, int], bool] = lambda table_no, seat_no: False,
    bot: Bot | None = None,
) -> int:
    """Tick and let bots act for the players whose turn it is, until ``done()``; the number
    of steps. ``skip_seat(table, seat)``: a player who does not act (the clock runs out)."""
    rng, chooser = random.Random(seed), bot or RandomBot()
    for step in range(max_steps):
        if done():
            return step
        dealt.tick(tournament_id)
        for table_no in dealt.table_numbers(tournament_id):
            table = dealt.table(tournament_id, table_no)
            seat_no = table.to_act_seat()
            if seat_no == 0 or seat_no in table.away or skip_seat(table_no, seat_no):
                continue
            hand = table.hand()
            player = dealt.tournaments.tournament(tournament_id).tables[table_no].seats[seat_no]
            legal = hand.legal_actions()
            if not legal.options:  # the showdown: show or muck, as the profile allows
                kinds = [k for k in hand.showdown_options() if k in ("show", "muck")]
                dealt.act(tournament_id, player, ShowdownAction(rng.choice(kinds)))
                continue
            dealt.act(tournament_id, player, chooser.choose(hand, legal, rng))
        clock.now += step_ms
    raise AssertionError(f"not done after {max_steps} steps")


class CallingStation:
    """Checks or calls, never more: hands go to showdown and nobody busts quickly."""

    name = "calling"

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
        return Action("check") if "check" in legal.options else Action("call")


# Two-minute levels, a one-minute break after level 1: breaks and levels in a short test.
SHORT_STRUCTURE = """
name = "short"
level_minutes = 2
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { number = 1, small_blind = 25, big_blind = 50 },
  { number = 2, small_blind = 50, big_blind = 100 },
  { number = 3, small_blind = 100, big_blind = 200 },
]
breaks = [{ after_level = 1, minutes = 1 }]
[entry]
starting_stack = 10000
buy_in_cents = 1000
"""
