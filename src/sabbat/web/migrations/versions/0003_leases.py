"""Which process owns each table in play: a lease with a fencing token, and the table's lobby row
as its owner last published it.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("lobby", sa.Text, nullable=True),
    )
    op.create_index("leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_index("leases_owner", "leases")
    op.drop_table("leases")
