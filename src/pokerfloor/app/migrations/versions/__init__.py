"""Alembic revisions of the event store, oldest first."""
