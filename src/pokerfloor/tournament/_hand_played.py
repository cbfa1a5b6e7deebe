"""A hand decided from a copy of the table: its plan and the ``HandPlayed`` event it folds into.

Pure functions, shared by the hands part (``_hands.py``: ``Hands.plan_from`` and
``Hands.record``) and the simulator's workers (``sim/_play.py``), who plan and play a hand
from the copy of a table they were given and send the event back for
``Hands.record_played``: one implementation of the plan and of the event, wherever the hand
is played.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from pokerfloor.tournament._hand_report import HandPlan
from pokerfloor.tournament.events import HandPlayed, HandPlayer
from pokerfloor.tournament.types import PlayerId, Table

if TYPE_CHECKING:
    from pokerfloor.tournament import positions
    from pokerfloor.tournament._player_state import PlayerState
    from pokerfloor.tournament.structure import Level

__all__ = ["hand_played", "killed", "plan_of_hand"]


def plan_of_hand(
    table: Table,
    hand_no: int,
    level: Level,
    placed: positions.HandPositions,
    stacks: Mapping[int, int],
    killed: Collection[PlayerId],
    at_ms: int,
) -> HandPlan:
    """The plan of ``table``'s hand number ``hand_no``, begun at ``at_ms`` at ``level``, from
    its positions (``positions.next_hand_positions``), the stacks by seat and the players whose
    hand is killed (``Hands.killed``): the players dealt in, in dealing order, and the hands
    killed among them. ``Hands.plan_from`` with the aggregate's own stacks; the simulator's
    workers with the copy of the table they were given."""
    seats = tuple((seat, table.seats[seat], stacks[seat]) for seat in placed.dealt_in)
    away = (
        frozenset(player for _, player, _ in seats if player in killed) if killed else frozenset()
    )
    return HandPlan(
        table.table_no, hand_no, level, placed.button_seat, placed.small_blind_seat,
        placed.big_blind_seat, seats, placed.waiting, tuple(placed.citations), away, at_ms,
    )  # fmt: skip


def hand_played(
    plan: HandPlan, final_stacks: Mapping[PlayerId, int], at_ms: int, hand_for_hand: bool
) -> HandPlayed:
    """The event of the hand ``plan`` planned, ended with ``final_stacks`` and reported at
    ``at_ms`` (``hand_for_hand``: the tournament plays hand-for-hand): what ``Hands.record``
    records, and what the simulator's workers send back for ``Hands.record_played``."""
    level = plan.level
    started = plan.started_at_ms if plan.started_at_ms is not None else at_ms
    players = tuple(
        [
            HandPlayer(player, seat, stack, final_stacks[player])
            for seat, player, stack in plan.seats
        ]
    )
    return HandPlayed(
        plan.table_no, plan.hand_no, at_ms, level.number, level.small_blind, level.big_blind,
        level.ante, level.bb_ante, plan.button_seat, plan.small_blind_seat, plan.big_blind_seat,
        players, tuple(sorted(plan.waiting)) if plan.waiting else (), hand_for_hand,
        plan.citations, tuple(sorted(plan.away)) if plan.away else (), started,
    )  # fmt: skip


def killed(player: PlayerState) -> bool:
    """A hand dealt to ``player`` is killed: absent, or serving a penalty of missed hands."""
    return player.missed_hands > 0 or not player.present
