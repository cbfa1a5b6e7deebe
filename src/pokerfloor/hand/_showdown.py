"""The end of a hand: uncalled bets returned, a void hand, a win without showdown, hands turned
up when a player is all in, the order of the showdown and the awards; or, when the hand was
started with ``manual_showdown``, a showdown the players play (``_showdown_rights.py`` rules
each of their actions)."""

from __future__ import annotations

from pokerfloor.cards import rank7
from pokerfloor.hand._betting import uncalled_bet
from pokerfloor.hand._legality import HandLegality
from pokerfloor.hand._model import (
    BetReturned,
    HandEnded,
    HandsShown,
    HandVoided,
    PotAwarded,
    Reason,
    ShowdownAction,
    ShowdownKind,
    ShowdownOpened,
    Street,
    ruled,
)
from pokerfloor.hand._pots import split_pot
from pokerfloor.hand._showdown_rights import (
    award_order,
    rule_showdown_action,
    showdown_awards,
    showdown_options,
    split_ruling,
)
from pokerfloor.hand._state import ACTIVE, ALL_IN, HandError


class HandShowdown(HandLegality):
    """Showdown and awards."""

    def _return_uncalled(self) -> None:
        holder, amount = uncalled_bet(self.contributed, self.status)
        if amount:
            self._record(BetReturned(holder, amount))

    def _void(self) -> None:
        refunds = tuple(
            (player, self.contributed[player] + self.ante_posted[player])
            for player in range(self.count)
            if self.contributed[player] + self.ante_posted[player]
        )
        reason = Reason("NO_LIVE_HAND_VOID")
        self._record(
            HandVoided(refunds, ruled("void", reason, self.rules.cite("hand.live_if_seated_at")))
        )
        self._record(HandEnded(tuple(self.stacks)))

    def _all_in_at_end(self, live: list[int]) -> bool:
        """A player all in and at most one player left with chips: no more betting is possible,
        so the all-in rule turns the hands up (two players with chips show down in order)."""
        status = self.status
        return any(status[i] == ALL_IN for i in live) and (
            sum(1 for i in live if status[i] == ACTIVE) <= 1
        )

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
        elif rules.first_without_bet == "first_to_speak":
            first = self._first_to_speak(live)
        else:
            first = live[0]
        start = live.index(first)
        return live[start:] + live[:start]

    def _first_to_speak(self, live: list[int]) -> int:
        """allinouest: a player all in cannot speak, so the first player who could act on the
        street shows first; players all in follow in their turn."""
        count, status = self.count, self.status
        start = 0
        if self.street is Street.PREFLOP and self.big_blind_index >= 0:
            start = self.big_blind_index + 1
        for step in range(count):
            index = (start + step) % count
            if status[index] == ACTIVE and index in live:
                return index
        return live[0]

    def _turn_up_all_in(self, live: list[int]) -> None:
        """Betting is over with a player all in: every hand is turned face up (tda-2024 R16)."""
        if not self.rules.all_in_face_up:
            return
        shown = self.rules.ruling("show", "ALLIN_FACE_UP", "showdown.all_in_face_up")
        self._record(HandsShown(tuple(self._showdown_order(live)), shown))

    def showdown_options(self, player: int | None = None) -> tuple[ShowdownKind, ...]:
        """At a showdown the players play, what ``player`` (default: the player whose action is
        awaited) may do: a subset of show, muck, show_one, ask."""
        return showdown_options(self, self.to_act if player is None else player)

    def _showdown_action(self, player: int, action: object) -> None:
        if not isinstance(action, ShowdownAction):
            name = self.names[player]
            raise HandError("SHOWDOWN_UNDER_WAY", {"player": name})
        for event in rule_showdown_action(self, player, action):
            self._record(event)
        if self.to_act < 0:
            for award in showdown_awards(self):
                self._record(award)
            self._record(HandEnded(tuple(self.stacks)))

    def _no_showdown(self) -> HandError:
        return HandError(
            "NO_SHOWDOWN",
        )

    def _showdown(self, live: list[int]) -> None:
        rules = self.rules
        if not self.shown and self.setup.manual_showdown and self._all_in_at_end(live):
            self._turn_up_all_in(live)
        if not self.shown:
            order = tuple(self._showdown_order(live))
            if order[0] == self.aggressor:
                shown = rules.ruling("show", "LAST_AGGRESSOR_SHOWS", "showdown.first_with_bet")
            else:
                shown = rules.ruling("show", "PROFILE_FIRST_SHOWS", "showdown.first_without_bet")
            if self.setup.manual_showdown:
                self._record(ShowdownOpened(order, shown))
                return
            self._record(HandsShown(order, shown))
        board = self.board
        holes = self.holes
        strength = [0] * self.count
        for index in live:
            hole = holes[index]
            strength[index] = rank7(hole[0], hole[1], *board)
        pots = self.pots()
        for pot_index in award_order(rules, pots):
            amount, eligible = pots[pot_index]
            best = min([strength[index] for index in eligible])
            winners = tuple([index for index in eligible if strength[index] == best])
            shares = split_pot(amount, winners, self.setup.smallest_chip)
            ruling = None
            if len(winners) > 1:
                ruling = split_ruling(rules, len(winners), self.setup.smallest_chip)
            self._record(PotAwarded(pot_index, amount, winners, shares, ruling))
        self._record(HandEnded(tuple(self.stacks)))
