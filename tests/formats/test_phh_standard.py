"""The whole PHH standard for no-limit hold'em (issue 18): decimal amounts read exactly, unknown
stacks and cards, posts, ``.phhs`` files with per-hand errors, the winnings and finishing stacks
compared rake-aware, the ``phh check`` summary and ``.phhs`` export."""

from __future__ import annotations

import datetime
import json
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.cli.main import app
from pokerfloor.formats._phh_toml import loads as fast_loads
from pokerfloor.formats.phh import (
    PhhError,
    export_phhs,
    parse_phh,
    parse_phhs,
    phh_setup,
    play_random_hand,
    replay_phh,
)

# Absolute Poker, $0.50/$1 (phh-dataset, abs 100NLH handhq_1 [6]): antes of a quarter, a raise
# everyone folds to; the winner collects the pot less the raise given back.
ANTES = """\
variant = 'NT'
ante_trimming_status = false
antes = [0.25, 0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 0, 0]
min_bet = 1
starting_stacks = [53, 181.85, 200.30, 205.40]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 cbr 2', 'p4 f', 'p1 f',
    'p2 f',
]
venue = 'Absolute Poker'
time = 00:00:27
day = 1
month = 7
year = 2009
hand = 3017240558
seats = [4, 6, 2, 3]
table = 'ARKANSAS DR'
winnings = [0, 0, 3.50, 0]
currency_symbol = '$'
time_zone_abbreviation = 'ET'
"""

# Ongame, $5/$10 (ong 1000NLH handhq_1 [2]): p3 posts a missed small blind (dead), calls the big
# blind, and the winnings and finishing stacks come out after a $3 rake.
DEAD_POST = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [5, 10, -5, 0, 0]
min_bet = 10
starting_stacks = [714, 1015, 1000, 1244, 3324]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'p3 cc',
    'p4 f', 'p5 f', 'p1 f', 'p2 cc', 'd db JhQsKc', 'p2 cc', 'p3 cbr 11', 'p2 cc', 'd db 4h',
    'p2 cc', 'p3 cc', 'd db 4c', 'p2 cbr 21', 'p3 cc', 'p2 sm 3dKs', 'p3 sm 8cQd',
]
seats = [1, 2, 4, 8, 9]
finishing_stacks = [709, 1064, 953, 1244, 3324]
winnings = [0, 91, 0, 0, 0]
currency_symbol = '$'
"""

# PartyPoker, $5/$10 (pty 1000NLH handhq_1 [61]): p4 posts a live big blind and raises; the
# winner's winnings count the raise given back.
LIVE_POST = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, -10, 0, 0]
min_bet = 10
starting_stacks = [1005, 1132, 199, 309.94, 1088, 3103]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????',
    'd dh p6 ????', 'p3 f', 'p4 cbr 20', 'p5 f', 'p6 cbr 76', 'p1 f', 'p2 f', 'p4 f',
]
seats = [3, 4, 5, 6, 1, 2]
winnings = [0, 0, 0, 0, 0, 111]
currency = 'USD'
"""


def run(*args: str) -> tuple[int, list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["phh", *args])
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, lines, result.stderr


# ---- amounts ------------------------------------------------------------------------------


def test_dollars_and_cents_are_read_exactly_as_cents() -> None:
    hand = parse_phh(ANTES)
    assert hand.scale == 100
    assert hand.antes == (25, 25, 25, 25)
    assert hand.blinds_or_straddles == (50, 100, 0, 0)
    assert hand.starting_stacks == (5300, 18185, 20030, 20540)
    assert hand.winnings == (0, 0, 350, 0)
    assert hand.amount_text(1565) == "15.65"
    replay = replay_phh(hand)
    assert replay.legal and replay.match
    assert replay.winnings_check.status == "agree"
    assert replay.winnings_check.basis == "pots"
    assert replay.as_dict()["pots"] == [
        {"pot": 0, "amount": 350, "players": ["p3"], "shares": [350]}
    ]


def test_a_hand_in_money_is_counted_in_cents_even_with_whole_amounts() -> None:
    whole = DEAD_POST.replace("currency_symbol = '$'\n", "")
    assert parse_phh(whole).scale == 1
    assert parse_phh(DEAD_POST).scale == 100


def test_the_scale_is_the_smallest_that_makes_every_amount_whole() -> None:
    text = ANTES.replace("currency_symbol = '$'\n", "").replace("0.25, 0.25", "0.125, 0.125")
    hand = parse_phh(text)
    assert hand.scale == 1000
    assert hand.antes[:2] == (125, 125)


def test_no_amount_is_ever_a_float() -> None:
    data = fast_loads("a = [0.10, 0.20]\nb = 0.1\n")
    assert data == {"a": [Decimal("0.10"), Decimal("0.20")], "b": Decimal("0.1")}
    assert sum(parse_phh(ANTES.replace("200.30", "0.30")).starting_stacks[2:3]) == 30


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (("min_bet = 1", "min_bet = 0"), "PHH_BAD_FIELD", "min_bet"),
        (("[53, 181.85", "[53, -181.85"), "PHH_BAD_FIELD", "starting_stacks[1]"),
        (("antes = [0.25,", "antes = [-0.25,"), "PHH_BAD_FIELD", "antes[0]"),
        (
            ("winnings = [0, 0, 3.50, 0]", "winnings = [0, 0, 'x', 0]"),
            "PHH_BAD_FIELD",
            "winnings[2]",
        ),
        (("day = 1", "day = 'one'"), "PHH_BAD_FIELD", "day"),
        (("time = 00:00:27", "time = 27"), "PHH_BAD_FIELD", "time"),
        (("venue = 'Absolute Poker'", "venue = 1"), "PHH_BAD_FIELD", "venue"),
        (("min_bet = 1", "min_bet = 1\nbring_in = 1"), "PHH_BAD_FIELD", "bring_in"),
        (("'p3 cbr 2'", "'p3 cbr 2.0000001'"), "PHH_FRACTIONAL_CHIPS", "actions[4]"),
        (("'p3 cbr 2'", "'p3 cbr -2'"), "PHH_BAD_ACTION", "actions[4]"),
    ],
)
def test_a_field_that_cannot_be_honoured_is_named(
    change: tuple[str, str], code: str, field: str
) -> None:
    assert change[0] in ANTES
    with pytest.raises(PhhError) as refused:
        parse_phh(ANTES.replace(change[0], change[1]))
    assert (refused.value.code, refused.value.field) == (code, field)


def test_metadata_fields_are_kept() -> None:
    hand = parse_phh(ANTES.replace("year = 2009", "year = 2009\n_sponsor = 'HandHQ'"))
    assert hand.metadata["venue"] == "Absolute Poker"
    assert hand.metadata["time"] == datetime.time(0, 0, 27)
    assert hand.metadata["hand"] == 3017240558
    assert hand.metadata["_sponsor"] == "HandHQ"
    assert "antes" not in hand.metadata


# ---- stacks, blinds and posts ---------------------------------------------------------------


def test_unknown_stacks_are_replayed_deep_enough_and_not_compared() -> None:
    text = ANTES.replace("[53, 181.85, 200.30, 205.40]", "[inf, inf, inf, 205.40]")
    hand = parse_phh(text)
    assert hand.unknown_stacks == frozenset({0, 1, 2})
    assert min(hand.starting_stacks[:3]) > sum(hand.antes) + 300
    replay = replay_phh(hand)
    assert replay.legal and replay.match
    assert any("unknown starting stacks" in note for note in replay.notes)


def test_a_missed_small_blind_posted_out_of_turn_is_dead_money() -> None:
    hand = parse_phh(DEAD_POST)
    replay = replay_phh(hand)
    assert replay.legal
    assert replay.posts.dead == {2: 500}
    assert replay.winnings_check.status == "raked" and replay.winnings_check.rake == 300
    assert replay.finishing_check.status == "raked"
    assert replay.match
    assert any("p3 posts 5.00 dead" in note for note in replay.notes)


def test_a_posted_big_blind_is_live_and_the_poster_raises_over_it() -> None:
    replay = replay_phh(parse_phh(LIVE_POST))
    assert replay.legal and replay.posts.live == frozenset({3})
    assert replay.winnings_check.status == "agree"
    assert replay.winnings_check.basis == "pots_and_returned"


def test_a_live_post_folded_without_playing_is_dead() -> None:
    text = LIVE_POST.replace(
        "'p4 cbr 20', 'p5 f', 'p6 cbr 76', 'p1 f', 'p2 f', 'p4 f'",
        "'p4 f', 'p5 f', 'p6 cbr 30', 'p1 f', 'p2 f'",
    )
    text = text.replace("winnings = [0, 0, 0, 0, 0, 111]", "winnings = [0, 0, 0, 0, 0, 55]")
    replay = replay_phh(parse_phh(text))
    assert replay.posts.dead == {3: 1000}
    assert replay.legal and replay.winnings_check.status == "agree"


def test_a_lone_big_blind_is_posted_with_no_small_blind() -> None:
    # Full Tilt (ftp 1000NLH handhq_1 [3]): p1 posts the big blind, nobody the small blind.
    text = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [10, 0, 0, 0, 0]
min_bet = 10
starting_stacks = [1000, 125, 675, 940, 1061]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'p2 f',
    'p3 f', 'p4 f', 'p5 f',
]
seats = [1, 3, 4, 5, 6]
finishing_stacks = [1000, 125, 675, 940, 1061]
"""
    setup = phh_setup(parse_phh(text))
    assert (setup.small_blind_seat, setup.big_blind_seat) == (0, 1)
    replay = replay_phh(parse_phh(text))
    assert replay.legal and replay.match


def test_heads_up_the_button_posts_the_first_entry() -> None:
    text = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [82.40, 197]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']
seats = [3, 5]
winnings = [1.50, 0]
"""
    replay = replay_phh(parse_phh(text))
    assert replay.legal and replay.match
    # Absolute counts the big blind's unmatched half as collected in a walk.
    assert replay.winnings_check.basis == "pots_and_returned"


def test_heads_up_blinds_the_other_way_round_make_p1_the_small_blind() -> None:
    # Absolute Poker (abs 100NLH handhq_1 [128]): the list says [1, 0.50], p1 acts first and
    # folds, p2 collects 1.50: p1 posted the small blind.
    text = """\
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 0.50]
min_bet = 1
starting_stacks = [43.40, 405.75]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p1 f']
seats = [5, 4]
winnings = [0, 1.50]
"""
    setup = phh_setup(parse_phh(text))
    assert (setup.small_blind, setup.big_blind) == (50, 100)
    replay = replay_phh(parse_phh(text))
    assert replay.legal and replay.match
    assert replay.winnings_check.status == "agree"


def test_a_straddle_is_refused_naming_the_field() -> None:
    with pytest.raises(PhhError) as refused:
        replay_phh(parse_phh(ANTES.replace("[0.50, 1, 0, 0]", "[0.50, 1, 2, 0]")))
    assert (refused.value.code, refused.value.field) == ("PHH_STRADDLE", "blinds_or_straddles")


# ---- cards and showdowns --------------------------------------------------------------------


def test_a_showdown_against_a_hand_not_shown_takes_its_result_from_the_file() -> None:
    # PartyPoker (pty [22]): p1 shows 8d4d and collects, p2 answers 'sm ????' (not shown).
    # The replay cannot settle it (p2's cards are unknown): whatever the seed draws, the result
    # is the file's, counted apart with the rake it implies, never as an agreement.
    text = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, 0, 0, 0]
min_bet = 10
starting_stacks = [303, 166, 990, 1307, 1024, 1569.83]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????',
    'd dh p6 ????', 'p3 f', 'p4 f', 'p5 f', 'p6 f', 'p1 cc', 'p2 cc', 'd db 7c6s2s', 'p1 cc',
    'p2 cbr 10', 'p1 cc', 'd db 8c', 'p1 cc', 'p2 cc', 'd db 5s', 'p1 cc', 'p2 cc',
    'p1 sm 8d4d', 'p2 sm ????',
]
winnings = [38, 0, 0, 0, 0, 0]
currency = 'USD'
"""
    for seed in range(8):
        replay = replay_phh(parse_phh(text), seed=seed)
        assert replay.legal
        assert replay.unknown_showdown == {0, 1}
        assert replay.winnings_check.status == "cards_unknown", replay.as_dict()
        assert replay.winnings_check.rake == 200
        assert replay.match and replay.as_dict()["cards_unknown"] == ["p1", "p2"]


def test_repeated_shows_of_unknown_cards_before_each_board_are_read() -> None:
    # PokerStars (ps [11]): an all-in preflop, 'sm ????' before each board, then the shows.
    text = """\
variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [5, 10, 0, 0, 0]
min_bet = 10
starting_stacks = [180, 138.80, 933.75, 361.30, 239]
actions = [
    'd dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'p3 f',
    'p4 f', 'p5 cbr 25', 'p1 cbr 180', 'p2 f', 'p5 cc', 'p1 sm ????', 'p5 sm ????',
    'd db 6c3cTc', 'p1 sm ????', 'p5 sm ????', 'd db 9h', 'p1 sm ????', 'p5 sm ????',
    'd db Ks', 'p1 sm 6sAd', 'p5 sm QhKh',
]
"""
    replay = replay_phh(parse_phh(text))
    assert replay.legal and replay.hand.is_complete
    assert replay.finishing_stacks[4] == 23900 - 18000 + 37000  # KK pair beats ace high


# ---- winnings -------------------------------------------------------------------------------


def test_a_no_flop_difference_is_a_mismatch_reported_with_its_size() -> None:
    replay = replay_phh(parse_phh(ANTES.replace("[0, 0, 3.50, 0]", "[0, 0, 3.45, 0]")))
    check = replay.winnings_check
    assert check.status == "mismatch" and not replay.match
    assert check.differences[0]["difference"] == 5
    assert check.differences[0]["difference_amount"] == "0.05"


def test_a_rake_field_must_equal_the_rake_found() -> None:
    raked = DEAD_POST.replace("currency_symbol = '$'", "currency_symbol = '$'\nrake = 3")
    assert replay_phh(parse_phh(raked)).winnings_check.status == "raked"
    wrong = DEAD_POST.replace("currency_symbol = '$'", "currency_symbol = '$'\nrake = 2")
    assert replay_phh(parse_phh(wrong)).winnings_check.status == "mismatch"


def test_winnings_of_zero_everywhere_are_not_recorded() -> None:
    text = ANTES.replace("[0, 0, 3.50, 0]", "[0, 0, 0, 0]")
    replay = replay_phh(parse_phh(text))
    assert replay.winnings_check.status == "not_recorded" and replay.match


# ---- .phhs files ----------------------------------------------------------------------------


def test_a_phhs_file_goes_on_after_a_bad_hand() -> None:
    text = (
        f"[1]\n{ANTES}\n[2]\n{ANTES.replace('min_bet = 1', 'min_bet = [1')}\n"
        f"[3]\n{ANTES.replace('day = 1', 'day = 0.5')}\n[4]\n{DEAD_POST}\n[4]\n{ANTES}"
    )
    items = list(parse_phhs(text))
    assert [item.key for item in items] == ["1", "2", "3", "4", "4"]
    assert [item.error.code if item.error else None for item in items] == [
        None,
        "PHH_BAD_TOML",
        "PHH_BAD_FIELD",
        None,
        "PHH_BAD_TOML",
    ]
    assert items[2].error is not None and items[2].error.field == "day"
    assert items[3].line == text.splitlines().index("[4]") + 1


def test_text_before_the_first_table_is_reported() -> None:
    items = list(parse_phhs(f"variant = 'NT'\n[1]\n{ANTES}"))
    assert items[0].error is not None and items[0].error.code == "PHH_BAD_TOML"
    assert items[1].hand is not None


@pytest.mark.parametrize(
    "text",
    [
        "a = 'x # not a comment'  # a comment\n",
        "a = ['p1 cc # commentary, with a comma', 'p2 f']\n",
        'a = "basic"\nb = "with \\"escape\\""\n',
        "a = [\n  1,\n  2,\n]\n",
        "a = '''AMY'S AVE'''\n",
        "a = 1_000\nb = 1e3\n",
        "a = [1, 2,]\nb = []\nc = +5\nd = -inf\ne = 23:59:59\nf = true\n",
        "a = 0.50\nb = [inf, 1.25]\n",
        "# only a comment\n\n",
    ],
)
def test_the_fast_toml_reader_gives_what_tomllib_gives(text: str) -> None:
    assert fast_loads(text) == tomllib.loads(text, parse_float=Decimal)


def test_the_fast_toml_reader_refuses_what_tomllib_refuses() -> None:
    for text in ("a = 1\na = 2\n", "a = \n", "a = [1, 2\n", "a = 01\n"):
        with pytest.raises(tomllib.TOMLDecodeError):
            fast_loads(text)


def test_export_phhs_writes_hands_that_replay_to_the_same_stacks() -> None:
    hands = [play_random_hand(players, seed) for players, seed in ((2, 1), (6, 2), (9, 3))]
    items = list(parse_phhs(export_phhs(hands)))
    assert [item.key for item in items] == ["1", "2", "3"]
    for item, hand in zip(items, hands, strict=True):
        assert item.hand is not None
        replay = replay_phh(item.hand)
        assert replay.match and replay.finishing_stacks == tuple(hand.stacks)


# ---- the command line -----------------------------------------------------------------------


def test_cli_replays_a_phhs_file_hand_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text(f"[1]\n{ANTES}\n[2]\n{ANTES.replace('p3 cbr 2', 'p3 sd')}\n[3]\n{DEAD_POST}")
    code, lines, errors = run("replay", str(path))
    assert code == 2
    assert [(line["hand"], line["legal"]) for line in lines] == [
        ("1", True),
        ("2", False),
        ("3", True),
    ]
    assert "hands.phhs [2]: field 'actions[4]'" in errors
    assert lines[2]["winnings"]["status"] == "raked"
    assert lines[2]["winnings"]["rake_amount"] == "3.00"


def test_cli_check_sums_up_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a.phhs").write_text(f"[1]\n{ANTES}\n[2]\n{DEAD_POST}\n[3]\n{LIVE_POST}")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.phh").write_text(
        ANTES.replace("straddles = [0.50, 1, 0, 0]", "straddles = [0.50, 1, 2, 0]")
    )
    code, lines, _ = run("check", str(tmp_path), "--json", "--quiet")
    assert code == 0
    summary = lines[0]
    assert summary["files"] == 2 and summary["hands"] == 4 and summary["replayed"] == 3
    assert summary["skipped"] == {"PHH_STRADDLE (blinds_or_straddles)": 1}
    assert summary["refused"] == {}
    assert summary["winnings"] == {"agree": 2, "raked": 1}
    assert summary["no_flop_winnings"] == {"compared": 2, "agree": 2}


def test_cli_check_exits_1_on_a_refused_action_and_names_it(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(ANTES.replace("'p3 cbr 2'", "'p3 cbr 1.50'"))
    result = CliRunner().invoke(app, ["phh", "check", str(tmp_path), "--quiet"])
    assert result.exit_code == 1
    assert "RAISE_BELOW_MINIMUM" in result.stdout
    _, lines, _ = run("check", str(tmp_path), "--json", "--quiet")
    assert lines[0]["refused"] == {"RAISE_BELOW_MINIMUM": 1}
    assert "a.phh" in lines[0]["examples"]["refused:RAISE_BELOW_MINIMUM"][0]


def test_cli_check_of_an_empty_folder_exits_2(tmp_path: Path) -> None:
    code, _, errors = run("check", str(tmp_path))
    assert code == 2 and "no .phh or .phhs file" in errors
