"""How a member is named where anyone may look: the club's public pages, its public API and
CSV, and the tournaments started from its events (their screens and phone pages are public).

The member's nickname when the club recorded one; otherwise the first name and the initial of
the last name ("Jean-Pierre Martin" -> "Jean-Pierre M."), never the whole last name. The club's
signed-in staff see the full name (``Member.name``): the desk, the members, the event pages.

The name is one text, typed as the club writes it: "Jean-Pierre Martin", or the surname
first in capitals as on French forms ("MARTIN Jean-Pierre"). A word in capitals (two letters
or more) is the surname; otherwise the first word is the first name and the last word the
surname ("Marie de la Tour" -> "Marie T."). A name of one word is shown as it is.
"""

from __future__ import annotations

from pokerfloor.club._base import Member

__all__ = ["public_name", "short_name"]


def _is_capitals(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def _initial(surname: str) -> str:
    letter = next((c for c in surname if c.isalpha()), "")
    return f"{letter.upper()}." if letter else ""


def short_name(name: str) -> str:
    """The first name and the initial of the last name of a full name."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    capitals = [index for index, word in enumerate(words) if _is_capitals(word)]
    if capitals and len(capitals) < len(words):
        surname = words[capitals[0]]
        given = next(word for index, word in enumerate(words) if index not in capitals)
    else:
        given, surname = words[0], words[-1]
    return f"{given} {_initial(surname)}".strip()


def public_name(member: Member) -> str:
    """The member as the public sees them: their nickname, else ``short_name`` of the name."""
    nickname = member.nickname.strip()
    return nickname or short_name(member.name)
