"""The hand histories of tables dealt by pokerfloor (issue 31 items 3 and 10, docs/dealt.md).

Read from the tables' streams only (``dealt/<id>/table/<n>``): each finished hand is the
engine's hand rebuilt from its events, written as PHH (``formats/_phh_dealt.py``) for one
reader: the TD (every card, the deck order and secret), a player (their own cards and the
cards shown), everyone (the cards shown). Which player sat where in a hand comes from the
tournament's own record of it (``hand_played``: player, seat), so a player's hands follow them
from table to table. The check of a hand's shuffle is ``pokerfloor.dealt.commitment.check_hand``,
the function ``pokerfloor verify-deck`` runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import msgspec

from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import stream_id
from pokerfloor.dealt import (
    CardsProven,
    DealtEvent,
    HandDealt,
    HandFinished,
    HandRevealed,
    HandStep,
)
from pokerfloor.dealt.commitment import DeckCheck, check_hand
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_dealt import DealtHandInfo, Reader, dealt_hand_phh
from pokerfloor.hand import Event as HandEvent
from pokerfloor.hand import Hand
from pokerfloor.tournament.events import HandPlayed

__all__ = [
    "DealtHand",
    "PhhFile",
    "finished_hands",
    "hand_check",
    "hand_phh",
    "hands_phhs",
    "player_hands",
    "seats_by_hand",
    "tournament_seats",
]

_HAND_PLAYED = msgspec.json.Decoder(HandPlayed)


@dataclass
class DealtHand:
    """One hand of a dealt table, as its stream holds it."""

    table_no: int
    dealt: HandDealt
    steps: list[HandEvent] = field(default_factory=list)
    finished: HandFinished | None = None
    proven: CardsProven | None = None
    revealed: HandRevealed | None = None

    @property
    def hand_no(self) -> int:
        return self.dealt.hand_no

    @property
    def over(self) -> bool:
        """Its order and secret are out: the hand is history."""
        return self.revealed is not None

    def hand(self) -> Hand:
        return Hand.replay(self.steps)


def finished_hands(table_no: int, events: Iterable[DealtEvent]) -> list[DealtHand]:
    """The table's hands that are over, in order (the hand in progress is left out)."""
    hands: list[DealtHand] = []
    for event in events:
        if isinstance(event, HandDealt):
            hands.append(DealtHand(table_no, event))
        elif not hands:
            continue
        elif isinstance(event, HandStep):
            hands[-1].steps.append(event.event)
        elif isinstance(event, HandFinished):
            hands[-1].finished = event
        elif isinstance(event, CardsProven):
            hands[-1].proven = event
        elif isinstance(event, HandRevealed):
            hands[-1].revealed = event
    return [hand for hand in hands if hand.over]


def hand_check(hand: DealtHand, td: bool) -> DeckCheck:
    """The server's check of the hand's shuffle, the same function as ``verify-deck``: the
    proven cards for everyone; the order and secret (and the 52 card commitments) for the TD,
    whose page alone shows them (the whole order also shows the mucked hands)."""
    proofs = hand.proven.proofs if hand.proven is not None else ()
    revealed = hand.revealed
    return check_hand(
        hand.dealt.commitment,
        hand.dealt.card_commitments,
        revealed.deck if td and revealed is not None else None,
        revealed.secret if td and revealed is not None else None,
        proofs,
    )


def seats_by_hand(store_events: Iterable[bytes]) -> dict[tuple[int, int], dict[int, str]]:
    """``(table, hand) -> {seat: player id}`` from the tournament's ``hand_played`` events."""
    seats: dict[tuple[int, int], dict[int, str]] = {}
    for data in store_events:
        played = _HAND_PLAYED.decode(data)
        seats[(played.table_no, played.hand_no)] = {
            player.seat_no: player.player_id for player in played.players
        }
    return seats


def tournament_seats(
    store: EventStore, tournament_id: str
) -> dict[tuple[int, int], dict[int, str]]:
    """Who sat where in each hand the tournament recorded (read from its stream)."""
    items = store.read(stream_id(tournament_id))
    return seats_by_hand(item.data for item in items if item.type == "hand_played")


def reader_in(hand: Hand, seat_no: int) -> Reader:
    """The player at ``seat_no`` as the reader of the hand's file (everyone's, if not in it)."""
    return hand.players.index(seat_no) if seat_no in hand.players else "public"


def hand_phh(hand: DealtHand, reader: Reader | str, event: str = "", profile: str = "") -> str:
    """The hand as PHH for ``reader`` ("td", "public", or ``"seat:<n>"``)."""
    played = hand.hand()
    who: Reader
    if isinstance(reader, str) and reader.startswith("seat:"):
        who = reader_in(played, int(reader.removeprefix("seat:")))
    else:
        who = reader  # type: ignore[assignment]
    revealed = hand.revealed
    info = DealtHandInfo(
        table_no=hand.table_no,
        hand_no=hand.hand_no,
        event=event,
        profile=profile or played.setup.profile,
        commitment=hand.dealt.commitment,
        card_commitments=hand.dealt.card_commitments,
        proofs=hand.proven.proofs if hand.proven is not None else (),
        deck=revealed.deck if revealed is not None else (),
        secret=revealed.secret if revealed is not None else "",
    )
    return dealt_hand_phh(played, info, who)


class PhhFile:
    """A ``.phhs`` text of several hands (a TOML table each, ``[1]``, ``[2]``...) and the
    hands PHH could not say (``PHH_EXPORT_UNSUPPORTED``: a dealing irregularity), left out and
    counted."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.left_out: list[tuple[int, int, str]] = []  # (table, hand, reason)

    def add(self, hand: DealtHand, reader: Reader | str, event: str = "") -> None:
        try:
            text = hand_phh(hand, reader, event)
        except PokerfloorError as refusal:
            self.left_out.append((hand.table_no, hand.hand_no, refusal.code))
            return
        self.parts.append(f"[{len(self.parts) + 1}]\n{text}")

    @property
    def text(self) -> str:
        return "\n".join(self.parts)

    @property
    def count(self) -> int:
        return len(self.parts)


def hands_phhs(hands: Iterable[tuple[DealtHand, Reader | str]], event: str = "") -> PhhFile:
    """Several hands, each for its reader, as one ``.phhs``."""
    file = PhhFile()
    for hand, reader in hands:
        file.add(hand, reader, event)
    return file


def player_hands(
    tables: dict[int, list[DealtHand]],
    seats: dict[tuple[int, int], dict[int, str]],
    player_id: str,
) -> Iterator[tuple[DealtHand, str]]:
    """The hands ``player_id`` was dealt, each with the reader ``seat:<n>`` they were at."""
    for table_no in sorted(tables):
        for hand in tables[table_no]:
            at = seats.get((table_no, hand.hand_no), {})
            for seat_no, who in at.items():
                if who == player_id:
                    yield hand, f"seat:{seat_no}"
                    break
