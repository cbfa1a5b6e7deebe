"""What the clubs' API and pages share: the club service of the application, and a member
acting with their number and PIN (checked, rate-limited, turned into the club's digest).

A wrong PIN and an unknown number get the same answer (``WRONG_PIN``): the public pages do
not tell which numbers exist. Each wrong attempt counts against the address in a
``FailureLimiter`` of its own (``PIN_FAILURES_PER_MINUTE``); past it, ``TooManyFailures``.
"""

from __future__ import annotations

import hmac

from starlette.requests import HTTPConnection
from starlette.responses import Response

from pokerfloor.app.club_commands import MemberCancel, MemberRegister, pin_digest
from pokerfloor.app.club_service import ClubPublished, ClubService
from pokerfloor.app.service import TournamentService
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.request_guard import CLIENT_ADDRESS
from pokerfloor.web.sessions import FailureLimiter, TooManyFailures

__all__ = [
    "PIN_FAILURES_PER_MINUTE",
    "clubs_of",
    "csv_response",
    "member_acts",
    "pin_limiter_of",
    "tournaments_of",
]

PIN_FAILURES_PER_MINUTE = 10


def clubs_of(connection: HTTPConnection) -> ClubService:
    clubs: ClubService = connection.app.state.clubs
    return clubs


def tournaments_of(connection: HTTPConnection) -> TournamentService:
    service: TournamentService = connection.app.state.pages.service
    return service


def csv_response(text: str, filename: str) -> Response:
    """A CSV file (``club_csv.write_csv``'s text) to download as ``filename``."""
    return Response(
        text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def pin_limiter_of(connection: HTTPConnection) -> FailureLimiter:
    limiter: FailureLimiter = connection.app.state.pin_limiter
    return limiter


def _checked_digest(
    clubs: ClubService, limiter: FailureLimiter, club_id: str, member_id: str, pin: str
) -> str:
    address = CLIENT_ADDRESS.get()
    if limiter.blocked(address):
        raise TooManyFailures(limiter.retry_after(address))

    def digests(club: Club) -> tuple[str, str] | None:
        try:
            member = club.member(member_id)
        except PokerfloorError:
            return None
        return member.pin_digest, pin_digest(club, member_id, pin, clubs.pin_key)

    found = clubs.read(club_id, digests)
    if (
        found is None
        or not found[0]
        or not pin.isdigit()
        or not hmac.compare_digest(found[0], found[1])
    ):
        limiter.failed(address)
        raise PokerfloorError(
            "WRONG_PIN", "the member number or the PIN is wrong", {"member_id": member_id[:64]}
        )
    return found[1]


def member_acts(
    clubs: ClubService,
    limiter: FailureLimiter,
    club_id: str,
    event_id: str,
    member_id: str,
    pin: str,
    cancel: bool,
) -> list[ClubPublished]:
    """A member registers (or cancels) with their number and PIN; the events once durable.
    ``WRONG_PIN``, ``TooManyFailures``, or the club's refusal (``PokerfloorError``)."""
    member_id, pin = member_id.strip(), pin.strip()
    digest = _checked_digest(clubs, limiter, club_id, member_id, pin)
    if cancel:
        return clubs.execute_published(
            club_id, MemberCancel(event_id=event_id, member_id=member_id, pin_digest=digest)
        )
    return clubs.execute_published(
        club_id, MemberRegister(event_id=event_id, member_id=member_id, pin_digest=digest)
    )
