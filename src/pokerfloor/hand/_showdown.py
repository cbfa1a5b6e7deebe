"""The end of a hand: uncalled bets returned, a void hand, a win without showdown, the order
of the showdown and the awards; the nuts duty of the last to act on the river (heavenpoker
3.2 x)."""

from __future__ import annotations

from pokerfloor.cards import rank7
from pokerfloor.hand._legality import HandLegality
from pokerfloor.hand._model import (
    Acted,
    BetReturned,
    HandEnded,
    HandsShown,
    HandVoided,
    Noted,
    PotAwarded,
    Ruling,
    Street,
)
from pokerfloor.hand._pots import split_pot
from pokerfloor.hand._state import ACTIVE, FOLDED


class HandShowdown(HandLegality):
    """Showdown and awards."""

    def _remind_nuts_duty(self, acted: Acted) -> None:
        """heavenpoker 3.2 x: the last to act on the river must raise holding the nuts."""
        player = acted.player
        if self.street is not Street.RIVER or acted.kind not in ("check", "call"):
            return
        others_done = all(
            index == player
            or self.status[index] != ACTIVE
            or (self.acted[index] >= 0 and self.committed[index] == self.current_bet)
            for index in range(self.count)
        )
        options = self._legal(player).options
        if not others_done or ("raise" not in options and "bet" not in options):
            return  # no duty when the player could not bet or raise
        board = self.board
        mine = rank7(*self.holes[player], *board)
        unseen = [card for card in range(52) if card not in board]
        best = min(
            rank7(first, second, *board)
            for position, first in enumerate(unseen)
            for second in unseen[position + 1 :]
        )
        if mine == best:
            reason = "last to act on the river with the nuts: the player had to raise"
            cite = self.rules.cite("duties.last_to_act_must_raise_nuts")
            self._record(Noted(player, Ruling("duty", reason, cite)))

    def _return_uncalled(self) -> None:
        top = max(self.contributed)
        holders = [index for index, amount in enumerate(self.contributed) if amount == top]
        if len(holders) != 1 or self.status[holders[0]] == FOLDED:
            return  # a dead hand has no claim to its chips (tda-2024 R30)
        second = max((c for i, c in enumerate(self.contributed) if i != holders[0]), default=0)
        if top > second:
            self._record(BetReturned(holders[0], top - second))

    def _void(self) -> None:
        refunds = tuple(
            (player, self.contributed[player] + self.ante_posted[player])
            for player in range(self.count)
            if self.contributed[player] + self.ante_posted[player]
        )
        reason = "no hand is live (every player was away): the hand is void, posts are returned"
        self._record(
            HandVoided(refunds, Ruling("void", reason, self.rules.cite("hand.live_if_seated_at")))
        )
        self._record(HandEnded(tuple(self.stacks)))

    def _win_without_showdown(self, winner: int) -> None:
        total = sum(self.contributed) + self.dead_money
        self._record(PotAwarded(0, total, (winner,), (total,)))
        self._record(HandEnded(tuple(self.stacks)))

    def _showdown_order(self, live: list[int]) -> list[int]:
        rules = self.rules
        if self.aggressor >= 0 and self.aggressor in live:
            first = self.aggressor
        elif rules.first_without_bet == "last_aggressor_previous_street" and (
            self.previous_aggressor in live
        ):
            first = self.previous_aggressor
        else:
            first = live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def _showdown(self, live: list[int]) -> None:
        rules = self.rules
        if not self.shown:
            first = self._showdown_order(live)[0]
            reason = (
                "the last aggressor shows first, then clockwise"
                if first == self.aggressor
                else "no bet on the last street: the profile's first player shows first"
            )
            setting = (
                "showdown.first_with_bet"
                if first == self.aggressor
                else "showdown.first_without_bet"
            )
            self._record(
                HandsShown(
                    tuple(self._showdown_order(live)), Ruling("show", reason, rules.cite(setting))
                )
            )
        board = self.board
        strength = {index: rank7(*self.holes[index], *board) for index in live}
        pots = self.pots()
        order = range(len(pots))
        if rules.award_order == "side_pots_first":
            order = range(len(pots) - 1, -1, -1)
        for pot_index in order:
            amount, eligible = pots[pot_index]
            if not eligible:
                continue
            best = min(strength[index] for index in eligible)
            winners = tuple(index for index in eligible if strength[index] == best)
            shares = split_pot(amount, winners, self.setup.smallest_chip)
            ruling = None
            if len(winners) > 1:
                ruling = Ruling(
                    "split",
                    f"split {len(winners)} ways; odd chips of {self.setup.smallest_chip} go one "
                    "each from the first seat left of the button",
                    rules.cite("pots.odd_chip") + rules.cite("pots.side_pots_split_separately"),
                )
            self._record(PotAwarded(pot_index, amount, winners, shares, ruling))
        self._record(HandEnded(tuple(self.stacks)))
