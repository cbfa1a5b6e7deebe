"""Events (append-only, one row per event, unique per stream and sequence) and snapshots.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("stream_id", sa.String(255), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("type", sa.String(100), nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("recorded_at_ms", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("stream_id", "seq", name="events_stream_seq"),
        sa.CheckConstraint("seq >= 1", name="events_seq_positive"),
    )
    op.create_table(
        "snapshots",
        sa.Column("stream_id", sa.String(255), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
        sa.Column("recorded_at_ms", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("stream_id", "seq", name="snapshots_stream_seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("events")
