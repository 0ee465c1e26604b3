"""The `sabbat` command: the group that gathers the subcommands (`sabbat.cli.commands`) and turns
sabbat's own errors into one line."""

from __future__ import annotations

from typing import Any

import click

from sabbat.core import i18n
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import shown

from .commands import bench, compare, db, info, play, replay, report, serve, simulate, tablelog, tournament


class _Group(click.Group):
    """Turns sabbat's own errors and bad arguments into one line and exit status 2, never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SabbatError as exc:
            raise _Failure(shown(str(exc), 400)) from None
        except click.UsageError as exc:
            raise _Failure(shown(exc.format_message(), 400)) from None


    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:  # `sabbat --lang xx`: one line, not the usage text
            raise _Failure(shown(exc.format_message(), 400)) from None


class _Failure(click.ClickException):
    exit_code = 2


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--lang", type=click.Choice(i18n.LOCALES), default=None, help="Language (default: from the locale).")
@click.version_option(package_name="sabbat", message="sabbat %(version)s")
@click.pass_context
def cli(ctx: click.Context, lang: str | None) -> None:
    """sabbat — play, study and train agents on five tabletop card games."""
    ctx.obj = {"lang": lang or i18n.default_locale()}


for command in (info.list_games, info.rules, info.list_agents, play.play, simulate.simulate, tournament.tournament,
                tournament.merge_results, report.report_cmd, compare.compare, replay.replay_cmd, bench.bench, serve.serve, db.db,
                tablelog.table_log):
    cli.add_command(command)


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
