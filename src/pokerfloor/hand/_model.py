"""The data of one hand: its set-up, the actions a player can take, the events it records.

Events are msgspec structs tagged with a stable ``type`` (past tense, never renamed), so an event
log serialises to JSON and folds back into the same state.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Literal, final

import msgspec

from pokerfloor.messages import reason_english


class Street(IntEnum):
    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5

    @property
    def key(self) -> str:
        return self.name.lower()


class Seat(msgspec.Struct, frozen=True):
    """A seated player. ``absent`` players are dealt in and their hand is killed; a player who
    ``arrived_during_deal`` sat down after the first card and before the last card of the deal.
    ``posted_chips``: the chips the player physically put out for a blind, when they matter to
    a later ruling (a big blind posted with one oversized chip, ropta 5.5 case 3, tda-2024
    R46); empty means exact change."""

    seat_no: int
    name: str
    stack: int
    absent: bool = False
    arrived_during_deal: bool = False
    posted_chips: tuple[int, ...] = ()


class HandSetup(msgspec.Struct, frozen=True):
    """Everything the caller (the tournament layer, a scenario, a PHH file) decides.

    ``small_blind_seat``/``big_blind_seat`` override the usual positions (dead button cases);
    use 0 for "no small blind this hand". ``dead_money`` is already in the pot (a hand started
    on a later street, or dead blinds). ``manual_showdown``: the hand stops at a showdown that
    the all-in rule has not turned face up and takes the players' ``ShowdownAction``s in the
    profile's order; by default every hand is turned up and the pots awarded at once.
    """

    profile: str
    seats: tuple[Seat, ...]
    button_seat: int
    small_blind: int
    big_blind: int
    ante: int = 0
    bb_ante: int = 0
    smallest_chip: int = 1
    small_blind_seat: int | None = None
    big_blind_seat: int | None = None
    start_street: Street = Street.PREFLOP
    dead_money: int = 0
    manual_showdown: bool = False


ActionKind = Literal["fold", "check", "call", "bet", "raise", "allin"]
ACTION_KINDS: tuple[ActionKind, ...] = ("fold", "check", "call", "bet", "raise", "allin")


class Action(msgspec.Struct, frozen=True):
    """A software action: ``amount`` is the street total for bet and raise ("raise to")."""

    kind: ActionKind
    amount: int | None = None


class LiveAction(msgspec.Struct, frozen=True):
    """What a player physically did at a live table; the engine rules on it.

    ``chips``: denominations pushed in one motion (on top of what is already committed this
    street); ``take_back``: chips pulled back from what was committed (ropta 5.5 case 2);
    ``say``: a verbal declaration (``conditional``: an "if you bet, I raise" statement);
    ``amount``: the total declared with it, or alone an amount said without a word such as
    "raise" (read as that many chips pushed); ``out_of_turn``: the player acted before their
    turn.
    """

    chips: tuple[int, ...] = ()
    say: Literal["fold", "check", "call", "bet", "raise", "allin", "conditional"] | None = None
    amount: int | None = None
    out_of_turn: bool = False
    take_back: tuple[int, ...] = ()


ShowdownKind = Literal["show", "muck", "show_one", "ask"]
SHOWDOWN_KINDS: tuple[ShowdownKind, ...] = ("show", "muck", "show_one", "ask")


@final  # Hand.act tells it apart by ``type(action) is ShowdownAction``, faster than isinstance
class ShowdownAction(msgspec.Struct, frozen=True):
    """What a player does at a showdown the players play (``HandSetup.manual_showdown``).

    ``show``: table both hole cards; ``show_one``: turn ``card`` (one of the player's); ``muck``:
    throw the hand face down; ``ask``: ask to see the hand of player ``of`` (default: the last
    aggressor). ``to``: the cards were shown to that one player only.
    """

    kind: ShowdownKind
    card: int | None = None
    of: int | None = None
    to: int | None = None


class Timeout(msgspec.Struct, frozen=True):
    """The player's clock ran out after the clock was called."""


class LegalActions(msgspec.Struct, frozen=True):
    """What the player to act may do. ``min_to``/``max_to`` bound a bet or a raise (totals)."""

    player: int
    options: tuple[ActionKind, ...]
    to_call: int
    min_to: int | None
    max_to: int | None


class Reason(msgspec.Struct, frozen=True, omit_defaults=True):
    """Why the engine ruled as it did: a reason code of the message catalogue
    (``pokerfloor.messages.REASONS``), its params (chips, the percentage), and the reason (or
    the refusal) it builds on. The pages translate it from these, never from the English."""

    code: str
    params: dict[str, Any] = {}
    base: Reason | None = None

    def english(self) -> str:
        base = self.base.english() if self.base is not None else None
        return reason_english(self.code, self.params, base)


class FloorStep(msgspec.Struct, frozen=True, omit_defaults=True):
    """One step of the floor's ruling on a dealing irregularity, as stored: its stable key in
    ``pokerfloor.floor``'s ``STEP_TEXTS`` and its params (numbers). No English is stored: each
    reader words it in its language (``english()``; the pages through ``web/floor_text``)."""

    key: str
    params: dict[str, Any] = {}

    def english(self) -> str:
        # Imported here: the floor's texts load only when a ruling on an irregularity is read.
        from pokerfloor.floor import step_english

        return step_english(self.key, self.params)


class Ruling(msgspec.Struct, frozen=True, omit_defaults=True):
    """How the engine interpreted an action, and why: ``why`` the reason's code and params
    (the pages translate it); ``steps``, the floor's ruling on a dealing irregularity, as its
    procedure's step keys and params (the pages word them). ``said``, stored as ``reason``: an
    English text stored with the ruling, only in a log written before these codes (a reason's
    English, or the floor's steps in English, as logs before issue 30 stored them): it is
    shown as it was stored. A ruling with a code or steps stores no English."""

    decision: str
    citations: tuple[str, ...]
    why: Reason | None = None
    said: str = msgspec.field(default="", name="reason")
    steps: tuple[FloorStep, ...] = ()

    @property
    def reason(self) -> str:
        """The reason in English: the catalogue's sentence of ``why``, else the floor's steps
        from their texts, else the stored text."""
        if self.why is not None:
            return self.why.english()
        if self.steps:
            return " ".join(step.english() for step in self.steps)
        return self.said


def ruled(decision: str, why: Reason, citations: tuple[str, ...]) -> Ruling:
    """A ruling with its reason's code; its English comes from the catalogue when read."""
    return Ruling(decision, citations, why)


# ---- events -------------------------------------------------------------------------------


class HandStarted(msgspec.Struct, frozen=True, tag="hand_started"):
    setup: HandSetup
    deck: tuple[int, ...]
    players: tuple[int, ...]  # seat numbers by player index (first seat left of the button first)


class Posted(msgspec.Struct, frozen=True, tag="posted"):
    player: int
    kind: Literal["ante", "small_blind", "big_blind", "bb_ante"]
    amount: int
    citations: tuple[str, ...] = ()


class HolesDealt(msgspec.Struct, frozen=True, tag="holes_dealt"):
    cards: tuple[tuple[int, int], ...]


class HandKilled(msgspec.Struct, frozen=True, tag="hand_killed"):
    """A dead hand. ``refund``: chips that go back to the player first (a protected hand lost
    through no fault of his, heavenpoker 8.12; an uncalled last bet, allinouest); ``bet_to``:
    the street's bet after that refund (-1: unchanged)."""

    player: int
    ruling: Ruling
    refund: int = 0
    bet_to: int = -1


class Acted(msgspec.Struct, frozen=True, tag="acted"):
    player: int
    kind: ActionKind
    to: int  # the player's street total after the action
    ruling: Ruling | None = None


class Committed(msgspec.Struct, frozen=True, tag="committed"):
    """Chips that must go in without it being the player's action (an announcement that
    stands, heavenpoker 8.4): the player still acts after it."""

    player: int
    to: int
    ruling: Ruling


class BoardDealt(msgspec.Struct, frozen=True, tag="board_dealt"):
    street: Street
    burn: int
    cards: tuple[int, ...]


class BetReturned(msgspec.Struct, frozen=True, tag="bet_returned"):
    player: int
    amount: int


class HandsShown(msgspec.Struct, frozen=True, tag="hands_shown"):
    order: tuple[int, ...]
    ruling: Ruling


class ShowdownOpened(msgspec.Struct, frozen=True, tag="showdown_opened"):
    """The betting is over and the players show down in ``order`` (``manual_showdown``)."""

    order: tuple[int, ...]
    ruling: Ruling


class CardsShown(msgspec.Struct, frozen=True, tag="cards_shown"):
    """Hole cards turned face up at a showdown the players play: both (the hand is tabled) or
    one. ``asked_by``: the player whose request turned them up (-1: the owner showed them);
    ``revived``: a mucked hand taken back at that request is live again (ropta 4.1)."""

    player: int
    cards: tuple[int, ...]
    ruling: Ruling
    asked_by: int = -1
    revived: bool = False


class HandMucked(msgspec.Struct, frozen=True, tag="hand_mucked"):
    """A hand thrown face down at a showdown the players play: it is dead."""

    player: int
    ruling: Ruling


class PotAwarded(msgspec.Struct, frozen=True, tag="pot_awarded"):
    pot: int
    amount: int
    players: tuple[int, ...]
    shares: tuple[int, ...]
    ruling: Ruling | None = None


class HandVoided(msgspec.Struct, frozen=True, tag="hand_voided"):
    """No hand was live (every player dealt in was away): nobody can win, so every chip posted
    goes back to the player who posted it."""

    refunds: tuple[tuple[int, int], ...]  # (player, chips)
    ruling: Ruling


class HandEnded(msgspec.Struct, frozen=True, tag="hand_ended"):
    stacks: tuple[int, ...]


class Noted(msgspec.Struct, frozen=True, tag="noted"):
    """A ruling that changes no chips: an out-of-turn action held (``held``, with the bet it
    faced, the other held announcements included, and whether it was a raise by its words or
    its chips), options restricted, a duty reminded."""

    player: int
    ruling: Ruling
    held: LiveAction | None = None
    held_at_bet: int = 0
    held_raised: bool = False


class DealCorrected(msgspec.Struct, frozen=True, tag="deal_corrected"):
    """A dealing irregularity put right by the floor's ruling (``procedure``: its decision,
    ``card_replaced``, ``burn_restored``, ``board_reshuffled``, ``card_set_aside``,
    ``extra_card_removed``, ``flop_scrambled``). The cards as they stand afterwards: ``deck``
    (the whole order, the cards already dealt or burned in their places; a reshuffle's new
    order from ``position`` on), ``position`` (the next card to deal), ``holes``, ``board``,
    ``no_burn`` (the streets still to come that are dealt without a burn). ``seen``: the cards
    the table saw that are not in play (a burn turned up, a card set aside)."""

    situation: str
    procedure: str
    deck: tuple[int, ...]
    position: int
    holes: tuple[tuple[int, int], ...]
    board: tuple[int, ...]
    no_burn: tuple[int, ...]
    seen: tuple[int, ...]
    ruling: Ruling
    steps: tuple[str, ...] = ()


class Misdealt(msgspec.Struct, frozen=True, tag="misdealt"):
    """A misdeal: the hand is void, every chip posted or bet goes back to its player and the
    same button deals again (the tournament does not move the button: no hand is reported)."""

    refunds: tuple[tuple[int, int], ...]  # (player, chips)
    ruling: Ruling
    situation: str = "misdeal_claim"


Event = (
    HandStarted
    | Posted
    | HolesDealt
    | HandKilled
    | Acted
    | BoardDealt
    | BetReturned
    | HandsShown
    | PotAwarded
    | HandEnded
    | Noted
    | Committed
    | HandVoided
    | ShowdownOpened
    | CardsShown
    | HandMucked
    | DealCorrected
    | Misdealt
)
