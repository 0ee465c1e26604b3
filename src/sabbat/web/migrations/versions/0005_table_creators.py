"""Each table in play records the client address that created it (its `fair.client_key`), so
that the per-address caps count it after a restart and in every process of a cluster; the key
is cleared once the table finishes, expires or is stopped.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("creator", sa.String(64), nullable=True))
    op.create_index("tables_creator", "tables", ["creator", "status"])


def downgrade() -> None:
    op.drop_index("tables_creator", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator")
