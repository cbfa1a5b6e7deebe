"""Dealing irregularities applied to real deck orders (issue 15, item 2): each procedure's cards
are the ones the rule says, chips are conserved and the events replay to the same state.

The first part forces the floor's decision (each procedure's mechanics, whatever profile rules
it); the second asks ``pokerfloor.floor.rule`` through the engine, profile by profile.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from pokerfloor.cards import shuffled_order
from pokerfloor.errors import PokerfloorError
from pokerfloor.floor._model import FloorRuling, Step
from pokerfloor.hand import (
    Action,
    BoardDealt,
    BoardIrregularity,
    DealCorrected,
    ExposeCard,
    FouledDeck,
    Hand,
    HandKilled,
    HandSetup,
    KillHand,
    Misdeal,
    Misdealt,
    Seat,
    Street,
)

DECK = tuple(int(card) for card in shuffled_order(11))  # plain ints: events go to JSON
SB, BB, BUTTON = 0, 1, 2  # player indices: seat 1 small blind, seat 2 big blind, seat 3 button


def start(profile: str = "tda-2024", deck: tuple[int, ...] = DECK, **setup: object) -> Hand:
    table = HandSetup(
        profile=profile,
        seats=(Seat(1, "Ann", 10_000), Seat(2, "Ben", 10_000), Seat(3, "Cid", 10_000)),
        button_seat=3,
        small_blind=50,
        big_blind=100,
        **setup,  # type: ignore[arg-type]
    )
    return Hand.start(table, deck)


def check_down(hand: Hand, until: Street = Street.COMPLETE) -> None:
    """Everyone checks or calls until ``until`` (a street) is reached."""
    while not hand.is_complete and hand.street < until:
        options = hand.legal_actions().options
        hand.act(Action("check" if "check" in options else "call"))


def replays(hand: Hand) -> None:
    assert Hand.replay(hand.events).snapshot() == hand.snapshot()


def conserved(hand: Hand, total: int = 30_000) -> None:
    in_pot = 0 if hand.is_complete else sum(hand.contributed) + hand.dead_money
    assert sum(hand.stacks) + in_pot == total


@pytest.fixture
def forced(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, tuple[str, ...]]]]:
    """Force the floor's decision: push (decision, step keys) before applying a command."""
    queue: list[tuple[str, tuple[str, ...]]] = []

    def ask(
        profile: object, situation: str, facts: Mapping[str, object] | None = None
    ) -> FloorRuling:
        decision, keys = queue.pop(0)
        steps = tuple(Step(key, f"step {key}", {}, f"step {key}") for key in keys or (decision,))
        return FloorRuling(situation, "test", decision, steps, ("test 1",), (), dict(facts or {}))

    # The function the engine asks (imported when an irregularity happens), not a method of
    # the engine: a compiled engine's classes cannot be patched.
    monkeypatch.setattr("pokerfloor.floor.rule", ask)
    yield queue


# ---- mechanics (the decision forced) ------------------------------------------------------


def test_a_misdeal_returns_every_post_and_the_same_button_deals_again(forced: list) -> None:
    hand = start(bb_ante=100)
    forced.append(("misdeal", ()))
    events = hand.apply_irregularity(Misdeal("wrong_order"))
    assert isinstance(events[0], Misdealt)
    assert dict(events[0].refunds) == {SB: 50, BB: 200}
    assert hand.is_complete and hand.redeal
    assert hand.stacks == [10_000, 10_000, 10_000]
    assert hand.awards == []
    replays(hand)


def test_a_misdeal_with_antes_and_a_raise_returns_every_chip(forced: list) -> None:
    hand = start(ante=25)
    hand.act(Action("raise", 300))
    forced.append(("misdeal", ()))
    hand.apply_irregularity(Misdeal("boxed_cards"))
    assert hand.stacks == [10_000, 10_000, 10_000]
    replays(hand)


def test_a_dead_hand_leaves_its_chips_in_the_pot_and_the_hand_goes_on(forced: list) -> None:
    hand = start()
    hand.act(Action("call"))  # Cid (the button) calls 100
    forced.append(("hand_dead", ()))
    events = hand.apply_irregularity(KillHand(BUTTON, "touched_by_muck"))
    assert isinstance(events[0], HandKilled)
    assert hand.contributed[BUTTON] == 100 and not hand.is_complete
    assert hand.to_act == SB
    forced.append(("hand_dead", ()))
    hand.apply_irregularity(KillHand(SB, "mixed_with_dead_card"))
    assert hand.is_complete  # one hand left: Ben takes the pot, Cid's call in it
    assert hand.stacks == [9_950, 10_150, 9_900]
    replays(hand)


def test_a_hand_found_live_changes_nothing_but_a_note(forced: list) -> None:
    hand = start()
    forced.append(("hand_live", ()))
    hand.apply_irregularity(KillHand(BB, "touched_by_muck", protected=True))
    assert hand.status[BB] != 1 and hand.events[-1].ruling.decision == "hand_live"  # type: ignore[union-attr]
    replays(hand)


def test_an_exposed_card_replaced_becomes_the_burn(forced: list) -> None:
    d = DECK
    hand = start()
    forced.append(("card_replaced", ()))
    events = hand.apply_irregularity(ExposeCard(BB, 2))
    assert isinstance(events[0], DealCorrected)
    assert hand.holes[BB] == (d[1], d[6])  # the top card of the stub takes its place
    assert hand.seen == (d[4],)
    check_down(hand)
    flop_burn = next(e for e in hand.events if getattr(e, "street", None) is Street.FLOP)
    assert flop_burn.burn == d[4]  # type: ignore[union-attr]
    assert hand.board == [d[7], d[8], d[9], d[11], d[13]]
    conserved(hand)
    replays(hand)


def test_an_exposed_card_kept_changes_no_card(forced: list) -> None:
    hand = start()
    forced.append(("card_kept", ()))
    hand.apply_irregularity(ExposeCard(BUTTON, 2))
    assert hand.holes[BUTTON] == (DECK[2], DECK[5]) and hand.exposed_in_deal == 1
    replays(hand)


def test_a_flop_without_burn_in_known_order_restores_the_burn(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    forced.append(("burn_restored", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "no_burn", order_known=True))
    assert hand.board == [d[7], d[8], d[9]] and hand.seen == (d[6],)
    check_down(hand)
    assert hand.board == [d[7], d[8], d[9], d[11], d[13]]
    replays(hand)


def test_a_flop_without_burn_in_unknown_order_is_reshuffled_then_burned(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    order = tuple(reversed(d[6:]))  # the flop back into the stub, in this new order
    forced.append(("board_reshuffled", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "no_burn", order=order))
    new = d[:6] + order
    assert hand.deck == new and hand.board == list(new[7:10])  # new[6] is the burn
    check_down(hand)
    assert hand.board == [new[7], new[8], new[9], new[11], new[13]]
    conserved(hand)
    replays(hand)


def test_a_flop_with_two_burns_in_known_order_is_put_back_in_order(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    forced.append(("burn_restored", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "two_burns", order_known=True))
    assert hand.board == [d[7], d[8], d[9]] and hand.seen == (d[10],)  # the turn's burn
    check_down(hand)
    assert hand.board == [d[7], d[8], d[9], d[11], d[13]]
    replays(hand)


def test_a_flop_with_two_burns_in_unknown_order_is_redealt_without_burn(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    order = tuple(reversed(d[7:]))  # the second burn and the flop go back; the first stays
    forced.append(("board_reshuffled", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "two_burns", order=order))
    new = d[:7] + order
    assert hand.board == list(new[7:10])
    check_down(hand)
    assert hand.board == [new[7], new[8], new[9], new[11], new[13]]
    replays(hand)


def test_a_four_card_flop_loses_the_card_taken_at_random_as_the_next_burn(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    forced.append(("extra_card_removed", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", pick=d[8]))
    assert hand.board == [d[7], d[9], d[10]]
    check_down(hand)
    turn = [e for e in hand.events if getattr(e, "street", None) is Street.TURN]
    assert turn[0].burn == d[8]  # type: ignore[union-attr]
    assert hand.board == [d[7], d[9], d[10], d[11], d[13]]
    conserved(hand)
    replays(hand)


def test_a_four_card_flop_with_a_seed_replays_exactly(forced: list) -> None:
    hand = start()
    check_down(hand, Street.FLOP)
    forced.append(("extra_card_removed", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", seed=3))
    assert set(hand.board) < set(DECK[7:11])
    check_down(hand)
    replays(hand)


def test_a_four_card_flop_in_known_order_burns_the_fourth(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    forced.append(("burn_restored", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", order_known=True))
    check_down(hand)
    assert hand.board == [d[7], d[8], d[9], d[11], d[13]] and hand.seen == (d[10],)
    replays(hand)


def test_a_four_card_flop_reshuffled_is_redealt_without_burn(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    order = tuple(reversed(d[7:]))
    forced.append(("board_reshuffled", ("redeal_without_burn",)))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", order=order))
    new = d[:7] + order
    check_down(hand)
    assert hand.board == [new[7], new[8], new[9], new[11], new[13]]
    replays(hand)


@pytest.mark.parametrize("street", [Street.TURN, Street.RIVER])
def test_a_turn_or_river_without_burn_becomes_the_burn(forced: list, street: Street) -> None:
    d = DECK
    hand = start()
    check_down(hand, street)
    forced.append(("burn_restored", ()))
    hand.apply_irregularity(BoardIrregularity(street, "no_burn"))
    assert hand.seen == ((d[10],) if street is Street.TURN else (d[12],))
    check_down(hand)
    assert hand.board == [d[7], d[8], d[9], d[11], d[13]]
    replays(hand)


def test_a_premature_flop_is_reshuffled_and_dealt_without_burn(forced: list) -> None:
    d = DECK
    hand = start()
    hand.act(Action("call"))  # the flop comes out while Ann and Ben have still to act
    order = tuple(reversed(d[7:]))
    forced.append(("board_reshuffled", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "premature", order=order))
    assert hand.board == [] and hand.street is Street.PREFLOP and hand.to_act == SB
    new = d[:7] + order
    check_down(hand)
    assert hand.board == [new[7], new[8], new[9], new[11], new[13]]
    burns = [event.burn for event in hand.events if isinstance(event, BoardDealt)]
    assert burns == [-1, new[10], new[12]]
    conserved(hand)
    replays(hand)


def test_a_premature_turn_is_set_aside_then_shuffled_back_for_the_river(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.FLOP)
    hand.act(Action("bet", 200))
    forced.append(("card_set_aside", ()))
    hand.apply_irregularity(BoardIrregularity(Street.TURN, "premature", seed=5))
    assert hand.seen == (d[11],)
    check_down(hand)
    # burn d[12], the card that would have been the river is the turn, then the river
    # without a burn from the stub shuffled with the card set aside.
    assert hand.board[:4] == [d[7], d[8], d[9], d[13]]
    assert hand.board[4] in set(d[14:]) | {d[11]}
    assert hand.deck[14:] != d[14:] and sorted(hand.deck) == sorted(d)
    conserved(hand)
    replays(hand)


def test_a_premature_river_is_reshuffled_and_dealt_without_burn(forced: list) -> None:
    d = DECK
    hand = start()
    check_down(hand, Street.TURN)
    hand.act(Action("bet", 200))
    order = tuple(reversed(d[13:]))
    forced.append(("board_reshuffled", ()))
    hand.apply_irregularity(BoardIrregularity(Street.RIVER, "premature", order=order))
    check_down(hand)
    assert hand.board == [d[7], d[8], d[9], d[11], order[0]]
    replays(hand)


def test_refusals_leave_the_hand_unchanged(forced: list) -> None:
    hand = start()
    check_down(hand, Street.FLOP)
    hand.act(Action("check"))
    before, length = hand.snapshot(), len(hand.events)
    for command, code in (
        (BoardIrregularity(Street.FLOP, "no_burn"), "IRREGULARITY_NOT_NOW"),  # action on it
        (ExposeCard(BB, 1), "IRREGULARITY_NOT_NOW"),  # the deal is long over
        (BoardIrregularity(Street.TURN, "two_burns"), "BAD_IRREGULARITY"),
        (KillHand(7), "UNKNOWN_PLAYER"),
    ):
        with pytest.raises(PokerfloorError) as refused:
            hand.apply_irregularity(command)
        assert refused.value.code == code
        assert hand.snapshot() == before and len(hand.events) == length
    forced.append(("board_reshuffled", ()))
    with pytest.raises(PokerfloorError) as refused:  # a reshuffle needs its order or a seed
        hand.apply_irregularity(BoardIrregularity(Street.TURN, "premature"))
    assert refused.value.code == "BAD_IRREGULARITY"
    assert hand.snapshot() == before


def test_a_folded_hand_a_second_replacement_and_a_pick_without_seed_are_refused(
    forced: list,
) -> None:
    hand = start()
    forced.append(("card_replaced", ()))
    hand.apply_irregularity(ExposeCard(BB, 2))
    before = hand.snapshot()
    forced.append(("card_replaced", ()))  # the burn is already the first exposed card
    with pytest.raises(PokerfloorError) as refused:
        hand.apply_irregularity(ExposeCard(SB, 2))
    assert refused.value.params["reason"] == "second_replacement"
    assert hand.snapshot() == before
    hand.act(Action("fold"))  # the button, first to act
    with pytest.raises(PokerfloorError) as refused:  # refused before the floor is asked
        hand.apply_irregularity(KillHand(BUTTON))
    assert refused.value.code == "NOT_IN_HAND"
    check_down(hand, Street.FLOP)
    before = hand.snapshot()
    forced.append(("extra_card_removed", ()))
    with pytest.raises(PokerfloorError) as refused:  # a card taken at random needs a seed
        hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards"))
    assert refused.value.params["reason"] == "no_pick" and hand.snapshot() == before
    assert not forced
    replays(hand)


def test_a_short_deck_refuses_a_procedure_that_needs_more_cards(forced: list) -> None:
    deck = DECK[: 2 * 3 + 8]  # just enough for the usual deal
    hand = start(deck=deck)
    check_down(hand, Street.FLOP)
    before = hand.snapshot()
    forced.append(("board_reshuffled", ("burn_and_redeal",)))  # one burn more than usual
    with pytest.raises(PokerfloorError) as refused:
        hand.apply_irregularity(BoardIrregularity(Street.FLOP, "two_burns", seed=1))
    assert refused.value.code == "DECK_TOO_SHORT" and hand.snapshot() == before
    forced.append(("burn_restored", ()))
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "two_burns", order_known=True))
    check_down(hand)
    assert hand.board == [deck[7], deck[8], deck[9], deck[11], deck[13]]
    replays(hand)


# ---- the profile's floor ruling, asked by the engine ---------------------------------------


@pytest.mark.parametrize("profile", ["tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"])
def test_a_misdeal_before_any_action_voids_the_hand(profile: str) -> None:
    hand = start(profile, bb_ante=100)
    events = hand.apply_irregularity(Misdeal("wrong_order"))
    assert isinstance(events[0], Misdealt) and events[0].ruling.citations
    assert hand.redeal and hand.stacks == [10_000, 10_000, 10_000]
    replays(hand)


@pytest.mark.parametrize(
    ("profile", "citation"),
    [("tda-2024", "tda-2024 R36"), ("heavenpoker", "heavenpoker 12")],
)
def test_a_misdeal_after_two_calls_is_refused_as_too_late(profile: str, citation: str) -> None:
    hand = start(profile)
    hand.act(Action("call"))
    hand.act(Action("call"))
    before, length = hand.snapshot(), len(hand.events)
    with pytest.raises(PokerfloorError) as refused:
        hand.apply_irregularity(Misdeal("wrong_order"))
    assert refused.value.code == "MISDEAL_TOO_LATE"
    assert citation in refused.value.params["citations"]  # type: ignore[operator]
    assert citation in refused.value.message
    assert hand.snapshot() == before and len(hand.events) == length


def test_allinouest_allows_a_misdeal_until_two_players_have_bet() -> None:
    hand = start("allinouest")
    hand.act(Action("call"))  # the button calls: one player has bet
    hand.act(Action("fold"))  # the small blind folds
    hand.apply_irregularity(Misdeal("wrong_order"))
    assert hand.redeal and hand.stacks == [10_000, 10_000, 10_000]


def test_the_first_card_exposed_by_the_dealer_is_a_misdeal_everywhere() -> None:
    for profile in ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker"):
        hand = start(profile)
        events = hand.apply_irregularity(ExposeCard(SB, 1))
        assert isinstance(events[0], Misdealt), profile
        assert hand.redeal


def test_the_dealers_own_card_is_kept_at_allinouest_and_replaced_at_heavenpoker() -> None:
    kept = start("allinouest")
    kept.apply_irregularity(ExposeCard(BUTTON, 2))  # Cid deals: his own second card
    assert kept.holes[BUTTON] == (DECK[2], DECK[5])
    replaced = start("heavenpoker")
    replaced.apply_irregularity(ExposeCard(BUTTON, 2))
    assert replaced.holes[BUTTON] == (DECK[2], DECK[6]) and replaced.seen == (DECK[5],)
    replays(kept)
    replays(replaced)


def test_a_second_exposed_card_is_a_misdeal() -> None:
    hand = start("heavenpoker")
    hand.apply_irregularity(ExposeCard(BB, 2))
    hand.apply_irregularity(ExposeCard(SB, 2))
    assert hand.redeal and hand.stacks == [10_000, 10_000, 10_000]
    replays(hand)


def test_a_four_card_flop_tda_takes_a_card_at_random_allinouest_burns_the_fourth() -> None:
    d = DECK
    tda = start("tda-2024")
    check_down(tda, Street.FLOP)
    tda.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", pick=d[7]))
    check_down(tda)
    assert tda.board == [d[8], d[9], d[10], d[11], d[13]]
    event = next(e for e in tda.events if isinstance(e, DealCorrected))
    assert event.procedure == "extra_card_removed" and "tda-2024 R39 A" in event.ruling.citations
    club = start("allinouest")
    check_down(club, Street.FLOP)
    club.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", order_known=True))
    check_down(club)
    assert club.board == [d[7], d[8], d[9], d[11], d[13]]
    replays(tda)
    replays(club)


def test_a_flop_without_burn_unknown_order_at_heavenpoker_is_reshuffled_and_burned() -> None:
    hand = start("heavenpoker")
    check_down(hand, Street.FLOP)
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "no_burn", seed=42))
    event = hand.events[-1]
    assert isinstance(event, DealCorrected) and event.procedure == "board_reshuffled"
    assert "heavenpoker 15.1" in event.ruling.citations
    assert hand.board == list(hand.deck[7:10])  # hand.deck[6], shuffled, is the burn
    check_down(hand)
    conserved(hand)
    replays(hand)


def test_tda_2024_rp_5_b_a_premature_turn_is_reshuffled_into_the_stub_and_dealt_again() -> None:
    d = DECK
    hand = start("tda-2024")
    check_down(hand, Street.FLOP)
    hand.act(Action("check"))  # Ann checks; the dealer turns the turn before Ben and Cid act
    order = tuple(reversed(d[11:]))  # the premature turn and the stub, "shuffled"
    hand.apply_irregularity(BoardIrregularity(Street.TURN, "premature", order=order))
    event = hand.events[-1]
    assert isinstance(event, DealCorrected) and event.procedure == "board_reshuffled"
    assert "tda-2024 RP-5" in event.ruling.citations
    check_down(hand)
    assert hand.board[3:] == [order[0], order[2]]  # the turn without a burn, the river with one
    turn = [e for e in hand.events if getattr(e, "street", None) is Street.TURN]
    assert turn[-1].burn == -1  # type: ignore[union-attr]
    conserved(hand)
    replays(hand)


def test_tda_2024_r39_b_a_flop_without_burn_is_scrambled_one_card_burned() -> None:
    d = DECK
    hand = start("tda-2024")
    check_down(hand, Street.FLOP)  # the dealer turned d[6], d[7], d[8] without burning
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "no_burn", order_known=True, pick=d[7]))
    event = hand.events[-1]
    assert isinstance(event, DealCorrected) and event.procedure == "flop_scrambled"
    assert event.ruling.citations[0] == "tda-2024 R39 B"
    check_down(hand)
    assert hand.board == [d[6], d[8], d[9], d[11], d[13]]
    conserved(hand)
    replays(hand)


@pytest.mark.parametrize("profile", ["allinouest", "heavenpoker"])
def test_a_premature_turn_is_set_aside_and_the_river_comes_without_burn(profile: str) -> None:
    d = DECK
    hand = start(profile)
    check_down(hand, Street.FLOP)
    hand.act(Action("check"))  # Ann checks; the dealer turns the turn before Ben and Cid act
    hand.apply_irregularity(BoardIrregularity(Street.TURN, "premature", seed=9))
    check_down(hand)
    assert hand.board[3] == d[13]
    river = [e for e in hand.events if getattr(e, "street", None) is Street.RIVER]
    assert river[0].burn == -1  # type: ignore[union-attr]
    replays(hand)


def test_tda_2024_r65_a_hand_fouled_by_the_muck_is_dead_only_if_it_cannot_be_identified() -> None:
    hand = start("tda-2024")
    hand.act(Action("call"))
    hand.apply_irregularity(KillHand(BUTTON, "touched_by_muck"))
    assert hand.status[BUTTON] == 0  # identifiable, protected or not: live (R65 B)
    events = hand.apply_irregularity(KillHand(BUTTON, "touched_by_muck", identifiable=False))
    assert isinstance(events[0], HandKilled) and "tda-2024 R65 A" in events[0].ruling.citations
    assert hand.contributed[BUTTON] == 100 and not hand.is_complete
    check_down(hand)
    conserved(hand)
    replays(hand)


def test_a_players_deliberate_act_kills_only_his_hand() -> None:
    hand = start("allinouest")
    events = hand.apply_irregularity(KillHand(SB, "mixed", voluntary=True))
    assert isinstance(events[0], HandKilled) and not hand.redeal
    assert hand.contributed[SB] == 50 and not hand.is_complete
    replays(hand)


def test_the_events_serialise_and_replay_from_json() -> None:
    import msgspec

    from pokerfloor.hand import Event

    hand = start("tda-2024")
    hand.apply_irregularity(ExposeCard(BB, 2))
    check_down(hand, Street.FLOP)
    hand.apply_irregularity(BoardIrregularity(Street.FLOP, "four_cards", seed=1))
    check_down(hand)
    data = msgspec.json.encode(hand.events)
    events = msgspec.json.decode(data, type=list[Event])
    assert Hand.replay(events).snapshot() == hand.snapshot()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("{misdeal: wrong_order, colour: red}", "unknown key 'colour'"),
        ("{exposed: 3}", "1 or 2"),
        ("{board: fifth}", "board 'fifth'"),
        ("{board: flop, error: five_cards}", "error 'five_cards'"),
        ("{board: flop, pick: Zz}", "pick"),
        ("{misdeal: wrong_order, dead_hand: mixed_with_dead_card}", "name one irregularity"),
    ],
)
def test_a_scenario_naming_an_irregularity_wrongly_is_refused_naming_it(
    action: str, words: str
) -> None:
    from pokerfloor.hand.scenario import ScenarioError, load_scenario

    text = (
        "profile: tda-2024\nblinds: [50, 100]\nbutton: 2\n"
        "seats: {1: {name: A, stack: 500}, 2: {name: B, stack: 500}}\n"
        f"actions:\n  - A: {action}\n"
    )
    with pytest.raises(ScenarioError) as refused:
        load_scenario(text)
    assert words in refused.value.message and refused.value.params["field"] == "actions[0]"


def test_a_protected_hand_lost_at_heavenpoker_takes_back_what_it_committed() -> None:
    hand = start("heavenpoker")
    hand.act(Action("raise", 300))  # Cid raises to 300; then the muck swallows his hand
    events = hand.apply_irregularity(
        KillHand(BUTTON, "touched_by_muck", protected=True, identifiable=False)
    )
    killed = events[0]
    assert isinstance(killed, HandKilled) and killed.refund == 300
    assert "heavenpoker 8.12" in killed.ruling.citations
    assert hand.stacks[BUTTON] == 10_000 and hand.current_bet == 100  # the big blind stands
    check_down(hand)
    conserved(hand)
    replays(hand)


def test_allinouest_gives_back_a_dead_hands_uncalled_raise() -> None:
    hand = start("allinouest")
    hand.act(Action("call"))  # Cid calls 100
    hand.act(Action("raise", 400))  # Ann raises to 400: nobody has called it
    events = hand.apply_irregularity(KillHand(SB, "touched_by_muck"))
    killed = events[0]
    assert isinstance(killed, HandKilled) and killed.refund == 300 and killed.bet_to == 100
    assert hand.contributed[SB] == 100 and hand.current_bet == 100
    check_down(hand)
    conserved(hand)
    replays(hand)


def test_a_duplicate_card_on_the_turn_voids_the_hand_and_returns_every_chip() -> None:
    hand = start("heavenpoker")
    check_down(hand, Street.FLOP)
    hand.act(Action("bet", 300))
    check_down(hand, Street.TURN)
    events = hand.apply_irregularity(FouledDeck("duplicate"))
    assert isinstance(events[0], Misdealt) and "heavenpoker 13.9" in events[0].ruling.citations
    assert hand.redeal and hand.stacks == [10_000, 10_000, 10_000]
    replays(hand)


def test_a_joker_found_after_its_holder_acted_kills_his_hand_at_heavenpoker() -> None:
    hand = start("heavenpoker")
    hand.act(Action("call"))
    events = hand.apply_irregularity(FouledDeck("joker", player=BUTTON, holder_acted=True))
    assert isinstance(events[0], HandKilled) and events[0].player == BUTTON
    assert hand.contributed[BUTTON] == 100 and not hand.redeal
    with pytest.raises(PokerfloorError) as refused:  # a joker in nobody's hand: name him
        start("heavenpoker").apply_irregularity(FouledDeck("joker", holder_acted=True))
    assert refused.value.code == "BAD_IRREGULARITY"
    replays(hand)


def test_a_flashed_card_the_owner_refuses_is_replaced_at_allinouest() -> None:
    hand = start("allinouest")
    hand.apply_irregularity(ExposeCard(BB, 2, how="flashed", owner_keeps=False))
    assert hand.holes[BB] == (DECK[1], DECK[6]) and hand.exposed_in_deal == 1
    first = start("heavenpoker")  # the very first card flashed, others could tell it
    first.apply_irregularity(ExposeCard(SB, 1, how="flashed"))
    assert first.redeal
    kept = start("allinouest")
    kept.apply_irregularity(ExposeCard(BB, 2, how="flashed"))  # he keeps it
    assert kept.holes[BB] == (DECK[1], DECK[4]) and kept.exposed_in_deal == 0
    replays(hand)
    replays(kept)


def test_a_card_off_the_table_by_the_dealer_is_replaced_by_the_player_kept() -> None:
    dealer = start("allinouest")
    events = dealer.apply_irregularity(ExposeCard(BUTTON, 2, how="off_table"))
    assert isinstance(events[0], DealCorrected) and events[0].procedure == "card_replaced"
    assert dealer.holes[BUTTON] == (DECK[2], DECK[6])
    player = start("allinouest")
    events = player.apply_irregularity(ExposeCard(BUTTON, 2, "player_accident", "off_table"))
    assert isinstance(events[0], DealCorrected) and events[0].procedure == "card_kept"
    assert player.holes[BUTTON] == (DECK[2], DECK[5])
    first = start("tda-2024")
    first.apply_irregularity(ExposeCard(SB, 1, how="off_table"))  # the first card dealt
    assert first.redeal


# ---- every board procedure, every profile, several real deck orders ------------------------

PROFILES = ("tda-2024", "tda-2010", "ropta", "allinouest", "heavenpoker")
PROCEDURES = (
    (Street.FLOP, "no_burn", True),
    (Street.FLOP, "no_burn", False),
    (Street.FLOP, "two_burns", True),
    (Street.FLOP, "two_burns", False),
    (Street.FLOP, "four_cards", True),
    (Street.FLOP, "four_cards", False),
    (Street.TURN, "no_burn", True),
    (Street.RIVER, "no_burn", True),
    (Street.FLOP, "premature", False),
    (Street.TURN, "premature", False),
    (Street.RIVER, "premature", False),
)


def expected_board(
    d: tuple[int, ...], street: Street, error: str, decision: str
) -> tuple[list[int], tuple[int, ...]]:
    """The board the rule gives, and the explicit order the command carries (reversed cards:
    the 'shuffle' is known, so the cards are too)."""
    right = [d[7], d[8], d[9], d[11], d[13]]
    if decision == "burn_restored":
        return right, ()
    if decision == "extra_card_removed":
        return [d[7], d[9], d[10], d[11], d[13]], ()  # the command picks d[8]
    if decision == "flop_scrambled":  # d[8] drawn as the burn; d[9] completes the flop
        return [d[6], d[7], d[9], d[11], d[13]], ()
    if error == "premature" and street is Street.TURN and decision == "board_reshuffled":
        order = tuple(reversed(d[11:]))
        return [d[7], d[8], d[9], order[0], order[2]], order
    if error == "premature" and street is Street.TURN:
        order = tuple(reversed((*d[14:], d[11])))
        return [d[7], d[8], d[9], d[13], order[0]], order
    if error == "premature" and street is Street.RIVER:
        order = tuple(reversed(d[13:]))
        return [d[7], d[8], d[9], d[11], order[0]], order
    keep = 0 if error == "no_burn" else 1  # the burn stays burned; the rest goes back
    order = tuple(reversed(d[6 + keep :]))
    new = d[: 6 + keep] + order
    return [new[7], new[8], new[9], new[11], new[13]], order


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
@pytest.mark.parametrize("profile", PROFILES)
def test_every_board_procedure_deals_the_cards_its_ruling_says(profile: str, seed: int) -> None:
    d = tuple(int(card) for card in shuffled_order(seed))
    for street, error, known in PROCEDURES:
        hand = start(profile, deck=d)
        if error == "premature":
            check_down(hand, Street(street - 1))
            hand.act(Action("bet" if street > Street.FLOP else "raise", 300))
        else:
            check_down(hand, street)
        probe = start(profile, deck=d)  # the decision, to know which order the command needs
        check_down(probe, hand.street)
        command = BoardIrregularity(street, error, known, seed=0, pick=d[8])  # type: ignore[arg-type]
        if error == "premature":
            probe.act(Action("bet" if street > Street.FLOP else "raise", 300))
        event = probe.apply_irregularity(command)[0]
        assert isinstance(event, DealCorrected)
        board, order = expected_board(d, street, error, event.procedure)
        hand.apply_irregularity(
            BoardIrregularity(street, error, known, order=order, pick=d[8])  # type: ignore[arg-type]
        )
        check_down(hand)
        assert hand.board == board, (profile, street, error, known, event.procedure)
        assert sorted(hand.deck) == sorted(d)
        conserved(hand)
        replays(hand)
