"""A small tournament at one table, for the tests of the results and of the TD's tools around
them (chip race, penalties, corrections), and what those tests read back."""

from __future__ import annotations

import html
from typing import Any

from tests.web.pages.conftest import Venue

TID = "club"


def execute(venue: Venue, **body: Any) -> None:
    venue.command(TID, **body)


def start(
    venue: Venue, players: int = 4, structure: str = "club-evening", names: tuple[str, ...] = ()
) -> None:
    """A tournament of ``players`` at one table, seated, buttons placed, clock running."""
    execute(venue, type="create_tournament", tournament_id=TID, structure=structure)
    for number in range(1, players + 1):
        name = names[number - 1] if number <= len(names) else f"Joueur {number}"
        execute(venue, type="register_player", player_id=f"p{number}", name=name)
    execute(venue, type="draw_seats", seed=7)
    execute(venue, type="place_buttons", seed=7)
    execute(venue, type="start_clock")


def bust(venue: Venue, *players: str) -> None:
    for player_id in players:
        execute(venue, type="bust_players", table_no=1, players=[player_id])


def report_hand(venue: Venue, stacks: dict[str, int], rebuys: tuple[str, ...] = ()) -> None:
    table = venue.service.seating_chart(TID)["tables"][0]
    execute(
        venue,
        type="record_hand",
        table_no=1,
        hand_no=table["hands_played"] + 1,
        final_stacks=stacks,
        rebuys=list(rebuys),
    )


def player(venue: Venue, player_id: str) -> dict[str, Any]:
    return next(
        p for p in venue.service.players_list(TID)["players"] if p["player_id"] == player_id
    )


def event_count(venue: Venue) -> int:
    return len(venue.service.event_lines(TID))


def text(response: Any) -> str:
    """The page as the reader sees it (entities such as ``&#39;`` decoded)."""
    return html.unescape(response.text)


def post(venue: Venue, path: str, data: dict[str, Any]) -> str:
    """The answer to the TD's form posted to ``/t/club/<path>``, as the reader sees it."""
    return text(venue.td.post(f"/t/{TID}/{path}", data=data))


def check_public_is_sent_to_sign_in(
    venue: Venue, pages: tuple[str, ...], posts: dict[str, dict[str, str]]
) -> None:
    """The public asking for these TD pages, or posting these forms, is sent to the sign-in
    page, and nothing is recorded."""
    before = event_count(venue)
    for path in pages:
        response = venue.public.get(f"/t/{TID}/{path}", follow_redirects=False)
        assert response.status_code == 303, path
        assert response.headers["location"].startswith("/login?next=")
    for path, data in posts.items():
        response = venue.public.post(f"/t/{TID}/{path}", data=data, follow_redirects=False)
        assert response.status_code == 303, path
    assert event_count(venue) == before
