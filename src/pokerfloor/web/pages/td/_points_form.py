"""The championship points formula as a form, shared by the set-up page (the evening's
formula, sent with ``create_tournament``) and the results page's finish form (``finish``):
its fields, the ``points`` spec read from them, and the fields filled from a stored spec.

The template part is ``_points_form.html``. A wrong entry is refused here, in the page's
language, naming the field: the engine would refuse it too, but in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, Field

from pokerfloor.app.commands import MAX_CENTS
from pokerfloor.web import i18n
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.common._forms import FormError, whole_in_range

__all__ = [
    "FORMULAS",
    "MAX_PARAMETER",
    "MAX_TABLE_PLACES",
    "PointsForm",
    "form_values",
    "points_spec",
]

FORMULAS = ("sqrt", "linear", "table", "tlb")
# What the commands take (``PointsSpec``), so a formula stored by the API fills the form again.
MAX_PARAMETER = MAX_CENTS
MAX_TABLE_PLACES = 1000

_TABLE_LABEL = N_("Points per place, first place first (table)")
# Each formula's parameters: field, form label, smallest and largest value.
_PARAMETERS: dict[str, tuple[tuple[str, str, int, int], ...]] = {
    "sqrt": (
        ("k", N_("k (square root, buy-in weighted)"), 1, MAX_PARAMETER),
        ("decimals", N_("Decimals, 0 to 2 (square root, buy-in weighted)"), 0, 2),
    ),
    "tlb": (
        ("k", N_("k (square root, buy-in weighted)"), 1, MAX_PARAMETER),
        ("decimals", N_("Decimals, 0 to 2 (square root, buy-in weighted)"), 0, 2),
    ),
    "linear": (("factor", N_("Factor (linear)"), 1, MAX_PARAMETER),),
    "table": (("others", N_("Points of every other place (table)"), 0, MAX_PARAMETER),),
}


_SECTION = N_("Championship points")


def _whole(text: str, label: str, minimum: int, maximum: int) -> int:
    return whole_in_range(text, _SECTION, label, minimum, maximum)


def points_spec(
    name: str, k: str, decimals: str, factor: str, table: str, others: str
) -> dict[str, Any] | None:
    """The ``points`` field of ``create_tournament`` or ``finish`` from the form; ``None`` for
    no points, and an empty parameter keeps the formula's default. ``FormError`` names
    what is wrong. Call it with the page's locale set."""
    name = name.strip()
    if not name:
        return None
    if name not in FORMULAS:
        raise FormError(
            i18n.gettext("There is no championship points formula “%(name)s”.", name=name)
        )
    spec: dict[str, Any] = {"name": name}
    if name == "table":
        values = [item for item in re.split(r"[\s,;]+", table) if item]
        if not values or len(values) > MAX_TABLE_PLACES:
            raise FormError(
                i18n.gettext(
                    "Championship points: a table gives the points of 1 to %(places)s places.",
                    places=MAX_TABLE_PLACES,
                )
            )
        spec["points"] = tuple(_whole(item, _TABLE_LABEL, 0, MAX_PARAMETER) for item in values)
    typed = {"k": k, "decimals": decimals, "factor": factor, "others": others}
    for key, label, minimum, maximum in _PARAMETERS[name]:
        if typed[key].strip():
            spec[key] = _whole(typed[key], label, minimum, maximum)
    return spec


def form_values(spec: Mapping[str, Any] | None) -> dict[str, str]:
    """The form's fields filled from a stored spec (``None``: no points)."""
    spec = spec or {}

    def text(key: str) -> str:
        value = spec.get(key)
        return "" if value is None else str(value)

    return {
        "points_name": text("name"),
        "points_k": text("k"),
        "points_decimals": text("decimals"),
        "points_factor": text("factor"),
        "points_table": " ".join(str(value) for value in spec.get("points") or ()),
        "points_others": text("others"),
    }


class PointsForm(BaseModel):
    """The points formula's inputs as typed; an empty parameter keeps the default."""

    points_name: Annotated[str, Field(max_length=10)] = ""
    points_k: Annotated[str, Field(max_length=20)] = ""
    points_decimals: Annotated[str, Field(max_length=20)] = ""
    points_factor: Annotated[str, Field(max_length=20)] = ""
    points_table: Annotated[str, Field(max_length=5000)] = ""
    points_others: Annotated[str, Field(max_length=20)] = ""

    def spec(self) -> dict[str, Any] | None:
        return points_spec(
            self.points_name,
            self.points_k,
            self.points_decimals,
            self.points_factor,
            self.points_table,
            self.points_others,
        )

    def values(self) -> dict[str, str]:
        """The fields as typed, to show them again."""
        return {key: str(getattr(self, key)) for key in PointsForm.model_fields}
