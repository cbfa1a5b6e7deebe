"""Seasons: standings from each event's points, best N, ties and tie-breaks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.club import Club
from pokerfloor.tournament.points import SquareRoot, award_points
from tests.club._club import DAY, DAY0, EVENING, HOUR, evening, member, new_club
from tests.examples import examples


def season(best_n: int | None = None, players: int = 4) -> Club:
    club = new_club()
    table = {"name": "table", "points": [10, 6, 4, 2, 1]}
    club.create_season("s", "Saison 2026", table, DAY0, best_n)
    for number in range(1, players + 1):
        member(club, str(number), f"Joueur {number}")
    return club


def play(
    club: Club,
    event_id: str,
    week: int,
    places: dict[str, int],
    entries: int | None = None,
) -> None:
    evening(club, event_id, start=EVENING + week * 7 * DAY, season_id="s")
    for member_id in places:
        club.register(event_id, member_id, DAY0)
        club.check_in(event_id, member_id, EVENING + week * 7 * DAY - HOUR)
    club.close_event(event_id, EVENING + week * 7 * DAY + 5 * HOUR, places=places, entries=entries)


def test_ropta_5_4_points_from_the_seasons_formula_tied_places_share() -> None:
    club = season()
    play(club, "e1", 0, {"1": 1, "2": 2, "3": 2, "4": 4})
    points = {r.member_id: r.points for r in club.calendar["e1"].results}
    assert points == {"1": 1000, "2": 500, "3": 500, "4": 200}  # (6 + 4) / 2 each


def test_points_from_the_tournament_are_kept_as_given() -> None:
    club = season()
    evening(club, "e1", season_id="s")
    for member_id in "12":
        club.register("e1", member_id, DAY0)
        club.check_in("e1", member_id, EVENING - HOUR)
    given = award_points(SquareRoot(10), [["1"], ["2"]], entries=2)
    club.close_event(
        "e1", EVENING + HOUR, places={"1": 1, "2": 2}, points=given, prizes={"1": 9000}
    )
    assert [(r.member_id, r.points, r.prize_cents) for r in club.calendar["e1"].results] == [
        ("1", given["1"], 9000),
        ("2", given["2"], 0),
    ]


def test_standings_count_the_best_n_results() -> None:
    club = season(best_n=2)
    play(club, "e1", 0, {"1": 1, "2": 2, "3": 3})
    play(club, "e2", 1, {"1": 3, "2": 1, "3": 2})
    play(club, "e3", 2, {"1": 2, "2": 3, "3": 1})
    rows = club.season_standings("s")
    # 1: 10, 4, 6 -> 16; 2: 6, 10, 4 -> 16; 3: 4, 6, 10 -> 16: tied on every tie-break.
    assert [(r.rank, r.member_id, r.points) for r in rows] == [
        (1, "1", 1600),
        (1, "2", 1600),
        (1, "3", 1600),
    ]
    counted = [(s.event_id, s.counted) for s in rows[0].results]
    assert counted == [("e1", True), ("e2", False), ("e3", True)]


def test_standings_tie_breaks_best_result_then_events_played_then_name() -> None:
    club = season(players=6)
    club.update_member("5", DAY0, name="Zoé")
    club.update_member("6", DAY0, name="Ève")
    play(club, "e1", 0, {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6})
    play(club, "e2", 1, {"2": 3, "3": 4, "6": 5, "5": 6, "4": 7})
    play(club, "e3", 2, {"4": 3}, entries=6)
    rows = club.season_standings("s")
    by_id = {r.member_id: (r.points, r.best_result, r.events_played) for r in rows}
    assert by_id == {
        "1": (1000, 1000, 1),
        "2": (1000, 600, 2),  # as many points as 1, a lesser best result
        "3": (600, 400, 2),
        "4": (600, 400, 3),  # as 3, but more events played
        "5": (100, 100, 2),
        "6": (100, 100, 2),
    }
    assert [(r.rank, r.member_id) for r in rows] == [
        (1, "1"),
        (2, "2"),
        (3, "4"),
        (4, "3"),
        (5, "6"),  # Ève before Zoé: tied on everything, they share the rank, listed by name
        (5, "5"),
    ]


def test_a_players_evenings() -> None:
    club = season()
    play(club, "e1", 0, {"1": 1, "2": 2})
    evening(club, "e2", start=EVENING + 7 * DAY, season_id="s")
    club.register("e2", "1", DAY0)
    evenings = club.player_evenings("1", season_id="s")
    assert [(e.event_id, e.status, e.event_status, e.place, e.points) for e in evenings] == [
        ("e1", "checked_in", "closed", 1, 1000),
        ("e2", "registered", "scheduled", None, 0),
    ]
    assert club.player_evenings("3") == []
    assert DAY0 < EVENING


def test_a_member_entered_at_the_tournaments_desk_still_scores() -> None:
    club = season()
    evening(club, "e1", season_id="s")
    club.register("e1", "1", DAY0)
    club.check_in("e1", "1", EVENING - HOUR)
    closed = club.close_event("e1", EVENING + HOUR, places={"1": 2, "2": 1})  # 2: a late entry
    assert [(r.member_id, r.points) for r in closed.results] == [("2", 1000), ("1", 600)]
    assert closed.no_shows == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from("123456"), min_size=1, max_size=6, unique=True),
        min_size=1,
        max_size=5,
    ),
    st.one_of(st.none(), st.integers(1, 4)),
)
def test_standings_are_ordered_by_their_tie_breaks(
    evenings: list[list[str]], best_n: int | None
) -> None:
    club = season(best_n=best_n, players=6)
    for week, finish in enumerate(evenings):
        play(club, f"e{week}", week, {m: place for place, m in enumerate(finish, start=1)})
    rows = club.season_standings("s")
    keys = [(-r.points, -r.best_result, -r.events_played) for r in rows]
    assert keys == sorted(keys)
    for index, row in enumerate(rows):
        counted = [s.points for s in row.results if s.counted]
        assert row.points == sum(counted)
        assert len(counted) == min(len(row.results), best_n or len(row.results))
        assert sorted((s.points for s in row.results), reverse=True)[: len(counted)] == sorted(
            counted, reverse=True
        )
        tied = index > 0 and keys[index - 1] == keys[index]
        assert row.rank == (rows[index - 1].rank if tied else index + 1)
