"""Structure files (TOML): read, write, and the templates bundled with pokerfloor.

The format (see docs/structure.md)::

    name = "club-evening"
    level_minutes = 20                      # optional: the minutes of a level that sets none

    chips = [
      { value = 25, colour_fr = "vert", colour_en = "green" },
      { value = 100, colour_fr = "noir", colour_en = "black" },
    ]

    levels = [
      { small_blind = 25, big_blind = 50 },
      { small_blind = 50, big_blind = 100, bb_ante = 100, minutes = 30 },
    ]

    breaks = [
      { after_level = 6, minutes = 15, colour_up = [25] },
    ]

    [entry]
    starting_stack = 20000
    buy_in_cents = 2000

Every refusal is a ``PokerfloorError`` whose message starts with the file (or template) name
and names the field (``levels.4.big_blind``) and what would be accepted.
"""

from __future__ import annotations

import functools
import json
import os
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament._bounty_rules import BountyRules
from pokerfloor.tournament._flight_rules import FlightRules
from pokerfloor.tournament._structure_model import (
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
)
from pokerfloor.tournament.limits import LEVEL_MINUTES_MAX
from pokerfloor.tournament.satellites import SatelliteRules

_TOP_KEYS = (
    "name", "level_minutes", "chips", "levels", "breaks", "entry", "bounty", "satellite", "flight",
)  # fmt: skip
_BOUNTY_KEYS: tuple[str, ...] = BountyRules.__struct_fields__
# The text settings of [satellite] and [flight]; the others are whole numbers.
_FORMAT_TABLES: dict[str, tuple[type[Any], tuple[str, ...]]] = {
    "satellite": (SatelliteRules, ("remainder", "double_seat")),
    "flight": (FlightRules, ("carry", "day1_ranking")),
}
_CHIP_KEYS = ("value", "colour_fr", "colour_en")
_LEVEL_KEYS = ("number", "small_blind", "big_blind", "ante", "bb_ante", "minutes")
_LEVEL_REQUIRED = ("small_blind", "big_blind")
_BREAK_KEYS = ("after_level", "minutes", "colour_up")
_ENTRY_INT_KEYS = (
    "starting_stack",
    "buy_in_cents",
    "fee_cents",
    "rebuy_until_level",
    "rebuy_chips",
    "rebuy_cents",
    "addon_chips",
    "addon_cents",
    "addon_break_after_level",
    "reentry_until_level",
    "late_registration_until_level",
    "late_registration_minutes",
)
_ENTRY_OPTIONAL_KEYS = ("max_rebuys", "max_reentries")
_ENTRY_KEYS: tuple[str, ...] = EntryRules.__struct_fields__

# Arrays and tables nested this deep at most (a structure needs 3: ``levels = [{ colour_up =
# [25] }]``). Python's TOML reader recurses on nesting and takes a time quadratic in a dotted
# key's length, so a deeper text is refused before it is read.
MAX_TOML_NESTING = 20
# The TOML text's strings and comments (skipped whole), else one character at a time.
_LEXEME = re.compile(
    r'"""(?:[^\\]|\\.)*?""""{0,2}|\'\'\'.*?\'\'\'\'{0,2}|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\''
    r"|#[^\n]*|[^\"'#\[\]{}.=,\n]+|.",
    re.DOTALL,
)


# ---- bundled templates --------------------------------------------------------------------


def _templates() -> Any:
    return resources.files("pokerfloor.tournament").joinpath("structures")


def bundled_structures() -> list[str]:
    """The names of the structure templates shipped with pokerfloor, sorted."""
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in _templates().iterdir()
        if entry.name.endswith(".toml")
    )


@functools.cache
def _bundled(name: str) -> Structure:
    text = _templates().joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return _parse(text, source=name)


def load_structure(path_or_text: str | os.PathLike[str]) -> Structure:
    """A bundled template by name, a structure file by path, or the TOML text itself."""
    if isinstance(path_or_text, str):
        if path_or_text in bundled_structures():
            return _bundled(path_or_text)
        if "\n" in path_or_text or ("=" in path_or_text and not _is_file(path_or_text)):
            return _parse(path_or_text, source="structure")
    path = Path(path_or_text)
    if not _is_file(path):
        names = bundled_structures()
        raise PokerfloorError(
            "STRUCTURE_NOT_FOUND",
            f"no structure named {str(path_or_text)!r}: use a template ({', '.join(names)}), "
            "the path of a .toml file, or the TOML text",
            {"name": str(path_or_text), "accepted": names},
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PokerfloorError(
            "STRUCTURE_INVALID",
            f"{path.name}: cannot read the file ({error})",
            {"source": str(path)},
        ) from error
    return _parse(text, source=path.name)


def _is_file(path: str | os.PathLike[str]) -> bool:
    try:
        return Path(path).is_file()
    except (OSError, ValueError):  # a name too long, a NUL byte...
        return False


# ---- reading ------------------------------------------------------------------------------


def _nesting(text: str) -> int:
    """How deep the TOML text nests arrays, tables and dotted keys, strings and comments
    aside (an estimate for a malformed text: the reader then refuses it)."""
    depth = deepest = dots = 0
    for match in _LEXEME.finditer(text):
        lexeme = match.group()
        if lexeme in ("[", "{"):
            depth, dots = depth + 1, 0
        elif lexeme in ("]", "}"):
            depth, dots = max(depth - 1, 0), 0
        elif lexeme == ".":
            dots += 1  # a dotted key nests one table more (a float's one dot is harmless)
        elif lexeme in ("=", ",", "\n"):
            dots = 0
        deepest = max(deepest, depth + dots)
    return deepest


def _parse(text: str, source: str) -> Structure:
    nesting = _nesting(text)
    if nesting > MAX_TOML_NESTING:
        raise PokerfloorError(
            "STRUCTURE_TOO_DEEP",
            f"{source}: arrays, tables or dotted keys nested {nesting} deep; a structure nests "
            f"them {MAX_TOML_NESTING} deep at most (it needs 3)",
            {"source": source, "nesting": nesting, "most": MAX_TOML_NESTING},
        )
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as error:
        # TOMLDecodeError is a ValueError; so is an integer of more than 4300 digits.
        params: dict[str, object] = {"source": source, "error": str(error)}
        if where := re.search(r"at line ([0-9]+), column ([0-9]+)", str(error)):
            params |= {"line": int(where[1]), "column": int(where[2])}
        raise PokerfloorError(
            "STRUCTURE_INVALID", f"{source}: not valid TOML ({error})", params
        ) from error
    try:
        return _build(data)
    except PokerfloorError as error:
        params = {"source": source, **error.params}
        raise PokerfloorError(error.code, f"{source}: {error.message}", params) from None


def _check_keys(where: str, table: Mapping[str, Any], accepted: tuple[str, ...]) -> None:
    for key in table:
        if key not in accepted:
            field = f"{where}.{key}" if where else key
            raise PokerfloorError(
                "STRUCTURE_UNKNOWN_FIELD",
                f"unknown field {field!r}; accepted: {', '.join(accepted)}",
                {"field": field, "accepted": list(accepted)},
            )


def _missing(field: str) -> PokerfloorError:
    return PokerfloorError("STRUCTURE_MISSING_FIELD", f"{field} is missing", {"field": field})


def _typed(field: str, value: Any, kind: type, accepted: str) -> Any:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        # As written, not the value itself: a float may be inf or nan (no JSON for them), a
        # table or an array may be long.
        shown = value if isinstance(value, str | int) else repr(value)
        shown = shown[:100] + "..." if isinstance(shown, str) and len(shown) > 100 else shown
        raise PokerfloorError(
            "STRUCTURE_BAD_VALUE",
            f"{field} = {shown!r} is not accepted; use {accepted}",
            {"field": field, "value": shown, "accepted": accepted},
        )
    return value


def _whole(field: str, value: Any) -> int:
    return int(_typed(field, value, int, "a whole number"))


def _tables(field: str, value: Any) -> list[Mapping[str, Any]]:
    _typed(field, value, list, "a list of tables { ... }")
    for position, item in enumerate(value, start=1):
        _typed(f"{field}.{position}", item, dict, "a table { key = value, ... }")
    return list(value)


def _build(data: Mapping[str, Any]) -> Structure:
    _check_keys("", data, _TOP_KEYS)
    for key in ("name", "chips", "levels", "entry"):
        if key not in data:
            raise _missing(key)
    name = _typed("name", data["name"], str, "a text")
    default_minutes = _whole("level_minutes", data.get("level_minutes", 20))
    if not 1 <= default_minutes <= LEVEL_MINUTES_MAX:
        raise PokerfloorError(
            "STRUCTURE_BAD_VALUE",
            f"level_minutes = {default_minutes} is not accepted; use 1 to {LEVEL_MINUTES_MAX}",
            {"field": "level_minutes", "value": default_minutes},
        )
    return Structure(
        name=name,
        chips=tuple(_chip(position, table) for position, table in _numbered("chips", data)),
        levels=tuple(
            _level(position, table, default_minutes)
            for position, table in _numbered("levels", data)
        ),
        breaks=tuple(_break(position, table) for position, table in _numbered("breaks", data)),
        entry=_entry(data["entry"]),
        bounty=_bounty(data["bounty"]) if "bounty" in data else None,
        satellite=_format_table("satellite", data["satellite"]) if "satellite" in data else None,
        flight=_format_table("flight", data["flight"]) if "flight" in data else None,
    )


def _numbered(key: str, data: Mapping[str, Any]) -> list[tuple[int, Mapping[str, Any]]]:
    return list(enumerate(_tables(key, data.get(key, [])), start=1))


def _chip(position: int, table: Mapping[str, Any]) -> ChipDenomination:
    where = f"chips.{position}"
    _check_keys(where, table, _CHIP_KEYS)
    for key in _CHIP_KEYS:
        if key not in table:
            raise _missing(f"{where}.{key}")
    return ChipDenomination(
        value=_whole(f"{where}.value", table["value"]),
        colour_fr=_typed(f"{where}.colour_fr", table["colour_fr"], str, "a text"),
        colour_en=_typed(f"{where}.colour_en", table["colour_en"], str, "a text"),
    )


def _level(position: int, table: Mapping[str, Any], default_minutes: int) -> Level:
    where = f"levels.{position}"
    _check_keys(where, table, _LEVEL_KEYS)
    for key in _LEVEL_REQUIRED:
        if key not in table:
            raise _missing(f"{where}.{key}")
    values = {key: _whole(f"{where}.{key}", table[key]) for key in _LEVEL_KEYS if key in table}
    values.setdefault("number", position)
    values.setdefault("minutes", default_minutes)
    return Level(**values)


def _break(position: int, table: Mapping[str, Any]) -> Break:
    where = f"breaks.{position}"
    _check_keys(where, table, _BREAK_KEYS)
    for key in ("after_level", "minutes"):
        if key not in table:
            raise _missing(f"{where}.{key}")
    colour_up = _typed(
        f"{where}.colour_up", table.get("colour_up", []), list, "a list of chip values, e.g. [25]"
    )
    return Break(
        after_level=_whole(f"{where}.after_level", table["after_level"]),
        minutes=_whole(f"{where}.minutes", table["minutes"]),
        colour_up=tuple(_whole(f"{where}.colour_up", value) for value in colour_up),
    )


def _entry(value: Any) -> EntryRules:
    table = _typed("entry", value, dict, "a table [entry]")
    _check_keys("entry", table, _ENTRY_KEYS)
    if "starting_stack" not in table:
        raise _missing("entry.starting_stack")
    values: dict[str, Any] = {}
    for key in (*_ENTRY_INT_KEYS, *_ENTRY_OPTIONAL_KEYS):
        if key in table:
            values[key] = _whole(f"entry.{key}", table[key])
    if "double_addon" in table:
        values["double_addon"] = _typed(
            "entry.double_addon", table["double_addon"], bool, "true or false"
        )
    return EntryRules(**values)


def _bounty(value: Any) -> BountyRules:
    """``[bounty]``: ``cents`` (required), ``progressive_percent``, ``rounding_cents``,
    ``last_bounty`` (_bounty_rules.py)."""
    table = _typed("bounty", value, dict, "a table [bounty]")
    _check_keys("bounty", table, _BOUNTY_KEYS)
    if "cents" not in table:
        raise _missing("bounty.cents")
    values: dict[str, Any] = {
        key: _whole(f"bounty.{key}", table[key])
        for key in ("cents", "progressive_percent", "rounding_cents")
        if key in table
    }
    if "last_bounty" in table:
        values["last_bounty"] = _typed(
            "bounty.last_bounty", table["last_bounty"], str, "winner or first_prize"
        )
    return BountyRules(**values)


def _format_table(key: str, value: Any) -> Any:
    """``[satellite]`` (``target_buy_in_cents`` required, ``remainder``, ``double_seat``) or
    ``[flight]`` (``stop_players``, ``stop_after_level``, ``carry``, ``day1_ranking``)."""
    kind, texts = _FORMAT_TABLES[key]
    table = _typed(key, value, dict, f"a table [{key}]")
    _check_keys(key, table, kind.__struct_fields__)
    if key == "satellite" and "target_buy_in_cents" not in table:
        raise _missing("satellite.target_buy_in_cents")
    values = {
        name: _typed(f"{key}.{name}", item, str, "a word")
        if name in texts
        else _whole(f"{key}.{name}", item)
        for name, item in table.items()
    }
    return kind(**values)


# ---- writing ------------------------------------------------------------------------------


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")  # pragma: no cover - internal


def _inline(pairs: list[tuple[str, Any]]) -> str:
    return "{ " + ", ".join(f"{key} = {_toml(value)}" for key, value in pairs) + " }"


def dump_structure(structure: Structure) -> str:
    """The structure as a TOML file that ``load_structure`` reads back to an equal structure."""
    minutes = {level.minutes for level in structure.levels}
    shared_minutes = minutes.pop() if len(minutes) == 1 else None
    lines = [f"name = {_toml(structure.name)}"]
    if shared_minutes is not None:
        lines.append(f"level_minutes = {shared_minutes}")
    lines += ["", "chips = ["]
    for chip in structure.chips:
        pairs = [
            ("value", chip.value),
            ("colour_fr", chip.colour_fr),
            ("colour_en", chip.colour_en),
        ]
        lines.append(f"  {_inline(pairs)},")
    lines += ["]", "", "levels = ["]
    for level in structure.levels:
        pairs = [
            ("number", level.number),
            ("small_blind", level.small_blind),
            ("big_blind", level.big_blind),
        ]
        pairs += [(key, getattr(level, key)) for key in ("ante", "bb_ante") if getattr(level, key)]
        if shared_minutes is None:
            pairs.append(("minutes", level.minutes))
        lines.append(f"  {_inline(pairs)},")
    lines += ["]", "", "breaks = ["]
    for break_ in structure.breaks:
        pairs = [("after_level", break_.after_level), ("minutes", break_.minutes)]
        if break_.colour_up:
            pairs.append(("colour_up", break_.colour_up))
        lines.append(f"  {_inline(pairs)},")
    lines += ["]", "", "[entry]"]
    entry = structure.entry
    defaults = EntryRules(starting_stack=entry.starting_stack)
    for key in _ENTRY_KEYS:
        value = getattr(entry, key)
        if key == "starting_stack" or (value is not None and value != getattr(defaults, key)):
            lines.append(f"{key} = {_toml(value)}")
    if structure.bounty is not None:
        lines += ["", "[bounty]"]
        lines += [f"{key} = {_toml(getattr(structure.bounty, key))}" for key in _BOUNTY_KEYS]
    for key, (kind, _) in _FORMAT_TABLES.items():
        rules = getattr(structure, key)
        if rules is not None:
            lines += ["", f"[{key}]"]
            lines += [f"{name} = {_toml(getattr(rules, name))}" for name in kind.__struct_fields__]
    return "\n".join(lines) + "\n"
