"""The settings of a rule profile that one hand needs, read once when the hand starts.

The engine asks these fields, never the profile's name (rules are data, DESIGN.md section 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from pokerfloor.hand._model import Reason, Ruling, ruled
from pokerfloor.rules import RuleProfile, load_profile


@dataclass(frozen=True, slots=True)
class HandRules:
    profile: RuleProfile
    live_if_seated_at: str
    short_allin_reopens: str
    short_allin_reopens_for_blinds: bool
    raise_completion_percent: int
    under_call: str
    multiple_chips_facing_bet: str
    chips_added_to_oversized_blind: str
    lower_chip_facing_bet: str
    bb_ante_order: str
    bb_ante_if_short: str
    minimum_bet_big_blinds: int
    binding_if_action_unchanged: bool
    binding_after_substantial_action: bool
    binding_after_players_acted: int
    skipped_player_options: str
    options_if_action_changed: str
    first_without_bet: str
    may_ask_to_see: str
    asked_hand_after_muck: str
    show_both_cards_to_win: bool
    all_in_face_up: bool
    award_order: str
    last_to_act_must_raise_nuts: bool
    # The rulings without params this profile gives on every hand (who shows first, hands
    # turned up), built once: (decision, reason code, setting) -> ruling.
    _rulings: dict[tuple[str, str, str], Ruling] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def cite(self, key: str) -> tuple[str, ...]:
        """The profile's own articles behind a setting (rules every rulebook shares included)."""
        return self.profile.citations(key)

    def ruling(self, decision: str, code: str, setting: str) -> Ruling:
        """``ruled(decision, Reason(code), self.cite(setting))``, kept once made: a ruling is
        immutable and these are the same on every hand of the profile."""
        key = (decision, code, setting)
        made = self._rulings.get(key)
        if made is None:
            made = self._rulings[key] = ruled(decision, Reason(code), self.cite(setting))
        return made


@cache
def hand_rules(profile_id: str) -> HandRules:
    """Load a profile (bundled id or path) and keep the hand's settings, once per profile."""
    profile = load_profile(profile_id)

    def text(key: str) -> str:
        return str(profile.value(key))

    def number(key: str) -> int:
        return int(profile.value(key))

    def flag(key: str) -> bool:
        return bool(profile.value(key))

    return HandRules(
        profile=profile,
        live_if_seated_at=text("hand.live_if_seated_at"),
        short_allin_reopens=text("betting.short_allin_reopens"),
        short_allin_reopens_for_blinds=flag("betting.short_allin_reopens_for_blinds"),
        raise_completion_percent=number("betting.raise_completion_percent"),
        under_call=text("betting.under_call"),
        multiple_chips_facing_bet=text("betting.multiple_chips_facing_bet"),
        chips_added_to_oversized_blind=text("betting.chips_added_to_oversized_blind"),
        lower_chip_facing_bet=text("betting.lower_chip_facing_bet"),
        bb_ante_order=text("betting.bb_ante_order"),
        bb_ante_if_short=text("betting.bb_ante_if_short"),
        minimum_bet_big_blinds=number("betting.minimum_bet_big_blinds"),
        binding_if_action_unchanged=flag("out_of_turn.binding_if_action_unchanged"),
        binding_after_substantial_action=flag("out_of_turn.binding_after_substantial_action"),
        binding_after_players_acted=number("out_of_turn.binding_after_players_acted"),
        skipped_player_options=text("out_of_turn.skipped_player_options"),
        options_if_action_changed=text("out_of_turn.options_if_action_changed"),
        first_without_bet=text("showdown.first_without_bet"),
        may_ask_to_see=text("showdown.may_ask_to_see"),
        asked_hand_after_muck=text("showdown.asked_hand_after_muck"),
        show_both_cards_to_win=flag("showdown.show_both_cards_to_win"),
        all_in_face_up=flag("showdown.all_in_face_up"),
        award_order=text("pots.award_order"),
        last_to_act_must_raise_nuts=flag("duties.last_to_act_must_raise_nuts"),
    )
