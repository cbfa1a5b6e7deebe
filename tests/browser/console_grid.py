"""The console's table grid driven as the TD does: a click on a player's name opens their
actions; the other players busted in the same hand are ticked in that dialog. Shared by the
browser evenings."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import wait_until


def idle(page: Page) -> None:
    """No htmx request under way."""
    wait_until(page, "!document.querySelector('.htmx-request')")


def open_player(page: Page, name: str) -> None:
    """The dialog of ``name``'s actions, opened from the grid."""
    idle(page)
    page.locator(
        "#console-tables button.seat-player", has_text=re.compile(f"^{re.escape(name)}$")
    ).click()
    dialog = page.locator("#console-dialog")
    expect(dialog.locator("#console-dialog-title")).to_have_text(name)
    wait_until(page, "document.getElementById('console-dialog').open")


def grid_bust(
    page: Page,
    table_no: int,
    names: list[str],
    stacks: list[int] | None = None,
    rebuy: bool = False,
) -> None:
    """The busts of one hand at one table: the first name's dialog, the others ticked in it."""
    first, *others = names
    open_player(page, first)
    dialog = page.locator("#console-dialog")
    if others or stacks:
        dialog.locator("details.same-hand > summary").click()
    for name in others:
        dialog.get_by_label(re.compile(rf"Siège \d+ : {re.escape(name)}$")).check()
    for name, stack in zip(names, stacks or [], strict=False):
        dialog.get_by_label(f"Tapis de départ de {name}", exact=True).fill(str(stack))
    button = "Éliminé + recave" if rebuy else "Éliminé"
    dialog.get_by_role("button", name=button, exact=True).click()
    flash = page.locator("#flash")
    if rebuy:
        expect(flash).to_contain_text("Élimination et recave enregistrées")
    else:
        expect(flash).to_contain_text(f"Élimination enregistrée à la table {table_no}")
    for name in names:
        expect(flash).to_contain_text(name)
    expect(page.locator("#console-dialog")).not_to_have_attribute("open", "")
    idle(page)


def grid_entry(page: Page, name: str, kind: str) -> None:
    """A rebuy (``Recave``) or an add-on (``Add-on``) from the player's dialog."""
    open_player(page, name)
    page.locator("#console-dialog").get_by_role("button", name=kind, exact=True).click()
    said = "Recave enregistrée" if kind == "Recave" else "Add-on enregistré"
    expect(page.locator("#flash")).to_contain_text(f"{said} pour {name}.")
    idle(page)
