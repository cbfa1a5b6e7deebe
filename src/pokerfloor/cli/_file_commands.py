"""What ``pokerfloor hand run`` and ``pokerfloor floor rule`` share: a file read or refused,
and the ruling printed as JSON with the exit code (0; 1 ``expect`` not met; 2 invalid file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

__all__ = ["invalid_file", "print_ruling", "read_file"]


def invalid_file(file: Path, message: str) -> NoReturn:
    """Say why ``file`` is refused and exit with 2."""
    typer.echo(f"{file}: {message}", err=True)
    raise typer.Exit(2)


def read_file(file: Path) -> str:
    """``file``'s text, or exit with 2 when it cannot be read."""
    try:
        return file.read_text(encoding="utf-8")
    except OSError as error:
        invalid_file(file, f"cannot read the file: {error.strerror}")


def print_ruling(output: dict[str, Any], failures: list[dict[str, Any]]) -> NoReturn:
    """Print ``output`` as JSON; exit with 1 when ``expect`` was not met, else 0."""
    typer.echo(json.dumps(output, ensure_ascii=False, indent=2))
    raise typer.Exit(1 if failures else 0)
