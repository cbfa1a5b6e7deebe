"""A lean replay of a PHH hand's typed actions: the engine's betting rules, without its events.

``replay_phh`` plays a file through ``Hand``: every action becomes rulings and events, and the
whole state can be replayed, audited, shown. Reading a corpus needs less: whether each action is
legal, the pots and who is paid. ``lean_replay`` plays the same hand on plain lists with the
same rules as the engine (``hand/_legality.py``: options, minimum bet and raise, a short all-in
that does not reopen the betting, tda-2024 R43 and R47 or what the profile says; ``_apply.py``
and ``_state.py``: who acts next; ``_showdown.py`` and ``_pots.py``: uncalled bets, side pots,
odd chips, tda-2024 R20 and R21, in ``_phh_lean_pots``) and returns the same finishing stacks
and awards.

Unknown cards that reach a showdown are drawn as ``replay_phh`` draws them (the same seeded
deck, once); such a showdown is reported, its result taken from the file (``cards_unknown``).

It only ever *accepts*: at the first action the engine might refuse, or anything it does not
cover, it returns None and the caller replays the hand with the full engine, which gives the
refusal with its code and message. Not covered: a profile whose last player to act must raise
the nuts (a duty the engine notes), dead hands (``_dead_hands``), a smallest chip
(``_smallest_chip``), and a history that stops before the hand ends. Live actions,
irregularities and a showdown the players play do not occur in a PHH file's typed actions.
tests/formats/test_phh_lean.py checks it against the engine, hand by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_cards import PhhCards, phh_cards
from pokerfloor.formats._phh_lean_pots import showdown_awards, showdown_pots
from pokerfloor.formats._phh_lean_result import Award, LeanReplay, PhhResult, paid_totals
from pokerfloor.formats._phh_parse import PhhAction, PhhHand
from pokerfloor.formats._phh_replay import _last_betting_actions, replay_phh
from pokerfloor.formats._phh_setup import PHH_PROFILE, PhhForced, plan_forced
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
from pokerfloor.hand._rules import HandRules, hand_rules

PREFLOP, RIVER, COMPLETE = 0, 3, 5


class _Refused(Exception):
    """The engine might refuse this, or the lean replay does not cover it: use the engine."""


@dataclass(frozen=True, slots=True)
class _Rules:
    """The profile settings the lean replay reads (see ``HandRules``)."""

    rules: HandRules
    reopens: str
    reopens_for_blinds: bool
    minimum_bet_big_blinds: int
    ante_first: bool
    bb_ante_from_rest: bool
    face_up: bool


_PROFILES: dict[str, _Rules | None] = {}


def _lean_rules(profile: str) -> _Rules | None:
    if profile in _PROFILES:
        return _PROFILES[profile]
    rules = hand_rules(profile)
    lean = (
        None
        if rules.last_to_act_must_raise_nuts
        else _Rules(
            rules,
            rules.short_allin_reopens,
            rules.short_allin_reopens_for_blinds,
            rules.minimum_bet_big_blinds,
            rules.bb_ante_order == "ante_first",
            rules.bb_ante_if_short == "blind_first_ante_from_rest",
            rules.all_in_face_up,
        )
    )
    if len(_PROFILES) < 100:
        _PROFILES[profile] = lean
    return lean


def replay_phh_fast(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> PhhResult:
    """``lean_replay`` when it covers the hand, else ``replay_phh`` (the same verdicts, pots
    and awards either way; only the full replay holds the engine's ``Hand``)."""
    lean = lean_replay(phh, profile=profile, seed=seed, strict=strict)
    if lean is not None:
        return lean
    return replay_phh(phh, profile=profile, seed=seed, strict=strict)


# pokerfloor's own fields the lean replay leaves to the engine: away players' dead hands, a
# smallest chip, a showdown the players played (show or muck).
_ENGINE_FIELDS = ("_dead_hands", "_smallest_chip", "_manual_showdown")


def lean_replay(
    phh: PhhHand, *, profile: str = PHH_PROFILE, seed: int = 0, strict: bool = False
) -> LeanReplay | None:
    """Replay ``phh`` as ``replay_phh`` would, or None when the full engine is needed.

    A file that cannot be set up raises the same ``PhhError`` as ``replay_phh``.
    """
    if profile in _PROFILES:
        rules = _PROFILES[profile]
    else:
        try:
            rules = _lean_rules(profile)
        except PokerfloorError:
            return None  # a profile that cannot be loaded: the engine refuses the set-up
    metadata = phh.metadata
    if rules is None or any(field in metadata for field in _ENGINE_FIELDS):
        return None
    forced = plan_forced(phh)
    cards = phh_cards(phh)
    table = _Table(phh, forced, rules, cards, seed)
    try:
        table.start()
        table.play(strict)
    except _Refused:
        return None
    if table.street != COMPLETE:
        return None  # a history that stops early: the full replay reports where it stands
    return LeanReplay(
        phh,
        tuple(table.stacks),
        table.awards,
        table.returned,
        table.board,
        profile,
        forced.posts,
        seed,
        cards,
        table.inferred_folds,
        table.fold_notes,
        table.unknown_showdown,
    )


class _Table:
    """The betting state of one hand, as ``HandState`` keeps it (the fields the rules read),
    with the number of players able to act (``active``) and folded kept as counts."""

    __slots__ = (
        "acted",
        "active",
        "awards",
        "big",
        "board",
        "cards",
        "committed",
        "contributed",
        "count",
        "current",
        "dead",
        "fold_notes",
        "folded",
        "forced",
        "full_level",
        "increment",
        "inferred_folds",
        "last_bet",
        "lean",
        "opening",
        "phh",
        "returned",
        "seed",
        "shown",
        "stacks",
        "status",
        "street",
        "to_act",
        "unknown_showdown",
    )

    def __init__(
        self, phh: PhhHand, forced: PhhForced, lean: _Rules, cards: PhhCards, seed: int
    ) -> None:
        count = len(forced.stacks)
        self.count = count
        self.phh = phh
        self.forced = forced
        self.lean = lean
        self.cards = cards
        self.seed = seed
        self.unknown_showdown: frozenset[int] = frozenset()
        self.stacks = forced.stacks  # plan_forced's own list, made for this hand alone
        self.committed = [0] * count
        self.contributed = [0] * count
        self.status = [ACTIVE] * count
        self.acted = [-1] * count
        self.returned = [0] * count
        self.active = count
        self.folded = 0
        self.awards: list[Award] = []
        self.inferred_folds: list[str] = []
        self.fold_notes: list[str] = []
        self.last_bet: list[int] | None = None
        self.big = self.increment = forced.big_blind
        self.opening = self.big * lean.minimum_bet_big_blinds  # the increment on a new street
        self.dead = forced.dead_money
        self.street = PREFLOP
        self.board = 0
        self.shown = False
        self.current = self.full_level = 0
        self.to_act = -1

    # ---- start: Hand.start, _post_blinds_and_antes, _open_preflop ----------------------------

    def start(self) -> None:
        forced, lean = self.forced, self.lean
        big, small, ante, bb_ante = self.big, forced.small_blind, forced.ante, forced.bb_ante
        stacks, status, contributed = self.stacks, self.status, self.contributed
        if big <= 0 or not 0 <= small <= big or ante < 0 or bb_ante < 0 or (ante and bb_ante):
            raise _Refused  # check_setup refuses it: the full replay says how
        if self.dead < 0 or min(stacks) <= 0:
            raise _Refused
        if ante:
            for index in range(self.count):
                stack = stacks[index]
                amount = ante if ante < stack else stack
                stacks[index] = stack - amount
                contributed[index] += amount
                if amount == stack:
                    status[index] = ALL_IN
                    self.active -= 1
        sb, bb = forced.small_index, forced.big_index
        # (player, 0 a blind or 1 a big blind ante, amount); a min() each is left to the loop.
        posts: list[tuple[int, int, int]] = [(sb, 0, small)] if sb >= 0 else []
        if bb >= 0:
            stack = stacks[bb]
            if not bb_ante:
                posts.append((bb, 0, big))
            elif lean.ante_first:
                paid = min(bb_ante, stack)
                posts += ((bb, 1, paid), (bb, 0, min(big, stack - paid)))
            else:
                blind = min(big, stack)
                posts.append((bb, 0, blind))
                if stack > big or lean.bb_ante_from_rest:
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
        self.to_act = to_act = self._next_to_act(after)
        if to_act < 0:
            self._advance()  # everyone all in from the blinds: the board runs out

    # ---- the file's actions: _phh_replay._play -------------------------------------------------

    def play(self, strict: bool) -> None:
        # The hot loop of the fast path: the commonest actions (fold, check, call, bet) on
        # local names; the rules themselves are the engine's functions (hand/_betting.py).
        status, stacks, contributed = self.status, self.stacks, self.contributed
        last = self.count - 1
        board_in_file = 0
        step = -1
        for action in self.phh.actions:
            step += 1
            verb = action.verb
            if verb == "dh" or verb == "sm":
                continue  # hole cards are known or drawn; the showdown is played by the rules
            if verb == "db":
                board_in_file += len(action.cards)
                if not strict and self.to_act >= 0 and self.board < board_in_file:
                    last_bet = self._last_bet()
                    while (
                        self.to_act >= 0
                        and last_bet[self.to_act] <= step
                        and self.board < board_in_file
                    ):
                        self._infer_fold(action)
                if self.board < board_in_file:
                    raise _Refused  # BOARD_TOO_EARLY
                continue
            player = action.player
            if player != self.to_act:
                if not strict and self.to_act >= 0:
                    last_bet = self._last_bet()
                    while self.to_act >= 0 and last_bet[self.to_act] < step:
                        self._infer_fold(action)
                if player != self.to_act:
                    raise _Refused  # NOT_YOUR_TURN, HAND_OVER
            committed, acted, current = self.committed, self.acted, self.current
            if verb == "f":
                status[player] = FOLDED
                self.active -= 1
                self.folded = folded = self.folded + 1
                if folded >= last:
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
                            raise _Refused  # NOTHING_TO_CALL
                        to = mine + to_call
                else:
                    to = action.amount  # type: ignore[assignment]  # cbr always has one
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

    def _last_bet(self) -> list[int]:
        if self.last_bet is None:
            self.last_bet = _last_betting_actions(self.phh)
        return self.last_bet

    def _infer_fold(self, action: PhhAction) -> None:
        """``_phh_replay._fold_omitted``: the player the engine waits for, who has no betting
        action left in the file, folds."""
        player = self.to_act
        self._fold(player)
        self._advance()
        self.inferred_folds.append(f"p{player + 1}")
        self.fold_notes.append(
            f"p{player + 1} has no action where the engine expects one (before "
            f"actions[{action.position}] {action.text!r}) and none later: counted as a fold"
        )

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
                raise _Refused  # all in is not among the options
        elif not kind_allowed or amount > all_in or amount < minimum:
            raise _Refused  # BET_ALREADY_OPEN, BETTING_NOT_REOPENED, ABOVE_STACK, BELOW_MINIMUM

    def _reopened(self, player: int) -> bool:
        lean, forced = self.lean, self.forced
        return reopened(
            self.acted[player],
            self.full_level,
            self.current,
            self.increment,
            lean.reopens,
            lean.reopens_for_blinds
            and self.street == PREFLOP
            and player in (forced.small_index, forced.big_index),
        )

    # ---- state: HandApplying._apply_acted, HandState._next_to_act ------------------------------

    def _fold(self, player: int) -> None:
        self.status[player] = FOLDED
        self.active -= 1
        self.folded += 1
        self.to_act = self._next_to_act(player)

    def _next_to_act(self, after: int) -> int:
        return next_to_act(after, self.status, self.committed, self.acted, self.current)

    # ---- the flow of streets and the end: Hand._advance, HandShowdown --------------------------

    def _advance(self) -> None:
        status, count = self.status, self.count
        while self.street != COMPLETE:
            if self.to_act >= 0 and self.folded < count - 1:
                return
            live = count - self.folded  # players still in the hand
            if not live:
                raise _Refused  # a void hand: only with dead hands
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
            if self.active <= 1 and not self.shown and self.street < RIVER and self.lean.face_up:
                self.shown = True  # every hand turned up (tda-2024 R16): no one acts again
                self.to_act = -1
            if self.street >= RIVER:
                self._showdown([index for index in range(count) if status[index] != FOLDED])
                return
            self.street += 1
            self.board += 3 if self.street == 1 else 1
            self.committed = [0] * count
            self.acted = [-1] * count
            self.current = self.full_level = 0
            self.increment = self.opening
            self.to_act = -1 if self.shown else self._next_to_act(count - 1)

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

    def _showdown(self, live: list[int]) -> None:
        pots, order = showdown_pots(self.contributed, self.status, self.dead, live, self.lean.rules)
        awards, self.unknown_showdown = showdown_awards(self.cards, self.seed, live, pots, order)
        stacks = self.stacks
        for player, paid in enumerate(paid_totals(awards, self.count)):
            stacks[player] += paid
        self.awards = awards
        self._end()
