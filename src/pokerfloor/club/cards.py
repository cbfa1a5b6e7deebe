"""Membership cards as data (heavenpoker 3.2): the club's card types, each with a fee for the
calendar year and one for six months, and the event kinds it admits.

The fee of a year card made during the year is pro rata of the months left, the month of issue
counted whole: ``yearly_fee * months_left / 12`` rounded half up to the cent, with
``months_left = 13 - month`` (January: the whole fee; March: 10/12; December: 1/12). It is
valid from its first day to 31 December. A half-year card costs the half-year fee and is valid
six months from its first day (1 March to 31 August; 31 August to 28 February: a month without
that day ends on its last day, the card the day before). A member registers for an event only
with a card valid on the event's date whose type admits the event's kind; the refusal says
which (``card_refusal``). Every fee is a line of the cash book.

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from pokerfloor.club._base import Card, ClubBase, check_cents, check_id, check_iso_date, check_text
from pokerfloor.club.events import CardCancelled, CardIssued
from pokerfloor.club.settings import CARD_PERIODS, CardType
from pokerfloor.errors import PokerfloorError

__all__ = ["CARD_PERIODS", "CardCommands", "card_validity", "pro_rata_fee"]

_ARTICLE = "3.2"  # of the club's rulebook (ClubSettings.cite)


def pro_rata_fee(yearly_fee_cents: int, month: int) -> int:
    """The fee of a year card made in ``month`` (1-12): the months left, this one included,
    twelfths of the yearly fee, rounded half up to the cent (heavenpoker 3.2)."""
    months_left = 13 - month
    return (yearly_fee_cents * months_left * 2 + 12) // 24


def _add_months(day: date, months: int) -> date:
    month_index = day.month - 1 + months
    year, month = day.year + month_index // 12, month_index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def card_validity(period: str, first_day: str) -> tuple[str, str]:
    """The first and last days (ISO, both included) of a card starting on ``first_day``."""
    start = date.fromisoformat(first_day)
    if period == "year":
        return first_day, date(start.year, 12, 31).isoformat()
    return first_day, (_add_months(start, 6) - timedelta(days=1)).isoformat()


class CardCommands(ClubBase):
    """Cards' commands and queries, mixed into ``Club``."""

    def issue_card(
        self,
        card_id: str,
        member_id: str,
        card_type: str,
        at_ms: int,
        period: str = "year",
        valid_from: str = "",
        fee_cents: int | None = None,
        method: str = "",
    ) -> CardIssued:
        """A card for ``member_id`` from ``valid_from`` (default: today in the club's time).
        The fee: the type's, pro rata for a year card (``pro_rata_fee``); ``fee_cents``
        overrides it (a gift, a discount the committee decided)."""
        check_id("card_id", card_id)
        if card_id in self.cards:
            raise PokerfloorError("CARD_EXISTS", {"card_id": card_id})
        member = self.member(member_id)
        kind = self._card_choice(card_type, period)
        first_day = valid_from or self.club_date(at_ms)
        start = check_iso_date("valid_from", first_day)
        check_text("method", method, limit=40)
        if fee_cents is None:
            fee_cents = (
                pro_rata_fee(kind.yearly_fee_cents, start.month)
                if period == "year"
                else kind.half_year_fee_cents
            )
        check_cents("fee_cents", fee_cents)
        first, last = card_validity(period, first_day)
        event = CardIssued(
            card_id, member.member_id, kind.code, period, first, last, fee_cents, at_ms,
            method, self.settings.cite(_ARTICLE),
        )  # fmt: skip
        self._record(event)
        return event

    def _card_choice(self, card_type: str, period: str) -> CardType:
        """The club's card type ``card_type`` sold for ``period`` (its validity), or the
        refusal naming what the club offers."""
        kind = self.settings.card_type(card_type)
        if kind is None:
            accepted = [c.code for c in self.settings.card_types]
            raise PokerfloorError(
                "UNKNOWN_CARD_TYPE", {"card_type": card_type, "accepted": ", ".join(accepted)}
            )
        if period not in CARD_PERIODS or period not in kind.periods:
            raise PokerfloorError(
                "BAD_CARD_PERIOD", {"period": period, "accepted": ", ".join(kind.periods)}
            )
        return kind

    def cancel_card(
        self, card_id: str, reason: str, at_ms: int, refund_cents: int = 0
    ) -> CardCancelled:
        card = self.cards.get(card_id)
        if card is None or card.cancelled:
            raise PokerfloorError("UNKNOWN_CARD", {"card_id": card_id})
        check_text("reason", reason, required=True, limit=500)
        check_cents("refund_cents", refund_cents)
        if refund_cents > card.fee_cents:
            raise PokerfloorError(
                "CARD_REFUND_TOO_LARGE",
                {"refund_cents": refund_cents, "paid_cents": card.fee_cents},
            )
        event = CardCancelled(card_id, reason.strip(), at_ms, refund_cents)
        self._record(event)
        return event

    # ---- queries ----------------------------------------------------------------------------

    def member_cards(self, member_id: str) -> list[Card]:
        member_id = self.member(member_id).member_id
        return sorted(
            (c for c in self.cards.values() if c.member_id == member_id),
            key=lambda c: (c.valid_from, c.card_id),
        )

    def valid_card(self, member_id: str, event_kind: str, day: str) -> Card | None:
        """A card of the member valid on ``day`` that admits ``event_kind``."""
        for card in self.member_cards(member_id):
            kind = self.settings.card_type(card.card_type)
            if card.valid_on(day) and kind is not None and event_kind in kind.admits:
                return card
        return None

    def card_refusal(self, member_id: str, event_kind: str, day: str) -> PokerfloorError | None:
        """Why the member may not enter an event of ``event_kind`` on ``day`` for want of a
        card (heavenpoker 3.2), or None: no valid card at all, or valid cards whose types do
        not admit the kind (the refusal names them and the types that would)."""
        if not self.settings.cards_required or self.valid_card(member_id, event_kind, day):
            return None
        member = self.member(member_id)
        valid = [c for c in self.member_cards(member.member_id) if c.valid_on(day)]
        admitting = [c.name for c in self.settings.card_types if event_kind in c.admits]
        params = {
            "member_id": member.member_id,
            "kind": event_kind,
            "date": day,
            "admitting": ", ".join(admitting),
            "citations": list(self.settings.cite(_ARTICLE)),
        }
        if not valid:
            return PokerfloorError(
                "NO_VALID_CARD",
                params,
            )
        held = ", ".join(sorted({c.card_type for c in valid}))
        return PokerfloorError("CARD_DOES_NOT_ADMIT", {**params, "held": held})
