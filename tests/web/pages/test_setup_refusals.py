"""A refused set-up names every wrong field at once and keeps everything typed; the add-on's
break is the TD's choice in the form."""

from __future__ import annotations

from html import unescape

from tests.web.pages.conftest import Venue
from tests.web.pages.test_setup import create, form_of, new_form


def test_every_wrong_field_is_named_at_once_and_everything_typed_stays(venue: Venue) -> None:
    form = new_form(venue)
    form["table_size"] = ["12"]
    form["max_players"] = ["1"]
    form["buy_in"] = ["abc"]
    form["big_blind"][0] = "deux cents"
    answer = create(venue, form, "mardi soir")
    assert answer.status_code == 422
    text = unescape(answer.text)
    for message in (
        "L'identifiant du tournoi compte de 1 à 64",
        "Une table de 12 sièges n'est pas acceptée : de 2 à 10 sièges.",
        "Le nombre maximal de joueurs est d'au moins 2",
        "Droit d'entrée : saisissez un montant comme 20 ou 12,50",
        "Niveau 1, grosse blinde : saisissez un nombre entier",
    ):
        assert message in text, message
    kept = form_of(answer.text)
    assert kept["tournament_id"] == ["mardi soir"] and kept["table_size"] == ["12"]
    assert kept["buy_in"] == ["abc"] and kept["big_blind"][0] == "deux cents"
    assert venue.service.tournament_ids() == []


def test_the_add_on_break_is_chosen_in_the_form(venue: Venue) -> None:
    form = new_form(venue, "?template=club-rebuy")
    assert form["addon_break_after_level"] == ["4"]
    form["addon_break_after_level"] = ["3"]  # no break after level 3
    refused = unescape(create(venue, form, "soir").text)
    assert (
        "Les add-ons se prennent à une pause de la structure, une fois la période de recaves "
        "(niveau 4) finie : il n'y en a pas après le niveau 3 ; accepté : 0, 4, 10" in refused
    )
    assert not venue.service.exists("soir")
    form["addon_break_after_level"] = [""]  # at the end of the rebuy period
    assert create(venue, form, "soir").status_code == 303
    entry = venue.service.tournament("soir").structure.entry
    assert entry.addon_break_after_level == 0 and entry.rebuy_until_level == 4
