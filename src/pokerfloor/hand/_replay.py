"""A hand's betting replayed on plain lists: the state machine of a hand-history replay.

``formats/_phh_lean.py`` (``lean_replay``) reads a corpus: it needs whether each typed action
is legal, who is all in, what is returned and who wins a pot, not the engine's rulings and
events. ``ReplayTable`` keeps the fields of ``HandState`` those rules read (stacks, street
commitments, contributions, statuses, who acted at which bet) and plays the actions with the
betting rules of ``_betting.py`` (who acts next, the call, the least bet or raise and whether
the betting was reopened, tda-2024 R43 and R47 or what the profile says, a full raise, the
uncalled bet returned): the rules are not written again here. It is in ``hand/`` so that
mypyc compiles it with those functions (``_native.COMPILED``): the calls between them are then
C calls, which is most of a cold replay's time.

It only ever *accepts*: at the first action the engine might refuse, or anything it does not
cover, it raises ``ReplayRefused`` and the caller replays the hand with the full engine, which
gives the refusal with its code and message. A hand that reaches a showdown stops there with
its players in ``showdown``: the caller (which has the cards) builds and pays the pots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Protocol

from pokerfloor.hand._betting import (
    ACTIVE,
    ALL_IN,
    FOLDED,
    amount_to_call,
    facing,
    least_bet_or_raise,
    next_to_act,
    raised,
    reopened,
    someone_can_call_more,
    uncalled_bet,
)
from pokerfloor.hand._rules import HandRules

PREFLOP: Final = 0
RIVER: Final = 3
COMPLETE: Final = 5

Award = tuple[int, int, tuple[int, ...], tuple[int, ...]]
"""A pot paid: its index (main pot 0), its amount, the players paid and their shares."""


class ReplayRefused(Exception):
    """The engine might refuse this, or the replay does not cover it: use the engine."""


class ReplayAction(Protocol):
    """What the replay reads of a typed action (``formats``' ``PhhAction``): its verb (``f``,
    ``cc``, ``cbr``, ``db``, ``dh``, ``sm``), its player (-1 for the dealer), its cards and
    its amount (``cbr``: the street total, in the hand's units)."""

    @property
    def verb(self) -> str: ...

    @property
    def player(self) -> int: ...

    @property
    def cards(self) -> tuple[int | None, ...]: ...

    @property
    def amount(self) -> int | None: ...


class ReplayRules:
    """The profile settings the replay reads (see ``HandRules``), read once per profile."""

    __slots__ = (
        "ante_first",
        "bb_ante_from_rest",
        "face_up",
        "minimum_bet_big_blinds",
        "reopens",
        "reopens_for_blinds",
    )

    def __init__(self, rules: HandRules) -> None:
        self.reopens: str = rules.short_allin_reopens
        self.reopens_for_blinds: bool = rules.short_allin_reopens_for_blinds
        self.minimum_bet_big_blinds: int = rules.minimum_bet_big_blinds
        self.ante_first: bool = rules.bb_ante_order == "ante_first"
        self.bb_ante_from_rest: bool = rules.bb_ante_if_short == "blind_first_ante_from_rest"
        self.face_up: bool = rules.all_in_face_up


def replay_rules(rules: HandRules) -> ReplayRules | None:
    """The replay's settings, or None for a profile it does not cover: one whose last player
    to act must raise with the nuts (a duty the engine notes)."""
    return None if rules.last_to_act_must_raise_nuts else ReplayRules(rules)


class ReplayTable:
    """The betting state of one hand, as ``HandState`` keeps it (the fields the rules read),
    with the number of players able to act (``active``) and folded kept as counts.

    ``stacks`` is the caller's list, changed in place (the hand's own copy); ``small_index``
    and ``big_index`` are -1 when there is no such blind; ``dead`` is the dead money in the pot
    before the deal (posts). After ``play``: ``street`` is ``COMPLETE`` when the hand is over,
    ``awards`` holds the pot of a hand won by folds, ``showdown`` the players of a showdown
    (empty otherwise: the caller pays its pots), ``returned`` the uncalled bets, ``board`` the
    board cards dealt, ``inferred`` the folds counted for players with no action left (player,
    index in the actions of the action where it was found)."""

    __slots__ = (
        "acted",
        "active",
        "ante",
        "awards",
        "bb_ante",
        "big",
        "big_index",
        "board",
        "committed",
        "contributed",
        "count",
        "current",
        "dead",
        "folded",
        "full_level",
        "increment",
        "inferred",
        "last_bet",
        "opening",
        "returned",
        "rules",
        "showdown",
        "shown",
        "small",
        "small_index",
        "stacks",
        "status",
        "street",
        "to_act",
    )

    def __init__(
        self,
        stacks: list[int],
        small_index: int,
        small: int,
        big_index: int,
        big: int,
        ante: int,
        bb_ante: int,
        dead: int,
        rules: ReplayRules,
    ) -> None:
        count = len(stacks)
        self.count: int = count
        self.rules: ReplayRules = rules
        self.stacks: list[int] = stacks
        self.committed: list[int] = [0] * count
        self.contributed: list[int] = [0] * count
        self.status: list[int] = [ACTIVE] * count
        self.acted: list[int] = [-1] * count
        self.returned: list[int] = [0] * count
        self.active: int = count
        self.folded: int = 0
        self.awards: list[Award] = []
        self.inferred: list[tuple[int, int]] = []
        self.showdown: list[int] = []
        self.last_bet: list[int] | None = None
        self.small_index: int = small_index
        self.small: int = small
        self.big_index: int = big_index
        self.big: int = big
        self.ante: int = ante
        self.bb_ante: int = bb_ante
        self.increment: int = big
        self.opening: int = big * rules.minimum_bet_big_blinds  # the increment on a new street
        self.dead: int = dead
        self.street: int = PREFLOP
        self.board: int = 0
        self.shown: bool = False
        self.current: int = 0
        self.full_level: int = 0
        self.to_act: int = -1

    # ---- start: Hand.start, _post_blinds_and_antes, _open_preflop ----------------------------

    def start(self) -> None:
        rules = self.rules
        big, small, ante, bb_ante = self.big, self.small, self.ante, self.bb_ante
        stacks, status, contributed = self.stacks, self.status, self.contributed
        if big <= 0 or not 0 <= small <= big or ante < 0 or bb_ante < 0 or (ante and bb_ante):
            raise ReplayRefused  # check_setup refuses it: the full replay says how
        if self.dead < 0 or min(stacks) <= 0:
            raise ReplayRefused
        if ante:
            for index in range(self.count):
                stack = stacks[index]
                amount = ante if ante < stack else stack
                stacks[index] = stack - amount
                contributed[index] += amount
                if amount == stack:
                    status[index] = ALL_IN
                    self.active -= 1
        sb, bb = self.small_index, self.big_index
        # (player, 0 a blind or 1 a big blind ante, amount); a min() each is left to the loop.
        posts: list[tuple[int, int, int]] = [(sb, 0, small)] if sb >= 0 else []
        if bb >= 0:
            stack = stacks[bb]
            if not bb_ante:
                posts.append((bb, 0, big))
            elif rules.ante_first:
                paid = min(bb_ante, stack)
                posts.append((bb, 1, paid))
                posts.append((bb, 0, min(big, stack - paid)))
            else:
                blind = min(big, stack)
                posts.append((bb, 0, blind))
                if stack > big or rules.bb_ante_from_rest:
                    posts.append((bb, 1, min(bb_ante, stack - blind)))
        committed = self.committed
        for index, kind, amount in posts:
            stack = stacks[index]
            if amount >= stack:
                if not stack:
                    continue  # all in from the ante already
                amount = stack
                status[index] = ALL_IN
                self.active -= 1
            elif not amount:
                continue
            stacks[index] = stack - amount
            if kind:
                self.dead += amount
            else:
                contributed[index] += amount
                committed[index] += amount
        top = max(committed)
        self.current = self.full_level = big if big > top else top
        after = bb if bb >= 0 else (sb + 1 if sb >= 0 else 0)
        self.to_act = to_act = next_to_act(after, status, committed, self.acted, self.current)
        if to_act < 0:
            self._advance()  # everyone all in from the blinds: the board runs out

    # ---- the file's actions: _phh_replay._play -------------------------------------------------

    def play(
        self,
        actions: Sequence[ReplayAction],
        strict: bool,
        last_betting: Callable[[], list[int]],
    ) -> None:
        """Play ``actions`` in order; ``last_betting`` gives, when a fold must be inferred, the
        index of each player's last f, cc or cbr (-1: none). Not strict: a player the engine
        waits for who has no betting action left is counted as folding (``inferred``)."""
        status, stacks, contributed = self.status, self.stacks, self.contributed
        last = self.count - 1
        board_in_file = 0
        step = -1
        for action in actions:
            step += 1
            verb = action.verb
            if verb == "dh" or verb == "sm":
                continue  # hole cards are known or drawn; the showdown is played by the rules
            if verb == "db":
                board_in_file += len(action.cards)
                if not strict and self.to_act >= 0 and self.board < board_in_file:
                    last_bet = self._last_bet(last_betting)
                    while (
                        self.to_act >= 0
                        and last_bet[self.to_act] <= step
                        and self.board < board_in_file
                    ):
                        self._infer_fold(step)
                if self.board < board_in_file:
                    raise ReplayRefused  # BOARD_TOO_EARLY
                continue
            player = action.player
            if player != self.to_act:
                if not strict and self.to_act >= 0:
                    last_bet = self._last_bet(last_betting)
                    while self.to_act >= 0 and last_bet[self.to_act] < step:
                        self._infer_fold(step)
                if player != self.to_act:
                    raise ReplayRefused  # NOT_YOUR_TURN, HAND_OVER
            committed, acted, current = self.committed, self.acted, self.current
            if verb == "f":
                status[player] = FOLDED
                self.active -= 1
                self.folded += 1
                if self.folded >= last:
                    self._advance()  # one player left: the pot is theirs, no one acts again
                    continue
            else:
                mine = committed[player]
                if verb == "cc":
                    if current <= mine:
                        to = mine  # a check: always an option with nothing to call
                    else:
                        faced = facing(player, status, committed, current)
                        to_call = amount_to_call(mine, stacks[player], faced)
                        if not to_call:
                            raise ReplayRefused  # NOTHING_TO_CALL
                        to = mine + to_call
                else:
                    amount = action.amount
                    if amount is None:
                        raise ReplayRefused  # a cbr always has one: not a betting action
                    to = amount
                    self._check_bet(player, to)
                # HandApplying._apply_acted: the chips go in, a full raise reopens the betting.
                added = to - mine
                stack = stacks[player] - added
                stacks[player] = stack
                committed[player] = to
                contributed[player] += added
                if to > current:
                    current, self.increment, self.full_level = raised(
                        to, current, self.increment, self.full_level
                    )
                    self.current = current
                acted[player] = current
                if not stack:
                    status[player] = ALL_IN
                    self.active -= 1
            self.to_act = to_act = next_to_act(player, status, committed, acted, current)
            if to_act < 0 or self.folded >= last:
                self._advance()

    def _last_bet(self, last_betting: Callable[[], list[int]]) -> list[int]:
        last_bet = self.last_bet
        if last_bet is None:
            last_bet = self.last_bet = last_betting()
        return last_bet

    def _infer_fold(self, step: int) -> None:
        """``_phh_replay._fold_omitted``: the player the engine waits for, who has no betting
        action left in the file, folds."""
        player = self.to_act
        self.status[player] = FOLDED
        self.active -= 1
        self.folded += 1
        self.to_act = next_to_act(player, self.status, self.committed, self.acted, self.current)
        self._advance()
        self.inferred.append((player, step))

    # ---- legality: HandLegality._compute_legal and _checked ------------------------------------

    def _check_bet(self, player: int, amount: int) -> None:
        """``cbr amount`` is legal: all in when it is the player's all, else a bet or a raise
        to it (``play`` then applies it), by ``HandLegality._compute_legal``'s functions."""
        committed, stacks, status = self.committed, self.stacks, self.status
        current = facing(player, status, committed, self.current)
        mine, stack = committed[player], stacks[player]
        all_in = mine + stack
        minimum = -1
        kind_allowed = False  # the replay's bet (no bet open on the table) or raise is offered
        if stack > amount_to_call(mine, stack, current) and someone_can_call_more(
            player, status, stacks, committed, current
        ):
            if current == 0:
                minimum = least_bet_or_raise(0, self.opening, self.increment, all_in)
                kind_allowed = self.current == 0
            elif self._reopened(player):
                minimum = least_bet_or_raise(current, self.opening, self.increment, all_in)
                kind_allowed = True
        if amount == all_in:
            if not (stack > 0 and (minimum >= 0 or stack <= current - mine)):
                raise ReplayRefused  # all in is not among the options
        elif not kind_allowed or amount > all_in or amount < minimum:
            # BET_ALREADY_OPEN, BETTING_NOT_REOPENED, ABOVE_STACK, BELOW_MINIMUM
            raise ReplayRefused

    def _reopened(self, player: int) -> bool:
        rules = self.rules
        return reopened(
            self.acted[player],
            self.full_level,
            self.current,
            self.increment,
            rules.reopens,
            rules.reopens_for_blinds
            and self.street == PREFLOP
            and (player == self.small_index or player == self.big_index),
        )

    # ---- the flow of streets and the end: Hand._advance ----------------------------------------

    def _advance(self) -> None:
        status, count = self.status, self.count
        while self.street != COMPLETE:
            if self.to_act >= 0 and self.folded < count - 1:
                return
            live = count - self.folded  # players still in the hand
            if not live:
                raise ReplayRefused  # a void hand: only with dead hands
            self._return_uncalled()
            if live == 1:
                winner = 0
                while status[winner] == FOLDED:
                    winner += 1
                total = sum(self.contributed) + self.dead
                self.stacks[winner] += total
                self.awards.append((0, total, (winner,), (total,)))
                self._end()
                return
            if self.active <= 1 and not self.shown and self.street < RIVER and self.rules.face_up:
                self.shown = True  # every hand turned up (tda-2024 R16): no one acts again
                self.to_act = -1
            if self.street >= RIVER:
                # The showdown: its pots and awards are the caller's (it holds the cards).
                self.showdown = [index for index in range(count) if status[index] != FOLDED]
                self._end()
                return
            self.street += 1
            self.board += 3 if self.street == 1 else 1
            self.committed = [0] * count
            self.acted = [-1] * count
            self.current = self.full_level = 0
            self.increment = self.opening
            self.to_act = (
                -1
                if self.shown
                else next_to_act(count - 1, status, self.committed, self.acted, self.current)
            )

    def _end(self) -> None:
        self.street = COMPLETE
        self.to_act = -1
        self.committed = [0] * self.count

    def _return_uncalled(self) -> None:
        holder, amount = uncalled_bet(self.contributed, self.status)
        if amount:
            self.stacks[holder] += amount
            self.contributed[holder] -= amount
            self.committed[holder] = max(0, self.committed[holder] - amount)
            self.returned[holder] += amount
