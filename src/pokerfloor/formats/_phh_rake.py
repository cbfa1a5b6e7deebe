"""The most a room takes from a pot: the bound a replay's rake must stay within.

A file's ``winnings`` are what players collected after the rake. When the file states no
``rake``, ``_phh_result`` takes a shortfall on the winners' side after a flop as the rake, but
only up to the room's limit read from ``phh-rake.toml`` (one entry per room, with its source;
rooms without a public source get a conservative default, reported as such): beyond it, the
file paid somebody else, not the house.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerfloor.formats._phh_parse import PhhHand

RAKE_FILE = Path(__file__).with_name("phh-rake.toml")
ROOM_FIELDS = ("venue", "casino", "online")


@dataclass(frozen=True, slots=True)
class RakeRule:
    """A room's rake bound: ``percent`` of the pot plus ``extra``, at most ``cap`` (currency
    units of the file) and ``cap_big_blinds`` big blinds; ``known``: from a published source."""

    room: str
    known: bool
    percent: Decimal
    cap: Decimal | None = None
    extra: Decimal = Decimal(0)
    cap_big_blinds: int | None = None
    extra_big_blinds: int = 0

    def limit(self, pot: int, scale: int, big_blind: int) -> int:
        """The largest rake, in the file's smallest unit, on a pot of ``pot`` units."""
        share = (pot * self.percent / 100).to_integral_value(ROUND_CEILING)  # never short
        limit = int(share) + int(self.extra * scale) + self.extra_big_blinds * big_blind
        if self.cap is not None:
            limit = min(limit, int(self.cap * scale))
        if self.cap_big_blinds is not None:
            limit = min(limit, self.cap_big_blinds * big_blind)
        return limit


def _rule(room: str, entry: dict[str, Any]) -> RakeRule:
    def amount(key: str) -> Decimal | None:
        value = entry.get(key)
        return None if value is None else Decimal(str(value))

    return RakeRule(
        room,
        bool(entry.get("known", False)),
        Decimal(str(entry["percent"])),
        amount("cap"),
        amount("extra") or Decimal(0),
        entry.get("cap_big_blinds"),
        int(entry.get("extra_big_blinds", 0)),
    )


@cache
def _rules() -> tuple[dict[str, RakeRule], RakeRule]:
    data = tomllib.loads(RAKE_FILE.read_text(encoding="utf-8"))
    rooms = {name: _rule(name, entry) for name, entry in data.get("room", {}).items()}
    return rooms, _rule("", data["default"])


def rake_rule(phh: PhhHand) -> RakeRule:
    """The rule of the room the file names (``venue``, ``casino``, ``online``), else the
    default's conservative bound."""
    rooms, default = _rules()
    metadata = phh.metadata
    for key in ROOM_FIELDS:
        room = metadata.get(key)
        if isinstance(room, str) and room in rooms:
            return rooms[room]
    return default


def rake_limit(phh: PhhHand, pot: int) -> int:
    """The most the file's room may take from a pot of ``pot`` units (the file's unit)."""
    big_blind = max((amount for amount in phh.blinds_or_straddles), default=0)
    return rake_rule(phh).limit(pot, phh.scale, max(big_blind, phh.min_bet))
