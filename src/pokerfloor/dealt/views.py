"""Who sees what at a dealt table: one projection per viewer, built from the table's events.

A player's view holds their own hole cards and the cards shown at the table; the public view
(spectators, the table's screen) only the cards shown; the TD's view everything, the deck order
and secret included. A card thrown away unseen (a fold, a muck) is in no view but the TD's.
The commitments (the deck's and each card's) are in every view from the deal on; after the
hand every view has the proofs of the cards everyone saw (``cards_proven``); the revealed order
and secret stay in the TD's, because the whole order also shows the mucked hands.
"""

from __future__ import annotations

from typing import cast

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


_CARD_EVENTS = (HolesDealt, DealCorrected, HandsShown, CardsShown, Posted)


def _holes_shown_blinds(
    table: DealtTable, players: tuple[int, ...]
) -> tuple[list[tuple[int, ...]], dict[int, set[int]], dict[str, int]]:
    """The hole cards by player index, the cards of each player turned face up, and the seats
    that posted each blind, read from the hand's events in one pass."""
    holes: list[tuple[int, ...]] = []
    shown: dict[int, set[int]] = {}
    blinds: dict[str, int] = {}
    for event in table.hand_events:
        kind = type(event)
        if kind not in _CARD_EVENTS:  # most events (actions, the board): one look-up
            continue
        if isinstance(event, Posted):
            blinds[event.kind] = players[event.player]
        elif isinstance(event, HolesDealt):
            holes = [tuple(pair) for pair in event.cards]
        elif isinstance(event, DealCorrected):
            holes = [tuple(pair) for pair in event.holes]
        elif isinstance(event, HandsShown):
            for player in event.order:
                shown.setdefault(player, set()).update(holes[player])
        elif isinstance(event, CardsShown):
            shown.setdefault(event.player, set()).update(event.cards)
    return holes, shown, blinds


def _views(table: DealtTable) -> tuple[TableView, TableView]:
    """The TD's view and the public view of the table as it stands, built once per table
    version (its number of events) and kept on the table (``DealtTable.memo``): a push reads
    the table once per viewer, and every viewer's view is one of these two (a player's is
    the public one with their own cards)."""
    version = len(table.events)
    kept = table.memo.get("views")
    if kept is not None and kept[0] == version:
        return cast(tuple[TableView, TableView], kept[1])
    hand = table.hand()
    holes, shown, blinds = _holes_shown_blinds(table, hand.players)
    every: list[SeatView] = []
    public: list[SeatView] = []
    for index, seat_no in enumerate(hand.players):
        cards = holes[index] if index < len(holes) else ()
        seat = SeatView(
            seat_no,
            hand.names[index],
            hand.stacks[index],
            hand.committed[index],
            cards,
            _STATUS[hand.status[index]],
            seat_no in table.away,
        )
        every.append(seat)
        seen = shown.get(index, ())
        visible = tuple(card for card in cards if card in seen)
        public.append(seat if visible == cards else msgspec.structs.replace(seat, cards=visible))
    order = sorted(range(len(every)), key=lambda position: every[position].seat_no)
    to_act = hand.players[hand.to_act] if hand.to_act >= 0 else 0
    dealt = table.dealt
    assert dealt is not None
    setup = hand.setup
    deadline = table.deadline_ms(to_act) if to_act else None
    td = TableView(
        "td",
        table.hand_no,
        hand.street.key,
        tuple(hand.board),
        hand.setup.button_seat,
        to_act,
        tuple(every[position] for position in order),
        dealt.commitment,
        dealt.deck,
        dealt.secret,
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
    views = (
        td,
        msgspec.structs.replace(
            td,
            viewer="public",
            seats=tuple(public[position] for position in order),
            deck=(),
            secret="",
        ),
    )
    table.memo["views"] = (version, views)
    return views


def _view(table: DealtTable, viewer: str, own_seat: int | None, everything: bool) -> TableView:
    if table.dealt is None or not table.hand_events:
        # No hand yet; or a page reading from another thread while the dealer folds a deal
        # in, between its ``hand_dealt`` and the hand's first event (the next push shows it).
        return TableView(viewer, 0, "", (), 0, 0, (), "")
    td, public = _views(table)
    if everything:
        return td if viewer == td.viewer else msgspec.structs.replace(td, viewer=viewer)
    if own_seat is None:
        return public if viewer == public.viewer else msgspec.structs.replace(public, viewer=viewer)
    seats = tuple(
        mine if mine.seat_no == own_seat else seen
        for mine, seen in zip(td.seats, public.seats, strict=True)
    )
    return msgspec.structs.replace(public, viewer=viewer, seats=seats)


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
