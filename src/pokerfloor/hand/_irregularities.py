"""Dealing irregularities applied to a hand whose deck the engine holds: a misdeal, a dead hand,
a hole card exposed during the deal, a flop or a turn or river dealt wrongly, a premature card.

The engine never rules on these by itself: it derives the facts it knows from the state (the
actions taken since the deal, who is the dealer, which card of the deal it was), asks
``pokerfloor.floor.rule(profile, situation, facts)`` and applies the decision as events
(``misdealt``, ``deal_corrected``, ``hand_killed``, ``noted``), each carrying the ruling's steps
and citations, so ``Hand.replay`` rebuilds the cards exactly. A reshuffle's new order or a card
taken at random comes in with the command (a seed or the order): the core never draws.

The deck is the physical order: the cards dealt or burned keep their places and a procedure
rewrites the order from the next card on, so every procedure is a permutation of the deck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

import msgspec

from pokerfloor.hand._model import (
    Acted,
    BoardDealt,
    DealCorrected,
    FloorStep,
    HandEnded,
    HandKilled,
    Misdealt,
    Noted,
    Ruling,
    Street,
)
from pokerfloor.hand._out_of_turn import HandOutOfTurn
from pokerfloor.hand._state import FOLDED, HandError

if TYPE_CHECKING:
    from pokerfloor.floor import FloorRuling

_SIZES = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
_CHIP_KINDS = frozenset({"call", "bet", "raise", "allin"})
_VOID = frozenset({"misdeal", "deck_replaced"})  # the hand is void, every post goes back


class Misdeal(msgspec.Struct, frozen=True, tag="misdeal"):
    """A misdeal is called; ``cause`` is a ``misdeal_claim`` cause (``wrong_order``,
    ``button_wrong``, ``empty_seat``, ``player_skipped``, ``wrong_count``, ``extra_card``,
    ``boxed_cards``, ``second_exposed``); ``cards`` how many cards are concerned;
    ``first_seat``: the extra card went to the first player dealt."""

    cause: str = "wrong_order"
    cards: int = 1
    first_seat: bool = False


class KillHand(msgspec.Struct, frozen=True, tag="kill_hand"):
    """A player's hand may be dead (``dead_hand`` causes: ``mixed_with_dead_card``,
    ``touched_by_muck``, ``outside_line``, ``wrong_count``), or the player made an
    irregularity on purpose (``voluntary``: ``voluntary_irregularity`` causes ``wrong_count``,
    ``exposed``, ``mixed``): only that player's hand is at stake, never the deal."""

    player: int
    cause: str = "mixed_with_dead_card"
    voluntary: bool = False
    protected: bool = False
    identifiable: bool = True


class ExposeCard(msgspec.Struct, frozen=True, tag="expose_card"):
    """A hole card exposed during the deal: player ``player``'s first or second ``card``
    (1 or 2), by the ``dealer`` or by the player (``player_accident``, ``player_deliberate``;
    off the table: the player's fault). ``how``: ``turned`` face up (the dealer's own card is
    told from the button's seat), ``flashed`` (seen, not turned: ``identified``, ``touched``,
    ``owner_keeps``) or ``off_table`` (``seen``: someone saw its face)."""

    player: int
    card: int = 1
    by: Literal["dealer", "player_accident", "player_deliberate"] = "dealer"
    how: Literal["turned", "flashed", "off_table"] = "turned"
    seen: bool = False
    identified: bool = True
    touched: bool = False
    owner_keeps: bool = True


class BoardIrregularity(msgspec.Struct, frozen=True, tag="board_irregularity"):
    """A board card dealt wrongly: ``error`` ``no_burn``, ``two_burns``, ``four_cards`` (just
    after the street was dealt) or ``premature`` (before the betting before it was over).
    ``order_known``: the order the cards came off is known. A reshuffle needs ``seed`` or
    ``order`` (the new order of the cards shuffled: those going back and the stub); a card
    taken at random from a four-card flop, or from a flop dealt without a burn (tda-2024 R39
    B), is ``pick`` (its number) or drawn with ``seed``.
    ``cards_seen``: how many premature cards were seen (default: all of them)."""

    street: Street
    error: Literal["no_burn", "two_burns", "four_cards", "premature"]
    order_known: bool = False
    seed: int | None = None
    order: tuple[int, ...] = ()
    pick: int | None = None
    cards_seen: int | None = None


class FouledDeck(msgspec.Struct, frozen=True, tag="fouled_deck"):
    """Something wrong with the deck itself: ``defect`` ``joker``, ``duplicate``,
    ``other_back``, ``face_up_in_deck``, ``missing_card``; ``found`` ``in_play`` or
    ``in_stub``; ``count`` such cards; ``player``: who holds it (a joker in a hand),
    ``holder_acted``: that player acted before noticing."""

    defect: str = "duplicate"
    found: Literal["in_play", "in_stub"] = "in_play"
    count: int = 1
    player: int = -1
    holder_acted: bool = False


Irregularity = Misdeal | KillHand | ExposeCard | BoardIrregularity | FouledDeck


def _refuse(code: str, **params: object) -> HandError:
    return HandError(code, params)


def _as_ruling(floor: FloorRuling) -> Ruling:
    """The floor's ruling as the engine records it: its steps in order, each as its key and
    params (no English: every reader words them in its language, issue 30 item 3)."""
    steps = tuple(FloorStep(step.key, dict(step.params)) for step in floor.steps)
    return Ruling(floor.decision, floor.citations, steps=steps)


def _random(command: BoardIrregularity, reason: str, cards: tuple[int, ...]) -> random.Random:
    """The draw the command's seed gives: the core never draws on its own."""
    if command.seed is None:
        raise _refuse("BAD_IRREGULARITY", reason=reason, cards=len(cards))
    return random.Random(command.seed)


class HandIrregularities(HandOutOfTurn):
    """The procedures; ``Hand.apply_irregularity`` calls ``_irregularity`` then moves on."""

    def _ask_floor(self, situation: str, facts: Mapping[str, object]) -> FloorRuling:
        # Imported here: the floor's rulings load only when an irregularity happens.
        from pokerfloor.floor import rule

        return rule(self.rules.profile, situation, facts)

    def _irregularity(self, command: Irregularity) -> None:
        if isinstance(command, Misdeal):
            self._misdeal(command)
        elif isinstance(command, KillHand):
            self._kill(command)
        elif isinstance(command, ExposeCard):
            self._expose(command)
        elif isinstance(command, FouledDeck):
            self._fouled(command)
        else:
            self._board(command)

    # ---- the facts the engine knows --------------------------------------------------------

    def _actions_since_deal(self) -> tuple[int, int]:
        """Actions taken after the blinds (posts do not count) and how many put chips in."""
        actions = chips = 0
        for event in self.events:
            if type(event) is Acted:
                actions += 1
                chips += event.kind in _CHIP_KINDS
        return min(actions, 9), min(chips, 9)

    def _still_in(self, player: int) -> None:
        """Only a hand still in play can be killed."""
        if self.status[player] == FOLDED:
            raise _refuse(
                "NOT_IN_HAND",
                player=self.names[player],
            )

    def _not_at_showdown(self) -> None:
        """A hand is killed only while the betting goes on; at a showdown it is mucked."""
        if self.street >= Street.SHOWDOWN:
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="showdown",
            )

    def _deal_untouched(self, what: str) -> None:
        """The deal is just over: no action yet and no board card out."""
        if self.street is not Street.PREFLOP or self.setup.start_street is not Street.PREFLOP:
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="deal_over",
            )
        if any(type(event) is Acted for event in self.events):
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="deal_over",
            )

    # ---- a misdeal ------------------------------------------------------------------------

    def _misdeal(self, command: Misdeal) -> None:
        actions, chips = self._actions_since_deal()
        facts = {
            "cause": command.cause,
            "cards": command.cards,
            "first_seat": command.first_seat,
            "actions": actions,
            "chips_actions": chips,
        }
        floor = self._ask_floor("misdeal_claim", facts)
        if floor.decision == "card_replaced":  # a boxed card or an extra card set aside
            self._note_cards(floor)
            return
        if floor.decision not in _VOID:
            late = any(step.key.startswith("too_late") for step in floor.steps)
            code = "MISDEAL_TOO_LATE" if late else "NO_MISDEAL"
            raise _refuse(
                code,
                decision=floor.decision,
                actions=actions,
                chips_actions=chips,
                citations=list(floor.citations),
            )
        self._record_misdeal(floor)

    def _record_misdeal(self, floor: FloorRuling) -> None:
        refunds = tuple(
            (player, self.contributed[player] + self.ante_posted[player])
            for player in range(self.count)
            if self.contributed[player] + self.ante_posted[player]
        )
        self._record(Misdealt(refunds, _as_ruling(floor), floor.situation))
        self._record(HandEnded(tuple(self.stacks)))

    def _note_cards(self, floor: FloorRuling) -> None:
        """A ruling that leaves every card where it is (a card set aside that the engine's
        deck does not hold, play going on), recorded with its steps."""
        self._correct(floor, self.deck, self.deck_position, tuple(self.board), self.no_burn, ())

    # ---- a fouled deck ---------------------------------------------------------------------

    def _fouled(self, command: FouledDeck) -> None:
        player = command.player
        actions, chips = self._actions_since_deal()
        facts = {
            "defect": command.defect,
            "found": command.found,
            "holder_acted": command.holder_acted,
            "count": command.count,
            "substantial_action": actions >= 3 or (actions >= 2 and chips >= 1),
        }
        floor = self._ask_floor("fouled_deck", facts)
        if floor.decision in _VOID:
            self._record_misdeal(floor)
        elif floor.decision == "hand_dead" and 0 <= player < self.count:
            self._still_in(player)
            self._not_at_showdown()
            self._record(self._killed(player, floor))
        elif floor.decision == "hand_dead":
            raise _refuse(
                "BAD_IRREGULARITY",
                reason="no_player",
            )
        else:
            self._note_cards(floor)

    # ---- a dead hand ----------------------------------------------------------------------

    def _kill(self, command: KillHand) -> None:
        player = command.player
        if not 0 <= player < self.count:
            raise _refuse("UNKNOWN_PLAYER", player=player)
        self._still_in(player)
        self._not_at_showdown()
        if command.voluntary:
            floor = self._ask_floor("voluntary_irregularity", {"cause": command.cause})
        else:
            facts = {
                "cause": command.cause,
                "protected": command.protected,
                "identifiable": command.identifiable,
                "uncalled_raise": self.committed[player] > self._highest_other(player),
            }
            floor = self._ask_floor("dead_hand", facts)
        ruling = _as_ruling(floor)
        if floor.decision == "hand_dead":
            self._record(self._killed(player, floor))
        elif floor.decision in _VOID:
            self._record_misdeal(floor)
        else:
            self._record(Noted(player, ruling))

    def _killed(self, player: int, floor: FloorRuling) -> HandKilled:
        """The dead hand, with the chips the ruling gives back: all it committed (a protected
        hand that cannot be rebuilt, heavenpoker 8.12) or its last bet nobody called."""
        keys = {step.key for step in floor.steps}
        others = self._highest_other(player)
        refund, bet_to = 0, -1
        if "protected_lost_refund" in keys:
            refund = self.contributed[player]
        elif "uncalled_raise_back" in keys:
            refund = max(0, self.committed[player] - others)
        if refund and self.committed[player] > others:
            # His bet no longer stands: the street's bet is the highest left (before the flop
            # never below the big blind, which the others still have to call).
            bet_to = max(others, self.committed[player] - refund)
            if self.street is Street.PREFLOP and self.setup.start_street is Street.PREFLOP:
                bet_to = max(bet_to, self.setup.big_blind)
            bet_to = min(bet_to, self.current_bet)
        return HandKilled(player, _as_ruling(floor), refund, bet_to)

    # ---- a hole card exposed during the deal ---------------------------------------------

    def _expose(self, command: ExposeCard) -> None:
        player, card = command.player, command.card
        if not 0 <= player < self.count or card not in (1, 2):
            raise _refuse(
                "BAD_IRREGULARITY",
                reason="bad_card",
                player=player,
                card=card,
            )
        self._deal_untouched("an exposed card")
        count = self.count
        place = player + (card - 1) * count  # where the card lay in the deck
        floor = self._ask_floor(*self._exposure(command, place))
        decision = floor.decision
        if decision in _VOID:
            self._record_misdeal(floor)
            return
        if decision == "hand_dead":
            self._record(self._killed(player, floor))
            return
        if decision != "card_replaced":  # the card is kept: every card stays where it is
            self._note_cards(floor)
            return
        if self.replaced_in_deal:
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="second_replacement",
            )
        # The deal is finished, the top card of the stub (the flop's burn) replaces the
        # exposed card, which becomes the burn (heavenpoker 14.1).
        stub = 2 * count
        order = list(self.deck)
        order[place], order[stub] = order[stub], order[place]
        deck = tuple(order)
        holes = tuple((deck[i], deck[i + count]) for i in range(count))
        seen = (self.deck[place],)
        self._correct(floor, deck, self.deck_position, tuple(self.board), self.no_burn, seen, holes)

    def _exposure(self, command: ExposeCard, place: int) -> tuple[str, dict[str, object]]:
        """The floor situation of an exposed card and its facts."""
        first_two = place < 2
        if command.how == "flashed":
            facts: dict[str, object] = {
                "identified": command.identified,
                "touched": command.touched,
                "owner_keeps": command.owner_keeps,
                "first_two": first_two,
            }
            return "flashed_card", facts
        if command.how == "off_table":
            fault = "dealer" if command.by == "dealer" else "player"
            return "card_off_table", {"fault": fault, "seen": command.seen, "first_two": first_two}
        dealer = self.players[command.player] == self.setup.button_seat
        facts = {
            "by": command.by,
            "whose": "dealer_own" if dealer and command.by == "dealer" else "player",
            "first_two": first_two,
            "exposed": min(self.exposed_in_deal + 1, 5),
        }
        return "exposed_card_deal", facts

    # ---- the board -----------------------------------------------------------------------

    def _board(self, command: BoardIrregularity) -> None:
        street = command.street
        if street not in _SIZES:
            raise _refuse(
                "BAD_IRREGULARITY",
                reason="bad_street",
                street=int(street),
            )
        if command.error == "premature":
            self._premature(command)
            return
        if street is not Street.FLOP and command.error != "no_burn":
            raise _refuse(
                "BAD_IRREGULARITY",
                reason="flop_only",
                error=command.error,
                street=street.key,
            )
        last = self.events[-1]
        if not (isinstance(last, BoardDealt) and last.street is street and last.burn >= 0):
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="not_just_dealt",
                street=street.key,
            )
        size = _SIZES[street]
        start = self.deck_position - size - 1  # where the burn was
        if street is Street.FLOP:
            facts: dict[str, object] = {"error": command.error, "order_known": command.order_known}
            floor = self._ask_floor("flop_dealt_wrong", facts)
        else:
            floor = self._ask_floor("turn_river_no_burn", {"street": street.key})
        # What the dealer turned up and what he burned, by the error.
        burned = {"no_burn": 0, "two_burns": 2, "four_cards": 1}[command.error]
        shown = {"no_burn": size, "two_burns": 3, "four_cards": 4}[command.error]
        turned = self.deck[start + burned : start + burned + shown]
        decision = floor.decision
        board_before = tuple(self.board[:-size])
        if decision == "extra_card_removed":
            if command.error != "four_cards":
                raise _refuse(
                    "BAD_IRREGULARITY",
                    reason="four_cards_only",
                    error=command.error,
                )
            extra = self._pick(command, turned)
            flop = tuple(card for card in turned if card != extra)
            deck = self.deck[: start + 1] + flop + (extra,) + self.deck[start + 5 :]
            self._correct(floor, deck, start + 4, board_before + flop, self.no_burn, (extra,))
        elif decision == "flop_scrambled":
            # tda-2024 R39 B: one of the three drawn as the burn, the next card completes them.
            burn = self._pick(command, turned)
            kept = tuple(card for card in turned if card != burn)
            deck = (*self.deck[:start], burn, *kept, *self.deck[start + 3 :])
            flop = (*kept, deck[start + 3])
            self._correct(floor, deck, start + 4, board_before + flop, self.no_burn, (burn,))
        elif decision == "board_reshuffled" or decision == "card_set_aside":
            keep = min(burned, 1)  # a burn stays burned; any other card goes back
            deck = self._reshuffled(command, start + keep)
            burn = self._burns_again(floor, keep)
            position = start + keep + burn
            board = board_before + deck[position : position + size]
            self._correct(floor, deck, position + size, board, self.no_burn, ())
        else:  # burn_restored, or a ruling that changes no card: the right order stands
            seen = tuple(card for card in turned if card not in self.board[-size:])
            board = tuple(self.board)
            self._correct(floor, self.deck, self.deck_position, board, self.no_burn, seen)

    def _premature(self, command: BoardIrregularity) -> None:
        street = command.street
        if self.street != street - 1 or self.to_act < 0 or self.shown or street in self.no_burn:
            raise _refuse(
                "IRREGULARITY_NOT_NOW",
                reason="betting_over",
                street=street.key,
            )
        size = _SIZES[street]
        seen = size if command.cards_seen is None else command.cards_seen
        facts = {"street": street.key, "cards_seen": max(1, min(seen, size, 3))}
        floor = self._ask_floor("premature_card", facts)
        start = self.deck_position  # the burn the dealer took before turning the cards
        early = self.deck[start + 1 : start + 1 + size]
        if floor.decision == "card_set_aside" and street is Street.TURN:
            # The turn set aside; burn and turn what would have been the river; the card set
            # aside goes back into the stub, shuffled, and the river comes without a burn.
            following = self.deck[start + 2 : start + 4]
            rest = self._shuffled(command, self.deck[start + 4 :] + early)
            deck = self.deck[: start + 1] + following + rest
            no_burn = (*self.no_burn, int(Street.RIVER))
            self._correct(floor, deck, start + 1, tuple(self.board), no_burn, early)
            return
        deck = self._reshuffled(command, start + 1)
        no_burn = self.no_burn
        if not self._burns_again(floor, 1):
            no_burn = (*no_burn, int(street))
        self._correct(floor, deck, start + 1, tuple(self.board), no_burn, ())

    # ---- helpers -------------------------------------------------------------------------

    def _burns_again(self, floor: FloorRuling, burned: int) -> int:
        """Whether the redeal after a reshuffle burns a card: the ruling's step says so;
        without one, the rulebooks' way: a burn already taken stays the burn, and a street
        dealt without one is burned when dealt again (heavenpoker 15.1-15.7, allinouest)."""
        keys = {step.key for step in floor.steps}
        if "burn_and_redeal" in keys:
            return 1
        if "redeal_without_burn" in keys:
            return 0
        return 0 if burned else 1

    def _shuffled(self, command: BoardIrregularity, cards: tuple[int, ...]) -> tuple[int, ...]:
        if command.order:
            if sorted(command.order) != sorted(cards):
                raise _refuse(
                    "BAD_IRREGULARITY",
                    reason="bad_order",
                    cards=len(cards),
                )
            return tuple(command.order)
        order = list(cards)
        _random(command, "no_order", cards).shuffle(order)
        return tuple(order)

    def _reshuffled(self, command: BoardIrregularity, start: int) -> tuple[int, ...]:
        """The deck with every card from ``start`` on shuffled (the cards back and the stub)."""
        return self.deck[:start] + self._shuffled(command, self.deck[start:])

    def _pick(self, command: BoardIrregularity, cards: tuple[int, ...]) -> int:
        if command.pick is not None:
            if command.pick not in cards:
                raise _refuse(
                    "BAD_IRREGULARITY",
                    reason="bad_pick",
                    cards=len(cards),
                )
            return command.pick
        return _random(command, "no_pick", cards).choice(cards)

    def _correct(
        self,
        floor: FloorRuling,
        deck: tuple[int, ...],
        position: int,
        board: tuple[int, ...],
        no_burn: tuple[int, ...],
        seen: tuple[int, ...],
        holes: tuple[tuple[int, int], ...] | None = None,
    ) -> None:
        """Record the cards as the procedure leaves them (the hole cards as they were unless
        ``holes`` is given), once the deck is known to hold the rest of the board."""
        dealt = {0: 0, 3: 1, 4: 2}.get(len(board), 3)
        needed = sum(
            size + (street not in no_burn) for street, size in _SIZES.items() if street > dealt
        )
        if position + needed > len(deck):
            raise _refuse(
                "DECK_TOO_SHORT",
                cards=len(deck) - position,
                needed=needed,
            )
        self._record(
            DealCorrected(
                floor.situation, floor.decision, deck, position,
                tuple(self.holes) if holes is None else holes, board,
                no_burn, seen, _as_ruling(floor), tuple(step.key for step in floor.steps),
            )
        )  # fmt: skip


__all__ = [
    "BoardIrregularity",
    "ExposeCard",
    "FouledDeck",
    "HandIrregularities",
    "Irregularity",
    "KillHand",
    "Misdeal",
]
