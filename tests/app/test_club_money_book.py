"""One money book (issue 26, item 6): a club tournament's own money (rebuys, add-ons, late
entries, refunds) reaches the club's cash book through ``club_link.tournament_cash_lines``,
named by player and tournament; the club's book for the evening then agrees with the
tournament's, and the club's reconciliation (per day, per season) adds up."""

from __future__ import annotations

import csv
import io
from typing import Any

import msgspec

from pokerfloor.app import club_link
from pokerfloor.app.club_commands import ClubCommand, CreateClub
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.club_views import cash_csv, cash_view
from pokerfloor.app.commands import TournamentCommand
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.state import Tournament

START = 1_790_000_000_000
KEY = b"k" * 32
NAMES = ["Ada Lovelace", "Blaise Pascal", "Claude Monet", "Dora Maar", "Émile Zola"]


class Evening:
    """A club with five members and a rebuy evening (allinouest, club-rebuy, 20 € entry)
    whose four first members checked in; the tournament is drawn and its clock runs."""

    def __init__(self) -> None:
        self.now = START - 30 * 60_000
        store = MemoryEventStore()
        self.clubs = ClubService(store, KEY, lambda: self.now)
        self.tournaments = TournamentService(store, lambda: self.now)
        self.clubs.execute("hp", CreateClub(club_id="hp", name="Heaven"))
        self.club(type="create_season", season_id="s1", name="Hiver", points={"name": "sqrt"})
        for number, name in enumerate(NAMES, start=1):
            self.club(type="add_member", member_id=str(number), name=name, birth_date="1980-01-01")
            self.club(
                type="issue_card", card_id=f"c{number}", member_id=str(number), card_type="saphir"
            )
        self.club(
            type="schedule_event", event_id="e1", name="Soirée du samedi — Deepstack",
            kind="tournament", start_ms=START, capacity=20, buy_in_cents=2000,
            season_id="s1", profile="allinouest", structure="club-rebuy",
        )  # fmt: skip
        for number in range(1, 5):
            member = str(number)
            self.club(type="register", event_id="e1", member_id=member)
            self.club(
                type="check_in", event_id="e1", member_id=member, method="cash", identity_by="TD"
            )
        self.tournament_id = club_link.start_tournament(self.clubs, self.tournaments, "hp", "e1")
        self.now = START
        self.command(type="draw_seats", seed=7)
        self.command(type="place_buttons", seed=7)
        self.command(type="start_clock")

    def club(self, **body: Any) -> None:
        self.clubs.execute("hp", msgspec.convert(body, ClubCommand))

    def command(self, **body: Any) -> None:
        self.tournaments.execute(self.tournament_id, msgspec.convert(body, TournamentCommand))

    def book(self) -> dict[str, Any]:
        extra = club_link.tournament_cash_lines(self.clubs, self.tournaments, "hp")
        return self.clubs.read("hp", lambda club: cash_view(club, extra))

    def tournament(self) -> Tournament:
        return self.tournaments.tournament(self.tournament_id)

    def try_addon(self, player_id: str) -> bool:
        try:
            self.command(type="addon", player_id=player_id, method="card")
        except PokerfloorError:
            return False
        return True

    def rebuys_and_addons(self) -> None:
        """Member 1 loses all but 100 chips and rebuys (cash); member 2 takes an add-on
        (card) once the add-on is offered; member 3 is refunded 5 €."""
        self.command(
            type="record_hand", table_no=1, hand_no=1,
            final_stacks={"1": 100, "2": 39_900, "3": 20_000, "4": 20_000},
        )  # fmt: skip
        self.command(type="rebuy", player_id="1", method="cash")
        # Wherever the structure offers the add-on, after the profile's extra hands.
        hand_no, level_index = 1, 0
        while not self.try_addon("2"):
            if hand_no % 3 == 0:
                level_index += 1
                assert level_index < 12, "the structure never offered the add-on"
                try:  # the break before the level when there is one (a club's add-on break)
                    self.command(type="jump_to_level", level_index=level_index, break_before=True)
                    if self.try_addon("2"):
                        break
                except PokerfloorError:
                    pass  # no break before that level
                self.command(type="jump_to_level", level_index=level_index)
            hand_no += 1
            stacks = {p.player_id: p.stack for p in self.tournament().in_play()}
            self.command(type="record_hand", table_no=1, hand_no=hand_no, final_stacks=stacks)
        self.command(type="refund", player_id="3", amount_cents=500, reason="change")


def tournament_net(evening: Evening) -> int:
    """What the tournament's own book says the evening collected, refunds deducted."""
    book = evening.tournaments.tournament(evening.tournament_id).cash.book()
    return book.received_cents - book.refunds_cents


def test_before_any_rebuy_the_two_books_agree_on_the_entries() -> None:
    evening = Evening()
    book = evening.book()
    assert book["totals"]["by_kind"]["entry"] == 4 * 2000
    assert not [row for row in book["lines"] if row["kind"].startswith("tournament_")]
    assert tournament_net(evening) == 4 * 2000


def test_after_a_rebuy_evening_the_club_book_agrees_with_the_tournament_book() -> None:
    evening = Evening()
    evening.rebuys_and_addons()
    book = evening.book()
    evening_rows = [row for row in book["lines"] if row["event_id"] == "e1"]
    club_side = sum(int(row["cents"]) for row in evening_rows)
    assert club_side == tournament_net(evening)
    kinds = {row["kind"]: row for row in evening_rows if row["kind"].startswith("tournament_")}
    assert set(kinds) == {"tournament_rebuy", "tournament_addon", "tournament_refund"}
    assert kinds["tournament_rebuy"]["name"] == "Ada Lovelace"
    assert kinds["tournament_addon"]["name"] == "Blaise Pascal"
    assert kinds["tournament_refund"]["cents"] == -500
    assert {row["tournament"] for row in evening_rows} == {"Soirée du samedi — Deepstack"}


def test_a_late_check_in_after_the_draw_is_seated_and_paid_once() -> None:
    evening = Evening()
    evening.club(type="register", event_id="e1", member_id="5")
    evening.club(type="check_in", event_id="e1", member_id="5", method="card", identity_by="TD")
    club_link.start_tournament(evening.clubs, evening.tournaments, "hp", "e1")
    seats = club_link.seat_of(evening.tournaments, "hp", "e1")
    assert seats["5"] is not None
    assert tournament_net(evening) == 5 * 2000
    lines = evening.book()["lines"]
    assert sum(int(r["cents"]) for r in lines if r["event_id"] == "e1") == 5 * 2000


def test_the_reconciliation_per_day_and_per_season_adds_up() -> None:
    evening = Evening()
    evening.rebuys_and_addons()
    evening.club(type="pay", cents=300, note="buvette")
    book = evening.book()
    (day,) = book["by_day"]
    assert day["collected_cents"] == book["totals"]["balance_cents"]
    assert day["tournament_cents"] == tournament_net(evening)
    assert day["other_cents"] == 300
    assert day["reconciles"]
    seasons = {period["period"]: period for period in book["by_season"]}
    assert seasons["s1"]["tournament_cents"] == tournament_net(evening)
    assert seasons[""]["other_cents"] == 300


def test_the_csv_has_the_tournament_lines_with_the_tournament_named() -> None:
    evening = Evening()
    evening.rebuys_and_addons()
    extra = club_link.tournament_cash_lines(evening.clubs, evening.tournaments, "hp")
    text = evening.clubs.read("hp", lambda club: cash_csv(club, extra))
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    rebuy = next(row for row in rows if row["kind"] == "tournament_rebuy")
    assert (rebuy["name"], rebuy["tournament"], rebuy["cents"]) == (
        "Ada Lovelace",
        "Soirée du samedi — Deepstack",
        "2000",
    )


def test_the_tournament_book_is_unchanged_by_the_club_reading_it() -> None:
    evening = Evening()
    evening.rebuys_and_addons()
    before = msgspec.to_builtins(evening.tournaments.cash_book(evening.tournament_id))
    evening.book()
    assert msgspec.to_builtins(evening.tournaments.cash_book(evening.tournament_id)) == before


def test_the_tournament_takes_the_club_events_title_as_its_name() -> None:
    evening = Evening()
    summary = evening.tournaments.summary(evening.tournament_id)
    assert summary["name"] == "Soirée du samedi — Deepstack"


def test_both_logs_replayed_give_the_same_club_book() -> None:
    """Nothing is copied between the streams: services started again on the same store (a
    restart, a crash) rebuild exactly the same club book."""
    evening = Evening()
    evening.rebuys_and_addons()
    before = evening.book()
    store = evening.clubs.store
    evening.clubs = ClubService(store, KEY, lambda: evening.now)
    evening.tournaments = TournamentService(store, lambda: evening.now)
    assert evening.book() == before
