"""What the pages and the API show of a bounty tournament's bounties (tournament/bounties.py):
each player's bounty now and what they won, the totals and their reconciliation.

Only a tournament with bounties gets these fields: the read models of the others stay as they
were (their stored views in tests/data/golden/ replay unchanged).
"""

from __future__ import annotations

from typing import Any

from pokerfloor.tournament.state import Tournament

__all__ = ["biggest_bounty", "bounty_summary", "player_bounty"]


def bounty_summary(tournament: Tournament) -> dict[str, Any] | None:
    """The bounty settings and totals, and each player's bounty and winnings; None without
    bounties. ``reconciles``: funded = paid + on heads + forfeited + added to the first prize."""
    ledger = tournament.bounties.ledger
    if ledger is None:
        return None
    rules = ledger.rules
    players = []
    for player_id, player in tournament.players.items():
        players.append(
            {
                "player_id": player_id,
                "name": player.name,
                "bounty_cents": ledger.head(player_id),
                "won_cents": ledger.won(player_id),
                "knockouts": ledger.knockouts.get(player_id, 0),
            }
        )
    return {
        "cents": rules.cents,
        "progressive_percent": rules.progressive_percent,
        "rounding_cents": rules.rounding_cents,
        "last_bounty": rules.last_bounty,
        "funded_cents": ledger.funded_cents,
        "paid_cents": ledger.paid_cents,
        "on_heads_cents": ledger.on_heads_cents,
        "forfeited_cents": ledger.forfeited_cents,
        "first_prize_cents": ledger.first_prize_cents,
        "reconciles": ledger.reconciles,
        "players": players,
    }


def player_bounty(tournament: Tournament, player_id: str) -> dict[str, int]:
    """A player's bounty fields for a row of the seating chart or the players list: {} without
    bounties."""
    ledger = tournament.bounties.ledger
    if ledger is None:
        return {}
    return {"bounty_cents": ledger.head(player_id), "bounty_won_cents": ledger.won(player_id)}


def biggest_bounty(tournament: Tournament) -> dict[str, Any]:
    """For the room's screen: the biggest bounty on a head in play (``top_bounty``: name and
    cents; ties: the first registered) and all the bounties on heads; {} without bounties."""
    ledger = tournament.bounties.ledger
    if ledger is None:
        return {}
    in_play = [p for p in tournament.players.values() if p.in_play]
    top = max(in_play, key=lambda p: ledger.head(p.player_id), default=None)
    return {
        "bounties_on_heads_cents": ledger.on_heads_cents,
        "top_bounty": None
        if top is None
        else {"name": top.name, "bounty_cents": ledger.head(top.player_id)},
    }
