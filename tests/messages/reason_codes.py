"""Every reason code the hand engine can record in a ruling, found in the source with ``ast``
(a test helper: a new reason is found as soon as it is written, without a list to keep).

A reason is a ``Reason(...)`` call of ``pokerfloor.hand``; its code is a string, or an f-string
whose ``{...}`` parts are written in capitals at run time (``f"THEN_{kind.upper()}_TO"``),
kept as a pattern that each part stands for a word in.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from tests.messages.refusal_codes import PACKAGE

__all__ = ["ReasonSite", "reason_sites"]


@dataclass(frozen=True)
class ReasonSite:
    pattern: str  # a regular expression for the code: the literal code, or the f-string's shape
    where: str

    def matches(self, code: str) -> bool:
        return re.fullmatch(self.pattern, code) is not None


def _pattern(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(re.escape(str(value.value)))
            else:
                parts.append("[A-Z_]+")
        return "".join(parts)
    if (  # f"...".upper()
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "upper"
    ):
        inner = _pattern(node.func.value)
        return inner.upper() if inner else None
    if isinstance(node, ast.IfExp):
        body, orelse = _pattern(node.body), _pattern(node.orelse)
        return f"(?:{body}|{orelse})" if body and orelse else None
    return None


def _assigned(tree: ast.Module) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
    return found


def reason_sites() -> list[ReasonSite]:
    """Each ``Reason(code, ...)`` (or ``rules.ruling(decision, code, setting)``, which makes
    one) of the hand engine whose code is written out (a code passed on from a caught refusal,
    ``Reason(invalid.code, ...)``, is a refusal's: it is not listed)."""
    sites = []
    for path in sorted((PACKAGE / "hand").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assigned = _assigned(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name) and node.func.id == "Reason" and node.args:
                code = node.args[0]
            elif (  # a profile's ruling made once: ``rules.ruling(decision, code, setting)``
                isinstance(node.func, ast.Attribute)
                and node.func.attr == "ruling"
                and len(node.args) == 3
            ):
                code = node.args[1]
            else:
                continue
            # A code held by a name: each string assigned to it in the module.
            given = assigned.get(code.id, []) if isinstance(code, ast.Name) else [code]
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            for value in given:
                pattern = _pattern(value)
                if pattern is not None:
                    sites.append(ReasonSite(pattern, where))
    return sites
