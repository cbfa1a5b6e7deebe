"""The club's cash book: every franc (cent) that goes in or out, each line from an event.

Lines (``CashLine.kind``): ``card_fee`` (card_issued, heavenpoker 3.2), ``card_refund``
(card_cancelled), ``deposit`` (a waiting-list deposit, registration_recorded, 2.5),
``deposit_refund`` (registration_cancelled, deposit_refunded, a cancelled event's waiting list),
``entry`` (checked_in: the entry fee paid at the desk, the deposit held before counted in it and
shown on the line), ``fine`` (checked_in: the fines due collected, 2.4), and what the desk
records by hand (cash_moved: ``other`` money in, ``refund`` money out). Amounts are whole cents,
positive in, negative out. The book balances by construction: the balance is the sum of the
lines, and the deposits held are the deposits taken less those refunded or counted at entry
(``CashTotals.deposits_held_cents``, which the registrations hold too).

One money book (docs/club.md): the money a club tournament takes at its own desk (re-entries,
rebuys, add-ons, late entries, its refunds) stays in the tournament's log; the application
reads those lines from the linked tournament and hands them to the queries below as
``tournament_lines`` (kinds ``tournament_*``, ``TOURNAMENT_KINDS``), so the club's book shows
them, totals them and reconciles them without copying them into the club's stream.

A mixin of ``Club`` (state.py): ``_book`` folds each event's lines before ``_apply``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokerfloor.club._base import CashLine, ClubBase, check_text
from pokerfloor.club.events import (
    CardCancelled,
    CardIssued,
    CashMoved,
    CheckedIn,
    ClubEvent,
    ClubEventCancelled,
    DepositRefunded,
    RegistrationCancelled,
    RegistrationRecorded,
)
from pokerfloor.errors import PokerfloorError

__all__ = [
    "CASH_COLUMNS",
    "CASH_KINDS",
    "TOURNAMENT_KINDS",
    "CashCommands",
    "CashTotals",
    "EntryDue",
    "Reconciliation",
]

# A club tournament's money lines as the club's book shows them (its book's kinds, prefixed).
TOURNAMENT_KINDS = (
    "tournament_entry",
    "tournament_reentry",
    "tournament_rebuy",
    "tournament_addon",
    "tournament_payment",
    "tournament_refund",
)
CASH_KINDS = (
    "card_fee",
    "card_refund",
    "deposit",
    "deposit_refund",
    "entry",
    "fine",
    "other",
    "refund",
    *TOURNAMENT_KINDS,
)
# The columns of the cash book as rows (``cash_rows``; the application writes the CSV).
CASH_COLUMNS = (
    "date",
    "at_ms",
    "kind",
    "member_id",
    "name",
    "event_id",
    "tournament",
    "cents",
    "deposit_counted_cents",
    "method",
    "note",
)


@dataclass(frozen=True, slots=True)
class CashTotals:
    by_kind: dict[str, int]  # cents per kind (refunds negative)
    received_cents: int  # every line in
    paid_out_cents: int  # every line out, as a positive number
    balance_cents: int  # received - paid out: the sum of the lines
    deposits_held_cents: int  # deposits taken less refunded and counted at entry
    entry_fees_cents: int  # the entry fees earned: paid at the desk plus deposits counted


@dataclass(frozen=True, slots=True)
class EntryDue:
    """What the desk collects at a member's check-in (heavenpoker 2.4, 2.5)."""

    buy_in_cents: int
    deposit_cents: int  # held since the waiting list, counted in the entry
    fines_cents: int  # every fine due, collected with the entry

    @property
    def total_cents(self) -> int:
        return self.buy_in_cents - self.deposit_cents + self.fines_cents


@dataclass(frozen=True, slots=True)
class Reconciliation:
    """One period's money (a club day, or a season's events): what was collected, and the same
    sum by where it came from. ``refunds_cents`` is positive and taken away."""

    period: str  # the date (YYYY-MM-DD), or the season's id ("" = lines of no season)
    collected_cents: int  # the sum of the period's lines
    memberships_cents: int  # card fees less card refunds
    tournament_cents: int  # entries (deposits counted in them included) and tournament money
    fines_cents: int
    deposits_kept_cents: int  # deposits taken less refunded and counted at entry
    other_cents: int
    refunds_cents: int

    @property
    def reconciles(self) -> bool:
        parts = (
            self.memberships_cents + self.tournament_cents + self.fines_cents
            + self.deposits_kept_cents + self.other_cents - self.refunds_cents
        )  # fmt: skip
        return parts == self.collected_cents


class CashCommands(ClubBase):
    """The cash book, mixed into ``Club``."""

    def pay(
        self,
        cents: int,
        at_ms: int,
        member_id: str = "",
        event_id: str = "",
        method: str = "",
        note: str = "",
    ) -> CashMoved:
        """Money in that no other command records (a donation, the canteen's takings...)."""
        return self._move("other", cents, at_ms, member_id, event_id, method, note)

    def refund(
        self,
        cents: int,
        at_ms: int,
        member_id: str = "",
        event_id: str = "",
        method: str = "",
        note: str = "",
    ) -> CashMoved:
        """Money out that no other command records; ``note`` says why."""
        return self._move("refund", -cents, at_ms, member_id, event_id, method, note)

    def _move(
        self,
        kind: str,
        cents: int,
        at_ms: int,
        member_id: str,
        event_id: str,
        method: str,
        note: str,
    ) -> CashMoved:
        if isinstance(cents, bool) or not isinstance(cents, int) or not 0 < abs(cents) <= 10**12:
            raise PokerfloorError("CLUB_BAD_AMOUNT", {"field": "cents", "value": str(abs(cents))})
        if member_id:
            member_id = self.member(member_id).member_id
        if event_id:
            self.event(event_id)
        check_text("method", method, limit=40)
        check_text("note", note, required=kind == "refund", limit=500)
        event = CashMoved(kind, cents, at_ms, member_id, event_id, method, note.strip())
        self._record(event)
        return event

    # ---- queries ----------------------------------------------------------------------------

    def entry_due(self, event_id: str, member_id: str) -> EntryDue:
        """What checking the member in collects now: the entry less the deposit held, plus the
        fines due (the amounts ``check_in`` records)."""
        calendar_event = self.event(event_id)
        registration = calendar_event.registrations.get(member_id)
        paid_by_ticket = any(  # a satellite's seat (tickets.py): no entry to collect
            t.used_for == event_id and t.member_id == member_id for t in self.tickets.values()
        )
        return EntryDue(
            0 if paid_by_ticket else calendar_event.scheduled.buy_in_cents,
            registration.deposit_cents if registration is not None else 0,
            self.fine_due_cents(member_id),
        )

    def book_lines(self, tournament_lines: Iterable[CashLine] = ()) -> list[CashLine]:
        """The club's lines and its tournaments' (``TOURNAMENT_KINDS``), by time."""
        extra = [line for line in tournament_lines if line.kind in TOURNAMENT_KINDS]
        if not extra:
            return list(self.cash_lines)
        return sorted([*self.cash_lines, *extra], key=lambda line: line.at_ms)

    def cash_totals(
        self, event_id: str = "", tournament_lines: Iterable[CashLine] = ()
    ) -> CashTotals:
        """The book's totals (of one event's lines if given)."""
        lines = [
            line
            for line in self.book_lines(tournament_lines)
            if not event_id or line.event_id == event_id
        ]
        by_kind = {kind: 0 for kind in CASH_KINDS}
        for line in lines:
            by_kind[line.kind] = by_kind.get(line.kind, 0) + line.cents
        counted = sum(line.deposit_counted_cents for line in lines)
        return CashTotals(
            by_kind=by_kind,
            received_cents=sum(line.cents for line in lines if line.cents > 0),
            paid_out_cents=-sum(line.cents for line in lines if line.cents < 0),
            balance_cents=sum(line.cents for line in lines),
            deposits_held_cents=by_kind["deposit"] + by_kind["deposit_refund"] - counted,
            entry_fees_cents=by_kind["entry"] + counted,
        )

    def cash_rows(
        self, event_id: str = "", tournament_lines: Iterable[CashLine] = ()
    ) -> list[dict[str, str | int]]:
        """The book's lines as rows (``CASH_COLUMNS``), in order, for the CSV."""
        rows: list[dict[str, str | int]] = []
        for line in self.book_lines(tournament_lines):
            if event_id and line.event_id != event_id:
                continue
            member = self.members.get(line.member_id)
            calendar_event = self.calendar.get(line.event_id)
            rows.append(
                {
                    "date": self.club_date(line.at_ms),
                    "at_ms": line.at_ms,
                    "kind": line.kind,
                    "member_id": line.member_id,
                    "name": line.player_name or (member.name if member else ""),
                    "event_id": line.event_id,
                    "tournament": line.tournament_name
                    or (calendar_event.scheduled.name if calendar_event else ""),
                    "cents": line.cents,
                    "deposit_counted_cents": line.deposit_counted_cents,
                    "method": line.method,
                    "note": line.note,
                }
            )
        return rows

    def reconciliation(
        self, by: str = "day", tournament_lines: Iterable[CashLine] = ()
    ) -> list[Reconciliation]:
        """The book per club day (``by="day"``) or per season (``"season"``: a line counts for
        its event's season; lines of no event or of an event in no season under "")."""
        groups: dict[str, list[CashLine]] = {}
        for line in self.book_lines(tournament_lines):
            if by == "day":
                period = self.club_date(line.at_ms)
            else:
                calendar_event = self.calendar.get(line.event_id)
                period = calendar_event.scheduled.season_id if calendar_event else ""
            groups.setdefault(period, []).append(line)
        return [_reconcile(period, lines) for period, lines in sorted(groups.items())]

    # ---- applying ---------------------------------------------------------------------------

    def _book(self, event: ClubEvent) -> None:
        """The lines an event writes, before the event changes the state."""
        lines = self.cash_lines
        if isinstance(event, CardIssued) and event.fee_cents:
            lines.append(
                CashLine(
                    event.at_ms, "card_fee", event.fee_cents, event.member_id, "",
                    event.method, f"{event.card_type} {event.period} {event.card_id}",
                )
            )  # fmt: skip
        elif isinstance(event, CardCancelled) and event.refund_cents:
            card = self.cards[event.card_id]
            lines.append(
                CashLine(
                    event.at_ms, "card_refund", -event.refund_cents, card.member_id, "", "",
                    event.card_id,
                )
            )  # fmt: skip
        elif isinstance(event, RegistrationRecorded) and event.deposit_cents:
            lines.append(
                CashLine(
                    event.at_ms, "deposit", event.deposit_cents, event.member_id,
                    event.event_id, event.method,
                )
            )  # fmt: skip
        elif isinstance(event, RegistrationCancelled) and event.deposit_refunded_cents:
            lines.append(
                CashLine(
                    event.at_ms, "deposit_refund", -event.deposit_refunded_cents,
                    event.member_id, event.event_id,
                )
            )  # fmt: skip
        elif isinstance(event, DepositRefunded):
            lines.append(
                CashLine(
                    event.at_ms, "deposit_refund", -event.cents, event.member_id,
                    event.event_id, "", event.reason,
                )
            )  # fmt: skip
        elif isinstance(event, ClubEventCancelled):
            for registration in self.calendar[event.event_id].registrations.values():
                if registration.deposit_cents:
                    lines.append(
                        CashLine(
                            event.at_ms, "deposit_refund", -registration.deposit_cents,
                            registration.member_id, event.event_id, "", event.reason,
                        )
                    )  # fmt: skip
        elif isinstance(event, CheckedIn):
            if event.entry_paid_cents or event.deposit_counted_cents:
                lines.append(
                    CashLine(
                        event.at_ms, "entry", event.entry_paid_cents, event.member_id,
                        event.event_id, event.method, "",
                        event.deposit_counted_cents,
                    )
                )  # fmt: skip
            if event.fine_cents:
                lines.append(
                    CashLine(
                        event.at_ms, "fine", event.fine_cents, event.member_id, event.event_id,
                        event.method,
                    )
                )  # fmt: skip
        elif isinstance(event, CashMoved):
            lines.append(
                CashLine(
                    event.at_ms, event.kind, event.cents, event.member_id, event.event_id,
                    event.method, event.note,
                )
            )  # fmt: skip


def _reconcile(period: str, lines: list[CashLine]) -> Reconciliation:
    by_kind = {kind: 0 for kind in CASH_KINDS}
    for line in lines:
        by_kind[line.kind] = by_kind.get(line.kind, 0) + line.cents
    counted = sum(line.deposit_counted_cents for line in lines)
    return Reconciliation(
        period=period,
        collected_cents=sum(line.cents for line in lines),
        memberships_cents=by_kind["card_fee"] + by_kind["card_refund"],
        tournament_cents=by_kind["entry"] + counted + sum(by_kind[k] for k in TOURNAMENT_KINDS),
        fines_cents=by_kind["fine"],
        deposits_kept_cents=by_kind["deposit"] + by_kind["deposit_refund"] - counted,
        other_cents=by_kind["other"],
        refunds_cents=-by_kind["refund"],
    )
