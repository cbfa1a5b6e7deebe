"""``pokerfloor verify-deck``: recompute a dealt hand's commitment from its revealed deck order
and secret. Exit code 0: every hand matches; 1: a mismatch; 2: bad input (the field named)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from pokerfloor.cards import parse_cards
from pokerfloor.dealt.commitment import commitment
from pokerfloor.errors import PokerfloorError

_NUMBERS = re.compile(r"[\d,\s]+")


def _french(error: PokerfloorError) -> str:
    """The core's refusal in French (the core speaks English; its params carry the numbers)."""
    params = error.params
    if error.code == "BAD_DECK_ORDER":
        return (
            f"l'ordre du paquet doit contenir les {params['expected']} cartes 0-51 une fois "
            f"chacune ; reçu {params['count']} cartes"
        )
    if error.code == "BAD_SECRET" and "minimum" in params:
        return f"le secret doit faire au moins {params['minimum']} octets ; reçu {params['bytes']}"
    if error.code == "BAD_SECRET":
        return "le secret doit être en hexadécimal (0-9, a-f)"
    if error.code == "BAD_CARD":
        return f"{params.get('card', '')!r} n'est pas une carte : écrivez par exemple As, Td, 9c"
    return error.message


class _BadInput(Exception):
    def __init__(self, french: str, english: str) -> None:
        super().__init__(english)
        self.french = french
        self.english = english


def _parse_deck(text: str) -> list[int]:
    """Card numbers 0-51 separated by commas or spaces, or cards written ``AsKd...``."""
    if _NUMBERS.fullmatch(text.strip()):
        return [int(token) for token in re.split(r"[,\s]+", text.strip()) if token]
    return [int(card) for card in parse_cards(text)]


def _revealed_in(path: Path) -> list[dict[str, Any]]:
    """The ``hand_revealed`` events of a JSON file (one event, a list) or a JSON Lines file."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise _BadInput(
            f"fichier --events illisible : {error.strerror}",
            f"--events file unreadable: {error.strerror}",
        ) from None
    try:
        loaded = json.loads(text)
        items = loaded if isinstance(loaded, list) else [loaded]
    except json.JSONDecodeError:
        try:
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as error:
            raise _BadInput(
                f"--events : JSON invalide ligne {error.lineno} ; attendu : des événements",
                f"--events: invalid JSON at line {error.lineno}; expected events",
            ) from None
    revealed = [
        item for item in items if isinstance(item, dict) and item.get("type") == "hand_revealed"
    ]
    if not revealed:
        raise _BadInput(
            "--events : aucun événement hand_revealed dans le fichier",
            "--events: no hand_revealed event in the file",
        )
    return revealed


def _check_one(label: str, expected: Any, deck: Any, secret: Any) -> bool:
    for field, value, kind in (("commitment", expected, str), ("secret", secret, str)):
        if not isinstance(value, kind) or not value:
            raise _BadInput(
                f"{label} : le champ {field} manque ou n'est pas du texte",
                f"{label}: field {field} is missing or not text",
            )
    if not isinstance(deck, list) or not all(isinstance(card, int) for card in deck):
        raise _BadInput(
            f"{label} : le champ deck doit être une liste de 52 numéros de cartes (0-51)",
            f"{label}: field deck must be a list of 52 card numbers (0-51)",
        )
    try:
        recomputed = commitment(deck, secret)
    except PokerfloorError as error:
        field = "deck" if error.code == "BAD_DECK_ORDER" else "secret"
        raise _BadInput(
            f"{label} : champ {field} refusé ({error.code}) : {_french(error)}",
            f"{label}: field {field} refused ({error.code}): {error.message}",
        ) from None
    return bool(recomputed == expected.strip().lower())


def verify_deck(
    events: Annotated[
        Path | None,
        typer.Option(help="Événements hand_revealed (JSON ou JSON Lines) / revealed events file"),
    ] = None,
    commitment_hex: Annotated[
        str | None,
        typer.Option("--commitment", help="Engagement publié / published commitment (hex)"),
    ] = None,
    deck: Annotated[
        str | None,
        typer.Option(help="Ordre du paquet : 0-51 ou AsKd... / deck order: 0-51 or AsKd..."),
    ] = None,
    secret: Annotated[
        str | None, typer.Option(help="Secret de la donne / the hand's secret (hex)")
    ] = None,
) -> None:
    """Vérifier un mélange / verify a dealt hand's shuffle against its commitment."""
    out = Console()
    err = Console(stderr=True)
    try:
        if events is not None:
            hands = [
                (f"main {item.get('hand_no', '?')} / hand {item.get('hand_no', '?')}", item)
                for item in _revealed_in(events)
            ]
            checks = [
                (label, item.get("commitment"), item.get("deck"), item.get("secret"))
                for label, item in hands
            ]
        else:
            missing = [
                name
                for name, value in (
                    ("--commitment", commitment_hex),
                    ("--deck", deck),
                    ("--secret", secret),
                )
                if not value
            ]
            if missing:
                raise _BadInput(
                    f"il manque {', '.join(missing)} (ou donnez --events FICHIER)",
                    f"missing {', '.join(missing)} (or give --events FILE)",
                )
            try:
                order: Any = _parse_deck(deck or "")
            except PokerfloorError as error:
                raise _BadInput(f"--deck : {_french(error)}", f"--deck: {error.message}") from None
            checks = [("--deck", commitment_hex, order, secret)]
        results = [(label, _check_one(label, *rest)) for label, *rest in checks]
    except _BadInput as bad:
        err.print(f"Erreur : {escape(bad.french)}\nError: {escape(bad.english)}", soft_wrap=True)
        raise typer.Exit(2) from None
    for label, ok in results:
        verdict = "OK" if ok else "DIFFÉRENT / MISMATCH"
        out.print(f"{escape(label)} : {verdict}", soft_wrap=True)
    if not all(ok for _, ok in results):
        raise typer.Exit(1)
