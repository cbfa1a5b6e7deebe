"""The console's deal panel and the results' deal, through the test client: both splits at the
final table, the rule and its citation where deals are forbidden (heavenpoker 8.14), a split
accepted, refused when stale, cancelled with a reason, and paid by the finish."""

from __future__ import annotations

import html as entities
import re
from urllib.parse import quote

from tests.web.pages.conftest import Venue
from tests.web.pages.one_table import (
    TID,
    check_public_is_sent_to_sign_in,
    event_count,
    execute,
    post,
    report_hand,
    start,
    text,
)

STACKS = {"p1": 35_000, "p2": 25_000, "p3": 15_000, "p4": 5_000}


def final_four(venue: Venue, profile: str = "tda-2024", names: tuple[str, ...] = ()) -> None:
    """Four players at one table (4 entries of 20 €: 52 € and 28 € paid), stacks reported."""
    if profile == "tda-2024":
        start(venue, names=names)
    else:
        execute(venue, type="create_tournament", tournament_id=TID, profile=profile)
        for number in range(1, 5):
            execute(venue, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
        for kind in ("draw_seats", "place_buttons"):
            execute(venue, type=kind, seed=7)
        execute(venue, type="start_clock")
    report_hand(venue, STACKS)


def text_of(html: str) -> str:
    """A fragment as the reader sees it (entities decoded)."""
    return entities.unescape(html)


def panel(venue: Venue, lang: str = "fr") -> str:
    page = venue.td.get(f"/t/{TID}/console?lang={lang}").text
    found = re.search(r'<section id="console-deal".*?</section>', page, re.DOTALL)
    return found.group(0) if found else ""


def accept_fields(html: str, method: str) -> dict[str, list[str]]:
    """The hidden fields of a panel's accept form, as the browser would post them."""
    start = rf'<form[^>]*>\s*<input type="hidden" name="method" value="{method}">'
    form = re.search(start + ".*?</form>", html, re.DOTALL)
    assert form is not None
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'name="([a-z_]+)" value="([^"]*)"', form.group(0)):
        fields.setdefault(name, []).append(value)
    return fields


def test_console_shows_both_splits_of_the_remaining_prizes_at_the_final_table(
    venue: Venue,
) -> None:
    final_four(venue)
    shown = text_of(panel(venue))
    assert "Arrangement (deal)" in shown
    assert "Prix partagés : places 1 à 2, 80,00\xa0€ en tout." in shown
    assert "52,00\xa0€ / 28,00\xa0€" in shown
    proposal = venue.service.deal_proposal(TID)
    for player in proposal["players"]:
        assert player["name"] in shown
    # Chip chop of 80 € by 35/25/15/5 of 80 000 chips: 35 €, 25 €, 15 €, 5 €.
    assert "35,00\xa0€" in shown and "5,00\xa0€" in shown
    assert "faites d'abord compter les jetons" in shown
    assert "tda-2024 R1" in shown
    assert "Accepter le partage ICM" in shown and "Accepter le partage aux jetons" in shown
    assert "Tous les joueurs restants acceptent le partage ICM" in shown  # the confirmation
    english = text_of(panel(venue, "en"))
    assert "Prizes shared: places 1 to 2, €80.00 in all." in english
    assert "Accept the chip chop" in english


def test_no_panel_before_the_final_table(venue: Venue) -> None:
    venue.evening(TID, players=20)
    page = venue.td.get(f"/t/{TID}/console").text
    assert '<div id="console-deal"></div>' in page
    assert "Arrangement (deal)" not in page


def test_heavenpoker_8_14_console_shows_the_rule_instead_of_the_buttons(venue: Venue) -> None:
    final_four(venue, profile="heavenpoker")
    shown = text_of(panel(venue))
    assert "Les arrangements sont interdits par le règlement" in shown
    assert "heavenpoker 8.14" in shown
    assert "Accepter" not in shown
    before = event_count(venue)
    refused = post(venue, "console/deal/agree", {"method": "icm"})
    assert 'refusal-code">(DEALS_FORBIDDEN)<' in refused
    assert event_count(venue) == before


def test_accepting_the_icm_split_records_it_and_the_results_show_the_deal(venue: Venue) -> None:
    final_four(venue)
    fields = accept_fields(panel(venue), "icm")
    done = post(venue, "console/deal/agree", fields)
    assert "Arrangement enregistré (ICM)" in done
    deal = venue.service.results(TID)["deal"]
    assert deal["method"] == "icm"
    assert [share["player_id"] for share in deal["shares"]] == fields["player"]
    assert [str(share["cents"]) for share in deal["shares"]] == fields["amount"]
    shown = text_of(panel(venue))
    assert "Arrangement conclu (ICM) par les 4 joueurs restants." in shown
    assert "Annuler l'arrangement" in shown and "Accepter" not in shown
    results = text(venue.public.get(f"/t/{TID}/results"))
    assert "Les 4 joueurs restants ont conclu un arrangement" in results
    # Play goes on; the short stack wins; the finish pays the shares agreed.
    shares = {share["player_id"]: share["cents"] for share in deal["shares"]}
    for loser in ("p1", "p2", "p3"):
        stacks = {p["player_id"]: p["stack"] for p in venue.service.players_list(TID)["players"]
                  if p["status"] == "playing"}  # fmt: skip
        stacks["p4"] += stacks[loser]
        stacks[loser] = 0
        report_hand(venue, stacks)
    execute(venue, type="finish")
    ranking = {row["player_id"]: row for row in venue.service.results(TID)["ranking"]}
    assert ranking["p4"]["place"] == 1
    assert {player: ranking[player]["cents"] for player in shares} == shares
    finished = text(venue.public.get(f"/t/{TID}/results"))
    assert "Les 4 derniers joueurs ont conclu un arrangement" in finished
    assert '<div id="console-deal"></div>' in venue.td.get(f"/t/{TID}/console").text


def test_a_split_shown_before_a_hand_is_refused_as_stale(venue: Venue) -> None:
    final_four(venue)
    fields = accept_fields(panel(venue), "chip_chop")
    report_hand(venue, {"p1": 30_000, "p2": 30_000, "p3": 15_000, "p4": 5_000})
    before = event_count(venue)
    refused = post(venue, "console/deal/agree", fields)
    assert 'refusal-code">(DEAL_STALE)<' in refused
    assert "Les tapis ont changé depuis l'affichage de ce partage" in refused
    assert event_count(venue) == before
    english = text(venue.td.post(f"/t/{TID}/console/deal/agree?lang=en", data=fields))
    assert 'refusal-code">(DEAL_STALE)<' in english
    assert "Choisissez le partage ICM" in post(venue, "console/deal/agree?lang=fr", {"method": "x"})


def test_a_deal_is_cancelled_with_the_reason_the_td_types(venue: Venue) -> None:
    final_four(venue)
    post(venue, "console/deal/agree", accept_fields(panel(venue), "chip_chop"))
    url = f"/t/{TID}/console/deal/cancel"
    empty = text(venue.td.post(url, headers={"HX-Prompt": "  "}))
    assert "Dites pourquoi l'arrangement est annulé." in empty
    # A reason a header cannot carry as such arrives encoded by htmx.
    reason = "Joueur 3 s’est trompé de 5 €"
    headers = {"HX-Prompt": quote(reason), "HX-Prompt-URI-AutoEncoded": "true"}
    done = text(venue.td.post(url, headers=headers))
    assert "Arrangement annulé : la grille des prix s'applique." in done
    cancelled = [
        line for _, kind, line in venue.service.event_lines(TID) if kind == "deal_cancelled"
    ]
    assert reason.encode() in cancelled[0]
    assert venue.service.results(TID)["deal"] is None
    assert 'refusal-code">(NO_DEAL)<' in text(venue.td.post(url, headers={"HX-Prompt": "again"}))


def test_names_in_the_deal_panel_and_results_are_escaped(venue: Venue) -> None:
    final_four(venue, names=("<b>Ann</b>", "Bob & Co", "Cé", "Dan"))
    raw = panel(venue)
    assert "<b>Ann</b>" not in raw and "&lt;b&gt;Ann&lt;/b&gt;" in raw
    assert "Bob &amp; Co" in raw
    post(venue, "console/deal/agree", accept_fields(raw, "icm"))
    results = venue.public.get(f"/t/{TID}/results").text
    assert "<b>Ann</b>" not in results and "&lt;b&gt;Ann&lt;/b&gt;" in results


def test_the_public_cannot_agree_or_cancel_a_deal(venue: Venue) -> None:
    final_four(venue)
    check_public_is_sent_to_sign_in(
        venue, (), {"console/deal/agree": {"method": "icm"}, "console/deal/cancel": {}}
    )
