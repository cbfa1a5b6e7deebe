"""Every page the test client can render, at several stages of an evening and of a club's month:
a tournament taking registrations, one running (seated, a bust, a payment), one paused hand for
hand with a floor call waiting, one finished;
a club with members, a season, an event with a late cancellation; the public and phone pages.
The English-leak scan and the formatting tests walk them."""

from __future__ import annotations

from collections.abc import Iterator

from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import Venue
from tests.web.pages.test_club_pages import HOUR_MS, a_club

# The names of the tour's people and clubs: data, not messages.
NAMES = ("Joueur", "Heaven <Poker>", "Ada Lovelace", "Blaise Pascal", "Claude Monet", "Petit")


def set_up(venue: Venue) -> None:
    venue.command("reg", type="create_tournament", tournament_id="reg")
    for number in (1, 2, 3):
        venue.command(
            "reg", type="register_player", player_id=f"p{number}", name=f"Joueur {number}"
        )
    venue.evening("club", players=20)
    seated = venue.service.tournament("club").players["p1"].seat
    assert seated is not None
    venue.command("club", type="bust_players", table_no=seated.table_no, players=["p1"])
    venue.command("club", type="record_payment", player_id="p2", paid=True, method="cash")
    venue.evening("h4h", players=12)  # hand for hand (it pauses the clock), a floor call
    venue.command("h4h", type="set_hand_for_hand", active=True)
    venue.command("h4h", type="call_floor", table_no=1, reason="litige")
    venue.evening("fin", players=3)
    venue.command("fin", type="bust_players", table_no=1, players=["p1"])
    venue.command("fin", type="bust_players", table_no=1, players=["p2"])
    venue.command("fin", type="finish")
    start = a_club(venue)
    venue.public.post("/c/hp/e/e1/register", data={"member_id": "1", "pin": "1111"})
    venue.public.post("/c/hp/e/e1/register", data={"member_id": "2", "pin": "2222"})
    venue.clock.now_ms = start - HOUR_MS  # a late cancellation: a reminder letter
    venue.public.post("/c/hp/e/e1/cancel", data={"member_id": "1", "pin": "1111", "confirm": "yes"})


TOURNAMENT_PAGES = (
    "console", "desk", "clock", "captains", "results", "cash", "seat-cards", "me", "me/p2",
    "floor", "floor/irregularities", "penalties", "corrections", "chip-race", "moves/slips",
)  # fmt: skip
CLUB_PAGES = (
    "/clubs", "/club/hp", "/club/hp/members", "/club/hp/members/1", "/club/hp/members/3",
    "/club/hp/members/1/letter/1", "/club/hp/events/e1", "/club/hp/seasons/s1", "/club/hp/cash",
    "/c/hp", "/c/hp/e/e1", "/c/hp/s/s1", "/c/hp/m/1",
)  # fmt: skip
OTHER_PAGES = (
    "/", "/login", "/new", "/floor", "/floor/irregularities",
    *(f"/new/profile?profile={name}" for name in ("allinouest", "heavenpoker", "ropta")),
    "/new/profile?profile=tda-2010",
    *(f"/new/template?template={name}" for name in ("club-rebuy", "deep-stack", "turbo")),
)  # fmt: skip
# The running tournament's dialogs and forms, loaded into its pages.
FRAGMENTS = (
    "console/player/p2", "console/addons", "console/picker/break", "desk/seat-form?player_id=p2",
    "desk/unregister-form?player_id=p3", "penalties/kind?player_id=p2",
)  # fmt: skip


def urls(venue: Venue) -> Iterator[str]:
    """The pages of the tour (after ``set_up``), the TD's and the phones'."""
    yield from OTHER_PAGES
    for tid in ("reg", "club", "h4h", "fin"):
        for page in TOURNAMENT_PAGES:
            yield f"/t/{tid}/{page}"
    for fragment in FRAGMENTS:
        yield f"/t/club/{fragment}"
    # A finished tournament's captain links are closed (403): the running one's.
    key = captain_key(venue.td.app.state.pages, "club", 1)  # type: ignore[attr-defined]
    yield f"/t/club/table/1?key={key}"
    yield from CLUB_PAGES


def french_pages(venue: Venue) -> Iterator[tuple[str, str]]:
    """Each page of the tour in French: its address and its HTML (a page that does not answer
    200 fails here, saying which)."""
    set_up(venue)
    for url in urls(venue):
        response = venue.td.get(url + ("&" if "?" in url else "?") + "lang=fr")
        assert response.status_code == 200, (url, response.status_code, response.text[:300])
        yield url, response.text
