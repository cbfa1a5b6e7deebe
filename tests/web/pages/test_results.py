"""The results page (CSV, print, live) and finishing the tournament, through the test client:
state changes checked through the service."""

from __future__ import annotations

import re

from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import (
    TID,
    bust,
    check_public_is_sent_to_sign_in,
    event_count,
    execute,
    post,
    start,
    text,
)


def confirm_fields(html: str) -> dict[str, str]:
    """The hidden fields of the proposal's confirm form, as the browser would send them."""
    return dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">', html))


def test_results_so_far_in_french_list_the_busts_and_the_money(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    page = text(venue.public.get(f"/t/{TID}/results?lang=fr"))
    assert "Classement provisoire" in page
    assert "Joueur 1" in page and "Joueur 2" not in page
    assert "80,00\xa0€" in page
    assert "3 joueurs encore en jeu." in page


def test_results_in_english_format_money_the_english_way(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    page = text(venue.public.get(f"/t/{TID}/results?lang=en"))
    assert "Ranking so far" in page
    assert "€80.00" in page
    assert "3 players still in play." in page


def test_results_of_an_unknown_tournament_are_not_found(venue: Venue) -> None:
    response = venue.public.get("/t/nothing/results?lang=en")
    assert response.status_code == 404
    assert "There is no such tournament." in response.text
    assert venue.public.get("/t/nothing/results.csv").status_code == 404


def test_the_public_sees_no_finish_form_and_the_td_sees_the_standard_proposal(
    venue: Venue,
) -> None:
    start(venue)
    assert "Terminer le tournoi" not in text(venue.public.get(f"/t/{TID}/results"))
    page = text(venue.td.get(f"/t/{TID}/results"))
    assert "Terminer le tournoi" in page
    # 4 entries of 20 €: the standard table pays 65 % and 35 % in whole euros.
    assert "52,00\xa0€" in page and "28,00\xa0€" in page
    assert "4 joueurs sont encore en jeu" in page


def test_finish_with_the_standard_payouts_records_the_proposal_shown(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    preview = post(venue, "results/preview", {"mode": "standard"})
    assert "grille standard" in preview
    fields = confirm_fields(preview)
    assert fields["payouts_cents"] == "5200 2800"
    assert fields["prize_pool_cents"] == "8000"
    answer = post(venue, "finish", fields)
    assert "Le tournoi est terminé : Joueur 4 gagne." in answer
    results = venue.service.results(TID)
    assert results["finished"]
    assert [(r["player_id"], r["cents"]) for r in results["ranking"][:2]] == [
        ("p4", 5200),
        ("p3", 2800),
    ]
    page = text(venue.public.get(f"/t/{TID}/results"))
    assert "Classement final" in page and "52,00\xa0€" in page
    assert "Le tournoi est terminé : voici le classement final." in page


def test_finish_with_given_amounts_and_points(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    form = {
        "mode": "amounts",
        "amounts": "50\n30,50",
        "points_name": "linear",
        "points_factor": "2",
    }
    preview = text(venue.td.post(f"/t/{TID}/results/preview?lang=en", data=form))
    assert "€80.50" in preview  # the pool defaults to the sum of the amounts
    fields = confirm_fields(preview)
    assert fields["payouts_cents"] == "5000 3050"
    assert fields["points_name"] == "linear" and fields["points_factor"] == "2"
    venue.td.post(f"/t/{TID}/finish", data=fields)
    results = venue.service.results(TID)
    assert results["prize_pool_cents"] == 8050
    # linear: factor x (entries - place + 1) points, kept in hundredths.
    assert [(r["cents"], r["points"]) for r in results["ranking"]] == [
        (5000, 800),
        (3050, 600),
        (0, 400),
        (0, 200),
    ]
    page = text(venue.public.get(f"/t/{TID}/results?lang=en"))
    assert "Points" in page and "€30.50" in page


def test_finish_with_sqrt_points_and_the_standard_table(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    form = {"mode": "standard", "points_name": "sqrt", "points_k": "10"}
    fields = confirm_fields(post(venue, "results/preview", form))
    venue.td.post(f"/t/{TID}/finish", data=fields)
    ranking = venue.service.results(TID)["ranking"]
    # 10 x sqrt(4 / place), rounded: 20, 14, 12, 10 points.
    assert [r["points"] for r in ranking] == [2000, 1400, 1200, 1000]
    assert [r["cents"] for r in ranking[:2]] == [5200, 2800]


def test_a_proposal_paying_more_than_the_pool_cannot_be_confirmed(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    form = {"mode": "amounts", "amounts": "100", "pool": "80"}
    preview = post(venue, "results/preview", form)
    assert "Les gains font 100,00\xa0€, plus que le prize pool de 80,00\xa0€." in preview
    assert "Confirmer et terminer" not in preview
    bad = venue.td.post(f"/t/{TID}/results/preview", data={"mode": "amounts", "amounts": "1,234"})
    assert "Montant ou nombre invalide" in bad.text
    assert not venue.service.results(TID)["finished"]


def test_finishing_with_players_left_is_refused_and_changes_nothing(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    before = event_count(venue)
    answer = post(venue, "finish", {"payouts_cents": "5200 2800"})
    assert 'refusal-code">(NOT_FINISHED)<' in answer
    assert event_count(venue) == before


def test_the_public_cannot_finish(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    response = venue.public.post(
        f"/t/{TID}/finish", data={"payouts_cents": "8000"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"].startswith("/login")
    assert not venue.service.results(TID)["finished"]
    check_public_is_sent_to_sign_in(venue, (), {"results/preview": {}})


def test_csv_in_french_opens_in_excel_with_accents_and_semicolons(venue: Venue) -> None:
    start(venue, names=("Éloïse", "Zoé", "=HYPERLINK()", "Anaïs"))
    bust(venue, "p1", "p2", "p3")
    fields = confirm_fields(post(venue, "results/preview", {}))
    venue.td.post(f"/t/{TID}/finish", data=fields)
    response = venue.public.get(f"/t/{TID}/results.csv?lang=fr")
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert "attachment" in response.headers["content-disposition"]
    assert response.content.startswith(b"\xef\xbb\xbf")
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines == [
        "Place;Nom;Identifiant;Gain (€);Points",
        "1;Anaïs;p4;52,00;0",
        "2;'=HYPERLINK();p3;28,00;0",
        "3;Zoé;p2;0,00;0",
        "4;Éloïse;p1;0,00;0",
    ]


def test_csv_in_english_uses_commas_and_decimal_points(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    form = {"mode": "amounts", "amounts": "60,25\n20", "points_name": "sqrt", "points_k": "10"}
    fields = confirm_fields(post(venue, "results/preview", form))
    venue.td.post(f"/t/{TID}/finish", data=fields)
    body = venue.public.get(f"/t/{TID}/results.csv?lang=en").content.decode("utf-8-sig")
    assert body.splitlines()[:3] == [
        "Place,Name,Player ID,Prize (€),Points",
        "1,Joueur 4,p4,60.25,20",
        "2,Joueur 3,p3,20.00,14",
    ]


def test_the_printable_page_has_no_navigation_and_no_live_connection(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    page = text(venue.td.get(f"/t/{TID}/results?print=1"))
    assert "data-print" in page and "Joueur 1" in page
    assert "ws-connect" not in page and 'class="top"' not in page
    assert "Terminer le tournoi" not in page


def test_the_results_update_by_themselves(venue: Venue) -> None:
    start(venue)
    with venue.public.websocket_connect(f"/t/{TID}/live?view=results&lang=fr") as socket:
        first = socket.receive_text()
        assert 'id="results-panel"' in first and "Personne n'est encore éliminé." in first
        bust(venue, "p2")
        pushed = socket.receive_text()
    assert "Joueur 2" in pushed and "3 joueurs encore en jeu." in pushed


# ---- the formula chosen at set-up ---------------------------------------------------------


def start_with_points(venue: Venue, formula: dict[str, object]) -> None:
    """Four players at one table, as ``start``, in a tournament created with ``formula``."""
    execute(venue, type="create_tournament", tournament_id=TID, points=formula)
    for number in range(1, 5):
        execute(venue, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    for kind in ("draw_seats", "place_buttons"):
        execute(venue, type=kind, seed=7)
    execute(venue, type="start_clock")
    bust(venue, "p1", "p2", "p3")


def test_the_finish_form_is_prefilled_with_the_set_up_formula_and_scores_it(
    venue: Venue,
) -> None:
    start_with_points(venue, {"name": "sqrt", "k": 10, "decimals": 1})
    page = text(venue.td.get(f"/t/{TID}/results"))
    assert re.search(r'<option value="sqrt" selected>', page)
    assert re.search(r'name="points_k" value="10"', page)
    assert re.search(r'name="points_decimals" value="1"', page)
    assert "La formule choisie à la création est remplie" in page
    # The proposal shown at once already has the points: 10 x sqrt(4 / place), one decimal.
    assert '<th scope="col" class="num">Points</th>' in page and "14,1" in page
    fields = confirm_fields(page)
    assert (fields["points_name"], fields["points_k"], fields["points_decimals"]) == (
        "sqrt",
        "10",
        "1",
    )
    post(venue, "finish", fields)  # confirmed without touching the formula
    ranking = venue.service.results(TID)["ranking"]
    assert [r["points"] for r in ranking] == [2000, 1410, 1150, 1000]


def test_a_table_formula_from_set_up_fills_the_form_in_english(venue: Venue) -> None:
    start_with_points(venue, {"name": "table", "points": [30, 20], "others": 5})
    page = text(venue.td.get(f"/t/{TID}/results?lang=en"))
    assert '<option value="table" selected>' in page
    assert 'name="points_table" value="30 20"' in page
    assert 'name="points_others" value="5"' in page
    assert "The formula chosen at set-up is filled in" in page
    post(venue, "finish", confirm_fields(page))
    assert [r["points"] for r in venue.service.results(TID)["ranking"]] == [3000, 2000, 500, 500]


def test_no_points_chosen_at_the_end_records_no_points_despite_the_set_up_formula(
    venue: Venue,
) -> None:
    start_with_points(venue, {"name": "linear", "factor": 2})
    preview = post(venue, "results/preview", {"mode": "standard", "points_name": ""})
    fields = confirm_fields(preview)
    assert fields["points_name"] == ""
    post(venue, "finish", fields)
    results = venue.service.results(TID)
    assert results["finished"]
    assert [r["points"] for r in results["ranking"]] == [0, 0, 0, 0]


def test_a_bad_points_parameter_in_the_finish_form_is_said_and_nothing_finishes(
    venue: Venue,
) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    preview = post(venue, "results/preview", {"points_name": "sqrt", "points_decimals": "5"})
    assert "Points de championnat, Décimales" in preview and "pas « 5 »" in preview
    answer = post(venue, "finish", {"payouts_cents": "8000", "points_name": "cube"})
    assert "Il n'y a pas de formule de points de championnat « cube »." in answer
    assert not venue.service.results(TID)["finished"]


# ---- the payout scheme chosen at set-up ----------------------------------------------------


def start_with_payouts(venue: Venue, payouts: dict[str, object]) -> None:
    """Four players at 20 € at one table, three busted, in a tournament created with
    ``payouts`` (the API's ``create_tournament``)."""
    execute(venue, type="create_tournament", tournament_id=TID, payouts=payouts)
    for number in range(1, 5):
        execute(venue, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    for kind in ("draw_seats", "place_buttons"):
        execute(venue, type=kind, seed=7)
    execute(venue, type="start_clock")
    bust(venue, "p1", "p2", "p3")


def test_the_proposal_follows_the_club_grid_chosen_at_set_up_and_names_it(venue: Venue) -> None:
    start_with_payouts(venue, {"name": "shares", "basis_points": [6000, 4000]})
    page = text(venue.td.get(f"/t/{TID}/results"))
    assert (
        "La répartition choisie à la création (grille du club), selon le prize pool et les "
        "entrées" in page
    )
    assert "Grille standard" not in page and "grille standard" not in page
    # 80 € by the grid, 60 % and 40 % (the standard table would pay 52 € and 28 €).
    assert "Proposition — grille du club" in page
    assert confirm_fields(page)["payouts_cents"] == "4800 3200"
    preview = post(venue, "results/preview", {"mode": "standard"})
    assert "Proposition — grille du club" in preview and "48,00\xa0€" in preview
    english = text(venue.td.post(f"/t/{TID}/results/preview?lang=en", data={"mode": "standard"}))
    assert "Proposal — club grid" in english and "€32.00" in english
    # Amounts typed by the TD are theirs, not the grid's.
    typed = post(venue, "results/preview", {"mode": "amounts", "amounts": "50\n30"})
    assert "grille du club" not in typed and confirm_fields(typed)["payouts_cents"] == "5000 3000"
    post(venue, "finish", confirm_fields(preview))
    ranking = venue.service.results(TID)["ranking"]
    assert [(row["player_id"], row["cents"]) for row in ranking[:2]] == [
        ("p4", 4800),
        ("p3", 3200),
    ]


def test_a_curve_chosen_at_set_up_is_named_with_its_ratio_and_rounding(venue: Venue) -> None:
    curve = {"name": "geometric", "ratio": "0.5", "places": 2, "rounding_cents": 1000}
    start_with_payouts(venue, curve)
    # 80 € in 10 € steps, the second place half the first: 20 €, and the rest, 60 €, first.
    preview = post(venue, "results/preview", {"mode": "standard"})
    assert "Proposition — courbe géométrique, rapport 0,5, gains arrondis à 10,00\xa0€" in preview
    assert confirm_fields(preview)["payouts_cents"] == "6000 2000"
    page = text(venue.td.get(f"/t/{TID}/results?lang=en"))
    assert (
        "The payout scheme chosen at set-up (geometric curve, ratio 0.5, prizes rounded to "
        "€10.00), from the prize pool and the entries" in page
    )
    power = {"name": "power", "exponent": "1.5", "places": 2}
    venue.command("other", type="create_tournament", tournament_id="other", payouts=power)
    venue.command("other", type="register_player", player_id="p1", name="Joueur 1")
    other = text(venue.td.get("/t/other/results?lang=fr"))
    assert "Proposition — courbe de puissance, exposant 1,5" in other
    assert "arrondis" not in other  # whole euros, the default, go without saying
