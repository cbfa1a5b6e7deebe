"""A club's settings: its card types, its sanction ladder, its deadlines and amounts.

They travel whole in ``club_created`` and ``club_settings_changed`` so a club's log replays on
its own. The defaults are Heavenpoker's (rulebook 002): the three cards of article 3.2, the
4-hour cancellation deadline of 2.3, the ladder of 2.4 (a written reminder, a CHF 50 fine, then
exclusion), the CHF 50 waiting-list deposit of 2.5, the cash desk opening 1 h before and the
validations closing 15 min before the start (2.2), late entries for 1 h (2.2, 2.6), 18 years
(2.1). Money is in whole cents, durations in whole minutes or hours.
"""

from __future__ import annotations

import msgspec

from pokerfloor.errors import PokerfloorError

__all__ = [
    "EVENT_KINDS",
    "HEAVENPOKER_CARDS",
    "LADDER_STEPS",
    "CardType",
    "ClubSettings",
    "check_settings",
]

# The kinds of events a club runs (heavenpoker 1.2).
EVENT_KINDS = ("tournament", "sit_and_go", "training", "private", "freeroll")
# What a step of the sanction ladder does (heavenpoker 2.4).
LADDER_STEPS = ("reminder", "fine", "exclusion")


class CardType(msgspec.Struct, frozen=True):
    """A card a member buys for the calendar year or for six months; ``admits``: the event
    kinds it lets its holder register for."""

    code: str
    name: str
    yearly_fee_cents: int
    half_year_fee_cents: int
    admits: tuple[str, ...]


# heavenpoker 3.2: Saphir admits tournaments and sit & go; Rubis adds training games; Diamant
# (the card of 100.- plus the association's 120.-) admits everything, private events and
# freerolls included.
HEAVENPOKER_CARDS = (
    CardType("saphir", "Saphir", 4000, 2000, ("tournament", "sit_and_go")),
    CardType("rubis", "Rubis", 10000, 5000, ("tournament", "sit_and_go", "training")),
    CardType("diamant", "Diamant", 22000, 11000, EVENT_KINDS),
)


class ClubSettings(msgspec.Struct, frozen=True):
    name: str
    card_types: tuple[CardType, ...] = HEAVENPOKER_CARDS
    cards_required: bool = True  # False: any member may register for any kind of event
    minimum_age: int = 18  # heavenpoker 2.1
    cancellation_deadline_hours: int = 4  # heavenpoker 2.3
    # heavenpoker 2.4: the step of a member's 1st, 2nd, 3rd... offence; past the end, the last.
    ladder: tuple[str, ...] = LADDER_STEPS
    fine_cents: int = 5000  # heavenpoker 2.4: CHF 50
    waiting_deposit_cents: int = 5000  # heavenpoker 2.5: CHF 50, optional for the player
    waiting_list_needs_presence: bool = True  # heavenpoker 2.5
    desk_opens_minutes: int = 60  # heavenpoker 2.2
    validations_close_minutes: int = 15  # heavenpoker 2.2
    late_entry_minutes: int = 60  # heavenpoker 2.2, 2.6
    event_hours: int = 6  # how long an event lasts by default (one event at a time, 2.2)
    # Dates (birthdays, card validity) are read in the club's time: UTC plus this offset.
    utc_offset_minutes: int = 0

    def card_type(self, code: str) -> CardType | None:
        for card_type in self.card_types:
            if card_type.code == code:
                return card_type
        return None


def _bad(name: str, value: object, accepted: str) -> PokerfloorError:
    return PokerfloorError(
        "CLUB_BAD_SETTING",
        f"club setting {name} = {value!r} is not accepted: {accepted}",
        {"name": name, "value": str(value), "accepted": accepted},
    )


def check_settings(settings: ClubSettings) -> None:
    """Refuse settings a club could not run with, naming the setting."""
    if not settings.name.strip() or len(settings.name) > 100:
        raise _bad("name", settings.name, "1 to 100 characters")
    bounds = {
        "minimum_age": (settings.minimum_age, 0, 120),
        "cancellation_deadline_hours": (settings.cancellation_deadline_hours, 0, 24 * 14),
        "fine_cents": (settings.fine_cents, 0, 10**9),
        "waiting_deposit_cents": (settings.waiting_deposit_cents, 0, 10**9),
        "desk_opens_minutes": (settings.desk_opens_minutes, 0, 24 * 60),
        "validations_close_minutes": (settings.validations_close_minutes, 0, 24 * 60),
        "late_entry_minutes": (settings.late_entry_minutes, 0, 24 * 60),
        "event_hours": (settings.event_hours, 1, 72),
        "utc_offset_minutes": (settings.utc_offset_minutes, -14 * 60, 14 * 60),
    }
    for name, (value, low, high) in bounds.items():
        if isinstance(value, bool) or not low <= value <= high:
            raise _bad(name, value, f"a whole number from {low} to {high}")
    if not settings.ladder or any(step not in LADDER_STEPS for step in settings.ladder):
        raise _bad("ladder", ",".join(settings.ladder), ", ".join(LADDER_STEPS))
    codes = [card_type.code for card_type in settings.card_types]
    if len(set(codes)) != len(codes):
        raise _bad("card_types", ",".join(codes), "each card type's code once")
    for card_type in settings.card_types:
        if not card_type.code or not card_type.name.strip():
            raise _bad("card_types", card_type.code, "a code and a name")
        for fee in (card_type.yearly_fee_cents, card_type.half_year_fee_cents):
            if not 0 <= fee <= 10**9:
                raise _bad(f"card_types.{card_type.code}", fee, "fees from 0 cents")
        unknown = [kind for kind in card_type.admits if kind not in EVENT_KINDS]
        if unknown:
            raise _bad(f"card_types.{card_type.code}.admits", unknown[0], ", ".join(EVENT_KINDS))
