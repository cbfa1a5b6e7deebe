"""The floor calculator: presets, rulings with the rulebook's articles, profiles compared,
invalid input, French and English, TD only.

The expected rulings come from the rulebooks' own examples as the scenario suite records them
(tests/scenarios/*.yaml) and from the articles each bundled profile cites
(src/pokerfloor/rules/profiles/*.toml), never from running the page's code a second time.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.websockets import WebSocketDisconnect

from pokerfloor.hand.scenario import load_scenario, run_scenario
from tests.web.pages.conftest import Venue

SCENARIOS = Path(__file__).parent.parent.parent / "scenarios"


class _FormFields(HTMLParser):
    """The values a browser would submit from the page's form."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        name = attr.get("name")
        if tag == "input" and name:
            if attr.get("type") != "checkbox" or "checked" in attr:
                self.fields[name] = attr.get("value", "")
        elif tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in attr:
            self.fields[self._select] = attr.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_fields(page: str) -> dict[str, str]:
    parser = _FormFields()
    parser.feed(page)
    return parser.fields


def text_of(page: str) -> str:
    # Only ASCII white space collapses: numbers keep their narrow no-break spaces (12 345).
    return html.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", "", page)))


def verdicts(page: str) -> dict[str, str]:
    """Each profile's final decision, from the result's ``data-*`` attributes."""
    return dict(re.findall(r'data-profile="([^"]+)" data-decision="([^"]+)"', page))


def preset(venue: Venue, key: str, profile: str, compare: bool = False) -> dict[str, str]:
    """Click a preset with ``profile`` chosen: the form it fills in."""
    answer = venue.td.post(
        f"/floor/preset/{key}", data={"profile": profile, **({"compare": "1"} if compare else {})}
    )
    assert answer.status_code == 200
    return form_fields(answer.text)


def ruling(venue: Venue, fields: dict[str, str], lang: str = "en") -> str:
    answer = venue.td.post(f"/floor/ruling?lang={lang}", data=fields)
    assert answer.status_code == 200
    return answer.text


# ---- access and rendering --------------------------------------------------------------------


def test_the_floor_calculator_is_for_the_td_only(venue: Venue) -> None:
    page = venue.public.get("/floor", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"].startswith("/login")
    fields = preset(venue, "oversized_chip", "tda-2024")
    answer = venue.public.post("/floor/ruling", data=fields, follow_redirects=False)
    assert answer.status_code == 303
    assert "R44" not in answer.text


def test_the_page_speaks_french_first_and_english_on_request(venue: Venue) -> None:
    french = text_of(venue.td.get("/floor").text)
    assert "Calculateur du floor" in french
    assert "Situations classiques" in french and "Donner la décision" in french
    assert "Règle des 50 %" in french  # a message with a percent sign, through Jinja's gettext
    english = text_of(venue.td.get("/floor?lang=en").text)
    assert "Floor calculator" in english and "Give the ruling" in english
    assert "Classic situations" in english and "50% of a raise" in english


def test_floor_without_a_tournament_offers_every_bundled_profile(venue: Venue) -> None:
    fields = form_fields(venue.td.get("/floor?profile=ropta").text)
    assert fields["profile"] == "ropta"
    page = venue.td.get("/floor?lang=en").text
    for profile in ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"):
        assert f'<option value="{profile}"' in page


def test_tournament_floor_starts_from_its_profile_and_current_level(venue: Venue) -> None:
    venue.command("club", type="create_tournament", tournament_id="club", profile="ropta")
    for number in range(1, 7):
        venue.command("club", type="register_player", player_id=f"p{number}", name=f"J{number}")
    venue.command("club", type="draw_seats", seed=3)
    venue.command("club", type="start_clock")
    venue.clock.advance(61 * 60_000)  # club-evening: level 4 is 300/600, big blind ante 600
    page = venue.td.get("/t/club/floor?lang=en")
    fields = form_fields(page.text)
    assert fields["profile"] == "ropta"
    assert (fields["small_blind"], fields["big_blind"], fields["bb_ante"]) == ("300", "600", "600")
    assert fields["smallest_chip"] == "25"
    assert fields["stack_1"] == "20000"  # the average stack: six starting stacks of 20 000
    assert "Level 4" in text_of(page.text)
    assert 'ws-connect="/t/club/live?view=floor' in page.text


def test_the_current_level_can_be_taken_again_without_losing_the_situation(venue: Venue) -> None:
    venue.evening("club", players=6)
    typed = preset(venue, "multiple_chips", "tda-2024")
    venue.clock.advance(21 * 60_000)  # level 2: 150/300
    answer = venue.td.post("/t/club/floor/level", data=typed)
    fields = form_fields(answer.text)
    assert (fields["small_blind"], fields["big_blind"]) == ("150", "300")
    assert fields["chips"] == "1000 500" and fields["name_4"] == "MP"


def test_the_level_is_pushed_live_to_the_td_only(venue: Venue) -> None:
    venue.evening("club", players=6)
    with venue.td.websocket_connect("/t/club/live?view=floor&lang=en") as socket:
        fragment = socket.receive_text()
    assert 'id="floor-level"' in fragment and "Level 1" in fragment
    assert "100/200" in fragment and "25 (green)" in fragment
    with (
        venue.public.websocket_connect("/t/club/live?view=floor") as socket,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        socket.receive_text()
    assert closed.value.code == 4401  # not the TD


def test_an_unknown_tournament_is_a_404(venue: Venue) -> None:
    assert venue.td.get("/t/nowhere/floor").status_code == 404


# ---- the presets, ruled by two rulebooks -----------------------------------------------------


def test_oversized_chip_is_a_call_by_tda_2024_r44_and_ropta_5_5(venue: Venue) -> None:
    # ropta-5-5-1a-bb-one-1000-chip-is-call.yaml: the big blind calls 700, 9 300 behind.
    fields = preset(venue, "oversized_chip", "tda-2024")
    assert fields["chips"] == "1000" and fields["player"] == "2" and fields["say"] == ""
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "call"}
    words = text_of(page)
    assert "Call: a single oversized chip without a declaration is a call" in words
    assert "tda-2024 R44" in words
    assert "BB is bound to 700 in front this round (9,300 behind)" in words
    page = ruling(venue, {**fields, "profile": "ropta"})
    assert verdicts(page) == {"ropta": "call"}
    assert "ropta 5.5" in text_of(page) and "tda-2024 R44" not in text_of(page)


def test_fifty_percent_of_a_raise_is_completed_by_heavenpoker_9_22_and_tda_r43(
    venue: Venue,
) -> None:
    # heavenpoker-9-22-raise-half-of-previous-bet-completed.yaml: raise to 800, next raise 1 200.
    fields = preset(venue, "fifty_percent", "heavenpoker")
    page = ruling(venue, fields)
    assert verdicts(page) == {"heavenpoker": "raise"}
    words = text_of(page)
    assert "Raise to 800: chips make at least 50% of a raise" in words
    assert "heavenpoker 9.22" in words
    assert "Next to act: C" in words and "raise to 1,200 at least" in words
    page = ruling(venue, {**fields, "profile": "tda-2024"})
    assert verdicts(page) == {"tda-2024": "raise"}
    assert "tda-2024 R43" in text_of(page)


def test_short_allins_reopen_under_tda_2024_r47_but_not_under_allinouest(venue: Venue) -> None:
    # tda-2024-r47-preflop-short-allins-full-raise-reopens.yaml: UTG may re-raise (min 700);
    # allinouest-short-allins-not-doubled-no-reopen-preflop.yaml: fold or call 500 only.
    fields = preset(venue, "short_allin", "tda-2024")
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "raise"}
    words = text_of(page)
    assert "Raise to 1,000" in words and "tda-2024 R40" in words
    assert "UTG is bound to 1,000" in words
    page = ruling(venue, {**fields, "profile": "allinouest"})
    assert verdicts(page) == {"allinouest": "call"}
    words = text_of(page)
    assert "a raise is not allowed here, so it counts as a call" in words
    assert "allinouest §Les actions et les relances (relance à tapis inférieure" in words
    assert "UTG is bound to 500" in words


def test_several_chips_each_needed_are_a_call_by_tda_r45_and_tda_2010_r33(venue: Venue) -> None:
    # tda-2024-r45-addendum-500-and-1000-facing-1100-is-call.yaml: MP has 1 100 in, 48 900 left.
    fields = preset(venue, "multiple_chips", "tda-2024")
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "call"}
    words = text_of(page)
    assert "every chip pushed was needed to call" in words and "tda-2024 R45" in words
    assert "MP is bound to 1,100 in front this round (48,900 behind)" in words
    # tda-2010 R33: the remove-one-chip test is for chips of one denomination; a 500 and a
    # 1000 follow the 50% standard of R31 (400 over the call, at least half the 700 raise).
    page = ruling(venue, {**fields, "profile": "tda-2010"})
    assert verdicts(page) == {"tda-2010": "raise"}
    assert "tda-2010 R33" in text_of(page) and "tda-2010 R31" in text_of(page)


def test_a_declared_amount_binds_over_the_chips_heavenpoker_8_9_and_tda_r40(venue: Venue) -> None:
    # heavenpoker-8-9-declared-amount-binds-over-chips.yaml: B has 800 in, 9 200 behind.
    fields = preset(venue, "verbal", "heavenpoker")
    assert (fields["say"], fields["amount"], fields["chips"]) == ("raise_to", "800", "500")
    page = ruling(venue, fields)
    assert verdicts(page) == {"heavenpoker": "raise"}
    words = text_of(page)
    assert "Raise to 800" in words and "heavenpoker 8.9" in words
    assert "B is bound to 800 in front this round (9,200 behind)" in words
    page = ruling(venue, {**fields, "profile": "tda-2024"})
    assert verdicts(page) == {"tda-2024": "raise"} and "tda-2024 R40" in text_of(page)


def test_out_of_turn_call_after_a_raise_differs_by_rulebook(venue: Venue) -> None:
    # tda-2024-r53-out-of-turn-action-changed-all-options.yaml: C has every option, min 1 000;
    # allinouest-out-of-turn-call-then-raise-no-reraise.yaml: call or fold only;
    # heavenpoker-8-4-out-of-turn-no-reraise-after-raise.yaml: the 200 stays in, 400 to call.
    fields = preset(venue, "out_of_turn", "tda-2024")
    assert fields["out_of_turn"] == "1" and fields["after_kind_1"] == "raise"
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "options"}
    assert 'data-next="C" data-options="fold call raise allin"' in page
    assert "tda-2024 R53" in text_of(page) and "raise to 1,000 at least" in text_of(page)
    page = ruling(venue, {**fields, "profile": "allinouest"})
    assert verdicts(page) == {"allinouest": "restricted"}
    assert 'data-next="C" data-options="fold call"' in page
    assert "action annoncée avant son tour" in text_of(page)
    page = ruling(venue, {**fields, "profile": "heavenpoker"})
    assert verdicts(page) == {"heavenpoker": "restricted"}
    words = text_of(page)
    assert "heavenpoker 8.4" in words and "C is bound to 200" in words
    assert "400 to call" in words


def test_compare_shows_every_rulebook_and_marks_those_that_rule_otherwise(venue: Venue) -> None:
    fields = preset(venue, "short_allin", "tda-2024", compare=True)
    assert fields["compare"] == "1"  # a preset keeps the TD's choice
    page = ruling(venue, fields)
    # tda-2024 R47 and ropta (it follows TDA) reopen; tda-2010 R31, allinouest (not doubled)
    # and heavenpoker 9.23 never do.
    assert verdicts(page) == {
        "tda-2024": "raise",
        "tda-2010": "call",
        "ropta": "raise",
        "allinouest": "call",
        "heavenpoker": "call",
    }
    differing = re.findall(r'floor-differs[^"]*"\s+data-profile="([^"]+)"', page)
    assert differing == ["tda-2010", "allinouest", "heavenpoker"]
    assert "tda-2010 R31" in text_of(page) and "heavenpoker 9.23" in text_of(page)


def test_a_preset_keeps_the_chosen_profile_and_clears_the_old_ruling(venue: Venue) -> None:
    answer = venue.td.post("/floor/preset/verbal", data={"profile": "allinouest"})
    assert form_fields(answer.text)["profile"] == "allinouest"
    assert 'id="floor-result"' in answer.text and 'hx-swap-oob="true"' in answer.text
    assert venue.td.post("/floor/preset/nothing", data={}).status_code == 404


def test_a_call_that_ends_the_hand_shows_what_the_player_keeps(venue: Venue) -> None:
    # tda-2024 R44: a single oversized chip is a call; on the river it ends the betting, and the
    # made-up cards' showdown must not change what the player is said to have behind.
    fields = {
        "profile": "tda-2024", "small_blind": "50", "big_blind": "100", "street": "river",
        "pot": "300", "button": "2", "name_1": "A", "stack_1": "10000", "name_2": "B",
        "stack_2": "10000", "before_seat_1": "1", "before_kind_1": "bet",
        "before_amount_1": "1000", "player": "2", "chips": "5000",
    }  # fmt: skip
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "call"}
    words = text_of(page)
    assert "B is bound to 1,000 in front this round (9,000 behind)" in words
    assert "The betting is over for this hand." in words and "tda-2024 R44" in words


# ---- French and English ----------------------------------------------------------------------


def test_the_ruling_in_french(venue: Venue) -> None:
    page = text_of(ruling(venue, preset(venue, "oversized_chip", "ropta"), lang="fr"))
    assert "Suivi : un seul jeton de valeur supérieure, posé sans annonce, est un suivi" in page
    assert "ropta 5.5" in page
    assert "BB est engagé pour 700 devant lui sur ce tour d'enchères (9\u202f300 derrière)" in page
    page = text_of(ruling(venue, preset(venue, "out_of_turn", "allinouest"), lang="fr"))
    assert "Suivre ou se coucher seulement" in page
    assert "le joueur peut suivre ou se coucher, mais pas relancer" in page


# ---- refusals and invalid input --------------------------------------------------------------


def test_a_refusal_by_the_engine_is_shown_as_a_ruling(venue: Venue) -> None:
    # tda-2024 R55: "check" said facing a bet is not refused: the player may call or fold.
    fields = {**preset(venue, "oversized_chip", "tda-2024"), "chips": "", "say": "check"}
    page = ruling(venue, fields)
    assert verdicts(page) == {"tda-2024": "restricted"}
    # Not the player's turn, and "out of turn" not ticked: the engine says whose turn it is.
    fields = {**preset(venue, "multiple_chips", "tda-2024"), "player": "9"}
    words = text_of(ruling(venue, fields))
    assert "BTN is not to act: it is MP's turn" in words and "out of turn" in words


def test_a_raise_below_the_minimum_in_the_actions_so_far_cannot_be_played(venue: Venue) -> None:
    # tda-2024-r43-raise-below-minimum-refused.yaml: A bets 400, B may not raise to 700.
    fields = preset(venue, "fifty_percent", "tda-2024")
    fields.update(before_seat_2="2", before_kind_2="raise", before_amount_2="700", player="3")
    page = ruling(venue, fields)
    words = text_of(page)
    assert "This situation cannot be played: Action 2 so far:" in words
    assert "Raise to 700 is below the minimum raise to 800 (tda-2024 R43)." in words


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"chips": "-500"}, "a chip is worth a positive number of chips (not “-500”)"),
        ({"chips": "1000 lots"}, "“lots” is not a chip value"),
        ({"player": "7"}, "Disputed action: there is no player at seat 7."),
        ({"before_seat_1": "8"}, "Action 1 so far: there is no player at seat 8."),
        ({"stack_1": "-5"}, "Seat 1 (SB): enter a whole number of chips, at least 1."),
        (
            {"stack_2": "10010"},
            "Seat 2 (BB): 10,010 is not a whole number of the smallest chip (50).",
        ),
        ({"big_blind": "abc"}, "Big blind: enter a whole number of chips, at least 1."),
        ({"small_blind": "500"}, "The small blind cannot be more than the big blind."),
        ({"name_2": "SB"}, "Two players are named SB"),
        ({"chips": "", "say": ""}, "give what the player said or the chips pushed"),
        ({"say": "raise_to", "amount": ""}, "Raise to (total): enter a whole number of chips"),
        ({"profile": "/etc/passwd"}, "Choose one of the rule profiles."),
    ],
)
def test_invalid_input_gets_a_clear_message(
    venue: Venue, change: dict[str, str], message: str
) -> None:
    fields = {**preset(venue, "oversized_chip", "tda-2024"), **change}
    page = ruling(venue, fields)
    assert 'role="alert"' in page and message in text_of(page)
    assert "data-decision" not in page


def test_invalid_input_messages_in_french(venue: Venue) -> None:
    fields = {**preset(venue, "oversized_chip", "tda-2024"), "chips": "-500", "player": "7"}
    words = text_of(ruling(venue, fields, lang="fr"))
    assert "Corrigez la situation" in words
    assert "un jeton vaut un nombre positif (pas « -500 »)" in words
    assert "Action contestée : il n'y a pas de joueur à la place 7." in words


# ---- the scenario suite, through the form ----------------------------------------------------


def scenario_fields(data: dict[str, Any]) -> dict[str, str] | None:
    """A scenario file as the TD would type it, or None when the form cannot hold it."""
    actions = [next(iter(item.items())) for item in data.get("actions") or []]
    live = [i for i, (_, action) in enumerate(actions) if isinstance(action, dict)]
    seats = data["seats"]
    if (
        len(live) != 1
        or max(seats) > 10
        or any(s.get("absent") or s.get("arrived_during_deal") for s in seats.values())
        or any(a == "timeout" for _, a in actions)
    ):
        return None
    at = live[-1]
    before, after = actions[:at], actions[at + 1 :]
    name, disputed = actions[at]
    if "take_back" in disputed or len(before) > 8 or len(after) > 4:
        return None
    # A dealing irregularity (misdeal, exposed card, board error...) is not a betting dispute:
    # the irregularities' form rules it (test_floor_irregularities.py).
    if set(disputed) - {"say", "amount", "chips", "out_of_turn"}:
        return None
    # The form has no word yet for a conditional statement or an amount said alone (the
    # scenario additions of issue 28): those scenarios run in tests/hand only.
    if disputed.get("say") == "conditional" or ("amount" in disputed and "say" not in disputed):
        return None
    # The form has no field for the chips a blind was posted with, and shows the disputed
    # action's ruling, not a duty noted after it (heavenpoker 3.2 x).
    if (
        "posted_chips" in data
        or (data.get("expect") or {}).get("ruling", {}).get("decision") == "duty"
    ):
        return None
    fields = {
        "profile": data["profile"],
        "small_blind": str(data["blinds"][0]),
        "big_blind": str(data["blinds"][1]),
        "ante": str(data.get("ante", 0)),
        "bb_ante": str(data.get("bb_ante", 0)),
        "smallest_chip": str(data.get("smallest_chip", 1)),
        "street": data.get("start", "preflop"),
        "pot": str(data.get("pot", 0)),
        "button": str(data["button"]),
    }
    seat_of = {}
    for seat_no, seat in seats.items():
        fields[f"name_{seat_no}"], fields[f"stack_{seat_no}"] = seat["name"], str(seat["stack"])
        seat_of[seat["name"]] = str(seat_no)
    for prefix, rows in (("before", before), ("after", after)):
        for number, (who, words) in enumerate(rows, start=1):
            kind, *amount = words.split()
            fields[f"{prefix}_seat_{number}"] = seat_of[who]
            fields[f"{prefix}_kind_{number}"] = kind
            fields[f"{prefix}_amount_{number}"] = amount[0] if amount else ""
    fields["player"] = seat_of[name]
    fields["say"] = "raise_to" if "amount" in disputed else disputed.get("say", "")
    fields["amount"] = str(disputed.get("amount", ""))
    fields["chips"] = " ".join(str(chip) for chip in disputed.get("chips", []))
    if disputed.get("out_of_turn"):
        fields["out_of_turn"] = "1"
    return fields


FORM_SCENARIOS = sorted(
    path
    for path in SCENARIOS.glob("*.yaml")
    if scenario_fields(yaml.safe_load(path.read_text())) is not None
)


def test_most_live_action_scenarios_fit_the_form() -> None:
    assert len(FORM_SCENARIOS) >= 40


@pytest.mark.parametrize("path", FORM_SCENARIOS, ids=lambda path: path.stem)
def test_the_page_rules_as_the_scenario_expects(venue: Venue, path: Path) -> None:
    data = yaml.safe_load(path.read_text())
    fields = scenario_fields(data)
    assert fields is not None
    expect = data.get("expect", {})
    page = ruling(venue, fields, lang="fr")
    last_is_live = isinstance(next(iter(data["actions"][-1].values())), dict)
    if "ruling" in expect and last_is_live:
        assert verdicts(page) == {data["profile"]: expect["ruling"]["decision"]}
    if expect.get("to_act") and "options" in expect:
        options = " ".join(expect["options"])
        assert f'data-next="{expect["to_act"]}" data-options="{options}"' in page
    # Every reason the engine gives here is shown in French, not in the engine's English.
    for engine_ruling in run_scenario(load_scenario(path.read_text()))["rulings"]:
        assert html.escape(engine_ruling["reason"]) not in page


def test_the_situation_is_offered_as_a_scenario_file_that_replays(venue: Venue) -> None:
    page = ruling(venue, preset(venue, "out_of_turn", "allinouest"))
    text = html.unescape(re.search(r"<pre>(.*?)</pre>", page, re.S)[1])  # type: ignore[index]
    scenario = load_scenario(text)
    assert scenario.setup.profile == "allinouest"
    output = run_scenario(scenario)
    assert output["to_act"] == "C" and output["options"] == ["fold", "call"]
