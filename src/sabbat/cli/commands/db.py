"""`sabbat db`: the operator's hands on the server's database (backup, schema revision, rollback)."""

from __future__ import annotations

from pathlib import Path

import click

DB_OPTION = click.option("--db", default=None, envvar="SABBAT_DATABASE", show_envvar=True,
                         help="SQLite file, or a postgresql://user:pass@host/db URL (default: the one `sabbat serve` uses).")


def _database(db: str | None) -> str:
    from sabbat.web.serve import data_dir

    return db or str(data_dir() / "sabbat.sqlite3")


@click.group()
def db() -> None:
    """The server's database: back it up, see its schema revision, step it back for an older release."""


@db.command()
@click.argument("dest", type=click.Path(dir_okay=False, path_type=Path))
@DB_OPTION
def backup(dest: Path, db: str | None) -> None:
    """Copy the database to DEST while the server runs, every committed move included
    (SQLite's online backup; pg_dump for PostgreSQL). Restore by putting the file in place of
    the database (or pg_restore) while the server is stopped; see docs/server.md."""
    from sabbat.web.backup import backup as take

    click.echo(take(_database(db), dest))


@db.command()
@DB_OPTION
def revision(db: str | None) -> None:
    """The database's schema revision, and the newest this release knows."""
    from sabbat.web import schema

    with schema.connected(_database(db)) as conn:
        stamped = ", ".join(schema.current(conn)) or "none (empty)"
    click.echo(f"database: {stamped}; this release: {schema.known()[-1]}")


@db.command()
@click.argument("target")
@DB_OPTION
def downgrade(target: str, db: str | None) -> None:
    """Step the schema back to revision TARGET (the revision the older release knows), with the
    release that migrated it, while no server runs; tables and moves are kept."""
    from sabbat.web import schema

    with schema.connected(_database(db)) as conn:
        schema.downgrade(conn, target)
    click.echo(f"the database's schema is at revision {target}")
