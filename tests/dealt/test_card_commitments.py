"""One commitment per card: after the hand, the cards everyone saw (the board, the hands shown)
are proven one by one against the commitments published at the deal, and nothing proven is a
folded hand's card; the proofs tell nothing about the others (each salt is an HMAC of the
secret)."""

from __future__ import annotations

import random

from pokerfloor.dealt import ActInHand, CardsProven, DealHand, DealtTable, HandDealt
from pokerfloor.dealt.commitment import (
    card_commitment,
    card_commitments,
    card_proof_matches,
    card_salt,
)
from pokerfloor.dealt.views import public_view
from pokerfloor.hand import Action, HolesDealt
from tests.dealt._helpers import DECK, SECRET, setup


def _played_to_showdown() -> tuple[DealtTable, int]:
    table = DealtTable()
    table.deal(DealHand(setup(stacks=(1000, 1000, 1000)), DECK, SECRET, at_ms=0))
    first = table.to_act_seat()
    table.act(ActInHand(first, Action("fold"), at_ms=1))  # one hand folded: never proven
    while table.in_hand:
        legal = table.hand().legal_actions().options
        table.act(ActInHand(table.to_act_seat(), Action("check" if "check" in legal else "call"),
                            at_ms=2))  # fmt: skip
    return table, first


def test_the_deal_publishes_one_commitment_per_card() -> None:
    table, _folder = _played_to_showdown()
    dealt = table.events[0]
    assert isinstance(dealt, HandDealt)
    assert dealt.card_commitments == card_commitments(DECK, SECRET)
    assert len(set(dealt.card_commitments)) == 52


def test_after_the_hand_the_board_and_the_hands_shown_are_proven_and_a_folded_hand_is_not() -> None:
    table, folder = _played_to_showdown()
    dealt = table.events[0]
    assert isinstance(dealt, HandDealt)
    proven = next(event for event in table.events if isinstance(event, CardsProven))
    cards = {card for _, card, _ in proven.proofs}
    hand = table.hand()
    assert set(hand.board) <= cards
    holes = next(e for e in table.hand_events if isinstance(e, HolesDealt)).cards
    folded = holes[hand.players.index(folder)]
    assert not set(folded) & cards
    assert len(cards) == 5 + 4  # the board and the two hands shown down
    for position, card, salt in proven.proofs:
        assert card_proof_matches(dealt.card_commitments[position], position, card, salt)
        assert DECK[position] == card
    # A wrong card at a proven place does not match.
    position, card, salt = proven.proofs[0]
    assert not card_proof_matches(dealt.card_commitments[position], position, (card + 1) % 52, salt)
    # Every viewer gets the proofs (they are public), the deck order stays the TD's.
    view = public_view(table)
    assert view.proofs == proven.proofs and view.deck == ()


def test_a_card_s_salt_is_not_another_s() -> None:
    assert card_salt(SECRET, 0) != card_salt(SECRET, 1)
    assert len(card_salt(SECRET, 51)) == 32


def test_issue32_the_deal_s_commitments_equal_each_card_salted_on_its_own() -> None:
    """The 52 commitments of a deal, its secret keyed once (issue 32 item 5), are those of
    each card with the salt ``card_salt`` gives it, which the proofs publish."""
    rng = random.Random(32)
    for _ in range(5):
        deck = list(range(52))
        rng.shuffle(deck)
        secret = rng.randbytes(32).hex()
        assert card_commitments(deck, secret) == tuple(
            card_commitment(position, card, card_salt(secret, position))
            for position, card in enumerate(deck)
        )
