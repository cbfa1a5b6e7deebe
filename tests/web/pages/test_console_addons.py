"""The console's add-ons dialog says why a player may not take one now (the window not open yet
or closed since when, the add-on taken, the double add-on's limit: never a rebuy's reason), the
TD opens the window by hand with a reason, and the clock's jump list lands on the breaks."""

from __future__ import annotations

from tests.web.pages.conftest import Venue
from tests.web.pages.test_console import TID, evening, player, post, refused

MINUTE = 60_000


def addons_dialog(venue: Venue, lang: str = "fr") -> str:
    response = venue.td.get(f"/t/{TID}/console/addons?lang={lang}")
    assert response.status_code == 200
    return response.text


def test_before_the_break_the_dialog_says_when_the_add_ons_come(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    text = addons_dialog(venue)
    assert "Personne ne peut prendre d'add-on maintenant." in text
    assert (
        "Les add-ons ne sont pas encore ouverts : ils se prennent à la pause après le niveau 4 ; "
        "nous sommes au niveau 1." in text
    )
    assert "recave" not in text.lower()
    english = addons_dialog(venue, "en")
    assert "add-ons are taken at the break after level 4; this is level 1." in english


def test_at_the_break_the_dialog_names_who_took_the_double_add_on(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    venue.command(TID, type="addon", player_id="p1")
    venue.command(TID, type="addon", player_id="p1")
    text = addons_dialog(venue)
    assert all(f'value="p{n}"' in text for n in (2, 3, 4)) and 'value="p1"' not in text
    assert "Joueur 1 a pris le double add-on : 2 add-ons au plus." in text
    assert "pas encore ouverts" not in text


def test_after_the_break_the_dialog_says_when_it_closed_and_the_td_reopens_it(
    venue: Venue,
) -> None:
    evening(venue, players=4, structure="club-rebuy")
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    venue.clock.advance(16 * MINUTE)  # the 15-minute break is over: level 5
    text = addons_dialog(venue)
    assert "Les add-ons ont fermé à " in text and "à la fin de la pause après le niveau 4." in text
    assert 'id="addons-open-form"' in text
    assert "Dites pourquoi" in refused(venue, "addons/open", {"reason": "  "})
    answer = post(venue, "addons/open", {"reason": "pause prise en retard"})
    assert "Les add-ons sont ouverts jusqu&#39;à la fin de ce niveau ou de cette pause." in answer
    assert 'value="p1"' in addons_dialog(venue)
    post(venue, "addons", {"player": ["p1", "p2"]})
    assert player(venue, "p1")["addons"] == 1
    opened = [
        e for e in venue.service.tournament(TID).events if type(e).__name__ == "AddonWindowOpened"
    ]
    assert [e.reason for e in opened] == ["pause prise en retard"]
    public = venue.public.get(f"/api/tournaments/{TID}/events").text
    assert "addon_window_opened" in public and "pause prise en retard" not in public


def test_the_jump_list_offers_the_breaks_and_lands_on_one(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    page = venue.td.get(f"/t/{TID}/console").text
    assert '<option value="b4">Pause après le niveau 4 (15 min)</option>' in page
    assert '<option value="b10">Pause après le niveau 10 (10 min)</option>' in page
    answer = post(venue, "jump", {"level_index": "b4"})
    assert "La pause après le niveau 4 commence." in answer
    clock = venue.service.clock_screen(TID)
    assert clock["in_break"] and 'value="p1"' in addons_dialog(venue)
    assert "Aucune pause ne précède le niveau 2" in refused(venue, "jump", {"level_index": "b1"})


def test_the_player_s_phone_says_when_the_add_ons_are_open(venue: Venue) -> None:
    evening(venue, players=4, structure="club-rebuy")
    phone = f"/t/{TID}/me/p1?lang=fr"
    assert 'id="player-addon"' not in venue.public.get(phone).text
    venue.command(TID, type="jump_to_level", level_index=4, break_before=True)
    assert "Les add-ons sont ouverts : demandez le vôtre" in venue.public.get(phone).text
    venue.command(TID, type="addon", player_id="p1")
    venue.command(TID, type="addon", player_id="p1")  # the double add-on taken
    assert 'id="player-addon"' not in venue.public.get(phone).text
