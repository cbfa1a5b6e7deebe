"""The club: members, cards, the calendar of events, registrations with the waiting list,
sanctions (the ladder for late cancellations and no-shows, conduct bans), seasons and their
standings, the cash book (issue 16; Heavenpoker's rulebook, articles 1-3 and 2.1-2.6).

A pure, event-sourced aggregate like the tournament: ``Club`` (state.py) takes commands, records
events (events.py) and folds them; ``Club.replay(events)`` rebuilds it.
"""

from pokerfloor.club.events import CLUB_EVENT_TYPES, ClubEvent, decode_event, encode_event
from pokerfloor.club.settings import EVENT_KINDS, HEAVENPOKER_CARDS, CardType, ClubSettings
from pokerfloor.club.state import Club

__all__ = [
    "CLUB_EVENT_TYPES",
    "EVENT_KINDS",
    "HEAVENPOKER_CARDS",
    "CardType",
    "Club",
    "ClubEvent",
    "ClubSettings",
    "decode_event",
    "encode_event",
]
