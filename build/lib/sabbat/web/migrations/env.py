"""Alembic environment: migrations run on the connection the store hands over."""

from alembic import context

from sabbat.web.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
