"""Every page the test client can render, at several stages of an evening and of a club's month:
a tournament taking registrations, one running (seated, a bust, a payment), one paused hand for
hand with a floor call waiting, one finished;
a club with members, a season, an event with a late cancellation; the public and phone pages;
the formats of issue 33: a satellite on its bubble, two flights stopped, their Day 2, a
member's ticket history. The English-leak scan, the formatting tests and the axe test walk them."""

from __future__ import annotations

from collections.abc import Iterator

from pokerfloor.app.club_commands import IssueTicket, UseTicket
from pokerfloor.app.club_service import ClubService
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
    set_up_formats(venue)


def _formats_evening(venue: Venue, tid: str, players: list[str], **format_: object) -> None:
    venue.command(tid, type="create_tournament", tournament_id=tid, **format_)
    for player in players:
        venue.command(tid, type="register_player", player_id=player, name=f"Joueur {player}")
    venue.command(tid, type="draw_seats", seed=3)
    venue.command(tid, type="place_buttons", seed=3)
    venue.command(tid, type="start_clock")


def set_up_formats(venue: Venue) -> None:
    """Issue 33's formats: a satellite on its bubble (8 x 20 €: 3 seats of 50 €, 4 players
    left), two flights stopped at 2 players and their Day 2, a member's tickets (one used)."""
    satellite = {"target_buy_in_cents": 5000, "remainder": "next_place", "double_seat": "cash"}
    _formats_evening(venue, "sat", [f"s{n}" for n in range(1, 9)], satellite=satellite)
    for out in ("s8", "s7", "s6", "s5"):
        venue.command("sat", type="bust_players", table_no=1, players=[out])
    flight = {"stop_players": 2, "carry": "best", "day1_ranking": "players_left"}
    for tid, players in (("j1a", ["a1", "a2", "a3"]), ("j1b", ["b1", "b2", "b3", "a3"])):
        _formats_evening(venue, tid, players, flight=flight)
        for out in players[2:]:
            venue.command(tid, type="bust_players", table_no=1, players=[out])
        venue.command(tid, type="stop_flight")
    venue.command("j2", type="create_tournament", tournament_id="j2", day2_of=["j1a", "j1b"],
                  seed=3)  # fmt: skip
    clubs: ClubService = venue.td.app.state.clubs  # type: ignore[attr-defined]
    for ticket_id, event_id in (("t-used", "e1"), ("t-any", "")):
        clubs.execute("hp", IssueTicket(ticket_id=ticket_id, member_id="2", value_cents=2000,
                                         source="hp-sat", target_event_id=event_id))  # fmt: skip
    clubs.execute("hp", UseTicket(ticket_id="t-used", event_id="e1", member_id="2"))


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
# Issue 33's formats: the satellite on its bubble, a stopped flight, the Day 2 (set-up: /new).
FORMAT_PAGES = (
    *(f"/t/sat/{page}" for page in ("console", "results", "clock", "me/s1")),
    *(f"/t/j1a/{page}" for page in ("console", "results", "me/a1", "me/a3")),
    *(f"/t/j2/{page}" for page in ("console", "desk", "results", "clock", "me/b1")),
    "/club/hp/members/2/tickets", "/club/hp/members/1/tickets",
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
    yield from FORMAT_PAGES
    for tid in ("sat", "j1a"):
        yield f"/t/{tid}/table/1?key={captain_key(venue.td.app.state.pages, tid, 1)}"  # type: ignore[attr-defined]


def french_pages(venue: Venue) -> Iterator[tuple[str, str]]:
    """Each page of the tour in French: its address and its HTML (a page that does not answer
    200 fails here, saying which)."""
    set_up(venue)
    for url in urls(venue):
        response = venue.td.get(url + ("&" if "?" in url else "?") + "lang=fr")
        assert response.status_code == 200, (url, response.status_code, response.text[:300])
        yield url, response.text
