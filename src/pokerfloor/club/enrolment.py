"""A member in one step (issue 26): identity, a card, a PIN's digest and the identity check
recorded together, so the desk fills one form (and a CSV line does the same).

Everything is checked before anything is recorded: a refusal leaves the club unchanged, and
the events are the ones the separate commands would record (``member_added``,
``card_issued``, ``identity_checked``, ``member_pin_set``), so the log reads the same.

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerfloor.club._base import ClubBase, check_text
from pokerfloor.club.events import CardIssued, IdentityChecked, MemberAdded, MemberPinSet
from pokerfloor.club.settings import CardType
from pokerfloor.errors import PokerfloorError

__all__ = ["EnrolmentCommands"]


class EnrolmentCommands(ClubBase):
    """``enrol_member``, mixed into ``Club``."""

    if TYPE_CHECKING:  # provided by MemberCommands, CardCommands (members.py, cards.py)

        def add_member(
            self, member_id: str, name: str, at_ms: int, nickname: str = "",
            birth_date: str = "", contact: str = "",
        ) -> MemberAdded: ...  # fmt: skip

        def issue_card(
            self, card_id: str, member_id: str, card_type: str, at_ms: int,
            period: str = "year", valid_from: str = "", fee_cents: int | None = None,
            method: str = "",
        ) -> CardIssued: ...  # fmt: skip

        def check_identity(
            self, member_id: str, by: str, at_ms: int, checked: bool = True, document: str = ""
        ) -> IdentityChecked: ...

        def set_pin(self, member_id: str, pin_digest: str, at_ms: int) -> MemberPinSet: ...

        def _card_choice(self, card_type: str, period: str) -> CardType: ...

        def _check_new_member(
            self, member_id: str, name: str, nickname: str, birth_date: str, contact: str
        ) -> None: ...

    def enrol_member(
        self,
        member_id: str,
        name: str,
        at_ms: int,
        nickname: str = "",
        birth_date: str = "",
        contact: str = "",
        card_type: str = "",
        card_period: str = "year",
        card_method: str = "",
        pin_digest: str = "",
        identity_by: str = "",
        identity_document: str = "",
    ) -> MemberAdded:
        """A new member with, when given, a card of ``card_type`` from today (its fee in the
        cash book), the digest of the PIN the club gives them, and the identity document
        ``identity_by`` saw (heavenpoker 2.2, 3.2)."""
        self._check_new_member(member_id, name, nickname, birth_date, contact)
        card_id = f"{member_id}-{len(self.cards) + 1}"[:64]
        if card_type:
            if card_id in self.cards:
                raise PokerfloorError("CARD_EXISTS", {"card_id": card_id})
            self._card_choice(card_type, card_period)
            check_text("method", card_method, limit=40)
        check_text("pin_digest", pin_digest, limit=512)
        check_text("by", identity_by, limit=100)
        check_text("document", identity_document, limit=100)
        added = self.add_member(member_id, name, at_ms, nickname, birth_date, contact)
        if card_type:
            self.issue_card(card_id, member_id, card_type, at_ms, card_period, method=card_method)
        if identity_by.strip():
            self.check_identity(member_id, identity_by, at_ms, document=identity_document)
        if pin_digest:
            self.set_pin(member_id, pin_digest, at_ms)
        return added
