"""The room's screen: what the TD shows on the clock's TV besides the clock (the club's name,
its logo, a message line such as "Dernière recave à la pause").

They are events like the rest, so the screen looks the same after a server restart: nothing
the TD was told is done is lost. The logo travels inside its event (base64 in the JSON log):
at most ``MAX_LOGO_BYTES``, it keeps the log the only store of the tournament (a backup or an
export carries it) at the cost of a few hundred KB for the one event. An image is untrusted
input: only PNG and JPEG are taken, known by their first bytes (an SVG may carry a script;
the name or the browser's type of the file are not looked at).

A part of ``Tournament`` (``tournament.screen``, _parts.py): what the screen shows now, with
the two events that change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._parts import Part, applies
from pokerfloor.tournament.events import RoomLogoSet, RoomScreenSet
from pokerfloor.tournament.limits import (
    MAX_CLUB_NAME_LENGTH,
    MAX_LOGO_BYTES,
    MAX_SCREEN_MESSAGE_LENGTH,
)

if TYPE_CHECKING:
    from pokerfloor.tournament.state import Tournament

__all__ = [
    "ROOM_SCREEN_EVENTS",
    "RoomScreen",
    "Screen",
    "check_logo",
    "logo_media_type",
    "screen_text",
]

ROOM_SCREEN_EVENTS = (RoomScreenSet, RoomLogoSet)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SIGNATURE = b"\xff\xd8\xff"


class RoomScreen(msgspec.Struct, frozen=True):
    """What the room's screen shows now; ``logo_at_ms``: when the logo was set (its version:
    a changed logo gets a new address, so no screen keeps an old one in its cache)."""

    club_name: str = ""
    message: str = ""
    logo: bytes = b""
    logo_at_ms: int | None = None


def logo_media_type(data: bytes) -> str | None:
    """``image/png`` or ``image/jpeg`` from the image's first bytes; None for anything else."""
    if data.startswith(PNG_SIGNATURE):
        return "image/png"
    if data.startswith(JPEG_SIGNATURE):
        return "image/jpeg"
    return None


def check_logo(data: bytes) -> None:
    """Refuse a logo over ``MAX_LOGO_BYTES`` or that is not a PNG or JPEG image."""
    max_kb = MAX_LOGO_BYTES // 1024
    if len(data) > MAX_LOGO_BYTES:
        raise PokerfloorError(
            "ROOM_LOGO_TOO_LARGE", {"size_kb": -(-len(data) // 1024), "max_kb": max_kb}
        )
    if logo_media_type(data) is None:
        raise PokerfloorError("ROOM_LOGO_NOT_AN_IMAGE", {"max_kb": max_kb})


def screen_text(text: str, field: str, most: int) -> str:
    """``text`` on one line (runs of spaces and line breaks made one space, invisible control
    characters dropped), refused beyond ``most`` characters; ``field``: ``club_name`` or
    ``message``, the refusal's ``reason``."""
    shown = " ".join("".join(c for c in text if c.isprintable() or c.isspace()).split())
    if len(shown) > most:
        raise PokerfloorError(
            "ROOM_TEXT_TOO_LONG", {"reason": field, "length": len(shown), "most": most}
        )
    return shown


class Screen(Part):
    """Setting the room's screen: ``tournament.screen``; ``shown``: what it shows now."""

    __slots__ = ("shown",)

    def __init__(self, host: Tournament) -> None:
        super().__init__(host)
        self.shown = RoomScreen()

    def set(self, club_name: str, message: str, at_ms: int) -> None:
        """The club's name and the message line ("" for none); the same again records
        nothing."""
        name = screen_text(club_name, "club_name", MAX_CLUB_NAME_LENGTH)
        line = screen_text(message, "message", MAX_SCREEN_MESSAGE_LENGTH)
        if (name, line) != (self.shown.club_name, self.shown.message):
            self.host._record(RoomScreenSet(name, line, at_ms))

    def set_logo(self, logo: bytes, at_ms: int) -> None:
        """The club's logo (a PNG or JPEG image, ``check_logo``); empty bytes remove it."""
        if logo:
            check_logo(logo)
        elif not self.shown.logo:
            return  # no logo to remove
        self.host._record(RoomLogoSet(logo, at_ms))

    @applies(RoomScreenSet)
    def _screen_set(self, event: RoomScreenSet) -> None:
        self.shown = msgspec.structs.replace(
            self.shown, club_name=event.club_name, message=event.message
        )

    @applies(RoomLogoSet)
    def _logo_set(self, event: RoomLogoSet) -> None:
        self.shown = msgspec.structs.replace(
            self.shown, logo=event.logo, logo_at_ms=event.at_ms if event.logo else None
        )
