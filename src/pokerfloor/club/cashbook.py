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

A mixin of ``Club`` (state.py): ``_book`` folds each event's lines before ``_apply``.
"""

from __future__ import annotations

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

__all__ = ["CASH_COLUMNS", "CASH_KINDS", "CashCommands", "CashTotals"]

CASH_KINDS = (
    "card_fee",
    "card_refund",
    "deposit",
    "deposit_refund",
    "entry",
    "fine",
    "other",
    "refund",
)
# The columns of the cash book as rows (``cash_rows``; the application writes the CSV).
CASH_COLUMNS = (
    "date",
    "at_ms",
    "kind",
    "member_id",
    "name",
    "event_id",
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
            raise PokerfloorError(
                "CLUB_BAD_AMOUNT",
                f"amount {abs(cents)!r} is not accepted: whole cents, more than 0",
                {"field": "cents", "value": str(abs(cents))},
            )
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

    def cash_totals(self, event_id: str = "") -> CashTotals:
        """The book's totals (of one event's lines if given)."""
        lines = [line for line in self.cash_lines if not event_id or line.event_id == event_id]
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

    def cash_rows(self, event_id: str = "") -> list[dict[str, str | int]]:
        """The book's lines as rows (``CASH_COLUMNS``), in order, for the CSV."""
        rows: list[dict[str, str | int]] = []
        for line in self.cash_lines:
            if event_id and line.event_id != event_id:
                continue
            member = self.members.get(line.member_id)
            rows.append(
                {
                    "date": self.club_date(line.at_ms),
                    "at_ms": line.at_ms,
                    "kind": line.kind,
                    "member_id": line.member_id,
                    "name": member.name if member else "",
                    "event_id": line.event_id,
                    "cents": line.cents,
                    "deposit_counted_cents": line.deposit_counted_cents,
                    "method": line.method,
                    "note": line.note,
                }
            )
        return rows

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
