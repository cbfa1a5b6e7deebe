"""What the engine paid in a replayed PHH hand, against the file's ``winnings`` and
``finishing_stacks``.

The engine returns an uncalled bet to its owner (``BetReturned``) and pays each pot
(``PotAwarded``). A file's ``winnings`` are the pots a player collected after the rake
(phh-std); rooms differ on whether the uncalled bet given back counts as collected (PartyPoker
counts it, Ongame does not; Absolute counts a big blind's unmatched half in a walk), so both
readings are tried and the one that fits is named (``basis``). With no flop there is no rake
("no flop, no drop"): the winnings must agree to the smallest unit. After a flop a shortfall on
the winners' side is the rake, reported with its size, when it stays within the room's limit
(``_phh_rake``) and takes nothing whole from a player the file paid nothing; a ``rake`` field,
when the file has one, must equal it. Anything else is a mismatch, reported player by player
with its reason.

A showdown whose cards the file does not give in full (``Outcome.unknown_showdown``) cannot be
settled by the replay: its result is taken from the file and counted apart (``cards_unknown``,
"result from the file, cards unknown"), never as an agreement. What can still be checked is
checked: the players outside that showdown must agree exactly, and the showdown's players
together must get the pot less a rake within the limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pokerfloor.formats._phh_rake import rake_limit
from pokerfloor.hand import BetReturned, Hand

if TYPE_CHECKING:
    from pokerfloor.formats._phh_parse import PhhHand

Status = Literal[
    "agree", "raked", "cards_unknown", "mismatch", "absent", "not_recorded", "not_compared"
]
Basis = Literal["pots", "pots_and_returned"]
Reason = Literal["", "differs", "rake_over_limit", "paid_nothing_by_file"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Per player: the pots won and the uncalled bet returned; whether a flop was dealt;
    ``unknown_showdown``: the players of a showdown the file does not give every card of (the
    pots went to cards drawn at random: not a result), else empty."""

    awards: tuple[int, ...]
    returned: tuple[int, ...]
    flop: bool
    unknown_showdown: frozenset[int] = frozenset()


def outcome(hand: Hand, unknown_showdown: frozenset[int] = frozenset()) -> Outcome:
    awards = [0] * hand.count
    for award in hand.awards:
        for player, share in zip(award.players, award.shares, strict=True):
            awards[player] += share
    returned = [0] * hand.count
    for event in hand.events:
        if isinstance(event, BetReturned):
            returned[event.player] += event.amount
    return Outcome(tuple(awards), tuple(returned), len(hand.board) >= 3, unknown_showdown)


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
    winners); ``cards_unknown`` (a showdown settled by the file, counted apart: the rest
    agrees); ``mismatch`` (``reason``: ``differs``, ``rake_over_limit``,
    ``paid_nothing_by_file``); ``absent`` (no such field); ``not_recorded`` (winnings all zero:
    the room's history did not say who collected); ``not_compared`` (the replay stopped).
    ``differences``: per player, the replay less the file, where they differ.
    """

    status: Status
    basis: Basis | None = None
    rake: int = 0
    differences: tuple[dict[str, Any], ...] = ()
    rake_shares: tuple[int, ...] = ()
    reason: Reason = ""

    @property
    def ok(self) -> bool:
        return self.status != "mismatch"

    def as_dict(self, phh: PhhHand) -> dict[str, Any]:
        return {
            "status": self.status,
            "basis": self.basis,
            "rake": self.rake,
            "rake_amount": phh.amount_text(self.rake),
            "reason": self.reason or None,
            "differences": list(self.differences),
        }


ABSENT = Agreement("absent")
NOT_COMPARED = Agreement("not_compared")


def check_winnings(phh: PhhHand, paid: Outcome | None) -> Agreement:
    winnings = phh.winnings
    if winnings is None:
        return ABSENT
    if not any(winnings):
        return Agreement("not_recorded")
    if paid is None:
        return NOT_COMPARED
    readings = _readings(paid)
    if paid.unknown_showdown:
        return _unknown_cards(phh, paid, readings, winnings, None)
    for basis, replay in readings:
        if replay == winnings and not phh.rake:
            return Agreement("agree", basis, rake_shares=(0,) * phh.count)
    best: Agreement | None = None
    reason: Reason = "differs"
    for basis, replay in readings:
        shares = tuple(got - wanted for got, wanted in zip(replay, winnings, strict=True))
        raked, why = _rake(phh, paid, shares, winnings)
        if raked is not None and (best is None or raked < best.rake):
            best = Agreement("raked", basis, raked, _differences(phh, replay, winnings), shares)
        elif why:
            reason = why
    if best is not None:
        return best
    differences = _differences(phh, paid.awards, winnings)
    return Agreement("mismatch", "pots", 0, differences, reason=reason)


def _readings(paid: Outcome) -> list[tuple[Basis, tuple[int, ...]]]:
    """What each player collected, as a room may count it: the pots alone, or with the
    uncalled bet given back."""
    with_returned = tuple(a + r for a, r in zip(paid.awards, paid.returned, strict=True))
    return [("pots", paid.awards), ("pots_and_returned", with_returned)]


def _rake(
    phh: PhhHand, paid: Outcome, shares: tuple[int, ...], winnings: tuple[int, ...] | None
) -> tuple[int | None, Reason]:
    """The rake that explains ``shares`` (what each player got less than the replay), if any:
    taken after a flop (or as the file's ``rake`` says), from pot winners only, within the
    room's limit, never a winner's whole share when the file (``winnings``) paid them nothing.
    Else None and why, when the shortfall looked like a rake but is not one."""
    total = sum(shares)
    if total <= 0 or min(shares) < 0:
        return None, ""
    if any(share and not award for share, award in zip(shares, paid.awards, strict=True)):
        return None, ""
    if phh.rake is not None:
        return (total, "") if total == phh.rake else (None, "")
    if not paid.flop:
        return None, ""
    if winnings is not None and any(
        share and not won for share, won in zip(shares, winnings, strict=True)
    ):
        return None, "paid_nothing_by_file"  # the file gave that pot to somebody else
    if total > rake_limit(phh, sum(paid.awards)):
        return None, "rake_over_limit"
    return total, ""


def _unknown_cards(
    phh: PhhHand,
    paid: Outcome,
    readings: list[tuple[Basis, tuple[int, ...]]],
    expected: tuple[int, ...],
    rake: int | None,
) -> Agreement:
    """A showdown the file does not give every card of: the players outside it must agree
    exactly; those in it together get what the replay gave them less a rake (``rake`` when
    already known from the winnings, else the file's, else within the room's limit)."""
    showdown = paid.unknown_showdown
    limit = rake_limit(phh, sum(paid.awards))
    reason: Reason = "differs"
    for basis, replay in readings:
        if any(
            got != wanted
            for index, (got, wanted) in enumerate(zip(replay, expected, strict=True))
            if index not in showdown
        ):
            continue
        taken = sum(replay[index] - expected[index] for index in showdown)
        wanted_rake = rake if rake is not None else phh.rake
        if taken == wanted_rake or (wanted_rake is None and 0 <= taken <= limit):
            return Agreement("cards_unknown", basis, taken)
        if wanted_rake is None and taken > limit:
            reason = "rake_over_limit"
    differences = _differences(phh, readings[0][1], expected)
    return Agreement("mismatch", None, 0, differences, reason=reason)


def check_finishing(
    phh: PhhHand, stacks: Sequence[int], paid: Outcome | None, won: Agreement
) -> Agreement:
    """Compare the stacks the replay finished with (``stacks``) with the file's."""
    expected = phh.finishing_stacks
    if expected is None:
        return ABSENT
    if paid is None:
        return NOT_COMPARED
    replay = tuple(
        stack if index not in phh.unknown_stacks else wanted
        for index, (stack, wanted) in enumerate(zip(stacks, expected, strict=True))
    )
    if paid.unknown_showdown:
        rake = won.rake if won.status == "cards_unknown" else None
        return _unknown_cards(phh, paid, [(won.basis or "pots", replay)], expected, rake)
    rake_shares = won.rake_shares or (0,) * phh.count
    replay = tuple(
        stack - share if index not in phh.unknown_stacks else stack
        for index, (stack, share) in enumerate(zip(replay, rake_shares, strict=True))
    )
    if replay == expected:
        return Agreement("raked" if won.rake else "agree", won.basis, won.rake, (), rake_shares)
    reason: Reason = "differs"
    if won.status in ("absent", "not_recorded"):
        shares = tuple(got - wanted for got, wanted in zip(replay, expected, strict=True))
        raked, why = _rake(phh, paid, shares, None)
        if raked is not None:
            return Agreement("raked", None, raked, _differences(phh, replay, expected), shares)
        reason = why or reason
    return Agreement("mismatch", None, 0, _differences(phh, replay, expected), reason=reason)


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
