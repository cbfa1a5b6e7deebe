"""The whole-file ``.phhs`` reader (issue 29 item 2): ``parse_phhs`` splits a file into lines
once and reads each table as a slice of them, rebuilding a table's text only for a hand it
leaves to ``parse_phh``. It must give exactly what reading each table's text alone gives
(``read_phh`` on the text between two headers, the table's line, its errors), which
``reference`` below does as the reader did before, table by table.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.cards import shuffled_order
from pokerfloor.formats._phh_cards import shuffled_cards
from pokerfloor.formats._phh_multi import _HEADER, _has_content, parse_phhs
from pokerfloor.formats._phh_parse import PhhError
from pokerfloor.formats._phh_read import read_phh
from pokerfloor.formats._phh_records import PhhItem

DATA = Path(__file__).parents[1] / "data"


def reference(text: str) -> Iterator[PhhItem]:
    """Each table's text read alone, found by the header pattern over the whole text."""
    headers = list(_HEADER.finditer(text))
    preamble = text[: headers[0].start()] if headers else text
    if _has_content(preamble):
        yield PhhItem(None, 1, error=PhhError("PHH_BAD_TOML", "preamble", None))
    seen: set[str] = set()
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        key = header.group(1).strip("\"'")
        line = 1 + text.count("\n", 0, header.start())
        if key in seen:
            yield PhhItem(key, line, error=PhhError("PHH_BAD_TOML", "twice", None))
            continue
        seen.add(key)
        try:
            yield PhhItem(key, line, read_phh(text[header.end() : end]))
        except PhhError as error:
            yield PhhItem(key, line, error=error)


def same_items(text: str) -> None:
    read = list(parse_phhs(text))
    expected = list(reference(text))
    assert [(item.key, item.line) for item in read] == [(item.key, item.line) for item in expected]
    for item, wanted in zip(read, expected, strict=True):
        assert item.hand == wanted.hand
        if wanted.error is None:
            assert item.error is None
        else:
            assert item.error is not None
            assert item.error.code == wanted.error.code
            if wanted.error.message not in ("preamble", "twice"):
                assert item.error.message == wanted.error.message
                assert item.error.field == wanted.error.field


def test_issue_29_the_whole_file_reader_reads_every_sample_file_as_each_table_alone() -> None:
    files = sorted(DATA.rglob("*.phhs"))
    assert len(files) >= 7
    for path in files:
        same_items(path.read_text(encoding="utf-8"))


HAND = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']"""


def test_issue_29_a_table_left_to_parse_phh_is_read_from_its_own_text() -> None:
    """A comment after a value sends a hand to ``parse_phh`` (the TOML reader): it reads the
    table's text, from its header's line end to the next header, so a TOML error names the
    line of the table's text, whatever table comes before or after."""
    commented = HAND.replace("min_bet = 2", "min_bet = 2  # the big blind")
    broken = HAND.replace("min_bet = 2", "min_bet = = 2")
    text = f"# a corpus\n[1]\n{HAND}\n\n[2]\n{commented}\n[3]\n{broken}\n[4] # last\n{HAND}"
    items = list(parse_phhs(text))
    assert [(item.key, item.line) for item in items] == [("1", 2), ("2", 10), ("3", 17), ("4", 24)]
    assert items[1].hand is not None and items[1].hand == items[0].hand == items[3].hand
    assert items[2].error is not None and items[2].error.code == "PHH_BAD_TOML"
    same_items(text)
    same_items(text + "\n")
    same_items(f"[1]\n{broken}\n")


_PIECES = (
    "[1]\n",
    "[ 2 ]\n",
    "['3'] # c\n",
    "[1]\n",
    "[x\n",
    "\n",
    "\r\n",
    "# comment\n",
    "text\n",
    "[4]\r\n",
    HAND + "\n",
    HAND.replace("min_bet = 2", "min_bet = 2 # c") + "\n",
    HAND.replace("min_bet = 2", "min_bet = = 2") + "\n",
    HAND.replace("'NT'", "'FT'") + "\n",
    "variant = 'NT'\n",
)


@settings(max_examples=200, deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=8), cut=st.booleans())
def test_issue_29_the_whole_file_reader_agrees_with_each_table_read_alone(
    pieces: list[str], cut: bool
) -> None:
    text = "".join(pieces)
    same_items(text[:-1] if cut and text else text)


def test_issue_29_the_default_seed_s_deck_order_is_the_seeded_shuffle() -> None:
    """The default seed's order, made once per process, is ``random.Random(0)``'s shuffle;
    another seed is still shuffled on demand."""
    assert shuffled_cards(0) == tuple(int(card) for card in shuffled_order(0))
    assert shuffled_cards(7) == tuple(int(card) for card in shuffled_order(7))
    assert shuffled_cards("0") == tuple(int(card) for card in shuffled_order("0"))
