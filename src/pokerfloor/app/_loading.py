"""Loading one tournament from the store, and what happens when its stored data is broken.

The latest snapshot plus the later events is the fast way; when the snapshot is unusable (it
cannot be decoded, or the later events do not apply to it) a warning is logged and the whole
log is replayed instead: a snapshot is only a shortcut, the events are the truth. When the
events themselves cannot be read or replayed, the tournament is *damaged*:
``TournamentDamaged`` (code ``TOURNAMENT_DAMAGED``) names the first bad event, and the service
keeps every other tournament working (docs/store.md).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import msgspec

from pokerfloor.app.ports import EventStore, StoredEvent
from pokerfloor.errors import PokerfloorError
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.tournament.state import Tournament

__all__ = ["Loaded", "TournamentDamaged", "load_tournament"]

log = logging.getLogger("pokerfloor.app.service")

_DECODER = msgspec.json.Decoder(TournamentEvent)


class TournamentDamaged(PokerfloorError):
    """The stored log of a tournament cannot be read or replayed: ``params`` give the
    ``tournament_id``, the ``seq`` of the first bad event and the ``problem``
    (``unreadable_event`` or ``replay_failed``); ``reason`` is a short English sentence."""

    def __init__(self, tournament_id: str, seq: int, problem: str, reason: str) -> None:
        super().__init__(
            "TOURNAMENT_DAMAGED",
            f"tournament {tournament_id!r} is damaged and cannot be opened: {reason}; "
            "the other tournaments are not affected",
            {"tournament_id": tournament_id, "seq": seq, "problem": problem, "reason": reason},
        )
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Loaded:
    tournament: Tournament
    version: int  # the last event folded in
    snapshot_version: int  # the snapshot it started from (0: none, or one found unusable)


def load_tournament(store: EventStore, tournament_id: str, stream: str) -> Loaded | None:
    """The tournament as of its last stored event; None when the stream has no event."""
    snapshot = store.load_snapshot(stream)
    if snapshot is not None:
        later = store.read(stream, snapshot.seq)
        events = _decode(tournament_id, later)
        try:
            tournament = Tournament.from_snapshot(snapshot.data)
            for event in events:
                tournament.apply_stored(event)
        except Exception as error:
            log.warning(
                "the snapshot of %r at event %d is unusable (%s: %s): replaying the whole log",
                tournament_id,
                snapshot.seq,
                type(error).__name__,
                error,
            )
        else:
            version = later[-1].seq if later else snapshot.seq
            return Loaded(tournament, version, snapshot.seq)
    stored = store.read(stream)
    if not stored:
        return None
    tournament = _replay(tournament_id, stored, _decode(tournament_id, stored))
    # snapshot_version 0 after a bad snapshot: the next command saves a good one over it.
    return Loaded(tournament, stored[-1].seq, 0)


def _decode(tournament_id: str, stored: list[StoredEvent]) -> list[TournamentEvent]:
    events: list[TournamentEvent] = []
    for item in stored:
        try:
            events.append(_DECODER.decode(item.data))
        except msgspec.DecodeError as error:
            raise _damaged(
                tournament_id, item.seq, "unreadable_event", f"event {item.seq} cannot be read"
            ) from error
    return events


def _replay(
    tournament_id: str, stored: list[StoredEvent], events: list[TournamentEvent]
) -> Tournament:
    seq = stored[0].seq
    try:
        tournament = Tournament.replay(events[:1])
        for item, event in zip(stored[1:], events[1:], strict=True):
            seq = item.seq
            tournament.apply_stored(event)
    except Exception as error:
        raise _damaged(
            tournament_id, seq, "replay_failed", f"the replay fails at event {seq}"
        ) from error
    return tournament


def _damaged(tournament_id: str, seq: int, problem: str, reason: str) -> TournamentDamaged:
    damage = TournamentDamaged(tournament_id, seq, problem, reason)
    log.error("%s", damage.message, exc_info=True)
    return damage
