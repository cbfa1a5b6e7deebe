"""Bounties and progressive knockouts, by the examples of the operators' published PKO rules
(``pko-rules``: PokerStars' Progressive Knockout page, GGPoker's Bounty Hunters page, bwin's
Progressive Knockouts page): the collector of each bust, split pots and their odd unit, several
busts in one hand, rounding, the champion's own bounty, corrections."""

from __future__ import annotations

import random

import pytest

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.bounties import BountyRules, pot_collectors, split_bounty
from pokerfloor.tournament.events import BountyShare, PlayersBusted
from pokerfloor.tournament.state import Tournament
from pokerfloor.tournament.structure import dump_structure, load_structure
from tests.tournament.bounty_helpers import (
    bounty_structure,
    bounty_tournament,
    even_hand,
    seated,
)
from tests.tournament.test_corrections import replayed


def _last_knockouts(tournament: Tournament) -> dict[str, tuple[BountyShare, ...]]:
    event = next(e for e in reversed(tournament.events) if isinstance(e, PlayersBusted))
    return {k.player_id: k.shares for k in event.knockouts}


def test_ggpoker_pko_half_of_the_bounty_in_cash_half_on_the_collectors_head() -> None:
    """GGPoker's $10.50 PKO: $5 to the prize pool, $5 bounty, $0.50 fee; knocking B out pays
    $2.50 and puts $2.50 on the collector's head."""
    tournament = bounty_tournament(6, cents=500, percent=50)
    even_hand(tournament, 1, 0)
    hunter, victim = seated(tournament)[:2]
    tournament.busts.report(1, [victim], {}, 10, eliminated_by={victim: [hunter]})
    assert _last_knockouts(tournament) == {victim: (BountyShare(hunter, 250, 250),)}
    ledger = tournament.bounties.ledger
    assert ledger is not None
    assert ledger.won(hunter) == 250 and tournament.bounties.of(hunter) == 750
    assert tournament.bounties.of(victim) == 0 and ledger.reconciles
    replayed(tournament)


def test_stake_pko_chain_of_two_knockouts() -> None:
    """Stake's example: a $10 bounty; P1 knocks P2 out ($5, bounty $15), P3 knocks P1 out
    ($7.50, bounty $17.50)."""
    tournament = bounty_tournament(6, cents=1000, percent=50)
    even_hand(tournament, 1, 0)
    one, two, three = seated(tournament)[:3]
    tournament.busts.report(1, [two], {}, 10, eliminated_by={two: [one]})
    even_hand(tournament, 1, 20)
    tournament.busts.report(1, [one], {}, 30, eliminated_by={one: [three]})
    ledger = tournament.bounties.ledger
    assert ledger is not None
    assert (ledger.won(one), ledger.won(three)) == (500, 750)
    assert tournament.bounties.of(three) == 1750 and ledger.reconciles


def test_bwin_multiway_the_bounty_goes_to_the_side_pot_winner_who_covered() -> None:
    """bwin's example: 10,000, 5,000 and 1,000 chips all in; the 1,000 stack wins the main
    pot, the 10,000 stack the side pot: the 5,000 stack's bounty goes to the side pot's winner."""
    pots = [(("P1", "P2", "P3"), ("P3",)), (("P1", "P2"), ("P1",))]
    assert pot_collectors(pots, "P2") == ("P1",)
    tournament = bounty_tournament(6)
    plan = tournament.hands.plan(1, 0)
    big, middle, small = [player for _, player, _ in plan.seats][:3]
    stacks = {player: stack for _, player, stack in plan.seats}  # 50,000 each
    first = dict(stacks) | {small: 10_000, big: 90_000}
    tournament.hands.record(plan, first, 0)
    plan = tournament.hands.plan(1, 10)
    # All in: the small stack wins the main pot (3 x 10,000), the big one the side pot.
    final = dict(first) | {small: 30_000, middle: 0, big: 120_000}
    busted = tournament.hands.record(plan, final, 10)
    starting = {player: stack for _, player, stack in plan.seats}
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.busts.settle(busted, 10, eliminated_by={middle: [small]}, stacks=starting)
    assert caught.value.code == "BOUNTY_COLLECTOR_DID_NOT_COVER"
    assert caught.value.params == {
        "player_id": middle,
        "collector": small,
        "stack": 10_000,
        "busted_stack": 50_000,
    }
    assert len(tournament.events) == count
    tournament.busts.settle(busted, 10, eliminated_by={middle: [big]}, stacks=starting)
    assert _last_knockouts(tournament) == {middle: (BountyShare(big, 1250, 1250),)}
    replayed(tournament)


def test_ggpoker_split_pot_splits_the_bounty_and_each_bust_pays_its_own() -> None:
    """GGPoker's first example: A, B, C and D all in; B and D split the main pot and side pot
    1, knocking A out: they split A's bounty; D wins side pot 2 and C's bounty."""
    pots = [
        (("A", "B", "C", "D"), ("B", "D")),
        (("B", "C", "D"), ("B", "D")),
        (("C", "D"), ("D",)),
    ]
    assert pot_collectors(pots, "A") == ("B", "D")
    assert pot_collectors(pots, "C") == ("D",)
    tournament = bounty_tournament(6, cents=1000, percent=50)
    even_hand(tournament, 1, 0)
    a, b, c, d = seated(tournament)[:4]
    tournament.busts.report(1, [a, c], {}, 10, eliminated_by={a: [d, b], c: [d]})
    assert _last_knockouts(tournament) == {
        a: (BountyShare(b, 250, 250), BountyShare(d, 250, 250)),
        c: (BountyShare(d, 500, 500),),
    }
    assert tournament.bounties.of(d) == 1000 + 250 + 500
    replayed(tournament)


def test_the_odd_unit_of_a_split_bounty_goes_first_left_of_the_button() -> None:
    """A 15 € bounty paid in whole euros split two ways: 8 € to the collector first left of
    the button (pots.odd_chip, tda-2024 R20), 7 € to the other."""
    rules = BountyRules(cents=1500, progressive_percent=0, rounding_cents=100)
    assert split_bounty(rules, 1500, ["first", "second"]) == (
        BountyShare("first", 800, 0),
        BountyShare("second", 700, 0),
    )
    tournament = bounty_tournament(6, cents=1500, percent=0, rounding=100)
    even_hand(tournament, 1, 0)
    first, second, out = seated(tournament)[:3]
    tournament.busts.report(1, [out], {}, 10, eliminated_by={out: [second, first]})
    assert _last_knockouts(tournament)[out] == (
        BountyShare(first, 800, 0),
        BountyShare(second, 700, 0),
    )
    event = tournament.events[-1]
    assert isinstance(event, PlayersBusted) and "tda-2024 R20" in event.knockouts[0].citations


def test_pko_rounding_the_head_part_is_rounded_down_to_the_unit_and_cash_takes_the_rest() -> None:
    rules = BountyRules(cents=500, progressive_percent=50, rounding_cents=100)
    assert split_bounty(rules, 500, ["hunter"]) == (BountyShare("hunter", 300, 200),)
    thirds = BountyRules(cents=900, progressive_percent=40, rounding_cents=1)
    assert split_bounty(thirds, 900, ["hunter"]) == (BountyShare("hunter", 540, 360),)


def test_fixed_bounty_is_paid_whole_and_no_head_grows() -> None:
    tournament = bounty_tournament(4, cents=2000, percent=0)
    even_hand(tournament, 1, 0)
    hunter, victim = seated(tournament)[:2]
    tournament.busts.report(1, [victim], {}, 10, eliminated_by={victim: [hunter]})
    assert tournament.bounties.of(hunter) == 2000
    assert tournament.bounties.ledger is not None and tournament.bounties.ledger.won(hunter) == 2000


def test_a_bust_without_its_collector_is_refused_and_nothing_is_recorded() -> None:
    tournament = bounty_tournament(5)
    even_hand(tournament, 1, 0)
    victim = seated(tournament)[0]
    count = len(tournament.events)
    with pytest.raises(PokerfloorError) as caught:
        tournament.busts.report(1, [victim], {}, 10)
    assert caught.value.code == "BOUNTY_COLLECTOR_MISSING"
    assert caught.value.params["player_id"] == victim
    assert len(caught.value.params["candidates"]) == 4
    assert len(tournament.events) == count and tournament.players[victim].in_play


def test_heads_up_the_only_other_player_collects_without_being_named() -> None:
    tournament = bounty_tournament(2, percent=0)
    even_hand(tournament, 1, 0)
    victim, winner = seated(tournament)
    tournament.busts.report(1, [victim], {}, 10)
    assert _last_knockouts(tournament) == {victim: (BountyShare(winner, 2500, 0),)}


@pytest.mark.parametrize(
    ("collector_of", "code", "reason"),
    [
        ("self", "BOUNTY_BAD_COLLECTOR", "busted_too"),
        ("other_table", "BOUNTY_BAD_COLLECTOR", "not_at_table"),
        ("twice", "BOUNTY_BAD_COLLECTOR", "named_twice"),
        ("stranger_busted", "BOUNTY_NOT_BUSTED", None),
    ],
)
def test_a_wrong_collector_is_refused_with_the_players_accepted(
    collector_of: str, code: str, reason: str | None
) -> None:
    tournament = bounty_tournament(12)
    even_hand(tournament, 1, 0)
    victim, hunter = seated(tournament, 1)[:2]
    named: dict[str, list[str]] = {
        "self": [victim],
        "other_table": [seated(tournament, 2)[0]],
        "twice": [hunter, hunter],
    }.get(collector_of, [hunter])
    eliminated_by = {victim: named}
    if collector_of == "stranger_busted":
        eliminated_by[hunter] = [victim]
    with pytest.raises(PokerfloorError) as caught:
        tournament.busts.report(1, [victim], {}, 10, eliminated_by=eliminated_by)
    assert caught.value.code == code
    if reason is not None:
        assert caught.value.params["reason"] == reason
    assert tournament.players[victim].in_play


def test_undo_of_a_bust_puts_the_bounty_back_on_the_head() -> None:
    tournament = bounty_tournament(6)
    even_hand(tournament, 1, 0)
    hunter, victim = seated(tournament)[:2]
    tournament.busts.report(1, [victim], {}, 10, eliminated_by={victim: [hunter]})
    tournament.corrections.undo_bust([victim], 11, "wrong player")
    ledger = tournament.bounties.ledger
    assert ledger is not None and ledger.won(hunter) == 0 and ledger.paid_cents == 0
    assert tournament.bounties.of(victim) == 2500 and tournament.bounties.of(hunter) == 2500
    assert ledger.reconciles
    replayed(tournament)


def test_a_disqualified_players_bounty_is_forfeited_to_the_first_prize() -> None:
    tournament = bounty_tournament(3, percent=0)
    even_hand(tournament, 1, 0)
    cheat, hunter, last = seated(tournament)
    tournament.penalties.give(cheat, "disqualification", "marked cards", 10)
    ledger = tournament.bounties.ledger
    assert ledger is not None and ledger.forfeited_cents == 2500 and ledger.reconciles
    even_hand(tournament, 1, 20)
    tournament.busts.report(1, [last], {}, 30)
    pool = tournament.prize_pool().total_cents
    finished = tournament.finish(40, [pool], pool)
    prize = {p.player_id: p.cents for p in finished.prizes}
    assert prize[hunter] == pool + 2500
    # the champion's own bounty is paid as a bounty (last_bounty = winner)
    assert ledger.won(hunter) == 2500 + 2500 and ledger.reconciles and not ledger.heads


def test_the_champions_own_bounty_added_to_the_first_prize() -> None:
    tournament = bounty_tournament(2, percent=50, last="first_prize")
    even_hand(tournament, 1, 0)
    victim, champion = seated(tournament)
    tournament.busts.report(1, [victim], {}, 10)
    pool = tournament.prize_pool().total_cents
    assert pool == 2 * (5000 - 2500)  # the bounty is not in the prize pool
    finished = tournament.finish(20, [pool], pool)
    ledger = tournament.bounties.ledger
    assert ledger is not None
    assert {p.player_id: p.cents for p in finished.prizes} == {champion: pool + 3750}
    assert ledger.first_prize_cents == 3750 and ledger.won(champion) == 1250
    assert ledger.reconciles and ledger.funded_cents == 5000
    replayed(tournament)


def test_a_reentry_puts_a_fresh_bounty_on_the_head() -> None:
    tournament = bounty_tournament(6)
    even_hand(tournament, 1, 0)
    hunter, victim = seated(tournament)[:2]
    tournament.busts.report(1, [victim], {}, 10, eliminated_by={victim: [hunter]})
    tournament.desk.reenter(victim, 20, random.Random(1))
    ledger = tournament.bounties.ledger
    assert ledger is not None
    assert tournament.bounties.of(victim) == 2500 and ledger.funded_cents == 7 * 2500
    assert ledger.reconciles


def test_bounty_settings_round_trip_through_toml() -> None:
    structure = bounty_structure(cents=2000, percent=40, rounding=100, last="first_prize")
    assert structure.bounty == BountyRules(2000, 40, 100, "first_prize")
    assert load_structure(dump_structure(structure)) == structure
    plain = load_structure("deep-stack")
    assert plain.bounty is None and "[bounty]" not in dump_structure(plain)


@pytest.mark.parametrize(
    ("cents", "percent", "rounding", "field", "reason"),
    [
        (6000, 50, 1, "bounty.cents", "above_buy_in"),
        (2550, 50, 100, "bounty.cents", "not_a_multiple"),
        (2500, 95, 1, "bounty.progressive_percent", "out_of_range"),
        (2500, 50, 0, "bounty.rounding_cents", "out_of_range"),
    ],
)
def test_bounty_settings_out_of_range_are_refused_naming_the_field(
    cents: int, percent: int, rounding: int, field: str, reason: str
) -> None:
    with pytest.raises(PokerfloorError) as caught:
        bounty_structure(cents=cents, percent=percent, rounding=rounding)
    assert caught.value.code == "STRUCTURE_BAD_VALUE"
    assert caught.value.params["field"] == field
    assert caught.value.params["reason"] == reason


def test_an_unknown_last_bounty_choice_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        bounty_structure(last="split")
    assert caught.value.params["field"] == "bounty.last_bounty"
    assert caught.value.params["accepted"] == "winner or first_prize"


def test_a_bust_corrected_after_its_collector_busted_takes_the_head_part_from_his_cash() -> None:
    """B knocked out by A (A's head grows by 12,50), then A by C (who collects A's grown head);
    B's bust is found wrong: B's bounty goes back on B's head, and A, out, gives back the cash
    and the head part he no longer has. The books still balance."""
    tournament = bounty_tournament(6)
    even_hand(tournament, 1, 0)
    a, b, c = seated(tournament)[:3]
    tournament.busts.report(1, [b], {}, 10, eliminated_by={b: [a]})
    even_hand(tournament, 1, 20)
    tournament.busts.report(1, [a], {}, 30, eliminated_by={a: [c]})
    tournament.corrections.correct_bust(b, 20_000, 40, "B still had chips")
    ledger = tournament.bounties.ledger
    assert ledger is not None and ledger.reconciles
    assert tournament.bounties.of(b) == 2500
    assert ledger.won(a) == 1250 - 2500  # owes back what the correction took from him
    assert ledger.won(c) == 1875 and tournament.bounties.of(c) == 2500 + 1875
    replayed(tournament)
