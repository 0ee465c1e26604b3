"""`sabbat table-log`: the operator's copy of a table's stored log (its seed and every move).

Why a command and not a download: the log holds the deal, so every hand. The server serves it
to nobody before the game is over (a stopped table included: once repaired it plays on); the
operator, who holds the database anyway, exports it here to replay it on a fixed or older server.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from sabbat.cli.common import lang_option
from sabbat.cli.session import t


@click.command("table-log")
@click.argument("table_id")
@click.option("--db", default=None, envvar="SABBAT_DATABASE", show_envvar=True,
              help="The server's SQLite file or postgresql:// URL (default: sabbat.sqlite3 in the data directory).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the log to this file (default: print it).")
@lang_option
@click.pass_context
def table_log(ctx: click.Context, table_id: str, db: str | None, output: Path | None) -> None:
    """Export a table's stored log, seed included, from the server's database (for its operator)."""
    from sabbat.web.loading import load_all
    from sabbat.web.serve import data_dir
    from sabbat.web.store import Store
    from sabbat.web.table import stored_log
    from sabbat.web.tables import LEVELS

    lang = ctx.obj["lang"]
    store = Store(db or str(data_dir() / "sabbat.sqlite3"))
    try:
        rows = store.load_rows([table_id])
    finally:
        store.close()
    if not rows:
        raise click.ClickException(t("table_log_unknown", lang, table=table_id[:40]))
    built = load_all(rows, lambda: 0.0, LEVELS)[0].get(table_id)  # a row it refuses: its log as stored
    data = built.stopped.log() if built is not None and built.stopped is not None else stored_log(rows[0])
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if output is None:
        click.echo(text)
        return
    output.write_text(text + "\n", encoding="utf-8")
    click.echo(t("table_log_written", lang, path=str(output)))
