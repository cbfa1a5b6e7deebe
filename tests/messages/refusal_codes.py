"""Every refusal code the code base can raise, found in the source with ``ast`` (a test helper:
a new code is found as soon as it is written, without a list to keep).

A code is the first argument of a ``PokerfloorError`` (or of a subclass that takes a code:
``HandError``, ``PhhError``, ``ScenarioError``), of a subclass's ``super().__init__`` (the
``TOURNAMENT_DAMAGED`` of ``TournamentDamaged``), or of a helper that builds one from a ``code``
parameter (``clock._refuse``, ``hand._setup._bad``, ``prizes.whole``...). A code given as a
name is followed to the strings assigned to that name in the module (``_CODE = "..."``,
``code = "A" if ... else "B"``); a code copied from a caught error (``error.code``) is that
error's, found where it is raised.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pokerfloor

__all__ = ["PACKAGE", "RaiseSite", "refusal_codes", "refusal_sites"]

PACKAGE = Path(pokerfloor.__file__).parent
CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
BASE_ERROR = "PokerfloorError"


@dataclass(frozen=True)
class RaiseSite:
    code: str
    path: str  # relative to the package
    line: int
    params: frozenset[str] | None  # the keys of ``params`` when written out; None: not known
    has_text: bool = False  # an English text written at the raise site (the old style)


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _code_position(function: ast.FunctionDef, *, method: bool) -> int | None:
    names = [arg.arg for arg in (*function.args.posonlyargs, *function.args.args)]
    if method:
        names = names[1:]
    return names.index("code") if "code" in names else None


@dataclass
class _Module:
    path: Path
    tree: ast.Module
    # name assigned -> the expressions assigned to it anywhere in the module
    assigned: dict[str, list[ast.expr]]


def _modules() -> list[_Module]:
    modules = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(node.value)
            elif (
                isinstance(node, ast.AnnAssign)
                and node.value is not None
                and isinstance(node.target, ast.Name)
            ):
                assigned.setdefault(node.target.id, []).append(node.value)
        modules.append(_Module(path, tree, assigned))
    return modules


def _error_classes(modules: list[_Module]) -> dict[str, int | None]:
    """The refusal classes by name, each with the position of its ``code`` argument (None:
    the class sets its own code in ``super().__init__``)."""
    classes: dict[str, int | None] = {BASE_ERROR: 0}
    definitions = [
        node
        for module in modules
        for node in ast.walk(module.tree)
        if isinstance(node, ast.ClassDef)
    ]
    changed = True
    while changed:
        changed = False
        for node in definitions:
            if node.name in classes or not any(_name(base) in classes for base in node.bases):
                continue
            init = next(
                (
                    item
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__"
                ),
                None,
            )
            classes[node.name] = 0 if init is None else _code_position(init, method=True)
            changed = True
    return classes


def _factories(
    modules: list[_Module], classes: dict[str, int | None]
) -> dict[str, tuple[int, bool]]:
    """Functions that build a refusal from their ``code`` parameter: its position, and
    whether the function takes the refusal's params as keywords (``**params``)."""
    found: dict[str, tuple[int, bool]] = {}
    for module in modules:
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.FunctionDef) or node.name == "__init__":
                continue
            position = _code_position(node, method=False)
            if position is None:
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and _name(call.func) in classes
                    and call.args
                    and isinstance(call.args[0], ast.Name)
                    and call.args[0].id == "code"
                ):
                    found[node.name] = (position, node.args.kwarg is not None)
    return found


def _strings(module: _Module, node: ast.expr, seen: frozenset[str] = frozenset()) -> Iterator[str]:
    """The constant strings an expression can be (following names assigned in the module)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(module, node.body, seen)
        yield from _strings(module, node.orelse, seen)
    elif isinstance(node, ast.Name) and node.id not in seen:
        for value in module.assigned.get(node.id, ()):
            yield from _strings(module, value, seen | {node.id})


def _is_text(node: ast.expr) -> bool:
    """An English text written at the raise site (the old style's second argument)."""
    return isinstance(node, ast.JoinedStr | ast.BinOp) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _params(call: ast.Call, position: int) -> frozenset[str] | None:
    """The keys of the refusal's params when they are written out at the call."""
    keywords = [keyword for keyword in call.keywords if keyword.arg not in (None, "code")]
    given = call.args[position + 2] if len(call.args) > position + 2 else None
    second = call.args[position + 1] if len(call.args) > position + 1 else None
    if second is not None and not _is_text(second):
        given = second  # ``PokerfloorError(code, params)``: no text
    given = next((k.value for k in call.keywords if k.arg == "params"), given)
    if isinstance(given, ast.Dict):
        if any(key is None for key in given.keys):
            return None
        return frozenset(key.value for key in given.keys if isinstance(key, ast.Constant))
    if given is None and not any(keyword.arg is None for keyword in call.keywords):
        # a helper taking the params as keywords (``_refuse(code, message, **params)``)
        return frozenset(str(keyword.arg) for keyword in keywords if keyword.arg != "params")
    return None


@functools.cache  # one scan of the package per test process (each scan parses every module)
def refusal_sites() -> list[RaiseSite]:
    """Every place a refusal is built with a code that can be read from the source (the
    same list each call: do not change it)."""
    modules = _modules()
    classes = _error_classes(modules)
    factories = _factories(modules, classes)
    sites = []
    for module in modules:
        relative = str(module.path.relative_to(PACKAGE))
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            position: int | None = None
            keywords_are_params = name in classes
            if name in classes:
                position = classes[name]
            elif name in factories:
                position, keywords_are_params = factories[name]
            elif (
                name == "__init__"
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Call)
                and _name(node.func.value.func) == "super"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                position = 0
            if position is None:
                continue
            if len(node.args) > position:
                given = node.args[position]
            else:
                given = next((k.value for k in node.keywords if k.arg == "code"), None)
                if given is None:
                    continue
            params = _params(node, position) if keywords_are_params else None
            text = node.args[position + 1] if len(node.args) > position + 1 else None
            text = next((k.value for k in node.keywords if k.arg == "message"), text)
            has_text = text is not None and _is_text(text)
            for code in _strings(module, given):
                if CODE.fullmatch(code):
                    sites.append(RaiseSite(code, relative, node.lineno, params, has_text))
    return sites


def refusal_codes() -> set[str]:
    """Every refusal code the package can raise."""
    return {site.code for site in refusal_sites()}
