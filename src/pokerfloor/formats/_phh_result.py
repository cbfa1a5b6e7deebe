"""What the engine paid in a replayed PHH hand, against the file's ``winnings`` and
``finishing_stacks``.

The engine returns an uncalled bet to its owner (``BetReturned``) and pays each pot
(``PotAwarded``). A file's ``winnings`` are the pots a player collected after the rake
(phh-std); rooms differ on whether the uncalled bet given back counts as collected (PartyPoker
counts it, Ongame does not; Absolute counts a big blind's unmatched half in a walk), so both
readings are tried and the one that fits is named (``basis``). With no flop there is no rake
("no flop, no drop"): the winnings must agree to the smallest unit. After a flop a shortfall on
the winners' side is the rake, reported with its size; a ``rake`` field, when the file has one,
must equal it. Anything else is a mismatch, reported player by player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pokerfloor.hand import BetReturned, Hand

if TYPE_CHECKING:
    from pokerfloor.formats._phh_parse import PhhHand

Status = Literal["agree", "raked", "mismatch", "absent", "not_recorded", "not_compared"]
Basis = Literal["pots", "pots_and_returned"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Per player: the pots won and the uncalled bet returned; whether a flop was dealt."""

    awards: tuple[int, ...]
    returned: tuple[int, ...]
    flop: bool


def outcome(hand: Hand) -> Outcome:
    awards = [0] * hand.count
    for award in hand.awards:
        for player, share in zip(award.players, award.shares, strict=True):
            awards[player] += share
    returned = [0] * hand.count
    for event in hand.events:
        if isinstance(event, BetReturned):
            returned[event.player] += event.amount
    return Outcome(tuple(awards), tuple(returned), len(hand.board) >= 3)


def pots(hand: Hand) -> list[dict[str, Any]]:
    """The pots as paid: amount, the players paid and their shares (main pot first)."""
    return [
        {
            "pot": award.pot,
            "amount": award.amount,
            "players": [f"p{player + 1}" for player in award.players],
            "shares": list(award.shares),
        }
        for award in hand.awards
    ]


@dataclass(frozen=True, slots=True)
class Agreement:
    """How a file's ``winnings`` or ``finishing_stacks`` compare with the replay.

    ``status``: ``agree``; ``raked`` (agree once the rake, ``rake`` units, is taken from the
    winners); ``mismatch``; ``absent`` (no such field); ``not_recorded`` (winnings all zero:
    the room's history did not say who collected); ``not_compared`` (the replay stopped).
    ``differences``: per player, the replay less the file, where they differ.
    """

    status: Status
    basis: Basis | None = None
    rake: int = 0
    differences: tuple[dict[str, Any], ...] = ()
    rake_shares: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status != "mismatch"

    def as_dict(self, phh: PhhHand) -> dict[str, Any]:
        return {
            "status": self.status,
            "basis": self.basis,
            "rake": self.rake,
            "rake_amount": phh.amount_text(self.rake),
            "differences": list(self.differences),
        }


ABSENT = Agreement("absent")
NOT_COMPARED = Agreement("not_compared")


def winners_match(phh: PhhHand, paid: Outcome) -> bool | None:
    """Whether the players the engine paid a pot are those the file's winnings name (None when
    the file does not say). A player paid no pot may be listed with the bet given back."""
    winnings = phh.winnings
    if not winnings or not any(winnings):
        return None
    for won, award, returned in zip(winnings, paid.awards, paid.returned, strict=True):
        if (won <= 0) if award > 0 else (won not in (0, returned)):
            return False
    return True


def check_winnings(phh: PhhHand, paid: Outcome | None) -> Agreement:
    winnings = phh.winnings
    if winnings is None:
        return ABSENT
    if not any(winnings):
        return Agreement("not_recorded")
    if paid is None:
        return NOT_COMPARED
    readings: list[tuple[Basis, tuple[int, ...]]] = [
        ("pots", paid.awards),
        (
            "pots_and_returned",
            tuple(a + r for a, r in zip(paid.awards, paid.returned, strict=True)),
        ),
    ]
    for basis, replay in readings:
        if replay == winnings and not phh.rake:
            return Agreement("agree", basis, rake_shares=(0,) * phh.count)
    best: Agreement | None = None
    for basis, replay in readings:
        shares = tuple(got - wanted for got, wanted in zip(replay, winnings, strict=True))
        raked = _rake(phh, paid, shares)
        if raked is not None and (best is None or raked < best.rake):
            best = Agreement("raked", basis, raked, _differences(phh, replay, winnings), shares)
    if best is not None:
        return best
    return Agreement("mismatch", "pots", 0, _differences(phh, paid.awards, winnings))


def _rake(phh: PhhHand, paid: Outcome, shares: tuple[int, ...]) -> int | None:
    """The rake that explains ``shares`` (what each player got less than the replay), if any:
    taken after a flop (or as the file's ``rake`` says), from pot winners only."""
    total = sum(shares)
    if total <= 0 or min(shares) < 0:
        return None
    if any(share and not award for share, award in zip(shares, paid.awards, strict=True)):
        return None
    if phh.rake is not None:
        return total if total == phh.rake else None
    return total if paid.flop else None


def check_finishing(
    phh: PhhHand, stacks: Sequence[int], paid: Outcome | None, won: Agreement
) -> Agreement:
    """Compare the stacks the replay finished with (``stacks``) with the file's."""
    expected = phh.finishing_stacks
    if expected is None:
        return ABSENT
    if paid is None:
        return NOT_COMPARED
    rake_shares = won.rake_shares or (0,) * phh.count
    replay = tuple(
        stack - share if index not in phh.unknown_stacks else wanted
        for index, (stack, share, wanted) in enumerate(
            zip(stacks, rake_shares, expected, strict=True)
        )
    )
    if replay == expected:
        return Agreement("raked" if won.rake else "agree", won.basis, won.rake, (), rake_shares)
    if won.status in ("absent", "not_recorded"):
        shares = tuple(got - wanted for got, wanted in zip(replay, expected, strict=True))
        raked = _rake(phh, paid, shares)
        if raked is not None:
            return Agreement("raked", None, raked, _differences(phh, replay, expected), shares)
    return Agreement("mismatch", None, 0, _differences(phh, replay, expected))


def _differences(
    phh: PhhHand, replay: tuple[int, ...], expected: tuple[int, ...]
) -> tuple[dict[str, Any], ...]:
    names = phh.names
    return tuple(
        {
            "player": f"p{index + 1}",
            "name": names[index],
            "expected": wanted,
            "replay": got,
            "difference": got - wanted,
            "difference_amount": phh.amount_text(got - wanted),
        }
        for index, (wanted, got) in enumerate(zip(expected, replay, strict=True))
        if wanted != got
    )
