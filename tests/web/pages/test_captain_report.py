"""The captain's phone (issue 13 items 5 and 7): a hand and its busts reported in one step,
recorded together or not at all; the sentences for a bad hand number or seat; hand-for-hand's
wait; who is away on a penalty (and for how many more hands) and who has not arrived, on the
captain's page and on the player's own page."""

from __future__ import annotations

import html
from typing import Any

import pytest

from pokerfloor.app.commands import CreateTournament
from tests.web.pages.conftest import Venue
from tests.web.pages.test_captain import (
    TID,
    hand_url,
    key_of,
    next_hand,
    open_club,
    players_at,
    table,
)

HOSTILE = '<img src=x onerror="alert(1)"> & Zoé'


@pytest.fixture
def club(venue: Venue) -> Venue:
    open_club(venue)
    return venue


def report(venue: Venue, table_no: int = 1, lang: str = "fr", **fields: Any) -> str:
    """Post "hand finished" for the table's next hand with ``fields`` added; the flash."""
    hand = next_hand(venue, table_no)
    data = {"hand_no": str(hand["hand_no"]), "shown_button": str(hand["button_seat"])}
    answer = venue.public.post(hand_url(venue, table_no) + f"&lang={lang}", data=data | fields)
    assert answer.status_code == 200
    text: str = answer.text
    return text


def page(venue: Venue, table_no: int = 1, lang: str = "fr") -> str:
    url = f"/t/{TID}/table/{table_no}?key={key_of(venue, table_no)}&lang={lang}"
    text: str = venue.public.get(url).text
    return text


def event_types(venue: Venue) -> list[str]:
    return [type(event).__name__ for event in venue.service.tournament(TID).events]


# ---- a hand and its busts in one step --------------------------------------------------------


def test_a_hand_and_its_bust_are_recorded_by_one_post(club: Venue) -> None:
    busted = players_at(club, 1)[0]
    stacks_before = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    before = len(event_types(club))
    answer = report(club, busted=[busted])
    assert "flash-ok" in answer
    after = next_hand(club, 1)
    assert (
        "Main 1 enregistrée. Le bouton passe au siège "
        f"{after['button_seat']}. Élimination enregistrée : Joueur"
    ) in html.unescape(answer)
    assert "(place 20)" in answer
    tournament = club.service.tournament(TID)
    assert tournament.hands_at[1] == 1 and tournament.players[busted].place == 20
    # One command: the hand, then the bust, in the same write.
    assert event_types(club)[before:] == ["HandPlayed", "PlayersBusted"]
    # Nobody counted: the busted player's chips stay at the table, uncounted.
    assert table(club, 1)["unknown_chips"] == stacks_before[busted]
    assert busted not in players_at(club, 1)


def test_two_busts_in_one_hand_rank_the_bigger_starting_stack_higher(club: Venue) -> None:
    first, second, third = players_at(club, 1)[:3]
    answer = report(
        club,
        busted=[first, second],
        stack_player=[first, second, third],
        start_stack=["5 000", "8.000", "999"],  # a stack typed for a player not ticked: not sent
    )
    assert "flash-ok" in answer
    players = club.service.tournament(TID).players
    # tda-2024 busts.same_table: the bigger starting stack finishes higher.
    assert (players[second].place, players[first].place) == (19, 20)
    assert players[third].place is None
    assert "(place 19)" in answer and "(place 20)" in answer


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        # One starting stack of two: refused after the hand is decided, in the same command.
        ({"start_stack": ["5000", ""]}, "STARTING_STACKS_INCOMPLETE"),
        # "Bust + rebuy" in a structure without rebuys.
        ({"then": "rebuy"}, "REBUY_NOT_ALLOWED"),
    ],
)
def test_a_refused_bust_records_nothing_not_even_the_hand(
    club: Venue, fields: dict[str, Any], code: str
) -> None:
    first, second = players_at(club, 1)[:2]
    version = club.service.version(TID)
    stacks = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    answer = report(club, busted=[first, second], stack_player=[first, second], **fields)
    assert "flash-error" in answer and f"({code})" in answer
    assert club.service.version(TID) == version
    tournament = club.service.tournament(TID)
    assert tournament.hands_at.get(1, 0) == 0
    assert {p.player_id: p.stack for p in tournament.in_play()} == stacks
    assert tournament.players[first].place is None and tournament.players[second].place is None
    assert next_hand(club, 1)["hand_no"] == 1


def test_a_player_of_another_table_ticked_records_nothing(club: Venue) -> None:
    stranger = players_at(club, 2)[0]
    version = club.service.version(TID)
    answer = report(club, busted=[stranger])
    assert "NOT_AT_TABLE" in answer
    assert club.service.version(TID) == version


def test_bust_and_rebuy_with_the_hand_keeps_the_seat(venue: Venue) -> None:
    venue.service.execute(
        TID, CreateTournament(tournament_id=TID, profile="allinouest", structure="club-rebuy")
    )
    for number in range(1, 13):
        venue.command(TID, type="register_player", player_id=f"p{number}", name=f"Joueur {number}")
    for kind in ("draw_seats", "place_buttons"):
        venue.command(TID, type=kind, seed=5)
    venue.command(TID, type="start_clock")
    assert "éliminé + recave" in page(venue)
    rebuyer = players_at(venue, 1)[0]
    answer = report(venue, busted=[rebuyer], then="rebuy")
    assert "Main 1 enregistrée" in answer and "Élimination et recave enregistrées" in answer
    player = venue.service.tournament(TID).players[rebuyer]
    assert player.place is None and player.rebuys == 1 and player.stack == 20_000
    assert rebuyer in players_at(venue, 1)
    assert venue.service.tournament(TID).hands_at[1] == 1


def test_counted_stacks_and_a_ticked_player_bust_him_at_zero(club: Venue) -> None:
    winner, loser = players_at(club, 1)[:2]
    stacks = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    # The captain counted the winner only: the loser, ticked, finished with no chips.
    answer = report(
        club, busted=[loser], player=[winner], stack=[str(stacks[winner] + stacks[loser])]
    )
    assert "flash-ok" in answer and "(place 20)" in answer
    tournament = club.service.tournament(TID)
    assert tournament.players[winner].stack == stacks[winner] + stacks[loser]
    assert tournament.players[loser].place == 20
    assert table(club, 1)["stacks_known"] is True


def test_a_ticked_player_with_chips_typed_is_refused_with_a_sentence(club: Venue) -> None:
    loser = players_at(club, 1)[0]
    version = club.service.version(TID)
    answer = report(club, busted=[loser], player=[loser], stack=["12000"])
    assert "est coché comme éliminé mais a un tapis de 12" in html.unescape(answer)
    assert club.service.version(TID) == version


def test_a_second_tap_with_the_busts_records_them_once(club: Venue) -> None:
    busted = players_at(club, 1)[0]
    hand = next_hand(club, 1)
    data = {
        "hand_no": str(hand["hand_no"]),
        "shown_button": str(hand["button_seat"]),
        "busted": [busted],
    }
    club.public.post(hand_url(club, 1), data=data)
    version = club.service.version(TID)
    again = club.public.post(hand_url(club, 1), data=data)
    assert "flash-ok" in again.text and "Main 1 enregistrée" in again.text
    assert club.service.version(TID) == version


def test_the_button_on_another_seat_says_the_busts_wait_too(club: Venue) -> None:
    hand = next_hand(club, 1)
    occupied = [s["seat_no"] for s in table(club, 1)["seats"]]  # type: ignore[attr-defined]
    other = next(seat for seat in occupied if seat != hand["button_seat"])
    answer = report(club, button_seat=str(other), busted=[players_at(club, 1)[0]])
    assert "cochez-les de nouveau" in answer
    assert club.service.tournament(TID).hands_at.get(1, 0) == 0


def test_the_form_offers_the_busts_of_the_dealt_in_players(club: Venue) -> None:
    text = page(club, lang="en")
    assert "Someone busted in this hand" in text and "Who busted in hand 1?" in text
    for player_id in players_at(club, 1):
        assert f'name="busted" value="{player_id}"' in text
    assert "Hand 1 finished, with the bust" in text
    assert "bust + rebuy" not in text  # no rebuys in this structure
    # A bust forgotten at the report comes once a hand is reported.
    assert "A bust forgotten in hand" not in text
    report(club)
    assert "A bust forgotten in hand 1" in page(club, lang="en")


# ---- bad entries say what is accepted --------------------------------------------------------


def test_a_bad_hand_number_is_a_sentence_with_the_value(club: Venue) -> None:
    version = club.service.version(TID)
    for sent in ("abc", "0", "<b>7</b>"):
        answer = club.public.post(
            hand_url(club, 1), data={"hand_no": sent, "shown_button": "1"}
        ).text
        assert f"« {html.escape(sent, quote=False)} » n'est pas un numéro de main" in (
            answer.replace("&#39;", "'")
        )
        assert "cette table joue la main 1" in answer and "Saisie invalide" not in answer
    assert "<b>7</b>" not in answer
    english = club.public.post(
        hand_url(club, 1) + "&lang=en", data={"hand_no": "x", "shown_button": "1"}
    ).text
    assert "“x” is not a hand number: a hand is numbered from 1, and this table plays hand 1." in (
        html.unescape(english)
    )
    assert club.service.version(TID) == version


def test_a_bad_button_seat_names_the_seats_accepted(club: Venue) -> None:
    size = table(club, 1)["size"]
    answer = report(club, button_seat="99", lang="en")
    assert f"“99” is not a seat of this table: the button's seat is a number from 1 to {size}." in (
        html.unescape(answer)
    )
    assert club.service.tournament(TID).hands_at.get(1, 0) == 0


# ---- hand-for-hand ---------------------------------------------------------------------------


def test_hand_for_hand_a_table_that_played_the_round_waits_for_the_others(club: Venue) -> None:
    club.command(TID, type="set_hand_for_hand", active=True)
    assert "Main 1 terminée" in page(club)
    assert "flash-ok" in report(club)
    text = page(club)
    assert "Main 2 terminée" not in text and 'name="hand_no"' not in text
    assert (
        "Main par main : votre table a joué ce tour. Attendez que les tables 2, 3 finissent "
        "leur main avant de distribuer la main 2."
    ) in text
    assert "Main 1 terminée" in page(club, 2)  # table 2 still has its hand to report
    refused = club.public.post(
        hand_url(club, 1),
        data={"hand_no": "2", "shown_button": str(next_hand(club, 1)["button_seat"])},
    ).text
    assert "HAND_FOR_HAND_WAIT" in refused
    report(club, 2)
    assert "Attendez que la table 3 finisse sa main" in page(club)
    report(club, 3)
    assert "Main 2 terminée" in page(club)  # the round is complete: every table deals again


# ---- penalties and absences at the table -----------------------------------------------------


def hostile_club(venue: Venue) -> str:
    """20 players, one of them named with markup, not arrived yet; their id."""
    venue.service.execute(TID, CreateTournament(tournament_id=TID))
    for number in range(1, 21):
        name = HOSTILE if number == 3 else f"Joueur {number}"
        venue.command(TID, type="register_player", player_id=f"p{number}", name=name)
    venue.command(TID, type="register_player", player_id="late", name="Léa <i>", present=False)
    venue.command(TID, type="draw_seats", seed=7)
    venue.command(TID, type="place_buttons", seed=7)
    venue.command(TID, type="start_clock")
    return "p3"


def table_of(venue: Venue, player_id: str) -> int:
    found: dict[str, Any] = next(
        p for p in venue.service.players_list(TID)["players"] if p["player_id"] == player_id
    )
    return int(found["table_no"])


def test_the_captain_sees_who_is_away_on_a_penalty_and_for_how_many_hands(venue: Venue) -> None:
    offender = hostile_club(venue)
    table_no = table_of(venue, offender)
    at_table = len(players_at(venue, table_no))
    venue.command(TID, type="penalize", player_id=offender, kind="missed_rounds_1", reason="x")
    text = page(venue, table_no)
    assert f"écarté (pénalité) : encore {at_table} mains" in text
    assert html.escape(HOSTILE, quote=False) in text.replace("&#34;", '"')
    assert "<img src=x" not in text
    report(venue, table_no)
    assert f"écarté (pénalité) : encore {at_table - 1} mains" in page(venue, table_no)
    assert f"away: penalty, {at_table - 1} hands left" in page(venue, table_no, "en")


def test_the_penalty_count_is_pushed_live(venue: Venue) -> None:
    offender = hostile_club(venue)
    table_no = table_of(venue, offender)
    key = key_of(venue, table_no)
    url = f"/t/{TID}/live?view=captain&table={table_no}&key={key}&lang=en"
    with venue.public.websocket_connect(url) as socket:
        assert "away: penalty" not in socket.receive_text()
        venue.command(TID, type="penalize", player_id=offender, kind="missed_hand", reason="x")
        pushed = ""
        for _ in range(10):  # the view is pushed on every event and every second
            pushed = socket.receive_text()
            if "away: penalty" in pushed:
                break
    assert "away: penalty, 1 hand left" in pushed
    assert "<img src=x" not in pushed


def test_the_captain_sees_who_has_not_arrived(venue: Venue) -> None:
    hostile_club(venue)
    table_no = table_of(venue, "late")
    text = page(venue, table_no)
    assert "absent : pas encore arrivé" in text
    assert "Léa &lt;i&gt;" in text and "Léa <i>" not in text


def test_the_player_page_shows_the_player_his_penalty(venue: Venue) -> None:
    offender = hostile_club(venue)
    venue.command(TID, type="penalize", player_id=offender, kind="missed_rounds_1", reason="x")
    at_table = len(players_at(venue, table_of(venue, offender)))
    text = venue.public.get(f"/t/{TID}/me/{offender}").text
    assert f"Pénalité : vous êtes écarté de la table pour encore {at_table} mains" in text
    assert "<img src=x" not in text
    other = venue.public.get(f"/t/{TID}/me/p1?lang=en").text
    assert "Penalty" not in other


def test_the_api_ranks_a_player_left_at_zero_with_the_busts_without_stacks(club: Venue) -> None:
    """``record_hand`` with ``busted``: a player the stacks leave at 0 and one reported without
    stacks busted in the same hand, so one group of places, by their starting stacks."""
    counted, uncounted, winner = players_at(club, 1)[:3]
    stacks = {p.player_id: p.stack for p in club.service.tournament(TID).in_play()}
    final = {p: stacks[p] for p in players_at(club, 1)}
    final[winner] += final[counted]
    final[counted] = 0
    hand = next_hand(club, 1)
    before = len(event_types(club))
    club.command(
        TID,
        type="record_hand",
        table_no=1,
        hand_no=hand["hand_no"],
        final_stacks=final,
        busted=[uncounted],
        starting_stacks={uncounted: 5_000},
    )
    assert event_types(club)[before:] == ["HandPlayed", "PlayersBusted"]
    players = club.service.tournament(TID).players
    # 20 000 chips at the start of the hand against 5 000: the counted player ranks higher.
    assert (players[counted].place, players[uncounted].place) == (19, 20)
