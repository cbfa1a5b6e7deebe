"""``pokerfloor floor rule FILE``: rule on a dealing irregularity and print the ruling as JSON.

The file (YAML or JSON) names a ``profile`` (a bundled id or a house profile's path), a
``situation`` (``kind`` and its facts) and, optionally, an ``expect`` block; docs/floor.md
describes it. Exit 0, 1 when ``expect`` is not met, 2 when the file is invalid (the message
names the field).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml

from pokerfloor.cli._file_commands import invalid_file, print_ruling, read_file
from pokerfloor.errors import PokerfloorError
from pokerfloor.floor import (
    DECISIONS,
    FloorRuling,
    checked_facts,
    rule,
    rule_everywhere,
    situation_kind,
)
from pokerfloor.rules import RuleProfile, load_profile

floor_app = typer.Typer(
    help="Décisions d'arbitrage sur les incidents de donne / floor rulings on dealing errors.",
    no_args_is_help=True,
)

TOP_KEYS = ("profile", "situation", "expect")
EXPECT_KEYS = ("decision", "steps", "step_keys", "citations", "settings", "profiles")


class FloorFileError(PokerfloorError):
    """The situation file itself is invalid (exit code 2); the code is the hand scenarios' own
    (a situation file is a floor scenario), its ``field`` names the wrong field."""


@dataclass(frozen=True)
class FloorFile:
    profile: RuleProfile
    situation: str
    facts: dict[str, Any]
    expect: dict[str, Any] | None


def _fail(field: str, message: str) -> FloorFileError:
    return FloorFileError("SCENARIO_INVALID", f"{field}: {message}", {"field": field})


def load_floor_file(text: str) -> FloorFile:
    """The situation file ``text`` checked; a ``FloorFileError`` names the wrong field."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise _fail("file", f"not valid YAML or JSON ({error})") from None
    if not isinstance(data, dict):
        raise _fail("file", "expected a mapping with profile, situation and expect")
    for key in data:
        if key not in TOP_KEYS:
            raise _fail(str(key), f"unknown key; use {', '.join(TOP_KEYS)}")
    profile_ref = data.get("profile")
    if not isinstance(profile_ref, str) or not profile_ref:
        raise _fail("profile", "missing; give a bundled profile id or a profile file's path")
    try:
        profile = load_profile(profile_ref)
    except PokerfloorError as error:
        raise _fail("profile", error.message) from None
    situation = data.get("situation")
    if not isinstance(situation, dict):
        raise _fail("situation", "missing; give a mapping with kind and the facts")
    kind = situation.get("kind")
    if not isinstance(kind, str):
        raise _fail("situation.kind", "missing; name the situation")
    facts = {str(key): value for key, value in situation.items() if key != "kind"}
    try:
        checked_facts(situation_kind(kind), facts)
    except PokerfloorError as error:
        field = (
            "situation.kind"
            if error.code == "FLOOR_UNKNOWN_SITUATION"
            else (f"situation.{error.params.get('fact', '')}")
        )
        raise _fail(field, error.message) from None
    expect = data.get("expect")
    if expect is not None:
        if not isinstance(expect, dict):
            raise _fail("expect", f"expected a mapping of {', '.join(EXPECT_KEYS)}")
        for key in expect:
            if key not in EXPECT_KEYS:
                raise _fail(f"expect.{key}", f"unknown key; use {', '.join(EXPECT_KEYS)}")
        if "decision" in expect and expect["decision"] not in DECISIONS:
            raise _fail("expect.decision", f"use one of: {', '.join(DECISIONS)}")
    return FloorFile(profile, kind, facts, expect)


def ruling_output(ruling: FloorRuling, facts: dict[str, Any], lang: str) -> dict[str, Any]:
    """The JSON output of one ruling, with the decision under every bundled profile."""
    meaning = DECISIONS[ruling.decision]
    steps = [step.text for step in ruling.steps]
    if lang == "fr":
        from pokerfloor.web.floor_text import ruling_texts  # the catalogue, only when asked

        meaning, steps = ruling_texts(ruling, lang)
    return {
        "profile": ruling.profile,
        "situation": ruling.situation,
        "facts": dict(ruling.facts),
        "decision": ruling.decision,
        "meaning": meaning,
        "steps": steps,
        "step_keys": [step.key for step in ruling.steps],
        "citations": list(ruling.citations),
        "settings": list(ruling.settings),
        "profiles": {
            profile: {"decision": other.decision, "citations": list(other.citations)}
            for profile, other in rule_everywhere(ruling.situation, facts).items()
        },
    }


def check_expect(expect: dict[str, Any], output: dict[str, Any]) -> list[dict[str, Any]]:
    """The keys of ``expect`` that ``output`` does not meet (empty when all are met).

    A text is compared whole; a list must appear in the output's list in the same order (other
    items may come between); ``profiles`` maps a profile to its expected decision (or to a
    mapping with ``decision`` and ``citations``).
    """
    failures: list[dict[str, Any]] = []
    for key, expected in expect.items():
        if key == "profiles":
            _profiles(expected, output["profiles"], failures)
            continue
        _compare(key, expected, output[key], failures)
    return failures


def _profiles(expected: object, actual: dict[str, Any], failures: list[dict[str, Any]]) -> None:
    if not isinstance(expected, dict):
        failures.append({"key": "profiles", "expected": expected, "actual": actual})
        return
    for profile, wanted in expected.items():
        got = actual.get(str(profile))
        if got is None:
            failures.append({"key": f"profiles.{profile}", "expected": wanted, "actual": None})
            continue
        if isinstance(wanted, dict):
            for key, value in wanted.items():
                _compare(f"profiles.{profile}.{key}", value, got.get(str(key)), failures)
        else:
            _compare(f"profiles.{profile}", wanted, got["decision"], failures)


def _compare(path: str, expected: object, actual: object, failures: list[dict[str, Any]]) -> None:
    if isinstance(expected, list) and isinstance(actual, list):
        if not _in_order(expected, actual):
            failures.append({"key": path, "expected": expected, "actual": actual})
    elif expected != actual:
        failures.append({"key": path, "expected": expected, "actual": actual})


def _in_order(wanted: list[Any], items: list[Any]) -> bool:
    remaining = iter(items)
    return all(any(item == want for item in remaining) for want in wanted)


@floor_app.command("rule")
def rule_command(
    file: Annotated[Path, typer.Argument(help="Situation YAML ou JSON / YAML or JSON situation")],
    lang: Annotated[str, typer.Option("--lang", help="fr ou en / fr or en")] = "en",
) -> None:
    """Juge un incident de donne / rule on a dealing irregularity.

    Sortie / exit: 0; 1 expect non respecté / not met; 2 fichier invalide / invalid file.
    """
    if lang not in ("fr", "en"):
        typer.echo(f"--lang: use fr or en, not {lang!r}", err=True)
        raise typer.Exit(2)
    text = read_file(file)
    try:
        floor_file = load_floor_file(text)
    except FloorFileError as error:
        invalid_file(file, error.message)
    ruling = rule(floor_file.profile, floor_file.situation, floor_file.facts)
    output = ruling_output(ruling, floor_file.facts, lang)
    failures: list[dict[str, Any]] = []
    if floor_file.expect is not None:
        failures = check_expect(floor_file.expect, output)
        output["expect_failures"] = failures
    print_ruling(output, failures)
