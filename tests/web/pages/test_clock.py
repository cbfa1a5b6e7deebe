"""The big clock screen: public, French first, every state of the clock, chip race notices."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pokerfloor.app.commands import CreateTournament
from tests.web.pages.conftest import Venue

NNBSP = "\u202f"  # French thousands separator (narrow no-break space)
MINUTE_MS = 60_000

# Two levels, then a colour-up of the 25s between levels 2 and 3 with no pause (0 minutes).
COLOUR_UP_WITHOUT_BREAK = """
name = "Sans pause"
level_minutes = 15
chips = [
  { value = 25, colour_fr = "vert", colour_en = "green" },
  { value = 100, colour_fr = "noir", colour_en = "black" },
  { value = 500, colour_fr = "violet", colour_en = "purple" },
]
levels = [
  { small_blind = 25, big_blind = 50 },
  { small_blind = 50, big_blind = 100, ante = 25 },
  { small_blind = 100, big_blind = 200, ante = 100 },
  { small_blind = 200, big_blind = 400 },
]
breaks = [{ after_level = 2, minutes = 0, colour_up = [25] }]
[entry]
starting_stack = 5000
buy_in_cents = 1000
"""


def open_tournament(
    venue: Venue,
    tournament_id: str = "club",
    players: int = 20,
    structure: str = "club-evening",
    start: bool = True,
) -> None:
    """Registered, seated, clock started (``venue.evening`` with a structure of our choice)."""
    venue.service.execute(
        tournament_id, CreateTournament(tournament_id=tournament_id, structure=structure)
    )
    for number in range(1, players + 1):
        venue.command(
            tournament_id, type="register_player", player_id=f"p{number}", name=f"Joueur {number}"
        )
    venue.command(tournament_id, type="draw_seats", seed=7)
    venue.command(tournament_id, type="place_buttons", seed=7)
    if start:
        venue.command(tournament_id, type="start_clock")


def screen(venue: Venue, tournament_id: str = "club", lang: str = "fr") -> str:
    """The clock screen fragment of the public page, whitespace collapsed."""
    response = venue.public.get(f"/t/{tournament_id}/clock?lang={lang}")
    assert response.status_code == 200
    html = response.text
    fragment = html[html.index('<div id="clock-screen"') : html.index('<div id="clock-announce"')]
    return re.sub(r"[ \t\r\n]+", " ", fragment)  # keeps the no-break spaces


def text_of(fragment: str, css_class: str) -> str:
    found = re.search(rf'class="{css_class}"[^>]*>(.*?)</p>', fragment)
    assert found, f"no {css_class} in {fragment}"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def test_clock_screen_shows_level_blinds_time_and_next_level_in_french(venue: Venue) -> None:
    open_tournament(venue)
    venue.clock.advance(65_000)
    html = screen(venue)
    assert text_of(html, "clock-period") == "Niveau 1"
    assert text_of(html, "clock-time") == "18:55"
    assert text_of(html, "clock-blinds") == "Blinds 100 / 200"
    assert text_of(html, "clock-next-level") == "Niveau suivant 150 / 300"
    assert text_of(html, "clock-next-break") == "Prochaine pause dans 1:58:55"


def test_players_average_and_prize_pool_use_french_number_formats(venue: Venue) -> None:
    open_tournament(venue)
    html = screen(venue)
    assert "<dt>Joueurs restants / entrées</dt> <dd>20 / 20</dd>" in html
    assert f"<dt>Tapis moyen</dt><dd>20{NNBSP}000</dd>" in html
    assert "<dt>Prize pool</dt><dd>400,00\u00a0€</dd>" in html


def test_the_same_screen_in_english(venue: Venue) -> None:
    open_tournament(venue)
    venue.command("club", type="jump_to_level", level_index=5)
    html = screen(venue, lang="en")
    assert text_of(html, "clock-period") == "Level 6"
    assert text_of(html, "clock-blinds") == "Blinds 600 / 1,200"
    assert text_of(html, "clock-ante") == "Big blind ante 1,200"
    assert text_of(html, "clock-next-level") == "Next level 1,000 / 2,000 · Big blind ante 2,000"
    assert "<dt>Players left / entries</dt> <dd>20 / 20</dd>" in html
    assert "<dt>Average stack</dt><dd>20,000</dd>" in html
    assert "<dt>Prize pool</dt><dd>€400.00</dd>" in html


def test_a_bust_changes_players_left_and_the_average_stack(venue: Venue) -> None:
    open_tournament(venue, players=3)
    chart = venue.service.seating_chart("club")
    winner, busted, other = (seat["player_id"] for seat in chart["tables"][0]["seats"])
    stacks = {winner: 40_000, busted: 0, other: 20_000}
    # A stack of 0 at the end of a hand is a bust.
    venue.command("club", type="record_hand", table_no=1, hand_no=1, final_stacks=stacks)
    html = screen(venue)
    assert "<dd>2 / 3</dd>" in html
    assert f"<dd>30{NNBSP}000</dd>" in html  # 60 000 chips in play, 2 players


def test_a_paused_clock_says_so_and_its_time_stands_still(venue: Venue) -> None:
    open_tournament(venue)
    assert "Pendule arrêtée" not in screen(venue)
    venue.clock.advance(5 * MINUTE_MS)
    venue.command("club", type="pause_clock")
    venue.clock.advance(7 * MINUTE_MS)
    html = screen(venue)
    assert text_of(html, "banner banner-paused") == "Pendule arrêtée"
    assert text_of(html, "clock-time") == "15:00"
    assert 'data-status="paused"' in html
    assert text_of(screen(venue, lang="en"), "banner banner-paused") == "Paused"


def test_before_the_start_the_screen_shows_the_first_level_with_its_full_time(
    venue: Venue,
) -> None:
    open_tournament(venue, start=False)
    html = screen(venue)
    assert text_of(html, "banner banner-waiting") == "Pas encore commencé"
    assert text_of(html, "clock-time") == "20:00"
    assert text_of(html, "clock-period") == "Niveau 1"


def test_during_a_break_the_screen_shows_the_break_and_the_level_after_it(venue: Venue) -> None:
    open_tournament(venue)
    venue.command("club", type="jump_to_level", level_index=5)  # level 6, then the break
    level_key = re.search(r'data-period="([^"]+)"', screen(venue))
    venue.clock.advance(20 * MINUTE_MS + 30_000)
    html = screen(venue)
    assert text_of(html, "clock-period") == "Pause"
    assert text_of(html, "clock-time") == "14:30"
    assert "clock-blinds" not in html
    assert text_of(html, "clock-next-level") == (
        f"Niveau suivant Niveau 7 · 1{NNBSP}000 / 2{NNBSP}000 · Ante grosse blinde 2{NNBSP}000"
    )
    # What clock.js compares to flash and beep: it changes when the break begins.
    assert level_key and level_key.group(1) == "6:level"
    assert 'data-period="7:break"' in html
    assert text_of(screen(venue, lang="en"), "clock-period") == "Break"


def test_the_level_before_a_colour_up_break_announces_the_chip_race(venue: Venue) -> None:
    open_tournament(venue)
    assert "clock-chip-race" not in screen(venue)
    venue.command("club", type="jump_to_level", level_index=5)
    assert text_of(screen(venue, lang="en"), "clock-chip-race") == (
        "Chip race: the 25 (green) chips leave play at the break"
    )
    assert text_of(screen(venue), "clock-chip-race") == (
        "Chip race : les jetons de 25 (vert) sortent à la pause"
    )


def test_the_colour_up_break_itself_calls_the_chip_race_now(venue: Venue) -> None:
    open_tournament(venue)
    venue.command("club", type="jump_to_level", level_index=5)
    venue.clock.advance(21 * MINUTE_MS)
    assert text_of(screen(venue, lang="en"), "clock-chip-race") == (
        "Chip race now: the 25 (green) chips leave play"
    )
    venue.clock.advance(15 * MINUTE_MS)  # level 7: the 25s are gone
    html = screen(venue)
    assert text_of(html, "clock-period") == "Niveau 7"
    assert "clock-chip-race" not in html


def test_a_colour_up_without_a_pause_is_announced_for_the_end_of_the_level(
    venue: Venue,
) -> None:
    open_tournament(venue, players=4, structure=COLOUR_UP_WITHOUT_BREAK)
    assert "clock-chip-race" not in screen(venue)
    venue.command("club", type="jump_to_level", level_index=1)
    html = screen(venue, lang="en")
    assert text_of(html, "clock-ante") == "Ante 25"
    assert text_of(html, "clock-chip-race") == (
        "Chip race: the 25 (green) chips leave play at the end of this level"
    )
    assert "clock-next-break" not in html  # a 0-minute colour-up is not a break


def test_hand_for_hand_is_shown_while_active(venue: Venue) -> None:
    open_tournament(venue)
    assert "Main par main" not in screen(venue)
    venue.command("club", type="set_hand_for_hand", active=True)
    assert text_of(screen(venue), "banner banner-hand-for-hand") == "Main par main"
    venue.command("club", type="set_hand_for_hand", active=False)
    assert "banner-hand-for-hand" not in screen(venue)


def test_rebuys_and_addons_are_counted_when_the_structure_has_them(venue: Venue) -> None:
    open_tournament(venue, structure="turbo", players=6)
    chart = venue.service.seating_chart("club")
    player = chart["tables"][0]["seats"][0]["player_id"]
    venue.command("club", type="jump_to_level", level_index=6)  # the rebuy period is over
    venue.command("club", type="addon", player_id=player)
    html = screen(venue)
    assert "<dt>Recaves / Add-ons</dt> <dd>0 / 1</dd>" in html
    assert "<dt>Prize pool</dt><dd>70,00\u00a0€</dd>" in html


def test_a_freezeout_shows_no_rebuy_counter(venue: Venue) -> None:
    open_tournament(venue)
    assert "Recaves" not in screen(venue)


def test_the_last_level_says_so(venue: Venue) -> None:
    open_tournament(venue, players=4, structure=COLOUR_UP_WITHOUT_BREAK)
    venue.command("club", type="jump_to_level", level_index=3)
    assert text_of(screen(venue, lang="en"), "clock-next-level") == "Last level"


def test_the_page_is_a_full_screen_without_the_navigation(venue: Venue) -> None:
    open_tournament(venue)
    html = venue.td.get("/t/club/clock").text  # even for the TD: nothing but the clock
    assert 'ws-connect="/t/club/live?view=clock&amp;lang=fr"' in html
    assert "/t/club/console" not in html
    assert "/t/club/results" not in html
    assert 'id="clock-fullscreen"' in html and 'id="clock-sound"' in html
    assert 'class="live-status"' in html  # "Reconnecting…" while the live view is down
    assert "/static/clock.js" in html


def test_an_unknown_tournament_is_a_404_in_the_page_language(venue: Venue) -> None:
    response = venue.public.get("/t/nope/clock")
    assert response.status_code == 404
    assert "Ce tournoi n'existe pas." in response.text


def test_the_live_view_is_public_and_shows_no_hidden_information(venue: Venue) -> None:
    open_tournament(venue)
    with venue.public.websocket_connect("/t/club/live?view=clock&lang=en") as socket:
        html = socket.receive_text()
    assert html.lstrip().startswith('<div id="clock-screen"')
    assert "Level 1" in html and "100 / 200" in html and "20:00" in html
    # No player (name or id), no seat, no TD link.
    assert "Joueur" not in html and not re.search(r"\bp1\b", html)
    assert "Seat" not in html and "Table" not in html
    assert "console" not in html and "token" not in html.lower()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_message_of_the_screen_is_translated(venue: Venue, lang: str) -> None:
    open_tournament(venue)
    venue.command("club", type="jump_to_level", level_index=5)
    venue.command("club", type="set_hand_for_hand", active=True)  # it stops the clock itself
    html = screen(venue, lang=lang)
    english = ("Level 6", "Paused", "Hand for hand", "Next level", "Average stack")
    french = ("Niveau 6", "Pendule arrêtée", "Main par main", "Niveau suivant", "Tapis moyen")
    for word in english if lang == "en" else french:
        assert word in html
    for word in french if lang == "en" else english:
        assert word not in html


# ---- the payouts: what each paid place would get now, by the scheme chosen at set-up ------

CLUB_GRID = {"name": "shares", "basis_points": [5000, 3000, 2000]}


def open_with_payouts(
    venue: Venue, payouts: dict[str, object], players: int, structure: str = "club-evening"
) -> None:
    """As ``open_tournament``, created with ``payouts`` as the API's ``create_tournament``."""
    venue.command(
        "club", type="create_tournament", tournament_id="club", structure=structure, payouts=payouts
    )
    for number in range(1, players + 1):
        venue.command("club", type="register_player", player_id=f"p{number}", name=f"J{number}")
    venue.command("club", type="draw_seats", seed=7)
    venue.command("club", type="place_buttons", seed=7)
    venue.command("club", type="start_clock")


def payouts_of(fragment: str) -> str:
    """The payouts stat as read on the screen: its label, then the amounts; '' without one."""
    found = re.search(r'<div class="clock-stat clock-payouts">(.*?)</div>', fragment, re.S)
    if not found:
        return ""
    words = re.sub(r"<[^>]+>", " ", found.group(1))
    return re.sub(r"[ \t\r\n]+", " ", words).strip()


def test_the_payouts_of_a_club_grid_show_in_french_and_in_english(venue: Venue) -> None:
    open_with_payouts(venue, CLUB_GRID, players=20)  # 20 x 20 € = 400 €: 50, 30 and 20 %
    assert payouts_of(screen(venue)) == (
        "Places payées : 3 1er 200,00\u00a0€ 2e 120,00\u00a0€ 3e 80,00\u00a0€"
    )
    assert payouts_of(screen(venue, lang="en")) == (
        "Paid places: 3 1st €200.00 2nd €120.00 3rd €80.00"
    )


def test_with_many_paid_places_the_first_ones_and_the_last_are_shown(venue: Venue) -> None:
    # A geometric curve over 9 places of a 400 € pool, 10 € rounding: what the API would say.
    curve = {"name": "geometric", "ratio": "0.8", "places": 9, "rounding_cents": 1000}
    open_with_payouts(venue, curve, players=20)
    amounts = venue.service.clock_screen("club")["payouts_cents"]
    assert len(amounts) == 9
    euros = [f"{cents // 100},00\u00a0€" for cents in amounts]
    assert payouts_of(screen(venue)) == (
        f"Places payées : 9 1er {euros[0]} 2e {euros[1]} 3e {euros[2]} … 9e {euros[8]}"
    )
    english = payouts_of(screen(venue, lang="en"))
    assert english.startswith("Paid places: 9 1st €") and "… 9th €" in english


def rebuy_at_once(venue: Venue) -> None:
    """A hand at table 1 where one player loses everything to another and rebuys at once."""
    table = venue.service.seating_chart("club")["tables"][0]
    seats = [seat for seat in table["seats"] if seat["player_id"]]
    loser, winner = seats[0], seats[1]
    stacks = {seat["player_id"]: seat["stack"] for seat in seats}
    stacks[winner["player_id"]] += stacks[loser["player_id"]]
    stacks[loser["player_id"]] = 0
    venue.command(
        "club",
        type="record_hand",
        table_no=table["table_no"],
        hand_no=table["hands_played"] + 1,
        final_stacks=stacks,
        rebuys=[loser["player_id"]],
    )


def test_the_payouts_follow_a_late_registration_and_a_rebuy_on_the_live_screen(
    venue: Venue,
) -> None:
    # turbo: 10 € buy-in, 10 € rebuys during the first levels.
    open_with_payouts(venue, CLUB_GRID, players=6, structure="turbo")
    assert payouts_of(screen(venue)) == (
        "Places payées : 3 1er 30,00\u00a0€ 2e 18,00\u00a0€ 3e 12,00\u00a0€"
    )

    def pushed_until(socket: Any, expected: str) -> str:
        # The screen is pushed every second too: wait for the push that follows the command.
        for _ in range(5):
            shown = payouts_of(socket.receive_text())
            if shown == expected:
                return shown
        return shown

    with venue.public.websocket_connect("/t/club/live?view=clock&lang=fr") as socket:
        assert "Places payées : 3" in payouts_of(socket.receive_text())
        venue.command("club", type="register_late", player_id="p7", name="J7", seed=1)
        late = "Places payées : 3 1er 35,00\u00a0€ 2e 21,00\u00a0€ 3e 14,00\u00a0€"
        assert pushed_until(socket, late) == late
        rebuy_at_once(venue)
        rebuy = "Places payées : 3 1er 40,00\u00a0€ 2e 24,00\u00a0€ 3e 16,00\u00a0€"
        assert pushed_until(socket, rebuy) == rebuy


def test_an_empty_prize_pool_shows_no_payouts(venue: Venue) -> None:
    venue.command("club", type="create_tournament", tournament_id="club", payouts=CLUB_GRID)
    html = screen(venue)  # nobody registered yet: a pool of 0
    assert "<dt>Prize pool</dt><dd>0,00\u00a0€</dd>" in html
    assert payouts_of(html) == "" and "Places payées" not in html
    venue.command("club", type="register_player", player_id="p1", name="J1")
    assert payouts_of(screen(venue)) == "Place payée : 1 1er 20,00\u00a0€"
    # A free tournament (no buy-in) never has a pool: no payouts either.
    free = COLOUR_UP_WITHOUT_BREAK.replace("buy_in_cents = 1000", "buy_in_cents = 0")
    open_tournament(venue, tournament_id="free", players=4, structure=free)
    assert "clock-payouts" not in screen(venue, tournament_id="free")


def test_the_standard_table_is_shown_when_no_scheme_was_chosen(venue: Venue) -> None:
    open_tournament(venue)  # 20 entries, 400 €: the standard table's amounts
    amounts = venue.service.clock_screen("club")["payouts_cents"]
    shown = payouts_of(screen(venue))
    assert shown.startswith(f"Places payées : {len(amounts)} 1er {amounts[0] // 100},00")


def test_a_finished_tournament_shows_no_proposed_payouts(venue: Venue) -> None:
    open_with_payouts(venue, CLUB_GRID, players=3)
    assert payouts_of(screen(venue)).startswith("Places payées : 3 1er 30,00")
    for player in ("p1", "p2"):
        venue.command("club", type="bust_players", table_no=1, players=[player])
    venue.command("club", type="finish")
    assert "clock-payouts" not in screen(venue)


def test_after_the_finish_the_screens_show_the_winner_and_the_prizes(venue: Venue) -> None:
    open_with_payouts(venue, CLUB_GRID, players=3)
    for player in ("p1", "p2"):
        venue.command("club", type="bust_players", table_no=1, players=[player])
    venue.command("club", type="finish")
    shown = screen(venue)
    winner = venue.service.tournament("club").players["p3"].name
    assert "Vainqueur" in shown and winner in shown
    prizes = venue.service.tournament("club").finished.prizes  # type: ignore[union-attr]
    first = max(prizes, key=lambda prize: prize.cents)
    assert f"{first.cents // 100},00" in shown
    assert "Tapis moyen" not in shown  # not "average stack 0"
    console = venue.td.get("/t/club/console").text
    assert "Tournoi terminé" in console and 'class="clock-left"' not in console
