"""What the club's pages share: the club of a request (404 when unknown, the TD's sign-in first
for the TD's pages), running a club command as the API would with its refusal in the page's
language, the outcome shown after a redirect, and times in the club's time zone.

The club's pages are plain HTML forms: a form posts, the handler runs the command and sends
the browser back to the page (303) with ``?done=<what>`` on success, or shows the page again
with the refusal in ``#flash``. They work without JavaScript; the members' search types ahead
with htmx.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any

import msgspec
from fastapi import Request, WebSocket
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from pokerfloor.app.club_commands import ClubCommand
from pokerfloor.app.club_link import tournament_id_of
from pokerfloor.app.club_service import ClubService
from pokerfloor.club.state import Club
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.points import format_points
from pokerfloor.web import i18n
from pokerfloor.web.club_access import clubs_of
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._common import PageError, locale_of, render, require_td
from pokerfloor.web.pages.common._live import drain_burst, push_until_closed
from pokerfloor.web.pages.common._refusals import (
    EVENT_PREFIX,
    TOURNAMENT_PREFIX,
    explain,
    validation_text,
)
from pokerfloor.web.pages.td.results import parse_cents

__all__ = [
    "DONE",
    "back",
    "club_of",
    "club_render",
    "club_run",
    "from_local",
    "local_time",
    "money_cents",
    "points_text",
    "pump_club",
]

NO_CLUB = N_("There is no such club.")
# A currency's sign or code typed with an amount, and the Swiss ".-" of whole francs.
_CURRENCY_MARKS = re.compile(r"[€£$]|\b[A-Za-z]{2,3}\b\.?|\.-$|\s+$")
# What ``?done=`` says after a redirect: only these messages, never text from the URL.
DONE = {
    "club": N_("The club is created."),
    "member": N_("The member is added."),
    "updated": N_("Saved."),
    "identity": N_("The identity check is recorded."),
    "pin": N_("The PIN is set: give it to the member."),
    "card": N_("The card is issued; its fee is in the cash book."),
    "merged": N_("The members are merged."),
    "event": N_("The event is in the calendar."),
    "registered": N_("The registration is recorded."),
    "cancelled": N_("The registration is cancelled."),
    "checked_in": N_("Checked in."),
    "no_show": N_("The no-show is recorded."),
    "presence": N_("The presence is recorded."),
    "refunded": N_("The deposit is refunded."),
    "started": N_("The tournament is ready: open its registration desk to draw the seats."),
    "closed": N_("The event is closed: its results count for the season."),
    "ban": N_("The ban is recorded."),
    "lifted": N_("The ban is lifted."),
    "waived": N_("The offence is waived."),
    "season": N_("The season is created."),
    "cash": N_("The cash book line is recorded."),
    "imported": N_("The members are imported."),
    "event_cancelled": N_("The event is cancelled."),
    "settings": N_("The club's settings are saved."),
}


def club_of(request: Request, club_id: str, *, td_only: bool = True) -> ClubService:
    """The club service once the club is known (404 otherwise); the TD's sign-in first for
    the TD's pages, so a visitor is sent to sign in, not told what exists."""
    if td_only:
        require_td(request)
    clubs = clubs_of(request)
    if not clubs.exists(club_id):
        raise PageError(404, say_now(request, NO_CLUB))
    clubs.version(club_id)  # loads it: a damaged club raises ClubDamaged
    return clubs


def say_now(request: Request, message: str, **values: object) -> str:
    with i18n.use_locale(locale_of(request)):
        return i18n.gettext(message, **values)


def club_run(
    request: Request, club_id: str, kind: type[ClubCommand], /, **fields: Any
) -> str | None:
    """Validate and run the club command ``kind`` (a command of ``app/club_commands.py``)
    with ``fields`` as the form gives them, converted as the API would decode them: None when
    done, else the refusal in the page's language (nothing changed)."""
    with i18n.use_locale(locale_of(request)):
        try:
            tagged = {"type": kind.__struct_config__.tag, **fields}
            command: ClubCommand = msgspec.convert(tagged, kind)
        except msgspec.ValidationError as error:
            return validation_text(error)
        try:
            clubs_of(request).execute(club_id, command)
        except PokerfloorError as error:
            return str(explain(error, member_names(clubs_of(request), club_id)))
    return None


def refusal_text(request: Request, error: PokerfloorError, club_id: str) -> str:
    with i18n.use_locale(locale_of(request)):
        return str(explain(error, member_names(clubs_of(request), club_id)))


def member_names(clubs: ClubService, club_id: str) -> dict[str, str]:
    """Members' names by number, for refusals that name a member: the name with the number
    after it (two members may share a name); and the events' titles (``EVENT_PREFIX``)."""

    def names(club: Club) -> dict[str, str]:
        found = {m: f"{club.members[m].name} ({m})" for m in club.members}
        for event_id, calendar_event in club.calendar.items():
            found[f"{EVENT_PREFIX}{event_id}"] = calendar_event.scheduled.name
            tournament_id = tournament_id_of(club.club_id, event_id)
            found[f"{TOURNAMENT_PREFIX}{tournament_id}"] = calendar_event.scheduled.name
        return found

    try:
        return clubs.read(club_id, names)
    except PokerfloorError:
        return {}


def back(url: str, done: str) -> RedirectResponse:
    separator = "&" if "?" in url else "?"
    return RedirectResponse(f"{url}{separator}done={done}", status_code=303)


def club_render(
    request: Request, template: str, club: Club, error: str | None = None, **context: Any
) -> HTMLResponse:
    """A club page with the outcome of the last action (``error``, or ``?done=``)."""
    done_key = request.query_params.get("done", "")
    done = say_now(request, DONE[done_key]) if done_key in DONE and not error else None
    zone = club.settings.tzinfo()
    currency = club.settings.currency
    return render(
        request,
        template,
        club=club,
        club_id=club.club_id,
        error=error,
        done=done,
        when=lambda ms: local_time(ms, zone),
        money=lambda cents: i18n.format_cents(cents, currency),
        points=points_text,
        today=lambda ms: i18n.format_date(club.club_date(ms)),
        **context,
    )


def points_text(hundredths: int) -> str:
    """Championship points (kept in hundredths) in the page's language, as the tournament's
    results show them: 12,5 / 12.5."""
    return format_points(hundredths, i18n.current_locale())


def local_time(at_ms: int | None, zone: datetime.tzinfo) -> str:
    """The day and time on the club's clock (its time zone, summer time included), in the
    page's language."""
    if at_ms is None:
        return ""
    moment = datetime.datetime.fromtimestamp(at_ms / 1000, tz=datetime.UTC)
    return i18n.format_date(moment.astimezone(zone).replace(tzinfo=None))


def from_local(text: str, zone: datetime.tzinfo) -> int | None:
    """A ``datetime-local`` field (``YYYY-MM-DDTHH:MM``, the club's clock) in UTC ms."""
    try:
        moment = datetime.datetime.fromisoformat(text.strip().replace(" ", "T"))
    except ValueError:
        return None
    if moment.tzinfo is not None or not 2000 <= moment.year <= 2200:
        return None
    return int(moment.replace(tzinfo=zone).timestamp() * 1000)


def money_cents(text: str) -> int | None:
    """An amount typed in a form (``20``, ``20,50``, ``20.50 €``, ``CHF 50.-``) in cents, None
    when it is not one (results.parse_cents); "" is 0."""
    if not text.strip():
        return 0
    try:
        return parse_cents(_CURRENCY_MARKS.sub("", text))
    except ValueError:
        return None


async def pump_club(
    websocket: WebSocket,
    clubs: ClubService,
    club_id: str,
    fragment: Callable[[], str | None],
    *,
    initial: bool,
    allowed: bool = True,
) -> None:
    """A live club page: ``fragment()`` (HTML for htmx's ws extension) sent on connection
    (``initial``) and after every durable change of the club, until the page goes; None
    closes the socket (the event is gone). Closed at once for an unknown club (4404) or a
    viewer not ``allowed`` (4401)."""
    # Subscribed before the handshake completes: a change made as soon as the client sees
    # the socket open (a member registering that instant) is then never missed.
    known = allowed and await run_in_threadpool(clubs.exists, club_id)
    queue = clubs.subscribe(club_id) if known else None
    await websocket.accept()
    if queue is None:
        code, reason = (4401, "not allowed") if not allowed else (4404, "no such club")
        await websocket.close(code=code, reason=reason)
        return

    async def push() -> None:
        send = initial
        while True:
            if send:
                html = await run_in_threadpool(fragment)
                if html is None:
                    await websocket.close(code=4404, reason="no such event")
                    return
                await websocket.send_text(html)
            await queue.get()
            await drain_burst(queue)
            send = True

    try:
        await push_until_closed(websocket, push)
    finally:
        clubs.unsubscribe(club_id, queue)
