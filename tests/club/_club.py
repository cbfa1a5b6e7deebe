"""A small club for the tests: Heavenpoker's settings, a few members with cards, a season and
an evening tournament (times in UTC ms from a fixed day, 2026-03-10)."""

from __future__ import annotations

from pokerfloor.club import Club, ClubSettings

MINUTE = 60_000
HOUR = 60 * MINUTE
DAY = 24 * HOUR
# 2026-03-10 00:00 UTC.
DAY0 = 1_773_100_800_000
EVENING = DAY0 + 20 * HOUR  # 20:00 on 2026-03-10


def new_club(**settings: object) -> Club:
    return Club.create("heaven", ClubSettings("Heavenpoker", **settings), at_ms=DAY0)  # type: ignore[arg-type]


def member(
    club: Club, member_id: str, name: str, birth: str = "1980-05-01", card: str = "diamant"
) -> None:
    club.add_member(member_id, name, DAY0, birth_date=birth)
    if card:
        club.issue_card(f"C{member_id}", member_id, card, DAY0, valid_from="2026-01-01")
    club.check_identity(member_id, "td", DAY0)


def evening(
    club: Club,
    event_id: str = "e1",
    start: int = EVENING,
    capacity: int = 10,
    kind: str = "tournament",
    buy_in_cents: int = 5000,
    season_id: str = "",
) -> None:
    club.schedule_event(
        event_id, f"Soirée {event_id}", kind, start, capacity, DAY0,
        buy_in_cents=buy_in_cents, season_id=season_id,
    )  # fmt: skip


def club_with(players: int = 4, capacity: int = 10) -> Club:
    club = new_club()
    for number in range(1, players + 1):
        member(club, str(number), f"Joueur {number}")
    evening(club, capacity=capacity)
    return club
