"""``pokerfloor rules``: list the rule profiles, show one setting by setting, compare two."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pokerfloor.errors import PokerfloorError
from pokerfloor.rules import (
    SCHEMA,
    Lang,
    RuleProfile,
    Setting,
    SettingSpec,
    bundled_profile_ids,
    diff_profiles,
    format_value,
    load_profile,
)

rules_app = typer.Typer(
    help="Profils de règles / rule profiles (TDA, ROPTA, clubs).",
    no_args_is_help=True,
)


class Language(StrEnum):
    fr = "fr"
    en = "en"


PROFILE_HELP = "Profil fourni ou fichier TOML / bundled profile id or TOML file path"
ProfileArgument = Annotated[str, typer.Argument(help=PROFILE_HELP)]
LanguageOption = Annotated[
    Language | None,
    typer.Option("--lang", help="fr ou en ; les deux par défaut / fr or en; both by default"),
]


def _languages(lang: Language | None) -> tuple[Lang, ...]:
    if lang is Language.fr:
        return ("fr",)
    if lang is Language.en:
        return ("en",)
    return ("fr", "en")


def _load_or_exit(id_or_path: str) -> RuleProfile:
    """Load a profile; a refusal prints its message and exits with code 2."""
    try:
        return load_profile(id_or_path)
    except PokerfloorError as error:
        Console(stderr=True).print(
            f"[bold red]Erreur / Error[/] ({error.code}): {escape(error.message)}", soft_wrap=True
        )
        raise typer.Exit(code=2) from error


@rules_app.command("list")
def list_profiles() -> None:
    """Liste les profils fournis / list the bundled profiles."""
    table = Table(title="Profils de règles / Rule profiles")
    table.add_column("id", no_wrap=True)
    table.add_column("Titre (FR)")
    table.add_column("Title (EN)")
    for profile_id in bundled_profile_ids():
        profile = load_profile(profile_id)
        table.add_row(profile.id, profile.title_fr, profile.title_en)
    Console().print(table)


@rules_app.command("show")
def show(
    profile: ProfileArgument,
    lang: LanguageOption = None,
) -> None:
    """Montre chaque réglage d'un profil / show every setting of a profile."""
    loaded = _load_or_exit(profile)
    languages = _languages(lang)
    console = Console()
    console.print(f"[bold]{escape(loaded.id)}[/]", soft_wrap=True)
    for language in languages:
        console.print(f"  {escape(loaded.title(language))}", soft_wrap=True)
    if loaded.extends:
        console.print(f"  extends: {escape(loaded.extends)}", soft_wrap=True)
    section = ""
    for spec in SCHEMA:
        if spec.section != section:
            section = spec.section
            console.rule(escape(f"[{section}]"))
        _print_setting(console, spec, loaded.settings[spec.key], languages)


@rules_app.command("diff")
def diff(
    a: ProfileArgument,
    b: ProfileArgument,
    lang: LanguageOption = None,
) -> None:
    """Montre les réglages qui diffèrent / show the settings that differ."""
    profile_a, profile_b = _load_or_exit(a), _load_or_exit(b)
    languages = _languages(lang)
    differences = diff_profiles(profile_a, profile_b)
    console = Console()
    if not differences:
        console.print(
            f"{escape(profile_a.id)} = {escape(profile_b.id)}: aucune différence / no difference",
            soft_wrap=True,
        )
        return
    console.print(
        f"{escape(profile_a.id)} ≠ {escape(profile_b.id)}: {len(differences)} "
        "réglage(s) différent(s) / setting(s) differ",
        soft_wrap=True,
    )
    for difference in differences:
        console.rule()
        console.print(f"[bold]{difference.key}[/]", soft_wrap=True)
        for language in languages:
            console.print(f"  {escape(difference.spec.label(language))}", soft_wrap=True)
        for name, setting in ((profile_a.id, difference.a), (profile_b.id, difference.b)):
            _print_value(console, name, difference.spec, setting, languages)


def _print_setting(
    console: Console, spec: SettingSpec, setting: Setting, languages: tuple[Lang, ...]
) -> None:
    console.print(f"[bold]{spec.key}[/]", soft_wrap=True)
    for language in languages:
        console.print(f"  {language}: {escape(spec.label(language))}", soft_wrap=True)
    _print_value(console, "=", spec, setting, languages)


def _print_value(
    console: Console,
    name: str,
    spec: SettingSpec,
    setting: Setting,
    languages: tuple[Lang, ...],
) -> None:
    console.print(
        f"  [cyan]{escape(name)}[/] [bold green]{escape(format_value(setting.value))}[/]",
        soft_wrap=True,
    )
    for language in languages:
        console.print(
            f"      {language}: {escape(spec.explain(setting.value, language))}", soft_wrap=True
        )
    console.print(f"      [dim]cite: {escape('; '.join(setting.citations))}[/]", soft_wrap=True)
