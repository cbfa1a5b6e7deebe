"""The payout scheme ("répartition des gains") as a form, for the set-up page (sent with
``create_tournament.payouts``): its fields, the ``payouts`` spec read from them, and the fields
filled from a stored spec. Modelled on the points formula form (``_points_form``).

The template part is ``_payouts_form.html``. The TD types numbers as the club writes them: a
grid of percentages such as ``45 27,5 17,5 10`` (a comma or a dot before the decimals), an
exponent or a ratio such as ``0,75``, a rounding in euros. A wrong entry is refused here, in the
page's language, naming the field: the engine (``prizes.payout_scheme``) would refuse it too,
but in English.

The standard table is sent as ``{"name": "standard"}``, never left out: the stored spec is
always what the TD chose (docs/pages/setup.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, Field

from pokerfloor.tournament.prizes import MAX_ROUNDING_CENTS, MAX_SHARED_PLACES
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._forms import FormError, compact, whole_in_range

__all__ = [
    "MAX_CURVE_PLACES",
    "SCHEMES",
    "PayoutsForm",
    "basis_points",
    "decimal_text",
    "form_values",
    "payouts_spec",
    "percent_text",
]

SCHEMES = ("standard", "shares", "power", "geometric")
MAX_CURVE_PLACES = 100_000  # as many as a tournament's players (create_tournament.max_players)
_BASIS_POINTS = 10_000  # 100 %
_CURVE_DECIMALS = 4  # an exponent or a ratio: 0,7525 is finer than any club needs
_SHARE_DECIMALS = 2  # 27,25 %: a basis point is the grid's unit
_EXAMPLE_GRID = (4500, 2750, 1750, 1000)
# A number as typed: digits, then a comma or a dot and the decimals (ASCII digits: ``\d``
# would take any script's, which ``Decimal`` reads).
_NUMBER = re.compile(r"([0-9]{1,9})(?:[.,]([0-9]{1,9}))?")

SHARES_LABEL = N_("Percentage of each paid place, first place first (club grid)")
EXPONENT_LABEL = N_("Exponent, 0 to 10 (power curve)")
RATIO_LABEL = N_("Ratio to the place above, over 0 and at most 1 (geometric curve)")
PLACES_LABEL = N_("Paid places (curves)")
PERCENT_LABEL = N_("Percentage of the entries paid, instead of paid places (curves)")
ROUNDING_LABEL = N_("Rounding of every prize, in euros")


_SECTION = N_("Payouts")


def _separator() -> str:
    return "," if i18n.current_locale() == "fr" else "."


def decimal_text(value: object) -> str:
    """A stored decimal (``"0.75"``, ``Decimal("0.75")``, ``1``) as the page's language
    writes it."""
    return str(value).replace(".", _separator())


def percent_text(basis_points: int) -> str:
    """Basis points as a percentage typed in the grid: 4500 is 45, 2750 is 27,5 (27.5)."""
    whole, hundredths = divmod(basis_points, 100)
    if not hundredths:
        return str(whole)
    return f"{whole}{_separator()}{f'{hundredths:02d}'.rstrip('0')}"


def _grid_text(basis_points: Sequence[int]) -> str:
    return " ".join(percent_text(share) for share in basis_points)


def _number(text: str, decimals: int) -> tuple[Decimal, str] | None:
    """A number typed with a comma or a dot and at most ``decimals`` decimals: its value and
    its text with a dot (what the spec stores); None when it is not one."""
    match = _NUMBER.fullmatch(text)
    if match is None or len(match.group(2) or "") > decimals:
        return None
    stored = match.group(1) + (f".{match.group(2)}" if match.group(2) else "")
    return Decimal(stored), stored


def _whole(text: str, label: str, minimum: int, maximum: int) -> int:
    return whole_in_range(text, _SECTION, label, minimum, maximum)


_EXPONENT_REFUSED = N_(
    "Payouts, %(field)s: enter a number from 0 to 10 with at most %(decimals)s decimals, such "
    "as %(example)s, not “%(value)s”."
)
_RATIO_REFUSED = N_(
    "Payouts, %(field)s: enter a number over 0 and at most 1 with at most %(decimals)s "
    "decimals, such as %(example)s, not “%(value)s”."
)


def _curve_number(
    text: str, label: str, refused: str, example: str, fits: Callable[[Decimal], bool]
) -> str:
    """A curve's parameter (an exponent, a ratio) as the spec stores it, or ``refused``."""
    number = _number(compact(text), _CURVE_DECIMALS)
    if number is None or not fits(number[0]):
        raise FormError(
            i18n.gettext(
                refused,
                field=i18n.gettext(label),
                decimals=_CURVE_DECIMALS,
                example=decimal_text(example),
                value=text.strip(),
            )
        )
    return number[1]


def _exponent(text: str) -> str:
    return _curve_number(text, EXPONENT_LABEL, _EXPONENT_REFUSED, "1.2", lambda n: n <= 10)


def _ratio(text: str) -> str:
    return _curve_number(text, RATIO_LABEL, _RATIO_REFUSED, "0.75", lambda n: 0 < n <= 1)


def _rounding_cents(text: str) -> int:
    number = _number(compact(text), 2)
    cents = None if number is None else int(number[0] * 100)
    if cents is None or not 1 <= cents <= MAX_ROUNDING_CENTS:
        raise FormError(
            i18n.gettext(
                "Payouts, %(field)s: enter an amount from %(minimum)s to %(maximum)s, such as "
                "1, 5 or 10, not “%(value)s”.",
                field=i18n.gettext(ROUNDING_LABEL),
                minimum=i18n.format_cents(1),
                maximum=i18n.format_cents(MAX_ROUNDING_CENTS),
                value=text.strip(),
            )
        )
    return cents


def basis_points(text: str) -> tuple[int, ...]:
    """The club's grid typed as percentages ("50 30 20", "45 27,5 17,5 10", "50 % 30 % 20 %")
    in basis points, checked as the engine checks it: each place above 0, never more than the
    place above, 100 % in all."""
    field = i18n.gettext(SHARES_LABEL)
    example = _grid_text(_EXAMPLE_GRID)
    # Spaces, semicolons or slashes separate the places; a comma is a decimal comma, unless a
    # space follows it ("50, 30, 20").
    items = [item.rstrip(",") for item in re.split(r"[\s;/%]+", text)]
    items = [item for item in items if item]
    if not items:
        raise FormError(
            i18n.gettext(
                "Payouts, %(field)s: enter the percentage of each paid place, first place "
                "first, such as %(example)s.",
                field=field,
                example=example,
            )
        )
    if len(items) > MAX_SHARED_PLACES:
        raise FormError(
            i18n.gettext(
                "Payouts, %(field)s: a grid pays 1 to %(places)s places.",
                field=field,
                places=i18n.format_number(MAX_SHARED_PLACES),
            )
        )
    shares: list[int] = []
    for place, item in enumerate(items, start=1):
        number = _number(item, _SHARE_DECIMALS)
        if number is None:
            raise FormError(
                i18n.gettext(
                    "Payouts, %(field)s: “%(value)s” is not a percentage; write them such as "
                    "%(example)s (at most 2 decimals).",
                    field=field,
                    value=item,
                    example=example,
                )
            )
        share = int(number[0] * 100)
        if share == 0:
            raise FormError(
                i18n.gettext(
                    "Payouts, %(field)s: place %(place)s gets 0 %%; list only the paid places.",
                    field=field,
                    place=place,
                )
            )
        if shares and share > shares[-1]:
            raise FormError(
                i18n.gettext(
                    "Payouts, %(field)s: place %(place)s (%(share)s %%) would get more than "
                    "place %(above)s (%(previous)s %%); the percentages never increase from a "
                    "place to the next.",
                    field=field,
                    place=place,
                    share=percent_text(share),
                    above=place - 1,
                    previous=percent_text(shares[-1]),
                )
            )
        shares.append(share)
    if sum(shares) != _BASIS_POINTS:
        raise FormError(
            i18n.gettext(
                "Payouts, %(field)s: the percentages add up to %(total)s %%, not 100 %%.",
                field=field,
                total=percent_text(sum(shares)),
            )
        )
    return tuple(shares)


def payouts_spec(
    name: str, shares: str, exponent: str, ratio: str, places: str, percent: str, rounding: str
) -> dict[str, Any]:
    """The ``payouts`` field of ``create_tournament`` from the form. A blank scheme is the
    standard table; an empty parameter keeps the engine's default (12 % of the entries paid,
    whole euros); a parameter of another scheme is ignored. ``FormError`` names what is
    wrong. Call it with the page's locale set."""
    name = name.strip() or "standard"
    if name not in SCHEMES:
        raise FormError(i18n.gettext("There is no payout scheme “%(name)s”.", name=name))
    spec: dict[str, Any] = {"name": name}
    if name == "shares":
        spec["basis_points"] = basis_points(shares)
    elif name in ("power", "geometric"):
        if name == "power" and exponent.strip():
            spec["exponent"] = _exponent(exponent)
        if name == "geometric" and ratio.strip():
            spec["ratio"] = _ratio(ratio)
        if places.strip() and percent.strip():
            raise FormError(
                i18n.gettext(
                    "Payouts: give the paid places or the percentage of the entries paid, not both."
                )
            )
        if places.strip():
            spec["places"] = _whole(places, PLACES_LABEL, 1, MAX_CURVE_PLACES)
        elif percent.strip():
            spec["paid_percent"] = _whole(percent, PERCENT_LABEL, 1, 100)
    if rounding.strip():
        spec["rounding_cents"] = _rounding_cents(rounding)
    return spec


def form_values(spec: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's fields filled from a stored spec (``None``: the standard table). Call it with
    the page's locale set: decimals are written with its separator."""
    spec = spec or {}

    def text(key: str) -> str:
        value = spec.get(key)
        return "" if value is None else decimal_text(value)

    rounding = spec.get("rounding_cents")
    rounding_text = ""
    if isinstance(rounding, int):
        euros, cents = divmod(rounding, 100)
        rounding_text = f"{euros}{_separator()}{cents:02d}" if cents else str(euros)
    return {
        "payouts_name": str(spec.get("name") or "standard"),
        "payouts_shares": _grid_text(spec.get("basis_points") or ()),
        "payouts_exponent": text("exponent"),
        "payouts_ratio": text("ratio"),
        "payouts_places": text("places"),
        "payouts_percent": text("paid_percent"),
        "payouts_rounding": rounding_text,
    }


class PayoutsForm(BaseModel):
    """The payout scheme's inputs as typed; an empty parameter keeps the default. Its methods
    are named apart from ``PointsForm``'s: the set-up form inherits both."""

    payouts_name: Annotated[str, Field(max_length=20)] = "standard"
    payouts_shares: Annotated[str, Field(max_length=10_000)] = ""
    payouts_exponent: Annotated[str, Field(max_length=20)] = ""
    payouts_ratio: Annotated[str, Field(max_length=20)] = ""
    payouts_places: Annotated[str, Field(max_length=20)] = ""
    payouts_percent: Annotated[str, Field(max_length=20)] = ""
    payouts_rounding: Annotated[str, Field(max_length=20)] = ""

    def payouts_spec(self) -> dict[str, Any]:
        return payouts_spec(
            self.payouts_name,
            self.payouts_shares,
            self.payouts_exponent,
            self.payouts_ratio,
            self.payouts_places,
            self.payouts_percent,
            self.payouts_rounding,
        )

    def payouts_values(self) -> dict[str, str]:
        """The fields as typed, to show them again."""
        return {key: str(getattr(self, key)) for key in PayoutsForm.model_fields}
