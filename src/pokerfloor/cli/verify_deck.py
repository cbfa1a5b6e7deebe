"""``pokerfloor verify-deck``: recompute a dealt hand's commitments (docs/dealt.md).

From a table's events, a PHH history pokerfloor exported, the server's hand page, or typed
arguments: the deck's commitment from the revealed order and secret, the 52 card commitments
from them, and each proven card (``cards_proven``) against its place's commitment, through the
same function as the hand's page (``pokerfloor.dealt.commitment.check_hand``). Exit code 0:
everything recomputed matches; 1: a mismatch; 2: bad input (the field named)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from pokerfloor.cards import Card, parse_cards
from pokerfloor.dealt.commitment import DeckCheck, check_hand
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


def _items_in(path: Path, option: str) -> list[Any]:
    """The JSON values of a file: one event, a list of them, or JSON Lines."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise _BadInput(
            f"fichier {option} illisible : {error.strerror}",
            f"{option} file unreadable: {error.strerror}",
        ) from None
    try:
        loaded = json.loads(text)
        return loaded if isinstance(loaded, list) else [loaded]
    except json.JSONDecodeError:
        try:
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as error:
            raise _BadInput(
                f"{option} : JSON invalide ligne {error.lineno} ; attendu : des événements",
                f"{option}: invalid JSON at line {error.lineno}; expected events",
            ) from None


class _Hand:
    """What a source says of one hand: the commitments published at the deal, the proven
    cards, the revealed order and secret (each may be missing)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.commitment: Any = None
        self.card_commitments: Any = ()
        self.proofs: Any = ()
        self.deck: Any = None
        self.secret: Any = None

    @property
    def checkable(self) -> bool:
        return self.deck is not None or bool(self.proofs)


def _label(hand_no: Any) -> str:
    return f"main {hand_no} / hand {hand_no}"


def _hands_in_events(items: list[Any]) -> list[_Hand]:
    """The hands of a table's events: ``hand_dealt`` (commitments), ``cards_proven``,
    ``hand_revealed``, grouped by hand number."""
    hands: dict[Any, _Hand] = {}
    for item in items:
        if not isinstance(item, dict) or item.get("type") not in _EVENT_TYPES:
            continue
        number = item.get("hand_no", "?")
        hand = hands.setdefault(number, _Hand(_label(number)))
        kind = item["type"]
        if kind == "hand_dealt":
            hand.commitment = hand.commitment or item.get("commitment")
            hand.card_commitments = item.get("card_commitments") or ()
        elif kind == "cards_proven":
            hand.proofs = item.get("proofs") or ()
        else:
            hand.commitment = item.get("commitment")
            hand.deck, hand.secret = item.get("deck"), item.get("secret")
    return list(hands.values())


_EVENT_TYPES = ("hand_dealt", "cards_proven", "hand_revealed")


def _hand_from_fields(label: str, fields: dict[str, Any], prefix: str) -> _Hand:
    """A hand from named fields: the server's hand page as JSON (no prefix) or a PHH file's
    pokerfloor fields (``_commitment``, ``_card_commitments``, ``_proofs``, ``_deck``,
    ``_secret``)."""
    hand = _Hand(label)
    hand.commitment = fields.get(prefix + "commitment")
    hand.card_commitments = fields.get(prefix + "card_commitments") or ()
    proofs = fields.get(prefix + "proofs") or ()
    hand.proofs = [_proof(text) if isinstance(text, str) else text for text in proofs]
    hand.deck = fields.get(prefix + "deck")
    hand.secret = fields.get(prefix + "secret")
    return hand


def _proof(text: str) -> list[Any]:
    """``position:card:salt`` as written in a PHH file."""
    parts = text.split(":")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return [text]
    return [int(parts[0]), int(parts[1]), parts[2]]


def _hands_in_phh(path: Path) -> list[_Hand]:
    from pokerfloor.formats.phh import PhhError, iter_phh_file

    hands = []
    try:
        for item in iter_phh_file(path):
            if item.hand is None:
                continue
            metadata = item.hand.metadata
            number = metadata.get("hand", item.key or "?")
            hands.append(_hand_from_fields(_label(number), metadata, "_"))
    except (PhhError, OSError) as error:
        raise _BadInput(f"--phh : {error}", f"--phh: {error}") from None
    return hands


def _hand_at(url: str) -> list[_Hand]:
    """The server's hand page, asked as JSON."""
    import urllib.error
    import urllib.request

    if not url.startswith(("http://", "https://")):
        raise _BadInput("--url : une adresse http(s) est attendue", "--url: an http(s) address")
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            fields = json.loads(answer.read())
    except urllib.error.HTTPError as error:
        error.close()  # the refusal's own connection
        raise _BadInput(*_http_refusal(error.code)) from None
    except (urllib.error.URLError, OSError, json.JSONDecodeError) as error:
        raise _BadInput(f"--url : {error}", f"--url: {error}") from None
    if not isinstance(fields, dict):
        raise _BadInput("--url : pas une main", "--url: not a hand")
    return [_hand_from_fields(_label(fields.get("hand_no", "?")), fields, "")]


def _http_refusal(status: int) -> tuple[str, str]:
    """What the server's refusal of a hand page means to the one who typed the address."""
    if status in (401, 403):  # the TD's page and a player's own page need their access
        return (
            f"--url : le serveur refuse la page (HTTP {status}) : elle demande une connexion ; "
            "copiez la commande affichée sur la page de la main (avec --commitment, --deck et "
            "--secret) ou utilisez l'adresse publique de la main",
            f"--url: the server refuses the page (HTTP {status}): it needs a sign-in; copy the "
            "command shown on the hand's page (with --commitment, --deck and --secret) or use "
            "the hand's public address",
        )
    if status == 404:
        return (
            "--url : pas de main à cette adresse (HTTP 404)",
            "--url: no hand at that address (HTTP 404)",
        )
    return (
        f"--url : le serveur a répondu HTTP {status}",
        f"--url: the server answered HTTP {status}",
    )


def _check_one(hand: _Hand) -> DeckCheck:
    label = hand.label
    if not isinstance(hand.commitment, str) or not hand.commitment:
        raise _BadInput(
            f"{label} : le champ commitment manque ou n'est pas du texte",
            f"{label}: field commitment is missing or not text",
        )
    deck, secret = hand.deck, hand.secret
    if deck is not None:
        if not isinstance(secret, str) or not secret:
            raise _BadInput(
                f"{label} : le champ secret manque ou n'est pas du texte",
                f"{label}: field secret is missing or not text",
            )
        if not isinstance(deck, list) or not all(isinstance(card, int) for card in deck):
            raise _BadInput(
                f"{label} : le champ deck doit être une liste de 52 numéros de cartes (0-51)",
                f"{label}: field deck must be a list of 52 card numbers (0-51)",
            )
    hashes = hand.card_commitments
    if not isinstance(hashes, list | tuple) or not all(isinstance(h, str) for h in hashes):
        raise _BadInput(
            f"{label} : le champ card_commitments doit être une liste de textes",
            f"{label}: field card_commitments must be a list of texts",
        )
    proofs = []
    for proof in hand.proofs:
        if not (
            isinstance(proof, list | tuple)
            and len(proof) == 3
            and isinstance(proof[0], int)
            and isinstance(proof[1], int)
            and isinstance(proof[2], str)
        ):
            raise _BadInput(
                f"{label} : preuve illisible {proof!r} (attendu : place, carte, sel)",
                f"{label}: unreadable proof {proof!r} (expected: position, card, salt)",
            )
        proofs.append((proof[0], proof[1], proof[2]))
    try:
        return check_hand(hand.commitment, tuple(hashes), deck, secret, proofs)
    except PokerfloorError as error:
        field = "deck" if error.code == "BAD_DECK_ORDER" else "secret"
        raise _BadInput(
            f"{label} : champ {field} refusé ({error.code}) : {_french(error)}",
            f"{label}: field {field} refused ({error.code}): {error.message}",
        ) from None


def _words(check: DeckCheck) -> list[str]:
    """The check in words, French then English, one line per part recomputed."""
    lines = []
    if check.deck_matches is not None:
        lines.append(
            "  ordre et secret : l'engagement du paquet concorde / order and secret: the deck's "
            "commitment matches"
            if check.deck_matches
            else "  ordre et secret : l'engagement du paquet NE CONCORDE PAS / order and secret: "
            "the deck's commitment DOES NOT MATCH"
        )
    if check.cards_match is not None:
        lines.append(
            "  les 52 engagements carte par carte concordent / the 52 card commitments match"
            if check.cards_match
            else "  les engagements carte par carte NE CONCORDENT PAS / the card commitments DO "
            "NOT MATCH"
        )
    if check.proofs:
        wrong = [proof for proof in check.proofs if not proof.matches]
        count = len(check.proofs)
        lines.append(
            f"  {count} carte(s) prouvée(s), toutes concordent / {count} card(s) proven, all match"
            if not wrong
            else f"  {len(wrong)} carte(s) prouvée(s) sur {count} NE CONCORDE(NT) PAS / "
            f"{len(wrong)} of {count} proven card(s) DO NOT MATCH"
        )
        for proof in wrong:
            lines.append(
                f"    place {proof.position} : {_card_text(proof.card)} ne concorde pas / "
                "does not match"
            )
    return lines


def _card_text(card: int) -> str:
    return str(Card(card)) if 0 <= card < 52 else str(card)


def verify_deck(
    events: Annotated[
        Path | None,
        typer.Option(help="Événements d'une table (JSON ou JSON Lines) / a table's events"),
    ] = None,
    phh: Annotated[
        Path | None,
        typer.Option(help="Historique PHH exporté par pokerfloor / exported PHH history"),
    ] = None,
    url: Annotated[
        str | None,
        typer.Option(help="Page de la main sur le serveur / the server's hand page"),
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
    """Vérifier un mélange / verify a dealt hand's shuffle against its commitments."""
    out = Console()
    err = Console(stderr=True)
    try:
        if events is not None:
            hands = _hands_in_events(_items_in(events, "--events"))
            source = "--events"
        elif phh is not None:
            hands, source = _hands_in_phh(phh), "--phh"
        elif url is not None:
            hands, source = _hand_at(url), "--url"
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
                    f"il manque {', '.join(missing)} (ou donnez --events, --phh ou --url)",
                    f"missing {', '.join(missing)} (or give --events, --phh or --url)",
                )
            try:
                order: Any = _parse_deck(deck or "")
            except PokerfloorError as error:
                raise _BadInput(f"--deck : {_french(error)}", f"--deck: {error.message}") from None
            typed = _Hand("--deck")
            typed.commitment, typed.deck, typed.secret = commitment_hex, order, secret
            hands, source = [typed], "--deck"
        hands = [hand for hand in hands if hand.checkable]
        if not hands:
            raise _BadInput(
                f"{source} : aucune main à vérifier : le paquet et le secret d'une main ne sont "
                "publiés qu'une fois la main finie (événements hand_revealed ou cards_proven)",
                f"{source}: no hand to verify: a hand's deck and secret are published only "
                "once the hand is over (events hand_revealed or cards_proven)",
            )
        results = [(hand.label, _check_one(hand)) for hand in hands]
    except _BadInput as bad:
        err.print(f"Erreur : {escape(bad.french)}\nError: {escape(bad.english)}", soft_wrap=True)
        raise typer.Exit(2) from None
    for label, check in results:
        verdict = "OK" if check.ok else "DIFFÉRENT / MISMATCH"
        out.print(f"{escape(label)} : {verdict}", soft_wrap=True)
        for line in _words(check):
            out.print(escape(line), soft_wrap=True)
    if not all(check.ok for _, check in results):
        raise typer.Exit(1)
