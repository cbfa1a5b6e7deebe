"""The application's refusals (pokerfloor.app, the command line): the event store busy, full,
closed or failing (nothing recorded), a damaged tournament, an imported log, a command the
service cannot run.
The format, and how a code is added: ``pokerfloor.messages``.
"""

from __future__ import annotations

from pokerfloor.messages._marks import N_, Message

# Each placeholder is one of the refusal's ``params``.
MESSAGES: dict[str, tuple[Message, ...]] = {
    "BAD_HAND_TIME": (
        N_("A hand starts after the tournament was created and before it is reported."),
    ),
    "COMMAND_NOT_APPLICABLE": (
        N_("The command “%(command)s” cannot be applied to the tournament as it is."),
    ),
    "DATABASE_IN_USE": (
        N_(
            "Another pokerfloor server is already using the database %(database)s: stop it first, "
            "or use another database.",
        ),
    ),
    "DATABASE_UNREADABLE": (N_("Cannot open the database %(database)s."),),
    "HAND_NUMBER_MISMATCH": (
        N_("Table %(table_no)s plays hand %(expected)s, not hand %(reported)s."),
    ),
    "INVALID_EVENT": (N_("The event type %(type)s is not accepted."),),
    "INVALID_SNAPSHOT": (N_("The snapshot of %(stream_id)s is not accepted."),),
    "INVALID_STREAM_ID": (N_("The stream id %(stream_id)s is not accepted."),),
    "INVALID_VERSION": (N_("%(name)s = %(value)s is not accepted: a whole number, 0 or more."),),
    "PAYOUTS_BELOW_POOL": (
        N_(
            "The payouts add up to %(payouts)s, %(unpaid)s less than the prize pool of "
            "%(prize_pool_cents)s: confirm that this amount stays unpaid.",
        ),
    ),
    "PAYOUTS_EXCEED_POOL": (
        N_("The payouts add up to %(payouts)s, more than the prize pool of %(prize_pool_cents)s."),
    ),
    "POSITIONS_MISMATCH": (
        N_(
            "Table %(table_no)s: %(field)s of this hand is at seat %(expected)s (dead button "
            "rules).",
        ),
        N_("The button or the blinds are not where the rules put them."),
    ),
    "SCENARIO_INVALID": (
        N_("%(field)s: this scenario field is not accepted."),
        N_("The scenario cannot be read."),
    ),
    "SNAPSHOT_AHEAD_OF_STREAM": (
        N_("A snapshot at event %(seq)s is ahead of the stream, which is at %(version)s."),
    ),
    "STORE_BUSY": (
        N_(
            "The database is busy (another program is writing to it): nothing was recorded; try "
            "again in a moment.",
        ),
    ),
    "STORE_CLOSED": (N_("The event store is closed."),),
    "STORE_FULL": (
        N_(
            "The database is full (no space left on its disk): nothing was recorded; free some "
            "disk space, then try again.",
        ),
    ),
    "STORE_UNAVAILABLE": (
        N_(
            "The database cannot be written (its disk or its file is failing or read-only): "
            "nothing was recorded; check the disk, then try again.",
        ),
    ),
    "TOURNAMENT_DAMAGED": (
        N_(
            "The records of tournament %(tournament_id)s are damaged from event %(seq)s on: it "
            "cannot be opened; the other tournaments are not affected.",
        ),
    ),
    "TOURNAMENT_EXISTS": (N_("A tournament with the id “%(tournament_id)s” already exists."),),
    "TOURNAMENT_ID_MISMATCH": (
        N_(
            "The command creates the tournament “%(command)s”, not “%(tournament_id)s”, the one "
            "addressed.",
        ),
    ),
    "TOURNAMENT_NOT_FOUND": (N_("There is no tournament “%(tournament_id)s”."),),
    "UNKNOWN_PROFILE": (N_("There is no rule profile “%(profile)s”: use one of %(accepted)s."),),
    "UNSUPPORTED_DATABASE": (
        N_("Unsupported database “%(backend)s”: use a SQLite file or a postgresql+psycopg:// URL."),
    ),
    "VERSION_CONFLICT": (N_("Someone else changed the tournament at the same time: try again."),),
}
