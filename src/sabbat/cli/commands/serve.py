"""`sabbat serve`: play online."""

from __future__ import annotations

import click

from sabbat import agents
from sabbat.web.limits import AI_SEATS, AI_SEATS_PER_CLIENT, KEEP_S, Limits


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.", envvar="SABBAT_HOST", show_envvar=True)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.", envvar="SABBAT_PORT", show_envvar=True)
@click.option("--db", default=None, help="SQLite file, or a postgresql://user:pass@host/db URL (default: sabbat.sqlite3 in the data directory).", envvar="SABBAT_DATABASE", show_envvar=True)
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Processes that think for AI seats and hints.", envvar="SABBAT_WORKERS", show_envvar=True)
@click.option("--grace", type=click.FloatRange(0, 86400), default=60.0, show_default=True, help="Seconds a disconnected player's turn waits before an AI takes over the seat.", envvar="SABBAT_GRACE", show_envvar=True)
@click.option("--allow-origin", "allow_origins", multiple=True, help="Another web origin allowed to open WebSockets and create or join tables (repeatable; default: same host only).", envvar="SABBAT_ALLOW_ORIGINS", show_envvar=True)
@click.option("--agent", "extra_agents", multiple=True, help="An AI player to offer beside the levels, e.g. hard:1s or policy:FILE (repeatable; only the operator can name one).", envvar="SABBAT_AGENTS", show_envvar=True)
@click.option("--open-expiry", type=click.FloatRange(1, 30 * 86400), default=3600.0, show_default=True, help="Seconds a table may wait with a seat nobody claimed before it expires.", envvar="SABBAT_OPEN_EXPIRY", show_envvar=True)
@click.option("--tables-per-client", type=click.IntRange(1, 100000), default=10, show_default=True, help="Tables one client address may have waiting or in play at once.", envvar="SABBAT_TABLES_PER_CLIENT", show_envvar=True)
@click.option("--allowed-host", "allowed_hosts", multiple=True, help="A name this server is reached by, e.g. play.example.org (repeatable; `*` is any). Requests for other names are refused (DNS rebinding); the loopback names are always allowed, and any address when it listens beyond loopback. See docs/hosting.md.", envvar="SABBAT_ALLOWED_HOSTS", show_envvar=True)
@click.option("--ai-seats-per-client", type=click.IntRange(0, 100000), default=AI_SEATS_PER_CLIENT, show_default=True, help="AI seats one client address's tables may have in play at once.", envvar="SABBAT_AI_SEATS_PER_CLIENT", show_envvar=True)
@click.option("--ai-seats", "ai_seats_total", type=click.IntRange(0, 1000000), default=AI_SEATS, show_default=True, help="AI seats all tables may have in play at once.", envvar="SABBAT_AI_SEATS", show_envvar=True)
@click.option("--proxy", "proxies", multiple=True, help="Address of a reverse proxy in front (repeatable, e.g. 127.0.0.1): its X-Forwarded-For/-Proto headers are believed, and per-client limits are left to it. See docs/hosting.md.", envvar="SABBAT_PROXIES", show_envvar=True)
@click.option("--max-connections", type=click.IntRange(1), default=Limits.max_connections, show_default=True, help="Connections at once, all clients together; past it, new ones are refused.", envvar="SABBAT_MAX_CONNECTIONS", show_envvar=True)
@click.option("--max-per-client", type=click.IntRange(1), default=Limits.per_client, show_default=True, help="Connections at once from one address (not counting --proxy addresses).", envvar="SABBAT_MAX_PER_CLIENT", show_envvar=True)
@click.option("--header-timeout", type=click.FloatRange(0.1, 600), default=Limits.header_timeout_s, show_default=True, help="Seconds a connection has to finish sending a request's headers.", envvar="SABBAT_HEADER_TIMEOUT", show_envvar=True)
@click.option("--body-timeout", type=click.FloatRange(0.1, 3600), default=Limits.body_timeout_s, show_default=True, help="Seconds a request has to finish sending its body.", envvar="SABBAT_BODY_TIMEOUT", show_envvar=True)
@click.option("--address-share", type=click.FloatRange(1, 1e6), default=Limits.address_rate, show_default=True, help="Units of work a second one client address may spend, all its connections and requests together (a WebSocket message is one); past it, its next request waits. See docs/server.md.", envvar="SABBAT_ADDRESS_SHARE", show_envvar=True)
@click.option("--ipv6-prefix", type=click.IntRange(8, 128), default=Limits.ipv6_prefix, show_default=True, help="Bits of an IPv6 address that name one client: every address in that network counts as one for the per-address limits (the prefix an ISP hands one subscriber).", envvar="SABBAT_IPV6_PREFIX", show_envvar=True)
@click.option("--access-log", is_flag=True, help="Log every request with the client's address.", envvar="SABBAT_ACCESS_LOG", show_envvar=True)
@click.option("--keep-finished", type=click.FloatRange(0, 30 * 86400), default=KEEP_S, show_default=True, envvar="SABBAT_KEEP_FINISHED", show_envvar=True, help="Seconds a finished table stays in memory after the last time someone asked for it (it is loaded again from the database when asked for).")
@click.option("--metrics-token", default=None, envvar="SABBAT_METRICS_TOKEN", show_envvar=True, help="A secret that lets whoever sends it (Authorization: Bearer TOKEN) read /metrics; without it only this machine's loopback may. Prefer the environment variable.")
def serve(host: str, port: int, db: str | None, workers: int, grace: float, allow_origins: tuple[str, ...],
          extra_agents: tuple[str, ...], open_expiry: float, tables_per_client: int, ai_seats_per_client: int,
          ai_seats_total: int, proxies: tuple[str, ...],
          max_connections: int, max_per_client: int, header_timeout: float, body_timeout: float,
          address_share: float, access_log: bool, keep_finished: float, metrics_token: str | None,
          allowed_hosts: tuple[str, ...], ipv6_prefix: int) -> None:
    """Play online: tables over HTTP and WebSocket, the browser client at /.

    Every option can also be set by the environment variable shown with it (SABBAT_DATABASE for
    --db, ...), so no password needs to be on a command line or in a unit file; a flag given on
    the command line wins. A repeatable option's variable holds its values separated by spaces."""
    from sabbat.web.serve import run

    for name in extra_agents:
        if name.partition(":")[0].strip().lower() not in agents.names():
            raise click.BadParameter(f"unknown agent {name!r}; see `sabbat agents`", param_hint="--agent")
    limits = Limits(header_timeout_s=header_timeout, body_timeout_s=body_timeout, max_connections=max_connections,
                    per_client=max_per_client, address_rate=address_share, proxies=proxies,
                    ipv6_prefix=ipv6_prefix)
    run(host, port, db, workers, grace, allow_origins, tuple(n.strip() for n in extra_agents),
        lobby={"open_expiry_s": open_expiry, "tables_per_client": tables_per_client,
               "ai_seats_per_client": ai_seats_per_client, "ai_seats_total": ai_seats_total}, limits=limits,
        access_log=access_log, keep_finished_s=keep_finished, metrics_token=metrics_token or None,
        allowed_hosts=allowed_hosts)
