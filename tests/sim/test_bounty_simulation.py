"""Progressive knockout tournaments played by bots: each bust's bounty goes to the winners of
the pot holding the busted player's last chips (read from the hand's pots), and the money adds
up from the event log alone: the entries' bounties = paid in cash + added to the first prize,
and buy-ins = prize pool + bounties (+ fees)."""

from __future__ import annotations

import pytest

from pokerfloor.sim.tournament import simulate
from pokerfloor.tournament.bounties import with_bounty
from pokerfloor.tournament.events import PlayerRegistered, PlayersBusted, TournamentFinished
from pokerfloor.tournament.structure import BountyRules, load_structure


@pytest.mark.parametrize(
    ("structure", "rules"),
    [
        ("club-evening", BountyRules(1000, 50, 100, "winner")),
        ("club-rebuy", BountyRules(500, 0, 1, "first_prize")),
        ("deep-stack", BountyRules(2500, 40, 50, "winner")),
    ],
)
def test_a_pko_simulation_conserves_money_and_pays_each_bounty_once(
    structure: str, rules: BountyRules
) -> None:
    result = simulate(70, "tda-2024", with_bounty(load_structure(structure), rules), 5)
    tournament = result.tournament
    ledger = tournament.bounties.ledger
    assert ledger is not None and ledger.reconciles and not ledger.heads
    events = tournament.events
    entries = sum(isinstance(e, PlayerRegistered) for e in events)
    assert ledger.funded_cents == entries * rules.cents
    cash = head = 0
    settled: list[str] = []
    for event in events:
        if isinstance(event, PlayersBusted):
            for knockout in event.knockouts:
                settled.append(knockout.player_id)
                cash += sum(share.cash_cents for share in knockout.shares)
                head += sum(share.head_cents for share in knockout.shares)
                assert sum(s.cash_cents + s.head_cents for s in knockout.shares) in (
                    knockout.bounty_cents,
                    0,  # forfeited: a disqualification
                )
                for share in knockout.shares:  # every amount a whole number of units
                    assert share.cash_cents % rules.rounding_cents == 0
                    assert share.head_cents % rules.rounding_cents == 0
    # Every player out has had their bounty settled once (a rebuy at the bust is no bust).
    ranked = [p for p in tournament.players.values() if p.place and p.place > 1]
    assert len(settled) == len(set(settled)) or tournament.structure.entry.reentry_until_level
    assert {p.player_id for p in ranked} <= set(settled)
    finished = events[-1]
    assert isinstance(finished, TournamentFinished)
    extra = sum(prize.cents for prize in finished.prizes) - finished.prize_pool_cents
    assert ledger.paid_cents + extra == ledger.funded_cents
    entry = tournament.structure.entry
    assert (
        entries * entry.buy_in_cents + tournament.rebuys * entry.rebuy_cents
        + tournament.addons * entry.addon_cents
        == tournament.prize_pool().total_cents + ledger.funded_cents
    )  # fmt: skip
    assert cash + head > 0
