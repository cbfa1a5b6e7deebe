"""The captain's report of a hand as typed on the phone (captain.py keeps the routes): the
stacks counted, if any, the players ticked as busted with their chips at the start of the hand,
"bust + rebuy", turned into one ``record_hand`` (the hand and its busts recorded together or
not at all), and the sentences that answer the captain.

A dealerless table rarely counts chips: with no stack typed, the players ticked are busts
reported without stacks (``record_hand.busted``); once the captain typed a stack, the chips
were counted and a player ticked finished the hand with none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokerfloor.app.commands import MAX_CHIPS
from pokerfloor.web import i18n
from pokerfloor.web.pages.common._forms import ascii_digits, whole_number

__all__ = [
    "HandReport",
    "bad_hand_number",
    "bad_seat_number",
    "bust_done_text",
    "hand_report",
    "parse_chips",
    "starting_stacks",
]

# Thousands separators a phone keyboard or a habit may put in a stack (12.000, 12,000), besides
# spaces.
_SEPARATORS = ".,'_"
# A seat number typed or sent by the form: more digits are no seat.
_MAX_SEAT_DIGITS = 3


def parse_chips(text: str) -> int | None:
    """A count of chips typed by hand; None when it is not one."""
    value = whole_number(text, separators=_SEPARATORS)
    return value if value is not None and value <= MAX_CHIPS else None


@dataclass
class HandReport:
    """The ``record_hand`` fields the form gives, and who was ticked (for the answer)."""

    final_stacks: dict[str, int]
    busted: list[str] = field(default_factory=list)
    starting_stacks: dict[str, int] = field(default_factory=dict)
    rebuys: list[str] = field(default_factory=list)
    ticked: list[str] = field(default_factory=list)


def starting_stacks(
    ticked: list[str], stack_player: list[str], start_stack: list[str]
) -> dict[str, int] | str:
    """The chips at the start of the hand typed for the ticked players (a stack left in the
    row of a player unticked since is hidden on the phone: not theirs to send), or the
    refusal to show."""
    starting: dict[str, int] = {}
    for player_id, text in zip(stack_player, start_stack, strict=False):
        if player_id in ticked and text.strip():
            chips = parse_chips(text)
            if chips is None:
                return i18n.gettext(
                    "“%(value)s” is not a number of chips: type the starting stack in digits "
                    "(12 000 or 12000).",
                    value=text.strip()[:20],
                )
            starting[player_id] = chips
    return starting


def hand_report(
    table: dict[str, Any],
    plan: dict[str, Any],
    typed: tuple[list[str], list[str]],
    ticked: list[str],
    starts: tuple[list[str], list[str]],
    rebuy: bool,
) -> HandReport | str:
    """The report from the form: ``typed`` the (player, stack) fields of the stacks counted,
    ``ticked`` the players busted, ``starts`` the (player, chips) fields of their starting
    stacks, ``rebuy`` "bust + rebuy"; or the refusal to show (nothing is run)."""
    final_stacks = {
        s["player_id"]: s["stack"] for s in table["seats"] if s["seat_no"] not in plan["waiting"]
    }
    names = {s["player_id"]: s["name"] for s in table["seats"]}
    counted: dict[str, int] = {}
    for player_id, text in zip(*typed, strict=False):
        if not text.strip() or player_id not in final_stacks:
            continue
        chips = parse_chips(text)
        if chips is None:
            return i18n.gettext(
                "The stack of %(name)s is not a number of chips.", name=names[player_id]
            )
        counted[player_id] = chips
    ticked = list(dict.fromkeys(ticked))
    report = HandReport({**final_stacks, **counted}, ticked=ticked)
    report.rebuys = list(ticked) if rebuy else []
    if rebuy and not ticked:
        return i18n.gettext("Tick the players who busted and rebuy.")
    if not counted:
        # Nobody counted: the busts go without stacks, ranked by the chips typed for them.
        starting = starting_stacks(ticked, *starts)
        if isinstance(starting, str):
            return starting
        report.busted, report.starting_stacks = ticked, starting
        return report
    for player_id in ticked:
        if counted.get(player_id, 0) > 0:
            return i18n.gettext(
                "%(name)s is ticked as busted but has %(chips)s chips typed: leave the stack "
                "empty or type 0.",
                name=names.get(player_id, player_id),
                chips=i18n.format_chips(counted[player_id]),
            )
        if player_id in final_stacks:
            report.final_stacks[player_id] = 0
        else:  # not dealt in: the service says why it is no bust of this hand
            report.busted.append(player_id)
    return report


def bust_done_text(players: list[dict[str, Any]], busted: list[str], rebuy: bool) -> str:
    """The busts just recorded, from the fresh players list: with their places, or who
    rebought and keeps the seat."""
    listed = {p["player_id"]: p for p in players}
    if rebuy:
        return i18n.gettext(
            "Bust and rebuy recorded: %(names)s keep(s) the seat.",
            names=", ".join(listed[p]["name"] if p in listed else p for p in busted),
        )
    ranked = [
        i18n.gettext("%(name)s (place %(place)s)", name=row["name"], place=row["place"])
        for row in (listed[p] for p in busted if p in listed)
    ]
    return i18n.gettext("Bust recorded: %(players)s.", players=", ".join(ranked))


def bad_hand_number(value: str, plan: dict[str, Any]) -> str:
    """The hand number the form sent is no number (an old or altered page)."""
    return i18n.gettext(
        "“%(value)s” is not a hand number: a hand is numbered from 1, and this table plays "
        "hand %(expected)s. Reload the page and report again.",
        value=value.strip()[:20],
        expected=plan["hand_no"],
    )


def bad_seat_number(value: str, size: int) -> str | None:
    """The button's seat the form sent, when it is no seat of the table (None: it is one)."""
    if ascii_digits(value) and len(value) <= _MAX_SEAT_DIGITS and 1 <= int(value) <= size:
        return None
    return i18n.gettext(
        "“%(value)s” is not a seat of this table: the button's seat is a number from 1 to "
        "%(size)s.",
        value=value.strip()[:20],
        size=size,
    )
