"""The console's table grid: a player's actions in one click (only what the rules allow now), the
add-ons at the break ticked at once, "undo" of the bust, rebuy or add-on just recorded, and the
penalties shown at the seat."""

from __future__ import annotations

import re

from pokerfloor.app.commands import CreateTournament
from tests.web.pages.conftest import Venue
from tests.web.pages.test_console import TID, club, evening, player, post, refused, seats

__all__ = ["club"]  # the fixture, used by name


def undo_fields(text: str) -> dict[str, object]:
    """The hidden fields of the undo form in a flash answer."""
    fields: dict[str, object] = {"player": re.findall(r'name="player" value="([^"]+)"', text)}
    for name in ("kind", "at_ms"):
        found = re.search(rf'name="{name}" value="([^"]*)"', text)
        assert found is not None, text
        fields[name] = found.group(1)
    return fields


def dialog(venue: Venue, player_id: str, lang: str = "fr") -> str:
    response = venue.td.get(f"/t/{TID}/console/player/{player_id}?lang={lang}")
    assert response.status_code == 200
    return response.text


# ---- a player's actions ---------------------------------------------------------------------


def test_a_players_actions_offer_bust_and_penalty_and_name_the_table(club: Venue) -> None:
    seat = seats(club, 1)[0]
    text = dialog(club, seat["player_id"])
    assert f"Table 1, siège {seat['seat_no']}" in text
    assert 'id="action-bust"' in text and 'data-key="e"' in text
    assert f'href="/t/{TID}/penalties?player_id={seat["player_id"]}"' in text
    # club-evening has no rebuy: neither rebuy nor add-on, and the reason is given in French.
    assert 'id="action-rebuy"' not in text and 'id="action-addon"' not in text
    assert "Ni recave ni add-on maintenant" in text
    # The other players of the table may be ticked as busted in the same hand.
    for other in seats(club, 1)[1:]:
        assert f'id="bust-{other["player_id"]}"' in text


def test_rebuy_during_the_rebuy_period_add_on_after_it(venue: Venue) -> None:
    evening(venue, players=4, profile="allinouest", structure="club-rebuy")
    stacks = {"p1": 100, "p2": 39_900, "p3": 20_000, "p4": 20_000}
    venue.command(TID, type="record_hand", table_no=1, hand_no=1, final_stacks=stacks)
    text = dialog(venue, "p1")
    assert 'id="action-rebuy"' in text and 'id="action-bust-rebuy"' in text
    assert 'id="action-addon"' not in text
    # A full stack may not rebuy now (allinouest: below the big blind) but may at a bust.
    text = dialog(venue, "p2")
    assert 'id="action-bust-rebuy"' in text and 'id="action-rebuy"' not in text
    # club-rebuy: the break after level 4 ends the rebuy period and takes the add-ons.
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    text = dialog(venue, "p2")
    assert 'id="action-addon"' in text and 'id="action-rebuy"' not in text


def test_a_player_not_in_play_has_no_actions(club: Venue) -> None:
    busted = seats(club, 1)[0]["player_id"]
    club.command(TID, type="bust_players", table_no=1, players=[busted])
    assert club.td.get(f"/t/{TID}/console/player/{busted}").status_code == 404
    assert club.td.get(f"/t/{TID}/console/player/nobody").status_code == 404
    assert club.public.get(f"/t/{TID}/console/player/p1", follow_redirects=False).status_code == 303


def test_a_name_with_markup_is_escaped_in_the_grid_and_the_dialog(venue: Venue) -> None:
    venue.service.execute(TID, CreateTournament(tournament_id=TID))
    for number, name in enumerate(("<b>Eve</b>", "Bob", "Ann"), start=1):
        venue.command(TID, type="register_player", player_id=f"x{number}", name=name)
    venue.command(TID, type="draw_seats", seed=1)
    for text in (venue.td.get(f"/t/{TID}/console").text, dialog(venue, "x1")):
        assert "<b>Eve</b>" not in text and "&lt;b&gt;Eve&lt;/b&gt;" in text


def test_a_penalty_shows_at_the_seat_with_the_hands_left(club: Venue) -> None:
    seat = seats(club, 1)[0]
    club.command(
        TID, type="penalize", player_id=seat["player_id"], kind="missed_rounds_1", reason="langage"
    )
    hands = player(club, seat["player_id"])["missed_hands"]
    assert hands > 1
    page = club.td.get(f"/t/{TID}/console").text
    assert f"pénalité : encore {hands} mains" in page
    assert f"pénalité : encore {hands} mains" in dialog(club, seat["player_id"])


# ---- add-ons at the break -------------------------------------------------------------------


def addon_evening(venue: Venue) -> None:
    evening(venue, players=6, structure="club-rebuy")
    # The break after level 4, where club-rebuy takes its add-ons.
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)


def test_the_add_ons_dialog_lists_who_may_take_one(venue: Venue) -> None:
    addon_evening(venue)
    venue.command(TID, type="addon", player_id="p1")
    venue.command(TID, type="addon", player_id="p1")  # club-rebuy: a double add-on at most
    text = venue.td.get(f"/t/{TID}/console/addons").text
    assert 'value="p1"' not in text
    assert all(f'value="p{n}"' in text for n in range(2, 7))
    assert "Tout cocher (5)" in text


def test_add_ons_ticked_at_once(venue: Venue) -> None:
    addon_evening(venue)
    text = post(venue, "addons", {"player": ["p2", "p3", "p4"]})
    assert "Add-ons enregistrés pour 3 joueurs." in text
    assert [player(venue, f"p{n}")["addons"] for n in range(1, 6)] == [0, 1, 1, 1, 0]


def test_one_add_on_refused_records_none(venue: Venue) -> None:
    addon_evening(venue)
    venue.command(TID, type="addon", player_id="p1")
    venue.command(TID, type="addon", player_id="p1")
    assert "NO_ADDON" in refused(venue, "addons", {"player": ["p2", "p1"]})
    assert player(venue, "p2")["addons"] == 0
    assert "Cochez au moins un joueur" in refused(venue, "addons", {})


def test_no_add_on_during_the_rebuy_period_says_why(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    text = venue.td.get(f"/t/{TID}/console/addons").text
    assert "Personne ne peut prendre d'add-on maintenant." in text


# ---- undo -----------------------------------------------------------------------------------


def test_undo_a_bust_puts_the_player_back(club: Venue) -> None:
    busted = seats(club, 1)[0]
    text = post(club, "bust", {"table_no": "1", "player": [busted["player_id"]]})
    fields = undo_fields(text)
    assert fields["kind"] == "bust" and fields["player"] == [busted["player_id"]]
    club.clock.advance(20_000)
    text = post(club, "undo", fields)
    assert "Élimination annulée" in text and "flash-ok" in text
    back = player(club, busted["player_id"])
    assert back["status"] == "playing" and back["stack"] == busted["stack"]
    assert back["seat_no"] == busted["seat_no"]
    events = club.td.get(f"/api/tournaments/{TID}/events").text
    assert "bust_undone" in events and "Annulé depuis la console" in events


def test_undo_a_rebuy_and_an_add_on(venue: Venue) -> None:
    # allinouest: a player below the big blind may rebuy; one hand leaves p1 with 100 chips.
    evening(venue, tournament_id="rebuys", players=4, profile="allinouest", structure="club-rebuy")
    stacks = {"p1": 100, "p2": 39_900, "p3": 20_000, "p4": 20_000}
    venue.command("rebuys", type="record_hand", table_no=1, hand_no=1, final_stacks=stacks)
    answer = venue.td.post("/t/rebuys/console/rebuy", data={"player_id": "p1"}).text
    fields = undo_fields(answer)
    assert fields["kind"] == "rebuy"
    undone = venue.td.post("/t/rebuys/console/undo", data=fields).text
    assert "Recave annulée pour Joueur 1." in undone
    assert player(venue, "p1", "rebuys")["rebuys"] == 0
    assert player(venue, "p1", "rebuys")["stack"] == 100

    addon_evening(venue)
    fields = undo_fields(post(venue, "addon", {"player_id": "p2"}))
    assert fields["kind"] == "addon"
    assert "Add-on annulé pour Joueur 2." in post(venue, "undo", fields)
    assert player(venue, "p2")["addons"] == 0 and player(venue, "p2")["stack"] == 20_000


def test_undo_is_refused_after_a_minute(club: Venue) -> None:
    busted = seats(club, 1)[0]["player_id"]
    fields = undo_fields(post(club, "bust", {"table_no": "1", "player": [busted]}))
    club.clock.advance(61_000)
    text = refused(club, "undo", fields)
    assert "Trop tard pour annuler ici (61 secondes" in text
    assert player(club, busted)["status"] == "busted"


def test_undo_is_refused_once_the_table_played_a_hand(club: Venue) -> None:
    busted = seats(club, 1)[0]["player_id"]
    fields = undo_fields(post(club, "bust", {"table_no": "1", "player": [busted]}))
    stacks = {seat["player_id"]: seat["stack"] for seat in seats(club, 1)}
    club.command(TID, type="record_hand", table_no=1, hand_no=1, final_stacks=stacks)
    assert "BUST_UNDO_TOO_LATE" in refused(club, "undo", fields)


def test_undo_with_nothing_to_undo_is_refused(club: Venue) -> None:
    assert "Rien à annuler." in refused(club, "undo", {"kind": "bust", "at_ms": "1"})
    assert "Rien à annuler." in refused(club, "undo", {"kind": "x", "player": ["p1"], "at_ms": "1"})
