"""Spectators and hand histories of the dealt tables, over a ``DealtService`` (docs/dealt.md).

The TD's choice (spectators allowed or not, their delay) is a stream of its own,
``dealt/<id>/spectators`` (one ``spectators_set`` event per choice): the dealer's streams are
left as they are. A spectator's table is the table's stream cut ``delay`` ago
(``pokerfloor.dealt.spectators.delayed_events``) and replayed, then seen through the public
view: no hole card before it is shown. The histories read the tables' streams only.

The choice is read once per server and kept; another server's choice reaches it through the
dealt streams this server follows (``DealtService.catch_up`` of ``<id>/spectators``: the bus's
announcement, or the poller), issue 32.
"""

from __future__ import annotations

import threading

import msgspec

from pokerfloor.app.dealt_history import (
    DealtHand,
    PhhFile,
    finished_hands,
    hands_phhs,
    player_hands,
    tournament_seats,
)
from pokerfloor.app.dealt_service import DealtService, dealt_stream_id
from pokerfloor.dealt import DealtTable
from pokerfloor.dealt.spectators import (
    SpectatorPolicy,
    SpectatorsSet,
    check_policy,
    delayed_events,
)
from pokerfloor.dealt.views import TableView, public_view
from pokerfloor.errors import PokerfloorError

__all__ = ["DealtSpectators", "spectators_stream_id"]

_DECODER = msgspec.json.Decoder(SpectatorsSet)
_ENCODER = msgspec.json.Encoder()


def spectators_stream_id(tournament_id: str) -> str:
    return f"{dealt_stream_id(tournament_id)}/spectators"


class _Delayed:
    """A table folded from its stream's first ``applied`` events (a spectator's cut)."""

    def __init__(self) -> None:
        self.table = DealtTable()
        self.applied = 0


class DealtSpectators:
    """The TD's spectator choice per tournament, what a spectator sees, and the histories."""

    def __init__(self, dealt: DealtService) -> None:
        self.dealt = dealt
        self.store = dealt.store
        self._lock = threading.Lock()
        self._policies: dict[str, SpectatorPolicy] = {}
        self._versions: dict[str, int] = {}  # the stream's version of each policy held
        dealt.spectators_followers.append(self)
        self._watched: dict[tuple[str, int], _Delayed] = {}

    # ---- the TD's choice ------------------------------------------------------------------

    def policy(self, tournament_id: str) -> SpectatorPolicy:
        with self._lock:
            known = self._policies.get(tournament_id)
            if known is None:
                stored = self.store.read(spectators_stream_id(tournament_id))
                known = _DECODER.decode(stored[-1].data).policy if stored else SpectatorPolicy()
                self._policies[tournament_id] = known
                self._versions[tournament_id] = stored[-1].seq if stored else 0
            return known

    def held(self) -> list[str]:
        """The tournaments whose setting is held here (followed: ``catch_up``)."""
        with self._lock:
            return list(self._versions)

    def catch_up(self, tournament_id: str, version: int | None = None) -> int:
        """Another server's choice, announced at ``version`` (None: the poller asks): read
        after the version held. A tournament not held here is read at its first use."""
        with self._lock:
            held = self._versions.get(tournament_id)
            if held is None or (version is not None and version <= held):
                return 0
            stored = self.store.read(spectators_stream_id(tournament_id), held)
            if stored:
                self._policies[tournament_id] = _DECODER.decode(stored[-1].data).policy
                self._versions[tournament_id] = stored[-1].seq
            return len(stored)

    def choose(self, tournament_id: str, policy: SpectatorPolicy) -> SpectatorPolicy:
        """Allow or forbid spectators, with their delay (the TD; ``NOT_DEALT`` for a
        tournament played with live cards, ``BAD_SPECTATOR_DELAY`` out of bounds)."""
        check_policy(policy)
        if not self.dealt.is_dealt(tournament_id):
            raise PokerfloorError("NOT_DEALT", {"tournament_id": tournament_id})
        event = SpectatorsSet(policy, self.dealt.clock())
        stream = spectators_stream_id(tournament_id)
        with self._lock:
            version = self.store.append(
                stream, self.store.version(stream), [("spectators_set", _ENCODER.encode(event))]
            )
            self._policies[tournament_id] = policy
            self._versions[tournament_id] = version
        return policy

    def require_allowed(self, tournament_id: str) -> SpectatorPolicy:
        policy = self.policy(tournament_id)
        if not policy.allowed or not self.dealt.is_dealt(tournament_id):
            raise PokerfloorError("SPECTATORS_NOT_ALLOWED", {"tournament_id": tournament_id})
        return policy

    # ---- what a spectator sees ------------------------------------------------------------

    def watched(self, tournament_id: str, table_no: int) -> tuple[TableView, list[DealtHand]]:
        """The table as a spectator sees it now (the public view of its stream as it stood
        ``delay`` ago) and the hands over in that stream (``SPECTATORS_NOT_ALLOWED`` unless
        the TD allows them). The delayed table is kept and moved forward as the cut moves
        (rebuilt when the cut goes back: the TD lengthened the delay)."""
        policy = self.require_allowed(tournament_id)
        events = self.dealt.table(tournament_id, table_no).events
        cut = len(delayed_events(events[: len(events)], self.dealt.clock(), policy))
        key = (tournament_id, table_no)
        with self._lock:
            kept = self._watched.get(key)
            if kept is None or kept.applied > cut:
                kept = _Delayed()
                self._watched[key] = kept
            for event in events[kept.applied : cut]:
                kept.table.apply(event)
            kept.applied = cut
            return public_view(kept.table), finished_hands(table_no, kept.table.events)

    def watched_hands(self, tournament_id: str, table_no: int) -> list[DealtHand]:
        """The finished hands a spectator may read: those over in the delayed stream."""
        return self.watched(tournament_id, table_no)[1]

    # ---- histories ------------------------------------------------------------------------

    def table_hands(self, tournament_id: str, table_no: int) -> list[DealtHand]:
        """Every finished hand of the table (the TD's and the players' histories)."""
        return finished_hands(table_no, list(self.dealt.table(tournament_id, table_no).events))

    def tables_hands(self, tournament_id: str) -> dict[int, list[DealtHand]]:
        """Every finished hand of every table the tournament has had (a table broken keeps its
        stream)."""
        numbers = set(self.dealt.table_numbers(tournament_id))
        prefix = dealt_stream_id(tournament_id) + "/table/"
        numbers |= {
            int(name.removeprefix(prefix))
            for name in self.store.streams(prefix)
            if name.removeprefix(prefix).isdigit()
        }
        return {number: self.table_hands(tournament_id, number) for number in sorted(numbers)}

    def td_phhs(self, tournament_id: str, table_no: int | None = None) -> PhhFile:
        """The TD's ``.phhs``: one table's hands, or the whole tournament's, every card."""
        name = self.dealt.tournaments.read(
            tournament_id, lambda t: t.created.display_name or t.created.tournament_id
        )
        if table_no is not None:
            hands = self.table_hands(tournament_id, table_no)
            return hands_phhs(((hand, "td") for hand in hands), name)
        tables = self.tables_hands(tournament_id)
        return hands_phhs(
            ((hand, "td") for number in sorted(tables) for hand in tables[number]), name
        )

    def player_phhs(self, tournament_id: str, player_id: str) -> PhhFile:
        """A player's own hands: their cards, the cards shown, nobody's mucked hand."""
        return hands_phhs(self.player_hands(tournament_id, player_id))

    def player_hands(self, tournament_id: str, player_id: str) -> list[tuple[DealtHand, str]]:
        seats = tournament_seats(self.store, tournament_id)
        return list(player_hands(self.tables_hands(tournament_id), seats, player_id))
