"""The bust forms' "knocked out by" (console and captain): in a bounty tournament each busted
player's row lets the TD or the captain tick who won the pot holding that player's last chips
(several for a split pot). A ticked box sends ``knockout`` = "<busted> <collector>" (ids hold
no space); ``eliminated_by`` turns them into the command's field for the players ticked as
busted only (a box left ticked in the row of a player unticked since is not theirs to send).
"""

from __future__ import annotations

__all__ = ["eliminated_by"]


def eliminated_by(
    values: list[str] | None, busted: list[str], rebuys: list[str]
) -> dict[str, tuple[str, ...]]:
    """For each player busted (and not rebuying: no bounty is paid, the player stays), the
    collectors ticked, in the order ticked; an id the command refuses is left to its
    validation (sent as typed)."""
    chosen: dict[str, list[str]] = {}
    for value in values or []:
        player, _, collector = value.strip().partition(" ")
        if player in busted and player not in rebuys and collector:
            chosen.setdefault(player, []).append(collector.strip())
    return {player: tuple(collectors) for player, collectors in chosen.items()}
