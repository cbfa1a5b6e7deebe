"""One command on the aggregate: which ``Tournament`` method each command of the API calls,
with the seeds turned into random generators and the few values a command leaves to the server
(the prize pool and payouts of a finish, the points formula). The service (service.py) runs it
under the tournament's lock and stores what it recorded.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

import msgspec

from pokerfloor.app.commands import (
    Addon,
    Addons,
    AdjustClock,
    AgreeDeal,
    AnswerFloorCall,
    Arrive,
    Balance,
    BustPlayers,
    CallFloor,
    CallPlayerClock,
    CancelDeal,
    CancelMoves,
    ChangeSeat,
    ChipRace,
    ChoosePrizePoolBasis,
    ConfirmMove,
    ConfirmMoves,
    CorrectBust,
    CorrectHand,
    CorrectRebuy,
    DrawSeats,
    ExpirePlayerClock,
    Finish,
    HandForHandRound,
    JumpToLevel,
    MoveButton,
    OpenAddonWindow,
    PauseClock,
    Penalize,
    PlaceButtons,
    ProposeBreakTable,
    ProposeFinalTable,
    ProposeMoves,
    Rebuy,
    RecordHand,
    RecordPayment,
    Reenter,
    Refund,
    RegisterLate,
    RegisterPlayer,
    ReleaseAbsentSeats,
    RenewCaptainKey,
    ResumeClock,
    SeatAlternates,
    SetHandForHand,
    SetRoomLogo,
    SetRoomScreen,
    StartClock,
    StopFlight,
    StopPlayerClock,
    TimePlayer,
    TournamentCommand,
    UndoBust,
    Unregister,
)
from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import clock, points
from pokerfloor.tournament._hand_report import NOT_GIVEN, HandReport, report_hand
from pokerfloor.tournament.state import ReportedHand, Tournament

__all__ = ["dispatch", "points_formula"]


def _rng(seed: int | None) -> random.Random:
    return random.Random(secrets.randbits(64) if seed is None else seed)


def dispatch(tournament: Tournament, command: TournamentCommand, now: int) -> None:
    match command:
        case RegisterPlayer():
            tournament.register(command.player_id, command.name, now, command.present)
        case RegisterLate():
            tournament.register_late(command.player_id, command.name, now, _rng(command.seed))
        case SeatAlternates():
            tournament.seat_alternates(now, _rng(command.seed))
        case DrawSeats():
            tournament.draw_seats(_rng(command.seed))
        case PlaceButtons():
            tournament.place_buttons(_rng(command.seed))
        case StartClock():
            tournament.start_clock(now)
        case PauseClock():
            tournament.clock_command(clock.PauseClock(now))
        case ResumeClock():
            tournament.clock_command(clock.ResumeClock(now))
        case AdjustClock():
            tournament.clock_command(clock.AdjustClock(command.delta_ms, now))
        case JumpToLevel():
            tournament.clock_command(
                clock.JumpToLevel(command.level_index, now, command.break_before)
            )
        case RecordHand():
            _record_hand(tournament, command, now)
        case BustPlayers():
            _bust_players(tournament, command, now)
        case Rebuy():
            tournament.rebuy(command.player_id, now, command.method)
        case Addon():
            tournament.addon(command.player_id, now, command.method)
        case Addons():
            tournament.addons_at_once(command.players, now, command.method)
        case OpenAddonWindow():
            tournament.open_addon_window(command.reason, now)
        case Reenter():
            tournament.reenter(command.player_id, now, _rng(command.seed), command.method)
        case Arrive():
            tournament.arrive(command.player_id, now)
        case ReleaseAbsentSeats():
            tournament.release_absent_seats(now)
        case SetHandForHand():
            tournament.set_hand_for_hand(command.active, now)
        case HandForHandRound():
            tournament.hand_for_hand_hand_played(now)
        case ProposeMoves():
            tournament.propose_moves(now, _rng(command.seed))
        case ConfirmMove():
            tournament.confirm_move(command.player_id, now)
        case ProposeBreakTable():
            tournament.propose_break_table(command.table_no, now, _rng(command.seed))
        case ProposeFinalTable():
            tournament.propose_final_table(now, _rng(command.seed))
        case ConfirmMoves():
            tournament.confirm_moves(command.player_ids, now, _rng(command.seed))
        case CancelMoves():
            tournament.cancel_moves(now)
        case ChangeSeat():
            tournament.change_seat(
                command.player_id,
                command.reason,
                now,
                table_no=command.table_no,
                seat_no=command.seat_no,
                swap_with=command.swap_with,
            )
        case CallFloor():
            tournament.call_floor(
                command.table_no,
                command.reason,
                now,
                command.button_seat,
                command.hand_no,
                situation=command.situation,
                facts=command.facts,
            )
        case MoveButton():
            tournament.move_button(command.table_no, command.seat_no, command.reason, now)
        case AnswerFloorCall():
            tournament.answer_floor_call(command.table_no, now)
        case RenewCaptainKey():
            tournament.renew_captain_key(command.table_no, now)
        case TimePlayer():
            tournament.time_player(command.table_no, command.seat_no, now)
        case CallPlayerClock():
            tournament.call_player_clock(command.table_no, command.seat_no, now, command.by)
        case StopPlayerClock():
            tournament.stop_player_clock(command.table_no, command.reason, now)
        case ExpirePlayerClock():
            tournament.expire_player_clock(command.table_no, command.facing_bet, now)
        case CorrectHand():
            tournament.correct_hand(
                command.table_no, command.hand_no, command.stacks, now, command.reason
            )
        case Balance():
            rng = _rng(command.seed)
            if tournament.balance(now, rng):
                tournament.place_buttons(rng)
        case ChipRace():
            _chip_race(tournament, command, now)
        case Penalize():
            tournament.penalize(command.player_id, command.kind, command.reason, now)
        case Finish():
            _finish(tournament, command, now)
        case StopFlight():
            tournament.stop_flight(now, command.counted)
        case SetRoomScreen():
            tournament.set_room_screen(command.club_name, command.message, now)
        case SetRoomLogo():
            tournament.set_room_logo(command.logo, now)
        case AgreeDeal():
            tournament.agree_deal(
                command.method, now, command.amounts_cents, command.played_for_cents
            )
        case CancelDeal():
            tournament.cancel_deal(command.reason, now)
        case Unregister():
            tournament.unregister(command.player_id, now, command.reason)
        case RecordPayment():
            tournament.record_payment(
                command.player_id, command.paid, command.method, now, command.amount_cents
            )
        case Refund():
            tournament.refund(
                command.player_id, command.amount_cents, command.method, command.reason, now
            )
        case ChoosePrizePoolBasis():
            tournament.choose_prize_pool_basis(command.basis, now)
        case CorrectBust():
            tournament.correct_bust(command.player_id, command.stack, now, command.reason)
        case CorrectRebuy():
            tournament.correct_rebuy(command.player_id, now, command.reason)
        case UndoBust():
            tournament.undo_bust(command.players, now, command.reason)


def _record_hand(tournament: Tournament, command: RecordHand, now: int) -> None:
    unset = msgspec.UNSET
    reported = ReportedHand(
        command.hand_no,
        NOT_GIVEN if command.button_seat is unset else command.button_seat,
        NOT_GIVEN if command.small_blind_seat is unset else command.small_blind_seat,
        NOT_GIVEN if command.big_blind_seat is unset else command.big_blind_seat,
    )
    report = HandReport(
        command.table_no,
        reported,
        command.final_stacks,
        command.rebuys,
        command.busted,
        command.starting_stacks,
        command.started_at_ms,
        command.eliminated_by,
    )
    report_hand(tournament, report, now)


def _bust_players(tournament: Tournament, command: BustPlayers, now: int) -> None:
    tournament.bust_players(
        command.table_no,
        command.players,
        command.starting_stacks,
        now,
        command.rebuys,
        command.eliminated_by,
    )


def _chip_race(tournament: Tournament, command: ChipRace, now: int) -> None:
    seed = secrets.randbits(64) if command.seed is None else command.seed
    tournament.chip_race(
        command.table_no,
        command.removed,
        command.next_chip,
        Deck.shuffled(seed),
        now,
        odd_chips=command.odd_chips,
    )


def _finish(tournament: Tournament, command: Finish, now: int) -> None:
    if command.no_points and command.points is not None:
        raise PokerfloorError(
            "POINTS_BAD_INPUT",
            "a finish gives either a points formula or no_points, not both",
            {"formula": str(command.points.get("name", ""))},
        )
    spec = command.points if command.points is not None else tournament.created.points
    if command.no_points:
        spec = None
    formula = None if spec is None else points_formula(spec)
    tournament.finish(
        now,
        command.payouts_cents,
        command.prize_pool_cents,
        points_formula=formula,
        below_pool=command.below_pool,
        holding_seat=command.holding_seat,
    )


def points_formula(spec: Mapping[str, Any]) -> points.PointsFormula:
    """``{"name": "sqrt", "k": 10}``: the formula, its parameters checked."""
    params = dict(spec)
    name = params.pop("name", None)
    if not isinstance(name, str):
        raise PokerfloorError(
            "POINTS_BAD_INPUT", "the points formula needs a name (table, sqrt, linear, tlb)", {}
        )
    wrong = sorted(key for key, value in params.items() if isinstance(value, str))
    if wrong:
        raise PokerfloorError(
            "POINTS_BAD_INPUT",
            f"the parameters of a points formula are whole numbers, not text: {wrong[0]}",
            {"formula": name, "name": wrong[0]},
        )
    try:
        return points.points_formula(name, **params)
    except PokerfloorError:
        raise
    except (TypeError, ValueError) as error:  # a table where a number is expected, or back
        raise PokerfloorError(
            "POINTS_BAD_INPUT",
            f"the parameters of points formula {name!r} do not fit it ({error})",
            {"formula": name},
        ) from None
