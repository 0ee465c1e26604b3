"""`sabbat report`: the balance report of saved results."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sabbat.cli.common import (
    check_writable,
    console,
    lang_option,
    st,
)
from sabbat.core.safeio import shown

if TYPE_CHECKING:
    from sabbat.sim.runner import GameRecord



@click.command("report")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@lang_option
@click.option("--out", type=click.Path(path_type=Path), default=Path("report.html"), show_default=True,
              help="The HTML file to write.")
@click.pass_context
def report_cmd(ctx: click.Context, files: tuple[Path, ...], out: Path) -> None:
    """The balance report of results files (simulate's JSON lines or Parquet, tournament results):
    one HTML file with plots, readable offline. Files of several player counts of one game may be
    given together (the first-player advantage is then shown by player count)."""
    from sabbat.sim.records import read_records
    from sabbat.sim.report import write as write_report

    lang = ctx.obj["lang"]
    check_writable(out, "--out", lang)
    records: list[GameRecord] = []
    try:
        for path in files:
            records += read_records(path)
        write_report(records, out, lang)
    except ValueError as exc:
        raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    console.print(st("wrote_report", lang, path=out))
