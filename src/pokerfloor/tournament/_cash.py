"""The cash book of one tournament: what each entry, re-entry, rebuy and add-on costs, what was
paid and how, refunds, and the prize pool counted from the entries or from the money collected.

Every line of the book comes from an event: a charge from ``player_registered`` (an entry or a
re-entry: the buy-in and the house fee), ``player_rebought`` (a rebuy or an add-on, paid on the
spot unless the desk said otherwise), a cancellation from ``player_unregistered``,
``rebuy_corrected`` or a released no-show (``absent_seat_released``: not an entry); money from
``payment_recorded`` and ``cash_refunded``. Amounts are whole cents.

A player's money covers the house fee first, then the prize pool; money beyond what is owed is
a credit to refund. The book always reconciles: collected = prize pool collected + fees
collected + refunds + credits (``CashBook.reconciles``).

Which prize pool the payouts use is the TD's choice (``prize_pool_basis``): ``entries`` counts
every entry, rebuy and add-on whether paid or not (what most clubs announce), ``money`` only
the money collected.

A part of ``Tournament`` (``tournament.cash``, _parts.py): it owns the lines, the accounts and
the basis; its commands check, then record through ``host._record``; ``see`` adds the lines of
the events other parts fold (entries, rebuys, cancellations), its ``@applies`` handlers fold
its own (payments, refunds, the basis).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import (
    AbsentSeatReleased,
    CashRefunded,
    PaymentRecorded,
    PlayerRebought,
    PlayerRegistered,
    PlayerUnregistered,
    PrizePoolBasisChosen,
    RebuyCorrected,
)
from pokerfloor.tournament.types import PlayerId

if TYPE_CHECKING:
    from pokerfloor.tournament.events import TournamentEvent
    from pokerfloor.tournament.state import Tournament

__all__ = ["PRIZE_POOL_BASES", "Cash", "CashAccount", "CashBook", "CashLine"]

PRIZE_POOL_BASES = ("entries", "money")
PrizePoolBasis = Literal["entries", "money"]


class CashLine(msgspec.Struct, frozen=True):
    """One line of the book. ``due_cents``: what the line adds to what the player owes
    (negative for a cancellation), ``fee_cents`` the house fee within it; ``paid_cents``: money
    received (negative for a refund or a payment taken back)."""

    at_ms: int
    player_id: PlayerId
    name: str
    kind: str  # entry reentry rebuy addon cancelled payment refund
    due_cents: int = 0
    fee_cents: int = 0
    paid_cents: int = 0
    method: str = ""
    note: str = ""


class CashAccount(msgspec.Struct, frozen=True):
    """One player's account: owed and paid so far, the fee and pool parts of what was paid."""

    player_id: PlayerId
    name: str
    due_cents: int
    fees_due_cents: int
    paid_cents: int  # money received, payments taken back deducted
    refunded_cents: int

    @property
    def net_paid_cents(self) -> int:
        return self.paid_cents - self.refunded_cents

    @property
    def owed_cents(self) -> int:
        """Still to pay (0 when paid up or in credit)."""
        return max(0, self.due_cents - self.net_paid_cents)

    @property
    def credit_cents(self) -> int:
        """Paid beyond what is owed: to refund."""
        return max(0, self.net_paid_cents - self.due_cents)

    @property
    def fees_collected_cents(self) -> int:
        return min(max(0, self.net_paid_cents), self.fees_due_cents)

    @property
    def pool_collected_cents(self) -> int:
        paid = max(0, self.net_paid_cents) - self.fees_collected_cents
        return min(paid, self.due_cents - self.fees_due_cents)


class CashBook(msgspec.Struct, frozen=True):
    """The evening's money at one moment, per player and in total."""

    accounts: tuple[CashAccount, ...]
    lines: tuple[CashLine, ...]
    basis: str
    pool_by_entries_cents: int
    # A bounty tournament: the part of the entries that funds the bounties (bounties.py), out
    # of the prize pool; the money basis counts it as collected first.
    bounty_cents: int = 0

    @property
    def received_cents(self) -> int:
        """Money received (payments taken back deducted, refunds not)."""
        return sum(account.paid_cents for account in self.accounts)

    @property
    def refunds_cents(self) -> int:
        return sum(account.refunded_cents for account in self.accounts)

    @property
    def fees_cents(self) -> int:
        return sum(account.fees_collected_cents for account in self.accounts)

    @property
    def pool_collected_cents(self) -> int:
        return sum(account.pool_collected_cents for account in self.accounts)

    @property
    def credits_cents(self) -> int:
        return sum(account.credit_cents for account in self.accounts)

    @property
    def owed_cents(self) -> int:
        return sum(account.owed_cents for account in self.accounts)

    @property
    def unpaid(self) -> tuple[CashAccount, ...]:
        return tuple(account for account in self.accounts if account.owed_cents)

    @property
    def pool_cents(self) -> int:
        """The prize pool by the chosen basis."""
        if self.basis == "money":
            return max(0, self.pool_collected_cents - self.bounty_cents)
        return self.pool_by_entries_cents

    def account(self, player_id: PlayerId) -> CashAccount | None:
        return next((a for a in self.accounts if a.player_id == player_id), None)

    @property
    def reconciles(self) -> bool:
        return self.received_cents == (
            self.pool_collected_cents + self.fees_cents + self.refunds_cents + self.credits_cents
        )


class Cash(Part):
    """The cash book: ``tournament.cash`` (see the module's docstring)."""

    __slots__ = ("accounts", "basis", "lines")

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.lines: list[CashLine] = []
        # Kept as the lines come (rebuilt from them when a snapshot is restored): each
        # player's account, so asking for one never reads the whole book.
        self.accounts: dict[PlayerId, CashAccount] = {}
        self.basis = "entries"

    # ---- commands -----------------------------------------------------------------------

    def record_payment(
        self,
        player_id: PlayerId,
        paid: bool,
        method: str,
        at_ms: int,
        amount_cents: int | None = None,
    ) -> None:
        """Money received from the player (by default what they owe), or with ``paid`` false
        the payments recorded by mistake taken back."""
        account = self._account_of(player_id)
        if paid:
            amount = account.owed_cents if amount_cents is None else amount_cents
            if amount < 1:
                raise PokerfloorError(
                    "NOTHING_OWED",
                    {
                        "player_id": player_id,
                        "paid_cents": account.net_paid_cents,
                        "due_cents": account.due_cents,
                    },
                )
        else:
            if account.net_paid_cents < 1:
                raise PokerfloorError("NOTHING_PAID", {"player_id": player_id})
            amount = -account.net_paid_cents
        self.host._record(PaymentRecorded(player_id, paid, method, at_ms, amount))

    def refund(
        self, player_id: PlayerId, amount_cents: int | None, method: str, reason: str, at_ms: int
    ) -> None:
        """Money given back to a player (by default their credit: paid beyond what is owed)."""
        account = self._account_of(player_id)
        amount = account.credit_cents if amount_cents is None else amount_cents
        if not 1 <= amount <= account.net_paid_cents:
            raise PokerfloorError(
                "BAD_REFUND",
                {
                    "player_id": player_id,
                    "amount_cents": amount,
                    "paid_cents": account.net_paid_cents,
                },
            )
        self.host._record(CashRefunded(player_id, amount, method, reason, at_ms))

    def refund_paid(self, player_id: PlayerId, reason: str, at_ms: int) -> None:
        """Give back everything the player paid (an unregistration), by the way they paid."""
        account = self.accounts.get(player_id)
        if account is None or account.net_paid_cents < 1:
            return
        method = next(
            (
                line.method
                for line in reversed(self.lines)
                if line.player_id == player_id and line.paid_cents > 0
            ),
            "",
        )
        self.host._record(CashRefunded(player_id, account.net_paid_cents, method, reason, at_ms))

    def choose_basis(self, basis: str, at_ms: int) -> None:
        """Whether the payouts count every entry (paid or not) or only the money collected."""
        if basis not in PRIZE_POOL_BASES:
            raise PokerfloorError(
                "BAD_PRIZE_POOL_BASIS", {"value": basis, "accepted": list(PRIZE_POOL_BASES)}
            )
        self.host._record(PrizePoolBasisChosen(basis, at_ms))

    # ---- queries ------------------------------------------------------------------------

    def book(self) -> CashBook:
        """The book now: every account and line, the pool by the chosen basis."""
        ledger = self.host.bounties.ledger
        return CashBook(
            accounts=tuple(self.accounts.values()),
            lines=tuple(self.lines),
            basis=self.basis,
            pool_by_entries_cents=self.host.pool_by_entries_cents(),
            bounty_cents=0 if ledger is None else ledger.funded_cents,
        )

    def _account_of(self, player_id: PlayerId) -> CashAccount:
        account = self.accounts.get(player_id)
        if account is None:
            raise PokerfloorError("NOT_REGISTERED", {"player_id": player_id})
        return account

    # ---- folding events into the book ---------------------------------------------------

    def see(self, event: TournamentEvent) -> None:
        """The book's line for an event another part folds (an entry, a rebuy or an add-on, a
        cancellation); the aggregate's ``_apply`` calls it before the event's own handler,
        while a player unregistered is still in ``players``."""
        entry = self.host.structure.entry
        line: CashLine | None = None
        if isinstance(event, PlayerRegistered):
            kind = "entry" if event.entry_no <= 1 else "reentry"
            paid = entry.buy_in_cents + entry.fee_cents if event.payment_method else 0
            line = CashLine(
                event.at_ms, event.player_id, event.name, kind,
                entry.buy_in_cents + entry.fee_cents, entry.fee_cents, paid, event.payment_method,
            )  # fmt: skip
        elif isinstance(event, PlayerRebought):
            # Logs written before the cash book have no method: their rebuys were paid.
            method = "" if event.payment_method is None else event.payment_method
            paid = event.paid_cents if event.payment_method != "" else 0
            line = CashLine(
                event.at_ms, event.player_id, self._name(event.player_id), event.kind,
                event.paid_cents, 0, paid, method,
            )  # fmt: skip
        elif isinstance(event, RebuyCorrected):
            line = CashLine(
                event.at_ms, event.player_id, self._name(event.player_id), "cancelled",
                -event.paid_cents, 0, 0, "", event.reason,
            )  # fmt: skip
        elif isinstance(event, PlayerUnregistered) and event.player_id in self.host.players:
            line = self._entry_cancelled(event.player_id, event.at_ms, event.reason)
        elif isinstance(event, AbsentSeatReleased) and event.player_id is not None:
            # The absent player is no longer an entry; the newcomer is, with the stack left.
            self.add_line(
                self._entry_cancelled(event.absent_player_id, event.at_ms, "no-show released")
            )
            line = CashLine(
                event.at_ms, event.player_id, event.name or "", "entry",
                entry.buy_in_cents + entry.fee_cents, entry.fee_cents,
            )  # fmt: skip
        if line is not None:
            self.add_line(line)

    @applies(PaymentRecorded)
    def _payment(self, event: PaymentRecorded) -> None:
        amount = event.amount_cents
        if amount is None:  # logs written before the cash book: paid in full, or taken back
            account = self._account_of(event.player_id)
            amount = account.owed_cents if event.paid else -account.net_paid_cents
        self.add_line(
            CashLine(
                event.at_ms, event.player_id, self._name(event.player_id), "payment",
                paid_cents=amount, method=event.method,
            )
        )  # fmt: skip

    @applies(CashRefunded)
    def _refunded(self, event: CashRefunded) -> None:
        self.add_line(
            CashLine(
                event.at_ms, event.player_id, self._name(event.player_id), "refund",
                paid_cents=-event.amount_cents, method=event.method, note=event.reason,
            )
        )  # fmt: skip

    @applies(PrizePoolBasisChosen)
    def _basis_chosen(self, event: PrizePoolBasisChosen) -> None:
        self.basis = event.basis

    def add_line(self, line: CashLine) -> None:
        """A line in the book and in its player's account (kept as the lines come: asking
        for one account never reads the whole book)."""
        self.lines.append(line)
        self.accounts[line.player_id] = account_with(self.accounts.get(line.player_id), line)

    def _entry_cancelled(self, player_id: PlayerId, at_ms: int, note: str) -> CashLine:
        entry = self.host.structure.entry
        return CashLine(
            at_ms, player_id, self._name(player_id), "cancelled",
            -(entry.buy_in_cents + entry.fee_cents), -entry.fee_cents, note=note,
        )  # fmt: skip

    def _name(self, player_id: PlayerId) -> str:
        player = self.host.players.get(player_id)
        return player.name if player is not None else self.host.desk.waiting_list.get(player_id, "")


def account_with(account: CashAccount | None, line: CashLine) -> CashAccount:
    """The player's account once ``line`` is in the book."""
    if account is None:
        account = CashAccount(line.player_id, line.name, 0, 0, 0, 0)
    refund = line.kind == "refund"
    return CashAccount(
        line.player_id,
        line.name or account.name,
        account.due_cents + line.due_cents,
        account.fees_due_cents + line.fee_cents,
        account.paid_cents + (0 if refund else line.paid_cents),
        account.refunded_cents - (line.paid_cents if refund else 0),
    )
