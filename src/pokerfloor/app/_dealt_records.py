"""The tournament's record of the hands its dealt tables finished (a part of
``DealtService``): a table's hand is written to its stream first, then recorded in the
tournament by the same ``RecordHand`` command as a live table's captain (stacks by player,
busts ranked by the profile). The dealer's pass records every hand it finished with one
append to the tournament's stream (``TournamentService.execute_batch``, issue 32)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pokerfloor.app.commands import RecordHand
from pokerfloor.dealt import DealtEvent, DealtTable, HandFinished
from pokerfloor.errors import PokerfloorError

if TYPE_CHECKING:
    from pokerfloor.app._dealt_slots import TableSlot
    from pokerfloor.app.dealt_service import DealtService

__all__ = ["DealtRecords"]

log = logging.getLogger("pokerfloor.dealt")

_Seated = tuple[int, dict[int, str]]  # the hands the tournament recorded, the seats


class DealtRecords:
    """Finished hands recorded in the tournament: a part of ``DealtService``
    (``service.records``)."""

    def __init__(self, host: DealtService) -> None:
        self.host = host

    def fold_appended(
        self,
        tournament_id: str,
        table_no: int,
        slot: TableSlot,
        events: Sequence[DealtEvent],
        finished: list[tuple[int, DealtTable]] | None = None,
    ) -> None:
        """Durable events folded into the table held; a finished hand recorded now, or added
        to ``finished`` (the dealer's pass records them together: ``record_all``)."""
        slot.fold(events)  # under the slot's lock: a page's view is never half of them
        if any(isinstance(event, HandFinished) for event in events):
            if finished is not None:
                finished.append((table_no, slot.table))
                return
            try:
                self.record_finished(tournament_id, table_no, slot.table)
            except PokerfloorError as refusal:
                # The action itself is durable and stays acknowledged; the tournament's record
                # of the hand is retried by the next tick (and logged until it goes through).
                log.warning("dealt hand not yet recorded %s/%s: %s", tournament_id, table_no,
                            refusal)  # fmt: skip

    def _seated(self, tournament_id: str, numbers: Sequence[int]) -> dict[int, _Seated]:
        return self.host.tournaments.read(
            tournament_id,
            lambda t: {
                n: (t.hands_at.get(n, 0), dict(t.tables[n].seats)) for n in numbers if n in t.tables
            },
        )

    def record_finished(self, tournament_id: str, table_no: int, table: DealtTable) -> None:
        """The finished hand in the tournament, unless it already is: the tournament counts
        the table's hands."""
        if table.finished is None or table.dealt is None:
            return
        seated = self._seated(tournament_id, [table_no])
        if table_no not in seated:  # broken meanwhile
            return
        if (
            seated[table_no][0] == table.played_no - 1 and self.host.cluster.shared
        ):  # another server's?
            self.host.tournaments.catch_up(tournament_id)
            seated = self._seated(tournament_id, [table_no])
        command = self._record_command(tournament_id, table_no, table, seated[table_no])
        if command is not None:
            self.host.tournaments.execute(tournament_id, command)
            self.host.rulings.settle(tournament_id, table_no, table.hand_no)

    def record_all(self, tournament_id: str, finished: list[tuple[int, DealtTable]]) -> None:
        """The hands finished in one pass recorded by one append to the tournament (the
        tournament caught up once first, on several servers); a refused record is logged and
        retried by the next tick, as one hand's."""
        if len(finished) < 2:
            for table_no, table in finished:
                self._fold_record(tournament_id, table_no, table)
            return
        if self.host.cluster.shared:
            self.host.tournaments.catch_up(tournament_id)
        seated = self._seated(tournament_id, [table_no for table_no, _table in finished])
        commands: list[tuple[int, DealtTable, RecordHand]] = []
        for table_no, table in finished:
            if table_no in seated and table.finished is not None and table.dealt is not None:
                command = self._record_command(tournament_id, table_no, table, seated[table_no])
                if command is not None:
                    commands.append((table_no, table, command))
        try:
            outcomes = self.host.tournaments.execute_batch(
                tournament_id, [c for _n, _t, c in commands]
            )
        except PokerfloorError as refusal:
            log.warning("dealt hands not yet recorded %s: %s", tournament_id, refusal)
            return
        for (table_no, table, _command), outcome in zip(commands, outcomes, strict=True):
            if outcome is None:
                self.host.rulings.settle(tournament_id, table_no, table.hand_no)
            else:
                log.warning("dealt hand not yet recorded %s/%s: %s", tournament_id, table_no,
                            outcome)  # fmt: skip

    def _fold_record(self, tournament_id: str, table_no: int, table: DealtTable) -> None:
        try:
            self.record_finished(tournament_id, table_no, table)
        except PokerfloorError as refusal:
            log.warning("dealt hand not yet recorded %s/%s: %s", tournament_id, table_no,
                        refusal)  # fmt: skip

    def _record_command(
        self, tournament_id: str, table_no: int, table: DealtTable, seated: _Seated
    ) -> RecordHand | None:
        """The ``RecordHand`` of the table's finished hand, or None: already recorded (the
        TD's rulings made during it are then settled) or not the next one."""
        recorded, seats = seated
        finished, dealt = table.finished, table.dealt
        assert finished is not None and dealt is not None
        if recorded == table.played_no:  # recorded: the TD's rulings made during it follow
            self.host.rulings.settle(tournament_id, table_no, table.hand_no)
            return None
        if recorded != table.played_no - 1:
            return None
        in_hand = {seat_no for seat_no, _chips in finished.stacks}
        return RecordHand(
            table_no=table_no,
            hand_no=table.played_no,  # the hands the TD voided are not the tournament's
            final_stacks={seats[seat_no]: chips for seat_no, chips in finished.stacks},
            started_at_ms=dealt.at_ms,
            # Seated since the deal (a late entrant, a re-entry) or waiting for the button:
            # dealt in from a next hand (tda-2024 R8).
            not_dealt_in=tuple(p for seat_no, p in sorted(seats.items()) if seat_no not in in_hand),
        )
