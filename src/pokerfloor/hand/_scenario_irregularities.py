"""Dealing irregularities in a hand scenario (an addition to ../shared/spec/hand-scenario.md,
documented in docs/engine.md): a map action whose key names the irregularity, for the player
it concerns (a dead hand, an exposed card) or who calls it (a misdeal, a board error).

    {B: {misdeal: wrong_order}}                      # cards, first_seat
    {B: {dead_hand: touched_by_muck}}                # protected, identifiable
    {B: {voluntary: mixed}}                          # the player's own act
    {B: {exposed: 2, by: dealer}}                    # how: flashed or off_table, seen, ...
    {C: {board: flop, error: four_cards, pick: 7d}}  # order_known, seed, cards_seen
    {B: {fouled: joker, found: in_play}}             # count, holder_acted (B holds it)
"""

from __future__ import annotations

from typing import Any

from pokerfloor.cards import parse_card
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._irregularities import (
    BoardIrregularity,
    ExposeCard,
    FouledDeck,
    Irregularity,
    KillHand,
    Misdeal,
)
from pokerfloor.hand._model import Street

KINDS = ("misdeal", "dead_hand", "voluntary", "exposed", "board", "fouled")
_OPTIONS = {
    "misdeal": {"cards", "first_seat"},
    "dead_hand": {"protected", "identifiable"},
    "voluntary": set(),
    "exposed": {"by", "how", "seen", "identified", "touched", "owner_keeps"},
    "board": {"error", "order_known", "seed", "pick", "cards_seen"},
    "fouled": {"found", "count", "holder_acted"},
}
_STREETS = {"flop": Street.FLOP, "turn": Street.TURN, "river": Street.RIVER}
_ERRORS = ("no_burn", "two_burns", "four_cards", "premature")
_BY = ("dealer", "player_accident", "player_deliberate")
_HOW = ("turned", "flashed", "off_table")


def is_irregularity(raw: Any) -> bool:
    return isinstance(raw, dict) and any(kind in raw for kind in KINDS)


def irregularity(raw: dict[str, Any], player: int) -> Irregularity:
    """The command a map action describes; ``ValueError`` names what is wrong."""
    kinds = [kind for kind in KINDS if kind in raw]
    if len(kinds) != 1:
        raise ValueError(f"name one irregularity, not {', '.join(kinds)}")
    (kind,) = kinds
    unknown = set(raw) - {kind} - _OPTIONS[kind]
    if unknown:
        accepted = ", ".join(sorted({kind} | _OPTIONS[kind]))
        raise ValueError(f"unknown key {sorted(unknown)[0]!r}; accepted with {kind}: {accepted}")
    value = raw[kind]
    if kind == "misdeal":
        cards = _number(raw.get("cards", 1), "cards", 1)
        return Misdeal(str(value), cards, _flag(raw.get("first_seat", False), "first_seat"))
    if kind == "dead_hand":
        protected = _flag(raw.get("protected", False), "protected")
        identifiable = _flag(raw.get("identifiable", True), "identifiable")
        return KillHand(player, str(value), False, protected, identifiable)
    if kind == "voluntary":
        return KillHand(player, str(value), voluntary=True)
    if kind == "fouled":
        found = raw.get("found", "in_play")
        if found not in ("in_play", "in_stub"):
            raise ValueError(f"found {found!r} is not accepted; use in_play or in_stub")
        count = _number(raw.get("count", 1), "count", 1)
        acted = _flag(raw.get("holder_acted", False), "holder_acted")
        return FouledDeck(str(value), found, count, player, acted)
    if kind == "exposed":
        if value not in (1, 2):
            raise ValueError("exposed names the card turned up: 1 or 2")
        by = raw.get("by", "dealer")
        if by not in _BY:
            raise ValueError(f"by {by!r} is not accepted; use one of: {', '.join(_BY)}")
        how = raw.get("how", "turned")
        if how not in _HOW:
            raise ValueError(f"how {how!r} is not accepted; use one of: {', '.join(_HOW)}")
        flags = {
            key: _flag(raw.get(key, default), key)
            for key, default in (
                ("seen", False), ("identified", True), ("touched", False), ("owner_keeps", True)
            )
        }  # fmt: skip
        return ExposeCard(player, value, by, how, **flags)
    if value not in _STREETS:
        raise ValueError(f"board {value!r} is not accepted; use one of: {', '.join(_STREETS)}")
    error = raw.get("error", "no_burn")
    if error not in _ERRORS:
        raise ValueError(f"error {error!r} is not accepted; use one of: {', '.join(_ERRORS)}")
    pick = raw.get("pick")
    if pick is not None:
        try:
            pick = int(parse_card(str(pick)))
        except PokerfloorError as bad:
            raise ValueError(f"pick: {bad.message}") from None
    seed = raw.get("seed")
    seen = raw.get("cards_seen")
    return BoardIrregularity(
        _STREETS[value],
        error,
        _flag(raw.get("order_known", False), "order_known"),
        None if seed is None else _number(seed, "seed", 0),
        (),
        pick,
        None if seen is None else _number(seen, "cards_seen", 1),
    )


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{key} is true or false")
    return value


def _number(value: Any, key: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{key} is a whole number from {minimum}")
    return value
