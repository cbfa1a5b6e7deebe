"""Issue 30, item 4: the pages send typed commands (the msgspec structs of app/commands.py and
app/club_commands.py), never a command's name as a string; a command built in code is checked
against its bounds as the API's decoder checks one (msgspec does not check a struct it is
handed), so a page still refuses a field out of bounds by its name, and nothing is recorded."""

from __future__ import annotations

import ast
from pathlib import Path

from starlette.requests import Request

from pokerfloor.app.commands import SetRoomScreen
from pokerfloor.web import pages
from pokerfloor.web.pages.common._common import run
from tests.web.pages.conftest import Venue

PAGES = Path(pages.__file__).parent


def test_issue_30_item_4_no_page_sends_a_command_by_its_name() -> None:
    named = []
    for path in sorted(PAGES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("run", "run_form"):
                kind = node.args[2] if len(node.args) > 2 else None
                if isinstance(kind, ast.Constant):
                    named.append(f"{path.relative_to(PAGES)}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "club_run":
                kind = node.args[2] if len(node.args) > 2 else None
                if isinstance(kind, ast.Constant):
                    named.append(f"{path.relative_to(PAGES)}:{node.lineno}")
            if isinstance(node, ast.Dict) and any(
                isinstance(key, ast.Constant)
                and key.value == "type"
                and isinstance(value, ast.Constant)
                for key, value in zip(node.keys, node.values, strict=True)
            ):
                named.append(f"{path.relative_to(PAGES)}:{node.lineno} {{'type': ...}}")
    assert named == []


def test_issue_30_item_4_a_typed_command_is_checked_against_its_bounds(venue: Venue) -> None:
    venue.evening("club", players=4)
    before = venue.service.version("club")
    app = venue.td.app
    scope = {"type": "http", "app": app, "headers": [], "method": "POST", "path": "/"}
    request = Request({**scope, "query_string": b""})
    refusal = run(request, "club", SetRoomScreen(club_name="Le Club", message="x" * 100_000))
    # The command's own bound (500), named by its field as the API's decoder names it; not
    # the core's refusal of a text its screen cannot show (ROOM_TEXT_TOO_LONG, 120).
    assert refusal is not None and "500" in refusal and "ROOM_TEXT_TOO_LONG" not in refusal
    assert venue.service.version("club") == before
    assert run(request, "club", SetRoomScreen(club_name="Le Club", message="Bonsoir")) is None
    assert venue.service.version("club") == before + 1
