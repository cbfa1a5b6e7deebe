"""One command on the aggregate: which ``Tournament`` method (or part's method) each command of
the API calls, with the seeds turned into random generators and the few values a command leaves
to the server (the prize pool and payouts of a finish, the points formula). The service
(service.py) runs it under the tournament's lock and stores what it recorded.

Each command class has one handler, registered with ``@handles(CommandClass)`` in the registry
``TOURNAMENT`` (app/handlers.py, the convention the club's commands follow too). A new command:
its class in its area's module of ``commands/`` and in the ``TournamentCommand`` union, then here::

    @handles(NewCommand)
    def _new_command(tournament: Tournament, command: NewCommand, now: int) -> None:
        tournament.new_method(command.field, now)

``tests/app/test_dispatch_registry.py`` fails on a command of the union without a handler.
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
from pokerfloor.app.handlers import Handlers
from pokerfloor.cards import Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament import clock, points
from pokerfloor.tournament._hand_report import NOT_GIVEN, HandReport, report_hand
from pokerfloor.tournament.state import ReportedHand, Tournament

__all__ = ["TOURNAMENT", "dispatch", "handles", "points_formula"]


def _rng(seed: int | None) -> random.Random:
    return random.Random(secrets.randbits(64) if seed is None else seed)


TOURNAMENT: Handlers[Tournament, int] = Handlers("tournament")
handles = TOURNAMENT.handles


def dispatch(tournament: Tournament, command: TournamentCommand, now: int) -> None:
    """Run ``command`` on the tournament by its handler (``@handles``), at ``now``."""
    TOURNAMENT.run(tournament, command, now)


@handles(RegisterPlayer)
def _register_player(tournament: Tournament, command: RegisterPlayer, now: int) -> None:
    tournament.register(command.player_id, command.name, now, command.present)


@handles(RegisterLate)
def _register_late(tournament: Tournament, command: RegisterLate, now: int) -> None:
    tournament.desk.register_late(command.player_id, command.name, now, _rng(command.seed))


@handles(SeatAlternates)
def _seat_alternates(tournament: Tournament, command: SeatAlternates, now: int) -> None:
    tournament.desk.seat_alternates(now, _rng(command.seed))


@handles(DrawSeats)
def _draw_seats(tournament: Tournament, command: DrawSeats, now: int) -> None:
    tournament.draw_seats(_rng(command.seed))


@handles(PlaceButtons)
def _place_buttons(tournament: Tournament, command: PlaceButtons, now: int) -> None:
    tournament.place_buttons(_rng(command.seed))


@handles(StartClock)
def _start_clock(tournament: Tournament, command: StartClock, now: int) -> None:
    tournament.start_clock(now)


@handles(PauseClock)
def _pause_clock(tournament: Tournament, command: PauseClock, now: int) -> None:
    tournament.clock_history.command(clock.PauseClock(now))


@handles(ResumeClock)
def _resume_clock(tournament: Tournament, command: ResumeClock, now: int) -> None:
    tournament.clock_history.command(clock.ResumeClock(now))


@handles(AdjustClock)
def _adjust_clock(tournament: Tournament, command: AdjustClock, now: int) -> None:
    tournament.clock_history.command(clock.AdjustClock(command.delta_ms, now))


@handles(JumpToLevel)
def _jump_to_level(tournament: Tournament, command: JumpToLevel, now: int) -> None:
    tournament.clock_history.command(
        clock.JumpToLevel(command.level_index, now, command.break_before)
    )


@handles(Rebuy)
def _rebuy(tournament: Tournament, command: Rebuy, now: int) -> None:
    tournament.desk.rebuy(command.player_id, now, command.method)


@handles(Addon)
def _addon(tournament: Tournament, command: Addon, now: int) -> None:
    tournament.add_ons.take(command.player_id, now, command.method)


@handles(Addons)
def _addons(tournament: Tournament, command: Addons, now: int) -> None:
    tournament.add_ons.take_at_once(command.players, now, command.method)


@handles(OpenAddonWindow)
def _open_addon_window(tournament: Tournament, command: OpenAddonWindow, now: int) -> None:
    tournament.add_ons.open_window(command.reason, now)


@handles(Reenter)
def _reenter(tournament: Tournament, command: Reenter, now: int) -> None:
    tournament.desk.reenter(command.player_id, now, _rng(command.seed), command.method)


@handles(Arrive)
def _arrive(tournament: Tournament, command: Arrive, now: int) -> None:
    tournament.desk.arrive(command.player_id, now)


@handles(ReleaseAbsentSeats)
def _release_absent_seats(tournament: Tournament, command: ReleaseAbsentSeats, now: int) -> None:
    tournament.desk.release_absent_seats(now)


@handles(SetHandForHand)
def _set_hand_for_hand(tournament: Tournament, command: SetHandForHand, now: int) -> None:
    tournament.hands.set_hand_for_hand(command.active, now)


@handles(HandForHandRound)
def _hand_for_hand_round(tournament: Tournament, command: HandForHandRound, now: int) -> None:
    tournament.hands.close_round(now)


@handles(ProposeMoves)
def _propose_moves(tournament: Tournament, command: ProposeMoves, now: int) -> None:
    tournament.moves.propose(now, _rng(command.seed))


@handles(ConfirmMove)
def _confirm_move(tournament: Tournament, command: ConfirmMove, now: int) -> None:
    tournament.moves.confirm_one(command.player_id, now)


@handles(ProposeBreakTable)
def _propose_break_table(tournament: Tournament, command: ProposeBreakTable, now: int) -> None:
    tournament.moves.propose_break_table(command.table_no, now, _rng(command.seed))


@handles(ProposeFinalTable)
def _propose_final_table(tournament: Tournament, command: ProposeFinalTable, now: int) -> None:
    tournament.moves.propose_final_table(now, _rng(command.seed))


@handles(ConfirmMoves)
def _confirm_moves(tournament: Tournament, command: ConfirmMoves, now: int) -> None:
    tournament.moves.confirm(command.player_ids, now, _rng(command.seed))


@handles(CancelMoves)
def _cancel_moves(tournament: Tournament, command: CancelMoves, now: int) -> None:
    tournament.moves.cancel(now)


@handles(ChangeSeat)
def _change_seat(tournament: Tournament, command: ChangeSeat, now: int) -> None:
    tournament.seat_changes.change(
        command.player_id,
        command.reason,
        now,
        table_no=command.table_no,
        seat_no=command.seat_no,
        swap_with=command.swap_with,
    )


@handles(CallFloor)
def _call_floor(tournament: Tournament, command: CallFloor, now: int) -> None:
    tournament.floor.call(
        command.table_no,
        command.reason,
        now,
        command.button_seat,
        command.hand_no,
        situation=command.situation,
        facts=command.facts,
    )


@handles(MoveButton)
def _move_button(tournament: Tournament, command: MoveButton, now: int) -> None:
    tournament.floor.move_button(command.table_no, command.seat_no, command.reason, now)


@handles(AnswerFloorCall)
def _answer_floor_call(tournament: Tournament, command: AnswerFloorCall, now: int) -> None:
    tournament.floor.answer(command.table_no, now)


@handles(RenewCaptainKey)
def _renew_captain_key(tournament: Tournament, command: RenewCaptainKey, now: int) -> None:
    tournament.floor.renew_captain_key(command.table_no, now)


@handles(TimePlayer)
def _time_player(tournament: Tournament, command: TimePlayer, now: int) -> None:
    tournament.table_clocks.time(command.table_no, command.seat_no, now)


@handles(CallPlayerClock)
def _call_player_clock(tournament: Tournament, command: CallPlayerClock, now: int) -> None:
    tournament.table_clocks.call(command.table_no, command.seat_no, now, command.by)


@handles(StopPlayerClock)
def _stop_player_clock(tournament: Tournament, command: StopPlayerClock, now: int) -> None:
    tournament.table_clocks.stop(command.table_no, command.reason, now)


@handles(ExpirePlayerClock)
def _expire_player_clock(tournament: Tournament, command: ExpirePlayerClock, now: int) -> None:
    tournament.table_clocks.expire(command.table_no, command.facing_bet, now)


@handles(CorrectHand)
def _correct_hand(tournament: Tournament, command: CorrectHand, now: int) -> None:
    tournament.corrections.correct_hand(
        command.table_no, command.hand_no, command.stacks, now, command.reason
    )


@handles(Balance)
def _balance(tournament: Tournament, command: Balance, now: int) -> None:
    rng = _rng(command.seed)
    if tournament.moves.balance(now, rng):
        tournament.place_buttons(rng)


@handles(StopFlight)
def _stop_flight(tournament: Tournament, command: StopFlight, now: int) -> None:
    tournament.flights.stop(now, command.counted)


@handles(Penalize)
def _penalize(tournament: Tournament, command: Penalize, now: int) -> None:
    tournament.penalties.give(command.player_id, command.kind, command.reason, now)


@handles(SetRoomScreen)
def _set_room_screen(tournament: Tournament, command: SetRoomScreen, now: int) -> None:
    tournament.screen.set(command.club_name, command.message, now)


@handles(SetRoomLogo)
def _set_room_logo(tournament: Tournament, command: SetRoomLogo, now: int) -> None:
    tournament.screen.set_logo(command.logo, now)


@handles(AgreeDeal)
def _agree_deal(tournament: Tournament, command: AgreeDeal, now: int) -> None:
    tournament.deals.agree(command.method, now, command.amounts_cents, command.played_for_cents)


@handles(CancelDeal)
def _cancel_deal(tournament: Tournament, command: CancelDeal, now: int) -> None:
    tournament.deals.cancel(command.reason, now)


@handles(Unregister)
def _unregister(tournament: Tournament, command: Unregister, now: int) -> None:
    tournament.corrections.unregister(command.player_id, now, command.reason)


@handles(RecordPayment)
def _record_payment(tournament: Tournament, command: RecordPayment, now: int) -> None:
    tournament.cash.record_payment(
        command.player_id, command.paid, command.method, now, command.amount_cents
    )


@handles(Refund)
def _refund(tournament: Tournament, command: Refund, now: int) -> None:
    tournament.cash.refund(
        command.player_id, command.amount_cents, command.method, command.reason, now
    )


@handles(ChoosePrizePoolBasis)
def _choose_prize_pool_basis(
    tournament: Tournament, command: ChoosePrizePoolBasis, now: int
) -> None:
    tournament.cash.choose_basis(command.basis, now)


@handles(CorrectBust)
def _correct_bust(tournament: Tournament, command: CorrectBust, now: int) -> None:
    tournament.corrections.correct_bust(command.player_id, command.stack, now, command.reason)


@handles(CorrectRebuy)
def _correct_rebuy(tournament: Tournament, command: CorrectRebuy, now: int) -> None:
    tournament.corrections.correct_rebuy(command.player_id, now, command.reason, command.done_at_ms)


@handles(UndoBust)
def _undo_bust(tournament: Tournament, command: UndoBust, now: int) -> None:
    tournament.corrections.undo_bust(command.players, now, command.reason, command.done_at_ms)


@handles(RecordHand)
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
        command.not_dealt_in,
    )
    report_hand(tournament, report, now)


@handles(BustPlayers)
def _bust_players(tournament: Tournament, command: BustPlayers, now: int) -> None:
    tournament.busts.report(
        command.table_no,
        command.players,
        command.starting_stacks,
        now,
        command.rebuys,
        command.eliminated_by,
    )


@handles(ChipRace)
def _chip_race(tournament: Tournament, command: ChipRace, now: int) -> None:
    seed = secrets.randbits(64) if command.seed is None else command.seed
    tournament.chip_races.race(
        command.table_no,
        command.removed,
        command.next_chip,
        Deck.shuffled(seed),
        now,
        odd_chips=command.odd_chips,
    )


@handles(Finish)
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
