"""How a member is named where anyone may look: the club's public pages, its public API and
CSV, and the tournaments started from its events (their screens and phone pages are public).

The member's nickname when the club recorded one; otherwise the first name and the initial of
the last name ("Jean-Pierre Martin" -> "Jean-Pierre M."), never the whole last name. The club's
signed-in staff see the full name (``Member.name``): the desk, the members, the event pages.

The name is one text, typed as the club writes it: "Jean-Pierre Martin", or the surname
first in capitals as on French forms ("MARTIN Jean-Pierre"). A word in capitals (two letters
or more) is the surname; otherwise the first word is the first name and the last word the
surname ("Marie de la Tour" -> "Marie T."). A name of one word is shown as it is.

Two members must not look alike where the TD calls them and the players read the screen (a
tournament started from an event registers its players under these names): ``public_names``
gives the club's members distinct names, showing more letters of the last names of those who
would look alike ("Jean Ma." and "Jean Mo."), and, when even that cannot tell them apart (the
same name or the same nickname), adding their member number ("Jean Martin #12").
"""

from __future__ import annotations

from collections.abc import Iterable

from pokerfloor.club._base import Member

__all__ = ["public_name", "public_names", "short_name"]


def _is_capitals(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _initial(surname: str, letters: int = 1) -> str:
    """The first ``letters`` letters of the surname, capitalised, with a dot; the whole surname
    (no dot) when that is all of it."""
    start = next((index for index, c in enumerate(surname) if c.isalpha()), None)
    if start is None:
        return ""
    shown = surname[start : start + letters]
    if start + letters >= len(surname):
        return shown[0].upper() + shown[1:].lower()
    return f"{shown[0].upper()}{shown[1:].lower()}."


def _split(name: str) -> tuple[str, str] | None:
    """(first name, surname) of a full name; None for a name of one word."""
    words = name.split()
    if len(words) < 2:
        return None
    capitals = [index for index, word in enumerate(words) if _is_capitals(word)]
    if capitals and len(capitals) < len(words):
        surname = words[capitals[0]]
        given = next(word for index, word in enumerate(words) if index not in capitals)
    else:
        given, surname = words[0], words[-1]
    return given, surname


def short_name(name: str, letters: int = 1) -> str:
    """The first name and the first ``letters`` letters of the last name of a full name."""
    parts = _split(name)
    if parts is None:
        return name.strip()
    given, surname = parts
    return f"{given} {_initial(surname, letters)}".strip()


def public_name(member: Member) -> str:
    """The member as the public sees them: their nickname, else ``short_name`` of the name."""
    nickname = member.nickname.strip()
    return nickname or short_name(member.name)


def public_names(members: Iterable[Member]) -> dict[str, str]:
    """Each member's public name by member id, no two alike (letter case and dots aside): see the
    module's documentation."""
    listed = list(members)
    letters = dict.fromkeys((m.member_id for m in listed), 1)
    names = {m.member_id: public_name(m) for m in listed}

    def alike() -> list[list[Member]]:
        groups: dict[str, list[Member]] = {}
        for member in listed:
            key = names[member.member_id].casefold().replace(".", "")  # "Mo." looks like "Mo"
            groups.setdefault(key, []).append(member)
        return [group for group in groups.values() if len(group) > 1]

    while clashes := alike():
        longer = False
        for member in (m for group in clashes for m in group):
            parts = _split(member.name)
            if member.nickname.strip() or parts is None:
                continue
            if letters[member.member_id] >= len(parts[1]):  # the whole surname shown already
                continue
            letters[member.member_id] += 1
            names[member.member_id] = short_name(member.name, letters[member.member_id])
            longer = True
        if not longer:
            break
    for group in alike():
        for member in group:
            names[member.member_id] += f" #{member.member_id}"
    return names
