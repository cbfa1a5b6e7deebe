"""Issue 31: the dealt tables' randomness comes from one source the service is built with:
``secrets`` in production, a seeded source only when a test (or a bench) constructs the
service with it; nothing a request or a player sends can choose it."""

from __future__ import annotations

from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.shuffle import SecretsShuffler, SeededShuffler
from pokerfloor.dealt import HandDealt
from pokerfloor.dealt.commitment import DECK_SIZE
from pokerfloor.web.api import create_app
from pokerfloor.web.dealt_api import ChooseDealt
from tests.dealt._sitngo import FakeClock, play_until, sit_and_go


def test_a_seeded_shuffler_gives_the_same_decks_secrets_and_seeds_for_the_same_seed() -> None:
    one, two, other = SeededShuffler(4), SeededShuffler(4), SeededShuffler(5)
    draws = [(one.deck(), one.secret(), one.randbits(64)) for _ in range(3)]
    assert draws == [(two.deck(), two.secret(), two.randbits(64)) for _ in range(3)]
    assert draws[0][0] != other.deck()
    for deck, secret, _seed in draws:
        assert sorted(deck) == list(range(DECK_SIZE)) and len(secret) == 64
    assert len({deck for deck, _secret, _seed in draws}) == 3  # a new order at each hand


def test_the_secrets_shuffler_never_repeats_a_deck_or_a_secret() -> None:
    source = SecretsShuffler()
    decks = {source.deck() for _ in range(20)}
    secrets = {source.secret() for _ in range(20)}
    assert len(decks) == 20 and len(secrets) == 20
    assert all(sorted(deck) == list(range(DECK_SIZE)) for deck in decks)


def _decks(shuffle_seed: int) -> list[tuple[tuple[int, ...], str]]:
    dealt, clock = sit_and_go(players=6, shuffle_seed=shuffle_seed)
    play_until(dealt, clock, lambda: dealt.table("sng", 1).hand_no >= 2)
    return [
        (event.deck, event.secret)
        for event in dealt.table("sng", 1).events
        if isinstance(event, HandDealt)
    ]


def test_a_dealt_service_built_with_a_seeded_shuffler_deals_the_same_evening_again() -> None:
    first, again, other = _decks(11), _decks(11), _decks(12)
    assert len(first) >= 2
    assert first == again
    assert first[0] != other[0]


def test_the_service_and_the_app_deal_from_secrets_unless_constructed_with_a_shuffler() -> None:
    service = TournamentService(MemoryEventStore(), FakeClock())
    assert isinstance(DealtService(service).shuffler, SecretsShuffler)
    app = create_app(service, "t" * 24)
    assert isinstance(app.state.dealt.shuffler, SecretsShuffler)
    seeded = SeededShuffler(1)
    app = create_app(service, "t" * 24, dealt_shuffler=seeded)
    assert app.state.dealt.shuffler is seeded
    # The TD's choice over HTTP carries the times only: no field picks a shuffle or a seed.
    assert not {name for name in ChooseDealt.__struct_fields__ if "seed" in name or "shuff" in name}
