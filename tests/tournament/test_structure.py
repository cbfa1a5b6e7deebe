"""Tournament structures: the model and its checks, the TOML format, the bundled templates and
the generator.

Colour-ups and the chip race: tda-2024 R24 (chips of the smallest denomination are raced off at a
scheduled colour-up), allinouest §Le chip race, heavenpoker 9.24, ropta 4.2. Rebuys and add-ons:
allinouest §Recaves et add-ons, tda-2024 R27.
"""

from __future__ import annotations

import itertools
import re
from importlib import resources
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.clock import (
    StartClock,
    clock_view,
    decide_clock,
    evolve_clock,
    new_clock,
)
from pokerfloor.tournament.structure import (
    AnteKind,
    Break,
    ChipDenomination,
    EntryRules,
    Level,
    Structure,
    bundled_structures,
    dump_structure,
    generate_structure,
    load_structure,
)

MINUTE_MS = 60_000
CHIPS = (
    ChipDenomination(25, "vert", "green"),
    ChipDenomination(100, "noir", "black"),
    ChipDenomination(500, "violet", "purple"),
)


def small_structure(**changes: object) -> Structure:
    """Four levels, a break after level 2 that colours up the 25s."""
    fields: dict[str, object] = {
        "name": "test",
        "chips": CHIPS,
        "levels": (
            Level(1, 25, 50),
            Level(2, 50, 100),
            Level(3, 100, 200),
            Level(4, 200, 400),
        ),
        "breaks": (Break(after_level=2, minutes=10, colour_up=(25,)),),
        "entry": EntryRules(starting_stack=10_000),
    }
    fields.update(changes)
    return Structure(**fields)  # type: ignore[arg-type]


def refusal(**changes: object) -> PokerfloorError:
    with pytest.raises(PokerfloorError) as caught:
        small_structure(**changes)
    return caught.value


def load_refusal(text: str) -> PokerfloorError:
    with pytest.raises(PokerfloorError) as caught:
        load_structure(text)
    return caught.value


def level_in_play_at(structure: Structure, minutes: int) -> Level:
    clock = new_clock(structure)
    for event in decide_clock(clock, StartClock(0)):
        clock = evolve_clock(clock, event)
    return structure.levels[clock_view(clock, structure, minutes * MINUTE_MS).level_index]


# ---- the model ----------------------------------------------------------------------------


def test_the_smallest_chip_changes_from_the_level_after_the_colour_up() -> None:
    structure = small_structure()
    assert structure.smallest_chip_at(1) == 25
    assert structure.smallest_chip_at(2) == 25
    assert structure.smallest_chip_at(3) == 100
    assert [chip.value for chip in structure.chips_at(3)] == [100, 500]


def test_the_smallest_chip_of_a_level_that_does_not_exist_is_refused() -> None:
    with pytest.raises(PokerfloorError) as caught:
        small_structure().smallest_chip_at(5)
    assert caught.value.code == "STRUCTURE_LEVEL_NOT_FOUND"
    assert caught.value.params["accepted"] == "1..4"


def test_a_structure_knows_its_breaks_and_its_whole_schedule() -> None:
    structure = small_structure()
    assert structure.break_after(2) == Break(2, 10, (25,))
    assert structure.break_after(3) is None
    assert structure.total_minutes == 4 * 20 + 10
    assert structure.chip(100).colour_fr == "noir"


def test_a_big_blind_that_goes_down_is_refused_naming_the_level() -> None:
    error = refusal(levels=(Level(1, 25, 50), Level(2, 50, 100), Level(3, 25, 50)))
    assert error.code == "STRUCTURE_BLINDS_DECREASE"
    assert error.params["field"] == "levels.3.small_blind"
    assert error.params["level"] == 3
    assert "level 3" in error.message


def test_a_small_blind_above_the_big_blind_is_refused() -> None:
    error = refusal(levels=(Level(1, 100, 50),))
    assert error.code == "STRUCTURE_SMALL_BLIND_ABOVE_BIG_BLIND"
    assert error.params["field"] == "levels.1.small_blind"


def test_a_blind_that_the_smallest_chip_in_play_cannot_make_is_refused() -> None:
    # The 25s are gone after the break: 150/300 cannot be made of 100s.
    levels = (Level(1, 25, 50), Level(2, 50, 100), Level(3, 150, 300), Level(4, 200, 400))
    error = refusal(levels=levels)
    assert error.code == "STRUCTURE_NOT_MAKEABLE"
    assert error.params == {
        "field": "levels.3.small_blind",
        "level": 3,
        "value": 150,
        "smallest_chip": 100,
        "accepted": "a multiple of 100",
    }


def test_an_ante_that_the_chips_cannot_make_is_refused() -> None:
    levels = (Level(1, 25, 50, ante=10), Level(2, 50, 100))
    error = refusal(levels=levels, breaks=())
    assert error.code == "STRUCTURE_NOT_MAKEABLE"
    assert error.params["field"] == "levels.1.ante"


def test_an_ante_and_a_big_blind_ante_on_the_same_level_are_refused() -> None:
    error = refusal(levels=(Level(1, 25, 50, ante=25, bb_ante=50),), breaks=())
    assert error.code == "STRUCTURE_ANTE_AND_BB_ANTE"


def test_levels_numbered_out_of_order_are_refused() -> None:
    error = refusal(levels=(Level(1, 25, 50), Level(3, 50, 100)), breaks=())
    assert error.code == "STRUCTURE_BAD_LEVEL_NUMBER"
    assert error.params["accepted"] == 2


def test_a_break_after_a_level_that_does_not_exist_is_refused() -> None:
    error = refusal(breaks=(Break(after_level=9, minutes=10),))
    assert error.code == "STRUCTURE_BAD_BREAK"
    assert error.params["accepted"] == "1..3"


def test_a_break_after_the_last_level_is_refused_because_no_level_follows_it() -> None:
    assert refusal(breaks=(Break(after_level=4, minutes=10),)).code == "STRUCTURE_BAD_BREAK"


def test_breaks_out_of_order_are_refused() -> None:
    error = refusal(breaks=(Break(after_level=3, minutes=10), Break(after_level=1, minutes=10)))
    assert error.code == "STRUCTURE_BAD_BREAK"
    assert error.params["field"] == "breaks.2.after_level"


def test_a_colour_up_of_a_denomination_that_does_not_exist_is_refused() -> None:
    error = refusal(breaks=(Break(after_level=2, minutes=10, colour_up=(5,)),))
    assert error.code == "STRUCTURE_BAD_COLOUR_UP"
    assert error.params["accepted"] == [25, 100, 500]


def test_a_colour_up_of_chips_already_raced_off_is_refused() -> None:
    breaks = (Break(1, 10, (25,)), Break(2, 10, (25,)))
    error = refusal(levels=tuple(Level(n, 100 * n, 200 * n) for n in range(1, 5)), breaks=breaks)
    assert error.code == "STRUCTURE_BAD_COLOUR_UP"
    assert error.params["field"] == "breaks.2.colour_up"


def test_a_colour_up_that_takes_every_chip_out_of_play_is_refused() -> None:
    levels = tuple(Level(n, 500 * n, 1000 * n) for n in range(1, 5))
    error = refusal(levels=levels, breaks=(Break(2, 10, (25, 100, 500)),))
    assert error.code == "STRUCTURE_BAD_COLOUR_UP"


def test_chips_listed_out_of_order_are_refused() -> None:
    error = refusal(chips=(CHIPS[1], CHIPS[0]))
    assert error.code == "STRUCTURE_BAD_VALUE"
    assert error.params["field"] == "chips.2.value"


def test_rebuy_chips_without_a_rebuy_period_are_refused() -> None:
    error = refusal(entry=EntryRules(starting_stack=10_000, rebuy_chips=10_000))
    assert error.params["field"] == "entry.rebuy_chips"
    assert "rebuy_until_level" in error.message


def test_a_rebuy_period_without_rebuy_chips_is_refused() -> None:
    error = refusal(entry=EntryRules(starting_stack=10_000, rebuy_until_level=2))
    assert error.params["field"] == "entry.rebuy_chips"


def test_a_rebuy_period_beyond_the_last_level_is_refused() -> None:
    error = refusal(entry=EntryRules(10_000, rebuy_until_level=9, rebuy_chips=10_000))
    assert error.params["field"] == "entry.rebuy_until_level"
    assert "0 to 4" in error.message


def test_an_add_on_price_without_add_on_chips_is_refused() -> None:
    error = refusal(entry=EntryRules(starting_stack=10_000, addon_cents=1000))
    assert error.params["field"] == "entry.addon_cents"


def test_a_late_entrant_stack_must_be_made_of_the_chips_still_in_play() -> None:
    # tda-2024 R8: a late entrant gets a full stack, after the 25s are gone.
    error = refusal(entry=EntryRules(starting_stack=10_050, late_registration_until_level=3))
    assert error.code == "STRUCTURE_NOT_MAKEABLE"
    assert error.params["level"] == 3
    assert error.params["field"] == "entry.starting_stack"


# ---- templates ----------------------------------------------------------------------------


def test_the_bundled_templates_are_club_evening_turbo_and_deep_stack() -> None:
    assert {"club-evening", "turbo", "deep-stack"} <= set(bundled_structures())


def test_the_templates_ship_inside_the_package() -> None:
    folder = resources.files("pokerfloor.tournament").joinpath("structures")
    names = {entry.name for entry in folder.iterdir()}
    assert {"club-evening.toml", "turbo.toml", "deep-stack.toml"} <= names


@pytest.mark.parametrize("name", ["club-evening", "turbo", "deep-stack"])
def test_every_template_loads_by_name_and_round_trips_through_toml(name: str) -> None:
    structure = load_structure(name)
    assert structure.name == name
    assert load_structure(dump_structure(structure)) == structure


def test_the_club_evening_has_20_minute_levels_a_20000_stack_and_one_break_colouring_up_25s() -> (
    None
):
    structure = load_structure("club-evening")
    assert {level.minutes for level in structure.levels} == {20}
    assert structure.entry.starting_stack == 20_000
    assert len(structure.breaks) == 1
    (only_break,) = structure.breaks
    assert only_break.colour_up == (25,)
    assert structure.chip(25).colour_en == "green"


@pytest.mark.parametrize("players", [30, 45, 60])
def test_the_club_evening_brings_30_to_60_players_to_a_winner_in_about_four_hours(
    players: int,
) -> None:
    # At four hours the whole prize pool is 20 to 60 big blinds: the end point of the generator.
    structure = load_structure("club-evening")
    big_blind = level_in_play_at(structure, 240).big_blind
    total_chips = players * structure.entry.starting_stack
    assert 20 <= total_chips / big_blind <= 60


def test_the_turbo_template_has_rebuys_and_an_add_on() -> None:
    entry = load_structure("turbo").entry
    assert entry.rebuy_until_level > 0 and entry.rebuy_chips > 0 and entry.addon_chips > 0


def test_the_deep_stack_template_colours_up_at_several_breaks() -> None:
    structure = load_structure("deep-stack")
    assert structure.smallest_chip_at(len(structure.levels)) == 1000
    assert structure.entry.max_reentries == 1


# ---- the TOML format ----------------------------------------------------------------------

MINIMAL = """
name = "mini"
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { small_blind = 25, big_blind = 50 },
  { small_blind = 50, big_blind = 100, minutes = 30 },
]
[entry]
starting_stack = 5000
"""


def test_a_structure_reads_from_toml_text_with_numbers_and_minutes_by_default() -> None:
    structure = load_structure(MINIMAL)
    assert structure.levels == (Level(1, 25, 50, minutes=20), Level(2, 50, 100, minutes=30))
    assert structure.breaks == ()
    assert structure.entry == EntryRules(starting_stack=5000)


def test_a_structure_reads_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mini.toml"
    path.write_text(MINIMAL, encoding="utf-8")
    assert load_structure(path) == load_structure(str(path)) == load_structure(MINIMAL)


def test_level_minutes_sets_the_length_of_levels_that_set_none() -> None:
    structure = load_structure("level_minutes = 15\n" + MINIMAL)
    assert [level.minutes for level in structure.levels] == [15, 30]


def test_an_unknown_field_is_refused_with_the_accepted_fields() -> None:
    error = load_refusal(MINIMAL.replace("big_blind = 50 }", "big_blind = 50, antes = 5 }"))
    assert error.code == "STRUCTURE_UNKNOWN_FIELD"
    assert error.params["field"] == "levels.1.antes"
    assert "ante" in error.params["accepted"]
    assert error.message.startswith("structure: unknown field 'levels.1.antes'; accepted:")


def test_a_missing_field_is_refused_naming_it() -> None:
    error = load_refusal(MINIMAL.replace("starting_stack = 5000", "buy_in_cents = 500"))
    assert error.code == "STRUCTURE_MISSING_FIELD"
    assert error.params["field"] == "entry.starting_stack"


def test_a_value_of_the_wrong_type_is_refused_with_what_is_accepted() -> None:
    error = load_refusal(MINIMAL.replace("big_blind = 100", 'big_blind = "100"'))
    assert error.code == "STRUCTURE_BAD_VALUE"
    assert error.params == {
        "source": "structure",
        "field": "levels.2.big_blind",
        "value": "100",
        "accepted": "a whole number",
    }


def test_a_file_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    text = MINIMAL.replace("small_blind = 50, big_blind = 100", "small_blind = 20, big_blind = 40")
    path.write_text(text, encoding="utf-8")
    error = load_refusal(str(path))
    assert error.code == "STRUCTURE_BLINDS_DECREASE"
    assert error.message.startswith("club.toml: level 2: small_blind 20 is below level 1's 25")
    assert error.params["source"] == "club.toml"


def test_invalid_toml_is_refused() -> None:
    error = load_refusal('name = "x"\nlevels = [')
    assert error.code == "STRUCTURE_INVALID"


def test_an_unknown_name_is_refused_with_the_templates() -> None:
    error = load_refusal("club-night")
    assert error.code == "STRUCTURE_NOT_FOUND"
    assert "club-evening" in error.params["accepted"]


def test_a_dumped_structure_leaves_out_default_entry_rules_and_reads_back_equal() -> None:
    structure = small_structure(
        levels=(Level(1, 25, 50, minutes=15), Level(2, 50, 100, ante=25), Level(3, 100, 200)),
        breaks=(Break(after_level=2, minutes=0, colour_up=(25,)),),
        entry=EntryRules(
            10_000,
            buy_in_cents=1500,
            rebuy_until_level=2,
            rebuy_chips=10_000,
            rebuy_cents=1500,
            max_rebuys=2,
            addon_chips=20_000,
            addon_cents=1500,
            double_addon=True,
        ),
        name='Soirée "deep" à 15 €',
    )
    text = dump_structure(structure)
    assert "fee_cents" not in text
    assert "max_reentries" not in text
    assert "minutes = 15" in text
    assert load_structure(text) == structure


# ---- the generator ------------------------------------------------------------------------

CHIP_SETS = [
    (25, 100, 500, 1000, 5000),
    (5, 25, 100, 500),
    (1, 5, 25, 100, 500, 1000),
    (100, 500, 1000, 5000, 25000),
]


def check_generated(structure: Structure, level_minutes: int) -> None:
    """Monotone, made of the chips in play, and written to TOML and back unchanged."""
    levels = structure.levels
    for before, after in itertools.pairwise(levels):
        assert after.big_blind > before.big_blind
        assert after.small_blind > before.small_blind
        assert after.ante >= before.ante
    for level in levels:
        smallest = structure.smallest_chip_at(level.number)
        for amount in (level.small_blind, level.big_blind, level.ante, level.bb_ante):
            assert amount % smallest == 0
        assert level.big_blind == 2 * level.small_blind
        assert level.minutes == level_minutes
    assert load_structure(dump_structure(structure)) == structure


@settings(max_examples=150, deadline=None)
@given(
    chips=st.sampled_from(CHIP_SETS),
    players=st.integers(10, 400),
    target_minutes=st.integers(120, 600),
    level_minutes=st.sampled_from([10, 12, 15, 20, 25, 30, 40]),
    stack_in_chips=st.sampled_from([200, 400, 800, 1000, 2000]),
    ante=st.sampled_from(["none", "ante", "bb_ante"]),
)
def test_a_generated_structure_is_monotone_makeable_and_reaches_its_end_point_on_time(
    chips: tuple[int, ...],
    players: int,
    target_minutes: int,
    level_minutes: int,
    stack_in_chips: int,
    ante: AnteKind,
) -> None:
    """Either the structure reaches its end point (the total chips are about 20 big blinds)
    at the target time, or it is refused with a level length that does."""
    stack = stack_in_chips * chips[0]
    try:
        structure = generate_structure(chips, players, target_minutes, level_minutes, stack, ante)
    except PokerfloorError as error:
        assert error.code == "STRUCTURE_TARGET_UNREACHABLE"
        level_minutes = error.params["suggested"]
        structure = generate_structure(chips, players, target_minutes, level_minutes, stack, ante)
    check_generated(structure, level_minutes)
    end_big_blind = players * stack / 20
    reached = level_in_play_at(structure, target_minutes).big_blind
    assert end_big_blind / 2 <= reached <= end_big_blind * 2
    assert structure.levels[-1].big_blind > reached  # levels left over if the event runs long


@pytest.mark.parametrize(
    ("players", "target_minutes", "level_minutes", "stack"),
    [(30, 240, 20, 20_000), (60, 240, 20, 20_000), (40, 180, 10, 10_000), (100, 480, 30, 50_000)],
)
def test_usual_club_events_are_generated_as_asked(
    players: int, target_minutes: int, level_minutes: int, stack: int
) -> None:
    structure = generate_structure(
        (25, 100, 500, 1000, 5000), players, target_minutes, level_minutes, stack
    )
    check_generated(structure, level_minutes)
    reached = level_in_play_at(structure, target_minutes).big_blind
    assert players * stack / 40 <= reached <= players * stack / 10


def test_a_target_that_needs_too_slow_a_growth_is_refused_with_a_level_length_that_works() -> None:
    with pytest.raises(PokerfloorError) as caught:
        generate_structure((25, 100, 500), 10, 600, 10, 5000)
    error = caught.value
    assert error.code == "STRUCTURE_TARGET_UNREACHABLE"
    assert error.params["field"] == "level_minutes"
    assert error.params["suggested"] > 10
    assert f"try levels of {error.params['suggested']} minutes" in error.message


@pytest.mark.parametrize("level_minutes", [10, 15, 20, 30, 45])
def test_a_generated_structure_has_a_break_about_every_two_hours(level_minutes: int) -> None:
    structure = generate_structure((25, 100, 500, 1000, 5000), 200, 360, level_minutes)
    played_before = [b.after_level * level_minutes for b in structure.breaks]
    assert played_before
    assert all(120 <= minutes < 120 + level_minutes for minutes in played_before[:1])
    gaps = [b - a for a, b in itertools.pairwise(played_before)]
    assert all(120 - level_minutes < gap <= 120 + level_minutes for gap in gaps)


def test_a_generated_club_evening_colours_up_the_25s_at_the_first_break() -> None:
    structure = generate_structure((25, 100, 500, 1000, 5000), 45, 240, 20, 20_000, "bb_ante")
    assert structure.breaks[0].after_level == 6
    assert structure.breaks[0].colour_up == (25,)
    assert structure.levels[0].big_blind == 200  # 100 big blinds deep
    assert structure.chip(25).colour_fr == "vert"


def test_generated_antes_start_after_an_hour_at_about_an_eighth_of_the_big_blind() -> None:
    structure = generate_structure((25, 100, 500, 1000), 40, 240, 20, 20_000, "ante")
    assert [level.ante > 0 for level in structure.levels[:4]] == [False, False, False, True]
    for level in structure.levels[3:]:
        assert level.big_blind / 16 <= level.ante <= level.big_blind / 4


def test_a_generated_big_blind_ante_is_one_big_blind() -> None:
    # tda-2024 RP-11: the big blind ante is posted by the big blind.
    structure = generate_structure((25, 100, 500, 1000), 40, 240, 20, 20_000, "bb_ante")
    assert all(level.bb_ante in (0, level.big_blind) for level in structure.levels)
    assert all(level.ante == 0 for level in structure.levels)


def test_the_generated_starting_stack_defaults_to_800_of_the_smallest_chip() -> None:
    structure = generate_structure((25, 100, 500), 20, 180)
    assert structure.entry.starting_stack == 20_000
    assert len(structure.chips) == 3


def test_generated_structures_keep_given_chip_colours() -> None:
    chips = (ChipDenomination(10, "bleu", "blue"), 50, 200)
    structure = generate_structure(chips, 20, 180)
    assert structure.chip(10).colour_en == "blue"
    assert structure.chip(200).colour_en == "200 chip"


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"chips": ()}, "chips"),
        ({"chips": (25, 0)}, "chips"),
        ({"players": 1}, "players"),
        ({"target_minutes": 5}, "target_minutes"),
        ({"level_minutes": 0}, "level_minutes"),
        ({"starting_stack": 10_010}, "starting_stack"),
        ({"ante": "straddle"}, "ante"),
    ],
)
def test_generator_inputs_out_of_range_are_refused_naming_the_argument(
    arguments: dict[str, object], field: str
) -> None:
    values: dict[str, object] = {"chips": (25, 100, 500), "players": 30, "target_minutes": 240}
    values.update(arguments)
    with pytest.raises(PokerfloorError) as caught:
        generate_structure(**values)  # type: ignore[arg-type]
    assert caught.value.code == "STRUCTURE_BAD_VALUE"
    assert caught.value.params["field"] == field


def test_structures_serialise_with_msgspec() -> None:
    structure = load_structure("turbo")
    encoded = msgspec.json.encode(structure)
    assert msgspec.json.decode(encoded, type=Structure) == structure


# ---- the documentation --------------------------------------------------------------------

DOC = Path(__file__).parents[2] / "docs" / "structure.md"


def test_the_toml_example_of_the_documentation_loads() -> None:
    (block,) = re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    structure = load_structure(block)
    assert structure.smallest_chip_at(5) == 100
    assert structure.entry.max_rebuys == 2


def test_every_python_example_of_the_documentation_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 2
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})
