"""Table states of real dealt hands, for the render tests and ``bench/dealt_render.py``: a
nine-player sit-and-go dealt from a seeded shuffler on a fake clock, played by seeded bots, with
names a player might type (``<script>``, quotes, ampersands), a player who stops acting (their
clock runs out, then they are marked away), a paused table and busted players offered a rebuy.

``play(visit)`` calls ``visit(kind)`` after every step of the play (a tick and the action of the
player to act), the service standing as it is: ``kind`` says which table state it is.
"""

from __future__ import annotations

import contextlib
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
from pokerfloor.app.service import TournamentService
from pokerfloor.app.shuffle import SeededShuffler
from pokerfloor.dealt.views import public_view
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Action, Hand, LegalActions
from pokerfloor.sim.bots import RandomBot, TightAggressiveBot
from tests.dealt._sitngo import SETTINGS, FakeClock, play_until

TID = "render"
TABLE_NO = 1
NAMES = (
    "Ann",
    "<script>alert('seat')</script>",
    'Zoé "la reine" & Cie',
    "Bob",
    "O'Neil <b>",
    "Chloé",
    "Dan",
    "Ève",
    "Fred",
)
SLEEPER = "p5"  # stops acting at hands 3 and 4: timed out, then marked away
ADVANCE = {2: "check_fold", 5: "call_any"}  # chosen in advance by p2 at these hands
PAUSED_HAND = 6  # the TD pauses the table at this hand's flop for a few steps


class TableBot:
    """Calls or checks most of the time (hands reach the river and the showdown), sometimes
    plays as the simulator's random or tight-aggressive bot (bets, raises, all-ins, folds)."""

    name = "table"

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
        roll = rng.random()
        if roll < 0.12:
            return RandomBot().choose(hand, legal, rng)
        if roll < 0.35:
            return TightAggressiveBot().choose(hand, legal, rng)
        stack = hand.stacks[legal.player]
        if legal.to_call * 3 > stack and roll < 0.9:  # a big bet: mostly folded to
            return Action("check") if "check" in legal.options else Action("fold")
        for kind in ("check", "call", "allin", "fold"):
            if kind in legal.options:
                return Action(kind)  # type: ignore[arg-type]
        raise AssertionError(legal.options)


def _seat(dealt: DealtService, player_id: str) -> int:
    where = dealt.seat_of(TID, player_id)
    return where[1] if where is not None else 0


def render_tournament(shuffle_seed: int = 31) -> tuple[DealtService, FakeClock]:
    clock = FakeClock()
    service = TournamentService(MemoryEventStore(), clock)
    service.create(CreateTournament(TID, "tda-2024", "turbo", table_size=9))
    for number, name in enumerate(NAMES, start=1):
        service.execute(TID, RegisterPlayer(f"p{number}", name))
    service.execute(TID, DrawSeats(seed=1))
    service.execute(TID, PlaceButtons(seed=2))
    dealt = DealtService(service, SeededShuffler(shuffle_seed))
    dealt.choose(TID, SETTINGS)
    service.execute(TID, StartClock())
    return dealt, clock


def state_kind(dealt: DealtService) -> str:
    """``before`` (no hand yet), ``between`` (the hand is over), ``paused``, else the street
    (``preflop``, ``flop``, ``turn``, ``river``, ``showdown``) and ``+bets`` when chips are in
    front of the players."""
    table = dealt.table(TID, TABLE_NO)
    view = public_view(table)
    if not view.hand_no:
        return "before"
    if view.finished:
        return "between"
    if view.paused_at_ms:
        return "paused"
    bets = any(seat.committed for seat in view.seats)
    return view.street + ("+bets" if bets and view.street != "preflop" else "")


def play(
    dealt: DealtService,
    clock: FakeClock,
    visit: Callable[[str], None],
    hands: int,
    bot_seed: int = 7,
) -> None:
    """Play ``hands`` hands (or to the winner), calling ``visit`` at every step."""
    tournament = dealt.tournaments.tournament
    paused_at = -1

    def step() -> bool:
        nonlocal paused_at
        table = dealt.table(TID, TABLE_NO)
        if table.hand_no == PAUSED_HAND and paused_at < 0 and table.hand().board:
            dealt.pause_table(TID, TABLE_NO)
            paused_at = table.hand_no
        elif table.paused_at_ms is not None and clock.now - table.paused_at_ms > 3_000:
            dealt.resume_table(TID, TABLE_NO)
        where = dealt.seat_of(TID, SLEEPER)
        if table.hand_no >= 5 and where is not None and where[1] in table.away:
            dealt.come_back(TID, SLEEPER)
        advance = ADVANCE.get(table.hand_no)
        if advance and table.in_hand and table.to_act_seat() not in (0, _seat(dealt, "p2")):
            with contextlib.suppress(PokerfloorError):  # folded already: refused, no matter
                dealt.choose_in_advance(TID, "p2", advance)
        visit(state_kind(dealt))
        return table.hand_no > hands or tournament(TID).players_left <= 1

    def sleeping(table_no: int, seat_no: int) -> bool:  # or nobody acts: the table is paused
        table = dealt.table(TID, table_no)
        if table.paused_at_ms is not None:
            return True
        return (
            table.hand_no in (3, 4)
            and tournament(TID).tables[table_no].seats.get(seat_no) == SLEEPER
        )

    play_until(dealt, clock, step, tournament_id=TID, seed=bot_seed, skip_seat=sleeping,
               bot=TableBot())  # fmt: skip
