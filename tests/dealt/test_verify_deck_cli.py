"""``pokerfloor verify-deck``: 0 when the commitment matches, 1 on a mismatch, 2 on bad input
with the field named in French and English."""

from __future__ import annotations

from pathlib import Path

import msgspec
from typer.testing import CliRunner

from pokerfloor.cards import to_cards
from pokerfloor.cli.main import app
from pokerfloor.dealt import ActInHand, HandRevealed, commitment
from pokerfloor.hand import Action
from tests.dealt._helpers import DECK, SECRET, dealt_table

RUNNER = CliRunner()


def _played_stream(path: Path) -> Path:
    """A finished hand's stream written as JSON Lines, as a store would export it."""
    table = dealt_table()
    for _ in range(2):
        hand = table.hand()
        table.act(ActInHand(hand.players[hand.to_act], Action("fold"), at_ms=5))
    assert isinstance(table.events[-1], HandRevealed)
    path.write_bytes(b"\n".join(msgspec.json.encode(event) for event in table.events))
    return path


def test_the_revealed_events_of_a_played_hand_verify(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(_played_stream(tmp_path / "s"))])
    assert result.exit_code == 0, result.output
    assert "main 1 / hand 1 : OK" in result.output


def test_a_tampered_deck_in_the_file_is_a_mismatch(tmp_path: Path) -> None:
    path = _played_stream(tmp_path / "s")
    lines = path.read_text().splitlines()
    assert '"deck":[0,1,' in lines[-1]
    lines[-1] = lines[-1].replace('"deck":[0,1,', '"deck":[1,0,')
    path.write_text("\n".join(lines))
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(path)])
    assert result.exit_code == 1, result.output
    assert "MISMATCH" in result.output


def test_arguments_verify_with_card_numbers_or_card_names() -> None:
    expected = commitment(DECK, SECRET)
    numbers = ",".join(str(card) for card in DECK)
    ok = ["verify-deck", "--commitment", expected, "--secret", SECRET, "--deck", numbers]
    assert RUNNER.invoke(app, ok).exit_code == 0
    other = commitment(tuple(reversed(DECK)), SECRET)
    assert RUNNER.invoke(app, [*ok[:2], other, *ok[3:]]).exit_code == 1
    names = "".join(str(card) for card in to_cards(DECK))  # "2c2d2h2s3c..."
    by_name = RUNNER.invoke(app, [*ok[:-1], names])
    assert by_name.exit_code == 0, by_name.output


def test_bad_input_exits_2_naming_the_field(tmp_path: Path) -> None:
    expected = commitment(DECK, SECRET)
    short = ",".join(str(card) for card in DECK[:51])
    result = RUNNER.invoke(
        app, ["verify-deck", "--commitment", expected, "--secret", SECRET, "--deck", short]
    )
    assert result.exit_code == 2
    assert "champ deck" in result.output and "field deck" in result.output
    assert "52" in result.output
    missing = RUNNER.invoke(app, ["verify-deck", "--commitment", expected])
    assert missing.exit_code == 2
    assert "--deck, --secret" in missing.output
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    nothing = RUNNER.invoke(app, ["verify-deck", "--events", str(empty)])
    assert nothing.exit_code == 2
    assert "hand_revealed" in nothing.output
    numbers = ",".join(str(card) for card in DECK)
    bad_secret = RUNNER.invoke(
        app, ["verify-deck", "--commitment", expected, "--secret", "xyz", "--deck", numbers]
    )
    assert bad_secret.exit_code == 2
    assert "champ secret" in bad_secret.output
    assert "hexadécimal" in bad_secret.output and "hexadecimal" in bad_secret.output
    bad_card = RUNNER.invoke(
        app, ["verify-deck", "--commitment", expected, "--secret", SECRET, "--deck", "AsXx"]
    )
    assert bad_card.exit_code == 2
    assert "n'est pas une carte" in bad_card.output and "is not a card" in bad_card.output
