"""The results page (CSV, print, live, finish) and the TD's chip race, penalties and
corrections pages, through the test client: state changes checked through the service."""

from __future__ import annotations

import html
import re
from typing import Any

from pokerfloor.tournament.events import ChipRaced
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


def confirm_fields(html: str) -> dict[str, str]:
    """The hidden fields of the proposal's confirm form, as the browser would send them."""
    return dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">', html))


# ---- results -------------------------------------------------------------------------------


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
    preview = text(venue.td.post(f"/t/{TID}/results/preview", data={"mode": "standard"}))
    assert "grille standard" in preview
    fields = confirm_fields(preview)
    assert fields["payouts_cents"] == "5200 2800"
    assert fields["prize_pool_cents"] == "8000"
    answer = text(venue.td.post(f"/t/{TID}/finish", data=fields))
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
    fields = confirm_fields(text(venue.td.post(f"/t/{TID}/results/preview", data=form)))
    venue.td.post(f"/t/{TID}/finish", data=fields)
    ranking = venue.service.results(TID)["ranking"]
    # 10 x sqrt(4 / place), rounded: 20, 14, 12, 10 points.
    assert [r["points"] for r in ranking] == [2000, 1400, 1200, 1000]
    assert [r["cents"] for r in ranking[:2]] == [5200, 2800]


def test_a_proposal_paying_more_than_the_pool_cannot_be_confirmed(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    form = {"mode": "amounts", "amounts": "100", "pool": "80"}
    preview = text(venue.td.post(f"/t/{TID}/results/preview", data=form))
    assert "Les gains font 100,00\xa0€, plus que le prize pool de 80,00\xa0€." in preview
    assert "Confirmer et terminer" not in preview
    bad = venue.td.post(f"/t/{TID}/results/preview", data={"mode": "amounts", "amounts": "1,234"})
    assert "Montant ou nombre invalide" in bad.text
    assert not venue.service.results(TID)["finished"]


def test_finishing_with_players_left_is_refused_and_changes_nothing(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    before = event_count(venue)
    answer = text(venue.td.post(f"/t/{TID}/finish", data={"payouts_cents": "5200 2800"}))
    assert "Refusé (NOT_FINISHED)" in answer
    assert event_count(venue) == before


def test_the_public_cannot_finish(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1", "p2", "p3")
    response = venue.public.post(
        f"/t/{TID}/finish", data={"payouts_cents": "8000"}, follow_redirects=False
    )
    assert response.status_code == 303 and response.headers["location"].startswith("/login")
    assert not venue.service.results(TID)["finished"]


def test_csv_in_french_opens_in_excel_with_accents_and_semicolons(venue: Venue) -> None:
    start(venue, names=("Éloïse", "Zoé", "=HYPERLINK()", "Anaïs"))
    bust(venue, "p1", "p2", "p3")
    fields = confirm_fields(text(venue.td.post(f"/t/{TID}/results/preview", data={})))
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
    fields = confirm_fields(text(venue.td.post(f"/t/{TID}/results/preview", data=form)))
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
    assert "window.print()" in page and "Joueur 1" in page
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


# ---- chip race -----------------------------------------------------------------------------


def test_the_chip_race_page_suggests_the_colour_up_of_the_structure(venue: Venue) -> None:
    start(venue)
    page = text(venue.td.get(f"/t/{TID}/chip-race?lang=en"))
    assert "the 25 chips (green) leave; the smallest chip left is 100 (black)" in page
    assert '<option value="25" selected>' in page
    assert '<option value="100" selected>' in page


def test_a_chip_race_changes_the_stacks_as_its_event_says(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 19975, "p2": 20025, "p3": 20000, "p4": 20000})
    answer = text(
        venue.td.post(
            f"/t/{TID}/chip-race", data={"table_no": "1", "removed": "25", "next_chip": "100"}
        )
    )
    assert "Chip race à la table 1 : un jeton de 100 pour" in answer
    assert 'id="chip-race-table" hx-swap-oob="true"' in answer and "déjà fait" in answer
    race = venue.service.tournament(TID).events[-1]
    assert isinstance(race, ChipRaced)
    for player_id, stack in race.stacks_after:
        assert player(venue, player_id)["stack"] == stack
        assert stack % 100 == 0
    assert len(race.winners) == 1  # 100 of leftovers make one chip of 100
    page = text(venue.td.get(f"/t/{TID}/chip-race"))
    assert "Chip races effectués" in page
    winner = player(venue, race.winners[0])
    assert winner["name"] in answer
    cards = dict(race.cards)
    assert len(cards["p1"]) == 3 and len(cards["p2"]) == 1  # one card per odd chip of 25
    assert "déjà fait" in page


def test_a_refused_chip_race_shows_why_and_changes_nothing(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    answer = text(
        venue.td.post(
            f"/t/{TID}/chip-race", data={"table_no": "1", "removed": "100", "next_chip": "25"}
        )
    )
    assert "Refusé (CHIP_RACE_BAD_DENOMINATIONS)" in answer
    answer = text(
        venue.td.post(
            f"/t/{TID}/chip-race", data={"table_no": "x", "removed": "25", "next_chip": "100"}
        )
    )
    assert "Saisie invalide" in answer
    assert event_count(venue) == before


def test_the_td_pages_send_the_public_to_sign_in(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    for path in ("chip-race", "penalties", "corrections", "penalties/kind?player_id=p1"):
        response = venue.public.get(f"/t/{TID}/{path}", follow_redirects=False)
        assert response.status_code == 303, path
        assert response.headers["location"].startswith("/login?next=")
    posts = {
        "chip-race": {"table_no": "1", "removed": "25", "next_chip": "100"},
        "penalties": {"player_id": "p1", "kind": "warning", "reason": "x"},
        "corrections/bust": {"player_id": "p1", "stack": "1", "reason": "x"},
        "results/preview": {},
    }
    for path, data in posts.items():
        response = venue.public.post(f"/t/{TID}/{path}", data=data, follow_redirects=False)
        assert response.status_code == 303, path
    assert event_count(venue) == before
    with venue.public.websocket_connect(f"/t/{TID}/live?view=penalties") as socket:
        message = socket.receive()
    assert message["type"] == "websocket.close" and message["code"] == 4401


# ---- penalties -----------------------------------------------------------------------------


def test_a_penalty_is_recorded_and_the_ladder_proposes_the_next_step(venue: Venue) -> None:
    start(venue)
    page = text(venue.td.get(f"/t/{TID}/penalties"))
    assert "L'échelle des sanctions du profil tda-2024" in page
    for label in ("Avertissement", "Une main d'exclusion", "2 tours de table", "Disqualification"):
        assert label in page
    answer = text(
        venue.td.post(
            f"/t/{TID}/penalties",
            data={"player_id": "p2", "kind": "warning", "reason": "Téléphone à la table"},
        )
    )
    assert "Joueur 2 : Avertissement." in answer
    assert player(venue, "p2")["penalties"] == ["warning"]
    # The answer brings the choice back, with the next step for the same player selected.
    assert 'hx-swap-oob="true"' in answer
    assert '<option value="missed_hand" selected>' in answer
    fragment = text(venue.td.get(f"/t/{TID}/penalties/kind?player_id=p2"))
    assert '<option value="missed_hand" selected>' in fragment
    page = text(venue.td.get(f"/t/{TID}/penalties?lang=en"))
    assert "Téléphone à la table" in page and "Penalties given" in page
    assert "One missed hand" in page  # p2's next step


def test_missed_rounds_count_hands_at_the_table(venue: Venue) -> None:
    start(venue)
    venue.td.post(
        f"/t/{TID}/penalties",
        data={"player_id": "p1", "kind": "missed_rounds_1", "reason": "Insulte"},
    )
    page = text(venue.td.get(f"/t/{TID}/penalties"))
    assert "1 tour de table d'exclusion" in page
    given = venue.service.tournament(TID).events[-1]
    assert getattr(given, "hands_to_miss", None) == 4  # one hand per player at the table


def test_a_penalty_without_a_reason_or_off_the_ladder_is_refused(venue: Venue) -> None:
    start(venue)
    before = event_count(venue)
    answer = text(
        venue.td.post(
            f"/t/{TID}/penalties", data={"player_id": "p1", "kind": "warning", "reason": ""}
        )
    )
    assert "Saisie invalide" in answer
    answer = text(
        venue.td.post(
            f"/t/{TID}/penalties", data={"player_id": "p1", "kind": "fine", "reason": "x"}
        )
    )
    assert "Refusé (PENALTY_UNKNOWN_KIND)" in answer
    assert event_count(venue) == before
    assert player(venue, "p1")["penalties"] == []


# ---- corrections ---------------------------------------------------------------------------


def test_the_corrections_page_says_the_log_only_grows(venue: Venue) -> None:
    start(venue)
    assert "Le journal ne fait que s'allonger" in text(venue.td.get(f"/t/{TID}/corrections"))
    assert "The log only grows" in text(venue.td.get(f"/t/{TID}/corrections?lang=en"))


def test_a_bust_that_was_not_one_is_corrected(venue: Venue) -> None:
    start(venue)
    bust(venue, "p1")
    answer = text(
        venue.td.post(
            f"/t/{TID}/corrections/bust",
            data={"player_id": "p1", "stack": "20 000", "reason": "Il restait un jeton"},
        )
    )
    assert "Joueur 1 est de retour en jeu" in answer
    assert player(venue, "p1")["status"] == "playing"
    assert player(venue, "p1")["stack"] == 20000
    assert 'id="correction-forms"' in answer and "Personne n'est éliminé." in answer
    page = text(venue.td.get(f"/t/{TID}/corrections"))
    assert "Élimination corrigée : Joueur 1 revient à la table 1" in page
    assert "Raison : Il restait un jeton" in page


def test_a_rebuy_that_did_not_happen_is_cancelled(venue: Venue) -> None:
    start(venue, structure="club-rebuy")
    report_hand(venue, {"p1": 0, "p2": 40000, "p3": 20000, "p4": 20000}, rebuys=("p1",))
    assert player(venue, "p1")["rebuys"] == 1
    pool = venue.service.results(TID)["prize_pool_cents"]
    answer = text(
        venue.td.post(
            f"/t/{TID}/corrections/rebuy", data={"player_id": "p1", "reason": "Pas payée"}
        )
    )
    assert "la dernière recave ou le dernier add-on est annulé" in answer
    assert player(venue, "p1")["rebuys"] == 0
    assert venue.service.results(TID)["prize_pool_cents"] == pool - 2000
    page = text(venue.td.get(f"/t/{TID}/corrections?lang=en"))
    assert "Rebuy cancelled: Joueur 1, 20,000 chips and €20.00 taken back." in page


def test_stacks_wrongly_reported_are_corrected(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 15000, "p2": 25000, "p3": 20000, "p4": 20000})
    page = text(venue.td.get(f"/t/{TID}/corrections?table_no=1"))
    assert "Main 1, la dernière annoncée à la table 1" in page
    seats = venue.service.seating_chart(TID)["tables"][0]["seats"]
    form = {
        "table_no": "1",
        "hand_no": "1",
        "player": [seat["player_id"] for seat in seats],
        "stack": [
            {"p1": "25000", "p2": "15000"}.get(seat["player_id"], str(seat["stack"]))
            for seat in seats
        ],
        "reason": "Tapis inversés",
    }
    answer = text(venue.td.post(f"/t/{TID}/corrections/hand", data=form))
    assert "Table 1 : les tapis de la dernière main sont corrigés." in answer
    assert player(venue, "p1")["stack"] == 25000 and player(venue, "p2")["stack"] == 15000
    event = venue.service.tournament(TID).events[-1]
    assert dict(getattr(event, "stacks_after", ())) == {"p1": 25000, "p2": 15000}
    page = text(venue.td.get(f"/t/{TID}/corrections"))
    assert "Main 1 de la table 1 corrigée" in page
    assert "Raison : Tapis inversés" in page


def test_a_hand_correction_that_makes_chips_appear_is_refused(venue: Venue) -> None:
    start(venue)
    report_hand(venue, {"p1": 15000, "p2": 25000, "p3": 20000, "p4": 20000})
    before = event_count(venue)
    form = {
        "table_no": "1",
        "hand_no": "1",
        "player": ["p1", "p2"],
        "stack": ["25000", "25000"],
        "reason": "x",
    }
    answer = text(venue.td.post(f"/t/{TID}/corrections/hand", data=form))
    assert "Refusé (CHIPS_NOT_CONSERVED)" in answer
    unchanged = {**form, "stack": ["15000", "25000"]}
    answer = text(venue.td.post(f"/t/{TID}/corrections/hand", data=unchanged))
    assert "Aucun tapis n'a été modifié" in answer
    answer = text(
        venue.td.post(
            f"/t/{TID}/corrections/bust", data={"player_id": "p3", "stack": "100", "reason": "x"}
        )
    )
    assert "Refusé (NOT_BUSTED)" in answer
    assert event_count(venue) == before
    assert player(venue, "p1")["stack"] == 15000


def test_the_td_panels_are_pushed_live(venue: Venue) -> None:
    start(venue)
    panels = {
        "chip-race": 'id="chip-race-results"',
        "penalties": 'id="penalties-given"',
        "corrections": 'id="corrections-made"',
    }
    for view, element in panels.items():
        with venue.td.websocket_connect(f"/t/{TID}/live?view={view}&lang=en") as socket:
            assert element in socket.receive_text()
    with venue.td.websocket_connect(f"/t/{TID}/live?view=corrections&lang=fr") as socket:
        socket.receive_text()
        bust(venue, "p1")  # not a correction: the panel is pushed again, still empty
        assert "Aucune correction pour l'instant." in html.unescape(socket.receive_text())
        venue.command(TID, type="correct_bust", player_id="p1", stack=20000, reason="Erreur")
        assert "Raison : Erreur" in html.unescape(socket.receive_text())
