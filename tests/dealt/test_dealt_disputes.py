"""A dispute ruled from the dealt tables' console (issue 31 item 8): the TD moves chips between
stacks with a reason, recorded with who and the citations (tda-2024 R1, R22; ropta-2025 1.1,
1.7); never creating or destroying a chip."""

from __future__ import annotations

import pytest

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.dealt.disputes import DisputeRuled, DisputeSettled
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import HandCorrected, HandPlayed
from tests.dealt._sitngo import FakeClock, play_until, sit_and_go


def _stacks(dealt: DealtService) -> dict[str, int]:
    players = dealt.tournaments.tournament("sng").players
    return {player_id: state.stack for player_id, state in players.items()}


def _between_hands(dealt: DealtService, clock: FakeClock) -> None:
    """Hand 1 played (every player lets the clock run: nobody busts) and recorded."""

    def recorded() -> bool:
        table = dealt.table("sng", 1)
        hands = dealt.tournaments.tournament("sng").hands_at.get(1, 0)
        return table.hand_no == 1 and not table.in_hand and hands == 1

    play_until(dealt, clock, recorded, skip_seat=lambda table_no, seat_no: True)


def test_tda_2024_r1_r22_the_td_moves_chips_of_the_last_hand_with_its_reason() -> None:
    dealt, clock = sit_and_go(players=4)
    _between_hands(dealt, clock)
    before = _stacks(dealt)
    ruling = dealt.rule_dispute(
        "sng", 1, 1, {"p1": 150, "p2": -150, "p3": 0}, "  pot pushed to the wrong seat ", "TD"
    )
    after = _stacks(dealt)
    assert after["p1"] == before["p1"] + 150 and after["p2"] == before["p2"] - 150
    assert sum(after.values()) == sum(before.values())
    assert ruling.applied and ruling.transfers == (("p1", 150), ("p2", -150))
    assert ruling.reason == "pot pushed to the wrong seat" and ruling.by == "TD"
    assert "tda-2024 R1" in ruling.citations and "ropta-2025 1.7" in ruling.citations
    corrected = [
        e for e in dealt.tournaments.tournament("sng").events if isinstance(e, HandCorrected)
    ]
    assert [e.reason for e in corrected] == ["pot pushed to the wrong seat"]
    # Durable: a restarted service reads the ruling back.
    restarted = DealtService(dealt.tournaments)
    assert restarted.disputes("sng") == [ruling]


def test_a_ruling_that_would_create_or_destroy_chips_is_refused_and_changes_nothing() -> None:
    dealt, clock = sit_and_go(players=4)
    _between_hands(dealt, clock)
    before = _stacks(dealt)
    with pytest.raises(PokerfloorError) as created:
        dealt.rule_dispute("sng", 1, 1, {"p1": 150, "p2": -100}, "miscount", "TD")
    assert created.value.code == "DISPUTE_CHIPS_NOT_CONSERVED"
    assert created.value.params == {"created": 50}
    assert "would create 50 chips" in created.value.message
    with pytest.raises(PokerfloorError) as destroyed:
        dealt.rule_dispute("sng", 1, 1, {"p1": -150}, "miscount", "TD")
    assert "would destroy 150 chips" in destroyed.value.message
    for transfers, reason, code in (
        ({"p1": 0}, "x", "DISPUTE_NOTHING_MOVED"),
        ({"p1": 10, "p2": -10}, "   ", "DISPUTE_NEEDS_REASON"),
    ):
        with pytest.raises(PokerfloorError) as refused:
            dealt.rule_dispute("sng", 1, 1, transfers, reason, "TD")
        assert refused.value.code == code
    with pytest.raises(PokerfloorError) as stale:
        dealt.rule_dispute("sng", 1, 7, {"p1": 10, "p2": -10}, "x", "TD")
    assert stale.value.code == "DISPUTE_NO_SUCH_HAND"
    with pytest.raises(PokerfloorError) as too_much:  # the tournament's own check: a stack > 0
        dealt.rule_dispute("sng", 1, 1, {"p1": before["p2"], "p2": -before["p2"]}, "x", "TD")
    assert too_much.value.code == "BAD_STACK"
    assert _stacks(dealt) == before and dealt.disputes("sng") == []


def test_a_ruling_on_the_hand_in_progress_waits_for_a_pause_and_applies_once_it_is_recorded() -> (
    None
):
    dealt, clock = sit_and_go(players=4)
    dealt.tick("sng")
    assert dealt.table("sng", 1).in_hand
    with pytest.raises(PokerfloorError) as running:
        dealt.rule_dispute("sng", 1, 1, {"p3": 200, "p4": -200}, "chips hidden", "TD")
    assert running.value.code == "DISPUTE_NEEDS_PAUSE"
    dealt.pause_table("sng", 1)
    ruling = dealt.rule_dispute("sng", 1, 1, {"p3": 200, "p4": -200}, "chips hidden", "TD")
    assert not ruling.applied
    dealt.resume_table("sng", 1)
    _between_hands(dealt, clock)
    dealt.tick("sng")  # settled by the tick that records the hand at the latest
    tournament = dealt.tournaments.tournament("sng")
    hand = next(e for e in tournament.events if isinstance(e, HandPlayed))
    final = {p.player_id: p.final_stack for p in hand.players}
    stacks = _stacks(dealt)
    assert stacks["p3"] == final["p3"] + 200 and stacks["p4"] == final["p4"] - 200
    settled = [e for e in dealt.disputes("sng") if isinstance(e, DisputeSettled)]
    assert [(e.hand_no, e.applied, e.code) for e in settled] == [(1, True, "")]
    assert isinstance(dealt.disputes("sng")[0], DisputeRuled)


def test_the_console_form_rules_a_dispute_shown_on_the_console_and_the_hand_s_page() -> None:
    from tests.dealt.test_dealt_pages import _dealt_venue

    venue, dealt = _dealt_venue(players=4)
    for _ in range(200):  # hand 1 played out by the clock (nobody acts), then recorded
        if not dealt.table("sng", 1).in_hand and dealt.table("sng", 1).hand_no == 1:
            break
        dealt.tick("sng")
        venue.clock.advance(5_000)
    page = venue.td.get("/t/sng/dealt?lang=fr").text
    assert "Trancher un litige" in page and 'id="dealt-dispute-button"' in page
    unbalanced = {"table_no": "1", "player_1": "p1", "chips_1": "+150", "player_2": "p2",
                  "chips_2": "-100", "reason": "pot mal poussé"}  # fmt: skip
    refused = venue.td.post("/t/sng/dealt/dispute?lang=fr", data=unbalanced)
    assert "Cette correction créerait 50 jetons" in refused.text
    assert dealt.disputes("sng") == []
    balanced = dict(unbalanced, chips_2="-150", reason="<b>pot</b> mal poussé")
    answer = venue.td.post("/t/sng/dealt/dispute?lang=fr", data=balanced)
    assert "Décision enregistrée pour la main 1 de la table 1 : les tapis sont corrigés" in (
        answer.text
    )
    assert "tda-2024 R1" in answer.text
    fragment = venue.td.get("/t/sng/dealt/hands?lang=fr").text
    assert "Décisions sur des litiges" in fragment and "tapis corrigés" in fragment
    assert "&lt;b&gt;pot&lt;/b&gt; mal poussé" in fragment and "<b>pot</b>" not in fragment
    hand = venue.td.get("/t/sng/dealt/table/1/hand/1?lang=en").text
    assert "Ruling on a dispute" in hand and "+150" in hand and "stacks corrected" in hand
    stranger = venue.public.post("/t/sng/dealt/dispute?lang=en", data=balanced)
    assert "Décision enregistrée" not in stranger.text and "Ruling recorded" not in stranger.text
    assert len(dealt.disputes("sng")) == 1  # the TD only


def test_the_api_rules_a_dispute_for_the_td_only_and_refuses_chips_created_with_the_code() -> None:
    from tests.dealt.test_dealt_pages import _dealt_venue
    from tests.web.pages.conftest import TOKEN

    venue, dealt = _dealt_venue(players=4)
    for _ in range(200):
        if not dealt.table("sng", 1).in_hand and dealt.table("sng", 1).hand_no == 1:
            break
        dealt.tick("sng")
        venue.clock.advance(5_000)
    url = "/api/tournaments/sng/dealt/disputes"
    body = {"table_no": 1, "hand_no": 1, "transfers": {"p3": 75, "p4": -25}, "reason": "count"}
    assert venue.public.post(url, json=body).status_code == 401
    headers = {"Authorization": f"Bearer {TOKEN}"}
    refused = venue.public.post(url, json=body, headers=headers)
    assert refused.status_code == 422
    assert refused.json()["code"] == "DISPUTE_CHIPS_NOT_CONSERVED"
    ruled = venue.public.post(
        url, json=dict(body, transfers={"p3": 75, "p4": -75}), headers=headers
    )
    assert ruled.status_code == 200 and ruled.json()["applied"] is True
    listed = venue.public.get(url, headers=headers).json()
    assert [(r["type"], r["transfers"]) for r in listed] == [
        ("dispute_ruled", [["p3", 75], ["p4", -75]])
    ]


def test_tda_2024_r35_a_ruling_waiting_on_a_hand_voided_by_a_misdeal_lapses() -> None:
    dealt, _clock = sit_and_go(players=4)
    dealt.tick("sng")
    before = _stacks(dealt)
    dealt.pause_table("sng", 1)
    dealt.rule_dispute("sng", 1, 1, {"p1": 100, "p2": -100}, "wrong blind", "TD")
    dealt.resume_table("sng", 1)
    dealt.kill_hand("sng", 1, "button_wrong")  # before any substantial action: void
    settled = [e for e in dealt.disputes("sng") if isinstance(e, DisputeSettled)]
    assert [(e.hand_no, e.applied, e.code) for e in settled] == [(1, False, "HAND_VOID")]
    assert _stacks(dealt) == before
