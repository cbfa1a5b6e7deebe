"""Poker Hand History (PHH): real hands replay to their finishing stacks, files are checked
field by field, and the hands the engine plays are written back as PHH that replays the same."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pokerfloor.cards import format_cards, parse_cards
from pokerfloor.cli.main import app
from pokerfloor.errors import PokerfloorError
from pokerfloor.formats.phh import (
    PHH_PROFILE,
    PhhError,
    export_phh,
    load_phh,
    parse_phh,
    phh_cards,
    phh_setup,
    play_random_hand,
    replay_phh,
)
from pokerfloor.hand import Acted, Hand, Posted, Street
from pokerfloor.rules import load_profile

VALIDATION = Path(__file__).parents[3] / "shared/validation/phh"
VALIDATION_FILES = sorted(VALIDATION.glob("*.phh"))
WSOP_2019 = VALIDATION / "wsop-2019-42-day3-00-01-07.phh"

# A 3-handed hand: p3 (button) raises, p1 (small blind) folds, p2 (big blind) calls, then the
# board runs out with checks and p2's pair of jacks beats p3's ace high.
HAND_3 = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 2000, 3000]
actions = [
  "d dh p1 2c7d", "d dh p2 JhJd", "d dh p3 AsKd",
  "p3 cbr 300", "p1 f", "p2 cc",
  "d db 2d5h9c", "p2 cc", "p3 cc",
  "d db 8s", "p2 cc", "p3 cc",
  "d db 3c", "p2 cc", "p3 cc",
  "p2 sm JhJd", "p3 sm AsKd",
]
players = ["Ann", "Bob", "Cy"]
finishing_stacks = [950, 2350, 2700]
"""


def write(tmp_path: Path, text: str, name: str = "hand.phh") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, list[dict[str, object]], str]:
    result = CliRunner().invoke(app, ["phh", *args])
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    return result.exit_code, lines, result.stderr


# ---- the validation hands -----------------------------------------------------------------


@pytest.mark.parametrize("path", VALIDATION_FILES, ids=lambda path: path.name)
def test_every_validation_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    replay = replay_phh(load_phh(path))
    assert replay.error is None, replay.error
    assert replay.hand.is_complete
    assert replay.finishing_stacks == replay.expected_finishing_stacks, replay.differences
    assert sum(replay.finishing_stacks) == sum(replay.phh.starting_stacks)


@pytest.mark.skipif(not WSOP_2019.exists(), reason="validation data not present")
def test_the_fold_the_2019_broadcast_file_leaves_out_is_inferred_and_reported() -> None:
    replay = replay_phh(load_phh(WSOP_2019))
    assert replay.match
    assert replay.inferred_folds == ["p8"]
    assert any("p8" in note and "fold" in note for note in replay.notes)


@pytest.mark.skipif(not WSOP_2019.exists(), reason="validation data not present")
def test_strict_replay_refuses_a_file_that_leaves_out_a_fold() -> None:
    replay = replay_phh(load_phh(WSOP_2019), strict=True)
    assert not replay.match
    assert replay.error is not None
    assert replay.error["code"] == "NOT_YOUR_TURN"
    assert replay.error["action"] == "p1 cc"


@pytest.mark.skipif(not VALIDATION_FILES, reason="validation data not present")
def test_cli_check_of_every_validation_file_prints_one_matching_json_line_each() -> None:
    code, lines, _ = run("replay", "--check", *map(str, VALIDATION_FILES))
    assert code == 0
    assert len(lines) == len(VALIDATION_FILES)
    for line, path in zip(lines, VALIDATION_FILES, strict=True):
        assert line["file"] == str(path)
        assert line["match"] is True
        assert line["finishing_stacks"] == line["expected_finishing_stacks"]


# ---- mapping ------------------------------------------------------------------------------


def test_hand_replays_with_names_and_the_file_cards() -> None:
    replay = replay_phh(parse_phh(HAND_3))
    assert replay.match, replay.as_dict()
    assert replay.names == ("Ann", "Bob", "Cy")
    assert replay.finishing_stacks == (950, 2350, 2700)
    hand = replay.hand
    assert hand.holes == [parse_cards("2c7d"), parse_cards("JhJd"), parse_cards("AsKd")]
    assert hand.board == list(parse_cards("2d5h9c8s3c"))
    # p1 is the small blind, p2 the big blind, p3 (the last player) sits on the button.
    assert hand.setup.button_seat == 3
    assert hand.players == (1, 2, 3)


def test_seats_from_the_file_keep_p1_left_of_the_button() -> None:
    text = HAND_3 + "seats = [7, 2, 5]\nseat_count = 9\n"
    setup = phh_setup(parse_phh(text))
    assert setup.button_seat == 5
    assert replay_phh(parse_phh(text)).hand.players == (7, 2, 5)


def test_seats_out_of_dealing_order_are_refused() -> None:
    with pytest.raises(PhhError) as refused:
        phh_setup(parse_phh(HAND_3 + "seats = [2, 7, 5]\n"))
    assert refused.value.field == "seats"


def test_heads_up_blinds_are_reversed_the_button_posts_the_small_blind() -> None:
    text = """
variant = "NT"
antes = [0, 25]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [1000, 1000]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 300", "p1 f"]
finishing_stacks = [875, 1125]
"""
    replay = replay_phh(parse_phh(text))
    assert replay.match, replay.as_dict()
    posted = {
        (event.player, event.kind): event.amount
        for event in replay.hand.events
        if isinstance(event, Posted)
    }
    assert posted == {(1, "small_blind"): 50, (0, "bb_ante"): 25, (0, "big_blind"): 100}


def test_uniform_antes_are_an_ante_for_everyone() -> None:
    text = HAND_3.replace("antes = [0, 0, 0]", "antes = [10, 10, 10]").replace(
        "finishing_stacks = [950, 2350, 2700]", "finishing_stacks = [940, 2370, 2690]"
    )
    replay = replay_phh(parse_phh(text))
    assert replay.hand.setup.ante == 10
    assert replay.match, replay.differences


def test_phh_profile_posts_a_short_big_blind_ante_before_the_blind() -> None:
    assert load_profile(PHH_PROFILE).value("betting.bb_ante_order") == "ante_first"
    # p2 has 150: the ante takes 100, the blind the last 50. p3 calls 100 (50 comes back,
    # nobody matches it) and p1 folds; p2's aces win 100 of ante and 3 x 50.
    text = """
variant = "NT"
antes = [0, 100, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 150, 1000]
actions = [
  "d dh p1 ????", "d dh p2 AhAd", "d dh p3 7c2s", "p3 cc", "p1 f",
  "d db KdQs9h", "d db 4c", "d db 3d", "p2 sm AhAd", "p3 sm 7c2s",
]
finishing_stacks = [950, 250, 950]
"""
    replay = replay_phh(parse_phh(text))
    assert replay.match, replay.as_dict()
    posts = [
        (event.kind, event.amount)
        for event in replay.hand.events
        if isinstance(event, Posted) and event.player == 1
    ]
    assert posts == [("bb_ante", 100), ("big_blind", 50)]


def test_unknown_cards_are_drawn_from_the_rest_of_the_deck_reproducibly() -> None:
    text = HAND_3.replace('"d dh p1 2c7d"', '"d dh p1 ????"').replace('"d db 3c"', '"d db ??"')
    text = text.replace("finishing_stacks = [950, 2350, 2700]\n", "")
    first = replay_phh(parse_phh(text), seed=4)
    again = replay_phh(parse_phh(text), seed=4)
    assert first.hand.holes == again.hand.holes and first.hand.board == again.hand.board
    known = set(parse_cards("JhJd AsKd 2d5h9c8s"))
    assert not known & set(first.hand.holes[0])
    assert first.hand.board[:4] == list(parse_cards("2d5h9c8s"))
    assert any("unknown cards" in note for note in first.notes)


def test_shown_cards_fill_unknown_hole_cards() -> None:
    text = HAND_3.replace('"d dh p2 JhJd"', '"d dh p2 ????"')
    replay = replay_phh(parse_phh(text))
    assert replay.hand.holes[1] == parse_cards("JhJd")
    assert replay.match


def test_a_mucked_unknown_hand_is_never_made_to_win() -> None:
    text = (
        HAND_3.replace('"d dh p2 JhJd"', '"d dh p2 ????"')
        .replace('"p2 sm JhJd", "p3 sm AsKd"', '"p3 sm AsKd", "p2 sm"')
        .replace("finishing_stacks = [950, 2350, 2700]", "finishing_stacks = [950, 1700, 3350]")
    )
    cards = phh_cards(parse_phh(text))
    assert cards.hidden == frozenset({1})
    for seed in range(10):
        replay = replay_phh(parse_phh(text), seed=seed)
        assert replay.match, (seed, replay.as_dict())


def test_engine_refusal_is_reported_with_the_action() -> None:
    text = HAND_3.replace('"p3 cbr 300"', '"p3 cbr 150"')
    replay = replay_phh(parse_phh(text))
    assert not replay.match
    assert replay.error is not None
    assert replay.error["code"] == "RAISE_BELOW_MINIMUM"
    assert replay.error["action"] == "p3 cbr 150"


def test_a_board_dealt_before_the_betting_is_over_is_reported() -> None:
    text = HAND_3.replace('"p1 f", "p2 cc",', '"p1 f",')
    replay = replay_phh(parse_phh(text), strict=True)
    assert replay.error is not None
    assert replay.error["code"] == "BOARD_TOO_EARLY"


def test_a_bet_of_the_whole_stack_is_an_all_in() -> None:
    text = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 2000, 3000]
actions = [
  "d dh p1 2c7d", "d dh p2 JhJd", "d dh p3 AsKd", "p3 cbr 3000", "p1 f", "p2 cc",
  "p3 sm AsKd", "p2 sm JhJd", "d db 2d5h9c", "d db 8s", "d db 3c",
]
finishing_stacks = [950, 4050, 1000]
"""
    replay = replay_phh(parse_phh(text))
    assert [event.kind for event in replay.hand.events if isinstance(event, Acted)] == [
        "allin",
        "fold",
        "call",
    ]
    assert replay.match, replay.as_dict()
    assert replay.hand.is_complete


# ---- refused files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (('variant = "NT"', 'variant = "PO"'), "PHH_UNSUPPORTED_VARIANT", "variant"),
        (("antes = [0, 0, 0]\n", ""), "PHH_MISSING_FIELD", "antes"),
        (("antes = [0, 0, 0]", "antes = [0, 0]"), "PHH_BAD_FIELD", "antes"),
        (
            ("[1000, 2000, 3000]", "[1000, 2000.0000001, 3000]"),
            "PHH_FRACTIONAL_CHIPS",
            "starting_stacks[1]",
        ),
        (("min_bet = 100", "min_bet = inf"), "PHH_UNKNOWN_AMOUNT", "min_bet"),
        (('"p3 cbr 300"', '"p3 cbr 300.00000001"'), "PHH_FRACTIONAL_CHIPS", "actions[3]"),
        (("[1000, 2000, 3000]", "[1000, 0, 3000]"), "PHH_BAD_FIELD", "starting_stacks[1]"),
        (('"p3 cbr 300"', '"p4 cbr 300"'), "PHH_BAD_ACTION", "actions[3]"),
        (('"p3 cbr 300"', '"p3 cbr lots"'), "PHH_BAD_ACTION", "actions[3]"),
        (('"d dh p1 2c7d"', '"d dh p1 2c7x"'), "PHH_BAD_ACTION", "actions[0]"),
        (('"p3 cbr 300"', '"p3 sd"'), "PHH_BAD_ACTION", "actions[3]"),
        (('players = ["Ann", "Bob", "Cy"]', 'players = ["Ann"]'), "PHH_BAD_FIELD", "players"),
        (
            ("min_bet = 100", "min_bet = 100\nante_trimming_status = 1"),
            "PHH_BAD_FIELD",
            "ante_trimming_status",
        ),
        (("min_bet = 100", "min_bet = [100"), "PHH_BAD_TOML", None),
    ],
)
def test_invalid_files_are_refused_naming_the_field(
    change: tuple[str, str], code: str, field: str | None
) -> None:
    assert change[0] in HAND_3
    with pytest.raises(PhhError) as refused:
        parse_phh(HAND_3.replace(change[0], change[1]))
    assert refused.value.code == code
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        (("[50, 100, 0]", "[50, 100, 200]"), "PHH_STRADDLE", "blinds_or_straddles"),
        (("[50, 100, 0]", "[100, 50, 0]"), "PHH_BAD_BLINDS", "blinds_or_straddles"),
        (("antes = [0, 0, 0]", "antes = [0, 0, 10]"), "PHH_UNSUPPORTED_ANTES", "antes"),
        (("antes = [0, 0, 0]", "antes = [5, 10, 5]"), "PHH_UNSUPPORTED_ANTES", "antes"),
        (('"d db 8s"', '"d db Jh"'), "PHH_DUPLICATE_CARD", "actions"),
        (('"p3 sm AsKd"', '"p3 sm AsQd"'), "PHH_BAD_CARDS", "actions[16]"),
    ],
)
def test_hands_pokerfloor_does_not_play_are_refused_naming_the_field(
    change: tuple[str, str], code: str, field: str
) -> None:
    assert change[0] in HAND_3
    with pytest.raises(PhhError) as refused:
        replay_phh(parse_phh(HAND_3.replace(change[0], change[1])))
    assert refused.value.code == code
    assert refused.value.field == field


# ---- the command line ---------------------------------------------------------------------


def test_cli_replay_prints_the_json_of_each_hand(tmp_path: Path) -> None:
    path = write(tmp_path, HAND_3)
    code, lines, _ = run("replay", str(path))
    assert code == 0
    (line,) = lines
    assert line["file"] == str(path)
    assert line["players"] == ["Ann", "Bob", "Cy"]
    assert line["finishing_stacks"] == [950, 2350, 2700]
    assert line["expected_finishing_stacks"] == [950, 2350, 2700]
    assert line["match"] is True


def test_cli_check_exits_1_and_says_which_stack_differs(tmp_path: Path) -> None:
    good = write(tmp_path, HAND_3, "good.phh")
    wrong = write(
        tmp_path,
        HAND_3.replace("[950, 2350, 2700]", "[950, 2300, 2750]"),
        "wrong.phh",
    )
    code, lines, errors = run("replay", "--check", str(good), str(wrong))
    assert code == 1
    assert [line["match"] for line in lines] == [True, False]
    assert lines[1]["differences"] == [
        {
            "player": "p2",
            "name": "Bob",
            "expected": 2300,
            "replay": 2350,
            "difference": 50,
            "difference_amount": "50",
        },
        {
            "player": "p3",
            "name": "Cy",
            "expected": 2750,
            "replay": 2700,
            "difference": -50,
            "difference_amount": "-50",
        },
    ]
    assert "wrong.phh: p2 (Bob) finishes with 2350, the file says 2300" in errors
    assert "good.phh" not in errors


def test_cli_without_check_reports_a_mismatch_but_exits_0(tmp_path: Path) -> None:
    wrong = write(tmp_path, HAND_3.replace("[950, 2350, 2700]", "[950, 2300, 2750]"))
    code, lines, _ = run("replay", str(wrong))
    assert code == 0
    assert lines[0]["match"] is False


@pytest.mark.skipif(not WSOP_2019.exists(), reason="validation data not present")
def test_cli_check_of_a_modified_validation_file_exits_1(tmp_path: Path) -> None:
    text = WSOP_2019.read_text(encoding="utf-8").replace(
        "finishing_stacks = [18100000, 5625000,", "finishing_stacks = [18600000, 5125000,"
    )
    code, lines, errors = run("replay", "--check", str(write(tmp_path, text)))
    assert code == 1
    assert lines[0]["match"] is False
    assert "p1 (p1) finishes with 18100000, the file says 18600000" in errors


def test_cli_engine_refusal_exits_1_under_check(tmp_path: Path) -> None:
    path = write(tmp_path, HAND_3.replace('"p3 cbr 300"', '"p3 cbr 150"'))
    code, lines, errors = run("replay", "--check", str(path))
    assert code == 1
    error = lines[0]["error"]
    assert isinstance(error, dict) and error["code"] == "RAISE_BELOW_MINIMUM"
    assert "p3 cbr 150" in errors


def test_cli_invalid_file_exits_2_naming_the_file_and_field(tmp_path: Path) -> None:
    good = write(tmp_path, HAND_3, "good.phh")
    bad = write(tmp_path, HAND_3.replace("[50, 100, 0]", "[50, 100, 200]"), "straddle.phh")
    code, lines, errors = run("replay", "--check", str(good), str(bad))
    assert code == 2
    assert lines[0]["match"] is True
    error = lines[1]["error"]
    assert isinstance(error, dict)
    assert (error["code"], error["field"]) == ("PHH_STRADDLE", "blinds_or_straddles")
    assert f"{bad}: field 'blinds_or_straddles':" in errors


def test_cli_unreadable_file_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.phh"
    code, _, errors = run("replay", str(missing))
    assert code == 2
    assert str(missing) in errors
    not_toml = write(tmp_path, "variant = 'NT\n", "broken.phh")
    code, _, errors = run("replay", str(not_toml))
    assert code == 2
    assert "broken.phh" in errors and "TOML" in errors


# ---- export -------------------------------------------------------------------------------


def test_export_writes_every_field_of_a_played_hand() -> None:
    hand = play_random_hand(6, seed=3)
    data = tomllib.loads(export_phh(hand))
    assert data["variant"] == "NT"
    assert data["starting_stacks"] == list(hand.starting_stacks)
    assert data["finishing_stacks"] == list(hand.stacks)
    assert data["players"] == list(hand.names)
    assert data["seats"] == list(hand.players)
    assert data["blinds_or_straddles"] == [50, 100, 0, 0, 0, 0]
    assert data["min_bet"] == 100
    assert data["actions"][:6] == [
        f"d dh p{index + 1} {format_cards(hole)}" for index, hole in enumerate(hand.holes)
    ]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32))
def test_export_then_replay_gives_the_same_finishing_stacks(players: int, seed: int) -> None:
    hand = play_random_hand(players, seed)
    assert hand.is_complete
    replay = replay_phh(parse_phh(export_phh(hand)), strict=True)
    assert replay.error is None, replay.error
    assert replay.finishing_stacks == tuple(hand.stacks)
    assert replay.match
    assert replay.hand.board == hand.board
    assert replay.hand.holes == hand.holes


@pytest.mark.parametrize("path", VALIDATION_FILES, ids=lambda path: path.name)
def test_a_replayed_validation_hand_exports_to_a_file_that_replays_the_same(path: Path) -> None:
    first = replay_phh(load_phh(path))
    again = replay_phh(parse_phh(export_phh(first.hand)), strict=True)
    assert again.match, again.as_dict()
    assert again.finishing_stacks == first.finishing_stacks


def test_export_refuses_a_hand_started_on_a_later_street() -> None:
    setup = msgspec.structs.replace(play_random_hand(3, seed=1).setup, start_street=Street.FLOP)
    with pytest.raises(PokerfloorError) as refused:
        export_phh(Hand.start(setup, tuple(range(52))))
    assert refused.value.code == "PHH_EXPORT_UNSUPPORTED"


def test_cli_export_writes_a_file_that_replays_and_checks(tmp_path: Path) -> None:
    out = tmp_path / "random.phh"
    result = CliRunner().invoke(
        app, ["phh", "export", "--players", "5", "--seed", "11", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert tomllib.loads(out.read_text(encoding="utf-8"))["variant"] == "NT"
    code, lines, _ = run("replay", "--check", str(out))
    assert code == 0
    assert lines[0]["match"] is True
    printed = CliRunner().invoke(app, ["phh", "export", "--players", "5", "--seed", "11"])
    assert printed.exit_code == 0
    assert printed.stdout == out.read_text(encoding="utf-8")


def test_cli_unknown_profile_exits_2(tmp_path: Path) -> None:
    code, lines, errors = run(
        "replay", "--profile", "no-such-profile", str(write(tmp_path, HAND_3))
    )
    assert code == 2
    assert lines == []
    assert "--profile" in errors and "no-such-profile" in errors
