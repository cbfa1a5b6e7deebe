"""``pokerfloor phh``: replay Poker Hand History files with the engine, write hands as PHH."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pokerfloor.errors import PokerfloorError
from pokerfloor.formats.phh import (
    PHH_PROFILE,
    PhhError,
    export_phh,
    load_phh,
    play_random_hand,
    replay_phh,
)
from pokerfloor.rules import load_profile

phh_app = typer.Typer(
    help="Historiques de mains PHH / Poker Hand History files (PHH).",
    no_args_is_help=True,
    add_completion=False,
)

EXIT_MISMATCH = 1
EXIT_INVALID = 2


@phh_app.command("replay")
def replay(
    files: list[Path] = typer.Argument(..., help="Fichiers .phh / .phh files"),  # noqa: B008
    check: bool = typer.Option(
        False,
        "--check",
        help="Code 1 si une pile finale diffère / exit 1 when finishing stacks differ",
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Refuser les abandons omis / refuse omitted folds instead of inferring them",
    ),
    profile: str = typer.Option(PHH_PROFILE, help="Profil de règles / rule profile (id or path)"),
    seed: int = typer.Option(0, help="Graine des cartes inconnues / seed for unknown cards"),
) -> None:
    """Rejoue chaque main, une ligne JSON par main / replay each hand, one JSON line per hand.

    Exit codes: 0 ok; 1 with --check when finishing stacks differ or the engine refuses an
    action; 2 when a file is unreadable or invalid (the message names the file and the field).
    """
    _check_profile(profile)
    invalid = mismatched = False
    for path in files:
        name = str(path)
        try:
            result = replay_phh(load_phh(path), profile=profile, seed=seed, strict=strict)
        except PhhError as error:
            invalid = True
            where = f"field {error.field!r}: " if error.field else ""
            typer.echo(f"{name}: {where}{error.message}", err=True)
            typer.echo(json.dumps(_invalid(name, error), ensure_ascii=False))
            continue
        typer.echo(json.dumps(result.as_dict(name), ensure_ascii=False))
        if result.match:
            continue
        mismatched = True
        if check:
            if result.error is not None:
                typer.echo(f"{name}: engine refused {result.error['message']}", err=True)
            for difference in result.differences:
                typer.echo(
                    f"{name}: {difference['player']} ({difference['name']}) finishes with "
                    f"{difference['replay']}, the file says {difference['expected']} "
                    f"({difference['difference']:+d})",
                    err=True,
                )
    if invalid:
        raise typer.Exit(EXIT_INVALID)
    if check and mismatched:
        raise typer.Exit(EXIT_MISMATCH)


def _check_profile(profile: str) -> None:
    try:
        load_profile(profile)
    except PokerfloorError as error:
        typer.echo(f"--profile: {error.message}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


def _invalid(name: str, error: PhhError) -> dict[str, object]:
    return {
        "file": name,
        "match": False,
        "error": {"code": error.code, "field": error.field, "message": error.message},
    }


@phh_app.command("export")
def export(
    players: int = typer.Option(6, min=2, max=10, help="Nombre de joueurs / number of players"),
    seed: int = typer.Option(0, help="Graine de la main / seed of the hand"),
    out: Path | None = typer.Option(  # noqa: B008
        None, help="Fichier de sortie / output file (default: standard output)"
    ),
    profile: str = typer.Option(PHH_PROFILE, help="Profil de règles / rule profile (id or path)"),
) -> None:
    """Joue une main aléatoire et l'écrit en PHH / play a random hand and write it as PHH.

    Replay the file with the same ``--profile`` to reach the same finishing stacks.
    """
    _check_profile(profile)
    try:
        text = export_phh(play_random_hand(players, seed, profile))
    except PokerfloorError as error:
        typer.echo(f"{error.code}: {error.message}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
