"""An imported event log is untrusted input: its text fields get the API's limits.

The events the service records come from commands the API has already checked, so the event
types themselves carry no limits (replaying a long log stays fast). An event log read from a
file (``pokerfloor import``) never went through the API: every text field of every event is
checked here against the same bounds as the command field it comes from (``commands/``): ids
by their full pattern, names, reasons, payment methods, penalty kinds; any other text gets the
longest of those bounds. A field out of bounds names the event's line, its field and the bound.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from pokerfloor.app._command_fields import (
    MethodText,
    NameText,
    PlayerIdText,
    ReasonText,
    TournamentIdText,
)
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import RoomLogoSet, TournamentEvent
from pokerfloor.tournament.limits import MAX_CLUB_NAME_LENGTH, MAX_SCREEN_MESSAGE_LENGTH
from pokerfloor.tournament.room_screen import check_logo

__all__ = ["check_imported_events"]

_Short = Annotated[str, msgspec.Meta(max_length=40)]
# Any other text (a citation, a floor call's reason, which may be empty): a reason's bound.
_OtherText = Annotated[str, msgspec.Meta(max_length=ReasonText.__metadata__[0].max_length)]
_OptionalName = Annotated[str, msgspec.Meta(max_length=NameText.__metadata__[0].max_length)]
# The command field each event field comes from, by its name.
_BOUNDS: dict[str, Any] = {
    "tournament_id": TournamentIdText,
    "player_id": PlayerIdText,
    "absent_player_id": PlayerIdText,
    "tied_with": PlayerIdText,
    "away": PlayerIdText,
    "name": NameText,
    "structure_name": _OptionalName,
    "display_name": _OptionalName,  # tournament_created: "" when the tournament has none
    "reason": _OtherText,
    "method": MethodText,
    "payment_method": MethodText,
    "kind": _Short,
    "profile": _Short,
    "situation": _Short,  # a floor call's irregularity and its facts (commands.FloorKey)
    "facts": _Short,
    "basis": _Short,
    "club_name": Annotated[str, msgspec.Meta(max_length=MAX_CLUB_NAME_LENGTH)],
    "message": Annotated[str, msgspec.Meta(max_length=MAX_SCREEN_MESSAGE_LENGTH)],
}


def check_imported_events(events: list[TournamentEvent]) -> None:
    """Refuse (``BAD_EVENT_LOG``) an event whose text is beyond what the API accepts."""
    for line, event in enumerate(events, start=1):
        _check(event, type(event).__name__, line)
        if isinstance(event, RoomLogoSet) and event.logo:
            # An image from a file is checked as an upload is: PNG or JPEG, 256 KB at most.
            try:
                check_logo(event.logo)
            except PokerfloorError as error:
                raise PokerfloorError(
                    "BAD_EVENT_LOG",
                    f"line {line}: field 'logo': {error.message}",
                    {"line": line, "field": "logo"},
                ) from error


def _check(value: object, field: str, line: int) -> None:
    if isinstance(value, msgspec.Struct):
        for name in value.__struct_fields__:
            _check(getattr(value, name), name, line)
    elif isinstance(value, tuple | list):
        for item in value:
            _check(item, field, line)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, "player_id" if isinstance(key, str) else field, line)
            _check(item, field, line)
    elif isinstance(value, str):
        bound = _BOUNDS.get(field, _OtherText)
        try:
            msgspec.convert(value, bound)
        except msgspec.ValidationError as error:
            raise PokerfloorError(
                "BAD_EVENT_LOG",
                f"line {line}: field {field!r}: {error} (the API's bound for it)",
                {"line": line, "field": field},
            ) from error
