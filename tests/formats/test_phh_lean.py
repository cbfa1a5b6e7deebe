"""The fast PHH path gives the same answers as the full one (issue 18, bench/phh.py).

``read_phh`` (the corpus line reader) must give what ``parse_phh`` gives, hand or error, and
``lean_replay`` (the engine's betting rules on plain lists) must either give up (None, the full
engine then replays the hand) or give exactly what ``replay_phh`` gives: the same verdict, pots,
awards, stacks, notes. Checked on every hand of the HandHQ sample, on random hands the engine
plays (tests/differential's generator) written the way the corpora write them, with hidden hole
cards, left-out folds and broken actions, and on corpus lines altered at random.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import tomllib
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats import _phh_read
from pokerfloor.formats._phh_multi import _HEADER, _header_lines
from pokerfloor.formats._phh_parse import NEW_RECORD, new_hand
from pokerfloor.formats._phh_read import read_phh
from pokerfloor.formats._phh_records import new_cards, new_item
from pokerfloor.formats.phh import (
    PHH_PROFILE,
    LeanReplay,
    PhhAction,
    PhhCards,
    PhhError,
    PhhHand,
    PhhItem,
    export_phh,
    lean_replay,
    parse_phh,
    replay_phh,
    replay_phh_fast,
)
from pokerfloor.hand import Action, Hand, LegalActions
from tests.differential._harness import choose_action, random_case

SAMPLE = Path(__file__).parents[1] / "data" / "handhq"


@cache
def sample_bodies() -> list[tuple[str, str, str]]:
    """(file, table, text) of every hand of the sample."""
    bodies = []
    for path in sorted(SAMPLE.glob("*.phhs")):
        text = path.read_text(encoding="utf-8")
        headers = list(_HEADER.finditer(text))
        for index, header in enumerate(headers):
            end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
            bodies.append((path.name, header.group(1), text[header.end() : end]))
    return bodies


def read_both(text: str) -> PhhHand | tuple[str, str, Any]:
    """What ``read_phh`` gives, after checking that ``parse_phh`` gives the same."""
    try:
        expected: PhhHand | tuple[str, str, Any] = parse_phh(text)
    except PhhError as error:
        expected = (error.code, error.message, error.field)
    try:
        got: PhhHand | tuple[str, str, Any] = read_phh(text)
    except PhhError as error:
        got = (error.code, error.message, error.field)
    assert got == expected
    return got


def replay_both(phh: PhhHand, *, strict: bool = False, profile: str = PHH_PROFILE) -> bool:
    """Check ``lean_replay`` against ``replay_phh``; True when the lean path took the hand."""
    try:
        full = replay_phh(phh, strict=strict, profile=profile)
    except PhhError as error:
        try:  # the same error, or None (the engine's set-up refusal, PHH_SETUP_REFUSED)
            assert lean_replay(phh, strict=strict, profile=profile) is None
        except PhhError as lean_error:
            assert (lean_error.code, lean_error.message) == (error.code, error.message)
        return False
    lean = lean_replay(phh, strict=strict, profile=profile)
    if lean is None:
        # Given up only where the engine refused, or the history stops before the hand ends.
        assert full.error is not None or not full.hand.is_complete
        return False
    assert full.error is None, full.error  # the lean path never accepts what the engine refuses
    assert lean.as_dict("f", "1") == full.as_dict("f", "1")
    assert lean.outcome == full.outcome
    assert lean.match == full.match
    return True


# ---- the HandHQ sample ----------------------------------------------------------------------


def test_the_reader_reads_every_sample_hand_as_parse_phh_does() -> None:
    for _file, _table, text in sample_bodies():
        assert isinstance(read_both(text), PhhHand)


def test_issue_29_every_sample_hand_is_read_by_the_fast_reader_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cold reading stays on the quick path (issue 29, item 2): every hand of both samples,
    unknown stacks (``inf``, iPoker) included, is read without ``parse_phh``, and every action
    without ``_action``'s generic parse."""

    def generic(*args: object) -> NoReturn:
        raise AssertionError(f"an action left to _action: {args}")

    monkeypatch.setattr(_phh_read, "_any_action", generic)
    for folder in (SAMPLE, SAMPLE.with_name("handhq-more")):
        for path in sorted(folder.glob("*.phhs")):
            text = path.read_text(encoding="utf-8")
            headers = list(_HEADER.finditer(text))
            for index, header in enumerate(headers):
                end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
                for kept in (
                    _phh_read._TABLES,
                    _phh_read._BY_TEXT,
                    _phh_read._LINES,
                    _phh_read._AMOUNTS,
                ):
                    kept.clear()  # cold: nothing read before
                hand = _phh_read.quick_read(text[header.end() : end].split("\n"))
                assert hand is not None, f"{path.name} [{header.group(1)}]"


def test_the_lean_replay_takes_every_sample_hand_and_agrees_with_the_engine() -> None:
    for file, table, text in sample_bodies():
        phh = parse_phh(text)
        assert replay_both(phh), (file, table)


def test_replay_phh_fast_gives_a_lean_result_on_the_sample_and_the_engine_otherwise() -> None:
    _file, _table, text = sample_bodies()[0]
    phh = parse_phh(text)
    assert isinstance(replay_phh_fast(phh), LeanReplay)
    nuts = "heavenpoker"  # its last player to act must raise the nuts: the engine notes it
    assert not isinstance(replay_phh_fast(phh, profile=nuts), LeanReplay)
    with pytest.raises(PhhError) as refused:  # as replay_phh says it
        replay_phh_fast(phh, profile="no-such-profile")
    assert refused.value.code == "PHH_SETUP_REFUSED"


# Four players, blinds 50/100: p3 raises to 200, p4 calls, p1 is all in for 250 and p2 for 300.
# Neither all-in is a full raise, but together they raise p3's 200 by a full 100: the betting is
# open again for p3 (tda-2024 R47), who raises to 1000 (700 of it given back); p4 folds. p1's aces
# win the main pot (950), p2's kings the side pot (100).
CUMULATIVE = """\
variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [50, 100, 0, 0]
min_bet = 100
starting_stacks = [250, 300, 2000, 2000]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p4 ????', 'p3 cbr 200', \
'p4 cc', 'p1 cbr 250', 'p2 cbr 300', 'p3 cbr 1000', 'p4 f', 'd db 2c3d4h', 'd db 9s', 'd db Tc']
"""


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting_both_ways() -> None:
    phh = read_both(CUMULATIVE)
    assert isinstance(phh, PhhHand)
    assert replay_both(phh)
    lean = lean_replay(phh)
    assert lean is not None and lean.finishing_stacks == (950, 100, 1700, 1800)


def test_phh_replay_and_check_say_the_same_with_and_without_the_full_engine() -> None:
    runner = CliRunner()
    path = str(SAMPLE / "ipn-1000nl.phhs")
    fast = runner.invoke(app, ["phh", "replay", path])
    full = runner.invoke(app, ["phh", "replay", "--full-engine", path])
    assert fast.exit_code == full.exit_code == 0
    assert fast.stdout == full.stdout and len(fast.stdout.splitlines()) > 20
    summaries = []
    for extra in ([], ["--full-engine"]):
        result = runner.invoke(app, ["phh", "check", str(SAMPLE), "--json", "--quiet", *extra])
        summary = json.loads(result.stdout)
        del summary["seconds"], summary["hands_per_second"]
        summaries.append((result.exit_code, summary))
    assert summaries[0] == summaries[1]


# ---- random hands, written as the corpora write them -----------------------------------------


def _money(units: int) -> str:
    whole, cents = divmod(units, 100)
    return f"{whole}.{cents:02d}" if cents else str(whole)


def _array(values: list[Any], write: Any = str) -> str:
    return "[" + ", ".join(write(value) for value in values) + "]"


def corpus_text(hand: Hand, rng: random.Random, refused: list[str] | None = None) -> str:
    """``hand`` as HandHQ writes a hand (one line per field, single quotes), with some hole
    cards hidden, some folds left out and, now and then, an action broken."""
    data = tomllib.loads(export_phh(hand))
    money = rng.random() < 0.5
    amount = _money if money else str
    hidden = {player for player in range(hand.count) if rng.random() < 0.4}
    actions: list[str] = []
    for action in data["actions"]:
        words = action.split()
        actor = words[2] if words[1] == "dh" else words[0]
        player = int(actor[1:]) - 1 if actor != "d" else -1
        if words[1] == "dh" and player in hidden:
            words[3] = "????"
        elif words[1] == "sm" and player in hidden:
            roll = rng.random()
            if roll < 0.4:
                continue
            words[2:] = ["????"] if roll < 0.6 else [] if roll < 0.8 else words[2:]
        elif words[1] == "cbr":
            words[2] = amount(int(words[2]))
        elif words[1] == "f" and rng.random() < 0.3:
            continue  # a fold left out: inferred when the player never acts again
        actions.append(" ".join(words))
    if refused is not None:
        words = refused[0].split()
        actions += [f"{words[0]} cbr {amount(int(words[2]))}", *refused[1:]]
    elif actions and rng.random() < 0.15:
        _break(actions, rng, amount)
    lines = [
        "variant = 'NT'",
        f"ante_trimming_status = {str(data['ante_trimming_status']).lower()}",
        f"antes = {_array(data['antes'], amount)}",
        f"blinds_or_straddles = {_array(data['blinds_or_straddles'], amount)}",
        f"min_bet = {amount(data['min_bet'])}",
        f"starting_stacks = {_array(data['starting_stacks'], amount)}",
        "actions = " + _array(actions, lambda text: f"'{text}'"),
        f"seats = {_array(data['seats'])}",
        f"finishing_stacks = {_array(data['finishing_stacks'], amount)}",
        f"hand = {rng.randrange(10**10)}",
        "venue = 'Random'",
    ]
    if money:
        lines.append("currency_symbol = '$'")
    return "\n" + "\n".join(lines) + "\n"


def _break(actions: list[str], rng: random.Random, amount: Any) -> None:
    """Make the history wrong in one place: the engine may refuse it, the lean path must then
    give up."""
    index = rng.randrange(len(actions))
    words = actions[index].split()
    roll = rng.random()
    if roll < 0.3 and words[1] == "cbr":
        words[2] = amount(rng.randint(1, 5000))
        actions[index] = " ".join(words)
    elif roll < 0.5:
        del actions[index]
    elif roll < 0.7 and words[0] != "d":
        actions[index] = f"p{rng.randint(1, 3)} {' '.join(words[1:])}"
    elif roll < 0.85:
        actions.insert(index, f"p{rng.randint(1, 3)} {rng.choice(['cc', 'f', 'cbr 7'])}")
    else:
        actions.append(rng.choice(["p1 cc", "p2 f", "d db 2c"]))


def random_hand(seed: int) -> tuple[Hand, list[str] | None]:
    """A hand played by tests/differential's generator and policy (without its smallest chip:
    a chip of 5 would send every hand to the engine), with now and then a bet or raise at the
    edge of what is allowed. The first one the engine refuses ends the hand; it is returned in
    PHH notation, with the folds that would follow, to be written as the file's last actions."""
    rng = random.Random(seed)
    case = random_case(rng)
    setup = msgspec.structs.replace(case.setup, profile=PHH_PROFILE, smallest_chip=1)
    hand = Hand.start(setup, case.deck)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if rng.random() < 0.07:
            player = hand.to_act
            amount = _edge_amount(hand, legal, rng)
            total = hand.committed[player] + hand.stacks[player]
            kind = "allin" if amount == total else "bet" if hand.current_bet == 0 else "raise"
            try:
                hand.act(Action(kind, None if kind == "allin" else amount))
            except PokerfloorError:
                # Then everyone else who could act folds: had the raise been allowed, the hand
                # would end there, so a lean replay that wrongly allows it gives a result.
                count = hand.count
                others = [(player + step) % count for step in range(1, count)]
                folds = [f"p{other + 1} f" for other in others if hand.status[other] == 0]
                return hand, [f"p{player + 1} cbr {amount}", *folds]
            continue
        hand.act(choose_action(rng, legal))
    return hand, None


def _edge_amount(hand: Hand, legal: LegalActions, rng: random.Random) -> int:
    """A raise-to total at or just beyond the bounds (or a raise when none is offered)."""
    player = legal.player
    total = hand.committed[player] + hand.stacks[player]
    if legal.min_to is None or legal.max_to is None:
        return rng.choice([hand.current_bet + max(hand.increment, 1), total])
    low, high = legal.min_to, legal.max_to
    return rng.choice([low - 1, low, low + 1, high - 1, high, high + 1, total])


def _text(seed: int, rng: random.Random) -> str:
    hand, refused = random_hand(seed)
    return corpus_text(hand, rng, refused)


@pytest.mark.parametrize("chunk", range(4))
def test_random_corpus_hands_read_and_replay_the_same_both_ways(chunk: int) -> None:
    taken = total = 0
    for seed in range(chunk * 500, (chunk + 1) * 500):
        rng = random.Random(seed)
        text = _text(seed, rng)
        phh = read_both(text)
        if not isinstance(phh, PhhHand):
            continue
        total += 1
        strict = rng.random() < 0.2
        taken += replay_both(phh, strict=strict)
        if seed % 10 == 0:
            replay_both(phh, profile="tda-2024")
    assert taken > total // 2  # most hands go the lean way


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), strict=st.booleans())
def test_hypothesis_random_hands_replay_the_same_both_ways(seed: int, strict: bool) -> None:
    text = _text(seed, random.Random(seed))
    phh = read_both(text)
    if isinstance(phh, PhhHand):
        replay_both(phh, strict=strict)


# ---- the reader on altered lines -------------------------------------------------------------

_ALTERATIONS = (
    lambda line: line.replace(" = ", "="),
    lambda line: line + "  ",
    lambda line: line + " # a comment",
    lambda line: "# " + line,
    lambda line: line.replace("'", '"'),
    lambda line: line.replace(", ", ","),
    lambda line: line.replace("]", ", ]"),
    lambda line: line.replace("10", "1_0"),
    lambda line: line.replace("0", "inf", 1),
    lambda line: line.replace("5", "-5", 1),
    lambda line: line.replace("0", "0.1234567", 1),
    lambda line: line.replace("0", "5.0", 1),
    lambda line: line.replace("0", "0.50", 1),
    lambda line: line.replace("0", "00", 1),
    lambda line: line.replace("p1", "p9"),
    lambda line: line.replace("cbr", "cbr 2.5 #"),
    lambda line: line.replace("'NT'", "'FT'"),
    lambda line: line.replace("[", "[\n"),
    lambda line: line + "\r",
    lambda line: line.split(" = ")[0] + " = ",
    lambda line: "",
    lambda line: line + "\n" + line,
    lambda line: "_mine = 1\n" + line,
    lambda line: "bring_in = 5\n" + line,
    lambda line: "currency = 'USD'\n" + line,
    lambda line: "table = '''A'S'''\n" + line,
    # the words of actions read by look-ups (_phh_read._new_action) or left to _action
    lambda line: line.replace("p2 ", "p02 "),
    lambda line: line.replace("p3 ", "p3  "),
    lambda line: line.replace("cbr ", "cbr .", 1),
    lambda line: line.replace("cbr 1", "cbr 1e", 1),
    lambda line: line.replace("cbr 2", "cbr 0.0", 1),
    lambda line: line.replace(" db ", "\tdb ", 1),
    lambda line: line.replace("s'", "S'", 1),
    lambda line: line.replace("h", "x", 1),
    lambda line: line.replace("????", "??-", 1),
    lambda line: line.replace("sm ", "sm - ", 1),
    lambda line: line.replace(", ", ", -0.", 1),
    lambda line: line.replace("[", "[+", 1),
    lambda line: line.replace("5", "\u0665", 1),
    lambda line: line.replace(".", ".\u0665", 1),
    lambda line: line.replace("stacks = [", "stacks = [inf, ", 1),
    lambda line: re.sub(r"starting_stacks = \[[^,\]]*", "starting_stacks = [inf", line),
    lambda line: line.replace("stacks = [", "stacks = [+inf, -inf, nan, ", 1),
    lambda line: "table = ''''A'''\n" + line,
)


@settings(max_examples=400, deadline=None)
@given(
    hand=st.integers(0, 2006),
    changes=st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, len(_ALTERATIONS) - 1)), max_size=3
    ),
)
def test_altered_sample_lines_read_as_parse_phh_reads_them(
    hand: int, changes: list[tuple[int, int]]
) -> None:
    _file, _table, text = sample_bodies()[hand]
    lines = text.split("\n")
    for line, alteration in changes:
        index = line % len(lines)
        lines[index] = _ALTERATIONS[alteration](lines[index])
    read_both("\n".join(lines))


_PIECES = ("[1]", "[ 2 ]", "\n", "[x", "]", "[a] # c", "[]", "[[1]]", "a = 1", "[1] x", " [4]", "#")


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=10))
def test_the_table_headers_are_found_as_the_pattern_finds_them(pieces: list[str]) -> None:
    text = "".join(pieces)
    found = [
        (text.count("\n", 0, m.start()), m.group(1).strip("\"'")) for m in _HEADER.finditer(text)
    ]
    assert _header_lines(text.split("\n")) == found


def test_issue_29_quick_makers_make_ordinary_frozen_instances() -> None:
    """The readers' quick constructors give what the classes give: the same type, equal,
    hashable, immutable. ``PhhHand`` is a frozen dataclass (``quick_maker``); ``PhhAction``,
    ``PhhCards`` and ``PhhItem`` are named tuples built in C (``NEW_RECORD``)."""
    quick = NEW_RECORD(PhhAction, ("p1 cbr 30", 5, "cbr", 0, (), 3000, False))
    usual = PhhAction("p1 cbr 30", 5, "cbr", 0, (), 3000)
    assert type(quick) is PhhAction and quick == usual and hash(quick) == hash(usual)
    assert NEW_RECORD(PhhAction, ("p1 f", 2, "f", 0, (), None, False)) == PhhAction(
        "p1 f", 2, "f", 0
    )
    with pytest.raises(AttributeError):
        quick.amount = 1  # type: ignore[misc]
    assert quick._replace(amount=1) == PhhAction("p1 cbr 30", 5, "cbr", 0, (), 1)
    hand = new_hand((0, 0), (1, 2), 2, (100, 100), (quick,))
    assert type(hand) is PhhHand and hand.metadata == {} and hand.scale == 1
    assert hand == PhhHand((0, 0), (1, 2), 2, (100, 100), (usual,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.scale = 100  # type: ignore[misc]
    cards = new_cards(((1, None),), (2,), frozenset({0}))
    assert type(cards) is PhhCards and cards == PhhCards(((1, None),), (2,), frozenset({0}))
    item = new_item("1", 3, hand)
    assert type(item) is PhhItem and item == PhhItem("1", 3, hand) and item.error is None


def test_issue_29_an_action_read_in_one_table_shape_is_checked_again_in_another() -> None:
    """The reader keeps each action by its text (``_BY_TEXT``), wherever it was read: read at
    another position it keeps its new position, and read in a hand with fewer players, a player
    beyond them is refused as ``parse_phh`` refuses it, never taken from the cache."""
    three = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\n"
        "actions = ['p3 cbr 6', 'p1 f', 'p2 f']\n"
    )
    two = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\n"
        "actions = ['p2 cbr 6', 'p3 cbr 6']\n"
    )
    for cache_ in (_phh_read._TABLES, _phh_read._BY_TEXT, _phh_read._LINES):
        cache_.clear()
    read_both(three)  # 'p3 cbr 6' read at position 0 of a three-player hand
    assert ("p3 cbr 6", 1) in _phh_read._BY_TEXT
    error = read_both(two)  # at position 1 of a two-player hand: p3 is no player of it
    assert isinstance(error, tuple) and error[0] == parse_phh_error_code(two)
    # every action of the first hand, each at another position now
    moved = read_both(three.replace("'p3 cbr 6', 'p1 f', 'p2 f'", "'p2 f', 'p3 cbr 6', 'p1 f'"))
    assert isinstance(moved, PhhHand)
    assert [(action.text, action.position) for action in moved.actions] == [
        ("p2 f", 0),
        ("p3 cbr 6", 1),
        ("p1 f", 2),
    ]


def parse_phh_error_code(text: str) -> str:
    with pytest.raises(PhhError) as caught:
        parse_phh(text)
    return caught.value.code


_MONEY_WORD = st.one_of(
    st.integers(-10_000, 1_000_000).map(str),
    st.builds(
        lambda whole, cents, places: f"{whole}.{cents:02d}"[: len(str(whole)) + 1 + places],
        st.integers(0, 100_000),
        st.integers(0, 99),
        st.sampled_from((1, 2)),
    ),
    st.sampled_from(("05", "1.234", "+5", "1e3", "inf", "", " 5", "-", "5.", ".5", "٣")),
)


@given(st.lists(_MONEY_WORD, min_size=1, max_size=9))
@settings(max_examples=300, deadline=None)
def test_issue_29_a_new_array_of_money_reads_as_each_amount_would(words: list[str]) -> None:
    """``_new_cents`` reads a whole array of new amounts at once (word by word): each amount
    in cents exactly as ``parse_phh`` reads it (``Decimal``), or None when one is not written
    as corpora write money (the hand then goes to the general reader). ``_amounts`` checks
    the array is ASCII once, before the words (``٣`` is a digit to ``str.isdigit``)."""
    _phh_read._CENTS.clear()
    inside = ", ".join(words)
    money = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?\Z")
    expected = (
        tuple(int(Decimal(word) * 100) for word in words)
        if all(money.match(word) for word in words)
        else None
    )
    read = _phh_read._new_cents(inside.split(", ")) if inside.isascii() else None
    assert read == expected


def test_issue_29_an_array_of_other_digits_is_not_money() -> None:
    """``_new_cents`` takes ASCII words: ``_amounts`` checks the array once, so a digit of
    another script (``٣``, a digit to ``str.isdigit`` and ``int``) is left to the general
    reader, which refuses it as ``parse_phh`` does."""
    _phh_read._CENTS.clear()
    with pytest.raises(_phh_read._Other):
        _phh_read._amounts("[5, ٣]")
    assert "٣" not in _phh_read._CENTS
