"""Which database `--db` names, and what to tell an operator when it cannot be used: shared by the
store and the schema's migrations, so that neither imports the other."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa

from sabbat.core import SabbatError

MIGRATIONS = Path(__file__).parent / "migrations"


class DatabaseUnavailable(SabbatError):
    """The database `--db` names cannot be used; the message says what to fix, on one line."""


URL_FORM = "a SQLite file path or postgresql://USER:PASSWORD@HOST[:PORT]/DATABASE"


def explain(exc: Exception, url: str) -> str:
    """One line for an operator: what is wrong with the database and what to change. Never
    shows the password (the URL is shown without it; the driver's messages never hold it)."""
    try:
        parsed = sa.engine.make_url(url)
        shown_url = parsed.render_as_string(hide_password=True).replace("postgresql+psycopg://", "postgresql://", 1)
        user, name = parsed.username or "(none)", parsed.database or "(none)"
    except (sa.exc.ArgumentError, ValueError):
        return f"--db is not {URL_FORM}"
    if isinstance(exc, ValueError | sa.exc.ArgumentError):
        return f"--db {shown_url} is not {URL_FORM}: {_first_line(exc)}"
    why = _first_line(getattr(exc, "orig", None) or exc)
    if "password authentication failed" in why or ("role" in why and "does not exist" in why):
        return (f"PostgreSQL refused user {user} ({shown_url}): check the user and password in --db, or create "
                f"the role as docs/server.md shows")
    if "database" in why and "does not exist" in why:
        return (f"PostgreSQL has no database {name} ({shown_url}): create it owned by {user} "
                f"(createdb --owner={user} {name}) or fix its name in --db")
    if "permission denied" in why:
        return (f"user {user} may not create the tables in database {name}: make {user} the database's owner "
                f"(ALTER DATABASE {name} OWNER TO {user}), as docs/server.md shows")
    if parsed.get_backend_name() == "sqlite":
        return f"cannot use the SQLite file {parsed.database}: {why}"
    return f"cannot reach PostgreSQL at {shown_url}: is it running, and are the host and port in --db right? ({why})"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    line = next((part for part in text.splitlines() if "FATAL:" in part), text.splitlines()[0] if text else "")
    line = line.split("FATAL:", 1)[-1].strip()
    return line or type(exc).__name__


def database_url(db: str) -> str:
    """A SQLAlchemy URL for `--db`: a postgresql:// URL as given (psycopg 3), else a SQLite file path."""
    if db.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        rest = db.split("://", 1)[1]
        return "postgresql+psycopg://" + rest
    if db.startswith("sqlite:"):
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())
