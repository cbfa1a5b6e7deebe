"""The chip race at a colour-up: the chips of a removed denomination are raced off at one table.

Model. Before the race the players change up what they can (ropta 4.2); the chips of the
removed denomination each player still holds are then counted at the table and given to the
race (``odd_chips``). They are never inferred from the recorded stacks: a stack the app knows is
rarely exact to the last small chip, so ``stack % next_chip`` makes nobody race. A count of a
full new chip or more is refused (it is changed up, not raced), and so is one worth more than
the player's stack. The table's leftovers make a number of new chips (``chip_race.rounding``:
at least half a new chip counts as one, tda-2024 R24; or the total is rounded up, allinouest
§Le chip race). Each player gets one card face up per odd chip, all of their cards at once
(allinouest §Le chip race), starting at seat 1 or left of the new dealer, the player dealing
the first hand after the colour-up (``chip_race.starts_at``). The highest cards win the new
chips, at most ``chip_race.max_chips_per_player`` per player (tda-2024 R24, heavenpoker 9.24);
equal ranks are broken by suit, spades > hearts > diamonds > clubs, or redrawn
(``draw.tie_break``). Nobody is raced out (``chip_race.cannot_be_raced_out``): a player left
with nothing gets one chip of the smallest denomination still in play.

A stack after the race is the stack before, less the odd chips counted, plus the new chips won
(or given): the chips in play follow exactly the chips that left the table and came to it. The
race may create or destroy chips: the rounding and the chips given so nobody is raced out
change the total in play. The result reports both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import msgspec

from pokerfloor.cards import Card, Deck
from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import RuleProfile
from pokerfloor.tournament import positions
from pokerfloor.tournament._structure_model import ChipDenomination, Structure
from pokerfloor.tournament.types import PlayerId, Table

__all__ = [
    "ChipRaceResult",
    "RaceWhen",
    "chip_race",
    "chip_race_due",
    "chips_to_award",
    "colour_up_to_race",
    "dealing_order",
    "new_dealer_seat",
    "odd_chips_from_stacks",
    "race_dealer_seat",
]

_SETTINGS = (
    "chip_race.starts_at",
    "chip_race.rounding",
    "chip_race.max_chips_per_player",
    "chip_race.cannot_be_raced_out",
    "draw.tie_break",
)

Dealt = tuple[tuple[PlayerId, Card], ...]


class ChipRaceResult(msgspec.Struct, frozen=True):
    """What happened at one table's chip race.

    ``odd_chips`` are the counts given for every seated player, in dealing order; ``cards``
    maps each player who raced to the cards dealt to them, in dealing order (players without
    odd chips are not dealt a card); ``dealer_seat`` is the seat the race started left of
    (None when it starts at seat 1). ``redraws`` are the extra rounds dealt to break
    ties when suits do not count. ``winners`` are in the order the chips were won (highest card
    first). ``given_not_raced_out`` got one chip because they lost their last chips in the race;
    ``raced_out`` lost everything where the profile allows it. ``new_stacks`` covers every
    player at the table: the stack before, less the odd chips, plus the chips won or given.

    Totals: ``chips_removed`` is the value of the odd chips taken off the table,
    ``chips_awarded`` the new chips won in the race, ``chips_given`` the chips given so nobody
    is raced out; ``total_change`` = chips added - chips removed (0 when conserved).
    """

    table_no: int
    removed_chip: int
    next_chip: int
    dealing_order: tuple[PlayerId, ...]
    odd_chips: Mapping[PlayerId, int]
    cards: Mapping[PlayerId, tuple[Card, ...]]
    redraws: tuple[Dealt, ...]
    chips_to_award: int
    winners: tuple[PlayerId, ...]
    given_not_raced_out: tuple[PlayerId, ...]
    raced_out: tuple[PlayerId, ...]
    stacks_before: Mapping[PlayerId, int]
    new_stacks: Mapping[PlayerId, int]
    chips_removed: int
    chips_awarded: int
    chips_given: int
    citations: tuple[str, ...]
    dealer_seat: int | None = None

    @property
    def total_change(self) -> int:
        return self.chips_awarded + self.chips_given - self.chips_removed

    @property
    def conserved(self) -> bool:
        return self.total_change == 0

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready view (cards written as ``As``)."""
        return {
            "table_no": self.table_no,
            "removed_chip": self.removed_chip,
            "next_chip": self.next_chip,
            "dealing_order": list(self.dealing_order),
            "odd_chips": dict(self.odd_chips),
            "cards": {
                player: [str(card) for card in dealt] for player, dealt in self.cards.items()
            },
            "redraws": [
                [[player, str(card)] for player, card in round_] for round_ in self.redraws
            ],
            "chips_to_award": self.chips_to_award,
            "winners": list(self.winners),
            "given_not_raced_out": list(self.given_not_raced_out),
            "raced_out": list(self.raced_out),
            "stacks_before": dict(self.stacks_before),
            "new_stacks": dict(self.new_stacks),
            "chips_removed": self.chips_removed,
            "chips_awarded": self.chips_awarded,
            "chips_given": self.chips_given,
            "total_change": self.total_change,
            "citations": list(self.citations),
            "dealer_seat": self.dealer_seat,
        }


def chip_race(
    table: Table,
    stacks: Mapping[PlayerId, int],
    removed: int,
    next_chip: int,
    profile: RuleProfile,
    deck: Deck,
    *,
    odd_chips: Mapping[PlayerId, int],
    dealer_seat: int | None = None,
) -> ChipRaceResult:
    """Race off the ``removed`` chips at ``table``; ``next_chip`` is the smallest chip that stays.

    ``stacks`` must give every seated player's stack (other entries are ignored, so the
    tournament-wide stacks may be passed). ``odd_chips`` gives, for every seated player and
    nobody else, the chips of the ``removed`` denomination they hold once changed up (0 for
    none). The dealer, for ``left_of_dealer``, is the new dealer (``new_dealer_seat``) unless
    ``dealer_seat`` names the seat dealing the race. Cards come from the top of ``deck``. A
    refused race raises ``PokerfloorError`` before any card is dealt; only a redraw
    (``draw.tie_break = redraw``) that empties the deck fails later, with ``DECK_EXHAUSTED``.

    Rule: tda-2024 R24, tda-2010 R16, heavenpoker 9.24, allinouest §Le chip race,
    ropta-2025 chip race.
    """
    _check_denominations(removed, next_chip)
    before = _table_stacks(table, stacks, removed)
    counted = _table_counts(table, before, odd_chips, removed, next_chip)
    starts_left_of_dealer = profile.enum_value("chip_race.starts_at") == "left_of_dealer"
    dealer = dealer_seat
    if dealer is None and starts_left_of_dealer:
        dealer = new_dealer_seat(table, profile)
    order = dealing_order(table, profile, dealer_seat=dealer)
    racing = [player for player in order if counted[player] > 0]
    cards_needed = sum(counted.values())
    if cards_needed > deck.remaining:
        raise PokerfloorError(
            "CHIP_RACE_DECK_TOO_SHORT", {"needed": cards_needed, "remaining": deck.remaining}
        )
    cap = profile.int_value("chip_race.max_chips_per_player")
    leftover_value = cards_needed * removed
    to_award = min(
        chips_to_award(leftover_value, next_chip, profile.enum_value("chip_race.rounding")),
        cap * len(racing),
    )
    cards = {player: deck.deal(counted[player]) for player in racing}
    tie_break = profile.enum_value("draw.tie_break")
    redraws: list[Dealt] = []
    winners = _award(cards, to_award, cap, tie_break, deck, redraws)

    won = Counter(winners)
    protect = profile.bool_value("chip_race.cannot_be_raced_out")
    given: list[PlayerId] = []
    raced_out: list[PlayerId] = []
    new_stacks: dict[PlayerId, int] = {}
    for player in order:
        stack = before[player] - counted[player] * removed + won[player] * next_chip
        if stack == 0 and protect:
            stack = next_chip
            given.append(player)
        elif stack == 0:
            raced_out.append(player)
        new_stacks[player] = stack
    return ChipRaceResult(
        table_no=table.table_no,
        removed_chip=removed,
        next_chip=next_chip,
        dealing_order=tuple(racing),
        odd_chips={player: counted[player] for player in order},
        cards=cards,
        redraws=tuple(redraws),
        chips_to_award=to_award,
        winners=tuple(winners),
        given_not_raced_out=tuple(given),
        raced_out=tuple(raced_out),
        stacks_before=before,
        new_stacks=new_stacks,
        chips_removed=leftover_value,
        chips_awarded=len(winners) * next_chip,
        chips_given=len(given) * next_chip,
        citations=_citations(profile),
        dealer_seat=dealer if starts_left_of_dealer else None,
    )


def odd_chips_from_stacks(
    stacks: Mapping[PlayerId, int], removed: int, next_chip: int
) -> dict[PlayerId, int]:
    """The odd chips of stacks known to the last chip (the simulator's, or a test's): what is
    left once every whole ``next_chip`` is made, in chips of ``removed``. A live table counts
    its chips instead (``chip_race``'s ``odd_chips``)."""
    _check_denominations(removed, next_chip)
    return {player: stack % next_chip // removed for player, stack in stacks.items()}


def chips_to_award(leftover_value: int, next_chip: int, rounding: str) -> int:
    """How many ``next_chip`` chips a table's leftovers make.

    ``half_or_more``: a remainder of at least half a chip counts as one (tda-2024 R24,
    ropta-2025 chip race); ``round_up``: any remainder counts as one (allinouest §Le chip race).
    """
    if leftover_value < 0 or next_chip <= 0:
        raise PokerfloorError(
            "CHIP_RACE_BAD_AMOUNT", {"leftover_value": leftover_value, "next_chip": next_chip}
        )
    whole, remainder = divmod(leftover_value, next_chip)
    if rounding == "half_or_more":
        return whole + (1 if remainder * 2 >= next_chip else 0)
    if rounding == "round_up":
        return whole + (1 if remainder else 0)
    raise PokerfloorError("CHIP_RACE_BAD_ROUNDING", {"rounding": rounding})


def new_dealer_seat(table: Table, profile: RuleProfile) -> int | None:
    """The seat of the new dealer, who deals the race: the player dealing the table's first
    hand after the colour-up ("le chip race est effectué par le nouveau donneur", allinouest
    §Le chip race). ``table.button_seat`` is the last hand's button (the drawn one before the
    first hand), so the new dealer is the next hand's, moved on by the dead button rules
    (``positions.next_hand_positions``); with a dead button the player to its right deals.
    A table of one player keeps its last button; None before any button.
    """
    if table.button_seat is None:
        return None
    if len(table.seats) < 2:
        return table.button_seat
    return positions.next_hand_positions(table, profile).dealer_seat


def race_dealer_seat(table: Table, profile: RuleProfile) -> int | None:
    """The seat the race is dealt from when the profile starts it left of the new dealer
    (``chip_race.starts_at``); None when it starts at seat 1."""
    if profile.enum_value("chip_race.starts_at") != "left_of_dealer":
        return None
    return new_dealer_seat(table, profile)


def colour_up_to_race(
    structure: Structure, level_number: int, break_after_level: int | None
) -> tuple[int, int] | None:
    """(removed, next chip) of the colour-up most likely raced now: the break going on
    (``break_after_level``), else the next break with a colour-up, else the last one (None
    without any). Several denominations leaving at once are raced in units of the smallest;
    the next chip is the smallest one left in play after that break."""
    breaks = [b for b in structure.breaks if b.colour_up]
    chosen = next((b for b in breaks if b.after_level == break_after_level), None)
    chosen = chosen or next((b for b in breaks if b.after_level >= level_number), None)
    chosen = chosen or next((b for b in reversed(breaks) if b.after_level < level_number), None)
    if chosen is None:
        return None
    gone = {value for b in breaks if b.after_level <= chosen.after_level for value in b.colour_up}
    left = [chip.value for chip in structure.chips if chip.value not in gone]
    return (min(chosen.colour_up), min(left)) if left else None


RaceWhen = Literal["now", "break", "level_end"]


def chip_race_due(
    structure: Structure, level_number: int, in_break: bool
) -> tuple[RaceWhen, tuple[ChipDenomination, ...]] | None:
    """The chip race to announce (tda-2024 R24, ropta 4.2): the denominations that leave play
    and when: ``now`` (during the break that races them off), ``break`` (at the break after
    the current level) or ``level_end`` (a colour-up between two levels, without a pause).
    ``level_number``: the level in force, or during a break the level after it (the chips it
    is played with). None when no denomination leaves next."""
    when: RaceWhen
    if in_break:
        before, when = level_number - 1, "now"
    else:
        before = level_number
        following = structure.break_after(level_number)
        when = "break" if following is not None and following.minutes > 0 else "level_end"
    if before < 1 or before >= len(structure.levels):
        return None
    staying = {chip.value for chip in structure.chips_at(before + 1)}
    leaving = tuple(chip for chip in structure.chips_at(before) if chip.value not in staying)
    return (when, leaving) if leaving else None


def dealing_order(
    table: Table, profile: RuleProfile, *, dealer_seat: int | None = None
) -> tuple[PlayerId, ...]:
    """The seated players in the order the race deals them (``chip_race.starts_at``).

    ``seat_1``: from the lowest seat number (tda-2024 R24); ``left_of_dealer``: from the first
    occupied seat clockwise after the dealer, the dealer last (heavenpoker 9.24, allinouest
    §Le chip race). The dealer is the new dealer (``new_dealer_seat``) unless ``dealer_seat``
    is given; that seat may be empty (dead button).
    """
    seats = sorted(table.seats)
    if profile.enum_value("chip_race.starts_at") == "seat_1":
        return tuple(table.seats[seat] for seat in seats)
    dealer = new_dealer_seat(table, profile) if dealer_seat is None else dealer_seat
    if dealer is None:
        raise PokerfloorError("CHIP_RACE_NO_DEALER", {"table_no": table.table_no})
    if not 1 <= dealer <= table.size:
        raise PokerfloorError(
            "CHIP_RACE_BAD_DEALER_SEAT",
            {"table_no": table.table_no, "seat_no": dealer, "size": table.size},
        )
    ordered = sorted(seats, key=lambda seat: (seat <= dealer, seat))
    return tuple(table.seats[seat] for seat in ordered)


# Validation


def _check_denominations(removed: int, next_chip: int) -> None:
    if removed <= 0 or next_chip <= removed or next_chip % removed:
        raise PokerfloorError(
            "CHIP_RACE_BAD_DENOMINATIONS", {"removed": removed, "next_chip": next_chip}
        )


def _table_stacks(
    table: Table, stacks: Mapping[PlayerId, int], removed: int
) -> dict[PlayerId, int]:
    missing = [player for player in table.seats.values() if player not in stacks]
    if missing:
        raise PokerfloorError(
            "CHIP_RACE_MISSING_STACK", {"table_no": table.table_no, "players": missing}
        )
    before: dict[PlayerId, int] = {}
    for seat in sorted(table.seats):
        player = table.seats[seat]
        stack = stacks[player]
        if stack <= 0 or stack % removed:
            raise PokerfloorError(
                "CHIP_RACE_BAD_STACK", {"player_id": player, "stack": stack, "removed": removed}
            )
        before[player] = stack
    return before


def _table_counts(
    table: Table,
    before: Mapping[PlayerId, int],
    odd_chips: Mapping[PlayerId, int],
    removed: int,
    next_chip: int,
) -> dict[PlayerId, int]:
    """The odd chips counted for every seated player, checked: a count is never guessed."""
    table_no = table.table_no
    if not odd_chips:
        raise PokerfloorError("CHIP_RACE_NEEDS_COUNTS", {"table_no": table_no, "removed": removed})
    seat_of = {player: seat for seat, player in table.seats.items()}
    missing = sorted((seat, player) for player, seat in seat_of.items() if player not in odd_chips)
    if missing:
        raise PokerfloorError(
            "CHIP_RACE_MISSING_COUNT",
            {
                "table_no": table_no,
                "players": [player for _, player in missing],
                "seats": [seat for seat, _ in missing],
            },
        )
    strangers = sorted(player for player in odd_chips if player not in seat_of)
    if strangers:
        raise PokerfloorError("CHIP_RACE_NOT_SEATED", {"table_no": table_no, "players": strangers})
    full_set = next_chip // removed
    for seat in sorted(table.seats):
        player = table.seats[seat]
        count, stack = odd_chips[player], before[player]
        where = {"player_id": player, "seat_no": seat, "count": count}
        if count < 0:
            raise PokerfloorError(
                "CHIP_RACE_BAD_COUNT",
                where,
            )
        if count >= full_set:
            # ropta 4.2: a full set of small chips is changed up before the race, not raced.
            raise PokerfloorError(
                "CHIP_RACE_FULL_SET",
                {**where, "removed": removed, "next_chip": next_chip, "most": full_set - 1},
            )
        if count * removed > stack:
            raise PokerfloorError(
                "CHIP_RACE_COUNT_OVER_STACK",
                {**where, "removed": removed, "value": count * removed, "stack": stack},
            )
    return {player: odd_chips[player] for player in seat_of}


# Awarding the chips


def _award(
    cards: Mapping[PlayerId, Sequence[Card]],
    chips: int,
    cap: int,
    tie_break: str,
    deck: Deck,
    redraws: list[Dealt],
) -> list[PlayerId]:
    """Winners, highest card first; a player stops winning once at ``cap`` chips.

    With ``suits`` every card is distinct, so no tie is possible. With ``redraw`` cards of one
    rank tie; when they compete for fewer chips than they are, the tied players draw again.
    """
    dealt = [(player, card) for player, hand in cards.items() for card in hand]
    groups: dict[int, list[PlayerId]] = {}
    for player, card in sorted(dealt, key=lambda pair: -_strength(pair[1], tie_break)):
        groups.setdefault(_strength(card, tie_break), []).append(player)
    winners: list[PlayerId] = []
    for strength in sorted(groups, reverse=True):
        left = chips - len(winners)
        if left <= 0:
            break
        won = Counter(winners)
        claims: list[PlayerId] = []
        for player in groups[strength]:
            if won[player] + claims.count(player) < cap:
                claims.append(player)
        if len(claims) <= left:
            winners.extend(claims)
        else:
            winners.extend(_redraw(claims, left, deck, redraws))
    return winners


def _strength(card: Card, tie_break: str) -> int:
    # A card's number orders by rank then suit (spades highest): roberts 3.7.
    return int(card) if tie_break == "suits" else int(card.rank)


def _redraw(claims: list[PlayerId], chips: int, deck: Deck, redraws: list[Dealt]) -> list[PlayerId]:
    """``chips`` of the tied ``claims`` win: each claim draws a card, ranks only (heavenpoker
    5.2-5.3); ties that still straddle the last chip draw again."""
    dealt = tuple((player, deck.deal_one()) for player in claims)
    redraws.append(dealt)
    by_rank: dict[int, list[PlayerId]] = {}
    for player, card in dealt:
        by_rank.setdefault(int(card.rank), []).append(player)
    winners: list[PlayerId] = []
    for rank in sorted(by_rank, reverse=True):
        left = chips - len(winners)
        if left <= 0:
            break
        group = by_rank[rank]
        winners.extend(group if len(group) <= left else _redraw(group, left, deck, redraws))
    return winners


def _citations(profile: RuleProfile) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for key in _SETTINGS:
        for citation in profile.citations(key):
            seen.setdefault(citation, None)
    return tuple(seen)
