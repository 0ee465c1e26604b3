"""The database's schema revision: brought up to this release's newest at start, refused when it
is newer than this release knows, and stepped back on purpose (`sabbat db downgrade`).

Why a refusal of its own: after an upgrade migrated the database, starting the previous release
again would leave Alembic looking for a revision it has never heard of, and it says so in a long
traceback that names neither release. Said in one line instead, an operator sees which way to go:
the newer release again, or its `downgrade` first, or the backup taken before the upgrade.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from sabbat import __version__
from sabbat.core.extras import needs

from .database import MIGRATIONS, DatabaseUnavailable, database_url, explain


class NewerDatabase(DatabaseUnavailable):
    """The database was migrated by a newer release than this one."""


def config(conn: sa.Connection | None = None) -> Config:
    """Alembic's configuration for sabbat's migrations, run on `conn`."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


def known() -> list[str]:
    """This release's revisions, oldest first."""
    script = ScriptDirectory.from_config(config())
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def current(conn: sa.Connection) -> tuple[str, ...]:
    """The revisions the database is stamped with (none: a new, empty database)."""
    return tuple(MigrationContext.configure(conn).get_current_heads())


def check_not_newer(conn: sa.Connection) -> None:
    """Refuse, in one line naming both sides, a database migrated past what this release knows."""
    revisions = known()
    unknown = [rev for rev in current(conn) if rev not in revisions]
    if unknown:
        raise NewerDatabase(
            f"the database's schema is at revision {', '.join(unknown)}, which a newer release of sabbat wrote; "
            f"this release (sabbat {__version__}) knows revisions up to {revisions[-1]}. Run the newer release, "
            f"or go back as docs/server.md (\"Going back a release\") says: `sabbat db downgrade {revisions[-1]}` "
            f"with the newer release, or restore the backup taken before the upgrade")


def upgrade(conn: sa.Connection) -> None:
    """Bring the schema to this release's newest revision."""
    check_not_newer(conn)
    command.upgrade(config(conn), "head")


def downgrade(conn: sa.Connection, revision: str) -> None:
    """Step the schema back to `revision` (each newer migration's `downgrade`, newest first)."""
    if revision not in known():
        raise DatabaseUnavailable(f"sabbat {__version__} has no schema revision {revision!r}; "
                                  f"it knows {', '.join(known())}")
    check_not_newer(conn)
    command.downgrade(config(conn), revision)


@contextlib.contextmanager
def connected(db: str) -> Iterator[sa.Connection]:
    """A transaction on `db` (a SQLite file that must exist, or a postgresql:// URL), for the
    operator's commands; never creates or migrates anything by itself."""
    url = database_url(db)
    if url.startswith("sqlite:///") and not Path(url[len("sqlite:///"):]).is_file():
        raise DatabaseUnavailable(f"no SQLite database at {url[len('sqlite:///'):]}: name the server's --db")
    try:
        with needs("postgres"):
            engine = sa.create_engine(url, future=True)
        try:
            with engine.begin() as conn:
                yield conn
        finally:
            engine.dispose()
    except sa.exc.SQLAlchemyError as exc:
        raise DatabaseUnavailable(explain(exc, url)) from None
