"""Who sees what at a dealt table: one projection per viewer, built from the table's events.

A player's view holds their own hole cards and the cards shown at the table; the public view
(spectators, the table's screen) only the cards shown; the TD's view everything, the deck order
and secret included. A card thrown away unseen (a fold, a muck) is in no view but the TD's.
The commitments (the deck's and each card's) are in every view from the deal on; after the
hand every view has the proofs of the cards everyone saw (``cards_proven``); the revealed order
and secret stay in the TD's, because the whole order also shows the mucked hands.
"""

from __future__ import annotations

import msgspec

from pokerfloor.dealt.table import DealtTable
from pokerfloor.hand import CardsShown, DealCorrected, HandsShown, HolesDealt, Posted

__all__ = ["SeatView", "TableView", "player_view", "public_view", "td_view"]


class SeatView(msgspec.Struct, frozen=True):
    seat_no: int
    name: str
    stack: int
    committed: int  # chips in front of the player on this street
    cards: tuple[int, ...]  # the hole cards this viewer may see (empty: face down or none)
    status: str = "active"  # "active", "folded" or "allin"
    away: bool = False


class TableView(msgspec.Struct, frozen=True):
    viewer: str  # "td", "public" or "seat:<n>"
    hand_no: int
    street: str
    board: tuple[int, ...]
    button_seat: int
    to_act_seat: int  # 0: nobody
    seats: tuple[SeatView, ...]
    commitment: str
    deck: tuple[int, ...] = ()  # TD only
    secret: str = ""  # TD only
    pot: int = 0  # every chip in the middle and in front of the players
    pots: tuple[int, ...] = ()  # main pot first, the street's bets included
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    small_blind_seat: int = 0
    big_blind_seat: int = 0
    deadline_ms: int = 0  # when the player to act times out (0: no clock)
    bank_ms: int = 0  # the time bank the player to act has left
    finished: bool = False  # the hand is over (its pots awarded)
    card_commitments: tuple[str, ...] = ()  # one per card, public from the deal
    proofs: tuple[tuple[int, int, str], ...] = ()  # after the hand: the cards everyone saw
    # The TD paused the table at this time (0: not paused): the action clock stands still,
    # ``deadline_ms`` minus it is the time the player to act has left (docs/dealt.md).
    paused_at_ms: int = 0


def _holes_and_shown(table: DealtTable) -> tuple[list[tuple[int, ...]], dict[int, set[int]]]:
    """The hole cards by player index, and the cards of each player turned face up."""
    holes: list[tuple[int, ...]] = []
    shown: dict[int, set[int]] = {}
    for event in table.hand_events:
        if isinstance(event, HolesDealt):
            holes = [tuple(pair) for pair in event.cards]
        elif isinstance(event, DealCorrected):
            holes = [tuple(pair) for pair in event.holes]
        elif isinstance(event, HandsShown):
            for player in event.order:
                shown.setdefault(player, set()).update(holes[player])
        elif isinstance(event, CardsShown):
            shown.setdefault(event.player, set()).update(event.cards)
    return holes, shown


def _view(table: DealtTable, viewer: str, own_seat: int | None, everything: bool) -> TableView:
    if table.dealt is None:
        return TableView(viewer, 0, "", (), 0, 0, (), "")
    hand = table.hand()
    holes, shown = _holes_and_shown(table)
    seats = []
    for index, seat_no in enumerate(hand.players):
        cards = holes[index] if index < len(holes) else ()
        if not (everything or seat_no == own_seat):
            cards = tuple(card for card in cards if card in shown.get(index, ()))
        seats.append(
            SeatView(
                seat_no,
                hand.names[index],
                hand.stacks[index],
                hand.committed[index],
                cards,
                _STATUS[hand.status[index]],
                seat_no in table.away,
            )
        )
    to_act = hand.players[hand.to_act] if hand.to_act >= 0 else 0
    dealt = table.dealt
    setup = hand.setup
    blinds = {
        event.kind: hand.players[event.player]
        for event in table.hand_events
        if isinstance(event, Posted)
    }
    deadline = table.deadline_ms(to_act) if to_act else None
    return TableView(
        viewer,
        table.hand_no,
        hand.street.key,
        tuple(hand.board),
        hand.setup.button_seat,
        to_act,
        tuple(sorted(seats, key=lambda seat: seat.seat_no)),
        dealt.commitment,
        dealt.deck if everything else (),
        dealt.secret if everything else "",
        sum(hand.contributed) + setup.dead_money,
        tuple(amount for amount, _ in hand.pots()),
        setup.small_blind,
        setup.big_blind,
        setup.ante,
        blinds.get("small_blind", 0),
        blinds.get("big_blind", 0),
        deadline or 0,
        table.bank_left(to_act) if to_act else 0,
        not table.in_hand,
        dealt.card_commitments,
        table.proven.proofs if table.proven is not None else (),
        table.paused_at_ms or 0,
    )


_STATUS = ("active", "folded", "allin")  # the engine's ACTIVE, FOLDED, ALL_IN


def player_view(table: DealtTable, seat_no: int) -> TableView:
    """What the player at ``seat_no`` sees: their own hole cards and the cards shown."""
    return _view(table, f"seat:{seat_no}", seat_no, everything=False)


def public_view(table: DealtTable) -> TableView:
    """What spectators and the table's screen see: only the cards shown."""
    return _view(table, "public", None, everything=False)


def td_view(table: DealtTable) -> TableView:
    """What the TD sees: every card, the deck order and the secret (the caller logs access)."""
    return _view(table, "td", None, everything=True)
