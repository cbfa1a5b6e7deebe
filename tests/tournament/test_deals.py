"""Deals at the final table: proposed from the stacks and the remaining prizes, refused where
the profile forbids them (heavenpoker 8.14) or while the stacks are not right, recorded as an
event and paid by the finish whatever the order; snapshot and replay carry them."""

from __future__ import annotations

import json
import random

import msgspec
import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import DealAgreed, DealCancelled, TournamentFinished
from pokerfloor.tournament.icm import chip_chop, icm_equities
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import load_structure
from tests.sim.test_event_log import check_log

MINUTE = 60_000
# Ten players of club-evening at one table of ten: a pool of 200 €, paid 100 / 60 / 40 €.
PAYOUTS = (10000, 6000, 4000)


def ten_at_one_table(profile: str = "tda-2024", table_size: int = 10) -> Tournament:
    tournament = Tournament.create("t", profile, load_structure("club-evening"), table_size)
    for number in range(1, 11):
        tournament.register(f"P{number:02d}", f"Player {number}", 0)
    rng = random.Random(3)
    tournament.draw_seats(rng)
    tournament.place_buttons(rng)
    tournament.start_clock(0)
    return tournament


def hand(tournament: Tournament, at_ms: int, **changes: int) -> None:
    """Report table 1's next hand with the stacks as recorded, changed by ``changes``."""
    plan = tournament.hands.plan_next(1, at_ms)
    final = {player: stack for _, player, stack in plan.seats}
    final.update(changes)
    tournament.busts.settle(tournament.hands.record(plan, final, at_ms), at_ms)


def knock_out(tournament: Tournament, at_ms: int, loser: str, winner: str) -> None:
    """``winner`` takes every chip of ``loser`` in one hand."""
    stacks = {p.player_id: p.stack for p in tournament.in_play()}
    hand(tournament, at_ms, **{loser: 0, winner: stacks[winner] + stacks[loser]})


def knock_outs(tournament: Tournament, first: int, winners: str) -> None:
    """P<first> to P10 bust in turn, each to the next player named in ``winners``."""
    for number, winner in zip(range(first, 11), winners.split(), strict=True):
        knock_out(tournament, number * MINUTE, f"P{number:02d}", winner)


def down_to_three(profile: str = "tda-2024") -> Tournament:
    """Seven busts: P01 40 000 chips, P02 100 000, P03 60 000 (places 4 to 10 ranked)."""
    tournament = ten_at_one_table(profile)
    knock_outs(tournament, 4, "P01 P02 P02 P02 P03 P03 P02")
    stacks = {p.player_id: p.stack for p in tournament.in_play()}
    assert stacks == {"P01": 40_000, "P02": 100_000, "P03": 60_000}
    return tournament


def finish(tournament: Tournament, at_ms: int) -> TournamentFinished:
    pool = tournament.prize_pool().total_cents
    return tournament.finish(at_ms, tournament.default_payouts(pool), pool)


def prizes_of(finished: TournamentFinished) -> dict[str, tuple[int, int]]:
    return {prize.player_id: (prize.place, prize.cents) for prize in finished.prizes}


def refusal(call: object, *args: object, **kwargs: object) -> PokerfloorError:
    assert callable(call)
    with pytest.raises(PokerfloorError) as caught:
        call(*args, **kwargs)
    return caught.value


# ---- the proposal ---------------------------------------------------------------------------


def test_proposal_shares_the_prizes_of_places_1_to_n_by_icm_and_by_chips() -> None:
    tournament = down_to_three()
    events = len(tournament.events)
    offer = tournament.deals.propose()
    assert len(tournament.events) == events  # a proposal records nothing
    assert offer.player_ids == ("P02", "P03", "P01")  # the biggest stack first
    assert offer.stacks == (100_000, 60_000, 40_000)
    assert offer.payouts_cents == PAYOUTS and offer.total_cents == 20000
    assert offer.icm_cents == icm_equities(offer.stacks, PAYOUTS)
    assert offer.chip_chop_cents == (10000, 6000, 4000)  # chips in proportion 5:3:2
    assert sum(offer.icm_cents) == sum(offer.chip_chop_cents) == 20000
    # ICM gives the short stack more than its chips' share, the chip leader less.
    assert offer.icm_cents[2] > 4000 and offer.icm_cents[0] < 10000
    assert offer.citations and "tda-2024" in offer.citations[0]


def test_more_players_than_paid_places_share_the_paid_places_only() -> None:
    tournament = ten_at_one_table()
    knock_outs(tournament, 5, "P01 P02 P03 P04 P01 P02")
    offer = tournament.deals.propose()
    assert len(offer.player_ids) == 4 and offer.payouts_cents == PAYOUTS
    assert sum(offer.icm_cents) == 20000 and min(offer.icm_cents) > 0


def test_an_amount_played_for_is_kept_out_of_both_splits() -> None:
    tournament = down_to_three()
    offer = tournament.deals.propose(played_for_cents=2000)
    assert offer.played_for_cents == 2000 and offer.total_cents == 20000
    assert offer.icm_cents == icm_equities(offer.stacks, (8000, 6000, 4000))
    assert offer.chip_chop_cents == chip_chop(offer.stacks, (8000, 6000, 4000))
    # First place must still pay at least second: at most 100 - 60 = 40 € played for.
    error = refusal(tournament.deals.propose, played_for_cents=4001)
    assert error.code == "DEAL_BAD_PLAYED_FOR" and error.params["max"] == 4000


# ---- refusals -------------------------------------------------------------------------------


def test_heavenpoker_8_14_deal_refused() -> None:
    tournament = down_to_three("heavenpoker")
    events = len(tournament.events)
    for error in (
        refusal(tournament.deals.propose),
        refusal(tournament.deals.agree, "icm", 30 * MINUTE),
        refusal(tournament.deals.agree, "custom", 30 * MINUTE, {"P01": 20000}),
    ):
        assert error.code == "DEALS_FORBIDDEN"
        assert error.params["citations"] == ["heavenpoker 8.14"]
    assert len(tournament.events) == events
    assert tournament.deals.agreed is None


def test_deal_refused_while_the_stacks_of_the_table_are_unknown() -> None:
    """A bust reported without stacks leaves chips with no known owner: the split would be
    wrong, so the stacks are reported first (the TD has the chips counted)."""
    tournament = ten_at_one_table()
    knock_outs(tournament, 5, "P01 P02 P03 P04 P01 P02")
    tournament.busts.report(1, ["P04"], {}, 11 * MINUTE)
    error = refusal(tournament.deals.propose)
    assert error.code == "DEAL_STACKS_UNKNOWN"
    assert error.params == {"table_no": 1, "unknown_chips": 40_000}
    assert refusal(tournament.deals.agree, "icm", 12 * MINUTE).code == "DEAL_STACKS_UNKNOWN"
    hand(tournament, 12 * MINUTE, P01=100_000)  # the real stacks: P01 took P04's chips
    assert tournament.deals.propose().stacks == (100_000, 60_000, 40_000)


def test_deal_refused_before_the_final_table() -> None:
    tournament = ten_at_one_table(table_size=6)
    assert len(tournament.tables) == 2
    error = refusal(tournament.deals.propose)
    assert error.code == "DEAL_NOT_AT_FINAL_TABLE" and error.params["tables"] == [1, 2]


def test_deal_refused_after_the_finish() -> None:
    tournament = down_to_three()
    knock_out(tournament, 20 * MINUTE, "P01", "P02")
    knock_out(tournament, 21 * MINUTE, "P03", "P02")
    finish(tournament, 22 * MINUTE)
    assert refusal(tournament.deals.propose).code == "TOURNAMENT_FINISHED"
    assert refusal(tournament.deals.agree, "icm", 23 * MINUTE).code == "TOURNAMENT_FINISHED"


def test_a_second_deal_waits_for_the_first_to_be_cancelled() -> None:
    tournament = down_to_three()
    tournament.deals.agree("chip_chop", 20 * MINUTE)
    error = refusal(tournament.deals.agree, "icm", 21 * MINUTE)
    assert error.code == "DEAL_ALREADY_AGREED"


def test_a_split_that_changed_since_it_was_shown_is_refused() -> None:
    tournament = down_to_three()
    shown = tournament.deals.propose()
    hand(tournament, 20 * MINUTE, P01=50_000, P02=90_000)  # a hand between show and accept
    amounts = dict(zip(shown.player_ids, shown.icm_cents, strict=True))
    error = refusal(tournament.deals.agree, "icm", 21 * MINUTE, amounts)
    assert error.code == "DEAL_STALE"
    assert tournament.deals.agreed is None


def test_custom_amounts_go_to_every_player_in_play_and_add_up_to_the_prizes() -> None:
    tournament = down_to_three()
    at = 20 * MINUTE
    missing = refusal(tournament.deals.agree, "custom", at, {"P01": 10000, "P02": 10000})
    assert missing.code == "DEAL_BAD_AMOUNTS" and missing.params["missing"] == ["P03"]
    busted = {"P01": 5000, "P02": 5000, "P03": 5000, "P04": 5000}
    assert refusal(tournament.deals.agree, "custom", at, busted).params["not_in_play"] == ["P04"]
    short = refusal(tournament.deals.agree, "custom", at, {"P01": 5000, "P02": 9000, "P03": 5000})
    assert short.code == "DEAL_AMOUNTS_DO_NOT_ADD_UP" and short.params["expected_cents"] == 20000
    negative = {"P01": -1, "P02": 15001, "P03": 5000}
    assert refusal(tournament.deals.agree, "custom", at, negative).code == "DEAL_BAD_AMOUNTS"
    assert refusal(tournament.deals.agree, "even", at).code == "DEAL_BAD_METHOD"
    assert tournament.deals.agreed is None
    tournament.deals.agree("custom", at, {"P01": 6000, "P02": 8000, "P03": 6000})
    assert tournament.deals.agreed is not None and tournament.deals.agreed.method == "custom"


# ---- agreed, played on, paid ----------------------------------------------------------------


def test_icm_deal_recorded_and_paid_at_finish() -> None:
    tournament = down_to_three()
    offer = tournament.deals.propose()
    deal = tournament.deals.agree("icm", 20 * MINUTE)
    assert isinstance(tournament.events[-1], DealAgreed)
    shares = {share.player_id: share.cents for share in deal.shares}
    assert shares == dict(zip(offer.player_ids, offer.icm_cents, strict=True))
    assert {share.player_id: share.stack for share in deal.shares} == {
        "P01": 40_000, "P02": 100_000, "P03": 60_000,
    }  # fmt: skip
    assert deal.payouts_cents == PAYOUTS and deal.total_cents == 20000
    assert deal.citations == offer.citations
    # Play goes on for the title: the short stack wins it, the deal pays as agreed.
    knock_out(tournament, 21 * MINUTE, "P02", "P01")
    knock_out(tournament, 22 * MINUTE, "P03", "P01")
    finished = finish(tournament, 23 * MINUTE)
    paid = prizes_of(finished)
    assert paid["P01"] == (1, shares["P01"])
    assert paid["P03"] == (2, shares["P03"])
    assert paid["P02"] == (3, shares["P02"])
    assert sum(cents for _, cents in paid.values()) == finished.prize_pool_cents
    assert set(paid) == {"P01", "P02", "P03"}


def test_earlier_places_keep_the_payout_table_and_the_winner_takes_the_amount_played_for() -> None:
    tournament = ten_at_one_table()
    knock_outs(tournament, 4, "P01 P02 P02 P02 P03 P03 P02")
    knock_out(tournament, 11 * MINUTE, "P03", "P02")  # P03 third: 40 € by the table
    deal = tournament.deals.agree("chip_chop", 12 * MINUTE, played_for_cents=1000)
    assert deal.payouts_cents == (10000, 6000) and deal.played_for_cents == 1000
    shares = {share.player_id: share.cents for share in deal.shares}
    assert sum(shares.values()) == 15000
    knock_out(tournament, 13 * MINUTE, "P02", "P01")
    paid = prizes_of(finish(tournament, 14 * MINUTE))
    assert paid["P03"] == (3, 4000)
    assert paid["P01"] == (1, shares["P01"] + 1000)
    assert paid["P02"] == (2, shares["P02"])


def test_cancelled_deal_leaves_the_payout_table_to_pay() -> None:
    tournament = down_to_three()
    tournament.deals.agree("custom", 20 * MINUTE, {"P01": 6000, "P02": 8000, "P03": 6000})
    assert refusal(tournament.deals.cancel, " ", 21 * MINUTE).code == "DEAL_NO_REASON"
    tournament.deals.cancel("P02 changed his mind before the next hand", 21 * MINUTE)
    assert isinstance(tournament.events[-1], DealCancelled) and tournament.deals.agreed is None
    assert refusal(tournament.deals.cancel, "again", 22 * MINUTE).code == "NO_DEAL"
    knock_out(tournament, 22 * MINUTE, "P01", "P02")
    knock_out(tournament, 23 * MINUTE, "P03", "P02")
    paid = prizes_of(finish(tournament, 24 * MINUTE))
    assert paid == {"P02": (1, 10000), "P03": (2, 6000), "P01": (3, 4000)}


def test_a_finish_paying_other_amounts_than_the_deal_shared_is_refused() -> None:
    tournament = down_to_three()
    tournament.deals.agree("icm", 20 * MINUTE)
    knock_out(tournament, 21 * MINUTE, "P01", "P02")
    knock_out(tournament, 22 * MINUTE, "P03", "P02")
    events = len(tournament.events)
    error = refusal(tournament.finish, 23 * MINUTE, (12000, 6000, 3000), 21000)
    assert error.code == "DEAL_PAYOUTS_CHANGED"
    assert error.params == {"places": 3, "payouts_cents": 21000, "deal_cents": 20000}
    assert len(tournament.events) == events and tournament.finished is None
    # Other payouts below the places of the deal change nothing to it.
    paid = prizes_of(tournament.finish(23 * MINUTE, (12000, 5000, 3000, 1000), 21000))
    assert paid["P10"] == (4, 1000)  # the last bust before the deal
    assert sum(cents for place, cents in paid.values() if place <= 3) == 20000


def test_a_bust_corrected_after_the_deal_stops_the_finish_until_the_deal_is_cancelled() -> None:
    tournament = down_to_three()
    tournament.deals.agree("icm", 20 * MINUTE)
    tournament.corrections.correct_bust("P04", 10_000, 21 * MINUTE, "counted wrong")
    for loser in ("P01", "P04", "P03"):  # P04, not in the deal, finishes third
        knock_out(tournament, 23 * MINUTE, loser, "P02")
    error = refusal(finish, tournament, 24 * MINUTE)
    assert error.code == "DEAL_PLAYERS_CHANGED"
    tournament.deals.cancel("P04 was not out: the four players deal again or play on", 25 * MINUTE)
    assert finish(tournament, 26 * MINUTE).prizes[0].cents == 10000


# ---- the log --------------------------------------------------------------------------------


def played_out_with_a_deal() -> Tournament:
    tournament = down_to_three()
    tournament.deals.agree("chip_chop", 20 * MINUTE)
    tournament.deals.cancel("a count was wrong", 21 * MINUTE)
    tournament.deals.agree("icm", 22 * MINUTE, played_for_cents=1000)
    knock_out(tournament, 23 * MINUTE, "P02", "P03")
    knock_out(tournament, 24 * MINUTE, "P01", "P03")
    finish(tournament, 25 * MINUTE)
    return tournament


def test_snapshot_and_replay_carry_the_deal() -> None:
    tournament = down_to_three()
    tournament.deals.agree("icm", 20 * MINUTE)
    events = tournament.events
    restored = Tournament.from_snapshot(tournament.to_snapshot())
    assert (
        restored.deals.agreed == tournament.deals.agreed == Tournament.replay(events).deals.agreed
    )
    whole = played_out_with_a_deal()
    for cut in range(len(whole.events) - 6, len(whole.events) + 1):
        partial = Tournament.replay(whole.events[:cut])
        again = Tournament.from_snapshot(partial.to_snapshot())
        for event in whole.events[cut:]:
            again.apply_stored(event)
        assert again.to_snapshot() == whole.to_snapshot()
        assert again.finished == whole.finished


def test_the_event_log_checker_accepts_a_deal_and_checks_its_prizes() -> None:
    tournament = played_out_with_a_deal()
    lines = [
        {"seq": seq, **json.loads(msgspec.json.encode(event))}
        for seq, event in enumerate(tournament.events, start=1)
    ]
    check_log(lines)
    finished = lines[-1]
    wrong = next(p for p in finished["prizes"] if p["place"] == 2)
    wrong["cents"] += 1
    finished["prizes"][0]["cents"] -= 1
    with pytest.raises(AssertionError):
        check_log(lines)


@pytest.mark.parametrize(
    ("profile", "table_size", "players", "offered"),
    [
        ("tda-2024", 8, 9, True),  # 8-max: the final table seats 9
        ("tda-2024", 8, 10, False),
        ("tda-2024", 6, 7, True),  # 6-max: 7
        ("tda-2024", 6, 8, False),
        ("tda-2010", 6, 10, True),  # tda-2010 R7: always ten
    ],
)
def test_tda_2024_rp9_a_deal_is_offered_once_the_players_left_fit_the_final_table(
    profile: str, table_size: int, players: int, offered: bool
) -> None:
    tournament = Tournament.create("t", profile, load_structure("club-evening"), table_size)
    for number in range(1, players + 1):
        tournament.register(f"P{number:02d}", f"Player {number}", 0)
    tournament.draw_seats(random.Random(3))
    assert tournament.deals.offered() is offered


def test_no_deal_is_offered_after_the_finish() -> None:
    tournament = down_to_three()
    assert tournament.deals.offered()
    knock_out(tournament, 20 * MINUTE, "P01", "P02")
    knock_out(tournament, 21 * MINUTE, "P03", "P02")
    finish(tournament, 22 * MINUTE)
    assert not tournament.deals.offered()
