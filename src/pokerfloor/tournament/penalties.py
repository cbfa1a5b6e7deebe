"""Penalties: the ladder of a profile, escalation, missed hands and disqualification.

The ladder (``penalties.ladder``, lightest first) lists the penalties a TD may give under a
rulebook: warning, a missed hand, one to four missed rounds, disqualification (tda-2024 R71,
heavenpoker 3.2, allinouest §Les sanctions). Repeat offences climb the ladder
(``next_penalty``); the TD may also give any step of it directly (``assess_penalty``).

A missed round is one hand per player at the table when the penalty is given, the offender
included (tda-2024 R71, heavenpoker 3.2). While serving, the player stays away from the table
but is dealt in and posts blinds and antes, and the hand is killed: the tournament layer deals
them in as an absent player and calls ``MissedHands.after_hand_dealt`` once per hand dealt at
their table, starting with the hand after the offence (tda-2010 R42). A disqualified player's
chips are removed from play (``Penalty.chips_removed``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament.types import PlayerId

__all__ = [
    "PENALTY_KINDS",
    "MissedHands",
    "Penalty",
    "PenaltyKind",
    "assess_penalty",
    "hands_to_miss",
    "is_serving",
    "ladder",
    "next_penalty",
    "start_missed_hands",
]

PenaltyKind = Literal[
    "warning",
    "missed_hand",
    "missed_rounds_1",
    "missed_rounds_2",
    "missed_rounds_3",
    "missed_rounds_4",
    "disqualification",
]
# Every kind, lightest first: the severity order used to compare penalties.
PENALTY_KINDS: tuple[PenaltyKind, ...] = get_args(PenaltyKind)
_ROUNDS: dict[str, int] = {f"missed_rounds_{rounds}": rounds for rounds in (1, 2, 3, 4)}
_LADDER_KEY = "penalties.ladder"


class Penalty(msgspec.Struct, frozen=True):
    """A penalty given to a player.

    ``hands_to_miss``: 0 for a warning and a disqualification, 1 for a missed hand, players at
    the table x rounds for missed rounds. ``chips_removed``: the stack taken out of play by a
    disqualification (0 otherwise). ``players_at_table``: the count the missed rounds were
    based on.
    """

    kind: PenaltyKind
    player_id: PlayerId
    reason: str
    hands_to_miss: int
    citations: tuple[str, ...]
    chips_removed: int = 0
    players_at_table: int = 0

    @property
    def removes_player(self) -> bool:
        return self.kind == "disqualification"


class MissedHands(msgspec.Struct, frozen=True):
    """The hands a penalised player has still to sit out (a countdown)."""

    player_id: PlayerId
    hands_left: int
    citations: tuple[str, ...] = ()

    @property
    def serving(self) -> bool:
        return self.hands_left > 0

    def after_hand_dealt(self) -> MissedHands:
        """One hand dealt at the player's table (the player was dealt in, the hand killed)."""
        if self.hands_left <= 0:
            raise PokerfloorError("PENALTY_ALREADY_SERVED", {"player_id": self.player_id})
        return MissedHands(self.player_id, self.hands_left - 1, self.citations)


def ladder(profile: RuleProfile) -> tuple[PenaltyKind, ...]:
    """The profile's penalties, lightest first."""
    return tuple(_kind(step) for step in profile.list_value(_LADDER_KEY))


def next_penalty(history: Iterable[Penalty | str], profile: RuleProfile) -> PenaltyKind:
    """The penalty for a repeat offence: the first ladder step heavier than any penalty the
    player already had (the first step when there is none; the heaviest when the top is
    reached). ``history`` is what the caller counts as previous offences: the player's
    penalties in this event, or only those for the same fault (allinouest §Les sanctions).

    Rule: tda-2024 R71 (repeat infractions escalate), heavenpoker 3.2, allinouest §Les sanctions.
    """
    steps = ladder(profile)
    given = [_kind(entry.kind if isinstance(entry, Penalty) else entry) for entry in history]
    if not given:
        return steps[0]
    heaviest = max(PENALTY_KINDS.index(kind) for kind in given)
    for step in steps:
        if PENALTY_KINDS.index(step) > heaviest:
            return step
    return steps[-1]


def hands_to_miss(kind: PenaltyKind | str, players_at_table: int) -> int:
    """Hands sat out: a missed round is one hand per player at the table, offender included
    (tda-2024 R71, heavenpoker 3.2)."""
    checked = _kind(kind)
    _check_players(players_at_table)
    if checked == "missed_hand":
        return 1
    return _ROUNDS.get(checked, 0) * players_at_table


def assess_penalty(
    player_id: PlayerId,
    kind: PenaltyKind | str,
    profile: RuleProfile,
    *,
    reason: str,
    players_at_table: int,
    stack: int,
) -> Penalty:
    """Give ``kind`` to ``player_id``: any step of the profile's ladder, chosen by the TD
    directly or proposed by ``next_penalty``.

    ``players_at_table`` counts the players at the offender's table when the penalty is given,
    the offender included; ``stack`` is the offender's stack (removed from play on a
    disqualification).

    Rule: tda-2024 R71, tda-2010 R40, heavenpoker 3.2, allinouest §Les sanctions.
    """
    checked = _kind(kind)
    steps = ladder(profile)
    if checked not in steps:
        raise PokerfloorError(
            "PENALTY_NOT_IN_LADDER", {"kind": checked, "ladder": list(steps), "profile": profile.id}
        )
    if stack < 0:
        raise PokerfloorError("PENALTY_BAD_STACK", {"player_id": player_id, "stack": stack})
    if not reason.strip():
        raise PokerfloorError("PENALTY_NO_REASON", {"player_id": player_id})
    return Penalty(
        kind=checked,
        player_id=player_id,
        reason=reason,
        hands_to_miss=hands_to_miss(checked, players_at_table),
        citations=profile.citations(_LADDER_KEY),
        chips_removed=stack if checked == "disqualification" else 0,
        players_at_table=players_at_table,
    )


def start_missed_hands(penalty: Penalty, running: MissedHands | None = None) -> MissedHands:
    """The countdown for ``penalty``; a penalty given while another runs is served after it
    (the hands add up)."""
    left = penalty.hands_to_miss
    citations = penalty.citations
    if running is not None:
        if running.player_id != penalty.player_id:
            raise PokerfloorError(
                "PENALTY_OTHER_PLAYER",
                {"running": running.player_id, "player_id": penalty.player_id},
            )
        left += running.hands_left
        citations = tuple(dict.fromkeys((*running.citations, *citations)))
    return MissedHands(penalty.player_id, left, citations)


def is_serving(countdown: MissedHands | None) -> bool:
    """Is the player away on a penalty (dealt in, hand killed, blinds and antes posted)?"""
    return countdown is not None and countdown.serving


def _kind(value: str) -> PenaltyKind:
    if value not in PENALTY_KINDS:
        raise PokerfloorError(
            "PENALTY_UNKNOWN_KIND", {"kind": value, "accepted": list(PENALTY_KINDS)}
        )
    return value


def _check_players(players_at_table: int) -> None:
    if players_at_table < 1:
        raise PokerfloorError("PENALTY_BAD_PLAYER_COUNT", {"players_at_table": players_at_table})
