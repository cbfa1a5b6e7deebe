"""Properties of bounty tournaments over random evenings: money is conserved (the entries'
bounties = paid in cash + on heads + forfeited or added to the first prize; buy-ins = prize
pool + bounties + fees) and every bounty is paid once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.tournament.events import PlayersBusted
from tests.tournament.bounty_helpers import bounty_tournament, even_hand, seated


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 9),
    cents=st.sampled_from([100, 500, 1500, 2500]),
    percent=st.sampled_from([0, 25, 50, 90]),
    rounding=st.sampled_from([1, 50, 100]),
    last=st.sampled_from(["winner", "first_prize"]),
    data=st.data(),
)
def test_a_bounty_evening_conserves_money_and_pays_every_bounty_once(
    players: int, cents: int, percent: int, rounding: int, last: str, data: st.DataObject
) -> None:
    cents = max(cents // rounding, 1) * rounding
    tournament = bounty_tournament(players, 9, cents, percent, rounding, last)
    ledger = tournament.bounties.ledger
    assert ledger is not None
    at = 0
    while tournament.players_left > 1:
        at += 10
        even_hand(tournament, 1, at)
        alive = seated(tournament)
        out = data.draw(
            st.lists(st.sampled_from(alive), min_size=1, max_size=len(alive) - 1, unique=True)
        )
        left = [p for p in alive if p not in out]
        eliminated_by = {
            p: data.draw(st.lists(st.sampled_from(left), min_size=1, unique=True)) for p in out
        }
        tournament.busts.report(1, out, {}, at, eliminated_by=eliminated_by)
        assert ledger.reconciles
        if data.draw(st.booleans()) and len(out) == 1:
            tournament.corrections.undo_bust(out, at + 1, "undo")
            assert ledger.reconciles
    entry = tournament.structure.entry
    pool = tournament.prize_pool().total_cents
    assert entry.buy_in_cents * tournament.entries == pool + ledger.funded_cents
    finished = tournament.finish(at + 100, [pool], pool)
    assert ledger.reconciles and not ledger.heads
    assert ledger.funded_cents == players * cents
    paid = sum(ledger.won_cents.values())
    prize_extra = sum(p.cents for p in finished.prizes) - pool
    assert paid + prize_extra == ledger.funded_cents
    for event in tournament.events:
        if isinstance(event, PlayersBusted):
            for settled in event.knockouts:
                assert sum(s.cash_cents + s.head_cents for s in settled.shares) == (
                    settled.bounty_cents
                )
    # every bounty paid once: each player out has exactly one knockout standing (an undone
    # bust's knockout is reversed), and the shares of each add up to the bounty
    out_now = {p.player_id for p in tournament.players.values() if p.place and p.place > 1}
    assert set(ledger.last) == out_now
