"""What a player may do now (options, the bounds of a bet or raise, whether the betting was
reopened for them), and a software action checked against it with the refusal naming the rule."""

from __future__ import annotations

from pokerfloor.cards import rank7
from pokerfloor.hand._apply import HandApplying
from pokerfloor.hand._betting import (
    amount_to_call,
    facing,
    least_bet_or_raise,
    reopened,
    someone_can_call_more,
)
from pokerfloor.hand._model import (
    Acted,
    Action,
    ActionKind,
    Committed,
    LegalActions,
    LiveAction,
    Noted,
    Reason,
    Ruling,
    Street,
    ruled,
)
from pokerfloor.hand._state import ACTIVE, HandError

# The option tuples a player can be offered, built once.
_OPEN: tuple[ActionKind, ...] = ("check", "bet", "allin")
_RAISE: tuple[ActionKind, ...] = ("fold", "call", "raise", "allin")
_CHECK_RAISE: tuple[ActionKind, ...] = ("check", "raise", "allin")
_CALL: tuple[ActionKind, ...] = ("fold", "call")
_CALL_ALL_IN: tuple[ActionKind, ...] = ("fold", "call", "allin")
_CHECK: tuple[ActionKind, ...] = ("check",)


class HandLegality(HandApplying):
    """Legal actions and their checks."""

    def _record_action(self, acted: Acted) -> None:
        """Record a player's action however it was made (typed, spoken, chips, a timeout, an
        out-of-turn action that binds), then the duty it broke, if any (heavenpoker 3.2 x)."""
        if not self.rules.last_to_act_must_raise_nuts:
            # ``_record`` written out: this is the path of nearly every action.
            self.events.append(acted)
            self._legal_cache = None
            self._apply_acted(acted)
            return
        duty = self._nuts_duty(acted)
        self._record(acted)
        if duty is not None:
            self._record(duty)

    def _record_live_outcome(self, player: int, live: LiveAction, outcome: Noted) -> None:
        """A live action ruled a restriction (call or fold): chips pushed over the line stay
        committed, so folding leaves them in the pot (heavenpoker 8.13; ropta: the lower chip
        stays in the pot). A restriction from words ('check' facing a bet, tda-2024 R55) commits
        nothing: the word came first."""
        pushed = sum(live.chips) - sum(live.take_back)
        if outcome.ruling.decision == "restricted" and pushed > 0 and live.say is None:
            reason = Reason("CHIPS_OVER_LINE_COMMITTED")
            self._record(
                Committed(
                    player,
                    self.committed[player] + pushed,
                    ruled("committed", reason, outcome.ruling.citations),
                )
            )
        self._record(outcome)

    def _nuts_duty(self, acted: Acted) -> Noted | None:
        """heavenpoker 3.2 x: the last to act on the river must raise holding the nuts; the
        note to record when this check or call broke the duty (before it is applied)."""
        player = acted.player
        if self.street is not Street.RIVER or acted.kind not in ("check", "call"):
            return None
        others_done = all(
            index == player
            or self.status[index] != ACTIVE
            or (self.acted[index] >= 0 and self.committed[index] == self.current_bet)
            for index in range(self.count)
        )
        options = self._legal(player).options
        if not others_done or ("raise" not in options and "bet" not in options):
            return None  # no duty when the player could not bet or raise
        board = self.board
        mine = rank7(*self.holes[player], *board)
        unseen = [card for card in range(52) if card not in board]
        best = min(
            rank7(first, second, *board)
            for position, first in enumerate(unseen)
            for second in unseen[position + 1 :]
        )
        if mine != best:
            return None
        reason = Reason("MUST_RAISE_NUTS")
        return Noted(
            player, ruled("duty", reason, self.rules.cite("duties.last_to_act_must_raise_nuts"))
        )

    def _reopened(self, player: int) -> bool:
        rules = self.rules
        blind_may_raise = (
            rules.short_allin_reopens_for_blinds
            and self.street is Street.PREFLOP
            and player in (self.small_blind_index, self.big_blind_index)
        )
        return reopened(
            self.acted[player],
            self.full_raise_level,
            self.current_bet,
            self.increment,
            rules.short_allin_reopens,
            blind_may_raise,
        )

    def _legal(self, player: int) -> LegalActions:
        cached = self._legal_cache
        if cached is not None and cached.player == player:
            return cached
        cached = self._legal_cache = self._compute_legal(player)
        return cached

    def _compute_legal(self, player: int) -> LegalActions:
        committed, stacks, status = self.committed, self.stacks, self.status
        mine = committed[player]
        stack = stacks[player]
        current = facing(player, status, committed, self.current_bet)
        to_call = amount_to_call(mine, stack, current)
        if self.restricted:
            restricted = self.restricted.get(player)
            if restricted is not None:
                # A restricted player may call or fold; with nothing to call that means check.
                options = restricted if to_call else ("check",)
                return LegalActions(player, options, to_call, None, None)
        if stack > to_call and someone_can_call_more(player, status, stacks, committed, current):
            if current == 0:
                opening = self.setup.big_blind * self.rules.minimum_bet_big_blinds
                min_to = least_bet_or_raise(0, opening, self.increment, mine + stack)
                return LegalActions(player, _OPEN, 0, min_to, mine + stack)
            if self._reopened(player):
                min_to = least_bet_or_raise(current, 0, self.increment, mine + stack)
                options = _RAISE if to_call > 0 else _CHECK_RAISE
                return LegalActions(player, options, to_call, min_to, mine + stack)
        if to_call > 0:
            # All in is open to a player whose stack does not cover the call.
            options = _CALL_ALL_IN if 0 < stack <= current - mine else _CALL
        else:
            options = _CHECK
        return LegalActions(player, options, to_call, None, None)

    def _checked(self, player: int, action: Action, ruling: Ruling | None) -> Acted:
        """Validate a software action and return its event (nothing applied yet)."""
        legal = self._legal(player)
        kind = action.kind
        if kind == "fold":
            return Acted(player, "fold", self.committed[player], ruling)
        if kind not in legal.options:
            raise self._refusal(player, kind, legal)
        if kind == "check":
            return Acted(player, "check", self.committed[player], ruling)
        if kind == "call":
            return Acted(player, "call", self.committed[player] + legal.to_call, ruling)
        all_in_total = self.committed[player] + self.stacks[player]
        if kind == "allin":
            return Acted(player, "allin", all_in_total, ruling)
        amount = action.amount
        if amount is None:
            raise HandError(
                "AMOUNT_REQUIRED", {"kind": kind, "min": legal.min_to, "max": legal.max_to}
            )
        assert legal.min_to is not None and legal.max_to is not None
        if amount > legal.max_to:
            raise HandError("ABOVE_STACK", {"kind": kind, "amount": amount, "max": legal.max_to})
        if amount < legal.min_to:
            code = "BET_BELOW_MINIMUM" if kind == "bet" else "RAISE_BELOW_MINIMUM"
            cites = list(self.rules.cite("betting.minimum_raise"))
            raise HandError(
                code,
                {
                    "kind": kind,
                    "amount": amount,
                    "min": legal.min_to,
                    "max": legal.max_to,
                    "citations": cites,
                },
            )
        chip = self.setup.smallest_chip
        if amount != all_in_total and amount % chip:
            raise HandError("NOT_IN_CHIPS", {"kind": kind, "amount": amount, "chip": chip})
        return Acted(player, "allin" if amount == all_in_total else kind, amount, ruling)

    def _refusal(self, player: int, kind: str, legal: LegalActions) -> HandError:
        params = {"kind": kind, "options": list(legal.options), "to_call": legal.to_call}
        if kind == "check":
            return HandError("CANNOT_CHECK", params)
        if kind == "call":
            return HandError("NOTHING_TO_CALL", params)
        if kind == "bet" and self.current_bet > 0:
            return HandError("BET_ALREADY_OPEN", {**params, "bet": self.current_bet})
        if kind == "raise" and self.current_bet == 0:
            return HandError("NO_BET_TO_RAISE", params)
        if kind in ("raise", "allin") and not self._reopened(player):
            cites = list(self.rules.cite("betting.short_allin_reopens"))
            return HandError("BETTING_NOT_REOPENED", {**params, "citations": cites})
        return HandError("ACTION_NOT_ALLOWED", params)
