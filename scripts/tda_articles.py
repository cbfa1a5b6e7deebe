"""The article numbers of the TDA 2024 rules, read from the text of the rulebook.

    python3 -m uv run python scripts/tda_articles.py   # rewrites tests/rules/tda-2024-articles.txt

Reads ``../shared/rulebooks/tda-2024-longform.txt`` (rules 1-71 and the Recommended Procedures
RP-1 to RP-22) and writes every article a citation may name, one a line: a rule (``R35``), its
lettered parts (``R35 A``) and their numbered items (``R35 A5``), a procedure (``RP-5``) and its
parts (``RP-5 B``). The list is committed so the citation test
(tests/rules/test_tda_2024_citations.py) runs without the rulebook; a test checks it is still what
the text gives when the text is there.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEXT = ROOT.parent / "shared" / "rulebooks" / "tda-2024-longform.txt"
LIST = ROOT / "tests" / "rules" / "tda-2024-articles.txt"

# A rule heading ("35:  Misdeals and Fouled Decks"), a procedure heading ("RP-5. ...", "RP-8: ...")
_RULE = re.compile(r"^(\d{1,2}):\s+\S")
_PROCEDURE = re.compile(r"^RP-(\d{1,2})[.:]\s")
_PART = re.compile(r"^([A-H])[:.]\s")
# Numbered items ("1) 2 or more boxed cards") and lettered parts inside a sentence ("A) any 2
# actions"): counted in order, so "(Rule 36)" is not read as item 36.
_ITEM = re.compile(r"(?:^|[\s;:])(\d{1,2})\)\s")
_INLINE_PART = re.compile(r"(?:^|[\s;:])([A-H])\)\s")


class _Reader:
    def __init__(self) -> None:
        self.articles: list[str] = []
        self.current: str | None = None
        self.part: str | None = None
        self.next_item = 1
        self.next_letter = "A"

    def add(self, article: str) -> None:
        if article not in self.articles:
            self.articles.append(article)

    def open(self, article: str, part: str | None = None) -> None:
        self.current, self.part = article, part
        self.next_item = 1
        if part is None:
            self.next_letter = "A"
        self.add(article if part is None else part)

    def scan(self, line: str) -> None:
        """Items of the open part, lettered parts of the open rule written inline."""
        if self.current is None:
            return
        if self.part is None:
            for letter in _INLINE_PART.findall(line):
                if letter == self.next_letter:
                    self.add(f"{self.current} {letter}")
                    self.next_letter = chr(ord(letter) + 1)
        owner = self.part or (
            f"{self.current} {chr(ord(self.next_letter) - 1)}" if self.next_letter > "A" else None
        )
        if owner is None:
            return
        for item in _ITEM.findall(line):
            if int(item) == self.next_item:
                self.add(f"{owner}{self.next_item}")
                self.next_item += 1


def extract(text: str) -> list[str]:
    """Every article the text holds, in reading order."""
    reader = _Reader()
    last_rule = 0
    for raw in text.splitlines():
        line = raw.strip()
        rule = _RULE.match(line)
        procedure = _PROCEDURE.match(line)
        if rule and int(rule.group(1)) == last_rule + 1:
            last_rule += 1
            reader.open(f"R{last_rule}")
        elif procedure:
            reader.open(f"RP-{int(procedure.group(1))}")
        elif reader.current is not None and (found := _PART.match(line)):
            reader.open(reader.current, f"{reader.current} {found.group(1)}")
        reader.scan(line)
    return reader.articles


def read_list() -> list[str]:
    """The committed list, one article a line."""
    return LIST.read_text(encoding="utf-8").splitlines()


def main() -> None:
    LIST.write_text("\n".join(extract(TEXT.read_text(encoding="utf-8"))) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
