"""`sabbat serve`: play online."""

from __future__ import annotations

import click

from sabbat import agents


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--db", default=None, help="SQLite file, or a postgresql://user:pass@host/db URL (default: sabbat.sqlite3 in the data directory).")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes that think for AI seats and hints.")
@click.option("--grace", type=click.FloatRange(0, 86400), default=60.0, show_default=True, help="Seconds a disconnected player's turn waits before an AI takes over the seat.")
@click.option("--allow-origin", "allow_origins", multiple=True, help="Another web origin allowed to open WebSockets and create or join tables (repeatable; default: same host only).")
@click.option("--agent", "extra_agents", multiple=True, help="An AI player to offer beside the levels, e.g. hard:1s or policy:FILE (repeatable; only the operator can name one).")
def serve(host: str, port: int, db: str | None, workers: int, grace: float, allow_origins: tuple[str, ...],
          extra_agents: tuple[str, ...]) -> None:
    """Play online: tables over HTTP and WebSocket, the browser client at /."""
    from sabbat.web.serve import run

    for name in extra_agents:
        if name.partition(":")[0].strip().lower() not in agents.names():
            raise click.BadParameter(f"unknown agent {name!r}; see `sabbat agents`", param_hint="--agent")
    run(host, port, db, workers, grace, allow_origins, tuple(n.strip() for n in extra_agents))
