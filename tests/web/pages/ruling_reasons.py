"""Every reason the hand engine writes in a ruling (``Ruling.reason``), found in the source with
``ast`` (a test helper): the floor calculator shows them translated, so a new one must have
its French.

A reason is the ``reason`` argument of ``Ruling(...)`` or of the helpers that build one in
``hand/_live.py`` (``_ruling``, ``_raise_to``, ``_restrict``), followed through the names
assigned in the same function and through conditional expressions, or a reason a helper builds
on the one it was given (``reason = f"{reason}; ..."``). An f-string is kept as a
pattern: a ``{...}`` of a name set in the function to words is followed, any other stands for
any text (a number, or a reason built earlier).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from tests.web.pages.refusal_codes import PACKAGE

__all__ = ["ReasonTemplate", "ruling_reason_templates"]

# Every module of the hand engine that may write a ruling.
MODULES = tuple(sorted(str(path.relative_to(PACKAGE)) for path in (PACKAGE / "hand").glob("_*.py")))
# The callables that take a ruling's reason, and the position of that argument.
REASON_ARGUMENT = {"Ruling": 1, "_ruling": 2, "_raise_to": 3, "_restrict": 2}
ANY = "\x00"  # a {...} of an f-string


@dataclass(frozen=True)
class ReasonTemplate:
    text: str  # literal text, ANY where the engine fills something in
    where: str

    def pattern(self) -> re.Pattern[str]:
        """What the text can be: each ``{...}`` any text."""
        return re.compile(".+".join(re.escape(part) for part in self.text.split(ANY)))


def _assignments(function: ast.AST) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node.value)
    return found


def _texts(
    node: ast.expr, names: dict[str, list[ast.expr]], parameters: set[str], seen: frozenset[str]
) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        texts = [""]
        for value in node.values:
            if isinstance(value, ast.Constant):
                choices = [str(value.value)]
            else:
                assert isinstance(value, ast.FormattedValue)
                # a name set in the function to words (``what``, ``situation``) is followed;
                # anything else is filled in by the engine
                choices = list(_texts(value.value, names, parameters, seen)) or [ANY]
            texts = [text + choice for text in texts for choice in choices]
        yield from texts
    elif isinstance(node, ast.IfExp):
        yield from _texts(node.body, names, parameters, seen)
        yield from _texts(node.orelse, names, parameters, seen)
    elif isinstance(node, ast.Name):
        if node.id in parameters or node.id in seen:
            return  # the caller's reason (found at the call), or one built on it
        for value in names.get(node.id, ()):
            yield from _texts(value, names, parameters, seen | {node.id})
    else:
        yield ANY  # something built otherwise: matches any message


def ruling_reason_templates() -> list[ReasonTemplate]:
    """Every reason the engine can write, as text with ``ANY`` for what it fills in."""
    templates = []
    for module in MODULES:
        tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            names = _assignments(function)
            parameters = {arg.arg for arg in function.args.args}
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                callee = node.func.id if isinstance(node.func, ast.Name) else None
                position = REASON_ARGUMENT.get(callee or "")
                if position is None or len(node.args) <= position:
                    continue
                for text in _texts(node.args[position], names, parameters, frozenset()):
                    if text.strip(ANY):  # not a reason passed on unchanged
                        templates.append(ReasonTemplate(text, f"{module}:{node.lineno}"))
            # a reason built on the caller's (``reason = f"{reason}; ..."``)
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name)
                    and target.id in parameters
                    and target.id.endswith("reason")
                    for target in node.targets
                ):
                    for text in _texts(node.value, names, parameters, frozenset()):
                        templates.append(ReasonTemplate(text, f"{module}:{node.lineno}"))
    return templates
