"""The TD's page of the members' locked PINs (issue 27): the numbers locked after too many
wrong PINs (``club_access.PinLocks``), each with a button that lifts its lock. The API has
the same (``GET /api/clubs/{club_id}/pin-locks``, ``POST .../members/{member_id}/unlock-pin``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from pokerfloor.web.club_access import pin_limiter_of
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.club._club_common import club_of, club_render, say_now
from pokerfloor.web.pages.common._common import redirect

__all__ = ["router"]

router = APIRouter()
UNLOCKED = N_("The PIN of member %(member)s is unlocked: the member may try again.")


@router.get("/club/{club_id}/pin-locks")
def pin_locks(request: Request, club_id: str) -> Response:
    clubs = club_of(request, club_id)
    club = clubs.club(club_id)
    unlocked = request.query_params.get("unlocked", "")
    notice = None
    if unlocked in club.members:  # only a real number is echoed, never text from the URL
        notice = say_now(request, UNLOCKED, member=unlocked)
    rows = [
        (member_id, club.members[member_id].name if member_id in club.members else "", tries)
        for member_id, tries in pin_limiter_of(request).locked(club_id)
    ]
    return club_render(request, "club_pin_locks.html", club, None, rows=rows, notice=notice)


@router.post("/club/{club_id}/members/{member_id}/unlock-pin")
def unlock_pin(request: Request, club_id: str, member_id: str) -> Response:
    club_of(request, club_id)
    pin_limiter_of(request).unlock(club_id, member_id)
    return redirect(f"/club/{club_id}/pin-locks?unlocked={member_id}")
