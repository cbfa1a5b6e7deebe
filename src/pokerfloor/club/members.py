"""Members: the club's player database across tournaments.

A member keeps one number for life (``member_id``, the club's number); a duplicate found later is
merged into the member kept, with a reason, and everything it held moves over. The desk finds
members as the TD types (accents, case and hyphens ignored; a prefix of any word of the name
or nickname, a part of the name, the start of the number) and is warned before creating a
second member of the same name (``homonyms``). ``members_from_rows`` checks a file's rows
(CSV import, in the application) and names the line and the column of every error.

A mixin of ``Club`` (state.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from pokerfloor.club._base import (
    ClubBase,
    Member,
    check_id,
    check_iso_date,
    check_text,
)
from pokerfloor.club.events import (
    IdentityChecked,
    MemberAdded,
    MemberPinSet,
    MembersMerged,
    MemberUpdated,
)
from pokerfloor.club.public_names import public_name, public_names
from pokerfloor.errors import PokerfloorError

__all__ = [
    "COLUMN_ALIASES",
    "GENERATE_PIN",
    "IMPORT_COLUMNS",
    "MEMBER_COLUMNS",
    "MemberCommands",
    "MemberRow",
    "RowError",
    "members_from_rows",
    "normalize",
]

# The columns of a members file (CSV), in this order when exported.
MEMBER_COLUMNS = ("member_id", "name", "nickname", "birth_date", "contact")
# An imported file may also give each member a card, a PIN ("generate": the application draws
# one) and the identity check, as the one-step form does (issue 26).
IMPORT_COLUMNS = (*MEMBER_COLUMNS, "card", "pin", "identity_checked")
# The words a French spreadsheet heads its columns with.
COLUMN_ALIASES = {
    "numero": "member_id", "numéro": "member_id", "nom": "name", "pseudo": "nickname",
    "date_naissance": "birth_date", "date de naissance": "birth_date", "naissance": "birth_date",
    "telephone": "contact", "téléphone": "contact", "carte": "card", "code": "pin",
    "identite_verifiee": "identity_checked", "identité vérifiée": "identity_checked",
}  # fmt: skip
GENERATE_PIN = ("generate", "générer", "generer")
_YES = ("yes", "oui", "y", "o", "1", "true", "vrai", "x")
_NO = ("", "no", "non", "n", "0", "false", "faux")
_PIN = re.compile(r"\A[0-9]{4,8}\Z")
_SEPARATORS = re.compile(r"[\s\-'’.,]+")
_DAY_FIRST = re.compile(r"\A(\d{1,2})[./](\d{1,2})[./](\d{4})\Z")


def normalize(text: str) -> str:
    """Lower case without accents, words separated by one space ("Jean-Pierre  Émond" ->
    "jean pierre emond"): how the desk's typing is compared."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(word for word in _SEPARATORS.split(bare) if word)


def _name_key(name: str) -> tuple[str, ...]:
    """A name's words in order, so "Martin Jean-Pierre" is "Jean-Pierre Martin"."""
    return tuple(sorted(normalize(name).split()))


class MemberCommands(ClubBase):
    """Members' commands and queries, mixed into ``Club``."""

    def add_member(
        self,
        member_id: str,
        name: str,
        at_ms: int,
        nickname: str = "",
        birth_date: str = "",
        contact: str = "",
    ) -> MemberAdded:
        """A new member with the club's number ``member_id`` (``next_member_id`` proposes
        one). Homonyms are not refused: the desk asks ``homonyms`` first and warns."""
        self._check_new_member(member_id, name, nickname, birth_date, contact)
        event = MemberAdded(member_id, name.strip(), at_ms, nickname.strip(), birth_date, contact)
        self._record(event)
        return event

    def _check_new_member(
        self, member_id: str, name: str, nickname: str, birth_date: str, contact: str
    ) -> None:
        """A new member's number (free, well formed) and fields, before anything is recorded."""
        check_id("member_id", member_id)
        if member_id in self.members:
            raise PokerfloorError(
                "MEMBER_EXISTS", {"member_id": member_id, "name": self.members[member_id].name}
            )
        _check_fields(name, nickname, birth_date, contact)

    def update_member(
        self,
        member_id: str,
        at_ms: int,
        name: str | None = None,
        nickname: str | None = None,
        birth_date: str | None = None,
        contact: str | None = None,
    ) -> MemberUpdated:
        """Change a member's fields (those given)."""
        member = self.member(member_id)
        new_name = member.name if name is None else name.strip()
        new_nickname = member.nickname if nickname is None else nickname.strip()
        new_birth = member.birth_date if birth_date is None else birth_date
        new_contact = member.contact if contact is None else contact
        _check_fields(new_name, new_nickname, new_birth, new_contact)
        event = MemberUpdated(
            member.member_id, new_name, new_nickname, new_birth, new_contact, at_ms
        )
        self._record(event)
        return event

    def check_identity(
        self, member_id: str, by: str, at_ms: int, checked: bool = True, document: str = ""
    ) -> IdentityChecked:
        """The desk saw an identity document (heavenpoker 2.2), or withdraws the check."""
        member = self.member(member_id)
        check_text("by", by, required=True, limit=100)
        check_text("document", document, limit=100)
        event = IdentityChecked(member.member_id, checked, by.strip(), at_ms, document)
        self._record(event)
        return event

    def set_pin(self, member_id: str, pin_digest: str, at_ms: int) -> MemberPinSet:
        """Store the digest of the PIN the club gives the member (made by the application;
        "" removes it: no self-registration)."""
        member = self.member(member_id)
        check_text("pin_digest", pin_digest, limit=512)
        event = MemberPinSet(member.member_id, pin_digest, at_ms)
        self._record(event)
        return event

    def merge_members(self, keep: str, drop: str, reason: str, at_ms: int) -> MembersMerged:
        """``drop`` is a duplicate of ``keep``: its registrations, cards, offences, bans and
        results move to ``keep``. Refused when both hold a registration for the same event
        (cancel one first)."""
        kept = self.member(keep)
        dropped = self.member(drop)
        if kept.member_id == dropped.member_id:
            raise PokerfloorError("MERGE_SAME_MEMBER", {"member_id": keep})
        check_text("reason", reason, required=True, limit=500)
        for calendar_event in self.calendar.values():
            both = (
                kept.member_id in calendar_event.registrations
                and dropped.member_id in calendar_event.registrations
                and calendar_event.registrations[dropped.member_id].status != "cancelled"
                and calendar_event.registrations[kept.member_id].status != "cancelled"
            )
            if both:
                raise PokerfloorError(
                    "MERGE_BOTH_REGISTERED",
                    {"keep": keep, "drop": drop, "event_id": calendar_event.event_id},
                )
        event = MembersMerged(kept.member_id, dropped.member_id, reason.strip(), at_ms)
        self._record(event)
        return event

    # ---- queries ----------------------------------------------------------------------------

    def active_members(self) -> list[Member]:
        """Members not merged into another, by number."""
        return sorted(
            (m for m in self.members.values() if m.merged_into is None),
            key=lambda m: (len(m.member_id), m.member_id),
        )

    def public_name_of(self, member_id: str) -> str:
        """The member (or the one they were merged into) as the public sees them, told apart
        from every other member (``club.public_names``)."""
        member = self.member(member_id)
        return public_names(self.active_members()).get(member.member_id) or public_name(member)

    def public_names(self) -> dict[str, str]:
        """Every active member's public name, no two alike (``club.public_names``)."""
        return public_names(self.active_members())

    def find_members(self, text: str, limit: int = 20) -> list[Member]:
        """The members the desk means by ``text``: the number itself first, then names where
        every typed word starts a word of the name or nickname, then names containing the
        text; accents, case and hyphens ignored; by name within each group."""
        typed = normalize(text)
        if not typed:
            return []
        words = typed.split()
        number = text.strip().casefold()
        ranked: list[tuple[int, str, Member]] = []
        for member in self.active_members():
            if member.member_id.casefold() == number:
                rank = 0
            elif member.member_id.casefold().startswith(number):
                rank = 1
            else:
                known = normalize(f"{member.name} {member.nickname}").split()
                if all(any(w.startswith(t) for w in known) for t in words):
                    rank = 2
                elif typed in normalize(member.name) or typed in normalize(member.nickname):
                    rank = 3
                else:
                    continue
            ranked.append((rank, normalize(member.name), member))
        ranked.sort(key=lambda item: (item[0], item[1], item[2].member_id))
        return [member for _, _, member in ranked[:limit]]

    def homonyms(self, name: str, birth_date: str = "") -> list[Member]:
        """Members with the same name (accents, case and word order ignored): the desk warns
        before creating another. With a birth date, those born that day come first."""
        key = _name_key(name)
        if not key:
            return []
        same = [m for m in self.active_members() if _name_key(m.name) == key]
        return sorted(same, key=lambda m: not birth_date or m.birth_date != birth_date)

    def member_rows(self) -> list[dict[str, str]]:
        """The members (not merged) as rows for a file: ``MEMBER_COLUMNS`` then the identity
        check (``identity_checked`` yes/no, ``identity_by``, ``identity_at_ms``)."""
        return [
            {
                "member_id": m.member_id,
                "name": m.name,
                "nickname": m.nickname,
                "birth_date": m.birth_date,
                "contact": m.contact,
                "identity_checked": "yes" if m.identity_checked else "no",
                "identity_by": m.identity_by,
                "identity_at_ms": "" if m.identity_at_ms is None else str(m.identity_at_ms),
            }
            for m in self.active_members()
        ]

    def next_member_id(self) -> str:
        """The number after the highest numeric one (1 for the first member)."""
        numbers = [int(m) for m in self.members if m.isdigit()]
        return str(max(numbers, default=0) + 1)


def _check_fields(name: str, nickname: str, birth_date: str, contact: str) -> None:
    check_text("name", name, required=True, limit=100)
    check_text("nickname", nickname, limit=100)
    check_text("contact", contact, limit=200)
    if birth_date:
        check_iso_date("birth_date", birth_date)


# ---- import ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MemberRow:
    """One valid row of a members file, its birth date in ISO form."""

    line: int
    member_id: str  # "" = to be numbered
    name: str
    nickname: str
    birth_date: str
    contact: str
    card: str = ""  # a card type's code: a card from the import's day
    pin: str = ""  # 4 to 8 digits, "generate", or "" (none)
    identity_checked: bool = False


@dataclass(frozen=True, slots=True)
class RowError:
    line: int
    column: str
    code: str
    message: str
    value: str = ""


def _birth_date(text: str) -> str:
    """An ISO date, or a day-first one (31.12.1980, 31/12/1980) as Swiss and French clubs
    write it; raises ValueError otherwise."""
    day_first = _DAY_FIRST.match(text)
    if day_first:
        day, month, year = (int(part) for part in day_first.groups())
        text = f"{year:04d}-{month:02d}-{day:02d}"
    check_iso_date("birth_date", text)
    return text


def members_from_rows(
    rows: Iterable[Mapping[str, str]],
    first_line: int = 2,
    existing: Iterable[str] = (),
    card_types: Collection[str] = (),
) -> tuple[list[MemberRow], list[RowError]]:
    """Check a members file's rows (dicts by column, as ``csv.DictReader`` gives them; the
    first row is on ``first_line``, after the header). A row with an error is left out and
    each error names its line and column; a number twice in the file or already a member's
    (``existing``) is an error, and so is a card not among the club's ``card_types``, a PIN
    that is not 4 to 8 digits nor "generate", an identity check not yes or no."""
    valid: list[MemberRow] = []
    errors: list[RowError] = []
    seen = set(existing)
    for line, row in enumerate(rows, start=first_line):
        found: list[RowError] = []

        def fail(
            column: str,
            code: str,
            message: str,
            value: str,
            line: int = line,
            found: list[RowError] = found,
        ) -> None:
            found.append(RowError(line, column, code, message, value))

        member_id = (row.get("member_id") or "").strip()
        name = (row.get("name") or "").strip()
        nickname = (row.get("nickname") or "").strip()
        contact = (row.get("contact") or "").strip()
        birth = (row.get("birth_date") or "").strip()
        if member_id:
            try:
                check_id("member_id", member_id)
            except PokerfloorError as error:
                fail("member_id", error.code, error.message, member_id)
            else:
                if member_id in seen:
                    fail("member_id", "MEMBER_EXISTS", f"number {member_id} is taken", member_id)
                seen.add(member_id)
        if not name or len(name) > 100:
            fail("name", "CLUB_BAD_TEXT", "a name of 1 to 100 characters is needed", name)
        if len(nickname) > 100:
            fail("nickname", "CLUB_BAD_TEXT", "a nickname of at most 100 characters", nickname)
        if len(contact) > 200:
            fail("contact", "CLUB_BAD_TEXT", "a contact of at most 200 characters", contact)
        if birth:
            try:
                birth = _birth_date(birth)
            except PokerfloorError as error:
                fail("birth_date", error.code, error.message, birth)
        card = (row.get("card") or "").strip()
        if card and card not in card_types:
            fail("card", "UNKNOWN_CARD_TYPE", "not one of the club's cards", card)
        pin = (row.get("pin") or "").strip()
        if pin.casefold() in GENERATE_PIN:
            pin = GENERATE_PIN[0]
        elif pin and not _PIN.search(pin):
            fail("pin", "CSV_BAD_PIN", "4 to 8 digits or generate", pin)
        checked = (row.get("identity_checked") or "").strip().casefold()
        if checked not in _YES and checked not in _NO:
            fail("identity_checked", "CSV_BAD_YES_NO", "yes or no", checked)
        if found:
            errors.extend(found)
        else:
            valid.append(
                MemberRow(
                    line, member_id, name, nickname, birth, contact, card, pin, checked in _YES
                )
            )
    return valid, errors
