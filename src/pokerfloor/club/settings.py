"""A club's settings: its card types, its sanction ladder, its deadlines and amounts, its
currency and its time zone.

They travel whole in ``club_created`` and ``club_settings_changed`` so a club's log replays on
its own. The struct's defaults are Heavenpoker's (rulebook 002): the three cards of article
3.2, the 4-hour cancellation deadline of 2.3, the ladder of 2.4 (a written reminder, a CHF 50
fine, then exclusion), the CHF 50 waiting-list deposit of 2.5, the cash desk opening 1 h before
and the validations closing 15 min before the start (2.2), late entries for 1 h (2.2, 2.6), 18
years (2.1). Money is in whole cents of ``currency``, durations in whole minutes or hours.

Two presets make a new club (``preset_settings``): "association" (a French association: no
cards, no fines, euros, Europe/Paris) and "heavenpoker" (rulebook 002 in Swiss francs,
Europe/Zurich). A club created before time zones existed has no ``time_zone`` in its log: it
keeps its fixed ``utc_offset_minutes`` (the struct's default ``time_zone`` is "").
"""

from __future__ import annotations

import re
from datetime import UTC, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

from pokerfloor.errors import PokerfloorError

__all__ = [
    "CARD_PERIODS",
    "CLUB_RULES",
    "CURRENCIES",
    "DEFAULT_TIME_ZONE",
    "EVENT_KINDS",
    "HEAVENPOKER_CARDS",
    "LADDER_STEPS",
    "PRESETS",
    "RULEBOOKS",
    "SETTING_BOUNDS",
    "CardType",
    "ClubSettings",
    "SettingProblem",
    "check_settings",
    "preset_settings",
    "settings_problems",
    "time_zone_of",
]

# The kinds of events a club runs (heavenpoker 1.2).
EVENT_KINDS = ("tournament", "sit_and_go", "training", "private", "freeroll")
# What a step of the sanction ladder does (heavenpoker 2.4).
LADDER_STEPS = ("reminder", "fine", "exclusion")
# The currencies a club keeps its book in (ISO 4217 codes, shown by Babel).
CURRENCIES = ("EUR", "CHF", "GBP", "USD", "CAD")
DEFAULT_TIME_ZONE = "Europe/Paris"
PRESETS = ("association", "heavenpoker")
# What a club without a rulebook cites: its own rules (the pages word it "the club's rules").
CLUB_RULES = "club rules"
# The rulebooks whose articles a club's rulings may cite ("": none, the club's own rules).
RULEBOOKS = ("", "heavenpoker")
_CARD_CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,31}")
_ZONE_NAME = re.compile(r"\A[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*\Z")


CARD_PERIODS = ("year", "half_year")


class CardType(msgspec.Struct, frozen=True):
    """A card a member buys for the calendar year or for six months; ``admits``: the event
    kinds it lets its holder register for; ``periods``: the validities it is sold for (the
    calendar year, six months from its first day)."""

    code: str
    name: str
    yearly_fee_cents: int
    half_year_fee_cents: int
    admits: tuple[str, ...]
    periods: tuple[str, ...] = CARD_PERIODS


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
    # Dates (birthdays, card validity) are read in the club's time: its ``time_zone`` (summer
    # time included), or, for a club created before time zones ("" in its log), UTC plus this
    # fixed offset.
    utc_offset_minutes: int = 0
    currency: str = "EUR"  # every amount of the club is in cents of this currency
    time_zone: str = ""  # an IANA name (Europe/Paris); "" = the fixed offset above
    # The rulebook whose articles the club's refusals, offences and letters cite; "" = none
    # (a French association: its own rules, never Heavenpoker's articles). A club whose log
    # predates the field was Heavenpoker's.
    rulebook: str = "heavenpoker"
    # The rule profile a new event's tournament is played under unless the TD picks another
    # (ropta for an association: the French associations' rulebook).
    event_profile: str = "heavenpoker"

    def cite(self, *articles: str) -> tuple[str, ...]:
        """The citations of ``articles`` of the club's rulebook (``("heavenpoker 2.4",)``),
        or the club's own rules when it has no rulebook."""
        if not self.rulebook:
            return (CLUB_RULES,)
        return tuple(f"{self.rulebook} {article}" for article in articles)

    def cited(self, *articles: str) -> str:
        """``cite`` as one English phrase, for an error's engine message."""
        return ", ".join(self.cite(*articles))

    def card_type(self, code: str) -> CardType | None:
        for card_type in self.card_types:
            if card_type.code == code:
                return card_type
        return None

    def tzinfo(self) -> tzinfo:
        """The club's clock: its time zone, or its fixed offset (an old club)."""
        if self.time_zone:
            return time_zone_of(self.time_zone)
        return (
            timezone(timedelta(minutes=self.utc_offset_minutes)) if self.utc_offset_minutes else UTC
        )


def time_zone_of(name: str) -> tzinfo:
    """The IANA time zone ``name`` (zoneinfo reads the system's or tzdata's table); a
    ``CLUB_BAD_SETTING`` when unknown."""
    if len(name) <= 64 and _ZONE_NAME.search(name):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    raise PokerfloorError(
        "CLUB_BAD_SETTING", {"name": "time_zone", "value": name[:64], "accepted": "Europe/Paris"}
    )


def preset_settings(preset: str, name: str) -> ClubSettings:
    """A new club's settings from a preset: "association" (a French association: no cards,
    no fines, no deposit, euros, Europe/Paris; a late cancellation or a no-show earns a written
    reminder) or "heavenpoker" (rulebook 002: its cards 3.2, deadline 2.3, ladder and fine
    2.4, deposit 2.5, desk times 2.2, age 2.1, in Swiss francs, Europe/Zurich)."""
    if preset == "association":
        return ClubSettings(
            name,
            card_types=(),
            cards_required=False,
            ladder=("reminder",),
            fine_cents=0,
            waiting_deposit_cents=0,
            waiting_list_needs_presence=False,
            currency="EUR",
            time_zone=DEFAULT_TIME_ZONE,
            rulebook="",
            event_profile="ropta",
        )
    if preset == "heavenpoker":
        return ClubSettings(name, currency="CHF", time_zone="Europe/Zurich")
    raise PokerfloorError(
        "CLUB_BAD_SETTING", {"name": "preset", "value": preset[:40], "accepted": ", ".join(PRESETS)}
    )


# The whole-number settings and their accepted ranges (the settings form shows them too).
SETTING_BOUNDS: dict[str, tuple[int, int]] = {
    "minimum_age": (0, 120),
    "cancellation_deadline_hours": (0, 24 * 14),
    "fine_cents": (0, 10**9),
    "waiting_deposit_cents": (0, 10**9),
    "desk_opens_minutes": (0, 24 * 60),
    "validations_close_minutes": (0, 24 * 60),
    "late_entry_minutes": (0, 24 * 60),
    "event_hours": (1, 72),
    "utc_offset_minutes": (-14 * 60, 14 * 60),
}
MAX_CARD_TYPES = 20


class SettingProblem(msgspec.Struct, frozen=True):
    """A refused setting: its ``field`` (a card type's: ``card_types.<code>...``), the value
    given, what is accepted (``low``/``high`` for a number, else ``accepted``)."""

    field: str
    value: str
    accepted: str = ""
    low: int | None = None
    high: int | None = None

    def error(self) -> PokerfloorError:
        params: dict[str, object] = {"name": self.field, "value": self.value}
        if self.low is not None and self.high is not None:
            params.update(low=self.low, high=self.high)
            accepted = f"a whole number from {self.low} to {self.high}"
        else:
            accepted = self.accepted
        params["accepted"] = accepted
        return PokerfloorError(
            "CLUB_BAD_SETTING",
            params,
        )


def settings_problems(settings: ClubSettings) -> list[SettingProblem]:
    """Every setting a club could not run with, each naming its field and what is accepted
    (empty: the settings are good)."""
    found: list[SettingProblem] = []
    if not settings.name.strip() or len(settings.name) > 100:
        found.append(SettingProblem("name", settings.name[:100], "1 to 100 characters"))
    for name, (low, high) in SETTING_BOUNDS.items():
        value = getattr(settings, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            found.append(SettingProblem(name, str(value), low=low, high=high))
    if not settings.ladder or any(step not in LADDER_STEPS for step in settings.ladder):
        found.append(
            SettingProblem("ladder", ",".join(settings.ladder)[:100], ", ".join(LADDER_STEPS))
        )
    elif len(settings.ladder) > 10:
        found.append(SettingProblem("ladder", str(len(settings.ladder)), low=1, high=10))
    if settings.rulebook not in RULEBOOKS:
        found.append(SettingProblem("rulebook", settings.rulebook[:40], "heavenpoker, or none"))
    if not _CARD_CODE.fullmatch(settings.event_profile):
        found.append(
            SettingProblem("event_profile", settings.event_profile[:40], "a rule profile's name")
        )
    if settings.currency not in CURRENCIES:
        found.append(SettingProblem("currency", settings.currency[:20], ", ".join(CURRENCIES)))
    if settings.time_zone:
        try:
            time_zone_of(settings.time_zone)
        except PokerfloorError:
            found.append(
                SettingProblem("time_zone", settings.time_zone[:64], "Europe/Paris, Europe/Zurich…")
            )
    found.extend(_card_type_problems(settings.card_types))
    return found


def _card_type_problems(card_types: tuple[CardType, ...]) -> list[SettingProblem]:
    found: list[SettingProblem] = []
    if len(card_types) > MAX_CARD_TYPES:
        found.append(SettingProblem("card_types", str(len(card_types)), low=0, high=MAX_CARD_TYPES))
    codes = [card_type.code for card_type in card_types]
    if len(set(codes)) != len(codes):
        found.append(SettingProblem("card_types", ",".join(codes)[:100], "each code once"))
    for card_type in card_types:
        if not _CARD_CODE.fullmatch(card_type.code):
            found.append(
                SettingProblem(
                    "card_types.code",
                    card_type.code[:40],
                    "letters, digits, '.', '_' or '-', at most 32",
                )
            )
        if not card_type.name.strip() or len(card_type.name) > 60:
            found.append(
                SettingProblem(
                    f"card_types.{card_type.code}.name", card_type.name[:60], "1 to 60 characters"
                )
            )
        for which, fee in (
            ("yearly_fee_cents", card_type.yearly_fee_cents),
            ("half_year_fee_cents", card_type.half_year_fee_cents),
        ):
            if isinstance(fee, bool) or not 0 <= fee <= 10**9:
                found.append(
                    SettingProblem(
                        f"card_types.{card_type.code}.{which}", str(fee), low=0, high=10**9
                    )
                )
        if not card_type.periods or any(p not in CARD_PERIODS for p in card_type.periods):
            found.append(
                SettingProblem(
                    f"card_types.{card_type.code}.periods",
                    ",".join(card_type.periods)[:40],
                    ", ".join(CARD_PERIODS),
                )
            )
        unknown = [kind for kind in card_type.admits if kind not in EVENT_KINDS]
        if unknown:
            found.append(
                SettingProblem(
                    f"card_types.{card_type.code}.admits",
                    ",".join(unknown)[:100],
                    ", ".join(EVENT_KINDS),
                )
            )
    return found


def check_settings(settings: ClubSettings) -> None:
    """Refuse settings a club could not run with: the first problem's field and range, every
    problem in ``params["problems"]``."""
    found = settings_problems(settings)
    if found:
        error = found[0].error()
        error.params["problems"] = [problem.field for problem in found]
        raise error
