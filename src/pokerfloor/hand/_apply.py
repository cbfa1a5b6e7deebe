"""Applying a hand's events: ``_apply`` folds one event into the state and decides nothing
(every decision is made before an event exists, so a replay is exact)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._betting import next_to_act, raised
from pokerfloor.hand._model import (
    Acted,
    BetReturned,
    BoardDealt,
    CardsShown,
    Committed,
    DealCorrected,
    Event,
    HandEnded,
    HandKilled,
    HandMucked,
    HandsShown,
    HandVoided,
    HolesDealt,
    Misdealt,
    Noted,
    Posted,
    PotAwarded,
    ShowdownOpened,
    Street,
)
from pokerfloor.hand._showdown_rights import next_to_show, tabled
from pokerfloor.hand._state import ACTIVE, ALL_IN, FOLDED, HandState

_DEAL_CARDS = frozenset({"exposed_card_deal", "flashed_card", "card_off_table"})


class HandApplying(HandState):
    """Events applied to the state."""

    def _record(self, event: Event) -> None:
        self.events.append(event)
        self._apply(event)

    def _apply(self, event: Event) -> None:
        self._legal_cache = None
        if type(event) is Acted:  # most events: called directly, not through the table
            self._apply_acted(event)
            return
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise PokerfloorError("BAD_EVENT_LOG")
        handler(self, event)

    def _apply_holes(self, event: HolesDealt) -> None:
        self.holes = list(event.cards)
        self.deck_position = 2 * self.count
        self._open_preflop()

    def _apply_killed(self, event: HandKilled) -> None:
        if event.refund:
            self._apply_returned(BetReturned(event.player, event.refund))
        if event.bet_to >= 0:
            self.current_bet = event.bet_to
        self.status[event.player] = FOLDED
        self._drop_held(event.player)  # a dead hand's action held out of turn goes with it
        if self.to_act == event.player:
            self.to_act = self._next_to_act(event.player)

    def _apply_returned(self, event: BetReturned) -> None:
        self.stacks[event.player] += event.amount
        self.contributed[event.player] -= event.amount
        self.committed[event.player] = max(0, self.committed[event.player] - event.amount)

    def _apply_shown(self, event: HandsShown) -> None:
        self.shown = event.order
        if self.street < Street.SHOWDOWN and self.status.count(ACTIVE) <= 1:
            self.to_act = -1

    def _apply_showdown_opened(self, event: ShowdownOpened) -> None:
        self.street = Street.SHOWDOWN
        self.showdown_order = event.order
        self.to_act = next_to_show(self)

    def _apply_cards_shown(self, event: CardsShown) -> None:
        player = event.player
        if event.revived:
            self.status[player] = self.mucked.pop(player)
        self.exposed[player] = self.exposed.get(player, ()) + event.cards
        if player not in self.mucked and player not in self.shown and tabled(self, player):
            self.shown = (*self.shown, player)
        self.to_act = next_to_show(self)

    def _apply_mucked(self, event: HandMucked) -> None:
        self.mucked[event.player] = self.status[event.player]
        self.status[event.player] = FOLDED
        self.to_act = next_to_show(self)

    def _apply_awarded(self, event: PotAwarded) -> None:
        for player, share in zip(event.players, event.shares, strict=True):
            self.stacks[player] += share
        self.awards.append(event)
        self.street = Street.SHOWDOWN

    def _apply_voided(self, event: HandVoided | Misdealt) -> None:
        for player, chips in event.refunds:
            self.stacks[player] += chips
            self.dead_money -= self.ante_posted[player]
            self.ante_posted[player] = 0
            self.contributed[player] = 0
        self.committed = [0] * self.count
        self.street = Street.SHOWDOWN

    def _apply_misdealt(self, event: Misdealt) -> None:
        self._apply_voided(event)  # the same refunds as a void hand
        self.misdealt = True
        self.to_act = -1

    def _apply_deal_corrected(self, event: DealCorrected) -> None:
        self.deck = event.deck
        self.deck_position = event.position
        self.holes = list(event.holes)
        self.board = list(event.board)
        self.no_burn = event.no_burn
        self.seen = self.seen + event.seen
        # Every card turned up counts towards a misdeal; flashed or fallen ones once replaced.
        replaced = event.procedure == "card_replaced" and event.situation in _DEAL_CARDS
        if event.situation == "exposed_card_deal" or replaced:
            self.exposed_in_deal += 1
        self.replaced_in_deal += replaced

    def _apply_ended(self, event: HandEnded) -> None:
        self.street = Street.COMPLETE
        self.is_complete = True
        self.to_act = -1
        self.committed = [0] * self.count

    def _apply_committed(self, event: Committed) -> None:
        player = event.player
        added = event.to - self.committed[player]
        self.stacks[player] -= added
        self.committed[player] = event.to
        self.contributed[player] += added
        if self.stacks[player] == 0:
            self.status[player] = ALL_IN

    def _apply_noted(self, event: Noted) -> None:
        decision = event.ruling.decision
        if decision == "restricted":
            self.restricted[event.player] = ("fold", "call")
            self._drop_held(event.player)
        elif decision == "held" and event.held is not None:
            self.held[event.player] = (event.held, event.held_at_bet, event.held_raised)
            self.held_order.append(event.player)
            self._count_out_of_turn(event.player)
        elif decision == "options":
            self._drop_held(event.player)

    def _drop_held(self, player: int) -> None:
        if player in self.held:
            del self.held[player]
            self.held_order.remove(player)

    def _apply_posted(self, event: Posted) -> None:
        player, amount = event.player, event.amount
        self.stacks[player] -= amount
        if event.kind == "bb_ante":
            self.dead_money += amount
            self.ante_posted[player] += amount
        else:
            self.contributed[player] += amount
            if event.kind != "ante":
                self.committed[player] += amount
        if self.stacks[player] == 0:
            self.status[player] = ALL_IN

    def _open_preflop(self) -> None:
        if self.setup.start_street is not Street.PREFLOP:
            return
        big = self.setup.big_blind
        self.current_bet = max(big, *self.committed) if self.committed else big
        self.increment = big
        self.full_raise_level = self.current_bet
        after = self.big_blind_index if self.big_blind_index >= 0 else self._fallback_blind()
        self.to_act = self._next_to_act(after)

    def _fallback_blind(self) -> int:
        # No big blind posted (a dead big blind): the action starts left of where it would be.
        return self.small_blind_index + 1 if self.small_blind_index >= 0 else 0

    def _apply_board(self, event: BoardDealt) -> None:
        self.deck_position += len(event.cards) + (1 if event.burn >= 0 else 0)
        self.board.extend(event.cards)
        self.street = event.street
        self.committed = [0] * self.count
        self.acted = [-1] * self.count
        self.current_bet = 0
        self.increment = self.setup.big_blind * self.rules.minimum_bet_big_blinds
        self.full_raise_level = 0
        if self.aggressor >= 0:
            self.previous_aggressor = self.aggressor
        self.aggressor = -1
        self.restricted.clear()
        self.to_act = -1 if self.shown else self._next_to_act(self.count - 1)

    def _count_out_of_turn(self, player: int) -> None:
        if self.skipped != self.to_act:
            self.skipped = self.to_act
            self.acted_after_skipped = []
        if player not in self.acted_after_skipped:
            self.acted_after_skipped.append(player)

    def _apply_acted(self, event: Acted) -> None:
        # The event of nearly every action: the state's lists read once into locals.
        player = event.player
        to_act = self.to_act
        if player != to_act and to_act >= 0:
            self._count_out_of_turn(player)
        if self.restricted:
            self.restricted.pop(player, None)
        if self.held:
            self._drop_held(player)
        status, committed = self.status, self.committed
        if event.kind == "fold":
            status[player] = FOLDED
        else:
            to = event.to
            added = to - committed[player]
            stacks = self.stacks
            stacks[player] -= added
            committed[player] = to
            self.contributed[player] += added
            current = self.current_bet
            if to > current:
                current, self.increment, self.full_raise_level = raised(
                    to, current, self.increment, self.full_raise_level
                )
                self.current_bet = current
                self.aggressor = player
            self.acted[player] = current
            if stacks[player] == 0:
                status[player] = ALL_IN
        if player == to_act or to_act < 0:
            self.to_act = next_to_act(player, status, committed, self.acted, self.current_bet)
        elif status[to_act] != ACTIVE:
            self.to_act = next_to_act(to_act, status, committed, self.acted, self.current_bet)


_HANDLERS: dict[type, Callable[[HandApplying, Any], None]] = {
    Acted: HandApplying._apply_acted,
    Posted: HandApplying._apply_posted,
    BoardDealt: HandApplying._apply_board,
    HolesDealt: HandApplying._apply_holes,
    HandKilled: HandApplying._apply_killed,
    BetReturned: HandApplying._apply_returned,
    HandsShown: HandApplying._apply_shown,
    PotAwarded: HandApplying._apply_awarded,
    HandEnded: HandApplying._apply_ended,
    Noted: HandApplying._apply_noted,
    Committed: HandApplying._apply_committed,
    HandVoided: HandApplying._apply_voided,
    ShowdownOpened: HandApplying._apply_showdown_opened,
    CardsShown: HandApplying._apply_cards_shown,
    HandMucked: HandApplying._apply_mucked,
    DealCorrected: HandApplying._apply_deal_corrected,
    Misdealt: HandApplying._apply_misdealt,
}
