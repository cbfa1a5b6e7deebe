"""The cards of a PHH hand, and a deck order that makes the engine deal them.

Hole cards come from ``d dh`` (and fill in from ``sm`` when the deal left them unknown), the
board from ``d db``; unknown cards (``??``) and the burns are drawn from the rest of the deck.
A player whose hole cards stay unknown is ``hidden``: they mucked (``sm`` with no cards), showed
nothing (``sm ????``, what HandHQ files write for a hand not shown) or never reached a showdown.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from pokerfloor.cards import FULL_DECK, format_cards, shuffled_order
from pokerfloor.formats._phh_parse import NEW_RECORD, PhhAction, PhhError, PhhHand
from pokerfloor.formats._phh_records import PhhCards


def phh_cards(phh: PhhHand) -> PhhCards:
    """Collect the hole cards and board the file names (shown cards fill unknown holes)."""
    count = len(phh.starting_stacks)
    holes: list[tuple[int | None, ...]] = [()] * count
    board: tuple[int | None, ...] = ()
    shown: dict[int, PhhAction] = {}
    actions = phh.actions
    # Most actions are bets: only the deals and shows are looked at here, the verb read by
    # index in a plain loop (compiled: no attribute look-up, no map nor compress object).
    for action in actions:
        verb = action[2]  # (text, position, verb, player, cards, ...): PhhAction's order
        if verb == "dh":
            player = action[3]
            dealt = holes[player] + action[4]
            if len(dealt) > 2:
                raise _card_error(action, "a hold'em player gets two hole cards")
            holes[player] = dealt
        elif verb == "db":
            board += action[4]
            if len(board) > 5:
                raise _card_error(action, "the board has five cards at most")
        elif verb == "sm":
            cards = action[4]
            if cards and cards != _UNKNOWN_PAIR and any(card is not None for card in cards):
                shown[action[3]] = action
    if not shown and holes.count(_UNKNOWN_PAIR) == count:  # no hole card known (HandHQ)
        if None in board:
            known = [card for card in board if card is not None]
            if len(set(known)) != len(known):
                _duplicate(known)
        elif len(set(board)) != len(board):
            _duplicate(list(board))  # type: ignore[arg-type]  # no None in it
        return _RECORD(_CARDS, (tuple(holes), board, _everyone(count)))
    for player, action in shown.items():
        dealt = holes[player]
        holes[player] = _show(dealt if len(dealt) == 2 else _pad(dealt), action)
    known = [card for card in board if card is not None]
    hidden = []
    pairs: list[tuple[int | None, int | None]] = []
    for player, dealt in enumerate(holes):
        first, second = dealt if len(dealt) == 2 else _pad(dealt)
        if first is None or second is None:
            hidden.append(player)
        if first is not None:
            known.append(first)
        if second is not None:
            known.append(second)
        pairs.append((first, second))
    if len(set(known)) != len(known):
        _duplicate([card for pair in pairs for card in pair if card is not None] + known)
    return _RECORD(_CARDS, (tuple(pairs), board, frozenset(hidden)))


# Imported records made on every hand, bound Final: a C static once compiled (mypyc), not a
# look-up in the module's globals at each use.
_RECORD: Final = NEW_RECORD
_CARDS: Final = PhhCards


def _pad(dealt: tuple[int | None, ...]) -> tuple[int | None, ...]:
    return dealt + (None,) * (2 - len(dealt))


_UNKNOWN_PAIR: Final = (None, None)
_EVERYONE: Final[dict[int, frozenset[int]]] = {}


def _everyone(count: int) -> frozenset[int]:
    players = _EVERYONE.get(count)
    if players is None:
        players = _EVERYONE[count] = frozenset(range(count))
    return players


def _duplicate(cards: list[int]) -> None:
    """Raise for the first card dealt twice in ``cards`` (the holes in order, then the board;
    what follows does not matter: the first repeat is found before)."""
    used: set[int] = set()
    for card in cards:
        if card in used:
            raise PhhError(
                "PHH_DUPLICATE_CARD",
                f"{format_cards([card])} is dealt twice in actions",
                "actions",
                card=format_cards([card]),
            )
        used.add(card)


def _show(slot: tuple[int | None, ...], action: PhhAction) -> tuple[int | None, ...]:
    filled = list(slot)
    for card in action.cards:
        if card is None or card in filled:
            continue
        if None not in filled:
            raise _card_error(action, "the cards shown are not the cards dealt to this player")
        filled[filled.index(None)] = card
    return tuple(filled)


def _card_error(action: PhhAction, reason: str) -> PhhError:
    name = f"actions[{action.position}]"
    return PhhError("PHH_BAD_CARDS", f"{name} {action.text!r}: {reason}", name, action=action.text)


_ORDERS: Final[dict[int | str, tuple[int, ...]]] = {}
# The order of the default seed (0, every replay's unless told otherwise), made once per process
# as the card codes are: a constant of the program, not of the file read, so the first showdown
# with unknown cards of each file does not shuffle it again (issue 29 item 2).
_SEED_0_ORDER: Final = tuple(int(card) for card in shuffled_order(0))


def shuffled_cards(seed: int | str) -> tuple[int, ...]:
    """The 52 cards in the order ``random.Random(seed)`` shuffles them (kept once made)."""
    if seed == 0 and type(seed) is int:
        return _SEED_0_ORDER
    order = _ORDERS.get(seed)
    if order is None:
        order = tuple(int(card) for card in shuffled_order(seed))
        if len(_ORDERS) < 10_000:
            _ORDERS[seed] = order
    return order


def phh_deck(cards: PhhCards, seed: int | str | random.Random) -> tuple[int, ...]:
    """A 52-card order that makes the engine deal the file's cards.

    The engine deals one card at a time around the table twice from index 0 (player i gets
    deck[i] and deck[i + n]), then burns and turns the flop, burns and turns the turn, burns
    and turns the river. Unknown cards and burns come from the rest, in the order a seeded
    shuffle of the deck puts them (``seed``; a ``random.Random`` shuffles the rest itself).
    """
    known = {card for pair in cards.holes for card in pair if card is not None}
    known.update(card for card in cards.board if card is not None)
    if isinstance(seed, random.Random):
        rest = [int(card) for card in FULL_DECK if card not in known]
        seed.shuffle(rest)
    else:
        rest = [card for card in shuffled_cards(seed) if card not in known]
    pop = rest.pop
    holes = cards.holes
    firsts = [pop() if first is None else first for first, _ in holes]
    seconds = [pop() if second is None else second for _, second in holes]
    board = [pop() if card is None else card for card in cards.board]
    while len(board) < 5:
        board.append(pop())
    burns = (pop(), pop(), pop())
    deck = (*firsts, *seconds, burns[0], *board[:3], burns[1], board[3], burns[2], board[4], *rest)
    assert len(deck) == 52
    return deck


def drawn_cards(
    cards: PhhCards, known: set[int], seed: int | str
) -> tuple[list[int], list[int], list[int]]:
    """The hole cards and board ``phh_deck(cards, seed)`` deals, without the rest of the deck:
    the unknown cards are taken from the end of the seeded order, in the same turn."""
    rest = [card for card in shuffled_cards(seed) if card not in known]
    pop = rest.pop
    holes = cards.holes
    firsts = [pop() if first is None else first for first, _ in holes]
    seconds = [pop() if second is None else second for _, second in holes]
    board = [pop() if card is None else card for card in cards.board[:5]]
    while len(board) < 5:
        board.append(pop())
    return firsts, seconds, board


def unknown_at_showdown(cards: PhhCards, players: Iterable[int]) -> frozenset[int]:
    """``players`` when their showdown needs a card the file does not give (a hole card of
    one of them, or a board card), else empty: the replay cannot settle such a showdown."""
    showdown = frozenset(players)
    if len(showdown) < 2:
        return frozenset()
    board = cards.board
    if len(board) >= 5 and None not in board[:5] and showdown.isdisjoint(cards.hidden):
        return frozenset()
    return showdown


def unknown_summary(cards: PhhCards) -> str:
    parts = [f"p{index + 1} hole" for index, pair in enumerate(cards.holes) if None in pair]
    missing_board = sum(1 for card in cards.board if card is None)
    if missing_board:
        parts.append(f"{missing_board} board card(s)")
    return ", ".join(parts)
