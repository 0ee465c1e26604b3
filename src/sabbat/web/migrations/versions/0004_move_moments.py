"""Each move of a log records when it was made and the game clocks after it, so that a table
taken over by another process (or a restarted one) goes on with the time its players had left.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("at", sa.Float, nullable=True))
    op.add_column("actions", sa.Column("clocks", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clocks")
        batch.drop_column("at")
