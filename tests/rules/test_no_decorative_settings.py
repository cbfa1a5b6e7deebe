"""No decorative settings (issue 14 item 9): every setting of the profile schema is read by the
code it governs.

A setting shown to the TD with its citations but never read is a ruling the TD believes and
does not get. The test reads the source of the package (outside the schema itself) and collects
every setting key passed as a literal to a function that reads a value (``enum_value``,
``int_value``, ``bool_value``, ``list_value``, ``value`` on a profile; ``text``, ``number``,
``flag`` in ``hand/_rules.py``). A setting whose schema offers a single choice has nothing to
choose: citing it in a ruling (``cite``, ``citations``) is enough, since the code applies its
one meaning.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pokerfloor.rules._catalogue import SCHEMA

SOURCE = Path(__file__).resolve().parents[2] / "src" / "pokerfloor"
# The schema and the bundled profiles define the settings; they do not read them.
DEFINITIONS = {*(SOURCE / "rules").glob("_settings_*.py"), SOURCE / "rules" / "_catalogue.py"}
READERS = {"enum_value", "int_value", "bool_value", "list_value", "value", "text", "number", "flag"}
CITERS = {"cite", "citations"}


def _called_name(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    if isinstance(function, ast.Name):
        return function.id
    return ""


def _keys_in(node: ast.AST, keys: set[str], bound: dict[str, set[str]]) -> set[str]:
    """The setting keys an expression stands for: literals, and names bound to them."""
    found: set[str] = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Constant) and part.value in keys:
            found.add(str(part.value))
        elif isinstance(part, ast.Name):
            found |= bound.get(part.id, set())
    return found


def _keys_used() -> tuple[set[str], set[str]]:
    """The setting keys read for their value, and the keys only cited, across the package.

    A name assigned an expression holding keys (``_LADDER_KEY = "penalties.ladder"``,
    ``setting = "a" if facing else "b"``) stands for them wherever the same module passes it.
    """
    read: set[str] = set()
    cited: set[str] = set()
    keys = {spec.key for spec in SCHEMA}
    for path in SOURCE.rglob("*.py"):
        if path in DEFINITIONS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bound: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        bound.setdefault(target.id, set()).update(_keys_in(node.value, keys, {}))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _called_name(node)
            for argument in node.args:
                found = _keys_in(argument, keys, bound)
                (read if name in READERS else cited).update(found)
    return read, cited


READ, CITED = _keys_used()


@pytest.mark.parametrize("spec", SCHEMA, ids=lambda spec: spec.key)
def test_every_setting_is_read_by_the_code_it_governs(spec: object) -> None:
    key = spec.key  # type: ignore[attr-defined]
    single_choice = spec.kind == "enum" and len(spec.choices) == 1  # type: ignore[attr-defined]
    if single_choice:
        assert key in READ or key in CITED, f"{key} is neither read nor cited by any ruling"
    else:
        assert key in READ, (
            f"{key} offers several values but no code reads which one the profile chose"
        )


def test_the_scan_finds_known_readers() -> None:
    """The scan itself works: settings read in known places are found (a guard against a test
    that passes because it reads nothing)."""
    assert "betting.under_call" in READ  # hand/_rules.py, text("betting.under_call")
    assert "tournament.heads_up_transition" in READ  # tournament/positions.py, enum_value
    assert "pots.side_pots_split_separately" in CITED  # hand/_showdown.py, rules.cite
