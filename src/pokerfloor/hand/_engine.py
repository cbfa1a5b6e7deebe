"""One hand of No-Limit Hold'em as a state machine: actions in, events out.

``Hand.start`` posts, deals and opens the betting; ``Hand.act`` checks an action against the
rules, records what happened as events and applies them; ``Hand.replay`` folds a recorded event
list back into the same state. Every event is applied by ``_apply`` alone, which never decides
anything: the decisions (is this legal, what does this chip placement mean, who wins) are made
before an event exists, so a refused action leaves the state untouched.

Players are indexed in dealing order: index 0 is the first seat left of the button, the button
(when a player sits there) is last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pokerfloor.cards import rank7
from pokerfloor.errors import PokerfloorError
from pokerfloor.hand._live import interpret_live
from pokerfloor.hand._model import (
    Acted,
    Action,
    ActionKind,
    BetReturned,
    BoardDealt,
    Committed,
    Event,
    HandEnded,
    HandKilled,
    HandSetup,
    HandsShown,
    HandStarted,
    HandVoided,
    HolesDealt,
    LegalActions,
    LiveAction,
    Noted,
    Posted,
    PotAwarded,
    Ruling,
    Seat,
    Street,
    Timeout,
)
from pokerfloor.hand._pots import build_pots, split_pot
from pokerfloor.hand._rules import HandRules, hand_rules
from pokerfloor.hand._setup import check_setup, deal_order

ACTIVE, FOLDED, ALL_IN = 0, 1, 2
_BOARD_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}


class HandError(PokerfloorError):
    """An action the rules refuse; the hand is unchanged."""


class Hand:
    """The state of one hand. Build it with ``Hand.start`` or ``Hand.replay``."""

    def __init__(self, started: HandStarted) -> None:
        setup = started.setup
        self.setup = setup
        self.rules: HandRules = hand_rules(setup.profile)
        self.players: tuple[int, ...] = started.players  # seat numbers by index
        by_seat = {seat.seat_no: seat for seat in setup.seats}
        seats = [by_seat[seat_no] for seat_no in self.players]
        self.names: tuple[str, ...] = tuple(seat.name for seat in seats)
        count = len(seats)
        self.count = count
        self.starting_stacks: tuple[int, ...] = tuple(seat.stack for seat in seats)
        self.stacks: list[int] = list(self.starting_stacks)
        self.committed: list[int] = [0] * count
        self.contributed: list[int] = [0] * count
        self.status: list[int] = [ACTIVE] * count
        self.acted: list[int] = [-1] * count  # the bet each player last acted at; -1: not yet
        self.holes: list[tuple[int, int]] = []
        self.board: list[int] = []
        self.deck: tuple[int, ...] = started.deck
        self.deck_position = 0
        self.street = Street.PREFLOP
        self.current_bet = 0
        self.increment = setup.big_blind  # size of the last full bet or raise
        self.full_raise_level = 0  # the bet reached by the last full bet or raise
        self.aggressor = -1
        self.previous_aggressor = -1
        self.to_act = -1
        self.dead_money = setup.dead_money
        self.ante_posted: list[int] = [0] * count  # big blind antes (dead money), by player
        self.small_blind_index, self.big_blind_index = _blind_indices(setup, self.players)
        self.restricted: dict[int, tuple[ActionKind, ...]] = {}
        self.held: dict[int, tuple[LiveAction, int]] = {}  # out-of-turn actions waiting
        self.held_order: list[int] = []
        self.shown: tuple[int, ...] = ()
        self.awards: list[PotAwarded] = []
        self.events: list[Event] = [started]
        self._legal_cache: LegalActions | None = None

    # ---- building -----------------------------------------------------------------------

    @classmethod
    def start(cls, setup: HandSetup, deck: Sequence[int]) -> Hand:
        """Start a hand: post antes and blinds, deal, kill absent hands, open the betting.

        ``deck`` is the shuffled order (52 distinct card numbers, or at least enough to deal).
        """
        check_setup(setup, deck)
        hand = cls(HandStarted(setup, tuple(deck), deal_order(setup)))
        hand._post_and_deal()
        hand._advance()
        return hand

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Hand:
        """Rebuild a hand by folding its recorded events."""
        iterator = iter(events)
        first = next(iterator, None)
        if not isinstance(first, HandStarted):
            raise PokerfloorError(
                "BAD_EVENT_LOG", "a hand's event log must begin with hand_started"
            )
        hand = cls(first)
        for event in iterator:
            hand._record(event)
        return hand

    # ---- queries ------------------------------------------------------------------------

    @property
    def is_complete(self) -> bool:
        return self.street is Street.COMPLETE

    def index_of(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise PokerfloorError(
                "UNKNOWN_PLAYER",
                f"no player named {name!r} in this hand; players: {', '.join(self.names)}",
                {"player": name},
            ) from None

    def legal_actions(self) -> LegalActions:
        """What the player to act may do, with the bounds of a bet or a raise."""
        player = self.to_act
        if player < 0:
            raise HandError("NO_ONE_TO_ACT", "no player is to act: the betting is over")
        return self._legal(player)

    def snapshot(self) -> dict[str, object]:
        """The whole state as plain data, to compare a replay with the original."""
        return {
            "street": int(self.street),
            "stacks": list(self.stacks),
            "committed": list(self.committed),
            "contributed": list(self.contributed),
            "status": list(self.status),
            "acted": list(self.acted),
            "holes": list(self.holes),
            "board": list(self.board),
            "deck_position": self.deck_position,
            "current_bet": self.current_bet,
            "increment": self.increment,
            "full_raise_level": self.full_raise_level,
            "aggressor": self.aggressor,
            "previous_aggressor": self.previous_aggressor,
            "to_act": self.to_act,
            "dead_money": self.dead_money,
            "ante_posted": list(self.ante_posted),
            "restricted": dict(self.restricted),
            "held": {player: (action, bet) for player, (action, bet) in self.held.items()},
            "held_order": list(self.held_order),
            "shown": self.shown,
            "awards": list(self.awards),
        }

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """Main pot first: (amount, eligible player indices), this street's bets included."""
        live = [status != FOLDED for status in self.status]
        all_in = [status == ALL_IN for status in self.status]
        return build_pots(self.contributed, live, all_in, self.dead_money)

    # ---- acting -------------------------------------------------------------------------

    def act(self, action: Action | LiveAction | Timeout, player: int | None = None) -> list[Event]:
        """Apply one action of ``player`` (default: the player to act); return its events.

        Raises ``HandError`` (state unchanged) when the rules refuse it.
        """
        if self.street is Street.COMPLETE:
            raise HandError("HAND_OVER", "the hand is over: no more actions")
        actor = self.to_act if player is None else player
        if not 0 <= actor < self.count:
            raise HandError("UNKNOWN_PLAYER", f"no player {actor} in this hand", {"player": actor})
        first_new = len(self.events)
        try:
            if actor != self.to_act:
                if not (isinstance(action, LiveAction) and action.out_of_turn):
                    expected = self.names[self.to_act] if self.to_act >= 0 else "nobody"
                    raise HandError(
                        "NOT_YOUR_TURN",
                        f"{self.names[actor]} is not to act: it is {expected}'s turn",
                        {"player": self.names[actor], "to_act": expected},
                    )
                self._out_of_turn(actor, action)
            elif isinstance(action, Timeout):
                self._timeout(actor)
            elif isinstance(action, LiveAction):
                self._live(actor, action)
            else:
                acted = self._checked(actor, action, None)
                if self.rules.last_to_act_must_raise_nuts:
                    self._remind_nuts_duty(acted)
                self._record(acted)
            self._advance()
        except PokerfloorError:
            if len(self.events) > first_new:
                self._restore(first_new)
            raise
        return self.events[first_new:]

    def _restore(self, length: int) -> None:
        """Undo a partly applied action: rebuild the state from the events before it."""
        rebuilt = Hand.replay(self.events[:length])
        self.__dict__.update(rebuilt.__dict__)

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
                "AMOUNT_REQUIRED",
                f"{kind} needs an amount: the street total, from {legal.min_to} to {legal.max_to}",
                {"kind": kind, "min": legal.min_to, "max": legal.max_to},
            )
        assert legal.min_to is not None and legal.max_to is not None
        if amount > legal.max_to:
            raise HandError(
                "ABOVE_STACK",
                f"{kind} to {amount} is more than {self.names[player]} has: "
                f"at most {legal.max_to} (all in)",
                {"kind": kind, "amount": amount, "max": legal.max_to},
            )
        if amount < legal.min_to:
            code = "BET_BELOW_MINIMUM" if kind == "bet" else "RAISE_BELOW_MINIMUM"
            what = "the minimum bet" if kind == "bet" else "the minimum raise to"
            cite = ", ".join(self.rules.cite("betting.minimum_raise"))
            raise HandError(
                code,
                f"{kind} to {amount} is below {what} {legal.min_to} ({cite})",
                {"kind": kind, "amount": amount, "min": legal.min_to, "max": legal.max_to},
            )
        chip = self.setup.smallest_chip
        if amount != all_in_total and amount % chip:
            raise HandError(
                "NOT_IN_CHIPS",
                f"{kind} to {amount} cannot be made with chips of {chip}: use a multiple of "
                f"{chip} (or go all in)",
                {"kind": kind, "amount": amount, "chip": chip},
            )
        return Acted(player, "allin" if amount == all_in_total else kind, amount, ruling)

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

    def _refusal(self, player: int, kind: str, legal: LegalActions) -> HandError:
        options = ", ".join(legal.options)
        params = {"kind": kind, "options": list(legal.options), "to_call": legal.to_call}
        if kind == "check":
            return HandError(
                "CANNOT_CHECK", f"cannot check: {legal.to_call} to call; options: {options}", params
            )
        if kind == "call":
            return HandError(
                "NOTHING_TO_CALL", f"nothing to call: check instead; options: {options}", params
            )
        if kind == "bet" and self.current_bet > 0:
            return HandError(
                "BET_ALREADY_OPEN",
                f"there is already a bet of {self.current_bet}: raise instead; options: {options}",
                params,
            )
        if kind == "raise" and self.current_bet == 0:
            return HandError(
                "NO_BET_TO_RAISE",
                f"there is no bet to raise: bet instead; options: {options}",
                params,
            )
        if kind in ("raise", "allin") and not self._reopened(player):
            cite = ", ".join(self.rules.cite("betting.short_allin_reopens"))
            return HandError(
                "BETTING_NOT_REOPENED",
                f"{self.names[player]} has acted and the all-in since was not a full raise: "
                f"call or fold only ({cite})",
                params,
            )
        return HandError(
            "ACTION_NOT_ALLOWED", f"{kind} is not possible now; options: {options}", params
        )

    def _live(self, player: int, live: LiveAction) -> None:
        outcome = interpret_live(self, player, live)
        if isinstance(outcome, Noted):
            self._record(outcome)
            return
        action, ruling = outcome
        self._record(self._checked(player, action, ruling))

    def _timeout(self, player: int) -> None:
        facing = self.current_bet > self.committed[player]
        setting = "clock.expiry_facing_bet" if facing else "clock.expiry_not_facing_bet"
        outcome = self.rules.expiry_facing_bet if facing else self.rules.expiry_not_facing_bet
        situation = "facing a bet" if facing else "not facing a bet"
        cite = self.rules.cite(setting)
        if outcome == "check" and not facing:
            ruling = Ruling("check", f"time ran out {situation}: the hand is checked", cite)
            self._record(Acted(player, "check", self.committed[player], ruling))
        else:
            ruling = Ruling("dead", f"time ran out {situation}: the hand is dead", cite)
            self._record(Acted(player, "fold", self.committed[player], ruling))

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

    # ---- the flow of the hand -----------------------------------------------------------

    def _record(self, event: Event) -> None:
        self.events.append(event)
        self._apply(event)

    def _post_and_deal(self) -> None:
        setup = self.setup
        rules = self.rules
        preflop = setup.start_street is Street.PREFLOP
        if preflop:
            self._post_blinds_and_antes()
        cards = self.deck
        count = self.count
        holes = tuple((cards[index], cards[index + count]) for index in range(count))
        self._record(HolesDealt(holes))
        for index, seat in enumerate(self._seats_by_index()):
            dead = seat.absent or (
                seat.arrived_during_deal and rules.live_if_seated_at == "first_card"
            )
            if dead and self.status[index] != FOLDED:
                when = "first card" if rules.live_if_seated_at == "first_card" else "last card"
                ruling = Ruling(
                    "dead",
                    f"not at the seat when the {when} of the deal was dealt: hand killed, "
                    "posted chips stay in the pot",
                    rules.cite("hand.live_if_seated_at"),
                )
                self._record(HandKilled(index, ruling))
        for street in (Street.FLOP, Street.TURN, Street.RIVER):
            if street > setup.start_street:
                break
            self._deal_board(street, burn=preflop)

    def _seats_by_index(self) -> list[Seat]:
        by_seat = {seat.seat_no: seat for seat in self.setup.seats}
        return [by_seat[seat_no] for seat_no in self.players]

    def _post_blinds_and_antes(self) -> None:
        setup = self.setup
        rules = self.rules
        if setup.ante:
            for index in range(self.count):
                amount = min(setup.ante, self.stacks[index])
                if amount:
                    self._record(Posted(index, "ante", amount))
        posts: list[tuple[int, str, int]] = []
        small, big = self.small_blind_index, self.big_blind_index
        if small >= 0:
            posts.append((small, "small_blind", setup.small_blind))
        if big >= 0:
            stack = self.stacks[big]
            if setup.bb_ante and rules.bb_ante_order == "ante_first":
                ante = min(setup.bb_ante, stack)
                posts.append((big, "bb_ante", ante))
                posts.append((big, "big_blind", min(setup.big_blind, stack - ante)))
            else:
                blind = min(setup.big_blind, stack)
                posts.append((big, "big_blind", blind))
                if setup.bb_ante:
                    covers = stack > setup.big_blind
                    if covers or rules.bb_ante_if_short == "blind_first_ante_from_rest":
                        posts.append((big, "bb_ante", min(setup.bb_ante, stack - blind)))
        for index, kind, amount in posts:
            amount = min(amount, self.stacks[index])
            if amount or kind == "big_blind":
                cite = self.rules.cite("betting.bb_ante_order") if kind == "bb_ante" else ()
                self._record(Posted(index, kind, amount, cite))  # type: ignore[arg-type]

    def _deal_board(self, street: Street, burn: bool = True) -> None:
        position = self.deck_position
        burn_card = self.deck[position] if burn else -1
        if burn:
            position += 1
        size = _BOARD_SIZES[street]
        cards = self.deck[position : position + size]
        self._record(BoardDealt(street, burn_card, cards))

    def _advance(self) -> None:
        """After an action: apply held out-of-turn actions, close rounds, deal, show down."""
        while self.street is not Street.COMPLETE:
            if self.to_act >= 0 and self.status.count(FOLDED) < self.count - 1:
                if self.held and self.to_act in self.held:
                    self._release_held(self.to_act)
                    continue
                return
            live = [index for index in range(self.count) if self.status[index] != FOLDED]
            if not live:
                self._void()
                return
            if len(live) == 1:
                self._return_uncalled()
                self._win_without_showdown(live[0])
                return
            self._return_uncalled()
            can_act = sum(1 for status in self.status if status == ACTIVE)
            if can_act <= 1 and not self.shown and self.street < Street.RIVER:
                self._record(
                    HandsShown(
                        tuple(self._showdown_order(live)),
                        Ruling(
                            "show",
                            "betting is over with a player all in: every hand is turned up",
                            self.rules.cite("showdown.all_in_face_up"),
                        ),
                    )
                )
            if self.street >= Street.RIVER:
                self._showdown(live)
                return
            self._deal_board(Street(self.street + 1))

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

    # ---- legality -----------------------------------------------------------------------

    def _reopened(self, player: int) -> bool:
        acted = self.acted[player]
        if acted < 0 or self.full_raise_level > acted:
            return True
        rules = self.rules
        reopens = rules.short_allin_reopens
        if reopens == "cumulative_full_raise" and self.current_bet - acted >= self.increment:
            return True  # several short all-ins together made a full raise (tda-2024 R47)
        if reopens == "doubled_bet" and acted > 0 and 2 * acted <= self.current_bet:
            return True  # the all-ins doubled the player's own bet (allinouest)
        return (
            rules.short_allin_reopens_for_blinds
            and self.street is Street.PREFLOP
            and player in (self.small_blind_index, self.big_blind_index)
        )

    def _legal(self, player: int) -> LegalActions:
        cached = self._legal_cache
        if cached is not None and cached.player == player:
            return cached
        cached = self._legal_cache = self._compute_legal(player)
        return cached

    def _compute_legal(self, player: int) -> LegalActions:
        committed = self.committed[player]
        stack = self.stacks[player]
        current = self.current_bet
        if self.status.count(ACTIVE) == 1:
            # Nobody else can put in more chips: the call is what the others already have in
            # (a big blind all in for less than the blind cannot be raised or called beyond it).
            current = min(current, self._highest_other(player))
        to_call = min(current - committed, stack) if current > committed else 0
        restricted = self.restricted.get(player)
        if restricted is not None:
            # A restricted player may call or fold; with nothing to call that means check.
            return LegalActions(player, restricted if to_call else ("check",), to_call, None, None)
        options: list[ActionKind] = ["fold", "call"] if to_call > 0 else ["check"]
        all_in_total = committed + stack
        # A bet or raise needs an opponent who could put chips beyond the current bet.
        stacks, committed_all, status = self.stacks, self.committed, self.status
        others = False
        for index in range(self.count):
            if (
                index != player
                and status[index] == ACTIVE
                and committed_all[index] + stacks[index] > current
            ):
                others = True
                break
        can_raise = stack > to_call and others
        min_to: int | None = None
        max_to: int | None = None
        if can_raise and current == 0:
            options.append("bet")
            minimum = self.setup.big_blind * self.rules.minimum_bet_big_blinds
            min_to, max_to = min(minimum, all_in_total), all_in_total
        elif can_raise and self._reopened(player):
            options.append("raise")
            min_to, max_to = min(current + self.increment, all_in_total), all_in_total
        if stack > 0 and (min_to is not None or stack <= current - committed):
            options.append("allin")
        return LegalActions(player, tuple(options), to_call, min_to, max_to)

    def _highest_other(self, player: int) -> int:
        """The largest street commitment among the other players still in the hand."""
        status, committed = self.status, self.committed
        return max(
            (committed[i] for i in range(self.count) if i != player and status[i] != FOLDED),
            default=0,
        )

    def _next_to_act(self, after: int) -> int:
        status = self.status
        able = status.count(ACTIVE)
        if able == 0:
            return -1
        current = self.current_bet
        committed = self.committed
        if able == 1:
            # Alone with chips: act only if someone else's commitment exceeds yours.
            only = status.index(ACTIVE)
            return only if committed[only] < self._highest_other(only) else -1
        acted = self.acted
        count = self.count
        for step in range(1, count + 1):
            index = (after + step) % count
            if status[index] == ACTIVE and (acted[index] < 0 or committed[index] < current):
                return index
        return -1

    # ---- applying events (no decisions here) --------------------------------------------

    def _apply(self, event: Event) -> None:
        self._legal_cache = None
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise PokerfloorError("BAD_EVENT_LOG", f"{type(event).__name__} cannot be applied here")
        handler(self, event)

    def _apply_holes(self, event: HolesDealt) -> None:
        self.holes = list(event.cards)
        self.deck_position = 2 * self.count
        self._open_preflop()

    def _apply_killed(self, event: HandKilled) -> None:
        self.status[event.player] = FOLDED
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

    def _apply_awarded(self, event: PotAwarded) -> None:
        for player, share in zip(event.players, event.shares, strict=True):
            self.stacks[player] += share
        self.awards.append(event)
        self.street = Street.SHOWDOWN

    def _apply_voided(self, event: HandVoided) -> None:
        for player, chips in event.refunds:
            self.stacks[player] += chips
            self.dead_money -= self.ante_posted[player]
            self.ante_posted[player] = 0
            self.contributed[player] = 0
        self.committed = [0] * self.count
        self.street = Street.SHOWDOWN

    def _apply_ended(self, event: HandEnded) -> None:
        self.street = Street.COMPLETE
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
            self.held[event.player] = (event.held, event.held_at_bet)
            self.held_order.append(event.player)
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

    def _apply_acted(self, event: Acted) -> None:
        player = event.player
        self.restricted.pop(player, None)
        self._drop_held(player)
        if event.kind == "fold":
            self.status[player] = FOLDED
        else:
            added = event.to - self.committed[player]
            self.stacks[player] -= added
            self.committed[player] = event.to
            self.contributed[player] += added
            if event.to > self.current_bet:
                raise_size = event.to - self.current_bet
                if raise_size >= self.increment:
                    self.increment = raise_size
                    self.full_raise_level = event.to
                self.current_bet = event.to
                self.aggressor = player
            self.acted[player] = self.current_bet
            if self.stacks[player] == 0:
                self.status[player] = ALL_IN
        if player == self.to_act or self.to_act < 0:
            self.to_act = self._next_to_act(player)
        elif self.status[self.to_act] != ACTIVE:
            self.to_act = self._next_to_act(self.to_act)


_HANDLERS: dict[type, Callable[[Hand, Any], None]] = {
    Acted: Hand._apply_acted,
    Posted: Hand._apply_posted,
    BoardDealt: Hand._apply_board,
    HolesDealt: Hand._apply_holes,
    HandKilled: Hand._apply_killed,
    BetReturned: Hand._apply_returned,
    HandsShown: Hand._apply_shown,
    PotAwarded: Hand._apply_awarded,
    HandEnded: Hand._apply_ended,
    Noted: Hand._apply_noted,
    Committed: Hand._apply_committed,
    HandVoided: Hand._apply_voided,
}


def _blind_indices(setup: HandSetup, players: tuple[int, ...]) -> tuple[int, int]:
    """Indices of the small and big blinds (-1 when there is none)."""
    if setup.start_street is not Street.PREFLOP:
        return -1, -1
    if setup.small_blind_seat is not None or setup.big_blind_seat is not None:
        small = players.index(setup.small_blind_seat) if setup.small_blind_seat else -1
        big = players.index(setup.big_blind_seat) if setup.big_blind_seat else -1
        return small, big
    if len(players) == 2:
        # Heads-up: the button posts the small blind (tda-2024 R34).
        return (1, 0) if players[1] == setup.button_seat else (0, 1)
    return 0, 1
