"""Actions out of turn: held until the action reaches the player, binding when nothing changed,
and the rulings for a skipped player (tda-2024 R53, allinouest, heavenpoker 8.4).

What "the action did not change" means: the bet the out-of-turn player faced when acting,
counting the other out-of-turn announcements already on the table (a call of a bet that was
itself made out of turn called that bet), is still the bet when the action reaches him.
"""

from __future__ import annotations

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._live import interpret_live, reads_as_raise
from pokerfloor.hand._model import (
    Acted,
    Action,
    Committed,
    LiveAction,
    Noted,
    Reason,
    Timeout,
    ruled,
)
from pokerfloor.hand._showdown import HandShowdown
from pokerfloor.hand._state import ACTIVE, HandError


class HandOutOfTurn(HandShowdown):
    """Out-of-turn actions."""

    def _out_of_turn(self, player: int, action: Action | LiveAction | Timeout) -> None:
        assert isinstance(action, LiveAction)
        if self.status[player] != ACTIVE:
            raise HandError("NOT_IN_HAND", {"player": self.names[player]})
        pushed = sum(action.chips) - sum(action.take_back)
        if (not action.chips and action.say is None) or pushed > self.stacks[player]:
            raise HandError("BAD_LIVE_ACTION", {"player": self.names[player], "pushed": pushed})
        skipped = self.to_act
        if action.say == "fold":
            ruling = ruled("fold", Reason("FOLD_OUT_OF_TURN"), self.rules.cite("out_of_turn.fold"))
            self._record(Acted(player, "fold", self.committed[player], ruling))
        else:
            if player in self.held:
                raise HandError("ALREADY_HELD", {"player": self.names[player]})
            cite = self.rules.cite("out_of_turn.binding_if_action_unchanged")
            reason = Reason("HELD_OUT_OF_TURN")
            level = self._facing_level(player)
            raised = reads_as_raise(self, player, action, level)
            self._record(Noted(player, ruled("held", reason, cite), action, level, raised))
        if skipped >= 0 and self.status[skipped] == ACTIVE:
            self._rule_skipped(skipped)

    def _facing_level(self, player: int) -> int:
        """The bet a player acting out of turn faces: the bet on the table or a larger one
        announced out of turn before him."""
        level = self.current_bet
        for other in self.held_order:
            if other != player:
                action, bet_then, _ = self.held[other]
                level = max(level, self._announced_total(other, action, bet_then))
        return level

    def _rule_skipped(self, skipped: int) -> None:
        """The skipped player stays silent while others act: the profile's limits."""
        rules = self.rules
        limit = rules.binding_after_players_acted
        if limit and len(self.acted_after(skipped)) >= limit:
            self._skipped_by_players(skipped)
        elif (
            rules.binding_after_substantial_action
            and skipped not in self.restricted
            and self._substantial_action(skipped)
        ):
            self._out_of_turn_actions_stand()
            if rules.skipped_player_options == "call_or_fold":
                ruling = ruled(
                    "restricted",
                    Reason("SKIPPED_CALL_OR_FOLD"),
                    rules.cite("out_of_turn.skipped_player_options"),
                )
                self._record(Noted(skipped, ruling))
            elif rules.skipped_player_options == "floor_decides":
                # tda-2024 R53 B: the floor may kill the hand or limit it to non-aggressive
                # action; the engine keeps every option and says so until the TD rules.
                ruling = ruled(
                    "floor_rules",
                    Reason("SKIPPED_FLOOR_DECIDES"),
                    rules.cite("out_of_turn.skipped_player_options"),
                )
                self._record(Noted(skipped, ruling))

    def _out_of_turn_actions_stand(self) -> None:
        """Substantial action behind a silent player: the out-of-turn actions bind, in order."""
        cite = self.rules.cite("out_of_turn.binding_after_substantial_action")
        for player in list(self.held_order):
            action, _, _ = self.held[player]
            outcome = interpret_live(
                self, player, LiveAction(action.chips, action.say, action.amount)
            )
            if isinstance(outcome, Noted):
                raise HandError("OUT_OF_TURN_INVALID", {"player": self.names[player]})
            canonical, _ruling = outcome
            reason = Reason("SUBSTANTIAL_ACTION_STANDS")
            self._record_action(
                self._checked(player, canonical, ruled(canonical.kind, reason, cite))
            )

    def _substantial_action(self, skipped: int) -> bool:
        """Substantial action after the skipped player (tda-2024 R36): three actions, folds
        included, or two of which one puts chips in."""
        acted = self.acted_after(skipped)
        puts_chips = False
        for player in acted:
            if player in self.held:
                action = self.held[player][0]
                puts_chips = puts_chips or bool(
                    action.chips or action.say in ("call", "bet", "raise", "allin")
                )
        return len(acted) >= 3 or (len(acted) >= 2 and puts_chips)

    def _skipped_by_players(self, skipped: int) -> None:
        """allinouest: enough players acted after a silent player (a fold counts as an
        action): they lose their options."""
        cite = self.rules.cite("out_of_turn.binding_after_players_acted") + self.rules.cite(
            "out_of_turn.skipped_player_options"
        )
        if self.current_bet > self.committed[skipped]:
            ruling = ruled("dead", Reason("SKIPPED_POT_OPEN_DEAD"), cite)
            self._record(Acted(skipped, "fold", self.committed[skipped], ruling))
        else:
            ruling = ruled("check", Reason("SKIPPED_NO_BET"), cite)
            self._record(Acted(skipped, "check", self.committed[skipped], ruling))

    def _release_held(self, player: int) -> None:
        action, bet_then, raised = self.held[player]
        rules = self.rules
        if self.current_bet == bet_then and rules.binding_if_action_unchanged:
            try:
                outcome = interpret_live(
                    self, player, LiveAction(action.chips, action.say, action.amount)
                )
                if isinstance(outcome, Noted):
                    self._record_live_outcome(player, action, outcome)
                    return
                canonical, ruling = outcome
                binding = ruled(
                    ruling.decision if ruling else canonical.kind,
                    Reason("OUT_OF_TURN_BINDS"),
                    rules.cite("out_of_turn.binding_if_action_unchanged"),
                )
                self._record_action(self._checked(player, canonical, binding))
                return
            except PokerfloorError as invalid:
                refusal = Reason(invalid.code, invalid.params)
                reason = Reason("OUT_OF_TURN_CANNOT_STAND", base=refusal)
        else:
            rule = rules.options_if_action_changed
            cite = rules.cite("out_of_turn.options_if_action_changed")
            if rule == "fold_forfeiting_or_keep":
                announced = self._announced_total(player, action, bet_then)
                if announced >= self.current_bet:
                    self._maintained(player, action, announced)
                    return
                if announced > self.committed[player]:
                    reason = Reason("ANNOUNCEMENT_COMMITTED")
                    self._record(Committed(player, announced, ruled("committed", reason, cite)))
            if rule == "fold_forfeiting_or_keep" or (
                rule == "raise_only_if_bet_out_of_turn" and not raised
            ):
                reason = Reason("ACTION_CHANGED_CALL_OR_FOLD")
                self._record(Noted(player, ruled("restricted", reason, cite)))
                return
            reason = Reason("ACTION_CHANGED_OPTIONS")
        self._record(
            Noted(
                player,
                ruled("options", reason, rules.cite("out_of_turn.binding_if_action_unchanged")),
            )
        )

    def _maintained(self, player: int, action: LiveAction, announced: int) -> None:
        """heavenpoker 8.4: the raise before him did not go above his announcement: he keeps
        it (no fold); equal to the bet it is a call, above it a raise ruled as if made now."""
        cite = self.rules.cite("out_of_turn.options_if_action_changed")
        reason = Reason("ANNOUNCEMENT_MAINTAINED")
        if announced == self.current_bet:
            self._record_action(self._checked(player, Action("call"), ruled("call", reason, cite)))
            return
        try:
            outcome = interpret_live(
                self, player, LiveAction(action.chips, action.say, action.amount)
            )
            # Chips that read as less than a call: the call stands.
            canonical = Action("call") if isinstance(outcome, Noted) else outcome[0]
            acted = self._checked(player, canonical, ruled(canonical.kind, reason, cite))
        except PokerfloorError:
            # The announcement cannot stand as made now (an all-in that may no longer raise,
            # a check facing the bet): the call it covers stands.
            acted = self._checked(player, Action("call"), ruled("call", reason, cite))
        self._record_action(acted)

    def _announced_total(self, player: int, action: LiveAction, bet_then: int) -> int:
        """The street total an out-of-turn announcement stood for when it was made (at most
        the player's all-in)."""
        limit = self.committed[player] + self.stacks[player]
        if action.amount is not None:
            total = action.amount
        elif action.say == "call":
            total = bet_then
        elif action.say == "allin":
            total = limit
        else:
            total = self.committed[player] + sum(action.chips) - sum(action.take_back)
        return min(total, limit)
