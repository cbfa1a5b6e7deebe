"""``pokerfloor phh``: replay Poker Hand History files (``.phh``, ``.phhs``) with the engine,
check a whole corpus, write hands as PHH."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from pokerfloor.errors import PokerfloorError
from pokerfloor.formats._phh_check import CorpusSummary, check_corpus, corpus_files, replay_items
from pokerfloor.formats.phh import (
    PHH_PROFILE,
    PhhError,
    PhhResult,
    export_phh,
    play_random_hand,
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
    files: list[Path] = typer.Argument(..., help="Fichiers .phh, .phhs / .phh, .phhs files"),  # noqa: B008
    check: bool = typer.Option(
        False,
        "--check",
        help="Code 1 si une pile ou un gain diffère / exit 1 when stacks or winnings differ",
    ),
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Refuser les abandons omis / refuse omitted folds instead of inferring them",
    ),
    profile: str = typer.Option(PHH_PROFILE, help="Profil de règles / rule profile (id or path)"),
    seed: int = typer.Option(0, help="Graine des cartes inconnues / seed for unknown cards"),
    full_engine: bool = typer.Option(
        False,
        "--full-engine",
        help="Rejouer chaque main avec le moteur complet (débogage) / replay every hand with "
        "the full engine (debugging; same results, slower)",
    ),
) -> None:
    """Rejoue chaque main, une ligne JSON par main / replay each hand, one JSON line per hand.

    A ``.phhs`` file holds a hand per TOML table (``[1]``, ``[2]``...); a hand that cannot be
    read is reported with its table and field and the next hands are replayed. Exit codes: 0
    ok; 1 with --check when an action is refused, the hand is unfinished, or the winnings or
    finishing stacks disagree (a rake after a flop within the room's limit is not a
    disagreement); 2 when a file or a hand is unreadable or
    invalid (the message names the file, the table and the field).
    """
    _check_profile(profile)
    invalid = mismatched = False
    for path in files:
        name = str(path)
        try:
            for item, result, error in replay_items(
                path, profile=profile, seed=seed, strict=strict, full_engine=full_engine
            ):
                where = item.where(name)
                if result is None:
                    assert error is not None
                    invalid = True
                    _say_invalid(where, error)
                    typer.echo(json.dumps(_invalid(name, item.key, error), ensure_ascii=False))
                    continue
                typer.echo(json.dumps(result.as_dict(name, item.key), ensure_ascii=False))
                if result.match:
                    continue
                mismatched = True
                if check:
                    _say_mismatch(where, result)
        except PhhError as error:  # the file itself cannot be read
            invalid = True
            _say_invalid(name, error)
            typer.echo(json.dumps(_invalid(name, None, error), ensure_ascii=False))
    if invalid:
        raise typer.Exit(EXIT_INVALID)
    if check and mismatched:
        raise typer.Exit(EXIT_MISMATCH)


def _say_invalid(where: str, error: PhhError) -> None:
    field = f"field {error.field!r}: " if error.field else ""
    typer.echo(f"{where}: {field}{error.message}", err=True)


def _say_mismatch(where: str, result: PhhResult) -> None:
    if result.error is not None:
        typer.echo(f"{where}: engine refused {result.error['message']}", err=True)
    elif not result.complete:
        typer.echo(
            f"{where}: main inachevée / incomplete hand: the file stops before the hand is over",
            err=True,
        )
    text = result.phh.amount_text
    verbs = (("finishes with", "the file says"), ("collects", "the file's winnings say"))
    for agreement, (verb, says) in zip(
        (result.finishing_check, result.winnings_check), verbs, strict=True
    ):
        if agreement.status != "mismatch":
            continue
        if agreement.reason in REASONS:
            typer.echo(f"{where}: {REASONS[agreement.reason]}", err=True)
        for difference in agreement.differences:
            typer.echo(
                f"{where}: {difference['player']} ({difference['name']}) {verb} "
                f"{text(difference['replay'])}, {says} {text(difference['expected'])} "
                f"({difference['difference']:+d})",
                err=True,
            )


REASONS = {
    "rake_over_limit": "prélèvement au-delà du plafond de la salle / rake over the room's limit",
    "paid_nothing_by_file": "le fichier ne paie rien à un joueur que le rejeu paie / the file "
    "pays nothing to a player the replay pays",
}


def _check_profile(profile: str) -> None:
    try:
        load_profile(profile)
    except PokerfloorError as error:
        typer.echo(f"--profile: {error.message}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


def _invalid(name: str, key: str | None, error: PhhError) -> dict[str, object]:
    return {
        "file": name,
        "hand": key,
        "match": False,
        "legal": False,
        "error": {"code": error.code, "field": error.field, "message": error.message},
    }


@phh_app.command("check")
def check_command(
    folder: Path = typer.Argument(..., help="Dossier de fichiers PHH / folder of PHH files"),  # noqa: B008
    profile: str = typer.Option(PHH_PROFILE, help="Profil de règles / rule profile (id or path)"),
    seed: int = typer.Option(0, help="Graine des cartes inconnues / seed for unknown cards"),
    examples: int = typer.Option(3, min=0, help="Exemples par cas / examples per case"),
    as_json: bool = typer.Option(False, "--json", help="Résumé en JSON / summary as JSON"),
    quiet: bool = typer.Option(False, help="Sans barre de progression / no progress bar"),
    full_engine: bool = typer.Option(
        False,
        "--full-engine",
        help="Rejouer chaque main avec le moteur complet (débogage) / replay every hand with "
        "the full engine (debugging; same results, slower)",
    ),
) -> None:
    """Rejoue tout un corpus et le résume / replay a whole corpus and sum it up.

    Every ``.phh`` and ``.phhs`` file under the folder is replayed. Exit codes: 0 when no
    hand fails (no action refused, no hand unfinished, no winnings or finishing stacks in
    disagreement beyond the room's rake limit); 1 otherwise; 2 when the folder holds no PHH
    file. A showdown whose cards the file does not give is counted apart, not as agreeing.
    """
    _check_profile(profile)
    if not folder.is_dir():
        typer.echo(f"{folder}: not a folder", err=True)
        raise typer.Exit(EXIT_INVALID)
    files = corpus_files(folder)
    if not files:
        typer.echo(f"{folder}: no .phh or .phhs file", err=True)
        raise typer.Exit(EXIT_INVALID)
    console = Console(stderr=as_json)
    total = sum(path.stat().st_size for path in files)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("mains/hands {task.fields[hands]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=quiet,
    ) as bar:
        task = bar.add_task("octets lus / bytes read", total=total, hands=0)

        def report(path: Path, hands: int) -> None:
            bar.update(task, advance=path.stat().st_size, hands=hands)

        summary = check_corpus(
            files,
            profile=profile,
            seed=seed,
            examples=examples,
            progress=report,
            full_engine=full_engine,
        )
    if as_json:
        typer.echo(json.dumps(summary.as_dict(), ensure_ascii=False))
    else:
        _print_summary(console, summary)
    if not summary.clean:
        raise typer.Exit(EXIT_MISMATCH)


def _print_summary(console: Console, summary: CorpusSummary) -> None:
    table = Table(title="Corpus PHH / PHH corpus")
    table.add_column("")
    table.add_column("", justify="right")
    rows: list[tuple[str, object]] = [
        ("Fichiers / files", summary.files),
        ("Mains lues / hands read", summary.hands),
        ("Mains rejouées / hands replayed", summary.replayed),
        ("Sans action refusée / every action legal", summary.legal),
        ("Mains par seconde / hands per second", f"{summary.hands_per_second:,.0f}"),
        (
            "Gains sans flop à l'unité près / no-flop winnings to the unit",
            f"{summary.no_flop_agree} / {summary.no_flop_compared}",
        ),
    ]
    rows += [(f"Gains / winnings: {status}", count) for status, count in _sorted(summary.winnings)]
    rows += [
        (f"Piles finales / finishing stacks: {status}", count)
        for status, count in _sorted(summary.finishing)
    ]
    rows += [(f"Échecs / failed: {kind}", count) for kind, count in _sorted(summary.failed)]
    rows += [
        (
            "À part : résultat du fichier, cartes inconnues / apart: result from the file, "
            "cards unknown",
            summary.apart["cards_unknown"],
        )
    ]
    rows += [(f"Écartées / skipped: {reason}", count) for reason, count in _sorted(summary.skipped)]
    rows += [(f"Refusées / refused: {code}", count) for code, count in _sorted(summary.refused)]
    for label, value in rows:
        table.add_row(label, str(value))
    console.print(table)
    for kind, texts in sorted(summary.found.items()):
        console.print(f"[bold]{kind}[/bold]")
        for text in texts:
            console.print(f"  {text}", markup=False)


def _sorted(counts: Any) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


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
