"""`sabbat games`, `rules` and `agents`: what there is to play and to play against."""

from __future__ import annotations

from typing import Any

import click
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from sabbat import agents, games
from sabbat.cli.common import (
    console,
    lang_option,
)
from sabbat.cli.session import t
from sabbat.core import i18n
from sabbat.core.errors import SabbatError


@click.command("games")
@click.argument("game", required=False)
@lang_option
@click.pass_context
def list_games(ctx: click.Context, game: str | None) -> None:
    """The games, their player counts and status; with GAME, that game's options."""
    lang = ctx.obj["lang"]
    if game is not None:
        _show_game_options(games.get(game), lang)
        return
    table = Table(title="sabbat")
    for col in ("game", "title", "players", "status", "rules"):
        table.add_column(col)
    for name in games.names():
        info = games.get(name).info
        table.add_row(
            info.cli_name,
            info.title.get(lang, info.title["en"]),
            f"{info.min_players}–{info.max_players}",
            info.status.value,
            info.rules_version,
        )
    console.print(table)


def _show_game_options(g: Any, lang: str) -> None:
    info = g.info
    console.print(f"[bold]{escape(info.title.get(lang, info.title['en']))}[/] ({info.cli_name}), "
                  + t("players_range", lang, low=info.min_players, high=info.max_players))
    table = Table(title=t("options_title", lang, game=info.cli_name))
    for key in ("option", "values", "default", "meaning"):
        table.add_column(t(f"col_{key}", lang))
    for name, opt in sorted(info.options.items()):
        default = opt.default
        shown_default = str(default).lower() if isinstance(default, bool) else str(default)
        meaning = (opt.help_ja or opt.help) if lang == "ja" else opt.help
        allowed = opt.allowed()
        if opt.kind == "int":
            low = "" if opt.minimum is None else opt.minimum
            high = "" if opt.maximum is None else opt.maximum
            allowed = t("int_values", lang, low=low, high=high)
        table.add_row(name, allowed, shown_default, meaning)
    if g.has_card_file:
        table.add_row("cards", t("cards_values", lang), t("cards_default", lang), t("cards_help", lang))
    console.print(table, markup=False)
    console.print(t("options_usage", lang, game=info.cli_name))


@click.command()
@click.argument("game")
@lang_option
@click.pass_context
def rules(ctx: click.Context, game: str) -> None:
    """Print GAME's rules summary (in the chosen language, else English)."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    text = g.rules_text(lang)
    if text is None:
        raise SabbatError(t("no_rules", lang, game=g.info.cli_name))
    console.print(Markdown(text))


@click.command("agents")
@lang_option
@click.pass_context
def list_agents(ctx: click.Context) -> None:
    """The AI players: levels and agents, and what each costs a move."""
    lang = ctx.obj["lang"]
    table = Table(title=t("agents_title", lang))
    for key in ("agent", "kind", "cost"):
        table.add_column(t(f"col_{key}", lang))
    for name in agents.names():
        kind = t(f"agent.{name}.kind", lang) if i18n.has(f"cli.agent.{name}.kind", "en") else ""
        cost = t(f"agent.{name}.cost", lang) if i18n.has(f"cli.agent.{name}.cost", "en") else ""
        table.add_row(name, kind, cost)
    console.print(table, markup=False)
    console.print(t("agents_usage", lang))
