"""A hand's plan (what the aggregate expects at a table) and the checks of a report against it.

A captain's report names the hand's number and may name its positions; the report is checked
against the plan before anything is recorded, in the aggregate, so the API and the simulator
apply the same checks (issue 30: they used to sit in the API's dispatcher):

- the hand began after the tournament was created and no later than it is reported
  (``BAD_HAND_TIME``);
- the hand's number is the table's next one (``HAND_NUMBER_MISMATCH``);
- the button and the blinds reported are the ones the profile's dead-button rules place
  (``POSITIONS_MISMATCH``, with the articles the plan carries).

``check_button_report`` tells a captain's page, before it sends the report, what the aggregate
makes of the button the table names: the hand is recorded already (a second tap), the button
is elsewhere than the plan's (the TD rules on it: a floor call, the hand waits), or the report
goes ahead (issue 30: the captain's page used to compare the seats itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import TYPE_CHECKING, Literal

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.structure import Level
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = [
    "NOT_GIVEN",
    "ButtonCheck",
    "HandPlan",
    "HandReport",
    "ReportedHand",
    "check_button_report",
    "check_hand_time",
    "check_report",
    "report_hand",
]


@dataclass(frozen=True)
class HandPlan:
    """What the next hand at a table is: positions, level and who is dealt in."""

    table_no: int
    hand_no: int
    level: Level
    button_seat: int
    small_blind_seat: int | None
    big_blind_seat: int
    seats: tuple[tuple[int, PlayerId, int], ...]  # (seat, player, stack), dealing order
    waiting: frozenset[int]
    citations: tuple[str, ...]
    away: frozenset[PlayerId] = frozenset()  # serving a penalty: dealt in, hand killed
    started_at_ms: int | None = None


# A position the report leaves out is not checked (``None`` is a real answer for the small
# blind: a dead small blind).
NOT_GIVEN = -1


@dataclass(frozen=True)
class ReportedHand:
    """What a report says about the hand besides the stacks: its number and, when given, its
    positions (``NOT_GIVEN`` when left out)."""

    hand_no: int
    button_seat: int = NOT_GIVEN
    small_blind_seat: int | None = NOT_GIVEN
    big_blind_seat: int = NOT_GIVEN


def check_hand_time(created_at_ms: int, started_at_ms: int, reported_at_ms: int) -> None:
    """A hand begins after the tournament was created and before it is reported."""
    if not created_at_ms <= started_at_ms <= reported_at_ms:
        raise PokerfloorError(
            "BAD_HAND_TIME", {"started_at_ms": started_at_ms, "now_ms": reported_at_ms}
        )


def check_report(plan: HandPlan, reported: ReportedHand) -> None:
    """The reported number and positions are the plan's (the dead-button rules placed them)."""
    if reported.hand_no != plan.hand_no:
        raise PokerfloorError(
            "HAND_NUMBER_MISMATCH",
            {"table_no": plan.table_no, "expected": plan.hand_no, "reported": reported.hand_no},
        )
    compared = {
        "button_seat": (reported.button_seat, plan.button_seat),
        "small_blind_seat": (reported.small_blind_seat, plan.small_blind_seat),
        "big_blind_seat": (reported.big_blind_seat, plan.big_blind_seat),
    }
    for field, (given, expected) in compared.items():
        if given != NOT_GIVEN and given != expected:
            raise PokerfloorError(
                "POSITIONS_MISMATCH",
                {
                    "table_no": plan.table_no,
                    "field": field,
                    "expected": expected,
                    "citations": list(plan.citations),
                },
            )


@dataclass(frozen=True)
class ButtonCheck:
    """What the aggregate makes of a table's report of hand ``hand_no`` with the button on a
    seat: ``recorded`` (that hand is the table's last one recorded: a second tap, nothing to
    do), ``button_elsewhere`` (the next hand, with the button elsewhere than the dead-button
    rules placed it: positions are the TD's ruling, the report waits for it) or ``report``
    (the report's own checks follow). ``expected_button``: the plan's button; ``citations``:
    the positions' articles the plan carries."""

    verdict: Literal["report", "recorded", "button_elsewhere"]
    expected_button: int
    citations: tuple[str, ...]


def check_button_report(
    plan: HandPlan, hands_played: int, hand_no: int, button_seat: int
) -> ButtonCheck:
    """The ``ButtonCheck`` of a report of ``hand_no`` with the button on ``button_seat``, the
    table having recorded ``hands_played`` hands and planning ``plan``."""
    if hand_no == hands_played:
        verdict: Literal["report", "recorded", "button_elsewhere"] = "recorded"
    elif hand_no == plan.hand_no and button_seat != plan.button_seat:
        verdict = "button_elsewhere"
    else:
        verdict = "report"
    return ButtonCheck(verdict, plan.button_seat, plan.citations)


@dataclass(frozen=True)
class HandReport:
    """A table's report of a hand as a captain (or the API) gives it: the stacks of the
    players dealt in; ``rebuys``: players left at 0 who rebuy at once; ``busted``: players
    busted without stacks (a dealerless table does not count chips), ranked with
    ``starting_stacks`` (all or none) together with any player the stacks left at 0."""

    table_no: int
    reported: ReportedHand
    final_stacks: Mapping[PlayerId, int]
    rebuys: Sequence[PlayerId] = ()
    busted: Sequence[PlayerId] = ()
    starting_stacks: Mapping[PlayerId, int] = dataclass_field(default_factory=dict)
    started_at_ms: int | None = None
    # A bounty tournament: who collected each busted player's bounty (_bounties.py).
    eliminated_by: Mapping[PlayerId, Sequence[PlayerId]] = dataclass_field(default_factory=dict)
    # Players seated at the table who had no cards in the hand (a dealt table says so: seated
    # after the deal, or waiting for the button): dealt in from a next hand (tda-2024 R8).
    not_dealt_in: Sequence[PlayerId] = ()


def report_hand(tournament: Tournament, report: HandReport, at_ms: int) -> None:
    """Record a reported hand and the busts it caused as one group of places. A refusal may
    come after the hand was recorded (a bust's checks): the caller drops the aggregate then
    (the service reloads it), so the hand and its busts are recorded together or not at all."""
    plan = tournament.hands.plan_reported(
        report.table_no, at_ms, report.started_at_ms, report.not_dealt_in
    )
    uncounted = set(report.busted)
    at_zero = [player for player in report.rebuys if player not in uncounted]
    busted = tournament.hands.record(plan, report.final_stacks, at_ms, at_zero, report.reported)
    if not report.busted and not report.starting_stacks:
        counted = {player: stack for _, player, stack in plan.seats}
        tournament.busts.settle(busted, at_ms, report.eliminated_by, counted)
        return
    # Busts reported without stacks go through the same checks as ``busts.report``, and the
    # players the stacks left at 0 are ranked with them: one hand, one group of places.
    starting = dict(report.starting_stacks)
    if starting:
        starting.update({bust.player_id: bust.starting_stack_of_hand for bust in busted})
    tournament.busts.report(
        report.table_no,
        [*report.busted, *(bust.player_id for bust in busted)],
        starting,
        at_ms,
        [player for player in report.rebuys if player in uncounted],
        report.eliminated_by,
    )
