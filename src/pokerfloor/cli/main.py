"""Entry point of the ``pokerfloor`` command: one Typer app with a sub-command per area."""

from __future__ import annotations

import typer

from pokerfloor.cli.demo import demo
from pokerfloor.cli.floor import floor_app
from pokerfloor.cli.hand import hand_app
from pokerfloor.cli.phh import phh_app
from pokerfloor.cli.rules import rules_app
from pokerfloor.cli.serve import export_command, import_command, serve
from pokerfloor.cli.simulate import simulate_command
from pokerfloor.cli.verify_deck import verify_deck

app = typer.Typer(
    help="Tournois de No-Limit Hold'em selon le règlement / NLHE tournaments by the book.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("demo")(demo)
app.command("simulate")(simulate_command)
app.command("serve")(serve)
app.command("export")(export_command)
app.command("import")(import_command)
app.add_typer(phh_app, name="phh")
app.add_typer(rules_app, name="rules")
app.add_typer(hand_app, name="hand")
app.add_typer(floor_app, name="floor")
app.command("verify-deck")(verify_deck)


@app.callback()
def main() -> None:
    """Tournois de No-Limit Hold'em selon le règlement / NLHE tournaments by the book."""


if __name__ == "__main__":  # pragma: no cover
    app()
