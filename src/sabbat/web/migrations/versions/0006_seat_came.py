"""Each person's seat records that its person came to it, so that a restarted process or one
that took the table over knows it (their clock runs from their turn's start, as it did, and the
stand-in may play for them once they leave), even when they had neither moved nor named the seat.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("came", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("came")
