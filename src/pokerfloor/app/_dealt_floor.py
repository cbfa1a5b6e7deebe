"""The floor of a dealt tournament with several tables: what the dealt service does between
hands (a part of ``DealtService``; the rules are the core's, ``dealt.between_hands`` and the
tournament's balancing).

- **Hand-for-hand** goes on at the bubble and off once it bursts (tda-2024 RP-8): the
  aggregate stops the clock and deals one hand per table, waiting for all of them.
- **Balancing, breaking, the final table** (tda-2024 R10, R11, RP-9): the tables a step due now
  touches deal no new hand; once every one of them has finished and recorded its hand, the
  tournament's own ``Balance`` is run (its seed drawn here, from the service's ``shuffler``),
  and each moved player's clock (bank spent, timeouts in a row, away) follows them to their
  new seat.
- **The TD's moves** (the console): asked at any time, made between hands (``ChangeSeat``)
  once both tables have finished their hand; until then neither deals.
- **Pause**: a table the TD paused plays nothing (no deal, no action, no timeout) and its
  action clock stops; resumed, the player to act has the time they had left.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pokerfloor.app.commands import (
    Addon,
    Addons,
    Balance,
    ChangeSeat,
    Command,
    ConfirmMove,
    ConfirmMoves,
    PauseClock,
    Rebuy,
    ResumeClock,
    SetHandForHand,
)
from pokerfloor.dealt import DealtEvent
from pokerfloor.dealt.between_hands import (
    hand_for_hand_clock,
    hand_for_hand_due,
    tables_to_hold,
)
from pokerfloor.dealt.mode import (
    HoleCardsSeen,
    MoveAsked,
    MoveSettled,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand import Misdeal
from pokerfloor.tournament.state import Tournament

if TYPE_CHECKING:
    from pokerfloor.app.dealt_service import DealtService

__all__ = ["MISDEAL_CAUSES", "DealtFloor"]

log = logging.getLogger("pokerfloor.dealt")

# The causes of a misdeal the TD may call (``pokerfloor.hand.Misdeal``, the floor's
# ``misdeal_claim``); a software dealer deals no card wrongly, but the TD may see a wrong
# button or a player left out by a wrong seating.
MISDEAL_CAUSES = ("button_wrong", "player_skipped", "empty_seat", "wrong_order")

Seats = dict[str, tuple[int, int]]  # player id -> (table, seat)


def _seats(tournament: Tournament) -> Seats:
    return {
        player.player_id: (player.seat.table_no, player.seat.seat_no)
        for player in tournament.players.values()
        if player.seat is not None
    }


def _seat_numbers(tournament: Tournament, table_no: int) -> set[int]:
    table = tournament.tables.get(table_no)
    return set() if table is None else set(table.seats)


def _table_of(tournament: Tournament, player_id: str) -> int:
    """The table a player sits at, or sat at last (a bust waiting to rebuy), else 0."""
    player = tournament.players.get(player_id)
    if player is None:
        return 0
    seat = player.seat or player.last_seat
    return seat.table_no if seat is not None else 0


def _money_players(command: Command) -> tuple[str, ...]:
    if isinstance(command, Rebuy | Addon):
        return (command.player_id,)
    if isinstance(command, Addons):
        return command.players
    return ()


# The TD's moves from the live console, which a dealt tournament makes between hands itself.
_MOVE_COMMANDS = (Balance, ChangeSeat, ConfirmMove, ConfirmMoves)


class DealtFloor:
    """Between hands at several dealt tables: a part of ``DealtService`` (``service.floor``)."""

    def __init__(self, host: DealtService) -> None:
        self.host = host
        self.moving = False  # the floor's own moves are being made (they pass ``seats_guard``)

    @contextlib.contextmanager
    def money_guard(self, tournament_id: str, command: Command) -> Iterator[None]:
        """Around every command of the tournaments' service: a rebuy or an add-on (the TD's
        or the player's) for a player whose dealt table is in a hand is refused until the
        hand ends: a hand keeps the stacks it was dealt with, and a player busted in the
        last hand rebuys before the next one is dealt."""
        players = _money_players(command)
        if not players:
            yield
            return
        with self.host._lock:
            if self.host.settings(tournament_id) is not None:
                tables = self.host.tournaments.read(
                    tournament_id, lambda t: [(p, _table_of(t, p)) for p in players]
                )
                for player, table_no in tables:
                    table = self.host._table(tournament_id, table_no).table if table_no else None
                    if table is not None and table.in_hand:
                        raise PokerfloorError(
                            "MONEY_WAITS_FOR_HAND",
                            {"player_id": player, "table_no": table_no, "hand_no": table.hand_no},
                        )
            yield

    @contextlib.contextmanager
    def seats_guard(self, tournament_id: str, command: Command) -> Iterator[None]:
        """Around every command: the TD's own moves from the live console (balancing
        confirmed, a seat change) in a dealt tournament while tables are in a hand are refused
        with the way to do it (the dealt tables' console moves players between hands); the
        dealt floor's own moves pass (``moving``)."""
        if not isinstance(command, _MOVE_COMMANDS):
            yield
            return
        with self.host._lock:
            if not self.moving and self.host.settings(tournament_id) is not None:
                numbers = self.host.tournaments.read(tournament_id, lambda t: sorted(t.tables))
                busy = [no for no in numbers if self.host._table(tournament_id, no).table.in_hand]
                if busy:
                    raise PokerfloorError("SEATS_WAIT_FOR_HANDS", {"tables": busy})
            yield

    @contextlib.contextmanager
    def _floor_moves(self) -> Iterator[None]:
        self.moving = True
        try:
            yield
        finally:
            self.moving = False

    def _settled(self, tournament_id: str, table_no: int, recorded: int) -> bool:
        """The table finished its hand and the tournament recorded it."""
        table = self.host._table(tournament_id, table_no).table
        return not table.in_hand and recorded == table.played_no

    def between_hands(self, tournament_id: str, now: int) -> tuple[int, frozenset[int]]:
        """Hand-for-hand, the TD's moves and balancing, each when its tables are between hands;
        the commands run and the tables that must not deal yet."""
        done = 0
        due, active = self.host.tournaments.read(
            tournament_id, lambda t: (hand_for_hand_due(t), t.hand_for_hand)
        )
        if due != active:
            self.host.tournaments.execute(tournament_id, SetHandForHand(active=due))
            done += 1
        clock = self.host.tournaments.read(tournament_id, lambda t: hand_for_hand_clock(t, now))
        if clock:  # a break reached while hand-for-hand stopped the clock: played out
            self.host.tournaments.execute(
                tournament_id, ResumeClock() if clock == "resume" else PauseClock()
            )
            done += 1
        held: set[int] = set()
        moved, waiting = self._asked_moves(tournament_id, now)
        done += moved
        held |= waiting
        balanced, waiting = self._balance(tournament_id, now)
        return done + balanced, frozenset(held | waiting)

    def _balance(self, tournament_id: str, now: int) -> tuple[int, frozenset[int]]:
        state = self.host._state(tournament_id)
        hold, recorded, left = self.host.tournaments.read(
            tournament_id, lambda t: (tables_to_hold(t), dict(t.hands_at), t.players_left)
        )
        if not hold or state.balance_refused == (left, hold):
            return 0, frozenset()
        if not all(self._settled(tournament_id, no, recorded.get(no, 0)) for no in hold):
            return 0, hold
        before = self.host.tournaments.read(tournament_id, _seats)
        try:
            with self._floor_moves():
                self.host.tournaments.execute(
                    tournament_id, Balance(seed=self.host.shuffler.randbits(63))
                )
        except PokerfloorError as refusal:
            # Nothing the procedure can do now (e.g. too few free seats): play goes on and
            # the step is tried again once the tables change.
            state.balance_refused = (left, hold)
            log.warning("dealt balancing refused in %s: %s", tournament_id, refusal)
            return 0, frozenset()
        state.balance_refused = None
        self._carry_clocks(tournament_id, before, now)
        return 1, frozenset()

    def _carry_clocks(self, tournament_id: str, before: Seats, now: int) -> None:
        """Each moved player's clock leaves their old seat and follows them to the new one."""
        after = self.host.tournaments.read(tournament_id, _seats)
        moved = [p for p, where in before.items() if p in after and after[p] != where]
        if not moved:
            return
        batches: dict[int, list[DealtEvent]] = {}
        taken: dict[int, list[DealtEvent]] = {}
        for player in moved:
            (old_table, old_seat), (new_table, new_seat) = before[player], after[player]
            source = self.host._table(tournament_id, old_table).table
            clock = source.seat_clock(old_seat)
            batches.setdefault(old_table, []).extend(source.decide_seat_left(old_seat, now))
            target = self.host._table(tournament_id, new_table).table
            taken.setdefault(new_table, []).extend(target.decide_seat_taken(new_seat, clock, now))
        for table_no, events in taken.items():  # every seat left first, then the seats taken
            batches.setdefault(table_no, []).extend(events)
        # Every table's events in one transaction (issue 32 item 5: was one commit per table);
        # a table another server wrote to meanwhile is caught up, its clocks not carried.
        due = [
            (table_no, self.host._table(tournament_id, table_no), events)
            for table_no, events in sorted(batches.items())
        ]
        self.host.cluster.append_due(tournament_id, due, lambda _table_no, _due: None)

    def _asked_moves(self, tournament_id: str, now: int) -> tuple[int, frozenset[int]]:
        state = self.host._state(tournament_id)
        if not state.moves:
            return 0, frozenset()
        seats, recorded = self.host.tournaments.read(
            tournament_id, lambda t: (_seats(t), dict(t.hands_at))
        )
        done = 0
        held: set[int] = set()
        for player, asked in list(state.moves.items()):
            where = seats.get(player)
            if where is None:  # busted since: nothing to move
                self._settle(tournament_id, player, False, "NOT_IN_PLAY", now)
                continue
            tables = {where[0], asked.table_no}
            known = self.host.tournaments.read(tournament_id, lambda t: set(t.tables))
            waiting = [
                no
                for no in tables & known
                if not self._settled(tournament_id, no, recorded.get(no, 0))
            ]
            if waiting:
                held |= tables
                continue
            command = ChangeSeat(
                player_id=player, reason=asked.reason, table_no=asked.table_no,
                seat_no=asked.seat_no,
            )  # fmt: skip
            try:
                with self._floor_moves():
                    self.host.tournaments.execute(tournament_id, command)
            except PokerfloorError as refusal:
                self._settle(tournament_id, player, False, refusal.code, now)
                continue
            self._carry_clocks(tournament_id, seats, now)
            seats = self.host.tournaments.read(tournament_id, _seats)
            self._settle(tournament_id, player, True, "", now)
            done += 1
        return done, frozenset(held)

    def _settle(self, tournament_id: str, player: str, made: bool, code: str, now: int) -> None:
        self.host._append_choice(tournament_id, MoveSettled(player, made, code, now))
        self.host._state(tournament_id).moves.pop(player, None)

    def vacated(self, tournament_id: str, table_no: int, now: int) -> None:
        """Before a deal: the clock of a seat whose player left (busted, or moved by the TD
        outside this service) is no longer anyone's."""
        slot = self.host._table(tournament_id, table_no)
        seated: set[int] = self.host.tournaments.read(
            tournament_id, lambda t: _seat_numbers(t, table_no)
        )
        stale = sorted(slot.table.seats_with_clock() - seated)
        events: list[DealtEvent] = []
        for seat_no in stale:
            events.extend(slot.table.decide_seat_left(seat_no, now))
        self.host._append(tournament_id, table_no, slot, events)

    # ---- the TD's console ----------------------------------------------------------------

    def pause_table(self, tournament_id: str, table_no: int | None = None) -> int:
        """Pause one table (or every table not paused yet): nothing is played there, its
        action clock stops. The number of tables paused."""
        return self._pause_or_resume(tournament_id, table_no, pause=True)

    def resume_table(self, tournament_id: str, table_no: int | None = None) -> int:
        """Resume one table (or every paused table): the player to act has their time left."""
        return self._pause_or_resume(tournament_id, table_no, pause=False)

    def _pause_or_resume(self, tournament_id: str, table_no: int | None, pause: bool) -> int:
        with self.host._lock:
            self.host._require_dealt(tournament_id)
            known = self.host.tournaments.read(tournament_id, lambda t: sorted(t.tables))
            if table_no is not None and table_no not in known:
                raise PokerfloorError("NO_SUCH_TABLE", {"table_no": table_no})
            now = self.host.clock()
            count = 0
            for number in [table_no] if table_no is not None else known:
                slot = self.host._table(tournament_id, number)
                if table_no is None and (slot.table.paused_at_ms is not None) == pause:
                    continue  # all tables: those already so are left as they are
                table = slot.table
                events = table.decide_pause(now) if pause else table.decide_resume(now)
                self.host._append(tournament_id, number, slot, events)
                count += 1
        self.host._notify(tournament_id)
        return count

    def move_player(
        self, tournament_id: str, player_id: str, table_no: int, seat_no: int, reason: str
    ) -> bool:
        """The TD moves a player to a free seat: made now when both tables are between hands,
        else as soon as both have finished their hand (True: made now)."""
        with self.host._lock:
            self.host._require_dealt(tournament_id)
            if self.host.seat_of(tournament_id, player_id) is None:
                raise PokerfloorError("PLAYER_NOT_SEATED", {"player_id": player_id[:40]})
            reason = " ".join(reason.split())[:200]
            asked = MoveAsked(player_id, table_no, seat_no, reason, self.host.clock())
            self.host._append_choice(tournament_id, asked)
            state = self.host._state(tournament_id)
            state.moves[player_id] = asked
            self._asked_moves(tournament_id, asked.at_ms)
            made = player_id not in state.moves
        self.host._notify(tournament_id)
        return made

    def asked_moves(self, tournament_id: str) -> list[MoveAsked]:
        with self.host._lock:
            return list(self.host._state(tournament_id).moves.values())

    def kill_hand(self, tournament_id: str, table_no: int, cause: str) -> list[DealtEvent]:
        """The TD calls a misdeal at a table (``cause``: a ``Misdeal`` cause): the irregularity
        engine rules by the profile; a void hand gives every chip back and is dealt again with
        the same button (the tournament records no hand), else the ruling's refusal (e.g.
        ``MISDEAL_TOO_LATE`` after substantial action, with its articles)."""
        if cause not in MISDEAL_CAUSES:
            raise PokerfloorError(
                "BAD_MISDEAL_CAUSE", {"cause": cause[:40], "accepted": list(MISDEAL_CAUSES)}
            )
        with self.host._lock:
            self.host._require_dealt(tournament_id)
            slot = self.host._table(tournament_id, table_no)
            hand_no = slot.table.hand_no
            events = slot.table.decide_irregularity(Misdeal(cause), self.host.clock())
            self.host._append(tournament_id, table_no, slot, events)
            if not slot.table.in_hand:  # void: the TD's rulings waiting on it lapse
                self.host.rulings.void(tournament_id, table_no, hand_no)
        self.host._notify(tournament_id)
        return events

    def hole_cards_seen(self, tournament_id: str, table_no: int, by: str) -> None:
        """The TD opens a table's view with every hole card: logged (who, when) in the
        tournament's dealt stream, and in the server's log."""
        with self.host._lock:
            self.host._require_dealt(tournament_id)
            hand_no = self.host._table(tournament_id, table_no).table.hand_no
            event = HoleCardsSeen(table_no, hand_no, by[:80], self.host.clock())
            self.host._append_choice(tournament_id, event)
            self.host._state(tournament_id).seen.append(event)
        log.info("hole cards seen: tournament %s table %s by %s", tournament_id, table_no, by)

    def hole_card_log(self, tournament_id: str) -> list[HoleCardsSeen]:
        with self.host._lock:
            return list(self.host._state(tournament_id).seen)
