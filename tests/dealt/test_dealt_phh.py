"""Issue 31 item 10: every finished hand of a dealt table as PHH, replayed to the chip.

A sit-and-go of bots dealt by pokerfloor, played to a winner with showdowns shown and mucked;
the TD's whole ``.phhs`` and each player's own are replayed by ``pokerfloor phh replay
--check`` with the tournament's profile: 0 disagreements. A player's file holds no hole card
of another player that was not shown (mucked and folded hands are ``??``)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

from typer.testing import CliRunner

from pokerfloor.app.dealt_history import (
    DealtHand,
    finished_hands,
    hands_phhs,
    player_hands,
    tournament_seats,
)
from pokerfloor.cards import Card
from pokerfloor.cli.main import app
from pokerfloor.formats._phh_check import replay_items
from pokerfloor.formats.phh import parse_phhs
from pokerfloor.hand import Action, CardsShown, Hand, HandMucked, HandsShown, LegalActions
from tests.dealt._sitngo import play_until, sit_and_go

RUNNER = CliRunner()


class _MildBot:
    """Checks or calls mostly, raises the minimum now and then, folds to a bet sometimes: many
    hands reach a showdown before the blinds finish the sit-and-go."""

    name = "mild"

    def choose(self, hand: Hand, legal: LegalActions, rng: random.Random) -> Action:
        roll = rng.random()
        if roll < 0.12 and legal.min_to is not None:
            return Action("raise" if "raise" in legal.options else "bet", legal.min_to)
        if "check" in legal.options:
            return Action("check")
        if roll < 0.25:
            return Action("fold")
        return Action("call" if "call" in legal.options else "allin")


# One chip of 25 all along (no colour-up to race: a dealt table does not race chips yet) and
# blinds that double every two minutes: the sit-and-go ends within a few hundred hands.
_FAST = """
name = "fast"
level_minutes = 2
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { number = 1, small_blind = 25, big_blind = 50 },
  { number = 2, small_blind = 50, big_blind = 100 },
  { number = 3, small_blind = 100, big_blind = 200 },
  { number = 4, small_blind = 200, big_blind = 400, ante = 50 },
  { number = 5, small_blind = 400, big_blind = 800, ante = 100 },
  { number = 6, small_blind = 800, big_blind = 1600, ante = 200 },
  { number = 7, small_blind = 1600, big_blind = 3200, ante = 400 },
  { number = 8, small_blind = 3200, big_blind = 6400, ante = 800 },
]
[entry]
starting_stack = 5000
buy_in_cents = 1000
"""


@functools.cache
def _played() -> tuple[dict[int, list[DealtHand]], dict[tuple[int, int], dict[int, str]]]:
    dealt, clock = sit_and_go(players=5, structure=_FAST)
    play_until(
        dealt,
        clock,
        lambda: dealt.tournaments.tournament("sng").players_left == 1,
        bot=_MildBot(),
        max_steps=60_000,
    )
    tables = {1: finished_hands(1, dealt.table("sng", 1).events)}
    return tables, tournament_seats(dealt.store, "sng")


def _replay_check(tmp_path: Path, text: str) -> int:
    path = tmp_path / "hands.phhs"
    path.write_text(text, encoding="utf-8")
    result = RUNNER.invoke(app, ["phh", "replay", "--check", "--profile", "tda-2024", str(path)])
    assert result.exit_code == 0, result.output[-2000:]
    return sum(1 for line in result.output.splitlines() if line.startswith("{"))


def test_the_td_s_phhs_of_a_whole_dealt_sit_and_go_replays_to_the_chip(tmp_path: Path) -> None:
    tables, _seats = _played()
    hands = tables[1]
    mucked = [hand for hand in hands if any(isinstance(e, HandMucked) for e in hand.steps)]
    assert len(hands) > 15 and mucked, (len(hands), len(mucked))
    file = hands_phhs((hand, "td") for hand in hands)
    assert file.left_out == []
    assert _replay_check(tmp_path, file.text) == len(hands)
    # The module behind the command agrees hand by hand, to the chip.
    path = tmp_path / "hands.phhs"
    results = [result for _item, result, _error in replay_items(path, profile="tda-2024")]
    assert len(results) == len(hands)
    assert all(result is not None and result.match for result in results)
    for result, hand in zip(results, hands, strict=True):
        assert result is not None
        assert hand.finished is not None
        assert list(result.finishing_stacks) == [
            dict(hand.finished.stacks)[seat] for seat in hand.hand().players
        ]


def test_a_player_s_own_hands_leave_out_the_cards_others_mucked_and_replay(
    tmp_path: Path,
) -> None:
    tables, seats = _played()
    mine = list(player_hands(tables, seats, "p1"))
    assert mine
    file = hands_phhs(mine)
    assert _replay_check(tmp_path, file.text) == len(mine)
    texts = [item.hand for item in parse_phhs(file.text)]
    for (hand, reader), phh in zip(mine, texts, strict=True):
        assert phh is not None
        played = hand.hand()
        own = played.players.index(int(reader.removeprefix("seat:")))
        shown = {
            card
            for event in played.events
            if isinstance(event, HandsShown | CardsShown)
            for card in (
                event.cards
                if isinstance(event, CardsShown)
                else [c for p in event.order for c in played.holes[p]]
            )
        }
        text = "\n".join(action.text for action in phh.actions)
        for player, pair in enumerate(played.holes):
            for card in pair:
                if player != own and card not in shown:
                    assert str(Card(card)) not in text.replace("d db", ""), (card, text)
        assert "_deck" not in phh.metadata and "_secret" not in phh.metadata


def test_bench_dealt_s_second_figure_a_whole_sit_and_go_replays_with_0_disagreements() -> None:
    from bench.dealt import whole_tournament_phh

    figure = whole_tournament_phh(players=6)
    assert figure["players_left"] == 1 and figure["hands"] > 5
    assert figure["agree"] == figure["hands"] and figure["disagreements"] == 0
