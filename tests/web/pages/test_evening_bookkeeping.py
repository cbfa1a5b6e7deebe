"""The evening's bookkeeping through the pages: "bust + rebuy" from the captain's phone and the
console, a rebuy after the bust from the console list, a hand finished during a break reported
from the phone, the average stack after busts without stacks, refusals with their numbers."""

from __future__ import annotations

from pokerfloor.app.commands import CreateTournament
from tests.web.pages.conftest import Venue
from tests.web.pages.test_captain import hand_url, key_of, next_hand, players_at

TID = "club"
MINUTE = 60_000


def rebuy_evening(venue: Venue, players: int = 20, profile: str = "allinouest") -> None:
    venue.service.execute(
        TID, CreateTournament(tournament_id=TID, profile=profile, structure="club-rebuy")
    )
    for number in range(1, players + 1):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    venue.command(TID, type="draw_seats", seed=7)
    venue.command(TID, type="place_buttons", seed=7)
    venue.command(TID, type="start_clock")


def finish_hand(venue: Venue, table_no: int) -> str:
    hand = next_hand(venue, table_no)
    return venue.public.post(
        hand_url(venue, table_no),
        data={"hand_no": str(hand["hand_no"]), "button_seat": str(hand["button_seat"])},
    ).text


def bust_url(venue: Venue, table_no: int) -> str:
    return f"/t/{TID}/table/{table_no}/bust?key={key_of(venue, table_no)}"


def test_bust_and_rebuy_from_the_phone_keeps_the_seat(venue: Venue) -> None:
    rebuy_evening(venue)
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    page = venue.public.get(f"/t/{TID}/table/1?key={key_of(venue, 1)}").text
    assert "Éliminé + recave" in page
    loser = players_at(venue, 1)[0]
    answer = venue.public.post(bust_url(venue, 1), data={"busted": [loser], "then": "rebuy"})
    assert "Élimination et recave enregistrées" in answer.text
    assert loser in players_at(venue, 1)
    player = next(p for p in venue.service.players_list(TID)["players"] if p["player_id"] == loser)
    assert player["status"] == "playing" and player["rebuys"] == 1 and player["place"] is None
    screen = venue.service.clock_screen(TID)
    assert screen["total_chips"] == 21 * 20_000
    assert screen["average_stack"] == 21 * 20_000 // 20


def test_the_average_stack_counts_the_chips_of_busts_reported_without_stacks(
    venue: Venue,
) -> None:
    rebuy_evening(venue, profile="tda-2024")
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    venue.public.post(bust_url(venue, 1), data={"busted": players_at(venue, 1)[:2]})
    screen = venue.service.clock_screen(TID)
    assert screen["players_left"] == 18
    assert screen["average_stack"] == 20 * 20_000 // 18
    chart = venue.service.seating_chart(TID)
    first = next(t for t in chart["tables"] if t["table_no"] == 1)
    assert first["stacks_known"] is False and first["unknown_chips"] == 40_000
    page = venue.public.get(f"/t/{TID}/table/1?key={key_of(venue, 1)}").text
    assert "Tapis inconnus depuis une élimination déclarée sans tapis" in page


def test_a_busted_player_rebuys_from_the_console_before_the_next_hand(venue: Venue) -> None:
    rebuy_evening(venue)
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    loser = players_at(venue, 1)[0]
    venue.td.post(f"/t/{TID}/console/bust", data={"table_no": "1", "player": [loser]})
    # The console lists them under the tables, their dialog offers the rebuy.
    assert "Éliminés qui peuvent encore se recaver" in venue.td.get(f"/t/{TID}/console").text
    dialog = venue.td.get(f"/t/{TID}/console/player/{loser}").text
    assert "peut encore se recaver" in dialog and 'id="action-rebuy"' in dialog
    answer = venue.td.post(f"/t/{TID}/console/rebuy", data={"player_id": loser})
    assert "flash-error" not in answer.text
    assert loser in players_at(venue, 1)


def test_bust_and_rebuy_from_the_console_after_the_period_says_why(venue: Venue) -> None:
    rebuy_evening(venue, profile="tda-2024")
    venue.command(TID, type="jump_to_level", level_index=5)  # level 6: rebuys ended with 4
    finish_hand(venue, 1)
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    loser = players_at(venue, 1)[0]
    answer = venue.td.post(
        f"/t/{TID}/console/bust", data={"table_no": "1", "player": [loser], "then": "rebuy"}
    ).text
    assert "REBUY_NOT_ALLOWED" in answer
    assert "Les recaves se sont terminées avec le niveau 4" in answer
    assert "cette main est au niveau 6" in answer
    assert loser in players_at(venue, 1)  # nothing recorded


def test_a_hand_finishing_during_a_break_is_reported_from_the_phone(venue: Venue) -> None:
    rebuy_evening(venue)
    for _ in range(4 * 20 // 4 - 1):  # a hand every 4 minutes through four levels
        venue.clock.advance(4 * MINUTE)
        finish_hand(venue, 1)
    venue.clock.advance(4 * MINUTE + 30_000)  # into club-rebuy's break after level 4
    assert venue.service.clock_screen(TID)["in_break"]
    answer = finish_hand(venue, 1)
    assert "flash-error" not in answer
    tournament = venue.service.tournament(TID)
    played = [e for e in tournament.events if type(e).__name__ == "HandPlayed"]
    assert played[-1].level == 4 and played[-1].table_no == 1
    assert next_hand(venue, 1) is None  # the next hand waits for the end of the break


def test_the_console_says_one_hand_in_the_singular_and_flags_unknown_stacks(venue: Venue) -> None:
    rebuy_evening(venue, profile="tda-2024")
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    page = venue.td.get(f"/t/{TID}/console").text
    assert "1 main jouée" in page and "1 mains" not in page
    venue.public.post(bust_url(venue, 1), data={"busted": players_at(venue, 1)[:1]})
    page = venue.td.get(f"/t/{TID}/console").text
    assert "tapis inconnus (20" in page


def test_the_winner_is_listed_as_the_winner_not_as_busted(venue: Venue) -> None:
    rebuy_evening(venue, players=2, profile="tda-2024")
    venue.clock.advance(MINUTE)
    finish_hand(venue, 1)
    venue.public.post(bust_url(venue, 1), data={"busted": players_at(venue, 1)[:1]})
    venue.command(TID, type="finish", payouts_cents=[], below_pool=True)
    statuses = sorted(p["status"] for p in venue.service.players_list(TID)["players"])
    assert statuses == ["busted", "winner"]
