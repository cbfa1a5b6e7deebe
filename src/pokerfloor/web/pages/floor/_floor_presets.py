"""The floor calculator's presets: classic disputes, from the rulebooks' own examples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerfloor.hand import LiveAction
from pokerfloor.hand.scenario import load_scenario
from pokerfloor.web.i18n import N_
from pokerfloor.web.pages.floor._floor_form import SEAT_ROWS, ActionRow, FormState, SeatRow

__all__ = ["PRESETS", "Preset"]


@dataclass(frozen=True)
class Preset:
    """A situation written as a hand scenario (tests/scenarios, without profile or expect):
    the last live action is the disputed one."""

    key: str
    title: str
    description: str
    scenario: str

    def state(self, profile: str, compare: bool) -> FormState:
        loaded = load_scenario(f"profile: {profile}\n{self.scenario}")
        setup = loaded.setup
        seat_of = {seat.name: str(seat.seat_no) for seat in setup.seats}
        live_at = max(i for i, (_, a) in enumerate(loaded.actions) if isinstance(a, LiveAction))
        name, live = loaded.actions[live_at]
        assert isinstance(live, LiveAction)

        def rows(actions: Any) -> list[ActionRow]:
            return [
                ActionRow(seat_of[who], a.kind, "" if a.amount is None else str(a.amount))
                for who, a in actions
            ]

        return FormState(
            profile=profile,
            small_blind=str(setup.small_blind),
            big_blind=str(setup.big_blind),
            smallest_chip=str(setup.smallest_chip),
            street=setup.start_street.key,
            pot=str(setup.dead_money),
            button=str(setup.button_seat),
            seats=[
                next(
                    (SeatRow(s.name, str(s.stack)) for s in setup.seats if s.seat_no == n),
                    SeatRow(),
                )
                for n in range(1, SEAT_ROWS + 1)
            ],
            before=rows(loaded.actions[:live_at]),
            player=seat_of[name],
            say="raise_to" if live.amount is not None else live.say or "",
            amount="" if live.amount is None else str(live.amount),
            chips=" ".join(str(chip) for chip in live.chips),
            out_of_turn=live.out_of_turn,
            after=rows(loaded.actions[live_at + 1 :]),
            compare=compare,
            preset=self.key,
        )


_FLOP_ABCD = """start: flop
seats: {1: {name: A, stack: 10000}, 2: {name: B, stack: 10000}, 3: {name: C, stack: 10000},
        4: {name: D, stack: 10000}}
button: 4
"""
PRESETS: dict[str, Preset] = {
    preset.key: preset
    for preset in (
        Preset(
            "oversized_chip",
            N_("Single oversized chip"),
            N_("50/100: the button raises to 700, the big blind drops one 1000 chip without a "
               "word (ropta 5.5 case 1A, tda-2024 R44)."),
            """blinds: [50, 100]
smallest_chip: 50
button: 3
seats: {1: {name: SB, stack: 10000}, 2: {name: BB, stack: 10000}, 3: {name: BTN, stack: 10000}}
actions: [{BTN: raise 700}, {SB: fold}, {BB: {chips: [1000]}}]""",
        ),
        Preset(
            "fifty_percent",
            N_("50%% of a raise"),
            N_("Flop: A bets 400, B silently pushes a 500 and a 100 chip: 200 over the call, "
               "half a raise (heavenpoker 9.22, tda-2024 R43)."),
            _FLOP_ABCD
            + """blinds: [100, 200]
smallest_chip: 100
pot: 600
actions: [{A: bet 400}, {B: {chips: [500, 100]}}]""",
        ),
        Preset(
            "short_allin",
            N_("Under-raise all-ins"),
            N_("50/100: UTG raises to 300, two short all-ins (420, 500), the button calls. "
               "UTG says “raise to 1000”: is the betting reopened? (tda-2024 R47, allinouest)"),
            """blinds: [50, 100]
smallest_chip: 10
button: 6
seats: {1: {name: SB, stack: 5000}, 2: {name: BB, stack: 5000}, 3: {name: UTG, stack: 5000},
        4: {name: MP, stack: 420}, 5: {name: CO, stack: 500}, 6: {name: BTN, stack: 5000}}
actions: [{UTG: raise 300}, {MP: allin}, {CO: allin}, {BTN: call}, {SB: fold}, {BB: fold},
          {UTG: {say: raise, amount: 1000}}]""",
        ),
        Preset(
            "multiple_chips",
            N_("Several chips"),
            N_("250/500: UTG raises to 1100, the next player silently pushes a 1000 and a 500 "
               "chip (tda-2024 R45, Illustration Addendum)."),
            """blinds: [250, 500]
smallest_chip: 50
button: 9
seats: {1: {name: SB, stack: 50000}, 2: {name: BB, stack: 50000}, 3: {name: UTG, stack: 50000},
        4: {name: MP, stack: 50000}, 9: {name: BTN, stack: 50000}}
actions: [{UTG: raise 1100}, {MP: {chips: [1000, 500]}}]""",
        ),
        Preset(
            "verbal",
            N_("Verbal declaration"),
            N_("Flop: A bets 200, B says “raise 800” and pushes a single 500 chip "
               "(heavenpoker 8.9, tda-2024 R40)."),
            _FLOP_ABCD
            + """blinds: [100, 200]
smallest_chip: 100
pot: 600
actions: [{A: bet 200}, {B: {say: raise, amount: 800, chips: [500]}}]""",
        ),
        Preset(
            "out_of_turn",
            N_("Out of turn"),
            N_("Flop: A bets 200, C calls out of turn, then B raises to 600: does C's call "
               "still bind? (tda-2024 R53, allinouest, heavenpoker 8.4)"),
            _FLOP_ABCD.replace("10000", "5000")
            + """blinds: [50, 100]
smallest_chip: 50
pot: 300
actions: [{A: bet 200}, {C: {say: call, out_of_turn: true}}, {B: raise 600}]""",
        ),
    )
}  # fmt: skip
