"""The floor calculator's dealing irregularities and the captain's call naming one: a situation
picked from the list with its facts (a plain GET form), the ruling with its steps and articles,
every bundled profile side by side, refusals naming the fact and what it accepts, French first;
the captain's call carries the situation and the TD sees the suggested ruling next to it, the
public never does.

The expected decisions are the rulebooks' (the articles cited in each assertion), never the
page's code run a second time.
"""

from __future__ import annotations

import html
import re
from typing import Any

import msgspec
import pytest

from pokerfloor.app.untrusted import check_imported_events
from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import DECISIONS, SITUATIONS, rule
from pokerfloor.tournament.events import FloorCalled, TournamentEvent
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._common import captain_key
from tests.web.pages.conftest import TOKEN, Venue, words

TID = "club"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
BUNDLED = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")


def page(venue: Venue, lang: str = "en", path: str = "/floor/irregularities", **query: str) -> str:
    answer = venue.td.get(path, params={"lang": lang, **query})
    assert answer.status_code == 200, answer.text
    return answer.text


def misdeal(venue: Venue, lang: str = "en", **facts: str) -> str:
    """A misdeal called, with ``facts`` (``f_`` fields) for the misdeal situation."""
    fields = {f"f_{key}": value for key, value in facts.items()}
    return page(venue, lang, situation="misdeal_claim", facts_for="misdeal_claim", **fields)


def chosen(html: str) -> str:
    """The chosen profile's ruling (the panel beside the form)."""
    found = re.search(r'<section id="irr-result".*?</section>', html, re.S)
    assert found is not None
    return found.group(0)


def decisions(html: str) -> dict[str, str]:
    """Every bundled profile's decision, from the cards' ``data-*`` attributes."""
    return dict(re.findall(r'data-profile="([^"]+)" data-decision="([^"]+)"', html))


def test_the_irregularities_are_for_the_td_only(venue: Venue) -> None:
    answer = venue.public.get("/floor/irregularities", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/login")


def test_the_floor_page_offers_both_modes(venue: Venue) -> None:
    betting = words(page(venue, "fr", "/floor"))
    assert "Litige d'enchères" in betting and "Incident de donne" in betting
    html = page(venue, "fr")
    assert 'href="/floor"' in html and 'aria-current="page">Incident de donne' in html


def test_the_situations_and_the_ruling_are_in_french_first(venue: Venue) -> None:
    """Titles, fact labels, choices, decision and steps come from the core in English and are
    shown in French (floor_rules.po); English on request."""
    french = words(misdeal(venue, "fr", cause="wrong_order"))
    english = words(misdeal(venue, "en", cause="wrong_order"))
    catalogue = i18n.catalogue("fr")
    kind = SITUATIONS["misdeal_claim"]
    texts = [kind.title, kind.facts[0].label, kind.facts[0].choice_labels[0]]
    texts.append(DECISIONS[rule("tda-2024", "misdeal_claim", {}).decision])
    for text in texts:
        assert isinstance(catalogue.get(text), str), f"no French for {text!r}"
        assert html.unescape(str(catalogue[text])) in french
        assert text in english
    assert "Incident de donne" in french and "Dealing irregularity" in english


def test_every_situation_is_offered_with_at_most_five_facts(venue: Venue) -> None:
    html = page(venue)
    for key in SITUATIONS:
        assert f'<option value="{key}"' in html
        facts = page(venue, situation=key)
        form = re.search(r'<form id="irr-form".*?</form>', facts, re.S)
        assert form is not None
        names = set(re.findall(r'name="f_(\w+)"', form.group(0)))
        assert names == {fact.key for fact in SITUATIONS[key].facts}
        assert len(names) <= 5


def test_a_misdeal_in_time_is_ruled_with_its_procedure_and_articles(venue: Venue) -> None:
    # tda-2024 R35: cards dealt out of order, noticed before anyone acted, is a misdeal.
    result = chosen(misdeal(venue, cause="wrong_order", actions="0", chips_actions="0"))
    assert 'data-decision="misdeal"' in result
    assert "tda-2024 R35" in result
    steps = re.findall(r"<li>(.*?)</li>", result)
    assert len(steps) >= 2  # the procedure, step by step, in order


def test_a_misdeal_after_substantial_action_is_too_late(venue: Venue) -> None:
    # tda-2024 R36: substantial action (three actions, two with chips) rules out a misdeal.
    html = misdeal(venue, cause="wrong_order", actions="3", chips_actions="2")
    assert 'data-decision="no_misdeal"' in chosen(html)
    assert "R36" in chosen(html)
    assert decisions(html)["tda-2024"] == "no_misdeal"


def test_every_bundled_profile_is_ruled_side_by_side(venue: Venue) -> None:
    html = misdeal(venue, cause="wrong_order")
    assert tuple(decisions(html)) == BUNDLED
    cards = re.findall(r'<article class="panel irr-card[^"]*" data-profile="(\w[\w-]*)"', html)
    assert cards == list(BUNDLED)
    assert html.count("Articles:") == 1 + len(BUNDLED)  # each with its articles


def test_a_profile_that_rules_otherwise_is_marked(venue: Venue) -> None:
    html = page(venue, profile="ropta", situation="misdeal_claim")
    ruled = decisions(html)
    marked = re.findall(r'irr-card floor-differs" data-profile="([\w-]+)"', html)
    assert sorted(marked) == sorted(p for p, d in ruled.items() if d != ruled["ropta"])


def test_a_new_situation_starts_from_its_defaults(venue: Venue) -> None:
    # The facts sent belong to the misdeal (facts_for): the fouled deck ignores them.
    html = page(venue, situation="fouled_deck", facts_for="misdeal_claim", f_cause="extra_card")
    assert 'name="facts_for" value="fouled_deck"' in html
    assert '<option value="duplicate" selected>' in html  # the defect's default
    assert "Please correct" not in html


def test_an_unticked_checkbox_is_false(venue: Venue) -> None:
    ticked = page(venue, situation="dead_hand", facts_for="dead_hand", f_protected="true")
    unticked = page(venue, situation="dead_hand", facts_for="dead_hand")
    assert 'name="f_protected" value="true" checked' in ticked
    assert 'name="f_protected" value="true" checked' not in unticked


def test_a_bad_fact_names_the_fact_and_what_it_accepts_in_french(venue: Venue) -> None:
    html = misdeal(venue, "fr", cause="nope")
    text = words(chosen(html))
    assert "« nope » n'est pas accepté ; choisissez parmi" in text
    assert "data-decision" not in chosen(html)
    number = words(chosen(misdeal(venue, "en", actions="12")))
    assert "“12” is not accepted: a whole number from 0 to 9." in number


def test_an_unknown_situation_is_refused_and_the_list_offered(venue: Venue) -> None:
    html = page(venue, "en", situation="card_on_fire")
    assert "“card_on_fire” is not a situation of the list; choose one of:" in words(html)
    assert f'<option value="{next(iter(SITUATIONS))}" selected>' in html


def test_an_unknown_profile_is_refused(venue: Venue) -> None:
    html = page(venue, "en", profile="../../etc/passwd", situation="misdeal_claim")
    assert "Choose one of the rule profiles." in words(html)


def test_the_tournament_page_rules_with_its_profile(venue: Venue) -> None:
    venue.command(TID, type="create_tournament", tournament_id=TID, profile="allinouest")
    html = page(venue, "en", f"/t/{TID}/floor/irregularities", situation="misdeal_claim")
    result = chosen(html)
    assert "ALLINOUEST" in result and "allinouest" in result
    assert 'name="profile"' not in html  # the event's profile, not a choice
    assert venue.td.get("/t/nope/floor/irregularities").status_code == 404


# ---- the captain's call ----------------------------------------------------------------------


@pytest.fixture
def club(venue: Venue) -> Venue:
    venue.evening(TID)
    return venue


def captain(venue: Venue, table_no: int) -> str:
    return captain_key(venue.td.app.state.pages, TID, table_no)  # type: ignore[attr-defined]


def call(venue: Venue, table_no: int, lang: str = "fr", **fields: str) -> str:
    key = captain(venue, table_no)
    answer = venue.public.post(f"/t/{TID}/table/{table_no}/call?key={key}&lang={lang}", data=fields)
    assert answer.status_code == 200
    return words(answer.text)


def extra_card_call(venue: Venue, table_no: int = 2) -> str:
    return call(
        venue,
        table_no,
        situation="misdeal_claim",
        facts_for="misdeal_claim",
        f_cause="extra_card",
        f_first_seat="true",
        reason="carte en trop",
    )


def test_the_captains_phone_offers_the_situations_and_fetches_their_facts(club: Venue) -> None:
    key = captain(club, 2)
    phone = club.public.get(f"/t/{TID}/table/2?key={key}").text
    assert 'name="situation"' in phone and '<option value="misdeal_claim">' in phone
    facts = club.public.get(f"/t/{TID}/table/2/call/facts?key={key}&situation=dead_hand").text
    assert 'name="facts_for" value="dead_hand"' in facts
    assert set(re.findall(r'name="f_(\w+)"', facts)) == {
        f.key for f in SITUATIONS["dead_hand"].facts
    }
    wrong = club.public.get(f"/t/{TID}/table/2/call/facts?key=nope&situation=dead_hand")
    assert wrong.status_code == 403


def test_the_td_sees_the_suggested_ruling_next_to_the_call(club: Venue) -> None:
    assert "Le floor est appelé pour" in extra_card_call(club)
    console = club.td.get(f"/t/{TID}/console?lang=en").text
    found = re.search(
        r'<div class="floor-call-suggestion" id="floor-call-suggestion-2".*?</div>', console, re.S
    )
    assert found is not None
    suggestion = words(found.group(0))
    # tda-2024 R35 A5: an extra card, even to the first player dealt, is a misdeal.
    assert "Extra cards dealt" in suggestion and "Suggested ruling, tda-2024" in suggestion
    assert "R35" in suggestion
    assert 'data-decision="misdeal"' in found.group(0)
    link = re.search(r'href="([^"]+)"', found.group(0))
    assert link is not None and "f_cause=extra_card" in link.group(1)
    opened = club.td.get(link.group(1).replace("&amp;", "&") + "&lang=en").text
    assert 'data-decision="misdeal"' in chosen(opened)
    captains = club.td.get(f"/t/{TID}/captains?lang=en").text
    assert 'id="floor-call-suggestion-2"' in captains


def test_a_call_without_a_situation_still_works(club: Venue) -> None:
    assert "Le floor est appelé : le TD voit votre appel." in call(club, 3, reason="question")
    console = club.td.get(f"/t/{TID}/console").text
    assert "floor-call-suggestion-3" not in console


def test_a_bad_fact_from_the_phone_is_refused_in_the_captains_language(club: Venue) -> None:
    text = call(club, 2, situation="misdeal_claim", facts_for="misdeal_claim", f_cards="9")
    assert "« Cards concerned" in text or "«" in text
    assert "un nombre entier de 1 à 5" in text
    assert "floor-call-suggestion" not in club.td.get(f"/t/{TID}/console").text
    unknown = call(club, 2, "en", situation="dragons")
    assert "“dragons” is not a situation of the list" in unknown


def test_the_public_never_sees_the_situation(club: Venue) -> None:
    extra_card_call(club)
    chart = club.public.get(f"/api/tournaments/{TID}/seating").json()
    assert chart["floor_calls"][0]["situation"] == "" and chart["floor_calls"][0]["facts"] == {}
    events = club.public.get(f"/api/tournaments/{TID}/events").text
    assert "extra_card" not in events and "misdeal_claim" not in events
    phone = club.public.get(f"/t/{TID}/table/2?key={captain(club, 2)}").text
    assert "card_replaced" not in phone
    td_events = club.td.get(f"/api/tournaments/{TID}/events", headers=BEARER).text
    assert "misdeal_claim" in td_events


def test_the_api_refuses_an_unknown_situation_or_fact(club: Venue) -> None:
    def send(**body: Any) -> dict[str, Any]:
        answer = club.td.post(
            f"/api/tournaments/{TID}/commands",
            json={"type": "call_floor", "table_no": 1, **body},
            headers=BEARER,
        )
        return dict(answer.json())

    assert send(situation="dragons")["code"] == "FLOOR_UNKNOWN_SITUATION"
    assert send(situation="dead_hand", facts={"colour": "red"})["code"] == "FLOOR_BAD_FACT"
    assert send(situation="dead_hand", facts={"protected": 3})["code"] == "FLOOR_BAD_FACT"
    done = send(situation="dead_hand", facts={"protected": True, "cause": "touched_by_muck"})
    assert "code" not in done


def test_an_old_floor_call_replays_without_a_situation() -> None:
    line = b'{"type":"floor_called","table_no":2,"reason":"?","at_ms":5}'
    event = msgspec.json.decode(line, type=TournamentEvent)
    assert isinstance(event, FloorCalled)
    assert (event.situation, event.facts) == ("", ())


@pytest.mark.parametrize(
    "event",
    [
        FloorCalled(2, "?", 5, situation="x" * 41),
        FloorCalled(2, "?", 5, situation="dead_hand", facts=(("cause", "y" * 41),)),
        FloorCalled(2, "?", 5, situation="dead_hand", facts=(("z" * 41, "true"),)),
    ],
)
def test_an_imported_log_keeps_the_situation_within_the_apis_bounds(event: FloorCalled) -> None:
    with pytest.raises(PokerfloorError) as refused:
        check_imported_events([event])
    assert refused.value.code == "BAD_EVENT_LOG"
    check_imported_events([FloorCalled(2, "?", 5, None, None, "dead_hand", (("cause", "a"),))])
