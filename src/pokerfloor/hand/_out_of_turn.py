"""Actions out of turn: held until the action reaches the player, binding when nothing changed,
and the rulings for a skipped player (tda-2024 R53, allinouest, heavenpoker 8.4)."""

from __future__ import annotations

from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._live import interpret_live
from pokerfloor.hand._model import (
    Acted,
    Action,
    Committed,
    LiveAction,
    Noted,
    Ruling,
    Timeout,
)
from pokerfloor.hand._showdown import HandShowdown
from pokerfloor.hand._state import ACTIVE, HandError


class HandOutOfTurn(HandShowdown):
    """Out-of-turn actions."""

    def _out_of_turn(self, player: int, action: Action | LiveAction | Timeout) -> None:
        assert isinstance(action, LiveAction)
        if self.status[player] != ACTIVE:
            raise HandError(
                "NOT_IN_HAND",
                f"{self.names[player]} cannot act: no longer in the hand or all in",
                {"player": self.names[player]},
            )
        pushed = sum(action.chips) - sum(action.take_back)
        if (not action.chips and action.say is None) or pushed > self.stacks[player]:
            raise HandError(
                "BAD_LIVE_ACTION",
                f"{self.names[player]}: a live action needs chips (at most the "
                f"{self.stacks[player]} behind) or a declaration (say)",
                {"player": self.names[player], "pushed": pushed},
            )
        if action.say == "fold":
            ruling = Ruling(
                "fold", "a fold out of turn is binding", self.rules.cite("out_of_turn.fold")
            )
            self._record(Acted(player, "fold", self.committed[player], ruling))
            return
        if player in self.held:
            raise HandError(
                "ALREADY_HELD",
                f"{self.names[player]} already acted out of turn; wait for the action",
                {"player": self.names[player]},
            )
        cite = self.rules.cite("out_of_turn.binding_if_action_unchanged")
        reason = (
            "acted out of turn: the action goes back to the player to act; it binds if the "
            "action to this player does not change"
        )
        self._record(Noted(player, Ruling("held", reason, cite), action, self.current_bet))
        skipped = self.to_act
        limit = self.rules.binding_after_players_acted
        if limit and len(self.held_order) >= limit and skipped >= 0:
            self._skipped_by_players(skipped)
        elif (
            self.rules.skipped_player_options == "call_or_fold"
            and skipped >= 0
            and skipped not in self.restricted
            and self._substantial_action_held()
        ):
            cite = self.rules.cite("out_of_turn.skipped_player_options")
            for player in list(self.held_order):  # the out-of-turn actions stand, in order
                action, _ = self.held[player]
                outcome = interpret_live(
                    self, player, LiveAction(action.chips, action.say, action.amount)
                )
                if isinstance(outcome, Noted):
                    raise HandError(
                        "OUT_OF_TURN_INVALID",
                        f"{self.names[player]}'s out-of-turn action cannot stand as made",
                        {"player": self.names[player]},
                    )
                canonical, _ruling = outcome
                reason = "substantial action behind a silent player: the out-of-turn action stands"
                self._record(self._checked(player, canonical, Ruling(canonical.kind, reason, cite)))
            ruling = Ruling(
                "restricted",
                "skipped while substantial action was taken after them: call or fold only",
                cite,
            )
            self._record(Noted(skipped, ruling))

    def _substantial_action_held(self) -> bool:
        """Substantial action: three actions, or two of which one puts chips in (tda-2024 R36)."""
        held = [self.held[player][0] for player in self.held_order]
        puts_chips = any(a.chips or a.say in ("call", "bet", "raise", "allin") for a in held)
        return len(held) >= 3 or (len(held) >= 2 and puts_chips)

    def _skipped_by_players(self, skipped: int) -> None:
        """allinouest: enough players acted after a silent player: they lose their options."""
        cite = self.rules.cite("out_of_turn.binding_after_players_acted") + self.rules.cite(
            "out_of_turn.skipped_player_options"
        )
        if self.current_bet > self.committed[skipped]:
            ruling = Ruling("dead", "players acted after this player and the pot was open", cite)
            self._record(Acted(skipped, "fold", self.committed[skipped], ruling))
        else:
            ruling = Ruling("check", "players acted after this player: no bet allowed", cite)
            self._record(Acted(skipped, "check", self.committed[skipped], ruling))

    def _release_held(self, player: int) -> None:
        action, bet_then = self.held[player]
        if self.current_bet == bet_then and self.rules.binding_if_action_unchanged:
            try:
                outcome = interpret_live(
                    self, player, LiveAction(action.chips, action.say, action.amount)
                )
                if isinstance(outcome, Noted):
                    self._record(outcome)
                    return
                canonical, ruling = outcome
                binding = Ruling(
                    ruling.decision if ruling else canonical.kind,
                    "the out-of-turn action binds: the action to this player did not change",
                    self.rules.cite("out_of_turn.binding_if_action_unchanged"),
                )
                self._record(self._checked(player, canonical, binding))
                return
            except PokerfloorError as invalid:
                reason = f"the out-of-turn action cannot stand ({invalid.message}): the player acts"
        else:
            rule = self.rules.options_if_action_changed
            was_aggressive = action.say in ("bet", "raise") or action.amount is not None
            if rule == "fold_forfeiting_or_keep":
                announced = self._announced_total(player, action, bet_then)
                if announced > self.committed[player]:
                    reason = (
                        "the out-of-turn announcement stands as chips in the pot: folding now "
                        "forfeits them"
                    )
                    cite = self.rules.cite("out_of_turn.options_if_action_changed")
                    self._record(Committed(player, announced, Ruling("committed", reason, cite)))
            if rule == "fold_forfeiting_or_keep" or (
                rule == "raise_only_if_bet_out_of_turn" and not was_aggressive
            ):
                reason = (
                    "the action changed since the out-of-turn action: the player may call or "
                    "fold but not raise"
                )
                cite = self.rules.cite("out_of_turn.options_if_action_changed")
                self._record(Noted(player, Ruling("restricted", reason, cite)))
                return
            reason = (
                "the action changed since the out-of-turn action: it does not bind "
                "and the player has their options"
            )
        self._record(
            Noted(
                player,
                Ruling(
                    "options", reason, self.rules.cite("out_of_turn.binding_if_action_unchanged")
                ),
            )
        )

    def _announced_total(self, player: int, action: LiveAction, bet_then: int) -> int:
        """The street total an out-of-turn announcement stood for when it was made."""
        limit = self.committed[player] + self.stacks[player]
        if action.amount is not None:
            total = action.amount
        elif action.say == "call":
            total = bet_then
        elif action.say == "allin":
            total = limit
        else:
            total = self.committed[player] + sum(action.chips) - sum(action.take_back)
        return min(total, limit, self.current_bet)
