"""A hand dealt by pokerfloor written as PHH, for one reader: the TD, a player, or everyone.

The hand is the engine's (``pokerfloor.hand.Hand``, rebuilt from a dealt table's stream); what
changes with the reader is which hole cards are written. The TD's file holds every card; a
player's, their own and the cards turned face up; everyone's, the cards turned face up only.
A card nobody was shown (a folded hand, a mucked hand) is written ``??`` (phh-std's unknown
card): it never leaves the server in a file other than the TD's.

The showdown is the players' (``HandSetup.manual_showdown``): ``pN sm CARDS`` for a hand
tabled, ``pN sm`` for a hand mucked, and ``_manual_showdown = true`` so that pokerfloor's replay
plays them as the players did (a hand mucked cannot win, whatever its cards). A player whose
hand was killed at the deal (away: tda-2024 R30) is in ``_dead_hands``; a hand killed later (the
action clock ran out facing a bet) is written as the fold it amounts to. The commitments of the
shuffle go with the hand (``_commitment``, ``_card_commitments``, ``_proofs``: everyone's), and
in the TD's file the order and secret (``_deck``, ``_secret``), so ``pokerfloor verify-deck
--phh`` checks a history file on its own (docs/dealt.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pokerfloor.cards import Card, format_cards
from pokerfloor.formats._phh_export import _notation, _unsupported, phh_fields, toml_fields
from pokerfloor.hand import (
    Acted,
    BoardDealt,
    CardsShown,
    DealCorrected,
    Hand,
    HandKilled,
    HandMucked,
    HandsShown,
    HolesDealt,
    Misdealt,
)

__all__ = ["DealtHandInfo", "Reader", "dealt_hand_phh", "known_cards"]

Reader = Literal["td", "public"] | int  # an int: the player (engine index) reading


class DealtHandInfo:
    """What a dealt hand's file says beside the engine's hand: where and when it was played,
    and the shuffle's commitments (the order and secret only for the TD's file)."""

    def __init__(
        self,
        *,
        table_no: int,
        hand_no: int,
        event: str = "",
        level: int = 0,
        profile: str = "",
        commitment: str = "",
        card_commitments: Sequence[str] = (),
        proofs: Sequence[tuple[int, int, str]] = (),
        deck: Sequence[int] = (),
        secret: str = "",
    ) -> None:
        self.table_no = table_no
        self.hand_no = hand_no
        self.event = event
        self.level = level
        self.profile = profile
        self.commitment = commitment
        self.card_commitments = tuple(card_commitments)
        self.proofs = tuple(proofs)
        self.deck = tuple(deck)
        self.secret = secret


def known_cards(hand: Hand, reader: Reader) -> set[int]:
    """The hole cards ``reader`` may read in the hand's file: every one for the TD; for the
    others, those turned face up at any time of the hand, and a player's own."""
    holes = hand.holes
    if reader == "td":
        return {card for pair in holes for card in pair}
    known: set[int] = set()
    if isinstance(reader, int) and 0 <= reader < len(holes):
        known.update(holes[reader])
    for event in hand.events:
        if isinstance(event, HandsShown):
            for player in event.order:
                known.update(holes[player])
        elif isinstance(event, CardsShown):
            known.update(event.cards)
    return known


def _cards(cards: Iterable[int], known: set[int]) -> str:
    return "".join(str(Card(card)) if card in known else "??" for card in cards)


def _dealt_actions(hand: Hand, known: set[int]) -> tuple[list[str], list[int]]:
    """The ``actions`` lines and the players whose hands were dead from the deal."""
    lines: list[str] = []
    dead: list[int] = []
    absent = {seat.seat_no for seat in hand.setup.seats if seat.absent}
    street_bet = hand.setup.big_blind
    for event in hand.events:
        if isinstance(event, DealCorrected | Misdealt):
            raise _unsupported("a dealing irregularity changed the cards or voided the hand")
        if isinstance(event, HolesDealt):
            lines += [
                f"d dh p{index + 1} {_cards(pair, known)}" for index, pair in enumerate(event.cards)
            ]
        elif isinstance(event, BoardDealt):
            lines.append(f"d db {format_cards(event.cards)}")
            street_bet = 0
        elif isinstance(event, Acted):
            lines.append(f"p{event.player + 1} {_notation(event, street_bet)}")
            street_bet = max(street_bet, event.to)
        elif isinstance(event, HandKilled):
            if hand.players[event.player] in absent:
                dead.append(event.player)
            else:  # the clock ran out facing a bet: a dead hand is a fold
                lines.append(f"p{event.player + 1} f")
        elif isinstance(event, HandsShown):  # all in: the engine turned the hands up
            lines += [
                f"p{index + 1} sm {_cards(hand.holes[index], known)}" for index in event.order
            ]
        elif isinstance(event, CardsShown):
            lines.append(f"p{event.player + 1} sm {_cards(hand.holes[event.player], known)}")
        elif isinstance(event, HandMucked):
            lines.append(f"p{event.player + 1} sm")
    return lines, dead


def dealt_hand_phh(hand: Hand, info: DealtHandInfo, reader: Reader) -> str:
    """One dealt hand as PHH text for ``reader`` (``PHH_EXPORT_UNSUPPORTED`` for a hand PHH
    cannot say, e.g. a dealing irregularity)."""
    known = known_cards(hand, reader)
    actions, dead = _dealt_actions(hand, known)
    fields = phh_fields(hand, actions, dead)
    if hand.setup.manual_showdown:
        fields.append(("_manual_showdown", True))
    fields += [("table", info.table_no), ("hand", info.hand_no)]
    if info.event:
        fields.append(("event", info.event))
    if info.level:
        fields.append(("level", info.level))
    if info.profile:
        fields.append(("_profile", info.profile))
    if info.commitment:
        fields.append(("_commitment", info.commitment))
    if info.card_commitments:
        fields.append(("_card_commitments", list(info.card_commitments)))
    if info.proofs:
        fields.append(("_proofs", [f"{pos}:{card}:{salt}" for pos, card, salt in info.proofs]))
    if reader == "td" and info.deck:
        fields += [("_deck", list(info.deck)), ("_secret", info.secret)]
    return toml_fields(fields)
