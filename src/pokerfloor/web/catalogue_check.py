"""Checks that every message of the web pages is translated into French.

``python -m pokerfloor.web.catalogue_check`` lists the messages that are missing from the
French catalogues, untranslated, fuzzy, or translated differently in two page catalogues (and
exits 1 when there are any); the test suite runs the same check, so CI fails on such a message.
Messages are found by Babel's extractors: the ``_()``/``ngettext()``/``N_()``/``Np_()`` calls of
the page modules, of the message catalogue (``pokerfloor.messages``: every refusal's and ruling
reason's sentence) and the templates' ``_()`` calls.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

__all__ = ["extracted", "problems"]

WEB = Path(__file__).parent
# The core's message catalogue: its sentences are shown on the pages like their own.
MESSAGES = WEB.parent / "messages"
# ``Np_``: a plural marked where it is written (the message catalogue).
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "Np_": (1, 2)}
METHODS = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
OPTIONS = {"**/templates/**.html": {"extensions": "jinja2.ext.i18n"}}


def extracted() -> dict[str, list[str]]:
    """Every message of the pages (its singular form) and where it is used."""
    found: dict[str, list[str]] = {}
    for folder in (WEB, MESSAGES):
        for filename, line, message, _comments, _context in extract_from_dir(
            folder, METHODS, options_map=OPTIONS, keywords=KEYWORDS
        ):
            key = message if isinstance(message, str) else message[0]
            if key:
                found.setdefault(key, []).append(f"{folder.name}/{filename}:{line}")
    return found


def problems(language: str = "fr", locale_dir: Path | None = None) -> list[str]:
    """What is wrong with the catalogues of ``language`` (in ``locale_dir``, by default the
    package's): one line per message."""
    translated: set[str] = set()
    # The catalogues are merged: one message must read the same on every page.
    seen: dict[str, tuple[str, tuple[str, ...]]] = {}
    lines: list[str] = []
    for path in sorted((locale_dir or WEB / "locale").joinpath(language).glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale=language):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if not key:
                    continue
                strings = (
                    [message.string] if isinstance(message.string, str) else message.string or ()
                )
                if message.fuzzy:
                    lines.append(f"fuzzy in {path.name}: {key!r}")
                elif not all(strings):
                    lines.append(f"untranslated in {path.name}: {key!r}")
                else:
                    translated.add(key)
                    chosen = tuple(strings)
                    first = seen.setdefault(key, (path.name, chosen))
                    if first[1] != chosen:
                        lines.append(
                            f"translated differently in {first[0]} and {path.name}: {key!r}"
                        )
    for key, places in sorted(extracted().items()):
        if key not in translated:
            lines.append(f"missing ({places[0]}): {key!r}")
    return lines


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
