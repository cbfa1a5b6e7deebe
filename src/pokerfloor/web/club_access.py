"""What the clubs' API and pages share: the club service of the application, and a member
acting with their number and PIN (checked, rate-limited, turned into the club's digest).

A wrong PIN and an unknown number get the same answer (``WRONG_PIN``): the public pages do
not tell which numbers exist. The event is looked up before the PIN is checked: an unknown
event answers ``UNKNOWN_CLUB_EVENT`` whatever the PIN, and never tells whether it was right.

A PIN has 4 digits: 10,000 tries find it. So each wrong PIN counts three times (``PinLocks``,
issue 27): against the address (``PIN_FAILURES_PER_MINUTE`` a minute), against the member
number (after ``FREE_TRIES`` failures each try waits twice as long as the one before; at
``LOCK_AFTER`` the number is locked until the TD lifts it: ``PIN_LOCKED``, said in words),
and against the club (``CLUB_FAILURES_PER_HOUR``: rotating addresses over many numbers).
An unknown number is counted like a real one, so a lock tells nothing either. The counts are
in memory, bounded (``MAX_MEMBERS_COUNTED``); a right PIN clears its member's.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

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
    "CLUB_FAILURES_PER_HOUR",
    "FREE_TRIES",
    "LOCK_AFTER",
    "PIN_FAILURES_PER_MINUTE",
    "PinLocks",
    "clubs_of",
    "csv_response",
    "member_acts",
    "member_digest",
    "pin_limiter_of",
    "tournaments_of",
]

PIN_FAILURES_PER_MINUTE = 10
FREE_TRIES = 3
LOCK_AFTER = 10
CLUB_FAILURES_PER_HOUR = 300
MAX_MEMBERS_COUNTED = 10_000
_LONGEST_WAIT_S = 3600


@dataclass
class _Failures:
    count: int
    last_at: float


class PinLocks:
    """The three counts of wrong PINs (see the module's documentation). ``clock``: monotonic
    seconds (a fake in the tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address = FailureLimiter(limit=PIN_FAILURES_PER_MINUTE, clock=clock)
        self.per_club = FailureLimiter(limit=CLUB_FAILURES_PER_HOUR, window=3600.0, clock=clock)
        self._clock = clock
        self._lock = threading.Lock()
        self._members: OrderedDict[tuple[str, str], _Failures] = OrderedDict()

    def check(self, address: str, club_id: str, member_id: str) -> None:
        """Before a PIN is checked: ``PokerfloorError("PIN_LOCKED")`` for a locked number,
        ``TooManyFailures`` while the address, the club or the number must wait."""
        if self.per_address.blocked(address):
            raise TooManyFailures(self.per_address.retry_after(address))
        if self.per_club.blocked(club_id):
            raise TooManyFailures(self.per_club.retry_after(club_id))
        with self._lock:
            failures = self._members.get((club_id, member_id))
            if failures is None:
                return
            if failures.count >= LOCK_AFTER:
                raise PokerfloorError(
                    "PIN_LOCKED",
                    f"member {member_id[:64]}'s PIN is locked after {failures.count} wrong "
                    "tries: the TD can unlock it",
                    {"member_id": member_id[:64], "failures": failures.count},
                )
            wait = self._wait(failures)
        if wait > 0:
            raise TooManyFailures(wait)

    def failed(self, address: str, club_id: str, member_id: str) -> None:
        self.per_address.failed(address)
        self.per_club.failed(club_id)
        key = (club_id, member_id[:64])
        with self._lock:
            failures = self._members.pop(key, None) or _Failures(0, 0.0)
            failures.count += 1
            failures.last_at = self._clock()
            self._members[key] = failures
            while len(self._members) > MAX_MEMBERS_COUNTED:
                oldest = next(iter(self._members))
                self._members.pop(oldest)

    def succeeded(self, club_id: str, member_id: str) -> None:
        with self._lock:
            self._members.pop((club_id, member_id), None)

    def unlock(self, club_id: str, member_id: str) -> bool:
        """The TD lifts a member's lock (and backoff); whether there was anything to lift."""
        with self._lock:
            return self._members.pop((club_id, member_id), None) is not None

    def locked(self, club_id: str) -> list[tuple[str, int]]:
        """The club's locked numbers and their wrong tries, for the TD."""
        with self._lock:
            return sorted(
                (member_id, failures.count)
                for (club, member_id), failures in self._members.items()
                if club == club_id and failures.count >= LOCK_AFTER
            )

    def _wait(self, failures: _Failures) -> int:
        """Seconds still to wait before this number's next try (0: now)."""
        if failures.count < FREE_TRIES:
            return 0
        backoff = min(_LONGEST_WAIT_S, 2 ** (failures.count - FREE_TRIES))
        left = failures.last_at + backoff - self._clock()
        return max(0, int(left + 0.999))


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


def pin_limiter_of(connection: HTTPConnection) -> PinLocks:
    limiter: PinLocks = connection.app.state.pin_limiter
    return limiter


def member_digest(
    clubs: ClubService, limiter: PinLocks, club_id: str, member_id: str, pin: str
) -> str:
    """The member's PIN digest once the PIN is right; ``WRONG_PIN``, ``PIN_LOCKED`` or
    ``TooManyFailures`` otherwise (every wrong try counted by ``limiter``)."""
    address = CLIENT_ADDRESS.get()
    member_id, pin = member_id.strip(), pin.strip()
    limiter.check(address, club_id, member_id)

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
        limiter.failed(address, club_id, member_id)
        raise PokerfloorError(
            "WRONG_PIN", "the member number or the PIN is wrong", {"member_id": member_id[:64]}
        )
    limiter.succeeded(club_id, member_id)
    return found[1]


def member_acts(
    clubs: ClubService,
    limiter: PinLocks,
    club_id: str,
    event_id: str,
    member_id: str,
    pin: str,
    cancel: bool,
) -> list[ClubPublished]:
    """A member registers (or cancels) with their number and PIN; the events once durable.
    ``WRONG_PIN``, ``TooManyFailures``, or the club's refusal (``PokerfloorError``). The
    event first: whether it exists is public (the calendar), and answering it before the PIN
    keeps a missing event from telling a right PIN from a wrong one."""
    member_id = member_id.strip()
    clubs.read(club_id, lambda club: club.event(event_id))  # UNKNOWN_CLUB_EVENT
    digest = member_digest(clubs, limiter, club_id, member_id, pin)
    if cancel:
        return clubs.execute_published(
            club_id, MemberCancel(event_id=event_id, member_id=member_id, pin_digest=digest)
        )
    return clubs.execute_published(
        club_id, MemberRegister(event_id=event_id, member_id=member_id, pin_digest=digest)
    )
