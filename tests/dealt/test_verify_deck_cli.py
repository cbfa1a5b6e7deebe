"""``pokerfloor verify-deck``: 0 when the commitment matches, 1 on a mismatch, 2 on bad input
with the field named in French and English."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import msgspec
from typer.testing import CliRunner

from pokerfloor.cards import to_cards
from pokerfloor.cli.main import app
from pokerfloor.dealt import (
    ActInHand,
    CardsProven,
    DealtEvent,
    HandDealt,
    HandRevealed,
    commitment,
)
from pokerfloor.dealt.commitment import check_hand
from pokerfloor.hand import Action, ShowdownAction
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


def _showdown_stream() -> list[DealtEvent]:
    """A hand checked down to a showdown: the board and the hands shown are proven."""
    table = dealt_table(manual=True)
    while table.in_hand:
        hand = table.hand()
        if hand.to_act >= 0 and hand.legal_actions().options:
            kind = "check" if "check" in hand.legal_actions().options else "call"
            table.act(ActInHand(hand.players[hand.to_act], Action(kind), at_ms=5))
        else:  # the showdown: the player to show tables their hand
            table.act(ActInHand(hand.players[hand.to_act], ShowdownAction("show"), at_ms=6))
    assert any(isinstance(event, CardsProven) for event in table.events)
    return list(table.events)


def test_cards_proven_after_the_hand_verify_against_their_commitments(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(msgspec.json.encode(e) for e in _showdown_stream()))
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(path)])
    assert result.exit_code == 0, result.output
    assert "the 52 card commitments match" in result.output
    assert "card(s) proven, all match" in result.output
    # Everyone's copy has no order nor secret: the proofs alone are checked.
    public = [e for e in _showdown_stream() if not isinstance(e, HandRevealed)]
    path.write_bytes(b"\n".join(msgspec.json.encode(e) for e in public))
    alone = RUNNER.invoke(app, ["verify-deck", "--events", str(path)])
    assert alone.exit_code == 0, alone.output
    assert "deck's commitment" not in alone.output and "all match" in alone.output


def test_a_tampered_proof_or_secret_is_a_mismatch(tmp_path: Path) -> None:
    events = _showdown_stream()
    proven = next(e for e in events if isinstance(e, CardsProven))
    position, card, salt = proven.proofs[0]
    other = (card + 1) % 52
    forged = msgspec.structs.replace(proven, proofs=((position, other, salt), *proven.proofs[1:]))
    path = tmp_path / "s.jsonl"
    swapped = [forged if e is proven else e for e in events]
    path.write_bytes(b"\n".join(msgspec.json.encode(e) for e in swapped))
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(path)])
    assert result.exit_code == 1, result.output
    assert "1 of" in result.output and "DO NOT MATCH" in result.output
    revealed = next(e for e in events if isinstance(e, HandRevealed))
    wrong = msgspec.structs.replace(revealed, secret="ff" + revealed.secret[2:])
    path.write_bytes(b"\n".join(msgspec.json.encode(wrong if e is revealed else e) for e in events))
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(path)])
    assert result.exit_code == 1, result.output
    assert "the deck's commitment DOES NOT MATCH" in result.output
    assert "the card commitments DO NOT MATCH" in result.output


def test_check_hand_recomputes_what_it_is_given() -> None:
    events = _showdown_stream()
    dealt = next(e for e in events if isinstance(e, HandDealt))
    proven = next(e for e in events if isinstance(e, CardsProven))
    full = check_hand(dealt.commitment, dealt.card_commitments, DECK, SECRET, proven.proofs)
    assert full.ok and full.deck_matches and full.cards_match and len(full.proofs) > 5
    swapped = (DECK[1], DECK[0], *DECK[2:])
    assert not check_hand(dealt.commitment, dealt.card_commitments, swapped, SECRET).ok
    nothing = check_hand(dealt.commitment)
    assert not nothing.checked and not nothing.ok


def test_a_td_phh_history_verifies_on_its_own(tmp_path: Path) -> None:
    from pokerfloor.app.dealt_history import finished_hands, hand_phh

    (hand,) = finished_hands(1, _showdown_stream())
    path = tmp_path / "hand.phh"
    path.write_text(hand_phh(hand, "td"), encoding="utf-8")
    result = RUNNER.invoke(app, ["verify-deck", "--phh", str(path)])
    assert result.exit_code == 0, result.output
    assert "the deck's commitment matches" in result.output
    text = path.read_text(encoding="utf-8").replace(hand.dealt.commitment, "0" * 64)
    path.write_text(text, encoding="utf-8")
    assert RUNNER.invoke(app, ["verify-deck", "--phh", str(path)]).exit_code == 1


def _refusing_server(status: int) -> tuple[ThreadingHTTPServer, str]:
    """A real loopback server that answers every page with ``status`` (a hand page asked
    without its sign-in, or an address with no hand)."""

    class Refuse(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            self.end_headers()

        def log_message(self, *_: object) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/t/x/dealt/hands/1"


def test_a_refused_url_says_why_and_what_to_do_instead() -> None:
    for status, french, english in (
        (403, "demande une connexion", "needs a sign-in"),
        (404, "pas de main à cette adresse", "no hand at that address"),
    ):
        server, url = _refusing_server(status)
        try:
            result = RUNNER.invoke(app, ["verify-deck", "--url", url])
        finally:
            server.shutdown()
            server.server_close()
        assert result.exit_code == 2
        assert french in result.output and english in result.output
        assert "Forbidden" not in result.output


def test_no_published_hand_says_when_hands_are_published(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    result = RUNNER.invoke(app, ["verify-deck", "--events", str(empty)])
    assert result.exit_code == 2
    assert "une fois la main finie" in result.output
    assert "once the hand is over" in result.output
